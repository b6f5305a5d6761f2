/* check_txt_width.c: the text preview fits its reader's width. On a
 * terminal (run under script(1), its width set with stty) the key and the
 * lines around the map wrap to the terminal, the map is drawn with squares
 * as wide as fit it, and a map wider than it even so is said so on
 * standard error; to a file or pipe every such line wraps at 80 columns,
 * the map is drawn for 80, and the bytes do not depend on $COLUMNS. The
 * map's own lines and the Remake line (a command to paste) are never
 * wrapped. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/txtwidth"

/* The longest line that is neither the map's nor the Remake line, in
 * characters (UTF-8 counted once per character). */
static int longest_text_line(const char *text)
{
	int longest = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		int map_line = end > p && (*p == '+' || *p == '|' || *p == ' ');
		int remake = strncmp(p, "Remake: ", 8) == 0;
		int n = 0;
		for (const char *q = p; q < end; q++)
			n += ((unsigned char)*q & 0xC0) != 0x80 && *q != '\r';
		if (!map_line && !remake && n > longest)
			longest = n;
		p = nl ? nl + 1 : end;
	}
	return longest;
}

/* The longest line but the Remake line, the map's included. */
static int longest_line(const char *text)
{
	int longest = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		int n = 0;
		for (const char *q = p; q < end; q++)
			n += ((unsigned char)*q & 0xC0) != 0x80 && *q != '\r';
		if (strncmp(p, "Remake: ", 8) != 0 && n > longest)
			longest = n;
		p = nl ? nl + 1 : end;
	}
	return longest;
}

/* The longest line of the map's drawing: the lines with no small letter
 * (walls, doors, numbers and marks), apart from any text line. */
static int longest_map_line(const char *text)
{
	int longest = 0;
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		int n = 0, letters = 0;
		for (const char *q = p; q < end; q++) {
			n += ((unsigned char)*q & 0xC0) != 0x80 && *q != '\r';
			letters += *q >= 'a' && *q <= 'z';
		}
		if (!letters && n > longest)
			longest = n;
		p = nl ? nl + 1 : end;
	}
	return longest;
}

/* ./mapsheet args on a terminal cols wide: what it shows; its standard
 * error into *err when err is not NULL. */
static char *on_terminal_err(int cols, const char *args, char **err)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd,
		 "XDG_CONFIG_HOME=" DIR "/none script -qec \"stty cols %d; ./mapsheet %s 2>" DIR "/tty.err\" /dev/null > " DIR
		 "/tty.txt 2>&1", cols, args);
	ck_assert_int_eq(system(cmd), 0);
	char *out = test_slurp(DIR "/tty.txt", NULL);
	ck_assert_ptr_nonnull(out);
	if (err) {
		*err = test_slurp(DIR "/tty.err", NULL);
		ck_assert_ptr_nonnull(*err);
	}
	return out;
}

static char *on_terminal(int cols, const char *args)
{
	return on_terminal_err(cols, args, NULL);
}

START_TEST(test_file_wraps_at_80)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	ck_assert_int_eq(test_run("--seed demo -o " DIR "/a.txt", NULL, NULL), 0);
	char *a = test_slurp(DIR "/a.txt", NULL);
	ck_assert_ptr_nonnull(a);
	ck_assert_int_le(longest_text_line(a), 80);
	ck_assert_int_ge(longest_text_line(a), 60);   /* the key does fill its lines */
	ck_assert_ptr_null(strstr(a, "The map is"));
	/* the same bytes to a pipe and whatever $COLUMNS says */
	ck_assert_int_eq(setenv("COLUMNS", "200", 1), 0);
	ck_assert_int_eq(test_run("--seed demo -o -", DIR "/b.txt", NULL), 0);
	unsetenv("COLUMNS");
	char *b = test_slurp(DIR "/b.txt", NULL);
	/* all but the Remake line, which names the output */
	ck_assert_ptr_nonnull(strstr(a, "\nRemake: "));
	ck_assert_msg(strstr(a, "\nRemake: ") - a == strstr(b, "\nRemake: ") - b &&
			      strncmp(a, b, (size_t)(strstr(a, "\nRemake: ") - a)) == 0,
		      "the pipe with COLUMNS=200 differs from the file");
	free(a);
	free(b);
}
END_TEST

