/* check_cli_refusals.c: bad values are refused the same way whatever the
 * output format (one "mapsheet: " line, status 2, no file written), config
 * file values are reported at PATH:LINE:COL, a misspelt option gets the
 * nearest one, and a method's option is refused when no level uses that
 * method. */
#define _GNU_SOURCE   /* memmem */
#include "testrun.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/refusals"
#define OUT DIR "/out"
#define ERR DIR "/err"

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Runs args with config home `xdg` (NULL: none); checks status 2, exactly
 * one stderr line "mapsheet: ..." containing needle, and that target (if
 * any) was not written. */
static void refused_with(const char *xdg, const char *args, const char *needle, const char *target)
{
	if (target)
		unlink(target);
	struct test_limits lim = { 60, 0, xdg };
	int rc = test_run_limited(args, &lim, OUT, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(rc == 2, "'%.100s' exited %d, stderr: %s", args, rc, err);
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0, "'%.100s' stderr: %s", args, err);
	ck_assert_msg(strstr(err, needle) != NULL, "'%.100s': stderr lacks '%s': %s", args, needle, err);
	char *nl = strchr(err, '\n');
	ck_assert_msg(nl && nl[1] == '\0', "'%.100s': not exactly one line: %s", args, err);
	if (target)
		ck_assert_msg(!exists(target), "'%.100s' wrote %s", args, target);
	free(err);
}

static void refused(const char *args, const char *needle, const char *target)
{
	refused_with(NULL, args, needle, target);
}

static const char *const formats[] = { "txt", "json", "md", "pdf", "svg", "png", "dd2vtt", "module" };

START_TEST(test_values_checked_for_every_format)
{
	for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
		char target[64], args[300];
		snprintf(target, sizeof target, DIR "/bad.%s", formats[f]);
		snprintf(args, sizeof args, "--rooms 4 --paper b17 -o %s", target);
		refused(args, "--paper: 'b17' is not a paper size", target);
		snprintf(args, sizeof args, "--rooms 4 --paper 0x0mm -o %s", target);
		refused(args, "--paper: ", target);
		snprintf(args, sizeof args, "--rooms 4 --style nosuchstyle -o %s", target);
		refused(args, "--style: unknown style 'nosuchstyle'", target);
		snprintf(args, sizeof args, "--rooms 4 --dpi 5 -o %s", target);
		refused(args, "--dpi: 5 is out of range", target);
		/* invalid UTF-8 in any value: the option and the byte offset */
		snprintf(args, sizeof args, "--rooms 4 --title \"$(printf 'ab\\377c')\" -o %s", target);
		refused(args, "--title: the value is not valid UTF-8 (at byte offset 2;", target);
		snprintf(args, sizeof args, "--rooms 4 --seed \"$(printf '\\303(')\" -o %s", target);
		refused(args, "--seed: the value is not valid UTF-8 (at byte offset 0;", target);
	}
	refused("--rooms 4 --system \"$(printf 'x\\300\\257')\" -o " DIR "/bad.json",
		"--system: the value is not valid UTF-8 (at byte offset 1;", DIR "/bad.json");
	refused("--rooms 4 --themes \"$(printf '\\355\\240\\200')\" --method cards -o " DIR "/bad.json",
		"--themes: the value is not valid UTF-8 (at byte offset 0;", DIR "/bad.json");
}
END_TEST

START_TEST(test_scale_range_as_documented)
{
	/* the man page and the program give --scale the same range */
	refused("--scale 0.5 -o " DIR "/s.json", "--scale: '0.5' is not a scale (squares per inch, 1 to 16, or fit)",
		DIR "/s.json");
	ck_assert_int_eq(test_run("-q --rooms 3 --scale 16 -o " DIR "/s.json", NULL, NULL), 0);
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(man);
	const char *entry = strstr(man, "\n.BR \\-\\-scale ");
	ck_assert_ptr_nonnull(entry);
	const char *range = strstr(entry, "squares to the inch (1 to 16)");
	ck_assert_msg(range && range - entry < 200, "man/mapsheet.1 --scale does not say 1 to 16");
	free(man);
}
END_TEST

/* A scale given outright that no one could read is refused as a fitted
 * one is, before anything is made: one line naming the size of a square,
 * the finest scale and what to use instead, exit 2, and no file. Before,
 * --scale 50 printed a map an inch wide with its numbers run together. */
