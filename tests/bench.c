/* bench.c: `make bench`: prints the generation table (bench_gen.c). Times are
 * medians on the monotonic clock. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double bench_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

double bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

const char *const *bench_template_dirs(void)
{
	static const char *const dirs[] = { "templates", NULL };
	return dirs;
}

int main(void)
{
	bench_generation();
	return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
