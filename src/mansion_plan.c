/* mansion_plan.c: the packing stages of the mansion method. The Entrance
 * Hall goes on an edge of the grid (or over the start square); then,
 * repeatedly, an unused square bordering used ones is picked from the
 * frontier buckets and a room or hallway covering it is fitted against what
 * stands, until the requested count is met or nothing more fits. */
#include "mansion_int.h"

#include <stdlib.h>
#include <string.h>

struct shape {
	int w, h;
};

#define ROLLS 3                 /* sizes rolled per placement; the snuggest wins */
#define GROWTH_PENALTY 0.5      /* weight of widening the plan's bounding box */
#define HALL_EXTRA 6            /* a rolled hallway is up to this much longer than 2x wide */

/* Every room and hallway size the rules allow, rooms first. */
#define NROOM_SHAPES 15
#define NHALL_SHAPES 32
static const struct shape room_shapes[NROOM_SHAPES] = {
	{ 3, 3 }, { 3, 4 }, { 4, 3 }, { 3, 5 }, { 5, 3 }, { 3, 6 }, { 6, 3 }, { 4, 4 },
	{ 4, 5 }, { 5, 4 }, { 4, 6 }, { 6, 4 }, { 5, 5 }, { 5, 6 }, { 6, 5 }
};

static void hall_shapes(struct shape out[NHALL_SHAPES])
{
	int n = 0;
	for (int wide = MANSION_HALL_MIN; wide <= MANSION_HALL_MAX; wide++)
		for (int len = 2 * wide; len <= MANSION_HALL_LONG; len++) {
			out[n++] = (struct shape){ wide, len };
			out[n++] = (struct shape){ len, wide };
		}
}

/* A window of the grid around the chosen square, as 2-D prefix sums of
 * "used" (squares off the grid count as used), so any rectangle near the
 * square is tested for room, and its contact with what stands counted, in
 * O(1). A window of radius R serves shapes up to R long (it reaches one
 * square beyond them); it is built small first and widened only for a
 * long hallway, since most tests are a dead square's or a room's. */
#define WIN_MAX_R MANSION_HALL_LONG
#define WIN_MAX_S (2 * WIN_MAX_R + 1)
struct window {
	int x0, y0;                     /* grid square of window cell (0, 0) */
	int r, stride;                  /* radius; row length of sum, 2r + 2 */
	int sum[(WIN_MAX_S + 1) * (WIN_MAX_S + 1)];
};

static void window_build(struct window *wn, const struct frontier *fr, int cx, int cy, int r)
{
	int size = 2 * r + 1;
	wn->r = r;
	wn->stride = size + 1;
	wn->x0 = cx - r;
	wn->y0 = cy - r;
	memset(wn->sum, 0, (size_t)wn->stride * sizeof wn->sum[0]);
	for (int wy = 0; wy < size; wy++) {
		int gy = wn->y0 + wy, row = 0;
		int *above = &wn->sum[wy * wn->stride], *here = above + wn->stride;
		here[0] = 0;
		if (gy < 0 || gy >= fr->h) {
			for (int wx = 0; wx < size; wx++)
				here[wx + 1] = above[wx + 1] + wx + 1;
			continue;
		}
		const unsigned char *cells = fr->cell + (long)gy * fr->w;
		for (int wx = 0; wx < size; wx++) {
			int gx = wn->x0 + wx;
			row += gx < 0 || gx >= fr->w || (cells[gx] & FRONTIER_USED);
			here[wx + 1] = above[wx + 1] + row;
		}
	}
}

/* Used squares in the grid rectangle (x, y, w, h), inside the window. */
static int window_count(const struct window *wn, int x, int y, int w, int h)
{
	int x0 = x - wn->x0, y0 = y - wn->y0, x1 = x0 + w, y1 = y0 + h, st = wn->stride;
	const int *s = wn->sum;
	return s[y1 * st + x1] - s[y0 * st + x1] - s[y1 * st + x0] + s[y0 * st + x0];
}