START_TEST(test_scale_too_fine)
{
	refused("--seed 7 --scale 50 -o " DIR "/fine.pdf",
		"mapsheet: --scale 50: squares would be 0.02in, too small to read; 16 squares to the inch is the "
		"finest (use --scale 1 to 16, or fit; or --poster to print a large map in pieces)\n", DIR "/fine.pdf");
	refused("--seed 7 --scale 16.5 -o " DIR "/fine.svg", "--scale 16.5: squares would be 0.06in", DIR "/fine.svg");
	refused("--seed 7 --scale 64 --poster -o " DIR "/fine.pdf", "16 squares to the inch is the finest",
		DIR "/fine.pdf");
	/* the finest is printed, and says so */
	ck_assert_int_eq(test_run("-q --seed 7 --scale 16 -o " DIR "/fine.pdf", NULL, NULL), 0);
}
END_TEST

START_TEST(test_folder_as_output)
{
	/* a folder where a file is to be written: a usage error (2) found before
	 * anything is made, as man/mapsheet.1 EXIT STATUS says */
	refused("-o /tmp", "--output: /tmp is a folder; name a file in it", NULL);
	refused("--format json -o /tmp", "--output: /tmp is a folder", NULL);
	refused("--log /tmp -o " DIR "/x.json", "--log: /tmp is a folder", DIR "/x.json");
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(man);
	char *one = strstr(man, "\n.B 1\n"), *two = strstr(man, "\n.B 2\n");
	ck_assert_ptr_nonnull(one);
	ck_assert_ptr_nonnull(two);
	ck_assert_ptr_nonnull(strstr(two, "\n.SH "));
	*strstr(two, "\n.SH ") = '\0';
	ck_assert_msg(strstr(two, "that is a folder") != NULL, "man/mapsheet.1 EXIT STATUS 2 lacks an output folder");
	*two = '\0';
	ck_assert_msg(strstr(one, "that is a folder") == NULL, "man/mapsheet.1 EXIT STATUS 1 lists an output folder");
	free(man);
}
END_TEST

/* Writes the config file under DIR/NAME/mapsheet/config; returns the
 * folder to give as XDG_CONFIG_HOME. */
static const char *config(const char *name, const char *text)
{
	static char home[256];
	char path[512];
	snprintf(home, sizeof home, DIR "/%s", name);
	snprintf(path, sizeof path, "%s/mapsheet/config", home);
	ck_assert_int_eq(test_write_file(path, text, strlen(text)), 0);
	return home;
}

START_TEST(test_config_errors_at_their_place)
{
	char cwd[1024], want[1400];
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	/* the file's path, line and column of the value; the setting as named
	 * in the file, not as a command-line option */
	const char *home = config("c1", "# mine\npaper:a11\n");
	snprintf(want, sizeof want, "mapsheet: %s/%s/mapsheet/config:2:7: paper: 'a11' is not a paper size", cwd, home);
	refused_with(home, "--rooms 4 -o " DIR "/c.json", want, DIR "/c.json");
	home = config("c2", "style:  nosuch\n");
	snprintf(want, sizeof want, "%s/mapsheet/config:1:9: style: unknown style 'nosuch'", home);
	refused_with(home, "--rooms 4 -o " DIR "/c.txt", want, DIR "/c.txt");
	home = config("c3", "numbering:reading\nscale: 500\n");
	refused_with(home, "--rooms 4 -o " DIR "/c.txt", "/mapsheet/config:2:8: scale 500: squares would be under 0.01in, too small to read", NULL);
	home = config("c4", "dpi: \t5 \n");
	refused_with(home, "--rooms 4 -o " DIR "/c.txt", "/mapsheet/config:1:7: dpi: 5 is out of range", NULL);
	home = config("c5", "title:x\n");
	refused_with(home, "--rooms 4 -o " DIR "/c.txt", "/mapsheet/config:1:1: unknown setting 'title' (settings: ",
		     NULL);
	home = config("c6", "paper:a\377\n");
	refused_with(home, "--rooms 4 -o " DIR "/c.txt",
		     "/mapsheet/config:1:8: invalid UTF-8 (bytes FF)", NULL);
	/* blanks around a value are trimmed: these work */
	home = config("ok", "paper: a4\nnumbering:\treading  \nstyle: inksaver\n");
	struct test_limits lim = { 60, 0, home };
	ck_assert_int_eq(test_run_limited("--rooms 4 -q -o " DIR "/ok.json", &lim, NULL, ERR), 0);
	ck_assert_int_eq(test_run_limited("--rooms 4 -q -v -o " DIR "/ok.pdf", &lim, NULL, ERR), 0);
}
END_TEST

