/* layout_poster.c: a map printed in pieces at its scale (poster_plan.h).
 * The map is drawn once, whole, with its room numbers kept off the cuts;
 * each piece that holds floor then gets the part of that drawing in its
 * window, clipped to it, with the overlap beyond its cuts shaded, trim
 * marks at the window's corners, its label, arrows naming its neighbours,
 * and the squares' numbers along its top and left edges. The assembly
 * page (layout_assembly.c) comes first, the key pages last. A map that
 * fits one piece is printed on that one page alone. */
#include "layout/layout.h"
#include "layout/layout_text.h"
#include "model/key.h"
#include "layout/poster_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARK_PEN 0.5
#define MARK_GAP 3.0            /* between a trim mark and the map's window */
#define LABEL_PT 14.0           /* the piece's own label */
#define ARROW_PT 8.0
#define NUMBER_PT 6.0           /* the squares' numbers */
#define FOOT_PT 6.5
#define NUMBER_EVERY_MIN 14.0   /* squares smaller than this are numbered every fifth */

static const struct colour mark_ink = { 0, 0, 0, 1 };
static const struct colour overlap_tint = { 0.35, 0.45, 0.65, 0.16 };

/* A map that needs no more than one piece, unless --poster asked for
 * pieces, is printed as one page at its scale: no assembly page, no
 * trim marks or piece label, just the map with its title and scale. */
static int alone(const struct layout_ctx *c, const struct poster_plan *pl)
{
	return pl->nprinted == 1 && !c->d->sheet.poster;
}

int layout_poster_wanted(struct layout_ctx *c, const struct paper *paper, struct err *e)
{
	if (c->d->sheet.poster)
		return 1;
	if (c->d->sheet.scale <= 0 || c->d->sheet.one_page)
		return 0;
	int fits = layout_sheet_fits(c, paper, e);
	return fits < 0 ? -1 : !fits;
}

/* The master drawing's items' boxes, worked out once for all pieces. */
struct master {
	const struct scene_page *page;
	double *box;            /* 4 per item: x0, y0, x1, y1; x0 > x1 when it has no extent */
	unsigned char *placed;  /* anchors: already on a piece */
};

static int master_boxes(struct master *ms)
{
	const struct scene_page *p = ms->page;
	ms->box = malloc((p->nitems + 1) * 4 * sizeof *ms->box);
	ms->placed = calloc(p->nitems + 1, 1);
	if (!ms->box || !ms->placed)
		return -1;
	for (size_t k = 0; k < p->nitems; k++) {
		double *b = &ms->box[k * 4];
		if (!scene_item_bounds(p, &p->items[k], &b[0], &b[1], &b[2], &b[3])) {
			b[0] = 1;
			b[2] = 0;
		}
	}
	return 0;
}