/* Squares (or grid edges) bordering r: used squares in r grown by one,
 * less the four diagonal corners. r itself must be free. */
static int window_contact(const struct window *wn, struct rect r)
{
	return window_count(wn, r.x - 1, r.y - 1, r.w + 2, r.h + 2) -
	       window_count(wn, r.x - 1, r.y - 1, 1, 1) - window_count(wn, r.x + r.w, r.y - 1, 1, 1) -
	       window_count(wn, r.x - 1, r.y + r.h, 1, 1) - window_count(wn, r.x + r.w, r.y + r.h, 1, 1);
}

/* True when shape s fits somewhere over (cx, cy). */
static int fits(const struct window *wn, struct shape s, int cx, int cy)
{
	for (int y = cy - s.h + 1; y <= cy; y++)
		for (int x = cx - s.w + 1; x <= cx; x++)
			if (window_count(wn, x, y, s.w, s.h) == 0)
				return 1;
	return 0;
}

/* How well r sits: the share of its walls against what stands (or the
 * grid's edge), less how much it widens the plan's bounding box for its
 * size, so the plan fills its outline before it grows. */
struct fitter {
	struct window wn;
	struct rect bbox;       /* of the plan so far */
	struct rng *rng;
};

static double fit_score(const struct fitter *f, struct rect r, int contact)
{
	struct rect b = f->bbox;
	int x0 = r.x < b.x ? r.x : b.x, y0 = r.y < b.y ? r.y : b.y;
	int x1 = r.x + r.w > b.x + b.w ? r.x + r.w : b.x + b.w;
	int y1 = r.y + r.h > b.y + b.h ? r.y + r.h : b.y + b.h;
	double growth = (double)(x1 - x0) * (y1 - y0) - (double)b.w * b.h;
	return contact / (2.0 * (r.w + r.h)) - GROWTH_PENALTY * growth / (r.w * r.h);
}

/* The best-scoring placement of shape s covering (cx, cy), ties broken at
 * random. Returns 1 and fills *out and *score, or 0 when it fits nowhere. */
static int best_fit(const struct fitter *f, struct shape s, int cx, int cy, struct rect *out, double *score)
{
	int found = 0, ties = 0;
	if (s.w > f->wn.r || s.h > f->wn.r)
		return 0;
	for (int y = cy - s.h + 1; y <= cy; y++)
		for (int x = cx - s.w + 1; x <= cx; x++) {
			if (window_count(&f->wn, x, y, s.w, s.h) != 0)
				continue;
			struct rect r = { x, y, s.w, s.h };
			double sc = fit_score(f, r, window_contact(&f->wn, r));
			if (!found || sc > *score) {
				*score = sc;
				*out = r;
				ties = 1;
				found = 1;
			} else if (sc == *score && rng_range(f->rng, 0, ties++) == 0) {
				*out = r;
			}
		}
	return found;
}

static struct shape roll_room(struct rng *rng)
{
	struct shape s = { rng_range(rng, MANSION_ROOM_MIN, MANSION_ROOM_SHORT),
			   rng_range(rng, MANSION_ROOM_MIN, MANSION_ROOM_LONG) };
	if (rng_chance(rng, 0.5))
		s = (struct shape){ s.h, s.w };
	return s;
}

static struct shape roll_hall(struct rng *rng)
{
	int wide = rng_chance(rng, 0.35) ? 3 : 2;
	int len = rng_range(rng, 2 * wide, 2 * wide + HALL_EXTRA);
	return rng_chance(rng, 0.5) ? (struct shape){ wide, len } : (struct shape){ len, wide };
}

/* The best placement over (cx, cy) among n shapes. Returns 1 or 0. */
static int fit_among(const struct fitter *f, const struct shape *shapes, int n, int cx, int cy,
		     struct rect *out)
{
	int found = 0;
	double best = 0;
	for (int i = 0; i < n; i++) {
		struct rect r;
		double sc;
		if (best_fit(f, shapes[i], cx, cy, &r, &sc) && (!found || sc > best)) {
			found = 1;
			best = sc;
			*out = r;
		}
	}
	return found;
}