START_TEST(test_relative_config_home_ignored)
{
	/* XDG_CONFIG_HOME=relative: ignored (XDG rules), ~/.config used */
	config("rel/mapsheet", "numbering:reading\n");
	config("relhome/.config", "paper:nosuch\n");
	ck_assert_int_eq(system("cd " DIR " && HOME=$PWD/relhome XDG_CONFIG_HOME=rel ../../../mapsheet --rooms 3 "
				"-o r.json 2>err-rel; test $? -eq 2 && grep -q 'relhome/.config/mapsheet/config:1:7: paper:' "
				"err-rel"),
			 0);
}
END_TEST

START_TEST(test_did_you_mean)
{
	refused("--seeds x", "unknown option '--seeds'; did you mean --seed?", NULL);
	refused("--metod dice", "unknown option '--metod'; did you mean --method?", NULL);
	refused("--romos 3", "did you mean --rooms?", NULL);
	refused("--hall-rte 0.3", "did you mean --hall-rate?", NULL);
	refused("--seeds=x", "did you mean --seed?", NULL);
	/* a game master's word for an option */
	refused("--player-level 5", "unknown option '--player-level'; did you mean --party-level?", NULL);
	refused("--party-size 5", "did you mean --party?", NULL);
	/* a file name without -o; a map file there is, without --input */
	refused("map.pdf", "unexpected argument 'map.pdf'; did you mean -o map.pdf?", NULL);
	ck_assert_int_eq(test_write_file(DIR "/here.json", "{}", 2), 0);
	refused(DIR "/here.json", "did you mean --input " DIR "/here.json (to print the map in it)", NULL);
	/* nothing near: no guess */
	refused("--frobnicate", "unknown option '--frobnicate' (see mapsheet --help)", NULL);
	refused("--xyz", "unknown option '--xyz' (see mapsheet --help)", NULL);
}
END_TEST

/* A style file in the folder, named without a path: the hint names it as
 * it is taken, and so named it works. */
START_TEST(test_style_file_hint)
{
	ck_assert_int_eq(system("mkdir -p " DIR "/styled && cp templates/styles/inksaver.style " DIR "/styled/sepia.style && rm -f " DIR "/styled/s.pdf"),
			 0);
	ck_assert_int_eq(system("cd " DIR "/styled && XDG_CONFIG_HOME=/nonexistent ../../../../mapsheet -q --rooms 3 "
				"--style sepia.style -o s.pdf 2>err; test $? -eq 2 && test ! -e s.pdf && grep -q \"did you "
				"mean ./sepia.style?\" err && test $(wc -l <err) -eq 1"),
			 0);
	ck_assert_int_eq(system("cd " DIR "/styled && XDG_CONFIG_HOME=/nonexistent ../../../../mapsheet -q --rooms 3 "
				"--style ./sepia.style -o s.pdf && test -s s.pdf"),
			 0);
}
END_TEST

/* Names taken in any case, as --paper A4 always was; every ISO A and B
 * size and the North American ones by name, at their sizes. */
START_TEST(test_names_any_case_and_papers)
{
	char *out;
	ck_assert_int_eq(test_run("-q -s case --rooms 4 --system 5E -o -", DIR "/case.txt", ERR), 0);
	ck_assert_ptr_nonnull(out = test_slurp(DIR "/case.txt", NULL));
	ck_assert_msg(strstr(out, " XP") != NULL, "--system 5E did not stock with 5e: %.400s", out);
	free(out);
	static const struct {
		const char *name;
		const char *mediabox;   /* as Cairo writes the page size */
	} papers[] = {
		{ "a5", "[ 0 0 419.528 595.276 ]" }, { "A5", "[ 0 0 419.528 595.276 ]" },
		{ "b5", "[ 0 0 498.898 708.661 ]" }, { "b4", "[ 0 0 708.661 1000.63 ]" },
		{ "half-letter", "[ 0 0 396 612 ]" }, { "Statement", "[ 0 0 396 612 ]" },
		{ "executive", "[ 0 0 522 756 ]" },
	};
	for (size_t i = 0; i < sizeof papers / sizeof papers[0]; i++) {
		char args[200];
		snprintf(args, sizeof args, "-q -s paper --rooms 4 --no-key --paper %s -o " DIR "/paper.pdf", papers[i].name);
		ck_assert_msg(test_run(args, NULL, ERR) == 0, "--paper %s refused", papers[i].name);
		size_t len;
		ck_assert_ptr_nonnull(out = test_slurp(DIR "/paper.pdf", &len));
		ck_assert_msg(memmem(out, len, papers[i].mediabox, strlen(papers[i].mediabox)) != NULL,
			      "--paper %s: no page of %s", papers[i].name, papers[i].mediabox);
		free(out);
	}
	refused("--rooms 4 --paper a8 -o " DIR "/small.pdf", "--paper: a8 is 52 x 74 mm, smaller than the 3 in", NULL);
	refused("--rooms 4 --paper b11 -o " DIR "/small.pdf", "'b11' is not a paper size (expected letter, legal, tabloid, "
		"ledger, half-letter, statement, executive, a0 to a10, b0 to b10,", NULL);
}
END_TEST

