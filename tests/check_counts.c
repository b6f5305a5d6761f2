/* check_counts.c: messages count right: a count of one takes the singular
 * ("1 room is too few for 3 zones; laying 1 zone", "2 tiles joined at 1
 * door"), in the warnings on standard error, in the key's notes and in the
 * methods' figures (-v). */
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/counts"
#define OUT DIR "/out.txt"
#define ERR DIR "/err.txt"

static char *run_ok(const char *args, char **err)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	ck_assert_int_eq(test_run(args, OUT, ERR), 0);
	*err = test_slurp(ERR, NULL);
	char *out = test_slurp(OUT, NULL);
	ck_assert_ptr_nonnull(*err);
	ck_assert_ptr_nonnull(out);
	return out;
}

START_TEST(test_cards_zones_warning)
{
	char *err, *out = run_ok("--method cards --rooms 1 --zones 3 --seed a -o -", &err);
	ck_assert_str_eq(err, "mapsheet: warning: 1 room is too few for 3 zones; laying 1 zone\n");
	ck_assert_msg(strstr(out, "(1 room, the way in)") != NULL, "%s", out);
	free(out);
	free(err);
	out = run_ok("--method cards --rooms 1 --zones 3 --seed a -v -o -", &err);
	ck_assert_msg(strstr(err, ": Cards: 1 room in 1 zone,") != NULL, "%s", err);
	free(out);
	free(err);
	out = run_ok("--method cards --rooms 2 --zones 3 --seed a -o -", &err);
	ck_assert_str_eq(err, "mapsheet: warning: 2 rooms are too few for 3 zones; laying 1 zone\n");
	free(out);
	free(err);
}
END_TEST

START_TEST(test_tiles_figures)
{
	char *err, *out = run_ok("--method tiles --rooms 2 --seed a -v -o -", &err);
	ck_assert_msg(strstr(err, "2 tiles joined at 1 door; ") != NULL, "%s", err);
	ck_assert_ptr_null(strstr(err, "1 doors"));
	free(out);
	free(err);
	out = run_ok("--method tiles --rooms 1 --seed a -v -o -", &err);
	ck_assert_msg(strstr(err, "1 tile joined at 0 doors; ") != NULL, "%s", err);
	free(out);
	free(err);
}
END_TEST

/* No "1 <plural>" anywhere in a run's output, key or roll log for one room. */
START_TEST(test_one_room_everywhere)
{
	const char *methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	const char *plurals[] = { " rooms", " zones", " doors", " tiles", " spaces", " corridors", " loops",
				  " hallways", " squares" };
	char args[200];
	for (int m = 0; m < 5; m++) {
		snprintf(args, sizeof args, "--method %s --rooms 1 --seed one --log " DIR "/roll.log -o -", methods[m]);
		char *err, *out = run_ok(args, &err);
		char *log = test_slurp(DIR "/roll.log", NULL);
		ck_assert_ptr_nonnull(log);
		const char *texts[] = { out, err, log };
		for (int t = 0; t < 3; t++)
			for (size_t k = 0; k < sizeof plurals / sizeof plurals[0]; k++) {
				char bad[32];
				snprintf(bad, sizeof bad, " 1%s", plurals[k]);
				const char *hit = strstr(texts[t], bad);
				ck_assert_msg(hit == NULL, "%s: '%s' in: %.80s", methods[m], bad, hit ? hit : "");
			}
		free(out);
		free(err);
		free(log);
	}
}
END_TEST

static Suite *counts_suite(void)
{
	Suite *s = suite_create("counts");
	TCase *tc = tcase_create("counts");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cards_zones_warning);
	tcase_add_test(tc, test_tiles_figures);
	tcase_add_test(tc, test_one_room_everywhere);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(counts_suite)
