/* check_unix.c: mapsheet as a shell tool: --verbose says per level the
 * method, size, rooms and time and a sheet's paper and scale; progress
 * appears on a terminal (run under script(1)) and never in a pipe or file,
 * nor with --quiet; --help is short, grouped and within 80 columns, with the
 * method options in --help-methods, every one of them in the man page; the
 * config file sets defaults that options override; the completion script
 * knows the new options. */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/unix"
#define OUT DIR "/out.txt"
#define ERR DIR "/err.txt"

START_TEST(test_verbose)
{
	ck_assert_int_eq(test_run("--seed v --levels 2 --rooms 6 --verbose -o " DIR "/v.pdf", OUT, ERR), 0);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strstr(err, "mapsheet: level 1 of 2: dice method, ") != NULL, "%s", err);
	ck_assert_msg(strstr(err, "mapsheet: level 2 of 2: dice method, ") != NULL, "%s", err);
	ck_assert_ptr_nonnull(strstr(err, " squares, "));
	ck_assert_ptr_nonnull(strstr(err, " rooms and halls, "));
	ck_assert_ptr_nonnull(strstr(err, " ms\n"));
	ck_assert_msg(strstr(err, "level 1 sheet: letter ") != NULL, "%s", err);
	ck_assert_ptr_nonnull(strstr(err, " squares to the inch"));
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: wrote " DIR "/v.pdf (pdf) in "));
	/* not a terminal: no progress line */
	ck_assert_ptr_null(strchr(err, '\r'));
	free(err);
	/* without --verbose: silent; --quiet after --verbose wins */
	ck_assert_int_eq(test_run("--seed v --rooms 6 -o " DIR "/v.txt", OUT, ERR), 0);
	err = test_slurp(ERR, NULL);
	ck_assert_str_eq(err, "");
	free(err);
	ck_assert_int_eq(test_run("--verbose --quiet --rooms 6 -o " DIR "/v.txt", OUT, ERR), 0);
	err = test_slurp(ERR, NULL);
	ck_assert_str_eq(err, "");
	free(err);
}
END_TEST

/* Runs mapsheet under script(1), so that its stderr is a terminal; returns
 * what the terminal showed. */
static char *on_terminal(const char *args)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd,
		 "XDG_CONFIG_HOME=$PWD/" DIR "/none script -qec \"./mapsheet %s >/dev/null\" /dev/null > " DIR "/tty.txt 2>&1",
		 args);
	ck_assert_int_eq(system(cmd), 0);
	char *out = test_slurp(DIR "/tty.txt", NULL);
	ck_assert_ptr_nonnull(out);
	return out;
}

START_TEST(test_progress_on_terminal)
{
	ck_assert_int_eq(system("command -v script >/dev/null"), 0);
	char *tty = on_terminal("--seed p --levels 3 --rooms 6 -o " DIR "/p.pdf");
	ck_assert_msg(strstr(tty, "mapsheet: level 3 of 3: generating") != NULL, "%s", tty);
	ck_assert_ptr_nonnull(strstr(tty, "level 3 of 3: laying out the sheet..."));
	ck_assert_ptr_nonnull(strchr(tty, '\r'));
	/* the line is cleared at the end: the last thing shown is blank */
	size_t n = strlen(tty);
	ck_assert_int_gt(n, 2);
	ck_assert_msg(tty[n - 1] == '\r' && tty[n - 2] == ' ', "progress left on the screen: %s", tty + n - 40);
	free(tty);
	tty = on_terminal("--quiet --seed p --levels 3 --rooms 6 -o " DIR "/p.pdf");
	ck_assert_str_eq(tty, "");
	free(tty);
	tty = on_terminal("--seed p --levels 2 --rooms 6 -o " DIR "/p.dd2vtt");
	ck_assert_ptr_nonnull(strstr(tty, "level 2 of 2: drawing the tabletop image..."));
	free(tty);
}
END_TEST

/* Checks that every --option in the output of `args` is in the man page. */
static void options_in_man(const char *args)
{
	ck_assert_int_eq(test_run(args, OUT, ERR), 0);
	char *help = test_slurp(OUT, NULL), *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(help);
	ck_assert_ptr_nonnull(man);
	int n = 0;
	for (char *p = strstr(help, "--"); p; p = strstr(p + 2, "--")) {
		char roff[140];
		int r = 0;
		for (const char *q = p + 2; r < 130 && ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '-');
		     q++) {
			if (*q == '-')
				roff[r++] = '\\';
			roff[r++] = *q;
		}
		roff[r] = '\0';
		if (r == 0)
			continue;
		ck_assert_msg(strstr(man, roff) != NULL, "%s lists --%s, which man/mapsheet.1 lacks", args, p + 2);
		n++;
	}
	ck_assert_int_gt(n, 5);
	free(help);
	free(man);
}

