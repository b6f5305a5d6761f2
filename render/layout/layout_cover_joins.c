/* layout_cover_joins.c: the cover's small map of how the levels join
 * (layout_cover.h). One box a level, deepest last, each with the page its
 * map starts on; above each box a short link: the stairs that lead down
 * into it from the level above, labelled with the rooms they join, or an
 * arrow from outside labelled with the level's way in, for the first
 * level and for a level no stairs join to the one above (said in words).
 * The boxes run down a column and on into the next one, as many columns
 * as the space left on the page needs (at most COLS_MAX), then onto a new
 * page. Everything is scene paths and text, so both back ends draw it. */
#include "layout/layout_cover.h"

#include "layout/layout_text.h"
#include "model/level_join.h"

#include <math.h>
#include <stdio.h>

#define COLS_MAX 4
#define BOX_MAX_W 320.0         /* a box's widest, points */
#define COL_GAP 14.0            /* between columns */
#define PAD 6.0                 /* inside a box, left and right */
#define LINK_X 18.0             /* the link's line, in from the box's left edge */
#define ARROW 4.0               /* the arrowhead's half width */
#define GROW_MAX 1.5            /* the most a short booklet's map grows */
#define FOOT_ROOM 72.0          /* kept below it for the words after it */

/* The diagram's measures for the cover's style. */
struct joins {
	struct cover *cv;
	double box_h, link_h, col_w, box_w;
	int ncols;
	struct text_style box, label;
	double ref_w;           /* the widest "page N" */
};

/* Rows of boxes the space from y to the page's foot holds. */
static int rows_fitting(const struct joins *j, double y)
{
	double room = j->cv->bottom - y - FOOT_ROOM;
	return room <= 0 ? 0 : (int)floor(room / (j->box_h + j->link_h));
}

/* Columns for n boxes from y down; 0 when even COLS_MAX are too few. */
static int columns_for(const struct joins *j, int n, double y)
{
	int rows = rows_fitting(j, y);
	if (rows < 1)
		return 0;
	int cols = (n + rows - 1) / rows;
	return cols <= COLS_MAX ? cols : 0;
}

/* The boxes a column of the page takes, for `left` boxes still to set
 * from y down: shared evenly among the columns, at most what fits (at
 * least one). */
static int page_rows(const struct joins *j, int left, double y)
{
	int fit = rows_fitting(j, y), even = (left + j->ncols - 1) / j->ncols;
	return fit < 1 ? 1 : even < fit ? even : fit;
}

/* The first of texts[0..n) that fits width in style ts, or the last. */
static const char *fitting(struct measure *ms, const char *const *texts, int n, struct text_style ts, double width)
{
	for (int i = 0; i < n - 1; i++) {
		double w = measure_width(ms, texts[i], ts.family, ts.size, ts.bold);
		if (w >= 0 && w <= width)
			return texts[i];
	}
	return texts[n - 1];
}

/* The height of text in style ts wrapped in width points, or -1 with e
 * set. */
static double heading_height(struct measure *ms, const char *text, struct text_style ts, double width,
				    struct err *e)
{
	struct text_block b;
	if (measure_block(ms, &b, text, ts.family, ts.size, ts.bold ? -1 : 0, width, e) < 0)
		return -1;
	double h = b.height;
	text_block_free(&b);
	return h;
}

/* Sets one line of text with its left end at x, its middle at y. */
static int text_at(struct joins *j, const char *text, struct text_style ts, double x, double y, struct err *e)
{
	struct text_block b;
	if (measure_block(j->cv->ms, &b, text, ts.family, ts.size, ts.bold ? -1 : 0, 0, e) < 0)
		return -1;
	layout_text_block(j->cv->sc, j->cv->page, &b, x, y - b.height / 2, ts.colour);
	text_block_free(&b);
	return 0;
}

