/* poster_plan.c: splitting a map over pieces of paper (see poster_plan.h).
 * A piece's window is the page less the printer-safe margin and the band
 * of marks inside it; pieces follow one another by a whole number of
 * squares, so every cut falls on a grid line, and each shows the overlap
 * beyond its cut, which the next piece covers. */
#include "layout/poster_plan.h"

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

/* True when a square of the rectangle x0..x1, y0..y1 (grid units, partly
 * covered squares included) is floor. */
static int holds_floor(const struct map *m, double x0, double y0, double x1, double y1)
{
	int ix0 = (int)floor(x0), iy0 = (int)floor(y0), ix1 = (int)ceil(x1), iy1 = (int)ceil(y1);
	for (int y = iy0; y < iy1; y++)
		for (int x = ix0; x < ix1; x++)
			if (map_at(m, x, y) > 0)
				return 1;
	return 0;
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
	pl->cols = (pl->vw + pl->step_x - 1) / pl->step_x;
	pl->rows = (pl->vh + pl->step_y - 1) / pl->step_y;
	pl->win_x = edge;
	pl->win_y = edge;
	return 0;
}

/* The squares piece (row, col) shows: from its cut to the next piece's
 * cut and the overlap beyond, within the squares printed. */
static void piece_window(const struct poster_plan *pl, int row, int col, struct poster_piece *p)
{
	double ov = pl->overlap / pl->s;
	p->row = row;
	p->col = col;
	p->x0 = pl->vx + col * pl->step_x;
	p->y0 = pl->vy + row * pl->step_y;
	p->x1 = fmin(p->x0 + pl->step_x + ov, pl->vx + pl->vw);
	p->y1 = fmin(p->y0 + pl->step_y + ov, pl->vy + pl->vh);
}

static int count_printed(const struct poster_plan *pl, const struct map *m)
{
	int n = 0;
	for (int r = 0; r < pl->rows; r++)
		for (int c = 0; c < pl->cols; c++) {
			struct poster_piece p;
			piece_window(pl, r, c, &p);
			n += holds_floor(m, p.x0, p.y0, p.x1, p.y1);
		}
	return n;
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
	struct poster_plan best = *pl, fewest = *pl;
	int best_n = -1, any = 0;
	enum orientation tries[2] = { ORIENT_PORTRAIT, ORIENT_LANDSCAPE };
	for (int i = 0; i < 2; i++) {
		if (want != ORIENT_AUTO && want != tries[i])
			continue;
		struct poster_plan t = *pl;
		if (plan_grid(&t, tries[i], paper, e) < 0)
			return -1;
		if (!any || t.rows * t.cols < fewest.rows * fewest.cols)
			fewest = t;
		any = 1;
		if ((long)t.rows * t.cols > POSTER_PIECES_MAX)
			continue;
		int n = count_printed(&t, m);
		if (best_n < 0 || n < best_n || (n == best_n && t.rows * t.cols < best.rows * best.cols)) {
			best = t;
			best_n = n;
		}
	}
	if (best_n < 0)
		return err_usage(e, "--scale %g: the map (%d x %d squares, %.1f x %.1f in) needs %d x %d pieces of %s "
				 "paper, more than %d (expected a scale of more squares to the inch, or larger paper)",
				 scale, vw, vh, vw * pl->s / 72, vh * pl->s / 72, fewest.rows, fewest.cols, paper->name,
				 POSTER_PIECES_MAX);
	*pl = best;
	pl->pieces = calloc((size_t)pl->rows * (size_t)pl->cols, sizeof *pl->pieces);
	if (!pl->pieces)
		return err_set(e, "out of memory while planning the poster");
	for (int r = 0; r < pl->rows; r++)
		for (int c = 0; c < pl->cols; c++) {
			struct poster_piece *p = &pl->pieces[r * pl->cols + c];
			piece_window(pl, r, c, p);
			poster_label(r, c, p->label, sizeof p->label);
			p->empty = !holds_floor(m, p->x0, p->y0, p->x1, p->y1);
			pl->nprinted += !p->empty;
		}
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
	double dx = off_cuts(*cx, w, pl->vx, pl->step_x, pl->cols);
	double dy = off_cuts(*cy, h, pl->vy, pl->step_y, pl->rows);
	*cx += dx;
	*cy += dy;
	return dx != 0 || dy != 0;
}
