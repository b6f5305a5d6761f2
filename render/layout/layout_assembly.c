/* layout_assembly.c: a poster's first page (see poster_plan.h). The whole
 * map small, the grid of pieces over it with each piece's label (the
 * empty ones, left out, shaded), the scale written out with a bar that
 * measures two inches when printed at actual size, and how to put the
 * pieces together; on a poster without key (the players', --no-key) the
 * premise and, on the referee's copy, the secret (layout_intro.h). */
#include "layout/layout.h"
#include "layout/layout_intro.h"
#include "layout/layout_text.h"
#include "layout/poster_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define GAP 10.0
#define BAR_IN 2                /* the check bar's length, inches */
#define BAR_H 6.0
#define CELL_LABEL_MAX 16.0     /* a piece's label on the grid */
#define CELL_LABEL_MIN 5.0

static const struct colour grid_ink = { 0.75, 0.1, 0.1, 1 };
static const struct colour empty_tint = { 0.45, 0.45, 0.45, 0.45 };
static const struct colour label_ground = { 1, 1, 1, 0.8 };

/* "1 in", "1/2 in", "0.4 in": one square's side. */
static void square_side(double scale, char *out, size_t size)
{
	double r = 1 / scale;
	if (fabs(scale - round(scale)) < 1e-9 && scale > 1)
		snprintf(out, size, "1/%g in (%.1f mm)", scale, 25.4 * r);
	else
		snprintf(out, size, "%g in (%.1f mm)", r, 25.4 * r);
}

