/* layout_labels.c: room numbers on the map. Each keyed region's number is
 * set at the centre of its largest open area, clear of walls, door marks
 * and features by a quarter square (layout_spot.c finds the place); it is
 * set smaller, down to 7 pt, when that is what it takes to fit, then a
 * little nearer the walls, and beside its room with a short leader line
 * when the room is too small even so.
 * Each number sits on a box of its floor's colour that hides the grid. On
 * squares of an inch or so numbers are larger, for the table; on a poster
 * a number is moved off the cuts between its pieces. */
#include "layout/layout.h"
#include "layout/poster_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUMBER_MIN_PT 7.0
#define LEADER_ROUNDS 4         /* placings of the numbers beside their rooms */
#define LEADER_RETRY_MAX 8      /* more failures than this: a map too crowded to retry */
#define BESIDE_STEP_PT 1.0      /* sizes tried beside a room, apart */
#define CLEAR_TIGHTER 0.12      /* squares less clearance from the walls (an eighth of a square left), before a number goes beside */

#define LABEL_WIDTHS 8           /* sizes a number's width is kept at */

struct label {
	int id;
	double size, w, h;      /* points */
	struct spot at;         /* squares */
	int placed;
	/* its widths measured so far: the same sizes come again in the
	 * second pass inside and in each round beside */
	double kept_size[LABEL_WIDTHS], kept_w[LABEL_WIDTHS];
	int nkept;
};

/* Measures the number of region id at `size`: its box in points. */
static int label_measure(struct layout_ctx *c, struct label *lb, double size)
{
	double tw = -1;
	for (int i = 0; i < lb->nkept && i < LABEL_WIDTHS; i++)
		if (lb->kept_size[i] == size)
			tw = lb->kept_w[i];
	if (tw < 0) {
		char text[16];
		snprintf(text, sizeof text, "%d", c->m->regions[lb->id].number);
		tw = measure_width(c->ms, text, c->st->font_number, size, 1);
		if (tw < 0)
			return -1;
		lb->kept_size[lb->nkept % LABEL_WIDTHS] = size;
		lb->kept_w[lb->nkept % LABEL_WIDTHS] = tw;
		lb->nkept++;
	}
	lb->size = size;
	lb->w = tw + 1;
	lb->h = size * 0.78;
	return 0;
}

#define TABLE_NUMBER_FACTOR 0.28   /* of a square, at the table's scale */
#define TABLE_NUMBER_MAX 22.0

/* The size room numbers are set at on squares of s points: the style's,
 * or larger on squares of an inch or so, to be read from a metre away at
 * the table (20 pt at one square an inch, at most 22 pt). */
static double layout_number_pt(const struct layout_ctx *c, double s)
{
	return fmax(c->st->size_number, fmin(TABLE_NUMBER_MAX, s * TABLE_NUMBER_FACTOR));
}

/* Tries sizes from layout_number_pt's down to 7 pt, `step` points apart (7 pt
 * always last), with find() (spot_inside or spot_beside). Returns 1 when
 * placed, 0 when not, -1 on a failed measure. */
static int label_place(struct layout_ctx *c, struct spot_ctx *sp, struct label *lb, const struct map_frame *f,
		       int (*find)(const struct spot_ctx *, int, double, double, struct spot *), double step)
{
	for (double size = layout_number_pt(c, f->s); size >= NUMBER_MIN_PT - 1e-9; size -= step) {
		if (label_measure(c, lb, size) < 0)
			return -1;
		int got = find(sp, lb->id, lb->w / f->s, lb->h / f->s, &lb->at);
		if (got < 0)
			return -1;
		if (got) {
			spot_keep(sp, &lb->at, lb->w / f->s, lb->h / f->s);
			lb->placed = 1;
			return 1;
		}
		if (size > NUMBER_MIN_PT && size - step < NUMBER_MIN_PT)
			size = NUMBER_MIN_PT + step;
	}
	return 0;
}

/* A room with no place at all (not even beside it): 7 pt on its middle. */
static int label_force(struct layout_ctx *c, struct spot_ctx *sp, struct label *lb, const struct map_frame *f)
{
	const struct rect *b = &c->m->regions[lb->id].bounds;
	if (label_measure(c, lb, NUMBER_MIN_PT) < 0)
		return -1;
	double mx = b->x + b->w / 2.0, my = b->y + b->h / 2.0, best = 1e18;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++) {
			double d = hypot(x + 0.5 - mx, y + 0.5 - my);
			if (map_at(c->m, x, y) == lb->id && d < best) {
				best = d;
				lb->at.cx = lb->at.tx = x + 0.5;
				lb->at.cy = lb->at.ty = y + 0.5;
				lb->at.ex = lb->at.cx;
				lb->at.ey = lb->at.cy;
			}
		}
	lb->at.leader = 0;
	spot_keep(sp, &lb->at, lb->w / f->s, lb->h / f->s);
	lb->placed = 1;
	return 0;
}

