/* layout_coords.c: the squares' numbers along a map's edges, on the maps of
 * a run of several levels. Every fifth column is numbered above the map
 * and every fifth row to its left, counted on the whole grid (src/key.h),
 * so a square has the same numbers on every level however each level is
 * cropped and scaled, and the key names the stairs' square by them. A
 * short tick marks every square line along both edges, inside the map's
 * margin of solid ground (a longer one every fifth, where the heavy grid
 * lines run), for counting on styles that draw no grid there. */
#include "layout/layout.h"
#include "model/key.h"

#include <math.h>
#include <stdio.h>

#define COORD_EVERY 5
#define COORD_TICK 2.0          /* a square line's tick, in points, into the map's margin */
#define COORD_TICK_MAJOR 3.5    /* every fifth line's */
#define COORD_GAP 1.0           /* between the map's edge and the numbers */
#define COORD_PEN 0.4
/* The column numbers may rise this far into the space the sheet leaves
 * between the subtitle and the map (sheet_plan.c leaves 6 points), so
 * they seldom cost a level its scale. */
#define COORD_HEADROOM 4.5

/* Whether c's map gets the squares' numbers. */
static int layout_coords_shown(const struct layout_ctx *c)
{
	return doc_total_levels(c->d) > 1;
}

static double coord_size(const struct layout_ctx *c)
{
	return fmax(5.5, c->st->size_small - 1);
}

/* The highest number printed along an edge of n squares. */
static int last_number(int n)
{
	int last = key_square_number(n - 1);
	return last - last % COORD_EVERY;
}

/* The width and line height of a number. Returns 0, or -1 when unmeasured. */
static int coord_line(struct layout_ctx *c, const char *text, double *width, double *height)
{
	struct text_block b;
	struct err e;
	if (measure_block(c->ms, &b, text, c->st->font_text, coord_size(c), 0, 0, &e) < 0)
		return -1;
	int ok = b.nlines > 0;
	if (ok) {
		*width = b.width;
		*height = b.lines[0].height;
	}
	text_block_free(&b);
	return ok ? 0 : -1;
}

void layout_coords_margin(struct layout_ctx *c, double *left, double *top)
{
	*left = *top = 0;
	if (!layout_coords_shown(c))
		return;
	char text[16];
	int last = last_number(c->m->h);
	snprintf(text, sizeof text, "%d", last > 0 ? last : COORD_EVERY);
	double w, h;
	if (coord_line(c, text, &w, &h) < 0) {
		/* unmeasured: room for three digits */
		w = coord_size(c) * 2;
		h = coord_size(c) * 1.2;
	}
	*left = COORD_GAP + w + 0.5;
	*top = fmax(0, COORD_GAP + h - COORD_HEADROOM);
}

/* Number n set with its line's middle at height cy (or its bottom at -cy
 * when cy < 0), and its middle at x, or its right end at x when `right`.
 * Returns 0 or -1 with e set. */
static int coord_text(struct layout_ctx *c, struct scene_page *p, int n, double x, double cy, int right,
		      struct err *e)
{
	char text[16];
	snprintf(text, sizeof text, "%d", n);
	struct text_block b;
	if (measure_block(c->ms, &b, text, c->st->font_text, coord_size(c), 0, 0, e) < 0)
		return -1;
	if (b.nlines > 0) {
		double tx = right ? x - b.width : x - b.width / 2;
		/* cy < 0: the line's bottom on the top edge, -cy above the map */
		double ty = cy < 0 ? -cy - b.lines[0].height + b.lines[0].baseline
				   : cy - b.lines[0].height / 2 + b.lines[0].baseline;
		measure_emit_line(c->sc, p, &b, 0, tx, ty, c->st->accent);
	}
	text_block_free(&b);
	return 0;
}

int layout_coords(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f, struct err *e)
{
	if (!layout_coords_shown(c))
		return 0;
	const struct map *m = c->m;
	double left = f->ox + f->vx * f->s, top = f->oy + f->vy * f->s;
	/* the ticks, from the top edge and the left edge into the map's margin
	 * of solid ground (at most half a square) */
	double half = f->s / 2;
	for (int x = f->vx; x <= f->vx + f->vw; x++) {
		double len = fmin(x % COORD_EVERY == 0 ? COORD_TICK_MAJOR : COORD_TICK, half);
		scene_move(c->sc, p, f->ox + x * f->s, top);
		scene_line(c->sc, p, f->ox + x * f->s, top + len);
	}
	for (int y = f->vy; y <= f->vy + f->vh; y++) {
		double len = fmin(y % COORD_EVERY == 0 ? COORD_TICK_MAJOR : COORD_TICK, half);
		scene_move(c->sc, p, left, f->oy + y * f->s);
		scene_line(c->sc, p, left + len, f->oy + y * f->s);
	}
	scene_stroke(c->sc, p, c->st->accent, COORD_PEN, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	/* the numbers: every fifth square of the grid, over its middle */
	for (int x = f->vx; x < f->vx + f->vw; x++) {
		int n = key_square_number(x);
		if (x >= 0 && x < m->w && n % COORD_EVERY == 0 &&
		    coord_text(c, p, n, f->ox + (x + 0.5) * f->s, -(top - COORD_GAP), 0, e) < 0)
			return -1;
	}
	double rx = left - COORD_GAP;
	for (int y = f->vy; y < f->vy + f->vh; y++) {
		int n = key_square_number(y);
		if (y >= 0 && y < m->h && n % COORD_EVERY == 0 &&
		    coord_text(c, p, n, rx, f->oy + (y + 0.5) * f->s, 1, e) < 0)
			return -1;
	}
	return 0;
}