/* Fits a room or hallway over (cx, cy): the best of a few sizes rolled for
 * the kind rolled, else the best of every size of that kind, else of the
 * other kind. Returns 1 and sets *out and *kind, or 0 when nothing fits. */
static int fit_space(const struct mansion *ms, int cx, int cy, struct rect *out, enum region_kind *kind)
{
	struct fitter f;
	window_build(&f.wn, &ms->fr, cx, cy, MANSION_ROOM_LONG);
	f.bbox = ms->bbox;
	f.rng = ms->rng;
	/* Every room holds a 3x3 and every hallway a 2x4 or 4x2 over the same
	 * square, so when none of those fits nothing does. */
	if (!fits(&f.wn, (struct shape){ 3, 3 }, cx, cy) && !fits(&f.wn, (struct shape){ 2, 4 }, cx, cy) &&
	    !fits(&f.wn, (struct shape){ 4, 2 }, cx, cy))
		return 0;
	int hall = rng_chance(ms->rng, ms->p->mansion.hall_share);
	if (hall)
		window_build(&f.wn, &ms->fr, cx, cy, WIN_MAX_R);
	struct shape rolled[ROLLS];
	for (int k = 0; k < ROLLS; k++)
		rolled[k] = hall ? roll_hall(ms->rng) : roll_room(ms->rng);
	int found = fit_among(&f, rolled, ROLLS, cx, cy, out);
	if (!found) {
		struct shape halls[NHALL_SHAPES];
		hall_shapes(halls);
		for (int pass = 0; !found && pass < 2; pass++) {
			if (pass == 1)
				hall = !hall;
			if (hall && f.wn.r < WIN_MAX_R)
				window_build(&f.wn, &ms->fr, cx, cy, WIN_MAX_R);
			found = hall ? fit_among(&f, halls, NHALL_SHAPES, cx, cy, out)
				     : fit_among(&f, room_shapes, NROOM_SHAPES, cx, cy, out);
		}
	}
	*kind = hall ? REGION_HALL : REGION_ROOM;
	return found;
}

/* Adds space r of the kind to the map and the frontier. Returns its
 * region id, or -1 with e set. */
static int place(struct mansion *ms, struct rect r, enum region_kind kind, struct err *e)
{
	if (ms->nspaces == ms->cap) {
		int ncap = ms->cap ? ms->cap * 2 : 32;
		struct mansion_space *s = realloc(ms->spaces, (size_t)ncap * sizeof *s);
		if (!s)
			return err_set(e, "out of memory for the mansion's spaces");
		ms->spaces = s;
		ms->cap = ncap;
	}
	int id = map_add_region(ms->m, kind, e);
	if (id < 0 || frontier_use_rect(&ms->fr, r, e) < 0)
		return -1;
	map_fill_rect(ms->m, id, r);
	ms->m->regions[id].area = r.w * r.h;
	ms->m->regions[id].bounds = r;
	ms->spaces[ms->nspaces++] = (struct mansion_space){ r, kind };
	if (ms->used == 0) {
		ms->bbox = r;
	} else {
		int x1 = ms->bbox.x + ms->bbox.w, y1 = ms->bbox.y + ms->bbox.h;
		if (r.x + r.w > x1) x1 = r.x + r.w;
		if (r.y + r.h > y1) y1 = r.y + r.h;
		if (r.x < ms->bbox.x) ms->bbox.x = r.x;
		if (r.y < ms->bbox.y) ms->bbox.y = r.y;
		ms->bbox.w = x1 - ms->bbox.x;
		ms->bbox.h = y1 - ms->bbox.y;
	}
	ms->used += r.w * r.h;
	return id;
}