/* Level k's box with its top-left corner at (x, y). */
static int draw_box(struct joins *j, int k, double x, double y, struct err *e)
{
	struct cover *cv = j->cv;
	const struct level *lv = &cv->d->levels[k];
	const struct map *m = &lv->map;
	struct colour tint = cv->st->title;
	tint.a = 0.07;
	scene_rect_path(cv->sc, cv->page, x, y, j->box_w, j->box_h);
	scene_fill(cv->sc, cv->page, tint);
	scene_rect_path(cv->sc, cv->page, x, y, j->box_w, j->box_h);
	scene_stroke(cv->sc, cv->page, cv->st->title, 0.8, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	char full[160], shorter[120], least[40], anchor[32];
	const char *meth = m->method ? m->method : "map";
	snprintf(full, sizeof full, "Level %d \xc2\xb7 %s \xc2\xb7 %d room%s", m->depth, meth, lv->key.n,
		 lv->key.n == 1 ? "" : "s");
	snprintf(shorter, sizeof shorter, "Level %d \xc2\xb7 %s", m->depth, meth);
	snprintf(least, sizeof least, "Level %d", m->depth);
	const char *const texts[] = { full, shorter, least };
	double mid = y + j->box_h / 2;
	const char *text = fitting(cv->ms, texts, 3, j->box, j->box_w - 2 * PAD - j->ref_w - PAD);
	if (text_at(j, text, j->box, x + PAD, mid, e) < 0)
		return -1;
	snprintf(anchor, sizeof anchor, "level-%d", m->depth);
	scene_link(cv->sc, cv->page, anchor, x, y, j->box_w, j->box_h);
	struct text_style ref = j->box;
	ref.bold = 0;
	struct page_ref r = { cover_page_index(cv), m->depth, x + j->box_w - PAD, mid + ref.size * 0.35, 0, ref, "page " };
	layout_page_ref_add(cv->refs, cv->sc, &r);
	return 0;
}

/* The link above level k's box at (x, y): the stairs from the level above
 * (the box above it in the column when `above`), or an arrow from outside
 * with the level's way in. */
static int draw_link(struct joins *j, int k, double x, double y, int above, struct err *e)
{
	struct cover *cv = j->cv;
	const struct doc *d = cv->d;
	double lx = x + LINK_X, top = y, bottom = y + j->link_h;
	int room = 0, to_room = 0;
	int joined = k > 0 && cover_stairs_down(d, k - 1, &room, &to_room);
	char full[320], shorter[160], least[64], from[32], to[32], way[200];
	if (joined) {
		cover_room_words(room, from, sizeof from);
		cover_room_words(to_room, to, sizeof to);
		if (above)
			snprintf(full, sizeof full, "stairs down from %s to %s", from, to);
		else
			snprintf(full, sizeof full, "stairs down from level %d, %s, to %s", d->levels[k - 1].map.depth, from,
				 to);
		snprintf(shorter, sizeof shorter, "%s to %s", from, to);
		snprintf(least, sizeof least, "stairs");
	} else {
		cover_way_in(d, k, way, sizeof way);
		if (k == 0) {
			snprintf(full, sizeof full, "way in: %s", way);
			snprintf(shorter, sizeof shorter, "way in");
		} else {
			snprintf(full, sizeof full, "no stairs from level %d; way in: %s", d->levels[k - 1].map.depth, way);
			snprintf(shorter, sizeof shorter, "not joined; own way in");
		}
		snprintf(least, sizeof least, "%s", k == 0 ? "way in" : "not joined");
		top = y + j->link_h * 0.3;
	}
	if (joined && !above)
		top = y + j->link_h * 0.3;
	scene_move(cv->sc, cv->page, lx, top);
	scene_line(cv->sc, cv->page, lx, bottom - ARROW * 1.5);
	struct scene_item *it = scene_stroke(cv->sc, cv->page, cv->st->title, 1.2, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	if (it && !joined) {
		it->dash[0] = 2.5;
		it->dash[1] = 2;
	}
	scene_move(cv->sc, cv->page, lx - ARROW, bottom - ARROW * 1.8);
	scene_line(cv->sc, cv->page, lx + ARROW, bottom - ARROW * 1.8);
	scene_line(cv->sc, cv->page, lx, bottom);
	scene_close(cv->sc, cv->page);
	scene_fill(cv->sc, cv->page, cv->st->title);
	const char *const texts[] = { full, shorter, least };
	double room_w = j->col_w - LINK_X - 8 - COL_GAP;
	return text_at(j, fitting(cv->ms, texts, 3, j->label, room_w), j->label, lx + 8, (top + bottom) / 2, e);
}

int cover_joins(struct cover *cv, struct err *e)
{
	const struct style *st = cv->st;
	int n = cv->d->nlevels;
	struct joins j = { cv, st->size_text * 3.0, st->size_text * 3.4, 0, 0, 1,
			   { .family = st->font_text, .size = st->size_text + 1, .bold = 1, .colour = st->text },
			   { .family = st->font_text, .size = st->size_text, .italic = 1, .colour = st->accent }, 0 };
	j.ref_w = layout_page_ref_width(cv->ms, j.box, "page ");
	if (j.ref_w < 0)
		return err_set(e, "cannot measure text");
	struct text_style heading = { .family = st->font_text, .size = st->size_heading, .bold = 1, .colour = st->title };
	/* the heading goes where the map can start under it: on this page
	 * when its columns fit there, else at the top of the next */
	static const char head_text[] = "How the levels join";
	cv->y += COVER_GAP;
	double head_h = heading_height(cv->ms, head_text, heading, cv->w, e);
	if (head_h < 0)
		return -1;
	if (!(j.ncols = columns_for(&j, n, cv->y + head_h)) && cover_new_page(cv, e) < 0)
		return -1;
	if (cover_para(cv, head_text, heading, 0, NULL, 0, e) < 0)
		return -1;
	if (!j.ncols && !(j.ncols = columns_for(&j, n, cv->y)))
		j.ncols = COLS_MAX;
	/* a short booklet's map grows into the room the page has left, to
	 * half as large again */
	double unit = j.box_h + j.link_h, spare = cv->bottom - cv->y - FOOT_ROOM;
	if (j.ncols == 1 && spare > n * unit) {
		double grow = fmin(GROW_MAX, spare / (n * unit));
		j.box_h *= grow;
		j.link_h *= grow;
		j.box.size *= sqrt(grow);
		j.label.size *= sqrt(grow);
		j.ref_w *= sqrt(grow);
	}
	j.col_w = (cv->w - 12) / j.ncols;
	j.box_w = fmin(j.col_w - COL_GAP, BOX_MAX_W * (j.box.size / (st->size_text + 1)));
	/* the boxes of a page shared evenly among its columns */
	double col_top = cv->y, y = cv->y, deepest = cv->y;
	int col = 0, in_col = 0, per_col = page_rows(&j, n, col_top);
	for (int k = 0; k < n; k++) {
		if (in_col == per_col) {
			if (++col == j.ncols) {
				if (cover_new_page(cv, e) < 0)
					return -1;
				col = 0;
				col_top = deepest = cv->y;
				per_col = page_rows(&j, n - k, col_top);
			}
			y = col_top;
			in_col = 0;
		}
		double x = cv->x + 12 + col * j.col_w;
		if (draw_link(&j, k, x, y, in_col > 0, e) < 0 || draw_box(&j, k, x, y + j.link_h, e) < 0)
			return -1;
		y += j.link_h + j.box_h;
		in_col++;
		deepest = fmax(deepest, y);
	}
	cv->y = deepest + COVER_GAP;
	return scene_ok(cv->sc, e);
}
