/* bench_poster.c: `bench poster`: a 1,000-room dice map printed as a
 * poster (render/layout/layout_poster.c) by the whole command, against the same
 * map on one sheet: pages, file size, wall time, time a piece. Pieces share
 * the PDF's fonts and drawing resources, so the file grows by a few KiB a
 * piece, not by a sheet's size. */
#include "bench.h"

#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define POSTER_REPEATS 3

/* Runs argv; wall seconds, or -1. */
static double run(char *const argv[])
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

/* The pages of a PDF as pdfinfo counts them, or -1. */
static int pdf_pages(const char *path)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "pdfinfo '%s' 2>/dev/null", path);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	char line[512];
	int pages = -1;
	while (fgets(line, sizeof line, p))
		if (sscanf(line, "Pages: %d", &pages) == 1)
			break;
	pclose(p);
	return pages;
}

/* One row: the command's median time, its pages and size; returns the
 * median seconds (or -1) and the pages in *pages. */
static double poster_row(const char *what, char *const argv[], const char *out, int *pages)
{
	double t[POSTER_REPEATS];
	for (int i = 0; i < POSTER_REPEATS; i++)
		if ((t[i] = run(argv)) < 0) {
			printf("%-48s failed (exit status not 0)\n", what);
			return -1;
		}
	double med = bench_median(t, POSTER_REPEATS);
	struct stat sb;
	long kib = stat(out, &sb) == 0 ? (long)(sb.st_size / 1024) : -1;
	*pages = pdf_pages(out);
	printf("%-48s %6d %9ld %9.0f %9.1f\n", what, *pages, kib, med * 1e3,
	       *pages > 0 ? med * 1e3 / *pages : 0.0);
	return med;
}

void bench_poster(const char *mapsheet)
{
	char dir[] = "/tmp/mapsheet-bench-XXXXXX";
	if (access(mapsheet, X_OK) < 0 || !mkdtemp(dir)) {
		printf("Poster: %s is not built (make first)\n\n", mapsheet);
		return;
	}
	char sheet[4096], letter[4096], plotter[4096];
	snprintf(sheet, sizeof sheet, "%s/sheet.pdf", dir);
	snprintf(letter, sizeof letter, "%s/letter.pdf", dir);
	snprintf(plotter, sizeof plotter, "%s/plotter.pdf", dir);
	char *bin = (char *)mapsheet;
	char *one[] = { bin, "-q", "-s", "bench", "-n", "1000", "--no-key", "--paper", "24x36in", "-o", sheet,
			NULL };
	/* at one inch a square the map is 21 x 24 ft: 1,184 letter pages,
	 * past the 400 allowed, so on letter at half an inch, and at one inch
	 * on a plotter's 24 x 36 in roll */
	char *half[] = { bin, "-q", "-s", "bench", "-n", "1000", "--no-key", "--scale", "2", "-o", letter, NULL };
	char *inch[] = { bin, "-q", "-s", "bench", "-n", "1000", "--no-key", "--scale", "1", "--paper", "24x36in",
			 "-o", plotter, NULL };
	printf("Poster (dice, 1,000 rooms, no key; whole command, median of %d)\n", POSTER_REPEATS);
	printf("%-48s %6s %9s %9s %9s\n", "command", "pages", "KiB", "ms", "ms/page");
	int pages;
	poster_row("one sheet, fitted, --paper 24x36in", one, sheet, &pages);
	poster_row("--scale 2, letter (poster)", half, letter, &pages);
	poster_row("--scale 1, --paper 24x36in (poster)", inch, plotter, &pages);
	remove(sheet);
	remove(letter);
	remove(plotter);
	rmdir(dir);
	printf("\n");
}
