/* check_read_donjon.c: --input reads donjon's dungeon exports. The test's
 * own fixtures (tests/data/donjon/): a vault with every door kind, stairs,
 * corridor features, details and wandering monsters, read field by field;
 * the same vault written with other cell_bit values and a bleed, which
 * must give the same map (the bits are read from the file); the vault with
 * details under odd keys (empty, blank, one letter) and an empty one; a
 * cave whose rooms open straight onto its passages. Every output works on the map, the
 * JSON written reads back to the same bytes, and the handout hides the
 * secret marks. (The broken files of tests/bad-input/donjon/ are run by
 * check_bad_map_files.) */
#include "testrun.h"
#include "testutil.h"

#include "model/handout.h"
#include "read/read_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/read_donjon"
#define VAULT "tests/data/donjon/vault.json"

/* Reads path into rd, the warnings into *warnings (malloc'd). */
static void read_ok(const char *path, struct read_json_doc *rd, char **warnings)
{
	size_t len;
	FILE *w = open_memstream(warnings, &len);
	ck_assert_ptr_nonnull(w);
	struct log log = { NULL, w, 0 };
	struct err e = { ERR_NONE, "" };
	int rc = read_map_file(path, INPUT_AUTO, rd, &log, &e);
	fclose(w);
	ck_assert_msg(rc == 0, "%s: %s", path, e.msg);
}

static int count_doors(const struct map *m, enum door_kind kind)
{
	int n = 0;
	for (int i = 0; i < m->ndoors; i++)
		n += m->doors[i].kind == kind;
	return n;
}

static int has_line(const struct key_entry *en, const char *text)
{
	for (int i = 0; i < en->nlines; i++)
		if (strcmp(en->lines[i], text) == 0)
			return 1;
	return 0;
}

