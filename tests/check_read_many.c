/* check_read_many.c: several --input files make one booklet. Each file's
 * levels follow in the order given, numbered through the booklet; a file's
 * stairs keep leading to its own levels (their numbers, and the key lines
 * naming them, move with the file), and its last level leads down to the
 * next file's first (check_booklet_join.c); stairs to a level the file lacks are
 * named in a warning; the title is the first file's unless --title; the
 * factions are every file's, in order, and each file's rooms name their own
 * (the secret is the first file's); the remake line names every file; --level K and --player work across the
 * files; every output format takes the set; and the list is bounded. */
#include "testrun.h"
#include "testutil.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/read_many"

static json_t *load(const char *path)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	ck_assert_msg(root != NULL, "%s: %s", path, je.text);
	return root;
}

static json_t *level_of(json_t *root, int k)
{
	return json_array_get(json_object_get(root, "levels"), (size_t)k);
}

/* The three source files, made once for the suite: a titled one-level mansion, a three-level
 * dungeon joined by stairs, and a one-level cards map. */
static void make_sources(void)
{
	ck_assert_int_eq(test_run("-q -m mansion -s many-a --title 'Ashford Manor' -o " DIR "/a.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -m dice,cards,mansion --levels 3 -s many-deep18 -o " DIR "/deep.json", NULL, NULL),
			 0);
	ck_assert_int_eq(test_run("-q -m cards -s many-c -o " DIR "/c.json", NULL, NULL), 0);
}

/* A key line of level lv starting with prefix, or NULL. */
static const char *key_line(json_t *lv, const char *prefix)
{
	size_t i, j;
	json_t *en, *line;
	json_array_foreach(json_object_get(lv, "key"), i, en)
		json_array_foreach(json_object_get(en, "lines"), j, line)
			if (strncmp(json_string_value(line), prefix, strlen(prefix)) == 0)
				return json_string_value(line);
	return NULL;
}

START_TEST(test_levels_in_order)
{
	ck_assert_int_eq(test_run("-i " DIR "/a.json -i " DIR "/deep.json -i " DIR "/c.json -o " DIR "/site.json", NULL,
				  DIR "/site.err"), 0);
	size_t len;
	char *err = test_slurp(DIR "/site.err", &len);
	ck_assert_msg(len == 0, "warnings for files whose stairs are whole: %s", err);
	free(err);
	json_t *site = load(DIR "/site.json"), *a = load(DIR "/a.json"), *deep = load(DIR "/deep.json"),
	       *c = load(DIR "/c.json");
	ck_assert_int_eq(json_array_size(json_object_get(site, "levels")), 5);
	/* each level is its file's, in order, at its place in the booklet */
	json_t *from[5] = { level_of(a, 0), level_of(deep, 0), level_of(deep, 1), level_of(deep, 2), level_of(c, 0) };
	for (int k = 0; k < 5; k++) {
		json_t *lv = level_of(site, k);
		ck_assert_int_eq(json_integer_value(json_object_get(lv, "depth")), k + 1);
		ck_assert_str_eq(json_string_value(json_object_get(lv, "method")),
				 json_string_value(json_object_get(from[k], "method")));
		/* joined by stairs, not rebuilt: the walls are the file's, and
		 * the doors but for c's door to the outside, which its stairs up
		 * from deep's last level replace */
		ck_assert(json_equal(json_object_get(lv, "regions"), json_object_get(from[k], "regions")));
		json_t *doors = json_object_get(lv, "doors"), *was = json_object_get(from[k], "doors");
		if (k < 4) {
			ck_assert(json_equal(doors, was));
			continue;
		}
		ck_assert_uint_eq(json_array_size(doors) + 1, json_array_size(was));
		size_t i;
		json_t *door;
		json_array_foreach(doors, i, door)
			ck_assert(!json_is_null(json_array_get(json_object_get(door, "regions"), 1)));
		ck_assert(json_is_null(json_object_get(json_object_get(lv, "entrance"), "side")));
	}
	/* deep's stairs lead from its level 1 (booklet 2) to its level 2 (booklet 3) */
	json_t *down = json_array_get(json_object_get(level_of(site, 1), "stairs"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(down, "dir")), "down");
	ck_assert_int_eq(json_integer_value(json_object_get(down, "to_level")), 3);
	const char *line = key_line(level_of(site, 1), "Stairs down to level ");
	ck_assert_ptr_nonnull(line);
	ck_assert_msg(strncmp(line, "Stairs down to level 3, room ", 29) == 0, "%s", line);
	line = key_line(level_of(site, 3), "Stairs up to level ");
	ck_assert_msg(line && strncmp(line, "Stairs up to level 3, room ", 27) == 0, "%s", line ? line : "none");
	/* each file's last level leads down to the next file's first */
	line = key_line(level_of(site, 0), "Stairs ");
	ck_assert_msg(line && strncmp(line, "Stairs down to level 2, room ", 29) == 0, "%s", line ? line : "none");
	line = key_line(level_of(site, 4), "Stairs ");
	ck_assert_msg(line && strncmp(line, "Stairs up to level 4, room ", 27) == 0, "%s", line ? line : "none");
	/* the first file's title; the remake line names every file */
	ck_assert_str_eq(json_string_value(json_object_get(site, "title")), "Ashford Manor");
	ck_assert_str_eq(json_string_value(json_object_get(site, "command")),
			 "mapsheet -i " DIR "/a.json -i " DIR "/deep.json -i " DIR "/c.json -o " DIR "/site.json");
	json_decref(site);
	json_decref(a);
	json_decref(deep);
	json_decref(c);
	/* read back, the booklet writes the same bytes but for the command */
	ck_assert_int_eq(test_run("-q -i " DIR "/site.json -o " DIR "/site.again.json", NULL, NULL), 0);
	site = load(DIR "/site.json");
	json_t *again = load(DIR "/site.again.json");
	json_object_del(site, "command");
	json_object_del(again, "command");
	ck_assert(json_equal(site, again));
	json_decref(site);
	json_decref(again);
	/* --title wins over the first file's */
	ck_assert_int_eq(test_run("-q -i " DIR "/a.json -i " DIR "/c.json --title Elsewhere -o " DIR "/titled.json",
				  NULL, NULL), 0);
	site = load(DIR "/titled.json");
	ck_assert_str_eq(json_string_value(json_object_get(site, "title")), "Elsewhere");
	json_decref(site);
}
END_TEST

