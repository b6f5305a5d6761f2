/* check_read_json.c: --input reads mapsheet's own JSON back. A map written
 * with -o x.json and read again writes the same bytes (all but the command
 * line) for every method and a 3-level booklet, their site (secret,
 * factions, each room's kind and occupants) and all; a version 2 file reads
 * as a site without them; the players' view of a file has no secret and no
 * occupants; an entry's features written otherwise than the map has them
 * are warned of and written as the map has them; the remake line of an
 * output made from --input remakes it; edits print as edited (a renamed
 * room, a rewritten line, a door made secret and hidden from the players, a
 * door removed from the exits of both rooms); generation options are
 * refused; and what is no file to read is refused with exit 2 and one
 * line naming it (broken map files: check_bad_map_files.c). */
#include "testrun.h"
#include "testutil.h"

#include "app/input_set.h"
#include "model/handout.h"
#include "read/read_map.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/read_json"

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

static json_t *load(const char *path)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	ck_assert_msg(root != NULL, "%s: %s", path, je.text);
	return root;
}

static void dump(json_t *root, const char *path)
{
	ck_assert_int_eq(json_dump_file(root, path, JSON_INDENT(1)), 0);
}

static json_t *level0(json_t *root)
{
	return json_array_get(json_object_get(root, "levels"), 0);
}

/* The file at path holds a site, so that reading it back tries it: a
 * secret, factions, and on every level rooms of a kind and someone in a
 * room. */
static void expect_site(const char *path)
{
	json_t *root = load(path);
	ck_assert_msg(json_is_string(json_object_get(root, "secret")), "%s: no secret", path);
	ck_assert_msg(json_array_size(json_object_get(root, "factions")) > 0, "%s: no factions", path);
	size_t i, j;
	json_t *lv, *en;
	json_array_foreach(json_object_get(root, "levels"), i, lv) {
		int kinds = 0, occupied = 0;
		json_array_foreach(json_object_get(lv, "key"), j, en) {
			kinds += json_is_string(json_object_get(en, "kind"));
			occupied += json_array_size(json_object_get(en, "occupants")) > 0;
		}
		ck_assert_msg(kinds > 0 && occupied > 0, "%s: level %zu: %d rooms of a kind, %d occupied", path, i + 1,
			      kinds, occupied);
	}
	json_decref(root);
}

static void round_trip(const char *gen_args, const char *name)
{
	char args[512], first[128], again[128];
	snprintf(first, sizeof first, DIR "/%s.json", name);
	snprintf(again, sizeof again, DIR "/%s.again.json", name);
	snprintf(args, sizeof args, "-q %s -o %s", gen_args, first);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	expect_site(first);
	snprintf(args, sizeof args, "-q -i %s -o %s", first, again);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	char *a = without_command(first), *b = without_command(again);
	ck_assert_msg(strcmp(a, b) == 0, "%s: the JSON read and written again differs", name);
	free(a);
	free(b);
}

START_TEST(test_round_trip_every_method)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
		char args[128];
		snprintf(args, sizeof args, "-m %s -s round-%s", methods[i], methods[i]);
		round_trip(args, methods[i]);
	}
	round_trip("-m dice,mansion,cards --levels 3 -s three-levels", "three");
	/* from standard input, and one level of the three alone */
	const char *bin = getenv("MAPSHEET_BIN");
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s -q -i - -o " DIR "/stdin.json < " DIR "/three.json", bin ? bin : "./mapsheet");
	ck_assert_int_eq(system(cmd), 0);
	char *a = without_command(DIR "/three.json"), *b = without_command(DIR "/stdin.json");
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	ck_assert_int_eq(test_run("-q -i " DIR "/three.json --level 2 -o " DIR "/level2.txt", NULL, NULL), 0);
	size_t len;
	char *txt = test_slurp(DIR "/level2.txt", &len);
	ck_assert_ptr_nonnull(strstr(txt, "mansion, seed three-levels, level 2 of 3"));
	ck_assert_ptr_null(strstr(txt, "level 1 of 3"));
	free(txt);
	ck_assert_int_eq(test_run("-q -i " DIR "/three.json --level 4 -o " DIR "/level4.txt", NULL, NULL), 2);
}
END_TEST

