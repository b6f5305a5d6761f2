/* layout_spot.c: where a room's number goes. Inside its room: at the centre
 * of the room's largest open area (the largest rectangle of squares with no
 * feature and no stairs), or as near it as the number fits, its box clear
 * of the walls' ink, of door marks and of features by a quarter square. A
 * room too small for that gets its number beside it, on open ground (rock,
 * or the open floor of a neighbour) as near the room as possible, clear of
 * everything above and of the other numbers, joined to the room by a short
 * leader line. All positions here are in squares (map coordinates). */
#include "layout/layout.h"
#include "layout/spot_cands.h"
#include "layout/spot_line.h"
#include "layout/spot_sums.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SPOT_STEP 0.125         /* candidate centres, in squares (at least SPOT_STEP_PT points) */
#define SPOT_STEP_PT 1.0
#define SPOT_CELL 2             /* squares on a side of a cell of placed numbers */
static const int leader_reach[] = { 4, 8 };   /* squares around a room searched for its number */

/* Half the across-the-wall extent of the mark a door of `kind` draws, in
 * points (see sym_door), its pen included; more for a secret door's S. */
static double door_reach(const struct layout_ctx *c, int kind, double s)
{
	double b = fmax(0.13 * s, c->pen.wall * 0.9);
	switch (kind) {
	case DOOR_PLAIN: return b + c->pen.door / 2;
	case DOOR_LOCKED: return b + 0.14 * s + c->pen.door;
	/* an S reads as a letter: half a square more, so "21 S" does not read as one */
	case DOOR_SECRET: return 0.42 * fmin(fmax(0.75 * s, 5), 12) + 0.5 * s;
	case DOOR_PORTCULLIS: return 0.16 * s + c->pen.door / 2;
	default: return 0;
	}
}

/* A square a number may cover: of region `want` (0: solid ground inside
 * the viewport) and not marked blocked (features, stairs, the entrance's
 * arrow). */
static int open_square(const struct spot_ctx *sp, int want, int x, int y)
{
	const struct map *m = sp->c->m;
	if (x < sp->f->vx || y < sp->f->vy || x >= sp->f->vx + sp->f->vw || y >= sp->f->vy + sp->f->vh)
		return 0;
	if (map_at(m, x, y) != want || (x == sp->arrow_x && y == sp->arrow_y))
		return 0;
	return !map_in(m, x, y) || !sp->blocked[(long)y * m->w + x];
}

/* floor(v) as an int, for map coordinates (well inside an int's range):
 * without the library call, which the box test makes millions of times. */
static inline int ifloor(double v)
{
	int i = (int)v;
	return i - (v < (double)i);
}

static int boxes_meet(double ax0, double ay0, double ax1, double ay1, const struct spot_box *b, double grow)
{
	return ax0 < b->x1 + grow && b->x0 - grow < ax1 && ay0 < b->y1 + grow && b->y0 - grow < ay1;
}

/* The numbers placed so far are kept in cells of SPOT_CELL squares by
 * their centres; a search looks only at the cells near it. */
static int cell_of(const struct spot_ctx *sp, double x, double y)
{
	int cx = ifloor(x / SPOT_CELL), cy = ifloor(y / SPOT_CELL);
	cx = cx < 0 ? 0 : cx >= sp->ncx ? sp->ncx - 1 : cx;
	cy = cy < 0 ? 0 : cy >= sp->ncy ? sp->ncy - 1 : cy;
	return cy * sp->ncx + cx;
}

struct near_iter {
	const struct spot_ctx *sp;
	int cx0, cx1, cy1, cx, cy, k;
};

