/* check_txt_width.c: the text preview fits its reader's width. On a
 * terminal (run under script(1), its width set with stty) the key and the
 * lines around the map wrap to the terminal, and a map wider than it is
 * said so; to a file or pipe every such line wraps at 80 columns and the
 * bytes do not depend on $COLUMNS. The map's own lines and the Remake line
 * (a command to paste) are never wrapped. */
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

static char *on_terminal(int cols, const char *args)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd,
		 "XDG_CONFIG_HOME=" DIR "/none script -qec \"stty cols %d; ./mapsheet %s 2>/dev/null\" /dev/null > " DIR
		 "/tty.txt 2>&1", cols, args);
	ck_assert_int_eq(system(cmd), 0);
	char *out = test_slurp(DIR "/tty.txt", NULL);
	ck_assert_ptr_nonnull(out);
	return out;
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
	char *narrow = on_terminal(60, "--seed demo -o -");
	ck_assert_int_le(longest_text_line(narrow), 60);
	ck_assert_msg(strstr(narrow, "The map is ") != NULL && strstr(narrow, "60-column"),
		      "%.300s", narrow);
	char *wide = on_terminal(200, "--seed demo -o -");
	ck_assert_ptr_null(strstr(wide, "The map is"));
	ck_assert_int_gt(longest_text_line(wide), 80);   /* long key lines stay whole */
	ck_assert_int_le(longest_text_line(wide), 200);
	free(narrow);
	free(wide);
}
END_TEST

static Suite *txt_width_suite(void)
{
	Suite *s = suite_create("txt_width");
	TCase *tc = tcase_create("width");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_file_wraps_at_80);
	tcase_add_test(tc, test_terminal_width);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(txt_width_suite)
