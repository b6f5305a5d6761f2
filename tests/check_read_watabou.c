/* check_read_watabou.c: --input reads a One Page Dungeon export. The
 * fixture tests/data/watabou/crypt.json (written for these tests: every
 * door type, a rotunda, columns, water, notes whose refs number the rooms)
 * is read and checked field by field; the door types mapsheet has no kind
 * for are warned of, one warning a type with its count; every output
 * format works on it; and its JSON reads back to the same bytes. Shapes
 * the generator writes that mapsheet draws with a change (fixtures made
 * here: a stairwell inside one corridor, two rooms sharing a square, a door
 * to nothing, two doors on a square) are read with one warning each. A way
 * in that lies in a corridor is named in the nearest room's key. (The
 * broken exports in tests/bad-input/watabou/ are run by check_bad_map_files.) */
#include "testrun.h"
#include "testutil.h"

#include "read/read_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/read_watabou"
#define CRYPT "tests/data/watabou/crypt.json"
/* the fixture's coordinates run from x -4 and y -9: moved 2 squares in */
#define GX(x) ((x) + 6)
#define GY(y) ((y) + 11)

static void read_crypt(struct read_json_doc *rd, struct log *log)
{
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_file(CRYPT, INPUT_AUTO, rd, log, &e) == 0, "%s", e.msg);
}

static const struct region *region_at(const struct map *m, int x, int y)
{
	int id = map_at(m, GX(x), GY(y));
	ck_assert_msg(id > 0, "(%d, %d) is rock", x, y);
	return &m->regions[id];
}

/* The door on the edge on side s of the export's square (x, y). */
static enum door_kind door_kind_at(const struct map *m, int x, int y, enum side s)
{
	int i = map_find_door(m, GX(x), GY(y), s);
	ck_assert_msg(i >= 0, "no door on the %s side of (%d, %d)", side_name(s), x, y);
	return m->doors[i].kind;
}

