/* check_robust.c: reliability for every method in the method table, so a
 * method merged later is covered without a new line here: impossible
 * requests end (a smaller map and a warning, or a one-line reason) within an
 * alarm; the same command gives byte-identical text and JSON; and the shared
 * invariants (tests/invariants.h) hold over many seeds, one level and two. */
#include "invariants.h"
#include "testrun.h"
#include "testutil.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/robust"
#define ERR DIR "/err"

/* Methods whose --rooms only sizes the grid (the count follows the plan):
 * a shortfall needs no warning from the generator itself. */
static const char *const count_not_target[] = { "house", NULL };

static unsigned method_flags(const char *name)
{
	for (int i = 0; count_not_target[i]; i++)
		if (strcmp(count_not_target[i], name) == 0)
			return SWEEP_COUNT_NOT_TARGET;
	return 0;
}

static void setup(void)
{
	ck_assert_int_eq(system("mkdir -p " DIR " build/tests/xdg"), 0);
}

/* Every stderr line is "mapsheet: ..."; returns how many there are. */
static int stderr_lines(const char *text, const char *args)
{
	int n = 0;
	for (const char *p = text; *p; n++) {
		ck_assert_msg(strncmp(p, "mapsheet: ", 10) == 0, "'%s': stray stderr line: %s", args, p);
		const char *nl = strchr(p, '\n');
		ck_assert_msg(nl != NULL, "'%s': stderr does not end its line: %s", args, p);
		p = nl + 1;
	}
	return n;
}

/* One impossible request: it must end before the alarm, and either write
 * the map and warn, or fail with one line and write nothing. */
static void impossible(const char *method, const char *request)
{
	char args[512], out[128];
	snprintf(out, sizeof out, DIR "/impossible-%s.json", method);
	snprintf(args, sizeof args, "--seed hard --method %s %s -o %s", method, request, out);
	unlink(out);
	struct test_limits lim = { 30, 0, NULL };
	int rc = test_run_limited(args, &lim, NULL, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(rc != 128 + SIGALRM, "'%s' still ran after 30 s", args);
	ck_assert_msg(rc == 0 || rc == 1 || rc == 2, "'%s' ended with %d: %s", args, rc, err);
	int lines = stderr_lines(err, args);
	struct stat st;
	if (rc == 0) {
		ck_assert_msg(strstr(err, "warning: ") != NULL, "'%s' made a map without saying it fell short", args);
		ck_assert_msg(stat(out, &st) == 0 && st.st_size > 0, "'%s' succeeded but wrote no %s", args, out);
	} else {
		ck_assert_msg(lines == 1, "'%s' failed with %d lines: %s", args, lines, err);
		ck_assert_msg(stat(out, &st) != 0, "'%s' failed but wrote %s", args, out);
	}
	free(err);
}

START_TEST(test_impossible_requests)
{
	setup();
	for (int i = 0; method_table[i]; i++) {
		impossible(method_table[i]->name, "--rooms 200 --size 10x10");
		impossible(method_table[i]->name, "--rooms 100000 --size 8x8");
		impossible(method_table[i]->name, "--rooms 60 --size 12x9 --levels 3");
	}
}
END_TEST

/* The same command twice (the output path is part of the remake command
 * the output prints, so both runs write the same path): byte-identical. */
static void same_twice(const char *method, const char *extra, const char *ext)
{
	char args[512], path[128];
	char *text[2];
	size_t len[2];
	snprintf(path, sizeof path, DIR "/twice-%s.%s", method, ext);
	snprintf(args, sizeof args, "--quiet --seed twice --method %s %s -o %s", method, extra, path);
	for (int k = 0; k < 2; k++) {
		unlink(path);
		ck_assert_msg(test_run(args, NULL, ERR) == 0, "'%s' failed", args);
		text[k] = test_slurp(path, &len[k]);
		ck_assert_ptr_nonnull(text[k]);
	}
	ck_assert_msg(len[0] > 0 && len[0] == len[1] && memcmp(text[0], text[1], len[0]) == 0,
		      "'%s': two runs differ", args);
	free(text[0]);
	free(text[1]);
}

/* The output formats checked for byte-identical reruns (add sheet formats
 * here as they land; for PDF, setenv SOURCE_DATE_EPOCH first). */
static const char *const formats[] = { "txt", "json", NULL };

START_TEST(test_determinism)
{
	setup();
	for (int i = 0; method_table[i]; i++) {
		const char *name = method_table[i]->name;
		for (int f = 0; formats[f]; f++) {
			same_twice(name, "", formats[f]);
			same_twice(name, "--levels 2 --log " DIR "/twice.log", formats[f]);
		}
		same_twice(name, "--rooms 40 --no-stock --numbering reading", "txt");
	}
}
END_TEST

START_TEST(test_sweep_default)
{
	for (int i = 0; method_table[i]; i++) {
		struct sweep sw = { method_table[i]->name, NULL, 150, "robust", method_flags(method_table[i]->name),
				    NULL, NULL };
		struct sweep_stats st;
		test_sweep(&sw, &st);
		ck_assert_int_eq(st.maps, 150);
		ck_assert_int_gt(st.keyed, 150);
	}
}
END_TEST

START_TEST(test_sweep_levels)
{
	for (int i = 0; method_table[i]; i++) {
		struct sweep sw = { method_table[i]->name, NULL, 80, "levels",
				    SWEEP_LEVELS | method_flags(method_table[i]->name), NULL, NULL };
		struct sweep_stats st;
		test_sweep(&sw, &st);
		ck_assert_int_eq(st.maps, 160);
	}
}
END_TEST

/* Crowded grids: the counts must be honest when rooms do not fit. */
START_TEST(test_sweep_crowded)
{
	for (int i = 0; method_table[i]; i++) {
		struct gen_params p;
		gen_params_default(&p);
		p.rooms = 40;
		p.w = 20;
		p.h = 16;
		struct sweep sw = { method_table[i]->name, &p, 100, "crowded", SWEEP_TWICE |
				    method_flags(method_table[i]->name), NULL, NULL };
		struct sweep_stats st;
		test_sweep(&sw, &st);
		ck_assert_int_eq(st.maps, 100);
		/* 40 rooms never fit on 20x16 */
		ck_assert_int_eq(st.short_count, 100);
		if (!(sw.flags & SWEEP_COUNT_NOT_TARGET))
			ck_assert_int_eq(st.warned, 100);
	}
}
END_TEST

static Suite *robust_suite(void)
{
	Suite *s = suite_create("robust");
	TCase *tc = tcase_create("methods");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_impossible_requests);
	tcase_add_test(tc, test_determinism);
	tcase_add_test(tc, test_sweep_default);
	tcase_add_test(tc, test_sweep_levels);
	tcase_add_test(tc, test_sweep_crowded);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(robust_suite)