/* A party without --system takes 5e; with a system that sizes no fights
 * it is refused, unless it comes from the config file (a default that
 * then does not apply). */
START_TEST(test_party_takes_5e)
{
	char *out;
	ck_assert_int_eq(test_run("-q -s keep --rooms 6 --party 4 --party-level 5 -o -", DIR "/party.txt", ERR), 0);
	ck_assert_ptr_nonnull(out = test_slurp(DIR "/party.txt", NULL));
	ck_assert_msg(strstr(out, "for 4 characters of level 5") != NULL, "no fight sized for the party: %.600s", out);
	free(out);
	refused("--rooms 4 --system neutral --party 4 -o " DIR "/p.txt", "--party and --party-level size fights, which "
		"the neutral system does not roll; give --system 5e", DIR "/p.txt");
	refused("--rooms 4 --system neutral --party-level 3 -o " DIR "/p.txt", "give --system 5e", DIR "/p.txt");
	const char *home = config("party", "party: 5\n");
	struct test_limits lim = { 60, 0, home };
	ck_assert_int_eq(test_run_limited("--rooms 4 -q --system neutral -o " DIR "/p.txt", &lim, NULL, ERR), 0);
	ck_assert_ptr_nonnull(out = test_slurp(DIR "/p.txt", NULL));
	ck_assert_ptr_null(strstr(out, " XP"));
	free(out);
}
END_TEST

START_TEST(test_method_options_need_their_method)
{
	refused("--method house --loops 3 -o " DIR "/m.json",
		"--loops is an option of the dice method, which no level of this run uses (this run's methods: house)",
		DIR "/m.json");
	refused("--method dice --zones 3 -o " DIR "/m.json", "--zones is an option of the cards method", DIR "/m.json");
	refused("--packing fill -o " DIR "/m.json", "--packing is an option of the mansion method", DIR "/m.json");
	/* some level uses it: accepted */
	ck_assert_int_eq(test_run("--method house,dice --levels 2 --loops 3 -q -o " DIR "/m.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("--loops 1 --rooms 5 -q -o " DIR "/m.json", NULL, NULL), 0);
}
END_TEST

START_TEST(test_long_command_refused)
{
	/* a remake line past its limit is refused, not recorded cut */
	char args[12000] = "--rooms 3";
	for (int i = 0; i < 1000; i++)
		strcat(args, " -q -q -q");
	strcat(args, " -o " DIR "/long.json");
	refused(args, "too long to print whole as the remake line", DIR "/long.json");
	/* under the limit: recorded whole */
	char ok[4000] = "--rooms 3";
	for (int i = 0; i < 300; i++)
		strcat(ok, " -q -q -q");
	strcat(ok, " -o " DIR "/long.json");
	ck_assert_int_eq(test_run(ok, NULL, NULL), 0);
	char *json = test_slurp(DIR "/long.json", NULL);
	ck_assert_ptr_nonnull(json);
	ck_assert_ptr_nonnull(strstr(json, "-q -q -o build/tests/refusals/long.json\""));
	free(json);
}
END_TEST

static Suite *refusals_suite(void)
{
	Suite *s = suite_create("refusals");
	TCase *tc = tcase_create("refusals");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_values_checked_for_every_format);
	tcase_add_test(tc, test_scale_range_as_documented);
	tcase_add_test(tc, test_scale_too_fine);
	tcase_add_test(tc, test_folder_as_output);
	tcase_add_test(tc, test_config_errors_at_their_place);
	tcase_add_test(tc, test_relative_config_home_ignored);
	tcase_add_test(tc, test_did_you_mean);
	tcase_add_test(tc, test_style_file_hint);
	tcase_add_test(tc, test_names_any_case_and_papers);
	tcase_add_test(tc, test_party_takes_5e);
	tcase_add_test(tc, test_method_options_need_their_method);
	tcase_add_test(tc, test_long_command_refused);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(refusals_suite)
