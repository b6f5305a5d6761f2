/* check_cli_text.c: the command line's text helpers: which bytes are
 * well-formed UTF-8, how an argument is quoted for the shell (read back by
 * sh, bash and zsh as the same bytes), and the edit distance behind "did
 * you mean". */
#include "cli/cli_text.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

START_TEST(test_utf8)
{
	ck_assert_uint_eq(cli_utf8_invalid_at(""), CLI_UTF8_OK);
	ck_assert_uint_eq(cli_utf8_invalid_at("plain ascii"), CLI_UTF8_OK);
	ck_assert_uint_eq(cli_utf8_invalid_at("Ünïcödé ☃ 龍 🐉"), CLI_UTF8_OK);
	ck_assert_uint_eq(cli_utf8_invalid_at("ab\xff" "c"), 2);          /* never in UTF-8 */
	ck_assert_uint_eq(cli_utf8_invalid_at("a\xc3"), 1);               /* cut short */
	ck_assert_uint_eq(cli_utf8_invalid_at("a\xc3(b"), 1);             /* bad continuation */
	ck_assert_uint_eq(cli_utf8_invalid_at("\xc0\xaf"), 0);            /* overlong '/' */
	ck_assert_uint_eq(cli_utf8_invalid_at("x\xe0\x80\xaf"), 1);       /* overlong, 3 bytes */
	ck_assert_uint_eq(cli_utf8_invalid_at("xy\xed\xa0\x80"), 2);      /* a UTF-16 surrogate */
	ck_assert_uint_eq(cli_utf8_invalid_at("\xf4\x90\x80\x80"), 0);    /* past U+10FFFF */
	ck_assert_uint_eq(cli_utf8_invalid_at("\xf4\x8f\xbf\xbf"), CLI_UTF8_OK);  /* U+10FFFF */
	ck_assert_uint_eq(cli_utf8_invalid_at("\x80"), 0);                /* a lone continuation */
}
END_TEST

START_TEST(test_quote_words)
{
	char out[64];
	ck_assert_uint_eq(cli_shell_quote(out, sizeof out, "--seed"), 6);
	ck_assert_str_eq(out, "--seed");
	cli_shell_quote(out, sizeof out, "a4");
	ck_assert_str_eq(out, "a4");
	cli_shell_quote(out, sizeof out, "it's");
	ck_assert_str_eq(out, "'it'\\''s'");
	cli_shell_quote(out, sizeof out, "");
	ck_assert_str_eq(out, "''");
	cli_shell_quote(out, sizeof out, "=x");      /* zsh: =cmd is a path */
	ck_assert_str_eq(out, "'=x'");
	cli_shell_quote(out, sizeof out, "~/x");
	ck_assert_str_eq(out, "'~/x'");
	cli_shell_quote(out, sizeof out, "$HOME");
	ck_assert_str_eq(out, "'$HOME'");
	/* the full length is returned when out is too small, and out is cut */
	char small[4];
	ck_assert_uint_eq(cli_shell_quote(small, sizeof small, "a b c"), 7);
	ck_assert_str_eq(small, "'a ");
}
END_TEST

/* Each shell reads the quoted word back as the same bytes. */
START_TEST(test_quote_read_back)
{
	static const char *const words[] = { "it's", "''", "\\", "a\\'b", "$x ${y} $(id) `id`", "\"", "line\nbreak",
					     "tab\there", "-n", "!x !!", "*?[ab]{c,d}", "~user", "=ls", "#x", "a;b&c|d",
					     "Ünïcödé ☃", "\\n\\t", "%1 ^x" };
	static const char *const shells[] = { "/bin/sh", "/bin/bash", "/usr/bin/zsh" };
	for (size_t s = 0; s < sizeof shells / sizeof shells[0]; s++) {
		if (access(shells[s], X_OK) != 0)
			continue;
		for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
			char quoted[256], cmd[1000];
			cli_shell_quote(quoted, sizeof quoted, words[i]);
			/* printf %s of the word read back, to a file */
			char script[400];
			snprintf(script, sizeof script, "printf %%s %s >build/tests/cli-quote.out", quoted);
			char q2[900];
			cli_shell_quote(q2, sizeof q2, script);
			snprintf(cmd, sizeof cmd, "%s -c %s", shells[s], q2);
			ck_assert_int_eq(system(cmd), 0);
			size_t len;
			char *back = test_slurp("build/tests/cli-quote.out", &len);
			ck_assert_ptr_nonnull(back);
			ck_assert_msg(len == strlen(words[i]) && memcmp(back, words[i], len) == 0, "%s read %s back as %s",
				      shells[s], quoted, back);
			free(back);
		}
	}
}
END_TEST

START_TEST(test_edit_distance)
{
	ck_assert_int_eq(cli_edit_distance("seed", "seed"), 0);
	ck_assert_int_eq(cli_edit_distance("seeds", "seed"), 1);
	ck_assert_int_eq(cli_edit_distance("metod", "method"), 1);
	ck_assert_int_eq(cli_edit_distance("mehtod", "method"), 1);   /* a swap */
	ck_assert_int_eq(cli_edit_distance("", "abc"), 3);
	ck_assert_int_eq(cli_edit_distance("frobnicate", "format"), 6);
}
END_TEST

static Suite *cli_text_suite(void)
{
	Suite *s = suite_create("cli_text");
	TCase *tc = tcase_create("text");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_quote_words);
	tcase_add_test(tc, test_quote_read_back);
	tcase_add_test(tc, test_edit_distance);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(cli_text_suite)