/* Starts a walk over the numbers whose centres may lie in x0..x1, y0..y1. */
static void near_begin(struct near_iter *it, const struct spot_ctx *sp, double x0, double y0, double x1, double y1)
{
	int a = cell_of(sp, x0, y0), b = cell_of(sp, x1, y1);
	it->sp = sp;
	it->cx0 = a % sp->ncx;
	it->cy = a / sp->ncx;
	it->cx1 = b % sp->ncx;
	it->cy1 = b / sp->ncx;
	it->cx = it->cx0;
	it->k = sp->cell_head[it->cy * sp->ncx + it->cx];
	struct spot_query *q = sp->query;
	if (q) {
		if (q->x1 < q->x0) {
			*q = (struct spot_query){ it->cx0, it->cy, it->cx1, it->cy1 };
		} else {
			q->x0 = it->cx0 < q->x0 ? it->cx0 : q->x0;
			q->y0 = it->cy < q->y0 ? it->cy : q->y0;
			q->x1 = it->cx1 > q->x1 ? it->cx1 : q->x1;
			q->y1 = it->cy1 > q->y1 ? it->cy1 : q->y1;
		}
	}
}

void spot_cell(const struct spot_ctx *sp, double x, double y, int *cx, int *cy)
{
	int cell = cell_of(sp, x, y);
	*cx = cell % sp->ncx;
	*cy = cell / sp->ncx;
}

/* The next number's index, or -1 at the end. */
static int near_next(struct near_iter *it)
{
	const struct spot_ctx *sp = it->sp;
	while (it->k < 0) {
		if (++it->cx > it->cx1) {
			it->cx = it->cx0;
			if (++it->cy > it->cy1)
				return -1;
		}
		it->k = sp->cell_head[it->cy * sp->ncx + it->cx];
	}
	int k = it->k;
	it->k = sp->cell_next[k];
	return k;
}

/* True when a box of half-size hw x hh centred at (cx, cy) lies, grown by
 * the clearance, on open squares of region `want`, clear of door marks and
 * of the numbers placed so far. */
static int box_clear(const struct spot_ctx *sp, int want, double cx, double cy, double hw, double hh)
{
	const struct layout_ctx *c = sp->c;
	double g = sp->clear;
	double x0 = cx - hw - g, x1 = cx + hw + g, y0 = cy - hh - g, y1 = cy + hh + g;
	int sx0 = ifloor(x0), sx1 = ifloor(x1 - 1e-9), sy0 = ifloor(y0), sy1 = ifloor(y1 - 1e-9);
	if (sx0 >= 0 && sy0 >= 0 && sx1 < c->m->w && sy1 < c->m->h) {
		if (!spot_sums_open(sp->sums, c->m, want, sx0, sy0, sx1, sy1))
			return 0;
	} else {
		for (int y = sy0; y <= sy1; y++)
			for (int x = sx0; x <= sx1; x++)
				if (!open_square(sp, want, x, y))
					return 0;
	}
	/* door marks on the edges of the squares covered (and their
	 * neighbours'): none when the sums count none there */
	int inside = sx0 >= 1 && sy0 >= 1 && sx1 + 1 < c->m->w && sy1 + 1 < c->m->h;
	int doors = !inside || !spot_sums_no_doors(sp->sums, sx0 - 1, sy0 - 1, sx1 + 1, sy1 + 1);
	for (int y = sy0 - 1; doors && y <= sy1 + 1; y++)
		for (int x = sx0 - 1; x <= sx1 + 1; x++) {
			int sides = map_in(c->m, x, y) ? sp->door_sides[(long)y * c->m->w + x] : (1 << SIDE_COUNT) - 1;
			for (int sd = 0; sides && sd < SIDE_COUNT; sd++) {
				if (!(sides & (1 << sd)))
					continue;
				const struct door *dr = layout_door_at(c, x, y, (enum side)sd);
				if (!dr)
					continue;
				double reach = sp->reach[layout_door_kind(c, dr) + 1];
				if (reach <= 0)
					continue;
				int horiz = sd == SIDE_N || sd == SIDE_S;
				double ex = x + (horiz ? 0.5 : (sd == SIDE_E ? 1 : 0));
				double ey = y + (horiz ? (sd == SIDE_S ? 1 : 0) : 0.5);
				struct spot_box mk = { ex - (horiz ? 0.5 : reach), ey - (horiz ? reach : 0.5),
						       ex + (horiz ? 0.5 : reach), ey + (horiz ? reach : 0.5) };
				if (boxes_meet(x0, y0, x1, y1, &mk, 0))
					return 0;
			}
		}
	double grow = sp->clear > 0.25 ? sp->clear : 0.25;
	struct near_iter it;
	near_begin(&it, sp, x0 - sp->max_hw - grow, y0 - sp->max_hh - grow, x1 + sp->max_hw + grow,
		   y1 + sp->max_hh + grow);
	for (int i; (i = near_next(&it)) >= 0;)
		if (boxes_meet(x0, y0, x1, y1, &sp->placed[i].box, grow))
			return 0;
	return 1;
}