START_TEST(test_vault_fields)
{
	struct read_json_doc rd;
	char *warnings;
	read_ok(VAULT, &rd, &warnings);
	ck_assert_str_eq(rd.title, "The Test Vault");
	ck_assert_int_eq(rd.nlevels, 1);
	const struct map *m = &rd.levels[0].map;
	const struct key *k = &rd.levels[0].key;
	/* the grid less the empty border: a cell of rock kept around the floor */
	ck_assert_int_eq(m->w, 12);
	ck_assert_int_eq(m->h, 10);
	ck_assert_int_eq(m->square_feet, 10);
	ck_assert_ptr_null(m->method);
	/* rooms 1 to 4 by their donjon ids, at their cells */
	for (int id = 1; id <= 4; id++) {
		ck_assert_int_eq(m->regions[id].kind, REGION_ROOM);
		ck_assert_int_eq(m->regions[id].number, id);
	}
	ck_assert_int_eq(map_at(m, 1, 3), 1);
	ck_assert_int_eq(map_at(m, 7, 5), 2);
	ck_assert_int_eq(map_at(m, 3, 8), 3);
	ck_assert_int_eq(map_at(m, 5, 7), 4);
	ck_assert_int_eq(map_at(m, 0, 0), 0);
	/* the locked door's cell joins the corridor beyond; the door is on its edge toward room 2 */
	ck_assert_int_eq(map_at(m, 8, 4), map_at(m, 9, 4));
	ck_assert_int_eq(m->regions[map_at(m, 8, 4)].kind, REGION_CORRIDOR);
	int locked = map_find_door(m, 8, 4, SIDE_W);
	ck_assert_int_ge(locked, 0);
	ck_assert_int_eq(m->doors[locked].kind, DOOR_LOCKED);
	ck_assert_int_eq(m->doors[locked].lock, -1);
	/* the arch between rooms 1 and 2 is a passage of its own, open on both edges */
	int arch = map_at(m, 4, 4);
	ck_assert_int_eq(m->regions[arch].kind, REGION_CORRIDOR);
	ck_assert_int_eq(m->regions[arch].area, 1);
	ck_assert_int_eq(m->doors[map_find_door(m, 4, 4, SIDE_W)].kind, DOOR_OPENING);
	ck_assert_int_eq(m->doors[map_find_door(m, 4, 4, SIDE_E)].kind, DOOR_OPENING);
	/* the kinds: door 1 + trapped 2 edges plain, secret 2, arch 2, locked 1, portcullis 1 */
	ck_assert_int_eq(count_doors(m, DOOR_PLAIN), 3);
	ck_assert_int_eq(count_doors(m, DOOR_SECRET), 2);
	ck_assert_int_eq(count_doors(m, DOOR_OPENING), 2);
	ck_assert_int_eq(count_doors(m, DOOR_LOCKED), 1);
	ck_assert_int_eq(count_doors(m, DOOR_PORTCULLIS), 1);
	ck_assert_int_eq(m->doors[map_find_door(m, 2, 6, SIDE_N)].kind, DOOR_SECRET);
	ck_assert_int_eq(m->doors[map_find_door(m, 8, 8, SIDE_W)].kind, DOOR_PORTCULLIS);
	/* stairs down, the way in from the egress */
	ck_assert_int_eq(m->nstairs, 1);
	ck_assert_int_eq(m->stairs[0].x, 10);
	ck_assert_int_eq(m->stairs[0].y, 7);
	ck_assert_int_eq(m->stairs[0].dir, STAIR_DOWN);
	ck_assert(m->entrance.set && m->entrance.x == 2 && m->entrance.y == 1 && m->entrance.side == SIDE_N);
	/* the features: A once (a trap: secret), B in two places */
	ck_assert_int_eq(m->nmarks, 3);
	ck_assert_str_eq(m->marks[0].label, "A");
	ck_assert(m->marks[0].x == 10 && m->marks[0].y == 5 && m->marks[0].secret);
	ck_assert_str_eq(m->marks[0].text, "Net Trap (DC 14 to find; restrains).");
	ck_assert_str_eq(m->marks[1].label, "B");
	ck_assert_str_eq(m->marks[2].label, "B");
	ck_assert(!m->marks[1].secret && m->marks[2].x == 9 && m->marks[2].y == 8);
	ck_assert_str_eq(m->marks[1].text, "A faint smell of sulphur.");
	/* the key: contents, detail, doors */
	ck_assert_int_eq(k->n, 4);
	ck_assert_str_eq(k->entries[0].contents_kind, "monster");
	ck_assert(has_line(&k->entries[0], "A cold hearth fills the north wall."));
	ck_assert(has_line(&k->entries[0], "2 x Goblin (cr 1/4); easy, 100 xp."));
	ck_assert(has_line(&k->entries[0], "Treasure: 12 gp."));
	ck_assert(!has_line(&k->entries[0], "2 x Goblin."));
	ck_assert(has_line(&k->entries[0], "South door to room 3: Secret Stone Door (DC 15 to find)."));
	ck_assert(has_line(&k->entries[0], "Its secret: A loose stone opens it."));
	ck_assert_ptr_nonnull(strstr(k->entries[0].exits, "secret door, corridor to a secret door into room 3"));
	ck_assert_str_eq(k->entries[1].contents_kind, "empty");
	ck_assert(has_line(&k->entries[1], "Empty."));
	ck_assert(has_line(&k->entries[1], "Its trap: Scything Blade: DC 15 to find."));
	ck_assert_ptr_nonnull(strstr(k->entries[1].exits, "East: locked door, corridor to a portcullis into room 4."));
	ck_assert(has_line(&k->entries[2], "Trap: Pit Trap: DC 12 to find, 2d6 falling damage."));
	ck_assert(has_line(&k->entries[3], "Hidden treasure: A silver ring under a flagstone (DC 15 to find)."));
	/* the way in lies in the corridor north of room 1: room 1 says so */
	ck_assert(has_line(&k->entries[0], "The way in: from the outside, through the corridor north of this room."));
	/* details as notes, the wandering table */
	ck_assert_int_eq(k->nfooter, 2);
	ck_assert_str_eq(k->footer[0], "Floor: Smooth Stone. Walls: Masonry. Temperature: Cold. Illumination: Dark.");
	ck_assert_ptr_nonnull(strstr(k->footer[1], "The vault was dug by dwarves"));
	ck_assert_int_eq(k->nwandering, 3);
	ck_assert_str_eq(k->wandering_die, "d3");
	ck_assert_str_eq(k->wandering[0], "1. 3 x Giant Rat, hungry.");
	ck_assert_str_eq(k->wandering[2], "3. A lost miner.");
	/* the trapped door, drawn as a plain one, is warned of once with its count */
	ck_assert_ptr_nonnull(strstr(warnings, "1 trapped door drawn as plain door"));
	ck_assert_ptr_null(strstr(strstr(warnings, "trapped") + 1, "trapped door drawn"));
	/* the players' view: no trap mark, nothing behind the secret doors */
	struct map view;
	struct err e = { ERR_NONE, "" };
	ck_assert_int_eq(handout_map(&view, m, 0, 0, &e), 0);
	ck_assert_int_eq(view.nmarks, 2);
	for (int i = 0; i < view.nmarks; i++)
		ck_assert_str_eq(view.marks[i].label, "B");
	ck_assert_int_eq(map_at(&view, 2, 8), 0);
	map_free(&view);
	free(warnings);
	read_json_doc_free(&rd);
}
END_TEST

/* A detail under an empty or blank key is its text alone, a one-letter key
 * a heading of one capital, an empty text no note at all (the empty key
 * once read past the end of its name). */
START_TEST(test_details_odd_keys)
{
	struct read_json_doc rd;
	char *warnings;
	read_ok("tests/data/donjon/vault-odd-details.json", &rd, &warnings);
	const struct key *k = &rd.levels[0].key;
	ck_assert_int_eq(k->nfooter, 2);
	ck_assert_str_eq(k->footer[0], "Floor: Smooth Stone. The vault was dug by dwarves to keep their dead. Robbers "
			 "broke in long ago and never left.");
	ck_assert_str_eq(k->footer[1], "Bones crunch underfoot. X: Marks the spot. A draft from the north. H: y.");
	free(warnings);
	read_json_doc_free(&rd);
}
END_TEST