/* A short line from (x0, y0) to (x1, y1) in the marks' ink. */
static void mark(struct layout_ctx *c, struct scene_page *p, double x0, double y0, double x1, double y1)
{
	scene_move(c->sc, p, x0, y0);
	scene_line(c->sc, p, x1, y1);
	scene_stroke(c->sc, p, mark_ink, MARK_PEN, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
}

/* Trim marks at the window's four corners, in the band around it. */
static void trim_marks(struct layout_ctx *c, struct scene_page *p, double wx, double wy, double ww, double wh,
		       double reach)
{
	double xs[2] = { wx, wx + ww }, ys[2] = { wy, wy + wh };
	for (int i = 0; i < 2; i++) {
		double out = i == 0 ? -1 : 1;
		for (int j = 0; j < 2; j++) {
			/* vertical marks above and below, horizontal ones left and right */
			mark(c, p, xs[j], ys[i] + out * MARK_GAP, xs[j], ys[i] + out * reach);
			mark(c, p, xs[i] + out * MARK_GAP, ys[j], xs[i] + out * reach, ys[j]);
		}
	}
}

/* The squares' numbers along the window's top and left edges. */
static int edge_numbers(struct layout_ctx *c, struct scene_page *p, const struct poster_plan *pl,
			const struct poster_piece *pc, double wx, double wy, struct err *e)
{
	const struct style *st = c->st;
	struct text_style number = { .family = st->font_text, .size = NUMBER_PT, .colour = st->text };
	int every = pl->s >= NUMBER_EVERY_MIN ? 1 : 5;
	char text[16];
	double w;
	for (int x = (int)ceil(pc->x0 - 1e-9); x + 1 <= pc->x1 + 1e-9; x++) {
		int n = key_square_number(x);
		if (n % every)
			continue;
		snprintf(text, sizeof text, "%d", n);
		if (layout_text_width(c, text, number, &w) < 0)
			return err_set(e, "cannot measure text");
		double cx = wx + (x + 0.5 - pc->x0) * pl->s;
		if (layout_text(c, p, text, number, cx - w / 2, wy - MARK_GAP - NUMBER_PT - 1, 0, e) < 0)
			return -1;
	}
	for (int y = (int)ceil(pc->y0 - 1e-9); y + 1 <= pc->y1 + 1e-9; y++) {
		int n = key_square_number(y);
		if (n % every)
			continue;
		snprintf(text, sizeof text, "%d", n);
		if (layout_text_width(c, text, number, &w) < 0)
			return err_set(e, "cannot measure text");
		double cy = wy + (y + 0.5 - pc->y0) * pl->s;
		double mid = wy + (pc->y1 - pc->y0) * pl->s / 2;
		if (pc->col > 0 && fabs(cy - mid) < ARROW_PT * 1.6)
			continue;
		if (layout_text(c, p, text, number, wx - MARK_GAP - 1 - w, cy - NUMBER_PT * 0.6, 0, e) < 0)
			return -1;
	}
	return 0;
}

/* "↑ A3" for the neighbour at (row, col), or "" when there is none; an
 * empty neighbour is named so. */
static void neighbour_text(const struct poster_plan *pl, int row, int col, const char *arrow, int before,
			   char *out, size_t size)
{
	const struct poster_piece *n = poster_piece_at(pl, row, col);
	if (!n)
		snprintf(out, size, "%s", "");
	else if (before)
		snprintf(out, size, "%s %s%s", arrow, n->label, n->empty ? " (empty)" : "");
	else
		snprintf(out, size, "%s%s %s", n->label, n->empty ? " (empty)" : "", arrow);
}

/* The band around a piece's window: label, neighbours, numbers, footer. */
static int piece_band(struct layout_ctx *c, struct scene_page *p, const struct poster_plan *pl,
		      const struct poster_piece *pc, double ww, double wh, int index, struct err *e)
{
	const struct style *st = c->st;
	double wx = pl->win_x, wy = pl->win_y, m = pl->margin;
	double top = m + 1, bottom = pl->ph - m - POSTER_BAND + 2;
	char text[600], title[200];
	double w;
	layout_sheet_title(c->d, c->m, c->player, title, sizeof title);
	struct text_style foot = { .family = st->font_text, .size = FOOT_PT, .colour = st->accent };
	if (alone(c, pl)) {
		snprintf(text, sizeof text, "%s \xc2\xb7 1 square = %g in, %d ft \xc2\xb7 print at 100%% (actual size)",
			 title, 1 / pl->scale, c->m->square_feet);
		if (layout_text(c, p, text, foot, wx + 2 * MARK_GAP, bottom, ww - 4 * MARK_GAP, e) < 0)
			return -1;
		return edge_numbers(c, p, pl, pc, wx, wy, e);
	}
	trim_marks(c, p, wx, wy, ww, wh, POSTER_BAND - 2);
	struct text_style label = { .family = st->font_title, .size = LABEL_PT, .bold = 1, .colour = st->title };
	struct text_style arrow = { .family = st->font_text, .size = ARROW_PT, .bold = 1, .colour = st->text };
	/* the label in the corner, clear of the trim marks */
	if (layout_text_width(c, pc->label, label, &w) < 0)
		return err_set(e, "cannot measure text");
	double room = wx - MARK_GAP - 1 - m;
	label.size = w > room ? LABEL_PT * room / w : LABEL_PT;
	if (layout_text(c, p, pc->label, label, m, wy - MARK_GAP - label.size * 1.2, 0, e) < 0)
		return -1;
	/* the neighbours: above and left along the top, right and below at the
	 * ends of the top and bottom bands */
	neighbour_text(pl, pc->row - 1, pc->col, "\xe2\x86\x91", 1, text, sizeof text);
	if (text[0]) {
		if (layout_text_width(c, text, arrow, &w) < 0)
			return err_set(e, "cannot measure text");
		if (layout_text(c, p, text, arrow, wx + ww / 2 - w / 2, top, 0, e) < 0)
			return -1;
	}
	/* left and right: the arrow over the label, in the side bands */
	for (int side = 0; side < 2; side++) {
		const struct poster_piece *n = poster_piece_at(pl, pc->row, pc->col + (side ? 1 : -1));
		if (!n)
			continue;
		const char *lines[2] = { side ? "\xe2\x86\x92" : "\xe2\x86\x90", n->label };
		double band_x = side ? wx + ww + MARK_GAP : m, band_w = POSTER_BAND - MARK_GAP;
		for (int k = 0; k < 2; k++) {
			if (layout_text_width(c, lines[k], arrow, &w) < 0)
				return err_set(e, "cannot measure text");
			struct text_style side_arrow = arrow;
			side_arrow.size = w > band_w ? ARROW_PT * band_w / w : ARROW_PT;
			side_arrow.colour = n->empty ? st->accent : st->text;
			if (layout_text(c, p, lines[k], side_arrow, band_x + (band_w - fmin(w, band_w)) / 2,
					wy + wh / 2 + (k - 1) * ARROW_PT * 1.2, 0, e) < 0)
				return -1;
		}
	}
	neighbour_text(pl, pc->row + 1, pc->col, "\xe2\x86\x93", 1, text, sizeof text);
	double down_w = 0;
	if (text[0]) {
		if (layout_text_width(c, text, arrow, &down_w) < 0)
			return err_set(e, "cannot measure text");
		if (layout_text(c, p, text, arrow, wx + ww - MARK_GAP - down_w, wy + wh + MARK_GAP + 2, 0, e) < 0)
			return -1;
	}
	/* what the piece is, in the bottom band */
	snprintf(text, sizeof text, "%s \xc2\xb7 piece %s (%d of %d) \xc2\xb7 1 square = %g in, %d ft \xc2\xb7 "
		 "print at 100%% (actual size) \xc2\xb7 cut on the marks left and top; the shaded strip goes under "
		 "the next piece", title, pc->label, index, pl->nprinted, 1 / pl->scale, c->m->square_feet);
	room = ww - down_w - 4 * MARK_GAP;
	if (layout_text_width(c, text, foot, &w) < 0)
		return err_set(e, "cannot measure text");
	if (w > room)
		foot.size = fmax(4, foot.size * room / w);
	if (layout_text(c, p, text, foot, wx + 2 * MARK_GAP, bottom, 0, e) < 0)
		return -1;
	return edge_numbers(c, p, pl, pc, wx, wy, e);
}

/* Adds piece pc's page: its part of the master drawing, the shaded
 * overlap and the band. Returns 0 or -1 with e set. */
static int piece_page(struct layout_ctx *c, const struct poster_plan *pl, const struct poster_piece *pc,
		      struct master *ms, int index, struct err *e)
{
	struct scene *sc = c->sc;
	struct scene_page *p = scene_add_page(sc, pl->pw, pl->ph, c->m->depth, PAGE_MAP);
	if (!p)
		return scene_ok(sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the poster");
	snprintf(p->label, sizeof p->label, "%d-map-%s", c->m->depth, pc->label);
	double s = pl->s, wx = pl->win_x, wy = pl->win_y;
	double ww = (pc->x1 - pc->x0) * s, wh = (pc->y1 - pc->y0) * s;
	/* the window on the master drawing, whose origin is square (vx, vy) */
	double win[4] = { (pc->x0 - pl->vx) * s, (pc->y0 - pl->vy) * s, (pc->x1 - pl->vx) * s, (pc->y1 - pl->vy) * s };
	double dx = wx - win[0], dy = wy - win[1];
	scene_rect_path(sc, p, wx, wy, ww, wh);
	scene_clip(sc, p);
	const struct scene_page *mp = ms->page;
	for (size_t k = 0; k < mp->nitems; k++) {
		const struct scene_item *it = &mp->items[k];
		const double *b = &ms->box[k * 4];
		if (b[0] > b[2] || b[2] < win[0] || b[0] > win[2] || b[3] < win[1] || b[1] > win[3])
			continue;
		if (it->kind == SCENE_ANCHOR) {
			/* a room's anchor on the first piece it is on; the level's is on
			 * the assembly page, or on the piece printed alone */
			if (ms->placed[k] || (strncmp(it->text, "level-", 6) == 0 && !alone(c, pl)))
				continue;
			ms->placed[k] = 1;
		}
		if (scene_copy_item(sc, p, mp, it, dx, dy, win) < 0)
			return scene_ok(sc, e);
	}
	scene_unclip(sc, p);
	/* the overlap beyond the cuts, which the next pieces cover */
	double cut_x = (pc->cut_x - pc->x0) * s, cut_y = (pc->cut_y - pc->y0) * s;
	if (pc->col + 1 < pl->cols && cut_x < ww) {
		scene_rect_path(sc, p, wx + cut_x, wy, ww - cut_x, wh);
		scene_fill(sc, p, overlap_tint);
	}
	if (pc->row + 1 < pl->rows && cut_y < wh) {
		scene_rect_path(sc, p, wx, wy + cut_y, pc->col + 1 < pl->cols ? cut_x : ww, wh - cut_y);
		scene_fill(sc, p, overlap_tint);
	}
	return piece_band(c, p, pl, pc, ww, wh, index, e);
}

/* Draws the level's whole map into page mp of its own scene, at the
 * poster's scale with the square (vx, vy) at the origin, numbers sized
 * for the table and kept off the cuts; the players' copy, laid on the
 * table, has none. Returns the numbers crowded. */
static int draw_master(struct layout_ctx *c, struct scene *own, struct scene_page *mp, const struct poster_plan *pl)
{
	struct scene *out = c->sc;
	struct map_frame f = { -pl->vx * pl->s, -pl->vy * pl->s, pl->s, pl->vx, pl->vy, pl->vw, pl->vh, pl->scale, 1 };
	c->sc = own;
	c->poster = pl;
	layout_pens(c, pl->s);
	layout_map(c, mp, &f);
	int crowded = c->player ? 0 : layout_labels(c, mp, &f);
	layout_stair_links(c, mp, &f);
	c->sc = out;
	c->poster = NULL;
	return crowded;
}

int layout_poster(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e)
{
	if (c->d->sheet.scale <= 0)
		return err_usage(e, "--poster: needs a scale (expected --scale N, squares per inch; --scale 1 for one "
				 "inch a square)");
	layout_map_symbols(c);
	struct poster_plan pl;
	int vx, vy, vw, vh;
	layout_viewport(c->m, &vx, &vy, &vw, &vh);
	if (poster_plan_make(&pl, c->m, vx, vy, vw, vh, c->d->sheet.scale, paper, c->d->sheet.orientation,
			     c->d->sheet.overlap, c->d->sheet.margin, e) < 0)
		return -1;
	struct scene own;
	scene_init(&own);
	struct master ms = { NULL, NULL, NULL };
	int first = c->sc->npages;
	int rc = 0;
	struct scene_page *mp = scene_add_page(&own, vw * pl.s, vh * pl.s, c->m->depth, PAGE_MAP);
	if (!mp)
		rc = err_set(e, "out of memory while laying out the poster");
	if (rc == 0) {
		draw_master(c, &own, mp, &pl);
		ms.page = mp;
		rc = scene_ok(&own, e);
	}
	if (rc == 0 && master_boxes(&ms) < 0)
		rc = err_set(e, "out of memory while laying out the poster");
	if (rc == 0 && !alone(c, &pl))
		rc = layout_assembly(c, &pl, e);
	for (int i = 0, index = 0; i < pl.rows * pl.cols && rc == 0; i++)
		if (!pl.pieces[i].empty)
			rc = piece_page(c, &pl, &pl.pieces[i], &ms, ++index, e);
	layout_pens(c, pl.s);
	if (rc == 0 && c->with_key)
		rc = layout_key_after(c, paper, pl.o, e);
	if (rc == 0 && res) {
		memset(res, 0, sizeof *res);
		res->frame = (struct map_frame){ pl.win_x - vx * pl.s, pl.win_y - vy * pl.s, pl.s, vx, vy, vw, vh,
						 pl.scale, 1 };
		res->orientation = pl.o;
		res->page_w = pl.pw;
		res->page_h = pl.ph;
		res->first_page = first;
		res->npages = c->sc->npages - first;
		res->pieces = pl.nprinted;
		res->piece_rows = pl.rows;
		res->piece_cols = pl.cols;
	}
	free(ms.box);
	free(ms.placed);
	scene_free(&own);
	poster_plan_free(&pl);
	return rc < 0 ? -1 : scene_ok(c->sc, e);
}