/* The largest rectangle of open squares of region id (histogram method over
 * its bounding box); ties go to the one nearest the box's middle. *fits
 * (when not NULL) tells whether some rectangle of open squares is at least
 * need_w x need_h squares. Returns 0 when the region has no open square. */
static int largest_open(const struct spot_ctx *sp, int id, double *tx, double *ty, int need_w, int need_h, int *fits)
{
	const struct rect *b = &sp->c->m->regions[id].bounds;
	int *h = sp->heights, *stack = sp->stack;
	double mx = b->x + b->w / 2.0, my = b->y + b->h / 2.0, best = -1;
	for (int i = 0; i < b->w; i++)
		h[i] = 0;
	for (int y = b->y; y < b->y + b->h; y++) {
		for (int i = 0; i < b->w; i++)
			h[i] = open_square(sp, id, b->x + i, y) ? h[i] + 1 : 0;
		int top = 0;
		for (int i = 0; i <= b->w; i++) {
			int hi = i < b->w ? h[i] : 0;
			while (top > 0 && h[stack[top - 1]] >= hi) {
				int hh = h[stack[--top]];
				int left = top > 0 ? stack[top - 1] + 1 : 0;
				if (hh == 0)
					continue;
				if (fits && i - left >= need_w && hh >= need_h)
					*fits = 1;
				double cx = b->x + (left + i) / 2.0, cy = y + 1 - hh / 2.0;
				double score = (double)(i - left) * hh * 1e6 - hypot(cx - mx, cy - my);
				if (score > best) {
					best = score;
					*tx = cx;
					*ty = cy;
				}
			}
			stack[top++] = i;
		}
	}
	return best > 0;
}

/* A square of region id nearest its bounding box's middle (for a room with
 * no open square at all). */
static void any_square(const struct map *m, int id, double *tx, double *ty)
{
	const struct rect *b = &m->regions[id].bounds;
	double mx = b->x + b->w / 2.0, my = b->y + b->h / 2.0, best = 1e18;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++) {
			double d = hypot(x + 0.5 - mx, y + 0.5 - my);
			if (map_at(m, x, y) == id && d < best) {
				best = d;
				*tx = x + 0.5;
				*ty = y + 0.5;
			}
		}
}

/* True when a number placed so far has its centre within d of (px, py). */
static int number_within(const struct spot_ctx *sp, double px, double py, double d)
{
	struct near_iter it;
	near_begin(&it, sp, px - d, py - d, px + d, py + d);
	for (int i; (i = near_next(&it)) >= 0;)
		if (hypot(px - sp->placed[i].cx, py - sp->placed[i].cy) <= d)
			return 1;
	return 0;
}

/* True when placing a number at (px, py) leaves every leadered number
 * placed so far nearer its own room than to this one. */
static int others_still_nearer(const struct spot_ctx *sp, double px, double py)
{
	double r = sp->max_lead;
	struct near_iter it;
	near_begin(&it, sp, px - r, py - r, px + r, py + r);
	for (int i; (i = near_next(&it)) >= 0;) {
		const struct spot *o = &sp->placed[i];
		if (o->leader && hypot(o->cx - px, o->cy - py) <= hypot(o->cx - o->tx, o->cy - o->ty))
			return 0;
	}
	return 1;
}

/* True when segments a-b and c-d cross or touch. */
static int segments_meet(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy)
{
	double d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx), d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
	double d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax), d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
	return d1 * d2 <= 0 && d3 * d4 <= 0;
}

