/* bench_render.c: the rendering half of `make bench`. For a 30-room map
 * on letter, a 1,000-room map on 24 x 36 in paper and ten 30-room levels in
 * one PDF (bench_cases.h), it times writing each sheet format with
 * render_write(), the whole of it: fonts set up, layout, drawing, the
 * file; then Cairo's floor for the same pages (bench_floor.c) and our time
 * over it. Then whole commands: the built mapsheet run in a fresh process,
 * wall time from spawn to exit, font set-up included. */
#define _XOPEN_SOURCE 700 /* sync() */
#include "bench.h"
#include "bench_cases.h"

#include "app/level_keys.h"
#include "methods/gen.h"
#include "layout/layout.h"
#include "methods/levels.h"
#include "text/measure.h"
#include "paper.h"
#include "style.h"

#include <dirent.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SEED BENCH_SEED

struct bench_doc {
	struct level *levels;
	int nlevels;
	struct doc d;
};

static int make_doc(struct bench_doc *bd, const struct method *meth, int rooms, int nlevels, const char *paper)
{
	struct gen_params p;
	struct err e;
	gen_params_default(&p);
	p.rooms = rooms;
	p.w = 40;
	p.h = 30;
	if (meth->fit_size)
		meth->fit_size(rooms, &p.w, &p.h);
	p.levels = nlevels;
	p.template_dirs = bench_template_dirs();
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", bench_template_dirs(), 0, NULL, 0, 0 };
	memset(bd, 0, sizeof *bd);
	bd->levels = calloc((size_t)nlevels, sizeof *bd->levels);
	bd->nlevels = nlevels;
	if (!bd->levels)
		return -1;
	const struct method *const methods[1] = { meth };
	if (levels_generate(bd->levels, nlevels, methods, 1, &p, SEED, KEY_NUMBER_ENTRANCE, NULL, NULL, &e) < 0 ||
	    level_keys_build(bd->levels, nlevels, &ko, NULL, NULL, SEED, NULL, &e) < 0) {
		fprintf(stderr, "bench: %s: %s\n", meth->name, e.msg);
		return -1;
	}
	bd->d = (struct doc){ .seed = SEED, .command = "mapsheet --seed " SEED, .levels = bd->levels,
			      .nlevels = nlevels, .template_dirs = bench_template_dirs(), .total_levels = nlevels };
	bd->d.sheet.dpi = RENDER_DPI_DEFAULT;
	bd->d.sheet.paper = paper;
	return 0;
}

static void free_doc(struct bench_doc *bd)
{
	levels_free(bd->levels, bd->nlevels);
	free(bd->levels);
}

/* Lays the document out into sc as render_write does; returns seconds or -1. */
static double lay_out(const struct doc *d, struct scene *sc)
{
	struct measure ms;
	struct style st;
	struct paper paper;
	struct err e;
	double t0 = bench_now();
	if (measure_init(&ms, &e) < 0)
		return -1;
	int rc = style_load(&st, d->sheet.style, d->template_dirs, &e) < 0 || paper_parse(d->sheet.paper, &paper, &e) < 0
			 ? -1 : 0;
	for (int i = 0; rc == 0 && i < d->nlevels; i++) {
		struct layout_ctx c;
		if (layout_ctx_init(&c, d, &d->levels[i], &st, &ms, sc, &e) < 0) {
			rc = -1;
			break;
		}
		rc = layout_level(&c, &paper, NULL, &e);
		layout_ctx_free(&c);
	}
	measure_free(&ms);
	if (rc < 0) {
		fprintf(stderr, "bench: layout: %s\n", e.msg);
		return -1;
	}
	return bench_now() - t0;
}

/* Total bytes and count of the files render_page_path names for path. */
static long files_size(const char *path, int *nfiles)
{
	long total = 0;
	*nfiles = 0;
	for (int i = 1; i < 100000; i++) {
		char name[4096];
		struct stat sb;
		render_page_path(path, i, name, sizeof name);
		if (stat(name, &sb) < 0)
			break;
		total += (long)sb.st_size;
		(*nfiles)++;
	}
	return total;
}