/* Each file's factions follow those of the files before it; its rooms'
 * occupants name theirs at the new place; the secret is the first file's. */
START_TEST(test_factions_joined)
{
	ck_assert_int_eq(test_run("-q -i " DIR "/a.json -i " DIR "/c.json -o " DIR "/joined.json", NULL, NULL), 0);
	json_t *site = load(DIR "/joined.json"), *a = load(DIR "/a.json"), *c = load(DIR "/c.json");
	json_t *fs = json_object_get(site, "factions"), *fa = json_object_get(a, "factions"),
	       *fc = json_object_get(c, "factions");
	size_t na = json_array_size(fa), nc = json_array_size(fc);
	ck_assert(na > 0 && nc > 0);
	ck_assert_uint_eq(json_array_size(fs), na + nc);
	for (size_t i = 0; i < na + nc; i++)
		ck_assert(json_equal(json_array_get(fs, i), i < na ? json_array_get(fa, i) : json_array_get(fc, i - na)));
	ck_assert(json_equal(json_object_get(site, "secret"), json_object_get(a, "secret")));
	/* c's rooms, level 2 of the booklet: the same groups, their factions moved by a's */
	json_t *keys = json_object_get(level_of(site, 1), "key"), *ckeys = json_object_get(level_of(c, 0), "key");
	int named = 0;
	size_t i, j;
	json_t *en, *o;
	json_array_foreach(ckeys, i, en) {
		json_t *os = json_object_get(json_array_get(keys, i), "occupants");
		ck_assert_uint_eq(json_array_size(os), json_array_size(json_object_get(en, "occupants")));
		json_array_foreach(json_object_get(en, "occupants"), j, o) {
			json_t *f = json_object_get(o, "faction"), *g = json_object_get(json_array_get(os, j), "faction");
			if (json_is_null(f)) {
				ck_assert(json_is_null(g));
				continue;
			}
			ck_assert_int_eq(json_integer_value(g), json_integer_value(f) + (json_int_t)na);
			named++;
		}
	}
	ck_assert_int_gt(named, 0);
	json_decref(site);
	json_decref(a);
	json_decref(c);
}
END_TEST

/* A file holding level 1 of a two-level dungeon: its stairs down name a
 * level it lacks, and the warning says where they lead in the booklet. */