/* The recorded line names the input file and, run again, makes the same bytes. */
START_TEST(test_remake_line_remakes)
{
	ck_assert_int_eq(test_run("-q -m mansion -s remake-in -o " DIR "/remake.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/remake.json --title 'Edited' -o " DIR "/remake.txt", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/remake.json -o " DIR "/remake.out.json", NULL, NULL), 0);
	size_t len;
	char *out = test_slurp(DIR "/remake.out.json", &len);
	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(strstr(out, "\"command\": \"mapsheet -q -i " DIR "/remake.json -o " DIR "/remake.out.json\""));
	char *txt = test_slurp(DIR "/remake.txt", &len);
	ck_assert_ptr_nonnull(txt);
	ck_assert_ptr_nonnull(strstr(txt, "Edited"));
	/* the line, run as recorded (the program named as built), remakes it */
	ck_assert_int_eq(test_run("-q -i " DIR "/remake.json -o " DIR "/remake.out.json", NULL, NULL), 0);
	char *again = test_slurp(DIR "/remake.out.json", &len);
	ck_assert_str_eq(out, again);
	free(out);
	free(txt);
	free(again);
}
END_TEST

START_TEST(test_generation_options_refused)
{
	ck_assert_int_eq(test_run("-q -m dice -s refuse -o " DIR "/refuse.json", NULL, NULL), 0);
	static const char *const opts[] = { "--seed x", "-m cards", "--rooms 4", "--size 40x40", "--levels 2",
					    "--numbering reading", "--no-stock", "--loops 2", "--zones 2" };
	for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
		char args[256];
		snprintf(args, sizeof args, "-i " DIR "/refuse.json %s -o " DIR "/refused.txt", opts[i]);
		unlink(DIR "/refused.txt");
		ck_assert_int_eq(test_run(args, NULL, DIR "/refuse.err"), 2);
		size_t len;
		char *err = test_slurp(DIR "/refuse.err", &len);
		ck_assert_ptr_nonnull(err);
		ck_assert_msg(strncmp(err, "mapsheet: --", 12) == 0 && strstr(err, "--input") &&
			      strchr(err, '\n') == err + len - 1, "%s: %s", opts[i], err);
		ck_assert_int_ne(access(DIR "/refused.txt", F_OK), 0);
		free(err);
	}
}
END_TEST

/* A version 2 file (no secret, no factions, entries without kind,
 * features and occupants) reads as a site without them: written again it
 * is the version 5 file with none, its entries' features derived (and no
 * threads, rosters or alarms: version 5 added them). */
START_TEST(test_version_2_read)
{
	ck_assert_int_eq(test_run("-q -m cards -s older -o " DIR "/v3.json", NULL, NULL), 0);
	json_t *v2 = load(DIR "/v3.json"), *want = load(DIR "/v3.json");
	json_object_set_new(v2, "version", json_integer(2));
	json_object_del(v2, "secret");
	json_object_del(v2, "factions");
	json_object_del(v2, "party");
	json_object_del(v2, "threads");
	json_object_set_new(want, "threads", json_array());
	json_object_set_new(want, "secret", json_null());
	json_object_set_new(want, "factions", json_array());
	size_t i, j;
	json_t *lv, *en;
	json_array_foreach(json_object_get(v2, "levels"), i, lv) {
		json_t *wlv = json_array_get(json_object_get(want, "levels"), i);
		json_t *wen, *wkey = json_object_get(wlv, "key");
		json_object_del(lv, "roster");
		json_object_del(lv, "alarm");
		json_object_set_new(wlv, "roster", json_array());
		json_object_set_new(wlv, "alarm", json_null());
		json_array_foreach(json_object_get(lv, "key"), j, en) {
			json_object_del(en, "kind");
			json_object_del(en, "features");
			json_object_del(en, "occupants");
			json_object_del(en, "encounter");
			json_object_del(en, "trap");
			json_object_del(en, "treasure");
			wen = json_array_get(wkey, j);
			json_object_set_new(wen, "kind", json_null());
			json_object_set_new(wen, "occupants", json_array());
		}
	}
	dump(v2, DIR "/v2.json");
	ck_assert_int_eq(test_run("-q -i " DIR "/v2.json -o " DIR "/v2.again.json", NULL, NULL), 0);
	json_t *again = load(DIR "/v2.again.json");
	json_object_del(again, "command");
	json_object_del(want, "command");
	ck_assert_msg(json_equal(again, want), "a version 2 file written again is not the version 5 file without its site");
	json_decref(v2);
	json_decref(want);
	json_decref(again);
}
END_TEST

/* The players' view of a file, as --player reads it: no secret, no one in
 * any room; the rooms keep their kinds and the factions stay (the premise
 * names them). The referee's has both. The JSON itself is the referee's,
 * refused with --player; the players' Markdown lacks the secret. */
START_TEST(test_players_view_has_no_secrets)
{
	ck_assert_int_eq(test_run("-q -m dice -s handout --levels 2 -o " DIR "/handout.json", NULL, NULL), 0);
	const char *paths[] = { DIR "/handout.json" };
	for (int player = 0; player <= 1; player++) {
		struct input_set_options o = { INPUT_AUTO, player, 0, 0 };
		struct read_json_doc rd;
		struct err e = { ERR_NONE, "" };
		int cut;
		ck_assert_msg(input_set_read(paths, 1, &o, &rd, &cut, NULL, &e) == 0, "%s", e.msg);
		int kinds = 0, occupants = 0;
		for (int k = 0; k < rd.nlevels; k++)
			for (int i = 0; i < rd.levels[k].key.n; i++) {
				kinds += rd.levels[k].key.entries[i].kind[0] != '\0';
				occupants += rd.levels[k].key.entries[i].noccupants;
			}
		ck_assert_int_gt(kinds, 0);
		ck_assert_int_gt(rd.nfactions, 0);
		if (player) {
			ck_assert_ptr_null(rd.secret);
			ck_assert_int_eq(occupants, 0);
		} else {
			ck_assert_ptr_nonnull(rd.secret);
			ck_assert_int_gt(occupants, 0);
		}
		read_json_doc_free(&rd);
	}
	ck_assert_int_eq(test_run("-q -i " DIR "/handout.json --player -o " DIR "/handout.player.json", NULL, NULL), 2);
	ck_assert_int_ne(access(DIR "/handout.player.json", F_OK), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/handout.json --player -o " DIR "/handout.player.md", NULL, NULL), 0);
	json_t *root = load(DIR "/handout.json");
	char *md = test_slurp(DIR "/handout.player.md", NULL);
	ck_assert_ptr_nonnull(md);
	ck_assert_ptr_null(strstr(md, json_string_value(json_object_get(root, "secret"))));
	free(md);
	json_decref(root);
}
END_TEST

/* An entry's features are the map's: a list written otherwise is named in
 * one warning and written again as the map has it. */
START_TEST(test_entry_features_derived)
{
	ck_assert_int_eq(test_run("-q -m dice -s features -o " DIR "/features.json", NULL, NULL), 0);
	json_t *root = load(DIR "/features.json");
	json_t *en = json_array_get(json_object_get(level0(root), "key"), 0);
	json_t *list = json_array();
	json_array_append_new(list, json_string("well"));
	json_array_append_new(list, json_string("sofa"));
	json_object_set_new(en, "features", list);
	dump(root, DIR "/features.edited.json");
	json_decref(root);
	ck_assert_int_eq(test_run("-i " DIR "/features.edited.json -o " DIR "/features.again.json", NULL,
				  DIR "/features.err"), 0);
	size_t len;
	char *err = test_slurp(DIR "/features.err", &len);
	ck_assert_ptr_nonnull(err);
	const char *head = "mapsheet: warning: " DIR "/features.edited.json: levels[0].key[0].features: "
			   "[\"well\", \"sofa\"] is not what the map has in the room (";
	ck_assert_msg(strncmp(err, head, strlen(head)) == 0, "%s", err);
	ck_assert_ptr_eq(strchr(err, '\n'), err + len - 1);
	free(err);
	json_t *a = load(DIR "/features.json"), *b = load(DIR "/features.again.json");
	json_object_del(a, "command");
	json_object_del(b, "command");
	ck_assert(json_equal(a, b));
	json_decref(a);
	json_decref(b);
}
END_TEST

/* A renamed room and a rewritten line print as written. */
START_TEST(test_edited_text_printed)
{
	ck_assert_int_eq(test_run("-q -m dice -s edit-text -o " DIR "/text.json", NULL, NULL), 0);
	json_t *root = load(DIR "/text.json");
	json_t *entry = json_array_get(json_object_get(level0(root), "key"), 1);
	json_object_set_new(entry, "title", json_string("Lair of Vescari"));
	json_array_set_new(json_object_get(entry, "lines"), 0, json_string("Vescari waits here, smiling."));
	dump(root, DIR "/text.edited.json");
	json_decref(root);
	ck_assert_int_eq(test_run("-q -i " DIR "/text.edited.json -o " DIR "/text.txt", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/text.edited.json -o " DIR "/text.md", NULL, NULL), 0);
	size_t len;
	char *txt = test_slurp(DIR "/text.txt", &len), *md = test_slurp(DIR "/text.md", &len);
	ck_assert_ptr_nonnull(strstr(txt, "2. Lair of Vescari"));
	ck_assert_ptr_nonnull(strstr(txt, "Vescari waits here, smiling."));
	ck_assert_ptr_nonnull(strstr(md, "Lair of Vescari"));
	ck_assert_ptr_nonnull(strstr(md, "Vescari waits here, smiling."));
	free(txt);
	free(md);
}
END_TEST

/* An exits text written by hand is named in one warning (the doors' words
 * print); a room renamed in regions[].name, where nothing prints it, is
 * named in one warning that says where a room is renamed. */
START_TEST(test_hand_edits_warned)
{
	ck_assert_int_eq(test_run("-q -m dice -s edit-warn -o " DIR "/warn.json", NULL, NULL), 0);
	json_t *root = load(DIR "/warn.json");
	json_t *entry = json_array_get(json_object_get(level0(root), "key"), 1);
	json_t *exits = json_incref(json_object_get(entry, "exits"));
	json_object_set_new(entry, "exits", json_string("North: a rotten door that sticks."));
	dump(root, DIR "/warn.exits.json");
	json_object_set_new(entry, "exits", exits);
	int region = (int)json_integer_value(json_object_get(entry, "region"));
	json_t *reg = json_array_get(json_object_get(level0(root), "regions"), (size_t)region - 1);
	const char *title = json_string_value(json_object_get(entry, "title"));
	ck_assert_str_eq(json_string_value(json_object_get(reg, "name")), title);
	json_object_set_new(reg, "name", json_string("Hall of Whispers"));
	dump(root, DIR "/warn.name.json");
	char want[400];
	snprintf(want, sizeof want, "mapsheet: warning: " DIR "/warn.name.json: levels[0].regions[%d].name: \"Hall of "
		 "Whispers\" is not room 2's title in the key (\"%s\"), which is what prints; rename a room in "
		 "levels[0].key[1].title\n", region - 1, title);
	json_decref(root);
	ck_assert_int_eq(test_run("-i " DIR "/warn.exits.json -o " DIR "/warn.txt", NULL, DIR "/warn.err"), 0);
	char *err = test_slurp(DIR "/warn.err", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strncmp(err, "mapsheet: warning: " DIR "/warn.exits.json: levels[0].key[1].exits: \"North: a "
			      "rotten door that sticks.\" is not what the doors give", 60) == 0 &&
		      strchr(err, '\n') == err + strlen(err) - 1, "%s", err);
	free(err);
	ck_assert_int_eq(test_run("-i " DIR "/warn.name.json -o " DIR "/warn.txt", NULL, DIR "/warn.err"), 0);
	ck_assert_ptr_nonnull(err = test_slurp(DIR "/warn.err", NULL));
	ck_assert_str_eq(err, want);
	free(err);
}
END_TEST

static struct read_json_doc read_doc_file(const char *path)
{
	struct read_json_doc d;
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_file(path, INPUT_AUTO, &d, NULL, &e) == 0, "%s", e.msg);
	return d;
}

static const struct key_entry *entry_of(const struct level *lv, int region)
{
	int number = lv->map.regions[region].number;
	const struct key_entry *en = key_find(&lv->key, number);
	ck_assert_ptr_nonnull(en);
	return en;
}

/* A door made secret: the exits of both rooms say so, and the players'
 * view has a wall there. */
START_TEST(test_door_made_secret)
{
	ck_assert_int_eq(test_run("-q -m mansion -s edit-door -o " DIR "/door.json", NULL, NULL), 0);
	json_t *root = load(DIR "/door.json");
	json_t *doors = json_object_get(level0(root), "doors");
	size_t i;
	json_t *d;
	int a = 0, b = 0, x = 0, y = 0;
	const char *side = NULL;
	json_array_foreach(doors, i, d) {
		json_t *rs = json_object_get(d, "regions");
		if (strcmp(json_string_value(json_object_get(d, "kind")), "door") == 0 &&
		    json_is_integer(json_array_get(rs, 0)) && json_is_integer(json_array_get(rs, 1))) {
			a = (int)json_integer_value(json_array_get(rs, 0));
			b = (int)json_integer_value(json_array_get(rs, 1));
			x = (int)json_integer_value(json_object_get(d, "x"));
			y = (int)json_integer_value(json_object_get(d, "y"));
			side = json_string_value(json_object_get(d, "side"));
			json_object_set_new(d, "kind", json_string("secret"));
			break;
		}
	}
	ck_assert_int_gt(a, 0);
	enum side s = strcmp(side, "e") == 0 ? SIDE_E : strcmp(side, "s") == 0 ? SIDE_S : strcmp(side, "w") == 0 ? SIDE_W : SIDE_N;
	dump(root, DIR "/door.edited.json");
	json_decref(root);
	struct read_json_doc before = read_doc_file(DIR "/door.json"), after = read_doc_file(DIR "/door.edited.json");
	struct level *lv = &after.levels[0];
	ck_assert_int_eq(lv->map.doors[map_find_door(&lv->map, x, y, s)].kind, DOOR_SECRET);
	ck_assert_ptr_null(strstr(entry_of(&before.levels[0], a)->exits, "secret door"));
	ck_assert_ptr_nonnull(strstr(entry_of(lv, a)->exits, "secret door"));
	ck_assert_ptr_nonnull(strstr(entry_of(lv, b)->exits, "secret door"));
	struct map hand;
	struct err e = { ERR_NONE, "" };
	ck_assert_int_eq(handout_map(&hand, &lv->map, 1, 0, &e), 0);
	ck_assert_int_lt(map_find_door(&hand, x, y, s), 0);
	map_free(&hand);
	/* and the referee's sheet differs from the players' by it */
	ck_assert_int_eq(test_run("-q -i " DIR "/door.edited.json --player -o " DIR "/door.player.svg", NULL, NULL), 0);
	/* the exits text, never touched, follows the door without a warning */
	ck_assert_int_eq(test_run("-i " DIR "/door.edited.json -o " DIR "/door.txt", NULL, DIR "/door.err"), 0);
	size_t len;
	char *err = test_slurp(DIR "/door.err", &len);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(len == 0, "a door made secret warns: %s", err);
	free(err);
	read_json_doc_free(&before);
	read_json_doc_free(&after);
}
END_TEST

/* A door removed: the exits of the rooms on both sides lose it. */
START_TEST(test_door_removed)
{
	ck_assert_int_eq(test_run("-q -m mansion -s edit-cut -o " DIR "/cut.json", NULL, NULL), 0);
	size_t len;
	char *text = test_slurp(DIR "/cut.json", &len);
	json_error_t je;
	json_t *root = json_loadb(text, len, 0, &je);
	free(text);
	json_t *doors = json_object_get(level0(root), "doors");
	int done = 0;
	for (size_t i = 0; i < json_array_size(doors) && !done; i++) {
		json_t *copy = json_deep_copy(root);
		json_t *cd = json_object_get(level0(copy), "doors");
		json_t *rs = json_object_get(json_array_get(cd, i), "regions");
		if (!json_is_integer(json_array_get(rs, 0)) || !json_is_integer(json_array_get(rs, 1))) {
			json_decref(copy);
			continue;
		}
		int a = (int)json_integer_value(json_array_get(rs, 0)), b = (int)json_integer_value(json_array_get(rs, 1));
		json_array_remove(cd, i);
		char *out = json_dumps(copy, 0);
		json_decref(copy);
		struct read_json_doc d;
		struct err e = { ERR_NONE, "" };
		/* only a door whose removal leaves every room reachable */
		if (read_map_text("cut.json", out, strlen(out), INPUT_MAPSHEET, &d, NULL, &e) == 0) {
			struct read_json_doc orig = read_doc_file(DIR "/cut.json");
			ck_assert_str_ne(entry_of(&orig.levels[0], a)->exits, entry_of(&d.levels[0], a)->exits);
			ck_assert_str_ne(entry_of(&orig.levels[0], b)->exits, entry_of(&d.levels[0], b)->exits);
			read_json_doc_free(&orig);
			read_json_doc_free(&d);
			done = 1;
		} else {
			ck_assert_ptr_nonnull(strstr(e.msg, "cut.json: levels[0]"));
		}
		free(out);
	}
	json_decref(root);
	ck_assert_int_eq(done, 1);
}
END_TEST

/* One bad file: exit 2, one line "mapsheet: FILE...: ..." holding want,
 * and no output written. */
static void refused(const char *path, const char *want)
{
	char args[512];
	unlink(DIR "/bad.txt");
	snprintf(args, sizeof args, "-q -i '%s' -o " DIR "/bad.txt", path);
	struct test_limits lim = { 20, 0, NULL };
	ck_assert_int_eq(test_run_limited(args, &lim, NULL, DIR "/bad.err"), 2);
	size_t len;
	char *err = test_slurp(DIR "/bad.err", &len);
	ck_assert_ptr_nonnull(err);
	char head[300];
	snprintf(head, sizeof head, "mapsheet: %s", path);
	ck_assert_msg(strncmp(err, head, strlen(head)) == 0, "%s: %s", path, err);
	ck_assert_msg(strstr(err, want) != NULL, "%s: wanted '%s' in %s", path, want, err);
	ck_assert_msg(len > 0 && strchr(err, '\n') == err + len - 1, "%s: not one line: %s", path, err);
	ck_assert_int_ne(access(DIR "/bad.txt", F_OK), 0);
	free(err);
}

START_TEST(test_bad_files_refused)
{
	/* what is not a map file at all: a FIFO, a folder, a missing file (broken
	 * map files are in tests/bad-input/mapsheet, run by check_bad_map_files) */
	unlink(DIR "/bad-fifo.json");
	ck_assert_int_eq(mkfifo(DIR "/bad-fifo.json", 0600), 0);
	refused(DIR "/bad-fifo.json", "not a regular file");
	refused(DIR, "not a regular file");
	refused(DIR "/missing.json", "cannot open");
}
END_TEST

/* The pass before the parse (read_scan.c) on text of `fill` bytes of 'a'
 * between `head` and `tail`: 0 when it passes, else its message. */
static int scan(const char *head, size_t fill, const char *tail, char *msg, size_t size)
{
	size_t nh = strlen(head), nt = strlen(tail), len = nh + fill + nt;
	char *t = malloc(len);
	ck_assert_ptr_nonnull(t);
	memcpy(t, head, nh);
	memset(t + nh, 'a', fill);
	memcpy(t + nh + fill, tail, nt);
	struct err e = { ERR_NONE, "" };
	int rc = read_scan_bounds("t.json", t, len, &e);
	snprintf(msg, size, "%s", e.msg);
	free(t);
	return rc;
}

START_TEST(test_scan_bounds_edges)
{
	char msg[512];
	const size_t most = READ_SCAN_MAX_TEXT;
	/* a text of the most bytes passes, one more is refused at its quote,
	 * escapes counted as written, an escaped quote ending no text */
	ck_assert_int_eq(scan("[\"", most, "\"]", msg, sizeof msg), 0);
	ck_assert_int_eq(scan("[\"", most + 1, "\"]", msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "t.json:1:2: a text longer than 65536 bytes (the texts of a map file are names, notes and "
			 "lines of its key)");
	ck_assert_int_eq(scan("[\"", most - 2, "\\\"\"]", msg, sizeof msg), 0);
	ck_assert_int_eq(scan("[\"", most - 1, "\\\"\"]", msg, sizeof msg), -1);
	ck_assert_int_eq(scan("[\"\\\"", most, "\"]", msg, sizeof msg), -1);
	ck_assert_int_eq(scan("[\"\\\\\"", most, "\"]", msg, sizeof msg), 0);
	/* a text left open is refused only when it runs past the bound */
	ck_assert_int_eq(scan("[\"", most, "", msg, sizeof msg), 0);
	ck_assert_int_eq(scan("[\"", most + 1, "", msg, sizeof msg), -1);
	/* brackets and commas inside texts, escaped quotes among them, are no
	 * values and no nesting; outside they are */
	char deep[200] = "[\"";
	for (int i = 0; i < 60; i++)
		strcat(deep, i % 3 ? "[{," : "\\\"");
	ck_assert_int_eq(scan(deep, 1, "\"]", msg, sizeof msg), 0);
	char outside[200] = "";
	for (int i = 0; i < 20; i++)
		strcat(outside, "[{,");
	ck_assert_int_eq(scan(outside, 1, "", msg, sizeof msg), -1);
	ck_assert_msg(strstr(msg, "nested more than 32 deep") != NULL, "%s", msg);
}
END_TEST

static Suite *read_json_suite(void)
{
	Suite *s = suite_create("read_json");
	TCase *tc = tcase_create("read_json");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_round_trip_every_method);
	tcase_add_test(tc, test_version_2_read);
	tcase_add_test(tc, test_players_view_has_no_secrets);
	tcase_add_test(tc, test_entry_features_derived);
	tcase_add_test(tc, test_remake_line_remakes);
	tcase_add_test(tc, test_generation_options_refused);
	tcase_add_test(tc, test_edited_text_printed);
	tcase_add_test(tc, test_door_made_secret);
	tcase_add_test(tc, test_hand_edits_warned);
	tcase_add_test(tc, test_door_removed);
	tcase_add_test(tc, test_bad_files_refused);
	tcase_add_test(tc, test_scan_bounds_edges);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(read_json_suite)