static void clear_dir(const char *dir)
{
	DIR *dp = opendir(dir);
	if (!dp)
		return;
	struct dirent *de;
	while ((de = readdir(dp))) {
		if (de->d_name[0] == '.')
			continue;
		char name[4096];
		snprintf(name, sizeof name, "%s/%s", dir, de->d_name);
		unlink(name);
	}
	closedir(dp);
}

struct fmt_row {
	const char *name;
	enum cairo_format cairo;
	double target;          /* ours over the floor, at most */
};

static const struct fmt_row formats[] = {
	{ "pdf", CAIRO_OUT_PDF, 1.3 },
	{ "svg", CAIRO_OUT_SVG, 1.3 },
	{ "png", CAIRO_OUT_PNG, 1.5 },
};

/* Ours over the floor in CPU time of the thread (medians): steadier than
 * the wall clock on a shared machine, blind to waiting for the disk. */
static void print_cpu_ratio(double *ours, double *floor_s, int n)
{
	double o = bench_median(ours, n), f = bench_median(floor_s, n);
	printf(" %8.2fx\n", f > 0 ? o / f : 0);
}

static void print_ratio(double ours, double floor_s, double target)
{
	double r = floor_s > 0 ? ours / floor_s : 0;
	printf(" %10.1f %8.2fx %6.1fx %s", floor_s * 1e3, r, target, r <= target ? "ok" : "OVER");
}

/* The most repeats of a rendering row (each side). */
#define MAX_REPEATS 64

/* One row: format f of document bd, `repeats` times each. Returns 0, or
 * -1 when it could not run. */
static int render_row(const char *dir, const char *label, struct bench_doc *bd, const struct fmt_row *f,
		       const struct floor_sheet *fs, int npages, double layout_s, int repeats)
{
	char path[4096];
	double ours[MAX_REPEATS], floor_t[MAX_REPEATS], ours_cpu[MAX_REPEATS], floor_cpu[MAX_REPEATS];
	struct err e;
	snprintf(path, sizeof path, "%s/sheet.%s", dir, f->name);
	if (repeats > MAX_REPEATS)
		repeats = MAX_REPEATS;
	int nfiles = 0;
	long bytes = 0;
	for (int i = 0; i < repeats; i++) {
		clear_dir(dir);
		double t0 = bench_now(), c0 = bench_cpu_now();
		if (render_write(&bd->d, path, f->name, &e) < 0) {
			printf("%-18s %-7s failed: %s\n", label, f->name, e.msg);
			return -1;
		}
		ours[i] = bench_now() - t0;
		ours_cpu[i] = bench_cpu_now() - c0;
		bytes = files_size(path, &nfiles);
		clear_dir(dir);
		t0 = bench_now();
		c0 = bench_cpu_now();
		if (bench_floor_write(fs, f->cairo, RENDER_DPI_DEFAULT, path) < 0) {
			printf("%-18s %-7s floor failed\n", label, f->name);
			return -1;
		}
		floor_t[i] = bench_now() - t0;
		floor_cpu[i] = bench_cpu_now() - c0;
	}
	double om = bench_median(ours, repeats), fm = bench_median(floor_t, repeats);
	printf("%-18s %-7s %5d %10.1f %10.1f", label, f->name, npages, layout_s * 1e3, om * 1e3);
	print_ratio(om, fm, f->target);
	printf(" %9.0f %5d", bytes / 1024.0, nfiles);
	print_cpu_ratio(ours_cpu, floor_cpu, repeats);
	clear_dir(dir);
	return 0;
}

/* The booklet PDF, written by libharu from the same scenes (cover,
 * bookmarks and links included). Its floor is libharu's own for the same
 * pages (bench_floor_haru.c); Cairo's PDF floor is shown below it for
 * comparison. Returns 0, or -1 when it could not run. */