/* Draws a placed number: its leader, its box, the glyphs, the key's links. */
static int label_draw(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f, const struct label *lb)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	int number = c->m->regions[lb->id].number;
	char text[16], name[32];
	snprintf(text, sizeof text, "%d", number);
	struct spot at = lb->at;
	/* on a poster, whole on one piece */
	if (c->poster) {
		double cx = at.cx, cy = at.cy;
		if (poster_plan_keep_whole(c->poster, &cx, &cy, lb->w / f->s, lb->h / f->s)) {
			at.ex += cx - at.cx;
			at.ey += cy - at.cy;
			at.cx = cx;
			at.cy = cy;
		}
	}
	double px = f->ox + at.cx * f->s, py = f->oy + at.cy * f->s;
	double x0 = px - lb->w / 2, y0 = py - lb->h / 2;
	if (at.leader) {
		double tx = f->ox + at.tx * f->s, ty = f->oy + at.ty * f->s;
		/* the leader runs from a dot in the room to the box's edge */
		scene_circle_path(sc, p, tx, ty, fmax(0.07 * f->s, 1.0));
		scene_fill(sc, p, st->number);
		scene_move(sc, p, tx, ty);
		scene_line(sc, p, f->ox + at.ex * f->s, f->oy + at.ey * f->s);
		scene_stroke(sc, p, st->number, fmax(c->pen.detail, 0.5), SCENE_CAP_ROUND, SCENE_JOIN_ROUND);
	}
	scene_rect_path(sc, p, x0, y0, lb->w, lb->h);
	scene_fill(sc, p, st->floor.a > 0 ? st->floor : st->paper);
	if (!at.leader)
		layout_tint_box(c, p, lb->id, x0, y0, lb->w, lb->h);
	struct text_block b;
	struct err e;
	if (measure_block(c->ms, &b, text, st->font_number, lb->size, -1, 0, &e) < 0)
		return -1;
	struct text_style ts = { .family = st->font_number, .size = lb->size, .bold = 1, .colour = st->number };
	measure_attach(scene_text(sc, p, text, strlen(text), ts, x0 + 0.5, py + lb->size * 0.36, lb->w - 1), &b);
	text_block_free(&b);
	snprintf(name, sizeof name, "room-%d-%d", c->m->depth, number);
	scene_anchor(sc, p, name, x0, y0);
	if (c->with_key) {
		snprintf(name, sizeof name, "key-%d-%d", c->m->depth, number);
		scene_link(sc, p, name, x0, y0, lb->w, lb->h);
	}
	return 0;
}

/* A number's place beside its room from the last round that looked for
 * one: whether it found one, where and at what size, and the cells of
 * placed numbers the search looked at (spot_query). */
struct beside_memo {
	int known, placed;
	double size, w, h;
	struct spot at;
	struct spot_query q;
};

/* The centres (in cells) of the numbers placed this round where the last
 * round placed them otherwise: a number whose search looked at none of
 * these cells finds what it found then. */
struct moved_cells {
	int *xy, n;
};

static void moved_add(struct moved_cells *mv, const struct spot_ctx *sp, const struct spot *s)
{
	spot_cell(sp, s->cx, s->cy, &mv->xy[2 * mv->n], &mv->xy[2 * mv->n + 1]);
	mv->n++;
}

static int memo_touched(const struct beside_memo *bm, const struct moved_cells *mv)
{
	for (int i = 0; i < mv->n; i++) {
		int x = mv->xy[2 * i], y = mv->xy[2 * i + 1];
		if (x >= bm->q.x0 && x <= bm->q.x1 && y >= bm->q.y0 && y <= bm->q.y1)
			return 1;
	}
	return 0;
}

static int same_place(const struct beside_memo *bm, const struct label *lb)
{
	if (bm->placed != lb->placed)
		return 0;
	return !lb->placed || (bm->size == lb->size && bm->w == lb->w && bm->h == lb->h && bm->at.cx == lb->at.cx &&
			       bm->at.cy == lb->at.cy && bm->at.tx == lb->at.tx && bm->at.ty == lb->at.ty &&
			       bm->at.ex == lb->at.ex && bm->at.ey == lb->at.ey && bm->at.leader == lb->at.leader);
}

/* One number's place beside its room in a round: the last round's when
 * the search would look only where nothing has moved since (the same
 * numbers in the same places give the same answer), else searched again;
 * a number placed otherwise than last round is added to mv. Returns 1
 * when placed, 0 when not, -1 on a failed measure. */
