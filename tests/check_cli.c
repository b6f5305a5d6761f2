/* check_cli.c: the command line as a user meets it: bad input gets one line
 * naming the option, the value and what is accepted, exit status 2, and no
 * file written; good input writes text and JSON that meet the contract. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT "build/tests/cli.out"
#define ERR "build/tests/cli.err"

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Runs args; checks status 2, one stderr line starting "mapsheet: " that
 * contains `needle`, and that `target` (if any) was not created. */
static void expect_usage(const char *args, const char *needle, const char *target)
{
	if (target)
		unlink(target);
	int rc = test_run(args, OUT, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(rc == 2, "'%s' exited %d, stderr: %s", args, rc, err);
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0, "'%s' stderr: %s", args, err);
	ck_assert_msg(strstr(err, needle) != NULL, "'%s': stderr lacks '%s': %s", args, needle, err);
	char *nl = strchr(err, '\n');
	ck_assert_msg(nl && nl[1] == '\0', "'%s': not exactly one line: %s", args, err);
	if (target)
		ck_assert_msg(!exists(target), "'%s' wrote %s", args, target);
	free(err);
}

START_TEST(test_bad_options)
{
	const char *t = "build/tests/cli-bad.json";
	expect_usage("--method dise -o build/tests/cli-bad.json", "unknown method 'dise' (methods: ", t);
	expect_usage("--rooms abc -o build/tests/cli-bad.json", "--rooms: 'abc' is not a whole number", t);
	expect_usage("--rooms 0 -o build/tests/cli-bad.json", "--rooms: 0 is out of range", t);
	expect_usage("--rooms -5 -o build/tests/cli-bad.json", "--rooms: -5 is out of range", t);
	expect_usage("--rooms 99999999999999 -o build/tests/cli-bad.json", "--rooms", t);
	expect_usage("--size 0x0 -o build/tests/cli-bad.json", "--size: 0x0 is out of range", t);
	expect_usage("--size 100000x100000 -o build/tests/cli-bad.json", "--size: 100000x100000 is out of range", t);
	expect_usage("--size 40 -o build/tests/cli-bad.json", "--size: '40' is not WxH", t);
	expect_usage("--size 40x -o build/tests/cli-bad.json", "is not WxH", t);
	expect_usage("--seed '' -o build/tests/cli-bad.json", "--seed: the seed is empty", t);
	expect_usage("--levels 0 -o build/tests/cli-bad.json", "--levels: 0 is out of range", t);
	expect_usage("--numbering sideways -o build/tests/cli-bad.json", "unknown order 'sideways'", t);
	expect_usage("--frobnicate", "unknown option '--frobnicate'", NULL);
	expect_usage("-Z", "unknown option '-Z'", NULL);
	expect_usage("--rooms", "needs a value", NULL);
	expect_usage("stray", "unexpected argument 'stray'", NULL);
	expect_usage("-o build/tests/cli-bad.xyz", "cannot tell the format of 'build/tests/cli-bad.xyz'",
		     "build/tests/cli-bad.xyz");
	expect_usage("-o build/tests/cli-bad", "cannot tell the format", "build/tests/cli-bad");
}
END_TEST

START_TEST(test_help_and_version)
{
	ck_assert_int_eq(test_run("--help", OUT, ERR), 0);
	char *out = test_slurp(OUT, NULL);
	ck_assert_ptr_nonnull(strstr(out, "Usage: mapsheet"));
	ck_assert_ptr_nonnull(strstr(out, "--method"));
	free(out);
	ck_assert_int_eq(test_run("--version", OUT, ERR), 0);
	out = test_slurp(OUT, NULL);
	ck_assert_str_eq(out, "mapsheet " MAPSHEET_VERSION "\n");
	free(out);
	ck_assert_int_eq(test_run("--list-methods", OUT, ERR), 0);
	out = test_slurp(OUT, NULL);
	for (int i = 0; method_table[i]; i++)
		ck_assert_ptr_nonnull(strstr(out, method_table[i]->name));
	free(out);
}
END_TEST

START_TEST(test_help_matches_man_page)
{
	/* every long option in --help appears in man/mapsheet.1 */
	ck_assert_int_eq(test_run("--help", OUT, ERR), 0);
	char *help = test_slurp(OUT, NULL);
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(help);
	ck_assert_ptr_nonnull(man);
	for (char *p = strstr(help, "--"); p; p = strstr(p + 2, "--")) {
		char name[64], roff[140];
		int n = 0;
		p += 2;
		while (n < 63 && ((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') || p[n] == '-'))
			n++;
		if (n == 0)
			continue;
		snprintf(name, sizeof name, "%.*s", n, p);
		int r = 0;
		for (int i = 0; name[i] && r < 130; i++) {
			if (name[i] == '-')
				roff[r++] = '\\';
			roff[r++] = name[i];
		}
		roff[r] = '\0';
		ck_assert_msg(strstr(man, roff) != NULL, "--%s is in --help but not in man/mapsheet.1", name);
	}
	free(help);
	free(man);
}
END_TEST

START_TEST(test_existing_file_kept_on_failure)
{
	const char *t = "build/tests/cli-keep.json";
	FILE *f = fopen(t, "w");
	ck_assert_ptr_nonnull(f);
	fputs("precious", f);
	fclose(f);
	expect_usage("--method nope -o build/tests/cli-keep.json", "unknown method", NULL);
	char *kept = test_slurp(t, NULL);
	ck_assert_str_eq(kept, "precious");
	free(kept);
	/* a folder that does not exist: run-time error, status 1 */
	int rc = test_run("--seed 1 -o build/tests/no/such/dir/x.json", OUT, ERR);
	ck_assert_int_eq(rc, 1);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: "));
	free(err);
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("options");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_bad_options);
	tcase_add_test(tc, test_help_and_version);
	tcase_add_test(tc, test_help_matches_man_page);
	tcase_add_test(tc, test_existing_file_kept_on_failure);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(cli_suite)
