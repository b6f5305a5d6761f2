/* check_site_stale.c: the note that names a list and a filling of it
 * (site_stale.h): fillings that give every line of the list the same
 * text get the same note, and fillings that give any line another text,
 * another note, so a list found stale for one filling is not taken as
 * stale for another. */
#include "testutil.h"

#include "site/site_int.h"
#include "site/site_stale.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct values {
	const char *n, *who, *extra;
};

/* Fills {n} and {who}; a line naming neither gets extra after it. */
static char *fill_test(void *ctx, const char *line)
{
	const struct values *v = ctx;
	const char *names[] = { "n", "who" };
	const char *vals[] = { v->n, v->who };
	char *filled = site_fill(line, names, vals, 2);
	if (!filled || !v->extra || strchr(line, '{'))
		return filled;
	size_t len = strlen(filled) + strlen(v->extra) + 2;
	char *both = malloc(len);
	if (both)
		snprintf(both, len, "%s %s", filled, v->extra);
	free(filled);
	return both;
}

static char *note_for(char *const *lines, int n, struct values *v, const int *spec)
{
	int held[8], nheld = 0;
	for (int i = 0; i < n; i++)
		if (spec[i] >= 0)
			held[nheld++] = i;
	char *note = site_stale_note(lines, n, held, nheld, spec, fill_test, v);
	ck_assert_ptr_nonnull(note);
	return note;
}

START_TEST(test_notes_tell_fillings_apart)
{
	static char *const lines[] = { "{n} {who} stand over them", "{who} keeps watch", "The room is quiet" };
	static char *const other[] = { "{n} {who} stand over them", "{who} keeps watch", "The room is quiet" };
	int all[] = { 0, 0, 0 }, some[] = { 0, -1, 0 }, more[] = { 1, 0, 0 };
	char two[] = "two", goblins[] = "goblins";
	struct values a = { "two", "goblins", NULL }, same = { two, goblins, NULL };
	struct values b = { "two", "Goblins", NULL }, c = { "three", "goblins", NULL }, d = { "two", "goblins", "Dust." };
	struct values an = { "two", "an apple", NULL }, a_ = { "two", "a apple", NULL };
	char *na = note_for(lines, 3, &a, all), *nsame = note_for(lines, 3, &same, all);
	ck_assert_str_eq(na, nsame);   /* the same values, held elsewhere */
	char *differ[] = { note_for(lines, 3, &b, all), note_for(lines, 3, &c, all), note_for(lines, 3, &d, all),
			   note_for(lines, 3, &a, some), note_for(lines, 3, &a, more), note_for(other, 3, &a, all) };
	/* values an article fix would make alike stay apart */
	char *nan = note_for(lines, 3, &an, all), *na_ = note_for(lines, 3, &a_, all);
	ck_assert_str_ne(nan, na_);
	free(nan);
	free(na_);
	for (size_t i = 0; i < sizeof differ / sizeof differ[0]; i++) {
		ck_assert_msg(strcmp(na, differ[i]) != 0, "note %zu is the first one's", i);
		free(differ[i]);
	}
	free(na);
	free(nsame);
}
END_TEST

static Suite *site_stale_suite(void)
{
	Suite *s = suite_create("site_stale");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_notes_tell_fillings_apart);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(site_stale_suite)