/* Entrance Hall sizes, best first: 3 wide and 6 to 8 long, then 2 wide. */
static int entrance_shapes(struct rng *rng, struct shape out[8])
{
	int n = 0, len = rng_range(rng, 6, 8);
	for (int l = len; l >= 6; l--)
		out[n++] = (struct shape){ 3, l };
	for (int l = 6; l >= 4; l--)
		out[n++] = (struct shape){ 2, l };
	return n;
}

/* The Entrance Hall over the start square: a stair up there, no door out. */
static int entrance_at_start(struct mansion *ms, struct err *e)
{
	struct map *m = ms->m;
	int sx = ms->p->start_x, sy = ms->p->start_y;
	if (!map_in(m, sx, sy))
		return err_set(e, "the start square %d,%d is off the %dx%d grid", sx, sy, m->w, m->h);
	struct shape sh[8];
	int n = entrance_shapes(ms->rng, sh);
	for (int i = 0; i < n; i++) {
		struct shape s = rng_chance(ms->rng, 0.5) ? sh[i] : (struct shape){ sh[i].h, sh[i].w };
		for (int turn = 0; turn < 2; turn++, s = (struct shape){ s.h, s.w }) {
			int xlo = sx - s.w + 1 < 0 ? 0 : sx - s.w + 1, xhi = sx + s.w > m->w ? m->w - s.w : sx;
			int ylo = sy - s.h + 1 < 0 ? 0 : sy - s.h + 1, yhi = sy + s.h > m->h ? m->h - s.h : sy;
			if (xlo > xhi || ylo > yhi)
				continue;
			struct rect r = { rng_range(ms->rng, xlo, xhi), rng_range(ms->rng, ylo, yhi), s.w, s.h };
			int id = place(ms, r, REGION_HALL, e);
			if (id < 0)
				return -1;
			ms->entrance = id;
			map_set_entrance(m, sx, sy, -1);
			if (map_add_stair(m, sx, sy, STAIR_UP, ms->p->depth > 1 ? ms->p->depth - 1 : 0, e) < 0)
				return -1;
			log_step(ms->log, "Entrance Hall: hallway %dx%d at (%d, %d) over the start square (%d, %d), "
				 "with the stairs up", r.w, r.h, r.x, r.y, sx, sy);
			return 0;
		}
	}
	return err_set(e, "the %dx%d grid is too small for the Entrance Hall (at least 2x4 squares)", m->w, m->h);
}

/* The Entrance Hall on a grid edge, reaching inward from its middle third,
 * with the way in on that edge. */
static int entrance_on_edge(struct mansion *ms, struct err *e)
{
	struct map *m = ms->m;
	enum side side = (enum side)rng_range(ms->rng, 0, SIDE_COUNT - 1);
	struct shape sh[8];
	int n = entrance_shapes(ms->rng, sh);
	for (int i = 0; i < 2 * n; i++) {
		/* across the edge first; along it only when the grid is too shallow */
		int across = i < n;
		struct shape s = sh[i % n];
		int vertical = side == SIDE_N || side == SIDE_S;
		if (across != vertical)
			s = (struct shape){ s.h, s.w };
		if (s.w > m->w || s.h > m->h)
			continue;
		struct rect r = { 0, 0, s.w, s.h };
		if (vertical) {
			int lo = (m->w - s.w) / 3, hi = m->w - s.w - lo;
			r.x = rng_range(ms->rng, lo, hi);
			r.y = side == SIDE_N ? 0 : m->h - s.h;
		} else {
			int lo = (m->h - s.h) / 3, hi = m->h - s.h - lo;
			r.y = rng_range(ms->rng, lo, hi);
			r.x = side == SIDE_W ? 0 : m->w - s.w;
		}
		int id = place(ms, r, REGION_HALL, e);
		if (id < 0)
			return -1;
		ms->entrance = id;
		/* the way in: the middle of the hall's wall on the edge */
		int ex = vertical ? r.x + (r.w - 1) / 2 : (side == SIDE_W ? 0 : m->w - 1);
		int ey = vertical ? (side == SIDE_N ? 0 : m->h - 1) : r.y + (r.h - 1) / 2;
		map_set_entrance(m, ex, ey, side);
		if (map_add_door(m, ex, ey, side, DOOR_PLAIN, e) < 0)
			return -1;
		log_step(ms->log, "Entrance Hall: hallway %dx%d at (%d, %d) on the %s edge, front door at (%d, %d)",
			 r.w, r.h, r.x, r.y, side_name(side), ex, ey);
		return 0;
	}
	return err_set(e, "the %dx%d grid is too small for the Entrance Hall (at least 2x4 squares)", m->w, m->h);
}

