/* check_datafiles.c: every text file the program reads (the config file,
 * styles, stocking tables, name tables, theme tables, tiles) is checked as
 * UTF-8 when read, a bad sequence being a usage error at file:line:col; only
 * regular files are read: a FIFO as the config file ends the run at once
 * with one line, a directory as a style file is named as one. What the
 * program writes is valid UTF-8 in every format. */
#include "testutil.h"
#include "base/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DIR "build/tests/datafiles"
#define OUT DIR "/out.txt"
#define ERR DIR "/err.txt"

/* The program under test: $MAPSHEET_BIN (make sanitize sets it) or
 * ./mapsheet. */
static const char *bin(void)
{
	const char *b = getenv("MAPSHEET_BIN");
	return b && *b ? b : "./mapsheet";
}

START_TEST(test_utf8_rules)
{
	/* well-formed: ASCII, 2, 3 and 4 bytes, the last code point */
	const char *good[] = { "plain", "caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x90\x89", "\xf4\x8f\xbf\xbf",
			       "\xed\x9f\xbf" };
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		ck_assert_uint_eq(utf8_first_bad(good[i], strlen(good[i])), strlen(good[i]));
	/* overlong, surrogate, cut short, above U+10FFFF, stray continuation */
	struct { const char *s; size_t at; } bad[] = {
		{ "a\xc0\xaf", 1 }, { "ab\xed\xa0\x80", 2 }, { "\xe2\x82", 0 }, { "x\xf4\x90\x80\x80", 1 },
		{ "\x80", 0 }, { "\xe0\x80\xaf", 0 }, { "\xf0\x80\x80\xaf", 0 }, { "\xff", 0 }, { "ok\xc3", 2 },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_uint_eq(utf8_first_bad(bad[i].s, strlen(bad[i].s)), bad[i].at);
}
END_TEST

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

/* Copies src to dst with extra appended. */
static void copy_with(const char *src, const char *dst, const char *extra)
{
	size_t len;
	char *text = test_slurp(src, &len);
	ck_assert_ptr_nonnull(text);
	FILE *f = fopen(dst, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fputs(extra, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
	free(text);
}

static int lines_of(const char *path)
{
	size_t len;
	char *text = test_slurp(path, &len);
	ck_assert_ptr_nonnull(text);
	int n = 0;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	free(text);
	return n;
}

/* Runs args (with env before them), expects exit 2 and one line naming
 * where: "mapsheet: WHERE: invalid UTF-8 (bytes BYTES)". */
static void expect_bad(const char *env, const char *args, const char *where, const char *bytes)
{
	char cmd[2048], want[600];
	snprintf(cmd, sizeof cmd, "%s %s --seed d %s >" OUT " 2>" ERR " </dev/null", env, bin(), args);
	int st = system(cmd);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "%s: exit %d: %s", args, st, err);
	snprintf(want, sizeof want, "%s: invalid UTF-8 (bytes %s)", where, bytes);
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0 && strstr(err, want) != NULL, "want '%s', got '%s'", want,
		      err);
	ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "one line: %s", err);
	free(err);
}

START_TEST(test_bad_utf8_in_each_kind)
{
	ck_assert_int_eq(system("rm -rf " DIR "/t && mkdir -p " DIR "/t/xdg/mapsheet " DIR "/t/tpl/names " DIR
				"/t/tiles " DIR "/t/system && cp templates/tables/neutral/*.table " DIR "/t/system/"),
			 0);
	/* the config file: an overlong '/' */
	write_file(DIR "/t/xdg/mapsheet/config", "# defaults\npaper:letter\nstyle:cla\xc0\xafssic\n");
	/* an absolute folder: a relative XDG_CONFIG_HOME is ignored, as the XDG rules say */
	expect_bad("XDG_CONFIG_HOME=\"$PWD/\"" DIR "/t/xdg", "--rooms 5 -o " DIR "/c.txt", DIR "/t/xdg/mapsheet/config:3:10",
		   "C0 AF");
	/* a style: a surrogate */
	int n = lines_of("templates/styles/classic.style");
	copy_with("templates/styles/classic.style", DIR "/t/bad.style", "description:Ink \xed\xa0\x80 only\n");
	char where[300];
	snprintf(where, sizeof where, DIR "/t/bad.style:%d:17", n + 1);
	expect_bad("", "--rooms 5 --style " DIR "/t/bad.style -o " DIR "/c.svg", where, "ED A0 80");
	/* a stocking table: a sequence cut short by the line's end */
	n = lines_of("templates/tables/neutral/traps.table");
	copy_with("templates/tables/neutral/traps.table", DIR "/t/system/traps.table", "# a note \xe2\x82\n");
	snprintf(where, sizeof where, DIR "/t/system/traps.table:%d:10", n + 1);
	expect_bad("", "--rooms 5 --system " DIR "/t/system -o " DIR "/c.txt", where, "E2 82");
	/* a name table (found along MAPSHEET_TEMPLATES): above U+10FFFF */
	n = lines_of("templates/names/house.names");
	copy_with("templates/names/house.names", DIR "/t/tpl/names/house.names",
		  "name:room:12:60:1:0:Den\xf4\x90\x80\x80\n");
	snprintf(where, sizeof where, DIR "/t/tpl/names/house.names:%d:24", n + 1);
	expect_bad("MAPSHEET_TEMPLATES=" DIR "/t/tpl", "--method house --rooms 5 -o " DIR "/c.json", where,
		   "F4 90 80 80");
	/* a theme table: a stray continuation byte */
	n = lines_of("templates/themes/cards.txt");
	copy_with("templates/themes/cards.txt", DIR "/t/bad.txt", "theme:Glass Caves:shards \x80 everywhere\n");
	snprintf(where, sizeof where, DIR "/t/bad.txt:%d:26", n + 1);
	expect_bad("", "--method cards --themes " DIR "/t/bad.txt -o " DIR "/c.md", where, "80");
	/* a tile */
	n = lines_of("templates/tiles/rooms.tile");
	copy_with("templates/tiles/rooms.tile", DIR "/t/tiles/rooms.tile", "# caf\xc3\n");
	snprintf(where, sizeof where, DIR "/t/tiles/rooms.tile:%d:6", n + 1);
	expect_bad("", "--method tiles --tiles +" DIR "/t/tiles -o " DIR "/c.txt", where, "C3");
}
END_TEST