/* The file's text with its "command" line taken out. */
static char *without_command(const char *path)
{
	size_t len;
	char *t = test_slurp(path, &len);
	ck_assert_ptr_nonnull(t);
	char *c = strstr(t, "\n  \"command\": ");
	ck_assert_ptr_nonnull(c);
	char *end = strchr(c + 1, '\n');
	memmove(c, end, strlen(end) + 1);
	return t;
}

START_TEST(test_bits_read_from_file)
{
	/* other bit values, a room_id mask elsewhere and a bleed of 2: the same map */
	ck_assert_int_eq(test_run("-q -i " VAULT " -o " DIR "/usual.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i tests/data/donjon/vault-oddbits.json -o " DIR "/odd.json", NULL, NULL), 0);
	char *a = without_command(DIR "/usual.json"), *b = without_command(DIR "/odd.json");
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
}
END_TEST

START_TEST(test_cave_open_floor)
{
	struct read_json_doc rd;
	char *warnings;
	read_ok("tests/data/donjon/cave.json", &rd, &warnings);
	const struct map *m = &rd.levels[0].map;
	/* no doors in a cave: a room square beside a passage square is open to it */
	ck_assert_int_eq(count_doors(m, DOOR_OPENING), m->ndoors);
	int d = map_find_door(m, 2, 1, SIDE_E);
	ck_assert_int_ge(d, 0);
	ck_assert_int_eq(m->regions[map_at(m, 3, 1)].kind, REGION_CORRIDOR);
	ck_assert_int_lt(map_find_door(m, 4, 1, SIDE_S), 0);   /* corridor to corridor: one region */
	ck_assert_ptr_nonnull(strstr(warnings, "no egress and no stairs up"));
	ck_assert(m->entrance.set && map_at(m, m->entrance.x, m->entrance.y) == 1);
	free(warnings);
	read_json_doc_free(&rd);
}
END_TEST

START_TEST(test_every_output)
{
	static const char *const outs[] = { "sheet.pdf", "sheet.svg", "sheet.png", "key.md", "key.txt", "map.dd2vtt" };
	char args[256], path[128];
	for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
		snprintf(path, sizeof path, DIR "/%s", outs[i]);
		snprintf(args, sizeof args, "-q -i " VAULT " -o %s", path);
		ck_assert_msg(test_run(args, NULL, NULL) == 0, "%s", outs[i]);
		struct stat st;
		ck_assert_msg(stat(path, &st) == 0 && st.st_size > 100, "%s", outs[i]);
	}
	ck_assert_int_eq(test_run("-q -i " VAULT " --player -o " DIR "/handout.pdf", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " VAULT " --player -o " DIR "/handout.svg", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " VAULT " --one-page -o " DIR "/one.pdf", NULL, NULL), 0);
	/* both PDF writers: the booklet's (libharu) and Cairo's */
	ck_assert_int_eq(test_run("-q -i " VAULT " --format pdf -o " DIR "/booklet.pdf", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " VAULT " --format pdf-cairo -o " DIR "/cairo.pdf", NULL, NULL), 0);
	/* the marks' section in the keys */
	size_t len;
	char *md = test_slurp(DIR "/key.md", &len), *txt = test_slurp(DIR "/key.txt", &len);
	ck_assert_ptr_nonnull(strstr(md, "### Marks\n\n- **A**: Net Trap (DC 14 to find; restrains).\n- **B**: A faint"));
	ck_assert_ptr_nonnull(strstr(txt, "\nMarks\n   A: Net Trap (DC 14 to find; restrains).\n   B: A faint"));
	free(md);
	free(txt);
	/* the JSON written reads back to the same bytes */
	ck_assert_int_eq(test_run("-q -i " VAULT " -o " DIR "/first.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/first.json -o " DIR "/again.json", NULL, NULL), 0);
	char *a = without_command(DIR "/first.json"), *b = without_command(DIR "/again.json");
	ck_assert_str_eq(a, b);
	ck_assert_ptr_nonnull(strstr(a, "\"marks\": [\n        {\"x\": 10, \"y\": 5, \"label\": \"A\", \"secret\": true"));
	free(a);
	free(b);
}
END_TEST

static Suite *read_donjon_suite(void)
{
	Suite *s = suite_create("read_donjon");
	TCase *tc = tcase_create("read_donjon");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_vault_fields);
	tcase_add_test(tc, test_bits_read_from_file);
	tcase_add_test(tc, test_details_odd_keys);
	tcase_add_test(tc, test_cave_open_floor);
	tcase_add_test(tc, test_every_output);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(read_donjon_suite)