START_TEST(test_help)
{
	ck_assert_int_eq(test_run("--help", OUT, ERR), 0);
	char *help = test_slurp(OUT, NULL);
	int lines = 0;
	for (char *line = help; *line;) {
		char *nl = strchr(line, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_msg(nl - line <= 80, "--help line longer than 80 columns: %.*s", (int)(nl - line), line);
		lines++;
		line = nl + 1;
	}
	ck_assert_int_le(lines, 72);  /* a screenful and a little; one line per option */
	static const char *const groups[] = { "\nThe map:\n", "\nThe key:\n", "\nThe sheet:\n", "\nOutput:\n",
					      "\nGeneral:\n", "\nExamples:\n" };
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
		ck_assert_msg(strstr(help, groups[i]) != NULL, "--help lacks the group %s", groups[i] + 1);
	/* the methods' own options are in --help-methods, not --help */
	ck_assert_ptr_null(strstr(help, "--hall-rate"));
	ck_assert_ptr_nonnull(strstr(help, "--help-methods"));
	free(help);
	ck_assert_int_eq(test_run("--help-methods", OUT, ERR), 0);
	help = test_slurp(OUT, NULL);
	for (int i = 0; method_table[i]; i++) {
		char head[64];
		snprintf(head, sizeof head, "\n%s: ", method_table[i]->name);
		ck_assert_msg(strstr(help, head) != NULL, "--help-methods lacks %s", method_table[i]->name);
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++) {
			char opt[64];
			snprintf(opt, sizeof opt, "--%s", o->name);
			ck_assert_msg(strstr(help, opt) != NULL, "--help-methods lacks %s", opt);
		}
	}
	free(help);
	options_in_man("--help");
	options_in_man("--help-methods");
}
END_TEST

START_TEST(test_config_file)
{
	/* the config file gives defaults; options on the command line win */
	mkdir(DIR "/xdg", 0777);
	mkdir(DIR "/xdg/mapsheet", 0777);
	FILE *f = fopen(DIR "/xdg/mapsheet/config", "w");
	ck_assert_ptr_nonnull(f);
	fputs("# my defaults\npaper:a4\nstyle:inksaver\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(system("XDG_CONFIG_HOME=$PWD/" DIR "/xdg ./mapsheet --seed c --rooms 5 -v -o " DIR
				"/c.pdf 2>" ERR),
			 0);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(strstr(err, "level 1 sheet: a4 ") != NULL, "%s", err);
	free(err);
	ck_assert_int_eq(system("XDG_CONFIG_HOME=$PWD/" DIR "/xdg ./mapsheet --seed c --rooms 5 --paper letter -v -o " DIR
				"/c.pdf 2>" ERR),
			 0);
	err = test_slurp(ERR, NULL);
	ck_assert_msg(strstr(err, "level 1 sheet: letter ") != NULL, "%s", err);
	free(err);
	/* a bad line names the file, line and column */
	f = fopen(DIR "/xdg/mapsheet/config", "w");
	fputs("paper:a4\ncolour:red\n", f);
	fclose(f);
	ck_assert_int_eq(system("XDG_CONFIG_HOME=$PWD/" DIR "/xdg ./mapsheet --seed c 2>" ERR " >/dev/null") >> 8, 2);
	err = test_slurp(ERR, NULL);
	ck_assert_msg(strstr(err, "config:2:") != NULL && strstr(err, "colour") != NULL, "%s", err);
	free(err);
}
END_TEST

START_TEST(test_completion)
{
	ck_assert_int_eq(test_run("--completion bash", OUT, ERR), 0);
	char *c = test_slurp(OUT, NULL);
	static const char *const want[] = { "--verbose", "--quiet", "--md-image)", "svg png", "--grid-pixels",
					    "--help-methods", "--hall-rate", "complete -o filenames -F _mapsheet mapsheet" };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(c, want[i]) != NULL, "the completion lacks %s", want[i]);
	free(c);
	/* bash accepts it */
	ck_assert_int_eq(system("bash -n " OUT), 0);
}
END_TEST

static Suite *unix_suite(void)
{
	Suite *s = suite_create("unix");
	TCase *tc = tcase_create("unix");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_verbose);
	tcase_add_test(tc, test_progress_on_terminal);
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_config_file);
	tcase_add_test(tc, test_completion);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(unix_suite)