/* Runs args with the config folder xdg; returns the exit status and the
 * seconds it took. */
static int run_timed(const char *xdg, const char *args, double *secs)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "XDG_CONFIG_HOME=\"$PWD/\"%s timeout 10 %s %s >" OUT " 2>" ERR " </dev/null", xdg, bin(),
		 args);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int st = system(cmd);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*secs = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_special_files)
{
	ck_assert_int_eq(system("rm -rf " DIR "/s && mkdir -p " DIR "/s/fifo/mapsheet " DIR "/s/dev/mapsheet " DIR
				"/s/dir/mapsheet/config " DIR "/s/dir.style"), 0);
	ck_assert_int_eq(mkfifo(DIR "/s/fifo/mapsheet/config", 0644), 0);
	ck_assert_int_eq(symlink("/dev/zero", DIR "/s/dev/mapsheet/config"), 0);
	struct { const char *xdg, *args, *want; } cases[] = {
		{ DIR "/s/fifo", "--rooms 5 -o " DIR "/s/a.txt",
		  "mapsheet: " DIR "/s/fifo/mapsheet/config: is a FIFO (named pipe), not a text file (expected a "
		  "regular file)\n" },
		{ DIR "/s/dev", "--rooms 5 -o " DIR "/s/a.txt",
		  "mapsheet: " DIR "/s/dev/mapsheet/config: is a character device, not a text file (expected a "
		  "regular file)\n" },
		{ DIR "/s/dir", "--rooms 5 -o " DIR "/s/a.txt",
		  "mapsheet: " DIR "/s/dir/mapsheet/config: is a directory, not a text file (expected a regular "
		  "file)\n" },
		{ DIR "/s/none", "--rooms 5 --style " DIR "/s/dir.style -o " DIR "/s/a.svg",
		  "mapsheet: " DIR "/s/dir.style: is a directory, not a text file (expected a regular file)\n" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		double secs;
		int rc = run_timed(cases[i].xdg, cases[i].args, &secs);
		char *err = test_slurp(ERR, NULL);
		ck_assert_ptr_nonnull(err);
		ck_assert_msg(rc == 2, "%s: exit %d: %s", cases[i].xdg, rc, err);
		ck_assert_msg(secs < 3, "took %.1f s", secs);
		/* the config file is named by its absolute path */
		ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0 && strstr(err, cases[i].want + 10) != NULL,
			      "want '%s', got '%s'", cases[i].want, err);
		free(err);
	}
	/* nothing was written */
	ck_assert_int_ne(access(DIR "/s/a.txt", F_OK), 0);
	ck_assert_int_ne(access(DIR "/s/a.svg", F_OK), 0);
}
END_TEST

/* Whether the file at path is valid UTF-8 throughout. */
static void assert_utf8_file(const char *path)
{
	size_t len;
	char *text = test_slurp(path, &len);
	ck_assert_msg(text != NULL, "%s missing", path);
	size_t bad = utf8_first_bad(text, len);
	ck_assert_msg(bad == len, "%s: invalid UTF-8 at byte %zu", path, bad);
	free(text);
}

START_TEST(test_outputs_are_utf8)
{
	/* names beyond ASCII, in every length of sequence, through every text format */
	ck_assert_int_eq(system("rm -rf " DIR "/u && mkdir -p " DIR "/u/tpl/names"), 0);
	write_file(DIR "/u/tpl/names/house.names",
		   "entrance:Vestibule \xc3\xa0 l'ouest\nname:hall:1:100000:10:0:Couloir \xe2\x80\x94 nord\n"
		   "name:room:1:100000:10:0:Salle du \xf0\x9f\x90\x89 dragon\n");
	const char *formats[] = { "txt", "json", "md", "svg", "dd2vtt" };
	for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
		char cmd[600], path[300];
		snprintf(path, sizeof path, DIR "/u/h.%s", formats[i]);
		snprintf(cmd, sizeof cmd, "MAPSHEET_TEMPLATES=" DIR "/u/tpl %s -q --method house --seed "
			 "'\xc3\xa9t\xc3\xa9' --rooms 8 -o %s 2>" ERR, bin(), path);
		ck_assert_msg(system(cmd) == 0, "%s", formats[i]);
		assert_utf8_file(path);
	}
	char *json = test_slurp(DIR "/u/h.json", NULL);
	ck_assert_ptr_nonnull(json);
	ck_assert_ptr_nonnull(strstr(json, "Salle du \xf0\x9f\x90\x89 dragon"));
	free(json);
	assert_utf8_file(DIR "/u/h.svg");
}
END_TEST

static Suite *datafiles_suite(void)
{
	Suite *s = suite_create("datafiles");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_utf8_rules);
	tcase_add_test(tc, test_bad_utf8_in_each_kind);
	tcase_add_test(tc, test_special_files);
	tcase_add_test(tc, test_outputs_are_utf8);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(datafiles_suite)
