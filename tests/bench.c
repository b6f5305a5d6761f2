/* bench.c: `make bench`: prints the generation table (bench_gen.c), the
 * key rows (bench_keys.c), the rendering table against Cairo's floor (bench_render.c, bench_floor.c),
 * the whole-command rows (the tabletop modules among them), the poster
 * rows, reading a map back against parsing its JSON alone and joining two
 * maps, and the server rows (bench_serve.c). Times are medians on
 * the monotonic clock.
 *
 *   build/bench [all|gen|keys|render|command|poster|read|serve] [METHOD]
 *   build/bench profile 0|1|2 pdf|svg|png|booklet|layout   (one row once, for callgrind)
 *
 * MAPSHEET_BIN names the program for the whole-command and server rows
 * (./mapsheet). A row that cannot run (a map that fails to generate, to be
 * keyed or to be laid out, a command that exits non-zero) is printed as
 * failed, the rest still run, and the benchmark exits 1. What each table
 * measures, the targets and the figures measured: tests/BENCH.md. */
#include "bench.h"

#include "text/measure.h"
#include "base/mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double bench_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
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

/* `bench --font-setup`, run in a fresh process by the command rows: what
 * a sheet pays before any layout: fontconfig and Pango started, the
 * classic style's fonts found and one line measured in each. */
static int font_setup(void)
{
	struct measure ms;
	struct err e;
	if (measure_init(&ms, &e) < 0)
		return EXIT_FAILURE;
	int ok = measure_has_family(&ms, "DejaVu Sans") && measure_has_family(&ms, "DejaVu Serif") &&
		 measure_width(&ms, "Ag 12", "DejaVu Sans", 10, 1) > 0 && measure_width(&ms, "Ag", "DejaVu Serif", 18, 1) > 0;
	measure_free(&ms);
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

int main(int argc, char **argv)
{
	/* the program's own memory policy (src/base/mem.c), so that our code and
	 * the drawing floors run here as they run in mapsheet */
	mem_configure_run();
	const char *part = argc > 1 ? argv[1] : "all";
	const char *method = argc > 2 ? argv[2] : NULL;
	if (strcmp(part, "--font-setup") == 0)
		return font_setup();
	if (strcmp(part, "profile") == 0)
		return bench_render_profile(argc > 2 ? argv[2] : NULL, argc > 3 ? argv[3] : NULL);
	if (strcmp(part, "--parse") == 0 && argc > 2)
		return bench_parse_file(argv[2]);
	/* the parts that run the built program, in the order printed */
	static const struct {
		const char *name;
		int (*run)(const char *mapsheet);
	} whole[] = { { "command", bench_command }, { "poster", bench_poster }, { "read", bench_read },
		      { "serve", bench_serve } };
	const int nwhole = (int)(sizeof whole / sizeof whole[0]);
	int all = strcmp(part, "all") == 0,
	    known = all || !strcmp(part, "gen") || !strcmp(part, "keys") || !strcmp(part, "render");
	for (int i = 0; i < nwhole; i++)
		known |= strcmp(part, whole[i].name) == 0;
	if (!known) {
		fprintf(stderr, "usage: bench [all|gen|keys|render|command|poster|read|serve] [METHOD]\n");
		return 2;
	}
	int failed = 0;
	if (all || strcmp(part, "gen") == 0)
		failed += bench_generation(method);
	if (all || strcmp(part, "keys") == 0)
		failed += bench_keys(method);
	if (all || strcmp(part, "render") == 0)
		failed += bench_render(method);
	const char *bin = getenv("MAPSHEET_BIN");
	for (int i = 0; i < nwhole; i++)
		if (all || strcmp(part, whole[i].name) == 0)
			failed += whole[i].run(bin && *bin ? bin : "./mapsheet");
	if (fflush(stdout) != 0)
		return EXIT_FAILURE;
	if (failed > 0) {
		fprintf(stderr, "bench: %d row%s could not run (see above)\n", failed, failed == 1 ? "" : "s");
		return EXIT_FAILURE;
	}
	return EXIT_SUCCESS;
}