START_TEST(test_fixture_read)
{
	struct read_json_doc rd;
	read_crypt(&rd, NULL);
	ck_assert_int_eq(rd.nlevels, 1);
	ck_assert_str_eq(rd.title, "Crypt of the Test Bishop");
	ck_assert_str_eq(rd.story, "Long ago the test bishop sealed his crypt. Now goblins guard its gate.");
	const struct map *m = &rd.levels[0].map;
	ck_assert_int_eq(m->w, 21);
	ck_assert_int_eq(m->h, 19);
	/* rooms numbered by their notes' refs, then top to bottom */
	ck_assert_int_eq(region_at(m, 1, 1)->number, 1);
	ck_assert_int_eq(region_at(m, -3, 1)->number, 2);
	ck_assert_int_eq(region_at(m, 10, -7)->number, 3);
	ck_assert_int_eq(region_at(m, 5, -5)->number, 5);
	ck_assert_int_eq(region_at(m, -3, -3)->number, 6);
	ck_assert_int_eq(region_at(m, -3, 5)->number, 7);
	ck_assert_int_eq(region_at(m, 1, 1)->kind, REGION_ROOM);
	/* two corridors joined by an open way are one; holding note 4, it is a hallway */
	ck_assert_ptr_eq(region_at(m, 6, 1), region_at(m, 10, -2));
	ck_assert_int_eq(region_at(m, 6, 1)->kind, REGION_HALL);
	ck_assert_int_eq(region_at(m, 6, 1)->number, 4);
	ck_assert_int_eq(region_at(m, 1, -4)->kind, REGION_CORRIDOR);
	ck_assert_int_eq(region_at(m, 1, -4)->number, 0);
	/* a door's square joins the corridor beside it; between rooms, the room behind */
	ck_assert_ptr_eq(region_at(m, 4, 1), region_at(m, 6, 1));
	ck_assert_ptr_eq(region_at(m, -1, 1), region_at(m, 1, 1));
	ck_assert_ptr_eq(region_at(m, -1, -4), region_at(m, 1, -4));
	/* the rotunda, 5 x 5, loses its corners */
	ck_assert_int_eq(map_at(m, GX(8), GY(-9)), 0);
	ck_assert_int_eq(map_at(m, GX(12), GY(-5)), 0);
	ck_assert_int_eq(region_at(m, 9, -9)->number, 3);
	/* doors by type */
	ck_assert_int_eq(m->ndoors, 7);
	ck_assert_int_eq(door_kind_at(m, 4, 1, SIDE_W), DOOR_PLAIN);
	ck_assert_int_eq(door_kind_at(m, 10, -4, SIDE_N), DOOR_SECRET);
	ck_assert_int_eq(door_kind_at(m, -1, 1, SIDE_W), DOOR_PORTCULLIS);
	ck_assert_int_eq(door_kind_at(m, -3, -1, SIDE_N), DOOR_OPENING);
	ck_assert_int_eq(door_kind_at(m, -1, -4, SIDE_W), DOOR_PLAIN);
	ck_assert_int_eq(door_kind_at(m, 3, -4, SIDE_E), DOOR_PLAIN);
	ck_assert_int_eq(door_kind_at(m, -3, 3, SIDE_S), DOOR_OPENING);
	ck_assert_int_lt(map_find_door(m, GX(9), GY(1), SIDE_E), 0);
	/* the way in and the stairs down, on their squares */
	ck_assert_int_eq(m->nstairs, 2);
	ck_assert_int_eq(m->stairs[0].dir, STAIR_UP);
	ck_assert_int_eq(m->stairs[0].x, GX(1));
	ck_assert_int_eq(m->stairs[0].y, GY(3));
	ck_assert_int_eq(m->stairs[1].dir, STAIR_DOWN);
	ck_assert_int_eq(region_at(m, 5, -7)->number, 5);
	ck_assert(m->entrance.set);
	ck_assert_int_eq(m->entrance.x, GX(1));
	ck_assert_int_eq(m->entrance.y, GY(3));
	ck_assert_int_eq(m->entrance.side, -1);
	ck_assert(region_at(m, 1, 3)->flags & REGION_FLAG_ENTRY);
	ck_assert_int_eq(region_at(m, 1, 3)->number, 1);
	/* columns and water on floor; none on a door's square or off the floor */
	ck_assert_int_eq(m->features[GY(-8) * m->w + GX(9)], FEATURE_PILLAR);
	ck_assert_int_eq(m->features[GY(0) * m->w + GX(0)], FEATURE_PILLAR);
	ck_assert_int_eq(m->features[GY(-9) * m->w + GX(8)], FEATURE_NONE);
	ck_assert_int_eq(m->features[GY(2) * m->w + GX(2)], FEATURE_WATER);
	ck_assert_int_eq(m->features[GY(2) * m->w + GX(3)], FEATURE_WATER);
	ck_assert_int_eq(m->features[GY(1) * m->w + GX(4)], FEATURE_NONE);
	int features = 0;
	for (int i = 0; i < m->w * m->h; i++)
		features += m->features[i] != FEATURE_NONE;
	ck_assert_int_eq(features, 4);
	/* the key: each note under its room, first; the goal room says so */
	const struct key *k = &rd.levels[0].key;
	ck_assert_int_eq(k->n, 7);
	ck_assert_str_eq(key_find(k, 1)->lines[0], "A guard post: two goblins play dice by a brazier.");
	ck_assert_str_eq(key_find(k, 2)->lines[0], "A rusted portcullis rises into the ceiling.");
	ck_assert_str_eq(key_find(k, 3)->lines[0], "The altar of the moon, cracked in two.");
	ck_assert_ptr_nonnull(strstr(key_find(k, 3)->lines[1], "end of the dungeon"));
	ck_assert_str_eq(key_find(k, 4)->lines[0], "Bones litter the floor of the long hall.");
	ck_assert_str_eq(key_find(k, 4)->title, "Hallway");
	ck_assert_ptr_nonnull(strstr(key_find(k, 1)->exits, "portcullis to room 2"));
	ck_assert_ptr_nonnull(strstr(key_find(k, 3)->exits, "secret door to hallway 4"));
	ck_assert_int_eq(key_find(k, 7)->nlines, 0);
	/* the way in is named once, not also as "Stairs up." */
	ck_assert_int_eq(key_find(k, 1)->nlines, 2);
	ck_assert_str_eq(key_find(k, 1)->lines[1], "The way in: stairs up.");
	ck_assert_str_eq(key_find(k, 5)->lines[0], "Stairs down.");
	read_json_doc_free(&rd);
}
END_TEST

