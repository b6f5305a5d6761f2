/* check_memfiles.c: an output's files kept in memory (memfiles.h), as the
 * local server keeps its answers: each file placed by name, in order, and
 * the cap on their bytes in all (the server's 64 MB) refusing the file
 * that would pass it with one usage error, the file freed. */
#include "testutil.h"

#include "base/memfiles.h"

#include <stdlib.h>
#include <string.h>

static char *bytes_of(size_t len, char fill)
{
	char *p = malloc(len);
	ck_assert_ptr_nonnull(p);
	memset(p, fill, len);
	return p;
}

START_TEST(test_files_kept_in_order)
{
	struct memfiles mf;
	memfiles_init(&mf);
	struct err e = { ERR_NONE, "" };
	for (int i = 0; i < 9; i++) {
		char name[32];
		snprintf(name, sizeof name, "page-%d.svg", i + 1);
		ck_assert_int_eq(memfiles_add(&mf, name, bytes_of((size_t)i + 1, (char)('a' + i)), (size_t)i + 1, &e), 0);
	}
	ck_assert_int_eq(mf.n, 9);
	ck_assert_str_eq(mf.v[4].name, "page-5.svg");
	ck_assert_uint_eq(mf.v[4].len, 5);
	ck_assert_int_eq(mf.v[4].data[4], 'e');
	ck_assert_uint_eq(mf.bytes, 45);
	memfiles_free(&mf);
	ck_assert_int_eq(mf.n, 0);
}
END_TEST

START_TEST(test_cap_on_bytes)
{
	struct memfiles mf;
	memfiles_init(&mf);
	mf.max_bytes = (size_t)2 << 20;
	struct err e = { ERR_NONE, "" };
	size_t mb = (size_t)1 << 20;
	ck_assert_int_eq(memfiles_add(&mf, "a.png", bytes_of(mb, 'a'), mb, &e), 0);
	/* exactly at the cap is taken */
	ck_assert_int_eq(memfiles_add(&mf, "b.png", bytes_of(mb - 10, 'b'), mb - 10, &e), 0);
	ck_assert_int_eq(memfiles_add(&mf, "c.png", bytes_of(10, 'c'), 10, &e), 0);
	/* one byte more is not, and the files taken stay */
	ck_assert_int_eq(memfiles_add(&mf, "d.png", bytes_of(1, 'd'), 1, &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_str_eq(e.msg, "the answer would be more than 2 MB; ask for fewer rooms or levels, or use the command "
				"line");
	ck_assert_int_eq(mf.n, 3);
	ck_assert_uint_eq(mf.bytes, 2 * mb);
	memfiles_free(&mf);
}
END_TEST

static Suite *memfiles_suite(void)
{
	Suite *s = suite_create("memfiles");
	TCase *tc = tcase_create("memfiles");
	tcase_add_test(tc, test_files_kept_in_order);
	tcase_add_test(tc, test_cap_on_bytes);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(memfiles_suite)