static int booklet_row(const char *dir, const char *label, struct bench_doc *bd, const struct floor_sheet *fs,
			const struct haru_floor *hf, int npages, int repeats)
{
	char path[4096];
	double ours[MAX_REPEATS], floor_t[MAX_REPEATS], cairo_t[MAX_REPEATS], ours_cpu[MAX_REPEATS],
		floor_cpu[MAX_REPEATS];
	struct err e;
	snprintf(path, sizeof path, "%s/booklet.pdf", dir);
	if (repeats > MAX_REPEATS)
		repeats = MAX_REPEATS;
	int nfiles = 0;
	long bytes = 0;
	for (int i = 0; i < repeats; i++) {
		clear_dir(dir);
		double t0 = bench_now(), c0 = bench_cpu_now();
		if (render_write_booklet(&bd->d, path, &e) < 0) {
			printf("%-18s %-7s failed: %s\n", label, "booklet", e.msg);
			return -1;
		}
		ours[i] = bench_now() - t0;
		ours_cpu[i] = bench_cpu_now() - c0;
		bytes = files_size(path, &nfiles);
		clear_dir(dir);
		t0 = bench_now();
		c0 = bench_cpu_now();
		if (bench_haru_floor_write(hf, path) < 0) {
			printf("%-18s %-7s libharu floor failed\n", label, "booklet");
			return -1;
		}
		floor_t[i] = bench_now() - t0;
		floor_cpu[i] = bench_cpu_now() - c0;
		clear_dir(dir);
		t0 = bench_now();
		bench_floor_write(fs, CAIRO_OUT_PDF, RENDER_DPI_DEFAULT, path);
		cairo_t[i] = bench_now() - t0;
	}
	double om = bench_median(ours, repeats), fm = bench_median(floor_t, repeats);
	double cm = bench_median(cairo_t, repeats);
	printf("%-18s %-7s %5d %10s %10.1f", label, "booklet", npages, "", om * 1e3);
	print_ratio(om, fm, 1.3);
	printf(" %9.0f %5d %8.2fx  (floor: no links, outline, page labels)\n", bytes / 1024.0, nfiles,
	       bench_median(floor_cpu, repeats) > 0 ? bench_median(ours_cpu, repeats) / bench_median(floor_cpu, repeats) : 0);
	printf("%-18s %-7s %5s %10s %10.1f %10.1f %8.2fx %9s %s\n", "  vs Cairo's floor", "pdf", "", "", om * 1e3,
	       cm * 1e3, cm > 0 ? om / cm : 0, "", "(for information)");
	clear_dir(dir);
	return 0;
}

int bench_render(const char *only_method)
{
	const struct method *meth = method_find(only_method ? only_method : "dice");
	char dir[] = "/tmp/mapsheet-bench-XXXXXX";
	if (!meth || !mkdtemp(dir)) {
		printf("Rendering: cannot start (%s)\n", meth ? "no temporary folder" : "no such method");
		return 1;
	}
	printf("Rendering (%s method, seed %s, letter paper unless the row names another, classic style, PNG at %d dpi;\n"
	       "median of repeats)\n", meth->name, SEED, RENDER_DPI_DEFAULT);
	printf("  ours: render_write() whole (fonts, layout, drawing, files); layout: its layout part alone;\n"
	       "  floor: Cairo drawing the same pages from prepared arrays (paths, grid, text by cairo_show_text), same surfaces;\n"
	       "  for the booklet libharu drawing them into a new document (same fonts embedded, same compression);\n"
	       "  not like for like: a floor lays nothing out and sets its text unkerned, and the booklet's has no links,\n"
	       "  outline or page labels and writes libharu's widths for every code of its fonts (ours: the codes shown)\n");
	printf("%-18s %-7s %5s %10s %10s %10s %9s %7s %2s %9s %5s %9s\n", "map", "format", "pages", "layout ms",
	       "ours ms", "floor ms", "ours/flr", "target", "", "size KiB", "files", "cpu o/f");
	int failed = 0;
	for (int k = 0; k < BENCH_RENDER_CASES; k++) {
		const struct bench_render_case *rc = &bench_render_cases[k];
		struct bench_doc bd;
		char label[64];
		if (rc->levels > 1)
			snprintf(label, sizeof label, "%d x %d rooms", rc->levels, rc->rooms);
		else
			snprintf(label, sizeof label, "%d rooms", rc->rooms);
		if (rc->paper)
			snprintf(label + strlen(label), sizeof label - strlen(label), " %s", rc->paper);
		if (make_doc(&bd, meth, rc->rooms, rc->levels, rc->paper) < 0) {
			printf("%-18s failed to generate\n", label);
			failed++;
			continue;
		}
		struct scene sc;
		scene_init(&sc);
		double layout_s = lay_out(&bd.d, &sc);
		double again[8];
		for (int i = 0; layout_s >= 0 && i < 5; i++) {
			struct scene s2;
			scene_init(&s2);
			again[i] = lay_out(&bd.d, &s2);
			scene_free(&s2);
		}
		if (layout_s >= 0)
			layout_s = bench_median(again, 5);
		struct floor_sheet *fs = layout_s >= 0 ? bench_floor_prepare(&sc) : NULL;
		struct haru_floor *hf = fs && rc->levels > 1 ? bench_haru_floor_prepare(&sc) : NULL;
		if (!fs || (rc->levels > 1 && !hf)) {
			printf("%-18s failed to lay out\n", label);
			failed++;
		} else {
			for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
				if (rc->all_formats || formats[f].cairo == CAIRO_OUT_PDF)
					failed += render_row(dir, label, &bd, &formats[f], fs, sc.npages, layout_s,
							     formats[f].cairo == CAIRO_OUT_PNG && rc->repeats > rc->png_repeats
								     ? rc->png_repeats
								     : rc->repeats) < 0;
			if (rc->levels > 1)
				failed += booklet_row(dir, label, &bd, fs, hf, sc.npages, rc->repeats) < 0;
		}
		bench_haru_floor_free(hf);
		bench_floor_free(fs);
		scene_free(&sc);
		free_doc(&bd);
	}
	rmdir(dir);
	printf("(ours/flr: our wall time over the floor's, Cairo's or libharu's for the booklet; target: the most it may\n"
	       " be; cpu o/f: the same in CPU time of the thread)\n\n");
	return failed;
}