START_TEST(test_nearest_kinds_warned)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	struct log log = { NULL, f, 0 };
	struct read_json_doc rd;
	read_crypt(&rd, &log);
	read_json_doc_free(&rd);
	fclose(f);
	ck_assert_int_eq(log.warnings, 4);
	static const char *const want[] = {
		"1 door of type 2 (narrow) read as openings", "1 door of type 5 (double) read as doors",
		"1 door of type 7 (steel) read as doors", "1 door of type 9 (stairwell) read as openings",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(text, want[i]) != NULL, "no '%s' in %s", want[i], text);
	free(text);
}
END_TEST

/* Two notes in one room: the room takes the first ref's number, the second
 * note is printed under it by its ref, and a warning says so. */
START_TEST(test_two_notes_in_one_room)
{
	static const char text[] =
		"{\"version\": \"1.2.4b\", \"title\": \"Two\", \"story\": null,\n"
		" \"rects\": [{\"x\": 0, \"y\": 0, \"w\": 4, \"h\": 3}, {\"x\": 1, \"y\": 3, \"w\": 1, \"h\": 1},\n"
		"  {\"x\": 4, \"y\": 1, \"w\": 1, \"h\": 1}, {\"x\": 5, \"y\": 0, \"w\": 3, \"h\": 3}],\n"
		" \"doors\": [{\"x\": 1, \"y\": 3, \"dir\": {\"x\": 0, \"y\": -1}, \"type\": 3},\n"
		"  {\"x\": 4, \"y\": 1, \"dir\": {\"x\": 1, \"y\": 0}, \"type\": 1}],\n"
		" \"notes\": [{\"text\": \"East room.\", \"ref\": \"3\", \"pos\": {\"x\": 6.5, \"y\": 1.5}},\n"
		"  {\"text\": \"West room.\", \"ref\": \"1\", \"pos\": {\"x\": 1.5, \"y\": 1.5}},\n"
		"  {\"text\": \"West again.\", \"ref\": \"2\", \"pos\": {\"x\": 0.5, \"y\": 0.5}}]}\n";
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	struct log log = { NULL, f, 0 };
	struct read_json_doc rd;
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_text("two.json", text, strlen(text), INPUT_AUTO, &rd, &log, &e) == 0, "%s", e.msg);
	fclose(f);
	ck_assert_ptr_null(rd.story);
	const struct key *k = &rd.levels[0].key;
	ck_assert_int_eq(k->n, 2);
	ck_assert_str_eq(key_find(k, 1)->lines[0], "West room.");
	ck_assert_str_eq(key_find(k, 1)->lines[1], "Note 2: West again.");
	ck_assert_str_eq(key_find(k, 2)->lines[0], "Note 3: East room.");
	ck_assert_int_eq(log.warnings, 1);
	ck_assert_ptr_nonnull(strstr(out, "2 notes are printed under another number than their ref"));
	free(out);
	read_json_doc_free(&rd);
}
END_TEST

static void file_has(const char *path, const char *want)
{
	size_t len;
	char *t = test_slurp(path, &len);
	ck_assert_msg(t != NULL && len > 0, "%s: not written", path);
	ck_assert_msg(want == NULL || strstr(t, want) != NULL, "%s: no '%s'", path, want);
	free(t);
}

/* A file read with its warnings caught: it must read, with exactly one
 * warning, one line holding want. */
