/* bench.h: the benchmark program's parts (make bench; not part of make
 * check: there are no timed tests). */
#ifndef MAPSHEET_BENCH_H
#define MAPSHEET_BENCH_H

/* Seconds on the monotonic clock. */
double bench_now(void);
/* Median of n values (sorts them). */
double bench_median(double *v, int n);
const char *const *bench_template_dirs(void);

void bench_generation(void);

#endif