START_TEST(test_terminal_width)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	ck_assert_int_eq(system("command -v script >/dev/null"), 0);
	char *err;
	char *narrow = on_terminal_err(60, "--seed demo -o -", &err);
	ck_assert_int_le(longest_text_line(narrow), 60);
	ck_assert_int_le(longest_line(narrow), 60);   /* the map too: narrower squares */
	ck_assert_msg(err[0] == '\0', "%s", err);
	free(err);
	char *wide = on_terminal(200, "--seed demo -o -");
	ck_assert_int_gt(longest_text_line(wide), 80);   /* long key lines stay whole */
	ck_assert_int_le(longest_text_line(wide), 200);
	free(narrow);
	free(wide);
}
END_TEST

/* The map fits the terminal: drawn with squares as wide as fit it, and
 * said so in one line on standard error, with how to see it, when it does
 * not fit even at one character a square. Before, --rooms 30 drew 181
 * columns into an 80-column terminal and said so on standard output, in
 * the middle of the preview. */
START_TEST(test_map_fits_terminal)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	char *err;
	char *out = on_terminal_err(80, "--seed 7", &err);
	ck_assert_int_le(longest_line(out), 80);
	ck_assert_msg(err[0] == '\0', "%s", err);
	free(out);
	free(err);
	out = on_terminal_err(80, "--seed 7 --rooms 30", &err);
	ck_assert_str_eq(err, "mapsheet: warning: the map is 87 columns wide, wider than this 80-column terminal: see it "
			      "whole with '| less -S', or print it with -o map.pdf\n");
	ck_assert_int_eq(longest_map_line(out), 87);
	ck_assert_ptr_null(strstr(out, "columns wide"));
	free(out);
	free(err);
	/* a wide terminal gets the sheet's look, three characters a square */
	out = on_terminal_err(200, "--seed 7 --rooms 30", &err);
	ck_assert_msg(err[0] == '\0', "%s", err);
	ck_assert_int_eq(longest_map_line(out), 173);
	free(out);
	free(err);
	/* --quiet keeps it quiet; several levels: the widest named */
	out = on_terminal_err(80, "--seed 7 --rooms 30 -q", &err);
	ck_assert_msg(err[0] == '\0', "%s", err);
	free(out);
	free(err);
	out = on_terminal_err(60, "--seed 7 --rooms 30 --levels 3", &err);
	ck_assert_str_eq(err, "mapsheet: warning: the maps of 3 levels are up to 87 columns wide, wider than this "
			      "60-column terminal: see them whole with '| less -S', or print them with -o map.pdf\n");
	free(out);
	free(err);
}
END_TEST

/* Every method's default map fits 80 columns, in a file as on a terminal
 * (it was up to 129). */
START_TEST(test_defaults_fit_80)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	const char *methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	const char *seeds[] = { "7", "demo", "a", "b", "c" };
	for (int i = 0; i < 5; i++)
		for (int k = 0; k < 5; k++) {
			char args[128];
			snprintf(args, sizeof args, "--method %s --seed %s -o " DIR "/d.txt", methods[i], seeds[k]);
			ck_assert_int_eq(test_run(args, NULL, NULL), 0);
			char *t = test_slurp(DIR "/d.txt", NULL);
			ck_assert_ptr_nonnull(t);
			ck_assert_msg(longest_line(t) <= 80, "%s: %d columns", args, longest_line(t));
			free(t);
		}
}
END_TEST

static Suite *txt_width_suite(void)
{
	Suite *s = suite_create("txt_width");
	TCase *tc = tcase_create("width");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_file_wraps_at_80);
	tcase_add_test(tc, test_terminal_width);
	tcase_add_test(tc, test_map_fits_terminal);
	tcase_add_test(tc, test_defaults_fit_80);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(txt_width_suite)