/* Runs argv to completion; returns the wall seconds or -1. posix_spawn
 * (a vfork) rather than fork, so that the time does not include copying
 * the page tables of this process, large after the rendering rows. */
static double run_command(char *const argv[])
{
	extern char **environ;
	double t0 = bench_now();
	pid_t pid;
	if (posix_spawn(&pid, argv[0], NULL, NULL, argv, environ) != 0)
		return -1;
	int status;
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	double t = bench_now() - t0;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t : -1;
}

/* Prints the row; returns its median, or -1 when the command failed. */
static double command_row(const char *what, char *const argv[], int repeats, double target)
{
	double t[64];
	if (repeats > 64)
		repeats = 64;
	for (int i = 0; i < repeats; i++)
		if ((t[i] = run_command(argv)) < 0) {
			printf("%-44s failed (exit status not 0)\n", what);
			return -1;
		}
	double mn = t[0], mx = t[0];
	for (int i = 1; i < repeats; i++) {
		mn = t[i] < mn ? t[i] : mn;
		mx = t[i] > mx ? t[i] : mx;
	}
	double med = bench_median(t, repeats);
	printf("%-44s %9.1f %9.1f %9.1f", what, med * 1e3, mn * 1e3, mx * 1e3);
	if (target > 0)
		printf(" %9.0f %s", target * 1e3, med <= target ? "ok" : "OVER");
	printf("\n");
	return med;
}

#define COMMAND_REPEATS 31
#define READ_REPEATS 7
#define JOIN_BOOKLET_REPEATS 1      /* some 15 s of CPU, over a minute and a half of wall time on 2 cores */
#define READ_TARGET 1.25            /* reading over the parser's own time, at most */

/* Reading a 10,000-room map back from its JSON, against its floor
 * (issue 45): the reader (read_map_file: the file read, parsed with
 * jansson, checked and made into levels, then freed) against jansson
 * alone parsing the same file and freeing it, alternately in one child
 * set up as a mapsheet run (bench_reader_vs_parser). Reading may cost at
 * most READ_TARGET times the parse. The whole commands follow for
 * information, each in a fresh process: generating the map, the parse
 * alone (`bench --parse`), reading the map and writing it again as JSON
 * (the command's time, the write included), two such maps made apart
 * joined into one document as JSON, and as a booklet on paper that holds
 * them. The maps are made once, untimed, first. */