static int beside_round(struct layout_ctx *c, struct spot_ctx *sp, struct label *lb, struct beside_memo *bm,
			const struct map_frame *f, int may_reuse, struct moved_cells *mv)
{
	if (may_reuse && bm->known && !memo_touched(bm, mv)) {
		lb->placed = bm->placed;
		if (lb->placed) {
			lb->size = bm->size;
			lb->w = bm->w;
			lb->h = bm->h;
			lb->at = bm->at;
			spot_keep(sp, &lb->at, lb->w / f->s, lb->h / f->s);
		}
		return lb->placed;
	}
	struct beside_memo was = *bm;
	lb->placed = 0;
	bm->q = (struct spot_query){ 0, 0, -1, -1 };
	sp->query = &bm->q;
	int rc = label_place(c, sp, lb, f, spot_beside, BESIDE_STEP_PT);
	sp->query = NULL;
	if (rc < 0)
		return -1;
	if (was.known && !same_place(&was, lb)) {
		if (was.placed)
			moved_add(mv, sp, &was.at);
		if (lb->placed)
			moved_add(mv, sp, &lb->at);
	}
	bm->known = 1;
	bm->placed = lb->placed;
	bm->size = lb->size;
	bm->w = lb->w;
	bm->h = lb->h;
	bm->at = lb->at;
	return rc;
}

/* The numbers that did not fit inside their rooms, beside them. Numbers
 * placed first take the best places; when some find none, all of them are
 * placed again with those first (a few rounds at most, and only when
 * few failed: on a map at a tiny scale all fail), and those still
 * without a place may then stand nearer another number than their room.
 * A round searches again only for the numbers near one that moved.
 * Returns rc, or -1 on a failed measure. */
static int place_beside(struct layout_ctx *c, struct spot_ctx *sp, struct label *lbs, int n,
			const struct map_frame *f, int rc)
{
	int *order = malloc(((size_t)n + 1) * sizeof *order), norder = 0;
	struct beside_memo *memo = calloc((size_t)n + 1, sizeof *memo);
	/* each number moves at most once a round: its old and its new place */
	struct moved_cells mv = { malloc(((size_t)n + 1) * 4 * sizeof *mv.xy), 0 };
	char *was_failed = calloc((size_t)n + 1, 1);
	if (!order || !memo || !mv.xy || !was_failed) {
		free(order);
		free(memo);
		free(mv.xy);
		free(was_failed);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (!lbs[i].placed)
			order[norder++] = i;
	int inside = sp->nplaced, failed = 0;
	for (int round = 0; round < LEADER_ROUNDS && rc >= 0; round++) {
		failed = 0;
		mv.n = 0;
		spot_forget(sp, inside);
		/* a number that failed last round now goes before numbers it
		 * followed: searched again */
		for (int k = 0; k < norder && rc >= 0; k++) {
			int i = order[k];
			rc = beside_round(c, sp, &lbs[i], &memo[i], f, round > 0 && !was_failed[i], &mv);
			failed += rc == 0;
		}
		if (failed == 0 || failed > LEADER_RETRY_MAX || rc < 0)
			break;
		/* the ones that failed go first next time, in their order */
		int front = 0;
		for (int k = 0; k < norder; k++) {
			was_failed[order[k]] = !lbs[order[k]].placed;
			if (!lbs[order[k]].placed) {
				int t = order[k];
				memmove(order + front + 1, order + front, (size_t)(k - front) * sizeof *order);
				order[front++] = t;
			}
		}
	}
	/* a crowded corner: nearness to other numbers given up, the leader says it */
	sp->relaxed = 1;
	for (int k = 0; k < norder && failed <= LEADER_RETRY_MAX && rc >= 0; k++)
		if (!lbs[order[k]].placed)
			rc = label_place(c, sp, &lbs[order[k]], f, spot_beside, BESIDE_STEP_PT);
	sp->relaxed = 0;
	free(order);
	free(memo);
	free(mv.xy);
	free(was_failed);
	return rc;
}

int layout_labels(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct map *m = c->m;
	int n = 0, crowded = 0, rc = 0;
	for (int id = 1; id <= m->nregions; id++)
		n += m->regions[id].number > 0;
	struct label *lbs = calloc((size_t)n + 1, sizeof *lbs);
	struct spot_ctx sp;
	if (!lbs || spot_ctx_init(&sp, c, f, n) < 0) {
		free(lbs);
		c->sc->failed = 1;
		return 0;
	}
	n = 0;
	for (int id = 1; id <= m->nregions; id++)
		if (m->regions[id].number > 0)
			lbs[n++].id = id;
	/* inside their rooms first, then (those that found no place) inside
	 * nearer the walls, then beside the rooms too small, then anywhere */
	for (int i = 0; i < n && rc >= 0; i++)
		rc = label_place(c, &sp, &lbs[i], f, spot_inside, 0.5);
	double clear = sp.clear;
	sp.clear -= CLEAR_TIGHTER;
	for (int i = 0; i < n && rc >= 0; i++)
		if (!lbs[i].placed)
			rc = label_place(c, &sp, &lbs[i], f, spot_inside, 0.5);
	sp.clear = clear;
	rc = place_beside(c, &sp, lbs, n, f, rc);
	for (int i = 0; i < n && rc >= 0; i++)
		if (!lbs[i].placed) {
			rc = label_force(c, &sp, &lbs[i], f);
			crowded++;
		}
	for (int i = 0; i < n && rc >= 0; i++)
		rc = label_draw(c, p, f, &lbs[i]);
	if (rc < 0)
		c->sc->failed = 1;
	spot_ctx_free(&sp);
	free(lbs);
	return crowded;
}