/* True when the box (x0, y0)-(x1, y1) meets the segment a-b. */
static int box_meets_segment(double x0, double y0, double x1, double y1, double ax, double ay, double bx, double by)
{
	if (fmax(ax, bx) < x0 || fmin(ax, bx) > x1 || fmax(ay, by) < y0 || fmin(ay, by) > y1)
		return 0;
	if (ax >= x0 && ax <= x1 && ay >= y0 && ay <= y1)
		return 1;
	return segments_meet(ax, ay, bx, by, x0, y0, x1, y0) || segments_meet(ax, ay, bx, by, x1, y0, x1, y1) ||
	       segments_meet(ax, ay, bx, by, x1, y1, x0, y1) || segments_meet(ax, ay, bx, by, x0, y1, x0, y0);
}

/* True when a number's box at (cx, cy), or its leader from (tx, ty) to
 * (ex, ey) (when leader), meets a leader placed so far, or the leader
 * meets a number's box. */
static int leaders_meet(const struct spot_ctx *sp, double cx, double cy, double hw, double hh, int leader, double tx,
			double ty, double ex, double ey)
{
	double g = 0.25, r = sp->max_lead + fmax(sp->max_hw, sp->max_hh) + fmax(hw, hh) + g;
	double x0 = fmin(cx, leader ? tx : cx) - r, x1 = fmax(cx, leader ? tx : cx) + r;
	double y0 = fmin(cy, leader ? ty : cy) - r, y1 = fmax(cy, leader ? ty : cy) + r;
	struct near_iter it;
	near_begin(&it, sp, x0, y0, x1, y1);
	for (int i; (i = near_next(&it)) >= 0;) {
		const struct spot *o = &sp->placed[i];
		if (o->leader && box_meets_segment(cx - hw - g, cy - hh - g, cx + hw + g, cy + hh + g, o->tx, o->ty, o->ex,
						   o->ey))
			return 1;
		if (!leader)
			continue;
		if (o->leader && segments_meet(tx, ty, ex, ey, o->tx, o->ty, o->ex, o->ey))
			return 1;
		if (box_meets_segment(o->box.x0 - g / 2, o->box.y0 - g / 2, o->box.x1 + g / 2, o->box.y1 + g / 2, tx, ty,
				      ex, ey))
			return 1;
	}
	return 0;
}

int spot_inside(const struct spot_ctx *sp, int id, double w, double h, struct spot *out)
{
	const struct rect *b = &sp->c->m->regions[id].bounds;
	double tx, ty, hw = w / 2, hh = h / 2;
	/* the squares under the number and its clearance must be open: a
	 * rectangle at least this big */
	int fits = 0;
	if (!largest_open(sp, id, &tx, &ty, (int)ceil(w + 2 * sp->clear - 1e-9), (int)ceil(h + 2 * sp->clear - 1e-9),
			  &fits) || !fits)
		return 0;
	double best = 1e18;
	int found = 0;
	if (box_clear(sp, id, tx, ty, hw, hh)) {
		best = 0;
		out->cx = tx;
		out->cy = ty;
		found = 1;
	}
	double step = fmax(SPOT_STEP, SPOT_STEP_PT / sp->f->s);
	for (double y = b->y + hh + sp->clear; !found && y <= b->y + b->h - hh - sp->clear + 1e-9; y += step)
		for (double x = b->x + hw + sp->clear; x <= b->x + b->w - hw - sp->clear + 1e-9; x += step) {
			double d = hypot(x - tx, y - ty);
			if (d >= best || number_within(sp, x, y, d) || !box_clear(sp, id, x, y, hw, hh) ||
			    leaders_meet(sp, x, y, hw, hh, 0, 0, 0, 0, 0))
				continue;
			best = d;
			out->cx = x;
			out->cy = y;
		}
	if (best >= 1e18)
		return 0;
	out->leader = 0;
	out->tx = out->ex = tx;
	out->ty = out->ey = ty;
	return 1;
}

/* Where the leader from (tx, ty) towards (px, py) meets the box of half-size
 * hw x hh centred on (px, py). */
static void leader_end(double tx, double ty, double px, double py, double hw, double hh, double *ex, double *ey)
{
	double dx = tx - px, dy = ty - py;
	double t = 1e18;
	if (fabs(dx) > 1e-12)
		t = fmin(t, hw / fabs(dx));
	if (fabs(dy) > 1e-12)
		t = fmin(t, hh / fabs(dy));
	if (t > 1)
		t = 1;
	*ex = px + dx * t;
	*ey = py + dy * t;
}