int bench_read(const char *mapsheet)
{
	char dir[] = "/tmp/mapsheet-bench-XXXXXX";
	if (access(mapsheet, X_OK) < 0 || !mkdtemp(dir)) {
		printf("Reading: %s is not built (make first)\n\n", mapsheet);
		return 1;
	}
	char made[4096], other[4096], again[4096], joined[4096], booklet[4096], self[4096];
	snprintf(made, sizeof made, "%s/rooms.json", dir);
	snprintf(other, sizeof other, "%s/rooms-b.json", dir);
	snprintf(again, sizeof again, "%s/again.json", dir);
	snprintf(joined, sizeof joined, "%s/joined.json", dir);
	snprintf(booklet, sizeof booklet, "%s/joined.pdf", dir);
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	self[n > 0 ? n : 0] = '\0';
	char *bin = (char *)mapsheet;
	char *generate[] = { bin, "-q", "-s", SEED, "-n", "10000", "-o", made, NULL };
	char *generate_b[] = { bin, "-q", "-s", SEED "-b", "-n", "10000", "-o", other, NULL };
	char *read_back[] = { bin, "-q", "-i", made, "-o", again, NULL };
	char *parse[] = { self, "--parse", made, NULL };
	char *join[] = { bin, "-q", "-i", made, "-i", other, "-o", joined, NULL };
	char *join_booklet[] = { bin, "-q", "-i", made, "-i", other, "--paper", "54x57in", "-o", booklet, NULL };
	int failed = 0;
	if (run_command(generate) < 0 || run_command(generate_b) < 0 || n <= 0) {
		printf("Reading a map back: %s failed (exit status not 0)\n\n", "mapsheet -n 10000 -o rooms.json");
		clear_dir(dir);
		rmdir(dir);
		return 1;
	}
	printf("Reading a map back (a 10,000-room map, rooms.json; reader and parser alternating in one process,\n"
	       "median of %d; the reader: read_map_file, the file read, parsed, checked and made into levels, freed;\n"
	       "the floor: jansson parsing the same file read whole and freeing it)\n", READ_REPEATS);
	printf("%-44s %9s %9s %9s %9s\n", "", "ours ms", "floor ms", "ours/flr", "target");
	double rp[4];
	if (bench_reader_vs_parser(made, READ_REPEATS, rp) < 0) {
		printf("%-44s failed\n", "read rooms.json");
		failed++;
	} else {
		double r = rp[1] > 0 ? rp[0] / rp[1] : 0;
		printf("%-44s %9.1f %9.1f %8.2fx %8.2fx %s   (cpu %.2fx)\n", "read rooms.json over the parse alone", rp[0] * 1e3,
		       rp[1] * 1e3, r, READ_TARGET, r <= READ_TARGET ? "ok" : "OVER", rp[3] > 0 ? rp[2] / rp[3] : 0);
	}
	printf("Whole commands, for information (%s in a fresh process, wall time spawn to exit, median of %d;\n"
	       "the read command writes the map again, as JSON)\n", mapsheet, READ_REPEATS);
	printf("%-44s %9s %9s %9s\n", "command", "median ms", "min ms", "max ms");
	double gen = command_row("mapsheet -n 10000 -o rooms.json (generate)", generate, READ_REPEATS, 0);
	double fl = command_row("bench --parse rooms.json (jansson alone)", parse, READ_REPEATS, 0);
	double rd = command_row("mapsheet -i rooms.json -o again.json", read_back, READ_REPEATS, 0);
	failed += (gen < 0) + (fl < 0) + (rd < 0);
	failed += command_row("mapsheet -i rooms.json -i rooms-b.json (join)", join, READ_REPEATS, 0) < 0;
	failed += command_row("the same as a booklet, --paper 54x57in (PDF)", join_booklet, JOIN_BOOKLET_REPEATS, 0) < 0;
	clear_dir(dir);
	rmdir(dir);
	printf("\n");
	return failed;
}

