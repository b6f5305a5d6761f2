/* poster_plan.c: splitting a map over pieces of paper (see poster_plan.h).
 * A piece's window is the page less the printer-safe margin and the band
 * of marks inside it; pieces follow one another by a whole number of
 * squares, so every cut falls on a grid line, and each shows the overlap
 * beyond its cut, which the next piece covers. The grid of cuts may start
 * before the map's first square: of the shifts that print no more pieces
 * than the grid starting there, the one is kept under which no printed
 * piece holds only a sliver of floor (each shift's pieces measured with
 * floor_sums.h). */
#include "layout/poster_plan.h"

#include "layout/floor_sums.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The label of row r and column c: "A1", ..., "Z9", "AA10". */
static void poster_label(int row, int col, char *out, size_t size)
{
	char letters[8];
	int n = 0;
	/* bijective base 26: A..Z, AA..ZZ */
	for (int r = row + 1; r > 0 && n < 7; r = (r - 1) / 26)
		letters[n++] = (char)('A' + (r - 1) % 26);
	char rev[8];
	for (int i = 0; i < n; i++)
		rev[i] = letters[n - 1 - i];
	rev[n] = '\0';
	snprintf(out, size, "%s%d", rev, col + 1);
}

/* The grid of pieces for orientation o, without the pieces themselves.
 * Returns 0, or -1 with a usage error. */
static int plan_grid(struct poster_plan *pl, enum orientation o, const struct paper *paper, struct err *e)
{
	pl->o = o;
	paper_oriented(paper, o, &pl->pw, &pl->ph);
	double edge = pl->margin + POSTER_BAND;
	double cw = pl->pw - 2 * edge, ch = pl->ph - 2 * edge;
	if (cw < pl->s || ch < pl->s)
		return err_usage(e, "--margin: %.2f in leaves no room for a square of %.2f in on %s paper (expected a "
				 "smaller --margin or larger paper)", pl->margin / 72, pl->s / 72, paper->name);
	pl->step_x = (int)floor((cw - pl->overlap) / pl->s + 1e-9);
	pl->step_y = (int)floor((ch - pl->overlap) / pl->s + 1e-9);
	if (pl->step_x < 1 || pl->step_y < 1)
		return err_usage(e, "--overlap: %.2f in leaves no room for a square of %.2f in on a piece of %s paper "
				 "(%.2f x %.2f in inside the margins; expected a smaller --overlap)", pl->overlap / 72,
				 pl->s / 72, paper->name, cw / 72, ch / 72);
	pl->win_x = edge;
	pl->win_y = edge;
	return 0;
}

/* Starts pl's grid of cuts off_x, off_y squares before the map's first. */
static void shift_grid(struct poster_plan *pl, int off_x, int off_y)
{
	pl->off_x = off_x;
	pl->off_y = off_y;
	pl->cols = (pl->vw + off_x + pl->step_x - 1) / pl->step_x;
	pl->rows = (pl->vh + off_y + pl->step_y - 1) / pl->step_y;
}

/* The squares piece (row, col) shows: from its cut (or the map's first
 * square) to the next piece's cut and the overlap beyond, within the
 * squares printed. */
static void piece_window(const struct poster_plan *pl, int row, int col, struct poster_piece *p)
{
	double ov = pl->overlap / pl->s;
	int gx = pl->vx - pl->off_x + col * pl->step_x, gy = pl->vy - pl->off_y + row * pl->step_y;
	int end_x = pl->vx + pl->vw, end_y = pl->vy + pl->vh;
	p->row = row;
	p->col = col;
	p->x0 = gx > pl->vx ? gx : pl->vx;
	p->y0 = gy > pl->vy ? gy : pl->vy;
	p->cut_x = fmin(gx + pl->step_x, end_x);
	p->cut_y = fmin(gy + pl->step_y, end_y);
	p->x1 = fmin(gx + pl->step_x + ov, end_x);
	p->y1 = fmin(gy + pl->step_y + ov, end_y);
}

/* What pl's grid prints: the pieces holding floor, and the least share of
 * such a piece's window (its squares and overlap, were the map to fill
 * it) in floor (1 when none). */
static int grid_printed(const struct poster_plan *pl, const struct floor_sums *fs, double *least)
{
	double ov = pl->overlap / pl->s;
	double window = (pl->step_x + ov) * (pl->step_y + ov);
	int n = 0;
	*least = 1;
	for (int r = 0; r < pl->rows; r++)
		for (int c = 0; c < pl->cols; c++) {
			struct poster_piece p;
			piece_window(pl, r, c, &p);
			double a = floor_sums_area(fs, (int)p.x0, (int)p.y0, p.x1, p.y1);
			if (a > 1e-9) {
				n++;
				*least = fmin(*least, a / window);
			}
		}
	return n;
}

/* A grid tried: its plan, the pieces it prints, whether each holds floor
 * over POSTER_FLOOR_MIN of its window. */
struct grid_try {
	struct poster_plan pl;
	int printed, full;
};

/* Whether a is to be preferred to b (see poster_plan_make). */
static int better(const struct grid_try *a, const struct grid_try *b)
{
	if (a->full != b->full)
		return a->full;
	if (a->printed != b->printed)
		return a->printed < b->printed;
	long ca = (long)a->pl.rows * a->pl.cols, cb = (long)b->pl.rows * b->pl.cols;
	if (ca != cb)
		return ca < cb;
	int sa = a->pl.off_x + a->pl.off_y, sb = b->pl.off_x + b->pl.off_y;
	if (sa != sb)
		return sa < sb;
	return a->pl.off_y < b->pl.off_y;
}