/* Walls a straight line from (ax, ay) to (bx, by) crosses, counted as
 * changes of region along it; -1 when it passes a number placed so far. */
static int leader_crossings(const struct spot_ctx *sp, double ax, double ay, double bx, double by)
{
	struct near_iter it;
	near_begin(&it, sp, fmin(ax, bx) - sp->max_hw - 0.1, fmin(ay, by) - sp->max_hh - 0.1,
		   fmax(ax, bx) + sp->max_hw + 0.1, fmax(ay, by) + sp->max_hh + 0.1);
	for (int k; (k = near_next(&it)) >= 0;) {
		const struct spot_box *o = &sp->placed[k].box;
		if (box_meets_segment(o->x0 - 0.1, o->y0 - 0.1, o->x1 + 0.1, o->y1 + 0.1, ax, ay, bx, by))
			return -1;
	}
	/* samples a tenth of a square apart; those in the square before are
	 * of its region, so only the squares they meet are looked at */
	double len = hypot(bx - ax, by - ay);
	int crossings = 0;
	struct spot_line ln;
	spot_line_begin(&ln, ax, ay, bx, by, (int)(len / 0.1) + 1);
	int prev = map_at(sp->c->m, ln.sx, ln.sy);
	while (spot_line_next(&ln)) {
		int r = map_at(sp->c->m, ln.sx, ln.sy);
		crossings += r != prev;
		prev = r;
	}
	return crossings;
}

/* The best place beside a room found so far: its score, its order in a
 * row-by-row sweep (ties go to the earlier) and the spot. */
struct beside_best {
	double score;
	int order;
	struct spot at;
};

/* Tries the centre (x, y) of sweep order `order` for region id's number
 * of half-size hw x hh, its leader from (tx, ty); keeps it in *bb when it
 * beats the best so far. */
static void beside_try(const struct spot_ctx *sp, int id, double hw, double hh, double tx, double ty, double x,
		       double y, int order, struct beside_best *bb)
{
	const struct map *m = sp->c->m;
	int under = map_at(m, ifloor(x), ifloor(y));
	if (under == id)
		return;
	/* far past the best: skipped before the exact distance, which is
	 * left until the box is clear while there is no best yet */
	double dx = x - tx, dy = y - ty, d = -1;
	if (bb->score < 1e18) {
		if (dx * dx + dy * dy > bb->score * bb->score * (1 + 1e-9))
			return;
		d = hypot(dx, dy);
		/* a neighbour's floor is a second choice after bare ground */
		double score = d + (under != 0 ? 1.5 : 0);
		if (score > bb->score || (score == bb->score && order > bb->order))
			return;
	}
	if (!box_clear(sp, under, x, y, hw, hh))
		return;
	if (d < 0)
		d = hypot(dx, dy);
	double score = d + (under != 0 ? 1.5 : 0);
	double ex, ey;
	leader_end(tx, ty, x, y, hw, hh, &ex, &ey);
	int crossings = leader_crossings(sp, tx, ty, ex, ey);
	if (crossings < 0)
		return;
	score += crossings > 1 ? crossings - 1 : 0;
	if (score > bb->score || (score == bb->score && order > bb->order) ||
	    (!sp->relaxed && (number_within(sp, x, y, d) || !others_still_nearer(sp, x, y))) ||
	    leaders_meet(sp, x, y, hw, hh, 1, tx, ty, ex, ey))
		return;
	bb->score = score;
	bb->order = order;
	bb->at = (struct spot){ .cx = x, .cy = y, .ex = ex, .ey = ey };
}