int bench_command(const char *mapsheet)
{
	char dir[] = "/tmp/mapsheet-bench-XXXXXX";
	if (access(mapsheet, X_OK) < 0 || !mkdtemp(dir)) {
		printf("Whole command: %s is not built (make first)\n\n", mapsheet);
		return 1;
	}
	char pdf[4096], pdf10[4096], txt[4096], module[4096], foundry[4096], self[4096];
	snprintf(pdf, sizeof pdf, "%s/level.pdf", dir);
	snprintf(module, sizeof module, "%s/site.module", dir);
	snprintf(foundry, sizeof foundry, "%s/site.zip", dir);
	snprintf(pdf10, sizeof pdf10, "%s/levels.pdf", dir);
	snprintf(txt, sizeof txt, "%s/level.txt", dir);
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	self[n > 0 ? n : 0] = '\0';
	char *bin = (char *)mapsheet;
	char *level[] = { bin, "-q", "-s", SEED, "-n", "30", "-o", pdf, NULL };
	char *levels[] = { bin, "-q", "-s", SEED, "-n", "30", "--levels", "10", "-o", pdf10, NULL };
	char *levels_cairo[] = { bin, "-q", "-s", SEED, "-n", "30", "--levels", "10", "--format", "pdf-cairo", "-o",
				 pdf10, NULL };
	char *text[] = { bin, "-q", "-s", SEED, "-n", "30", "-o", txt, NULL };
	char *eplus[] = { bin, "-q", "-s", SEED, "--levels", "3", "-o", module, NULL };
	char *fvtt[] = { bin, "-q", "-s", SEED, "--levels", "3", "-o", foundry, NULL };
	char *fonts[] = { self, "--font-setup", NULL };
	/* the rendering rows leave tens of megabytes of files being written
	 * back; each command fsyncs its output, so wait for the disk first */
	sync();
	sleep(1);
	printf("Whole command (%s run in a fresh process, wall time spawn to exit, median of %d)\n", mapsheet,
	       COMMAND_REPEATS);
	printf("%-44s %9s %9s %9s %9s\n", "command", "median ms", "min ms", "max ms", "target ms");
	int failed = 0;
	failed += command_row("mapsheet -n 30 -o level.pdf", level, COMMAND_REPEATS, 0.050) < 0;
	failed += command_row("mapsheet -n 30 --levels 10 -o levels.pdf (booklet)", levels, COMMAND_REPEATS, 1.0) < 0;
	failed += command_row("the same through Cairo (--format pdf-cairo)", levels_cairo, COMMAND_REPEATS, 1.0) < 0;
	failed += command_row("mapsheet -n 30 -o level.txt (no fonts)", text, COMMAND_REPEATS, 0) < 0;
	failed += command_row("mapsheet --levels 3 -o site.module (EncounterPlus)", eplus, COMMAND_REPEATS, 0) < 0;
	failed += command_row("mapsheet --levels 3 -o site.zip (Foundry VTT)", fvtt, COMMAND_REPEATS, 0) < 0;
	if (n > 0)
		failed += command_row("font set-up alone (fontconfig, Pango)", fonts, COMMAND_REPEATS, 0) < 0;
	clear_dir(dir);
	rmdir(dir);
	printf("\n");
	return failed;
}

/* `bench profile CASE FORMAT`: for a profiler, not timed. CASE is a row
 * of bench_cases.h by its index (0: 30 rooms, 1: 1,000 rooms, 2: 10 x 30
 * rooms), FORMAT pdf, svg, png, booklet or layout (the layout alone, its
 * second run through bench_profiled_layout). Writes the row once untimed
 * (fonts and caches warmed as in the timed rows' medians), then once more
 * through bench_profiled_ours and its floor through bench_profiled_floor,
 * so that `valgrind --tool=callgrind --toggle-collect=bench_profiled_ours
 * --toggle-collect=bench_profiled_floor build/bench profile 0 pdf` counts
 * each side's instructions alone (callgrind_annotate --inclusive=yes). */
__attribute__((noinline)) int bench_profiled_ours(struct bench_doc *bd, const char *path, const char *fmt,
						   struct err *e);
__attribute__((noinline)) int bench_profiled_floor(const struct floor_sheet *fs, const struct haru_floor *hf,
						    enum cairo_format cf, const char *path);