static void read_warned(const char *path, struct read_json_doc *rd, const char *want)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	struct log log = { NULL, f, 0 };
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_file(path, INPUT_AUTO, rd, &log, &e) == 0, "%s refused: %s", path, e.msg);
	fclose(f);
	ck_assert_msg(log.warnings == 1, "%s: %d warnings: %s", path, log.warnings, text);
	ck_assert_msg(strchr(text, '\n') == text + len - 1, "%s: not one line: %s", path, text);
	ck_assert_msg(strncmp(text, "mapsheet: warning: ", 19) == 0 && strstr(text, want), "%s: no '%s' in %s", path,
		      want, text);
	free(text);
}

/* Shapes the generator writes that mapsheet draws with a change, each
 * warned of in one line: a stairwell between two corridors that an open
 * way joins into one (the stairwell is inside one corridor: left out), two
 * rooms that share a square (it stays the first's), a door with nothing on
 * one side, two doors on one square. (Fixtures made for these tests.) */
START_TEST(test_drawn_with_changes)
{
	struct read_json_doc rd;
	read_warned("tests/data/watabou/stairwell-in-corridor.json", &rd,
		    "1 door with one room or corridor on both sides left out: doors[3] at (5, 2), type 9 (stairwell)");
	const struct map *m = &rd.levels[0].map;
	/* (export + 2): the corridors x 4 and 6 and the ways at (5, 0), (5, 2) are one */
	ck_assert_int_eq(map_at(m, 6, 2), map_at(m, 8, 4));
	ck_assert_int_eq(map_at(m, 7, 4), map_at(m, 6, 4));
	ck_assert_int_lt(map_find_door(m, 7, 4, SIDE_E), 0);
	ck_assert_int_eq(m->regions[map_at(m, 6, 2)].kind, REGION_CORRIDOR);
	ck_assert_int_eq(rd.levels[0].key.n, 2);
	ck_assert_ptr_nonnull(strstr(key_find(&rd.levels[0].key, 2)->lines[0], "A shrine past the loop."));
	read_json_doc_free(&rd);

	read_warned("tests/data/watabou/rooms-overlap.json", &rd,
		    "1 square in two rects drawn in one of them: (6, 2) in rects[3], not rects[4]");
	m = &rd.levels[0].map;
	ck_assert_int_eq(m->regions[map_at(m, 8, 4)].number, 2);
	ck_assert_int_eq(map_at(m, 8, 4), map_at(m, 8, 2));
	ck_assert_int_eq(m->regions[map_at(m, 9, 5)].number, 3);
	ck_assert_int_eq(m->regions[map_at(m, 9, 5)].area, 8);
	ck_assert_int_eq(rd.levels[0].key.n, 3);
	read_json_doc_free(&rd);

	read_warned("tests/data/watabou/door-to-nothing.json", &rd,
		    "1 door with no place between two rects left out: doors[1] at (4, 1), nothing on one side");
	read_json_doc_free(&rd);
	read_warned("tests/data/watabou/door-twice.json", &rd,
		    "1 door with no place between two rects left out: doors[2] at (4, 1), a second door on its square");
	read_json_doc_free(&rd);

	/* printed whole, one warning line on standard error */
	ck_assert_int_eq(test_run("-i tests/data/watabou/stairwell-in-corridor.json -o " DIR "/loop.txt", NULL,
				  DIR "/loop.err"), 0);
	file_has(DIR "/loop.txt", "A shrine past the loop.");
	size_t len;
	char *err = test_slurp(DIR "/loop.err", &len);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(len > 0 && strchr(err, '\n') == err + len - 1, "not one line: %s", err);
	free(err);
}
END_TEST

