/* bench.h: the benchmark program's parts (make bench; not part of make
 * check: there are no timed tests). */
#ifndef MAPSHEET_BENCH_H
#define MAPSHEET_BENCH_H

#include "cairo/cairo_backend.h"
#include "render.h"
#include "scene.h"

/* Seconds on the monotonic clock. */
double bench_now(void);
/* Seconds of CPU time used by this thread. */
double bench_cpu_now(void);
/* Median of n values (sorts them). */
double bench_median(double *v, int n);
const char *const *bench_template_dirs(void);

/* Each part prints its table and returns how many of its rows could not
 * run (0: every row ran); main exits non-zero when any could not, so that
 * a row printed as failed is never taken for a benchmark that ran. */

/* The generation table; only_method limits it to one method (NULL: all). */
int bench_generation(const char *only_method);
/* The key rows (bench_keys.c): the site and the key of 10,000-room maps
 * against generating them. */
int bench_keys(const char *only_method);
/* The rendering table (ours against Cairo's floor) and the whole-command
 * rows; mapsheet is the built program to run. */
int bench_render(const char *only_method);
int bench_command(const char *mapsheet);
/* `bench profile CASE FORMAT` (bench_render.c): one row written once for a
 * profiler, ours and its floor each in a function of its own. */
int bench_render_profile(const char *which, const char *fmt);
/* The poster rows (bench_poster.c): a 1,000-room map in pieces. */
int bench_poster(const char *mapsheet);
/* The reading rows: a 10,000-room map read back from its JSON against
 * jansson parsing the same file (bench_reader_vs_parser), and the ratio of
 * the two; then whole commands for information: generating it, the parse
 * alone in a fresh process (bench_parse_file), reading it and writing it
 * again, two such maps joined, as JSON and as a booklet. */
int bench_read(const char *mapsheet);
/* The reader against its floor (bench_read_floor.c), alternately in one
 * child set up as a mapsheet run: read_map_file reading the map file at
 * path into levels and freeing them, and jansson parsing the same file
 * (read whole) and freeing it, `repeats` times each (at most 64); out:
 * median wall seconds of the reader and of the parse, then their median
 * CPU seconds. 0 or -1. */
int bench_reader_vs_parser(const char *path, int repeats, double out[4]);
/* `bench --parse FILE`: reads FILE whole, parses it with jansson as the
 * reader does and frees it, as a mapsheet run is set up; the exit status. */
int bench_parse_file(const char *path);
/* The server rows (bench_serve.c): previews timed by mapsheet serve. */
int bench_serve(const char *mapsheet);

/* Cairo's floor (bench_floor.c): a scene's pages copied into plain arrays,
 * then drawn straight into a surface of the format and written to path
 * (per-page formats: one file a page, named as render_page_path does). */
struct floor_sheet;
struct floor_sheet *bench_floor_prepare(const struct scene *sc);
void bench_floor_free(struct floor_sheet *fs);
int bench_floor_write(const struct floor_sheet *fs, enum cairo_format fmt, int dpi, const char *path);

/* libharu's floor for the booklet (bench_floor_haru.c): the same arrays,
 * fonts found untimed; drawn into a new HPDF document with the booklet's
 * compression and fonts, saved as the booklet is. */
struct haru_floor;
struct haru_floor *bench_haru_floor_prepare(const struct scene *sc);
void bench_haru_floor_free(struct haru_floor *hf);
int bench_haru_floor_write(const struct haru_floor *hf, const char *path);

#endif