int spot_beside(const struct spot_ctx *sp, int id, double w, double h, struct spot *out)
{
	const struct map *m = sp->c->m;
	double tx, ty, hw = w / 2, hh = h / 2;
	struct beside_best bb = { .score = 1e18 };
	if (!largest_open(sp, id, &tx, &ty, 0, 0, NULL))
		any_square(m, id, &tx, &ty);
	double step = 2 * fmax(SPOT_STEP, SPOT_STEP_PT / sp->f->s);
	struct spot_cands *g = sp->cands;
	for (int r = 0; r < (int)(sizeof leader_reach / sizeof leader_reach[0]) && bb.score >= 1e18; r++) {
		if (spot_cands_get(g, m, id, leader_reach[r], step) < 0)
			return -1;
		if (g->nx == 0 || g->ny == 0)
			continue;
		/* squares of the grid growing around the leader's end, until every
		 * place outside is farther than the best: the best of a sweep over
		 * every place, ties to the one a sweep meets first */
		int ic = spot_cands_index(g->xs, g->nx, tx), jc = spot_cands_index(g->ys, g->ny, ty);
		int i0 = 0, i1 = -1, j0 = 0, j1 = -1;
		for (int k = 1;; k++) {
			int ni0 = ic - k < 0 ? 0 : ic - k, ni1 = ic + k >= g->nx ? g->nx - 1 : ic + k;
			int nj0 = jc - k < 0 ? 0 : jc - k, nj1 = jc + k >= g->ny ? g->ny - 1 : jc + k;
			for (int j = nj0; j <= nj1; j++)
				for (int i = ni0; i <= ni1; i++) {
					if (i >= i0 && i <= i1 && j >= j0 && j <= j1) {
						i = i1;
						continue;
					}
					beside_try(sp, id, hw, hh, tx, ty, g->xs[i], g->ys[j], j * g->nx + i, &bb);
				}
			i0 = ni0, i1 = ni1, j0 = nj0, j1 = nj1;
			if (i0 == 0 && j0 == 0 && i1 == g->nx - 1 && j1 == g->ny - 1)
				break;
			/* the nearest any place outside can be */
			double near = 1e18;
			if (i0 > 0)
				near = fmin(near, tx - g->xs[i0 - 1]);
			if (i1 < g->nx - 1)
				near = fmin(near, g->xs[i1 + 1] - tx);
			if (j0 > 0)
				near = fmin(near, ty - g->ys[j0 - 1]);
			if (j1 < g->ny - 1)
				near = fmin(near, g->ys[j1 + 1] - ty);
			if (bb.score < near * (1 - 1e-9))
				break;
		}
	}
	if (bb.score >= 1e18)
		return 0;
	*out = bb.at;
	out->leader = 1;
	out->tx = tx;
	out->ty = ty;
	return 1;
}

