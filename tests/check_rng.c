/* check_rng.c: the PCG32 generator gives fixed outputs for fixed seeds, and
 * its dice helpers stay in range and are fair. */
#include "testutil.h"

#include "base/rng.h"

START_TEST(test_fixed_outputs)
{
	/* Reference values of PCG32 (pcg32_srandom(42, 54)), from the PCG paper's demo. */
	struct rng r;
	rng_seed(&r, 42u, 54u);
	const uint32_t want[6] = { 0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e };
	for (int i = 0; i < 6; i++)
		ck_assert_uint_eq(rng_next(&r), want[i]);
}
END_TEST

START_TEST(test_text_seed_is_stable)
{
	struct rng a, b, c;
	rng_seed_text(&a, "goblin-warrens", 1);
	rng_seed_text(&b, "goblin-warrens", 1);
	rng_seed_text(&c, "goblin-warrens", 2);
	int differ = 0;
	for (int i = 0; i < 100; i++) {
		uint32_t x = rng_next(&a);
		ck_assert_uint_eq(x, rng_next(&b));
		differ += x != rng_next(&c);
	}
	ck_assert_int_gt(differ, 90);
	ck_assert_uint_eq(rng_hash_text(""), 14695981039346656037ULL);
}
END_TEST

START_TEST(test_range_and_die)
{
	struct rng r;
	rng_seed(&r, 7, 1);
	int counts[6] = { 0 };
	for (int i = 0; i < 60000; i++) {
		int d = rng_die(&r, 6);
		ck_assert(d >= 1 && d <= 6);
		counts[d - 1]++;
	}
	/* chi-square with 5 degrees of freedom, p = 0.001 critical value 20.5 */
	double chi = 0;
	for (int i = 0; i < 6; i++)
		chi += (counts[i] - 10000.0) * (counts[i] - 10000.0) / 10000.0;
	ck_assert_double_lt(chi, 20.5);
	for (int i = 0; i < 1000; i++) {
		int v = rng_range(&r, -3, 3);
		ck_assert(v >= -3 && v <= 3);
	}
	ck_assert_int_eq(rng_range(&r, 5, 5), 5);
	double u = rng_unit(&r);
	ck_assert(u >= 0.0 && u < 1.0);
	ck_assert(!rng_chance(&r, 0.0));
	ck_assert(rng_chance(&r, 1.0));
}
END_TEST

START_TEST(test_shuffle_is_permutation)
{
	struct rng r;
	rng_seed(&r, 3, 3);
	int a[50], seen[50] = { 0 };
	for (int i = 0; i < 50; i++)
		a[i] = i;
	rng_shuffle(&r, a, 50);
	int moved = 0;
	for (int i = 0; i < 50; i++) {
		seen[a[i]]++;
		moved += a[i] != i;
	}
	for (int i = 0; i < 50; i++)
		ck_assert_int_eq(seen[i], 1);
	ck_assert_int_gt(moved, 30);
}
END_TEST

static Suite *rng_suite(void)
{
	Suite *s = suite_create("rng");
	TCase *tc = tcase_create("pcg32");
	tcase_add_test(tc, test_fixed_outputs);
	tcase_add_test(tc, test_text_seed_is_stable);
	tcase_add_test(tc, test_range_and_die);
	tcase_add_test(tc, test_shuffle_is_permutation);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(rng_suite)