__attribute__((noinline)) int bench_profiled_ours(struct bench_doc *bd, const char *path, const char *fmt,
						   struct err *e)
{
	return strcmp(fmt, "booklet") == 0 ? render_write_booklet(&bd->d, path, e) : render_write(&bd->d, path, fmt, e);
}

__attribute__((noinline)) int bench_profiled_floor(const struct floor_sheet *fs, const struct haru_floor *hf,
						    enum cairo_format cf, const char *path)
{
	return hf ? bench_haru_floor_write(hf, path) : bench_floor_write(fs, cf, RENDER_DPI_DEFAULT, path);
}

/* `bench profile CASE layout`: the row's layout alone, for
 * --toggle-collect=bench_profiled_layout. */
__attribute__((noinline)) double bench_profiled_layout(const struct doc *d, struct scene *sc);

__attribute__((noinline)) double bench_profiled_layout(const struct doc *d, struct scene *sc)
{
	return lay_out(d, sc);
}

static int profile_layout(const struct bench_render_case *rc)
{
	struct bench_doc bd;
	if (make_doc(&bd, method_find("dice"), rc->rooms, rc->levels, rc->paper) < 0)
		return 1;
	double t = 0;
	for (int pass = 0; pass < 2 && t >= 0; pass++) {
		struct scene sc;
		scene_init(&sc);
		t = pass ? bench_profiled_layout(&bd.d, &sc) : lay_out(&bd.d, &sc);
		scene_free(&sc);
	}
	free_doc(&bd);
	return t < 0;
}

int bench_render_profile(const char *which, const char *fmt)
{
	int k = which ? atoi(which) : -1;
	const struct fmt_row *f = NULL;
	for (size_t i = 0; fmt && i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(fmt, formats[i].name) == 0)
			f = &formats[i];
	int booklet = fmt && strcmp(fmt, "booklet") == 0;
	if (k >= 0 && k < BENCH_RENDER_CASES && fmt && strcmp(fmt, "layout") == 0)
		return profile_layout(&bench_render_cases[k]);
	if (k < 0 || k >= BENCH_RENDER_CASES || (!f && !booklet) || (booklet && bench_render_cases[k].levels < 2)) {
		fprintf(stderr, "usage: bench profile 0|1|2 pdf|svg|png|booklet|layout (booklet: case 2)\n");
		return 2;
	}
	const struct bench_render_case *rc = &bench_render_cases[k];
	char dir[] = "/tmp/mapsheet-bench-XXXXXX", path[4096];
	struct bench_doc bd;
	struct scene sc;
	struct err e;
	if (!mkdtemp(dir) || make_doc(&bd, method_find("dice"), rc->rooms, rc->levels, rc->paper) < 0)
		return 1;
	snprintf(path, sizeof path, "%s/sheet.%s", dir, booklet ? "pdf" : fmt);
	scene_init(&sc);
	struct floor_sheet *fs = lay_out(&bd.d, &sc) >= 0 ? bench_floor_prepare(&sc) : NULL;
	struct haru_floor *hf = fs && booklet ? bench_haru_floor_prepare(&sc) : NULL;
	enum cairo_format cf = f ? f->cairo : CAIRO_OUT_PDF;
	int rc_ = !fs || (booklet && !hf) ? -1 : 0;
	for (int pass = 0; rc_ == 0 && pass < 2; pass++) {
		clear_dir(dir);
		rc_ = pass ? bench_profiled_ours(&bd, path, fmt, &e)
			   : booklet ? render_write_booklet(&bd.d, path, &e) : render_write(&bd.d, path, fmt, &e);
		clear_dir(dir);
		if (rc_ == 0)
			rc_ = pass ? bench_profiled_floor(fs, hf, cf, path)
				   : hf ? bench_haru_floor_write(hf, path) : bench_floor_write(fs, cf, RENDER_DPI_DEFAULT, path);
	}
	if (rc_ < 0)
		fprintf(stderr, "bench: profile: could not write the row\n");
	clear_dir(dir);
	rmdir(dir);
	bench_haru_floor_free(hf);
	bench_floor_free(fs);
	scene_free(&sc);
	free_doc(&bd);
	return rc_ < 0 ? 1 : 0;
}