START_TEST(test_stairs_out_of_file_warned)
{
	json_t *deep = load(DIR "/deep.json");
	json_array_remove(json_object_get(deep, "levels"), 2);
	json_array_remove(json_object_get(deep, "levels"), 1);
	ck_assert_int_eq(json_dump_file(deep, DIR "/top.json", JSON_INDENT(1)), 0);
	json_decref(deep);
	ck_assert_int_eq(test_run("-i " DIR "/a.json -i " DIR "/top.json -o " DIR "/top.txt", NULL, DIR "/top.err"), 0);
	size_t len;
	char *err = test_slurp(DIR "/top.err", &len);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strstr(err, "mapsheet: warning: " DIR "/top.json: levels[0].stairs[0]: the stairs down lead to level 2, "
			     "which the file does not hold; in the booklet they lead to level 3") != NULL, "%s", err);
	ck_assert_ptr_eq(strchr(err, '\n'), err + len - 1);
	free(err);
}
END_TEST

START_TEST(test_level_and_player_across_files)
{
	const char *files = "-i " DIR "/a.json -i " DIR "/deep.json -i " DIR "/c.json";
	char args[512];
	snprintf(args, sizeof args, "-q %s --level 4 -o " DIR "/four.txt", files);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	size_t len;
	char *txt = test_slurp(DIR "/four.txt", &len);
	ck_assert_ptr_nonnull(strstr(txt, "mansion, seed many-a, level 4 of 5"));
	ck_assert_ptr_null(strstr(txt, "level 3 of 5"));
	free(txt);
	snprintf(args, sizeof args, "-q %s --level 6 -o " DIR "/six.txt", files);
	ck_assert_int_eq(test_run(args, NULL, DIR "/six.err"), 2);
	char *err = test_slurp(DIR "/six.err", &len);
	ck_assert_str_eq(err, "mapsheet: --level 6: the 3 --input files hold levels 1 to 5\n");
	free(err);
	ck_assert_int_ne(access(DIR "/six.txt", F_OK), 0);
	/* the players' view of the files joined by stairs: the manor leads
	 * down to the deep dungeon, whose level 2 lies behind a secret door,
	 * so the handout ends at the dungeon's level 1; the cards map, reached
	 * only from the dungeon's last level, is not on it either */
	snprintf(args, sizeof args, "%s --player -o " DIR "/player.md", files);
	ck_assert_int_eq(test_run(args, NULL, DIR "/player.err"), 0);
	err = test_slurp(DIR "/player.err", &len);
	ck_assert_str_eq(err, "mapsheet: warning: " DIR "/deep.json: the players' handout has nothing below the file's "
			 "level 1 (level 2 of the handout): the stairs down are behind a secret door "
			 "(--player-secret-rooms shows the levels below)\n");
	free(err);
	char *md = test_slurp(DIR "/player.md", &len);
	ck_assert_ptr_nonnull(strstr(md, "![Map of level 2]"));
	ck_assert_ptr_null(strstr(md, "![Map of level 3]"));
	free(md);
	snprintf(args, sizeof args, "-q %s --player --level 2 -o " DIR "/two.svg", files);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	snprintf(args, sizeof args, "-q %s --player --level 3 -o " DIR "/three.svg", files);
	ck_assert_int_eq(test_run(args, NULL, DIR "/three.err"), 2);
	err = test_slurp(DIR "/three.err", &len);
	ck_assert_ptr_nonnull(strstr(err, "--level 3: the players cannot reach level 3 without finding a secret door"));
	free(err);
	snprintf(args, sizeof args, "-q %s --player-secret-rooms --level 5 -o " DIR "/five.svg", files);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
}
END_TEST