/* Picks among the grids of the orientations in grid[0 .. n - 1] (their
 * steps set), under the most printed pieces `most`, into *best. */
static void choose_shift(const struct poster_plan *grid, int n, const struct floor_sums *fs, int most,
			 struct grid_try *best)
{
	int have = 0;
	for (int i = 0; i < n; i++)
		for (int oy = 0; oy < grid[i].step_y; oy++)
			for (int ox = 0; ox < grid[i].step_x; ox++) {
				struct grid_try t = { grid[i], 0, 0 };
				shift_grid(&t.pl, ox, oy);
				if ((long)t.pl.rows * t.pl.cols > POSTER_PIECES_MAX)
					continue;
				double least;
				t.printed = grid_printed(&t.pl, fs, &least);
				t.full = least >= POSTER_FLOOR_MIN - 1e-9;
				if (t.printed > most)
					continue;
				if (!have || better(&t, best)) {
					*best = t;
					have = 1;
				}
			}
}

int poster_plan_make(struct poster_plan *pl, const struct map *m, int vx, int vy, int vw, int vh, double scale,
		     const struct paper *paper, enum orientation want, const char *overlap, const char *margin,
		     struct err *e)
{
	memset(pl, 0, sizeof *pl);
	pl->vx = vx;
	pl->vy = vy;
	pl->vw = vw;
	pl->vh = vh;
	pl->scale = scale;
	pl->s = paper_square_pt(scale);
	pl->overlap = POSTER_OVERLAP_DEFAULT;
	pl->margin = POSTER_MARGIN_DEFAULT;
	if (overlap && paper_parse_length("--overlap", overlap, &pl->overlap, e) < 0)
		return -1;
	if (margin && paper_parse_length("--margin", margin, &pl->margin, e) < 0)
		return -1;
	struct floor_sums fs;
	if (floor_sums_init(&fs, m, e) < 0)
		return -1;
	/* each orientation's grid from the map's first square; the fewest
	 * pieces any prints is the most a shifted grid may print */
	struct poster_plan grid[2], fewest = *pl;
	int n = 0, most = -1, any = 0;
	enum orientation tries[2] = { ORIENT_PORTRAIT, ORIENT_LANDSCAPE };
	for (int i = 0; i < 2; i++) {
		if (want != ORIENT_AUTO && want != tries[i])
			continue;
		struct poster_plan t = *pl;
		if (plan_grid(&t, tries[i], paper, e) < 0) {
			floor_sums_free(&fs);
			return -1;
		}
		shift_grid(&t, 0, 0);
		if (!any || t.rows * t.cols < fewest.rows * fewest.cols)
			fewest = t;
		any = 1;
		if ((long)t.rows * t.cols > POSTER_PIECES_MAX)
			continue;
		double least;
		int printed = grid_printed(&t, &fs, &least);
		if (most < 0 || printed < most)
			most = printed;
		grid[n++] = t;
	}
	if (n == 0) {
		floor_sums_free(&fs);
		return err_usage(e, "--scale %g: the map (%d x %d squares, %.1f x %.1f in) needs %d x %d pieces of %s "
				 "paper, more than %d (expected a scale of more squares to the inch, or larger paper)",
				 scale, vw, vh, vw * pl->s / 72, vh * pl->s / 72, fewest.rows, fewest.cols, paper->name,
				 POSTER_PIECES_MAX);
	}
	struct grid_try best;
	choose_shift(grid, n, &fs, most, &best);
	*pl = best.pl;
	pl->pieces = calloc((size_t)pl->rows * (size_t)pl->cols, sizeof *pl->pieces);
	if (!pl->pieces) {
		floor_sums_free(&fs);
		return err_set(e, "out of memory while planning the poster");
	}
	for (int r = 0; r < pl->rows; r++)
		for (int c = 0; c < pl->cols; c++) {
			struct poster_piece *p = &pl->pieces[r * pl->cols + c];
			piece_window(pl, r, c, p);
			poster_label(r, c, p->label, sizeof p->label);
			p->empty = !(floor_sums_area(&fs, (int)p->x0, (int)p->y0, p->x1, p->y1) > 1e-9);
			pl->nprinted += !p->empty;
		}
	floor_sums_free(&fs);
	return 0;
}

void poster_plan_free(struct poster_plan *pl)
{
	free(pl->pieces);
	pl->pieces = NULL;
}

const struct poster_piece *poster_piece_at(const struct poster_plan *pl, int row, int col)
{
	if (row < 0 || col < 0 || row >= pl->rows || col >= pl->cols)
		return NULL;
	return &pl->pieces[row * pl->cols + col];
}

/* The least move along one axis that takes the span c - h/2 .. c + h/2 off
 * the cuts at first + k * step (k = 1 .. n - 1). */
static double off_cuts(double c, double h, int first, int step, int n)
{
	for (int k = 1; k < n; k++) {
		double cut = first + (double)k * step;
		double lo = c - h / 2, hi = c + h / 2;
		if (lo < cut && hi > cut)
			return cut - lo < hi - cut ? cut - lo : cut - hi;
	}
	return 0;
}

int poster_plan_keep_whole(const struct poster_plan *pl, double *cx, double *cy, double w, double h)
{
	double dx = off_cuts(*cx, w, pl->vx - pl->off_x, pl->step_x, pl->cols);
	double dy = off_cuts(*cy, h, pl->vy - pl->off_y, pl->step_y, pl->rows);
	*cx += dx;
	*cy += dy;
	return dx != 0 || dy != 0;
}
