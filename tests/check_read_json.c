/* check_read_json.c: --input reads mapsheet's own JSON back. A map written
 * with -o x.json and read again writes the same bytes (all but the command
 * line) for every method and a 3-level booklet; the remake line of an
 * output made from --input remakes it; edits print as edited (a renamed
 * room, a rewritten line, a door made secret and hidden from the players, a
 * door removed from the exits of both rooms); generation options are
 * refused; and bad files are refused with exit 2 and one line naming the
 * file and the place, before anything is written. */
#include "testrun.h"
#include "testutil.h"

#include "handout.h"
#include "read_map.h"

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

static void round_trip(const char *gen_args, const char *name)
{
	char args[512], first[128], again[128];
	snprintf(first, sizeof first, DIR "/%s.json", name);
	snprintf(again, sizeof again, DIR "/%s.again.json", name);
	snprintf(args, sizeof args, "-q %s -o %s", gen_args, first);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
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

/* The good map with one change made by edit, written to DIR/bad-NAME.json. */
static void refused_edit(const char *name, void (*edit)(json_t *lv), const char *want)
{
	json_t *root = load(DIR "/good.json");
	edit(level0(root));
	char path[128];
	snprintf(path, sizeof path, DIR "/bad-%s.json", name);
	dump(root, path);
	json_decref(root);
	refused(path, want);
}

static json_t *door0(json_t *lv) { return json_array_get(json_object_get(lv, "doors"), 0); }
static json_t *region0(json_t *lv) { return json_array_get(json_object_get(lv, "regions"), 0); }
static void edit_width_string(json_t *lv) { json_object_set_new(lv, "width", json_string("wide")); }
static void edit_no_doors(json_t *lv) { json_object_del(lv, "doors"); }
static void edit_huge(json_t *lv) { json_object_set_new(lv, "width", json_integer(100000)); }
static void edit_huge_area(json_t *lv)
{
	json_object_set_new(lv, "width", json_integer(4000));
	json_object_set_new(lv, "height", json_integer(4000));
}
static void edit_door_nowhere(json_t *lv)
{
	json_object_set_new(door0(lv), "x", json_integer(0));
	json_object_set_new(door0(lv), "y", json_integer(0));
}
static void edit_door_kind(json_t *lv) { json_object_set_new(door0(lv), "kind", json_string("drawbridge")); }
static void edit_off_grid(json_t *lv)
{
	json_array_set_new(json_object_get(region0(lv), "rects"), 0, json_pack("[iiii]", 30, 38, 5, 5));
}
static void edit_overlap(json_t *lv)
{
	json_t *second = json_array_get(json_object_get(lv, "regions"), 1);
	json_t *r = json_array_get(json_object_get(region0(lv), "rects"), 0);
	json_array_append(json_object_get(second, "rects"), r);
}
static void edit_duplicate_number(json_t *lv)
{
	json_t *second = json_array_get(json_object_get(lv, "regions"), 1);
	json_object_set(second, "number", json_object_get(region0(lv), "number"));
}
static void edit_stair_off(json_t *lv)
{
	json_t *st = json_array_get(json_object_get(lv, "stairs"), 0);
	json_object_set_new(st, "x", json_integer(-1));
}
static void edit_entrance_rock(json_t *lv)
{
	json_t *en = json_object_get(lv, "entrance");
	json_object_set_new(en, "x", json_integer(0));
	json_object_set_new(en, "y", json_integer(0));
}
static void edit_key_twice(json_t *lv)
{
	json_t *key = json_object_get(lv, "key");
	json_array_append(key, json_array_get(key, 0));
}
static void edit_lock_dangling(json_t *lv) { json_object_set_new(door0(lv), "lock", json_integer(7)); }
static void edit_region_id(json_t *lv) { json_object_set_new(region0(lv), "id", json_integer(5)); }

START_TEST(test_bad_files_refused)
{
	ck_assert_int_eq(test_run("-q -m dice -s bad-base --levels 2 --level 1 -o " DIR "/good.txt", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -m dice -s bad-base --levels 2 -o " DIR "/good.json", NULL, NULL), 0);
	refused_edit("width-string", edit_width_string, "levels[0]: width: expected a whole number");
	refused_edit("no-doors", edit_no_doors, "levels[0]: the field \"doors\" is missing");
	refused_edit("huge", edit_huge, "width: 100000 is out of range");
	refused_edit("huge-area", edit_huge_area, "levels[0]: a 4000 x 4000 grid is more than");
	refused_edit("door-nowhere", edit_door_nowhere, "levels[0].doors[0]: the door at (0, 0)");
	refused_edit("door-kind", edit_door_kind, "doors[0]: kind: unknown value \"drawbridge\"");
	refused_edit("off-grid", edit_off_grid, "levels[0].regions[0]: rects[0]: [30, 38, 5, 5] does not lie inside");
	refused_edit("overlap", edit_overlap, "levels[0].regions[1]: rects[");
	refused_edit("duplicate-number", edit_duplicate_number, "levels[0]:");
	refused_edit("stair-off", edit_stair_off, "levels[0].stairs[0]: x: -1 is out of range");
	refused_edit("entrance-rock", edit_entrance_rock, "levels[0].entrance: (0, 0) is solid ground");
	refused_edit("key-twice", edit_key_twice, "levels[0].key[");
	refused_edit("lock-dangling", edit_lock_dangling, "levels[0].doors[0]: lock");
	refused_edit("region-id", edit_region_id, "levels[0].regions[0]: id: 5, expected 1");

	static const struct { const char *name, *text, *want; } raw[] = {
		{ "syntax", "{\n  \"format\": \"mapsheet\",\n  \"version\": 2,\n  oops\n}\n", ".json:4:" },
		{ "not-object", "[1, 2, 3]\n", "top level: not an object" },
		{ "other-format", "{\"format\": \"watabou\", \"version\": 2}\n", "not a map this mapsheet reads" },
		{ "old-version", "{\"format\": \"mapsheet\", \"version\": 1}\n", "version: 1; this mapsheet reads version 2" },
		{ "no-levels", "{\"format\": \"mapsheet\", \"version\": 2, \"seed\": \"\", \"title\": null, \"site\": null, "
		  "\"levels\": []}\n", "levels: 0 levels" },
		{ "bad-utf8", "{\"format\": \"mapsheet\", \"version\": 2, \"seed\": \"\xc3\x28\"}\n", ".json:1:" },
		{ "empty", "", ".json:1:" },
		{ "deep", NULL, ".json:1:" },
	};
	for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) {
		char path[128];
		snprintf(path, sizeof path, DIR "/bad-%s.json", raw[i].name);
		if (raw[i].text) {
			ck_assert_int_eq(test_write_file(path, raw[i].text, strlen(raw[i].text)), 0);
		} else {
			static char deep[8001];
			memset(deep, '[', 8000);
			ck_assert_int_eq(test_write_file(path, deep, 8000), 0);
		}
		refused(path, raw[i].want);
	}
	/* a FIFO, a folder, a missing file and a file past 100 MB (sparse) */
	unlink(DIR "/bad-fifo.json");
	ck_assert_int_eq(mkfifo(DIR "/bad-fifo.json", 0600), 0);
	refused(DIR "/bad-fifo.json", "not a regular file");
	refused(DIR, "not a regular file");
	refused(DIR "/missing.json", "cannot open");
	FILE *big = fopen(DIR "/bad-big.json", "w");
	ck_assert_ptr_nonnull(big);
	ck_assert_int_eq(ftruncate(fileno(big), READ_JSON_MAX_FILE + 1), 0);
	fclose(big);
	refused(DIR "/bad-big.json", "larger than 100 MB");
	unlink(DIR "/bad-big.json");
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
	tcase_add_test(tc, test_remake_line_remakes);
	tcase_add_test(tc, test_generation_options_refused);
	tcase_add_test(tc, test_edited_text_printed);
	tcase_add_test(tc, test_door_made_secret);
	tcase_add_test(tc, test_door_removed);
	tcase_add_test(tc, test_bad_files_refused);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(read_json_suite)