/* Every output takes the combined set. */
START_TEST(test_every_format)
{
	/* a file a level: .svg and .dd2vtt write NAME-1 to NAME-4 */
	static const char *const outs[] = { "set.pdf", "set.svg", "set.txt", "set.md", "set.json", "set.dd2vtt" };
	static const char *const written[] = { "set.pdf", "set-4.svg", "set.txt", "set.md", "set.json", "set-4.dd2vtt" };
	for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
		char args[512], path[128];
		snprintf(path, sizeof path, DIR "/%s", written[i]);
		unlink(path);
		snprintf(args, sizeof args, "-q -i " DIR "/a.json -i " DIR "/deep.json -o " DIR "/%s", outs[i]);
		ck_assert_msg(test_run(args, NULL, NULL) == 0, "%s", outs[i]);
		struct stat st;
		ck_assert_msg(stat(path, &st) == 0 && st.st_size > 0, "%s not written", written[i]);
	}
	ck_assert_int_eq(test_run("-q -i " DIR "/a.json -i " DIR "/deep.json --format pdf-cairo -o " DIR "/sheets.pdf",
				  NULL, NULL), 0);
	/* the booklet has every level: the last page of level 4 says so */
	FILE *p = popen("pdftotext " DIR "/set.pdf - 2>/dev/null", "r");
	ck_assert_ptr_nonnull(p);
	char line[1024];
	int four = 0;
	while (fgets(line, sizeof line, p))
		four |= strstr(line, "level 4 of 4") != NULL;
	ck_assert_int_eq(pclose(p), 0);
	ck_assert_int_eq(four, 1);
	char *txt = test_slurp(DIR "/set.txt", NULL);
	ck_assert_ptr_nonnull(strstr(txt, "level 1 of 4"));
	ck_assert_ptr_nonnull(strstr(txt, "level 4 of 4"));
	free(txt);
}
END_TEST

/* The list is bounded: 99 files, one standard input, 99 levels in all;
 * a bad file anywhere in the list writes nothing. */
START_TEST(test_bounds)
{
	static char args[16384];
	size_t n = 0;
	for (int i = 0; i < 100; i++)
		n += (size_t)snprintf(args + n, sizeof args - n, "-i " DIR "/c.json ");
	snprintf(args + n, sizeof args - n, "-o " DIR "/many.txt");
	ck_assert_int_eq(test_run(args, NULL, DIR "/many.err"), 2);
	char *err = test_slurp(DIR "/many.err", NULL);
	ck_assert_str_eq(err, "mapsheet: --input: more than 99 files (a booklet holds at most 99 levels)\n");
	free(err);
	n = 0;
	for (int i = 0; i < 34; i++)
		n += (size_t)snprintf(args + n, sizeof args - n, "-i " DIR "/deep.json ");
	snprintf(args + n, sizeof args - n, "-o " DIR "/many.txt");
	ck_assert_int_eq(test_run(args, NULL, DIR "/many.err"), 2);
	err = test_slurp(DIR "/many.err", NULL);
	ck_assert_str_eq(err, "mapsheet: " DIR "/deep.json: its 3 levels would make the booklet 102 levels long, "
			 "more than 99\n");
	free(err);
	ck_assert_int_eq(test_run("-i - -i " DIR "/a.json -i - -o " DIR "/many.txt", NULL, DIR "/many.err"), 2);
	err = test_slurp(DIR "/many.err", NULL);
	ck_assert_str_eq(err, "mapsheet: --input: - (standard input) given twice; it can be read once\n");
	free(err);
	ck_assert_int_eq(test_write_file(DIR "/broken.json", "{\"format\": \"mapsheet\",\n  oops}\n", 31), 0);
	ck_assert_int_eq(test_run("-i " DIR "/a.json -i " DIR "/broken.json -o " DIR "/many.txt", NULL,
				  DIR "/many.err"), 2);
	err = test_slurp(DIR "/many.err", NULL);
	ck_assert_msg(strncmp(err, "mapsheet: " DIR "/broken.json:2:", strlen("mapsheet: " DIR "/broken.json:2:")) == 0,
		      "%s", err);
	free(err);
	ck_assert_int_ne(access(DIR "/many.txt", F_OK), 0);
	/* and no input is overwritten, whichever it is */
	ck_assert_int_eq(test_run("-i " DIR "/a.json -i " DIR "/c.json -o " DIR "/c.json", NULL, DIR "/many.err"), 1);
	err = test_slurp(DIR "/many.err", NULL);
	ck_assert_ptr_nonnull(strstr(err, "will not write " DIR "/c.json: this run reads it"));
	free(err);
}
END_TEST

static Suite *read_many_suite(void)
{
	Suite *s = suite_create("read_many");
	TCase *tc = tcase_create("read_many");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_unchecked_fixture(tc, make_sources, NULL);
	tcase_add_test(tc, test_levels_in_order);
	tcase_add_test(tc, test_stairs_out_of_file_warned);
	tcase_add_test(tc, test_factions_joined);
	tcase_add_test(tc, test_level_and_player_across_files);
	tcase_add_test(tc, test_every_format);
	tcase_add_test(tc, test_bounds);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(read_many_suite)