/* The check bar: BAR_IN inches with a tick at each inch. Returns its height. */
static double check_bar(struct layout_ctx *c, struct scene_page *p, double x, double y, struct err *e)
{
	struct scene *sc = c->sc;
	double len = BAR_IN * 72.0;
	scene_rect_path(sc, p, x, y, 72, BAR_H);
	scene_fill(sc, p, c->st->title);
	scene_rect_path(sc, p, x, y, len, BAR_H);
	scene_stroke(sc, p, c->st->title, 0.5, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	char text[120];
	snprintf(text, sizeof text, "this bar measures exactly %d in (%.1f mm) when printed at actual size", BAR_IN,
		 BAR_IN * 25.4);
	struct text_style small = { .family = c->st->font_text, .size = c->st->size_small, .colour = c->st->text };
	if (layout_text(c, p, text, small, x + len + GAP, y - 1, 0, e) < 0)
		return -1;
	return BAR_H + 4;
}

/* The pieces' grid over the small map at frame f. */
static int piece_grid(struct layout_ctx *c, struct scene_page *p, const struct poster_plan *pl,
		      const struct map_frame *f, struct err *e)
{
	struct scene *sc = c->sc;
	for (int i = 0; i < pl->rows * pl->cols; i++) {
		const struct poster_piece *pc = &pl->pieces[i];
		double x1 = pc->cut_x, y1 = pc->cut_y;
		double x = f->ox + pc->x0 * f->s, y = f->oy + pc->y0 * f->s;
		double w = (x1 - pc->x0) * f->s, h = (y1 - pc->y0) * f->s;
		if (pc->empty) {
			scene_rect_path(sc, p, x, y, w, h);
			scene_fill(sc, p, empty_tint);
		}
		scene_rect_path(sc, p, x, y, w, h);
		scene_stroke(sc, p, grid_ink, 0.8, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		double size = fmax(CELL_LABEL_MIN, fmin(CELL_LABEL_MAX, fmin(w, h) * 0.3));
		char text[40];
		snprintf(text, sizeof text, "%s%s", pc->label, pc->empty ? " empty" : "");
		struct text_style label = { .family = c->st->font_text, .size = size, .bold = 1, .colour = grid_ink };
		double tw;
		if (layout_text_width(c, text, label, &tw) < 0)
			return err_set(e, "cannot measure text");
		if (tw > w - 2 && pc->empty) {
			snprintf(text, sizeof text, "%s", pc->label);
			if (layout_text_width(c, text, label, &tw) < 0)
				return err_set(e, "cannot measure text");
		}
		double tx = x + (w - tw) / 2, ty = y + (h - size) / 2;
		scene_rect_path(sc, p, tx - 1.5, ty - 0.5, tw + 3, size * 1.2 + 1);
		scene_fill(sc, p, label_ground);
		if (layout_text(c, p, text, label, tx, ty, 0, e) < 0)
			return -1;
	}
	return 0;
}

int layout_assembly(struct layout_ctx *c, const struct poster_plan *pl, struct err *e)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	struct scene_page *p = scene_add_page(sc, pl->pw, pl->ph, c->m->depth, PAGE_MAP);
	if (!p)
		return scene_ok(sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the poster");
	snprintf(p->label, sizeof p->label, "%d-map", c->m->depth);
	double x = PAPER_MARGIN, y = PAPER_MARGIN, w = pl->pw - 2 * PAPER_MARGIN, bottom = pl->ph - PAPER_MARGIN;
	char title[256], text[1200], side[64];
	layout_sheet_title(c->d, c->m, c->player, title, sizeof title);
	if (doc_total_levels(c->d) > 1) {
		size_t used = strlen(title);
		snprintf(title + used, sizeof title - used, " \xc2\xb7 level %d", c->m->depth);
	}
	struct text_style heading = { .family = st->font_title, .size = st->size_title, .bold = 1,
				      .colour = st->title };
	double tw;
	if (layout_text_width(c, title, heading, &tw) < 0)
		return err_set(e, "cannot measure text");
	if (tw > w)
		heading.size = fmax(8, st->size_title * w / tw);
	if (layout_text(c, p, title, heading, x, y, 0, e) < 0)
		return -1;
	y += heading.size * 1.4;
	square_side(pl->scale, side, sizeof side);
	int empty = pl->rows * pl->cols - pl->nprinted;
	char empties[120] = "";
	if (empty > 0)
		snprintf(empties, sizeof empties, "; the %d shaded %s only solid ground and %s not printed", empty,
			 empty == 1 ? "holds" : "hold", empty == 1 ? "is" : "are");
	snprintf(text, sizeof text,
		 "%sPoster in %d piece%s: %d row%s (A, B, ...) by %d column%s (1, 2, ...) of %s %s paper%s. "
		 "1 square = %s = %d ft.\n"
		 "Print at 100%% (\xe2\x80\x9c" "actual size\xe2\x80\x9d), never \xe2\x80\x9c" "fit to page\xe2\x80\x9d.\n"
		 "To assemble: cut each piece on its trim marks along its left and top edges, lay it over the shaded "
		 "strips of the pieces to its left and above, line up the grid and tape it from behind.",
		 c->player ? "Players' map. " : "", pl->nprinted, pl->nprinted == 1 ? "" : "s", pl->rows,
		 pl->rows == 1 ? "" : "s", pl->cols, pl->cols == 1 ? "" : "s", c->d->sheet.paper ? c->d->sheet.paper : "letter",
		 pl->o == ORIENT_LANDSCAPE ? "landscape" : "portrait", empties, side, c->m->square_feet);
	struct text_block b;
	if (measure_block(c->ms, &b, text, st->font_text, st->size_text, 0, w, e) < 0)
		return -1;
	layout_text_block(sc, p, &b, x, y, st->text);
	y += b.height + GAP;
	text_block_free(&b);
	/* a poster without key: the premise and the secret are here */
	if (c->intro && !c->with_key) {
		struct text_style intro = { .family = st->font_title, .size = st->size_text + 1, .colour = st->text };
		double ih;
		if (layout_intro_paras(c, p, intro, x, y, w, 3, &ih, e) < 0)
			return -1;
		y += ih > 0 ? ih + GAP : 0;
	}
	double bar = check_bar(c, p, x, y, e);
	if (bar < 0)
		return -1;
	y += bar + GAP;
	/* the map, as large as the rest of the page allows */
	double aw = w, ah = bottom - y;
	double s = fmin(aw / pl->vw, ah / pl->vh);
	if (s <= 0)
		return err_set(e, "no room for the map on the assembly page");
	struct map_frame f = { 0, 0, s, pl->vx, pl->vy, pl->vw, pl->vh, 72 / s, 0 };
	f.ox = x + (aw - pl->vw * s) / 2 - pl->vx * s;
	f.oy = y - pl->vy * s;
	layout_pens(c, s);
	layout_map(c, p, &f);
	char name[32];
	snprintf(name, sizeof name, "level-%d", c->m->depth);
	scene_anchor(sc, p, name, f.ox + pl->vx * s, f.oy + pl->vy * s);
	if (piece_grid(c, p, pl, &f, e) < 0)
		return -1;
	return scene_ok(sc, e);
}
