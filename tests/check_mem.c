/* check_mem.c: the run's memory policy (src/base/mem.c), counted in page faults:
 * memory mapped ahead and memory freed mid-run are used again without a
 * fault a page, where the C library's defaults fault on every page. Each
 * test runs in a process of its own (Check forks), so the allocator starts
 * from its defaults each time. The counts need glibc's allocator: under
 * AddressSanitizer (make sanitize) only the limits are checked. */
#include "testutil.h"

#include "base/mem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define BLOCK ((size_t)8 << 20)         /* 2,048 pages of 4 KiB */
#define FEW_FAULTS 64

START_TEST(test_limits)
{
	mem_configure_run();
	ck_assert_uint_eq(mem_map_ahead(100), 0);               /* too little to bother */
	ck_assert_uint_le(mem_map_ahead((size_t)100 << 20), MEM_AHEAD_MAX);
}
END_TEST

#ifndef __SANITIZE_ADDRESS__
static long faults(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_minflt;
}

/* The faults of writing every byte of a fresh BLOCK. */
static long faults_to_fill(void)
{
	long before = faults();
	unsigned char *p = malloc(BLOCK);
	ck_assert_ptr_nonnull(p);
	memset(p, 7, BLOCK);
	long n = faults() - before;
	ck_assert_int_eq(p[BLOCK - 1], 7);
	free(p);
	return n;
}

/* Without the policy a fresh block faults page by page: what the other
 * tests would see if the policy did nothing. */
START_TEST(test_defaults_fault_every_page)
{
	long n = faults_to_fill();
	ck_assert_msg(n > 1000, "filling 8 MiB with the default allocator faulted %ld times", n);
}
END_TEST

START_TEST(test_mapped_ahead_memory_is_not_faulted_again)
{
	mem_configure_run();
	size_t got = mem_map_ahead(2 * BLOCK);
	/* MADV_POPULATE_WRITE: Linux 5.14 and later */
	ck_assert_msg(got >= 2 * BLOCK - 4096 * 4, "mapped ahead %zu bytes of %zu", got, 2 * BLOCK);
	long n = faults_to_fill();
	ck_assert_msg(n < FEW_FAULTS, "filling 8 MiB mapped ahead faulted %ld times", n);
}
END_TEST

/* More than one of the C library's largest kept blocks mapped ahead: the
 * 80 MB of values a 10,000-room map file parses into (issue 20). */
START_TEST(test_reading_memory_mapped_ahead)
{
	mem_configure_run();
	const int nblocks = 8;                  /* 64 MiB */
	size_t got = mem_map_ahead((size_t)nblocks * BLOCK + ((size_t)1 << 20));
	ck_assert_msg(got >= (size_t)nblocks * BLOCK, "mapped ahead %zu bytes of %zu", got, (size_t)nblocks * BLOCK);
	long before = faults();
	unsigned char *p[8];
	for (int i = 0; i < nblocks; i++) {
		p[i] = malloc(BLOCK);
		ck_assert_ptr_nonnull(p[i]);
		memset(p[i], 7, BLOCK);
	}
	long n = faults() - before;
	for (int i = 0; i < nblocks; i++)
		free(p[i]);
	ck_assert_msg(n < FEW_FAULTS, "filling 64 MiB mapped ahead faulted %ld times", n);
}
END_TEST

START_TEST(test_freed_memory_is_kept)
{
	mem_configure_run();
	faults_to_fill();
	long n = faults_to_fill();
	ck_assert_msg(n < FEW_FAULTS, "filling 8 MiB again after freeing it faulted %ld times", n);
}
END_TEST
#endif

static Suite *mem_suite(void)
{
	Suite *s = suite_create("mem");
	TCase *tc = tcase_create("policy");
#ifndef __SANITIZE_ADDRESS__
	/* first, so that it sees the defaults even where CK_FORK=no */
	tcase_add_test(tc, test_defaults_fault_every_page);
#endif
	tcase_add_test(tc, test_limits);
#ifndef __SANITIZE_ADDRESS__
	tcase_add_test(tc, test_mapped_ahead_memory_is_not_faulted_again);
	tcase_add_test(tc, test_freed_memory_is_kept);
	tcase_add_test(tc, test_reading_memory_mapped_ahead);
#endif
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(mem_suite)
