/* check_golden.c: the text output of fixed seeds stays byte for byte what was
 * checked in under tests/golden/ (refreshed only on purpose: make golden). */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(test_golden_cases)
{
	FILE *f = fopen("tests/golden/cases", "r");
	ck_assert_ptr_nonnull(f);
	char line[1024];
	int cases = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		char *bar = strchr(line, '|');
		if (line[0] == '#' || !bar)
			continue;
		*bar = '\0';
		char args[1200], want_path[1200];
		snprintf(args, sizeof args, "%s --quiet -o -", bar + 1);
		snprintf(want_path, sizeof want_path, "tests/golden/%s.txt", line);
		ck_assert_int_eq(test_run(args, "build/tests/golden.out", "build/tests/golden.err"), 0);
		size_t got_len, want_len;
		char *got = test_slurp("build/tests/golden.out", &got_len);
		char *want = test_slurp(want_path, &want_len);
		ck_assert_msg(want != NULL, "missing %s (run make golden)", want_path);
		ck_assert_msg(got_len == want_len && memcmp(got, want, got_len) == 0,
			      "output of '%s' differs from %s", args, want_path);
		free(got);
		free(want);
		cases++;
	}
	fclose(f);
	ck_assert_int_ge(cases, method_table[0] ? 1 : 0);
}
END_TEST

static Suite *golden_suite(void)
{
	Suite *s = suite_create("golden");
	TCase *tc = tcase_create("text");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_golden_cases);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(golden_suite)