int spot_ctx_init(struct spot_ctx *sp, const struct layout_ctx *c, const struct map_frame *f, int nlabels)
{
	const struct map *m = c->m;
	memset(sp, 0, sizeof *sp);
	sp->c = c;
	sp->f = f;
	/* a quarter square from the walls' ink, wobble included */
	sp->clear = 0.25 + (c->pen.wall / 2 + c->pen.wobble) / f->s;
	for (int k = 0; k <= DOOR_KIND_COUNT; k++)
		sp->reach[k] = k == 0 ? 0 : door_reach(c, k - 1, f->s) / f->s;
	int widest = 1;
	for (int id = 1; id <= m->nregions; id++)
		if (m->regions[id].bounds.w > widest)
			widest = m->regions[id].bounds.w;
	sp->blocked = calloc((size_t)m->w * (size_t)m->h + 1, 1);
	sp->door_sides = calloc((size_t)m->w * (size_t)m->h + 1, 1);
	sp->heights = malloc(((size_t)widest + 1) * sizeof *sp->heights);
	sp->stack = malloc(((size_t)widest + 1) * sizeof *sp->stack);
	sp->placed = malloc(((size_t)nlabels + 1) * sizeof *sp->placed);
	sp->cell_next = malloc(((size_t)nlabels + 1) * sizeof *sp->cell_next);
	sp->ncx = m->w / SPOT_CELL + 1;
	sp->ncy = m->h / SPOT_CELL + 1;
	sp->cell_head = malloc((size_t)sp->ncx * (size_t)sp->ncy * sizeof *sp->cell_head);
	sp->cands = calloc(1, sizeof *sp->cands);
	if (sp->cands)
		*sp->cands = (struct spot_cands){ .id = -1 };
	if (!sp->cands || !sp->blocked || !sp->door_sides || !sp->heights || !sp->stack || !sp->placed || !sp->cell_next || !sp->cell_head) {
		spot_ctx_free(sp);
		return -1;
	}
	for (long i = 0; i < (long)sp->ncx * sp->ncy; i++)
		sp->cell_head[i] = -1;
	/* the sides of each square that hold a door with a mark, so that a
	 * box's test looks doors up only where there are some: each door's
	 * edge (the door the sheet draws there) on the squares either side */
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		const struct door *dr = layout_door_at(c, d->x, d->y, d->side);
		if (!dr || sp->reach[layout_door_kind(c, dr) + 1] <= 0)
			continue;
		int nx = d->x + side_dx[d->side], ny = d->y + side_dy[d->side];
		sp->door_sides[(long)d->y * m->w + d->x] |= (unsigned char)(1 << d->side);
		if (map_in(m, nx, ny))
			sp->door_sides[(long)ny * m->w + nx] |= (unsigned char)(1 << side_opposite(d->side));
	}
	if (m->features)
		for (long i = 0; i < (long)m->w * m->h; i++)
			sp->blocked[i] = m->features[i] != FEATURE_NONE;
	for (int i = 0; i < m->nstairs; i++)
		if (layout_stair_shown(c, i) && map_in(m, m->stairs[i].x, m->stairs[i].y))
			sp->blocked[(long)m->stairs[i].y * m->w + m->stairs[i].x] = 1;
	/* the entrance's arrow stands on the square outside its door */
	if (m->entrance.set && m->entrance.side >= 0 && m->entrance.side < SIDE_COUNT) {
		int ax = m->entrance.x + side_dx[m->entrance.side], ay = m->entrance.y + side_dy[m->entrance.side];
		if (map_in(m, ax, ay))
			sp->blocked[(long)ay * m->w + ax] = 1;
		sp->arrow_x = ax;
		sp->arrow_y = ay;
	} else {
		sp->arrow_x = sp->arrow_y = -1000000;
	}
	sp->sums = calloc(1, sizeof *sp->sums);
	if (!sp->sums || spot_sums_init(sp->sums, m, sp->blocked, sp->door_sides, f->vx, f->vy, f->vw, f->vh,
					sp->arrow_x, sp->arrow_y) < 0) {
		spot_ctx_free(sp);
		return -1;
	}
	return 0;
}

void spot_ctx_free(struct spot_ctx *sp)
{
	free(sp->blocked);
	free(sp->door_sides);
	sp->door_sides = NULL;
	free(sp->heights);
	free(sp->stack);
	free(sp->placed);
	free(sp->cell_head);
	free(sp->cell_next);
	if (sp->cands)
		spot_cands_free(sp->cands);
	if (sp->sums)
		spot_sums_free(sp->sums);
	free(sp->sums);
	sp->sums = NULL;
	free(sp->cands);
	sp->cands = NULL;
	sp->blocked = NULL;
	sp->heights = sp->stack = sp->cell_head = sp->cell_next = NULL;
	sp->placed = NULL;
}

void spot_keep(struct spot_ctx *sp, const struct spot *s, double w, double h)
{
	struct spot *k = &sp->placed[sp->nplaced++];
	*k = *s;
	k->box = (struct spot_box){ s->cx - w / 2, s->cy - h / 2, s->cx + w / 2, s->cy + h / 2 };
	int cell = cell_of(sp, s->cx, s->cy);
	sp->cell_next[sp->nplaced - 1] = sp->cell_head[cell];
	sp->cell_head[cell] = sp->nplaced - 1;
	sp->max_hw = fmax(sp->max_hw, w / 2);
	sp->max_hh = fmax(sp->max_hh, h / 2);
	if (s->leader)
		sp->max_lead = fmax(sp->max_lead, hypot(s->cx - s->tx, s->cy - s->ty));
}

void spot_forget(struct spot_ctx *sp, int n)
{
	/* the newest number of each cell heads its list */
	while (sp->nplaced > n) {
		int k = --sp->nplaced;
		sp->cell_head[cell_of(sp, sp->placed[k].cx, sp->placed[k].cy)] = sp->cell_next[k];
	}
}