START_TEST(test_every_output)
{
	static const struct { const char *file, *opts, *want; } outs[] = {
		{ "crypt.pdf", "", "%PDF" },
		{ "handout.pdf", "--player", "%PDF" },
		{ "onepage.pdf", "--one-page", "%PDF" },
		{ "crypt.svg", "", "<svg" },
		{ "crypt.png", "", "PNG" },
		{ "crypt.txt", "", "Long ago the test bishop sealed his crypt." },
		{ "crypt.md", "", "A guard post: two goblins play dice by a brazier." },
		{ "crypt.dd2vtt", "", "\"resolution\"" },
		{ "crypt.json", "", "\"story\": \"Long ago the test bishop" },
	};
	for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
		char args[512], path[128];
		snprintf(path, sizeof path, DIR "/%s", outs[i].file);
		unlink(path);
		snprintf(args, sizeof args, "-q -i " CRYPT " %s -o %s", outs[i].opts, path);
		ck_assert_msg(test_run(args, NULL, NULL) == 0, "%s failed", args);
		file_has(path, outs[i].want);
	}
	/* the text key: title, story, each note under its number */
	file_has(DIR "/crypt.txt", "Crypt of the Test Bishop\nLong ago");
	file_has(DIR "/crypt.txt", "3. Room");
	file_has(DIR "/crypt.txt", "Bones litter the floor of the long hall.");
	file_has(DIR "/crypt.md", "Long ago the test bishop sealed his crypt.");
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

START_TEST(test_json_round_trip)
{
	ck_assert_int_eq(test_run("-q -i " CRYPT " -o " DIR "/first.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/first.json -o " DIR "/again.json", NULL, NULL), 0);
	char *a = without_command(DIR "/first.json"), *b = without_command(DIR "/again.json");
	ck_assert_str_eq(a, b);
	ck_assert_ptr_nonnull(strstr(a, "\"title\": \"Crypt of the Test Bishop\""));
	free(a);
	free(b);
	/* the schema and the contract checker take it */
	ck_assert_int_eq(system("python3 tests/json_schema_check.py templates/schema/mapsheet.schema.json " DIR
				"/first.json >/dev/null && python3 tests/json_contract.py " DIR "/first.json >/dev/null"),
			 0);
	/* named as watabou, a mapsheet map is refused */
	ck_assert_int_eq(test_run("-q --input-format watabou -i " DIR "/first.json -o " DIR "/no.txt", NULL, NULL), 2);
}
END_TEST

/* A way in at the end of a corridor (stairs of type 3 on a corridor's
 * square): the nearest room's key says where it is. */
START_TEST(test_way_in_in_a_corridor)
{
	struct read_json_doc rd;
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_file("tests/data/watabou/way-in-corridor.json", INPUT_AUTO, &rd, NULL, &e) == 0, "%s",
		      e.msg);
	const struct map *m = &rd.levels[0].map;
	ck_assert_int_eq(m->regions[map_at(m, m->entrance.x, m->entrance.y)].kind, REGION_CORRIDOR);
	const struct key_entry *one = key_find(&rd.levels[0].key, 1);
	ck_assert_int_eq(one->nlines, 2);
	ck_assert_str_eq(one->lines[0], "The guard room: a table, two stools.");
	ck_assert_str_eq(one->lines[1], "The way in: stairs up in the corridor south of this room.");
	ck_assert_int_eq(key_find(&rd.levels[0].key, 2)->nlines, 1);
	read_json_doc_free(&rd);
	ck_assert_int_eq(test_run("-q -i tests/data/watabou/way-in-corridor.json -o " DIR "/way-in.txt", NULL, NULL), 0);
	file_has(DIR "/way-in.txt", "   The way in: stairs up in the corridor south of this room.\n");
}
END_TEST

static Suite *read_watabou_suite(void)
{
	Suite *s = suite_create("read_watabou");
	TCase *tc = tcase_create("read_watabou");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_fixture_read);
	tcase_add_test(tc, test_nearest_kinds_warned);
	tcase_add_test(tc, test_two_notes_in_one_room);
	tcase_add_test(tc, test_drawn_with_changes);
	tcase_add_test(tc, test_way_in_in_a_corridor);
	tcase_add_test(tc, test_every_output);
	tcase_add_test(tc, test_json_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(read_watabou_suite)
