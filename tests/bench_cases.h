/* bench_cases.h: the maps the rendering table of `make bench` times
 * (bench_render.c), each on its paper: letter unless it says (a sheet
 * refuses squares finer than 16 to the inch, and on letter the 1,000-room
 * map would need them; on 24 x 36 in it prints at 12). check_render_sizes
 * lays each out on its paper, so that a row always measures what it
 * names. */
#ifndef MAPSHEET_BENCH_CASES_H
#define MAPSHEET_BENCH_CASES_H

#define BENCH_SEED "bench"      /* the dice method's maps, from this seed */
#define BENCH_PNG_REPEATS 5     /* PNG rows are slow and steady: fewer runs */

struct bench_render_case {
	int rooms, levels, repeats, png_repeats;
	int all_formats;        /* PDF, SVG and PNG; else PDF (and the booklet) */
	const char *paper;      /* NULL: letter */
};

static const struct bench_render_case bench_render_cases[] = {
	{ 30, 1, 41, BENCH_PNG_REPEATS, 1, NULL },
	{ 1000, 1, 11, 3, 1, "24x36in" },
	{ 30, 10, 21, BENCH_PNG_REPEATS, 0, NULL },
};
#define BENCH_RENDER_CASES (int)(sizeof bench_render_cases / sizeof bench_render_cases[0])

#endif