int mansion_place_entrance(struct mansion *ms, struct err *e)
{
	int rc = ms->p->start_x >= 0 ? entrance_at_start(ms, e) : entrance_on_edge(ms, e);
	if (rc == 0)
		ms->m->regions[ms->entrance].flags |= REGION_FLAG_ENTRY;
	return rc;
}

/* Picks the next candidate square by the packing rule. Returns its number
 * of used neighbours (its bucket), or 0 when no candidate is left. */
static int pick_square(struct mansion *ms, int *cx, int *cy)
{
	const struct frontier *fr = &ms->fr;
	int k = 0, i = 0;
	if (ms->p->mansion.rule == MANSION_RULE_FILL) {
		for (k = 4; k >= 1 && frontier_count(fr, k) == 0; k--)
			;
		if (k == 0)
			return 0;
		i = rng_range(ms->rng, 0, frontier_count(fr, k) - 1);
	} else {
		int two = frontier_count(fr, 2) + frontier_count(fr, 3) + frontier_count(fr, 4);
		if (two > 0) {
			i = rng_range(ms->rng, 0, two - 1);
			for (k = 2; i >= frontier_count(fr, k); k++)
				i -= frontier_count(fr, k);
		} else if (frontier_count(fr, 1) > 0) {
			k = 1;
			i = rng_range(ms->rng, 0, frontier_count(fr, 1) - 1);
		} else {
			return 0;
		}
	}
	int c = frontier_get(fr, k, i);
	*cx = c % fr->w;
	*cy = c / fr->w;
	return k;
}

int mansion_pack(struct mansion *ms, struct err *e)
{
	int want = ms->p->rooms;
	/* Each turn places a space or drops a square for good, so the grid
	 * bounds the turns. */
	long turns = (long)ms->fr.w * ms->fr.h + want + 1;
	while (ms->nspaces < want && turns-- > 0) {
		int cx, cy;
		int k = pick_square(ms, &cx, &cy);
		if (k == 0)
			break;
		struct rect r;
		enum region_kind kind;
		if (!fit_space(ms, cx, cy, &r, &kind)) {
			frontier_drop(&ms->fr, cx, cy);
			ms->dropped++;
			log_step(ms->log, "Square (%d, %d), %d used neighbour%s: no room or hallway fits; dropped",
				 cx, cy, k, k == 1 ? "" : "s");
			continue;
		}
		int id = place(ms, r, kind, e);
		if (id < 0)
			return -1;
		log_step(ms->log, "Space %d: square (%d, %d) with %d used neighbour%s; %s %dx%d at (%d, %d)",
			 id, cx, cy, k, k == 1 ? "" : "s", kind == REGION_HALL ? "hallway" : "room", r.w, r.h,
			 r.x, r.y);
	}
	if (ms->nspaces < want)
		log_warn(ms->log, "mansion: placed %d of %d spaces: the %dx%d grid has no unused square left "
			 "where a room (3x3) or hallway (2x4) fits", ms->nspaces, want, ms->fr.w, ms->fr.h);
	else
		log_step(ms->log, "Stopped: %d spaces placed, as many as requested", ms->nspaces);
	return 0;
}
