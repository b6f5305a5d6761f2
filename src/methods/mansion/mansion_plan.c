/* mansion_plan.c: the packing stages of the mansion method. The Entrance
 * Hall goes on an edge of the grid (or over the start square); then,
 * repeatedly, an unused square bordering used ones is picked from the
 * frontier buckets and a room or hallway covering it is fitted against what
 * stands, until the requested count is met or nothing more fits. */
#include "methods/mansion/mansion_int.h"
#include "base/plural.h"

#include <stdlib.h>

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

/* The squares around the chosen square as rows of bits (see mrows_window):
 * the centre square is bit MROWS_R of row MROWS_R. For a shape h rows high
 * with its top at window row y, the h rows from y leave one run of free
 * columns through the centre (or none); a w-wide shape fits there at every
 * left column that keeps it inside the run and over the centre. The runs
 * are found a height at a time, up to the tallest shape tried so far. */
struct fitter {
	uint32_t row[MROWS_WIN];
	struct rect bbox;       /* of the plan so far */
	struct rng *rng;
	const struct mrows *rows;
	int cx, cy;             /* grid square of the window's centre */
	int reach;              /* rows MROWS_R - reach .. MROWS_R + reach are read */
	int tall;               /* runs are known for heights 1..tall */
	uint32_t occ[MROWS_R + 1];      /* [k]: rows MROWS_R - k .. + tall - 1 together */
	unsigned char widest[MROWS_R + 1];      /* the longest run for a height */
	signed char lo[MROWS_R + 1][MROWS_R + 1], hi[MROWS_R + 1][MROWS_R + 1];
	/* [h][k]: first and last window column of the free run through the
	 * centre of the h rows from window row MROWS_R - k; lo > hi: none */
};

/* Finds the runs through the centre for every height up to h. */
static void find_runs(struct fitter *f, int h)
{
	/* the rows of the shapes and the rows above and below them */
	if (h > f->reach) {
		mrows_window(f->rows, f->cx, f->cy, MROWS_R + f->reach + 1, MROWS_R + h, f->row);
		mrows_window(f->rows, f->cx, f->cy, MROWS_R - h, MROWS_R - (f->reach < 0 ? 0 : f->reach) - 1, f->row);
		f->reach = h;
	}
	for (int t = f->tall + 1; t <= h; t++) {
		/* t rows from each top: one more row under the old tops, and a
		 * new top a row higher over the old highest */
		f->occ[t - 1] = t > 1 ? f->row[MROWS_R - t + 1] | f->occ[t - 2] : f->row[MROWS_R];
		for (int k = 0; k < t - 1; k++)
			f->occ[k] |= f->row[MROWS_R - k + t - 1];
		int widest = 0;
		for (int k = 0; k < t; k++) {
			uint32_t occ = f->occ[k];
			int lo = 1, hi = 0;
			if (!(occ >> MROWS_R & 1)) {
				/* free columns from the centre up, and from it down; the
				 * window's column 0 counts as used (no shape is that wide) */
				int up = __builtin_ctz(occ >> MROWS_R);
				int down = __builtin_clz((occ | 1) << (31 - MROWS_R));
				lo = MROWS_R - down + 1;
				hi = MROWS_R + up - 1;
				if (hi - lo + 1 > widest)
					widest = hi - lo + 1;
			}
			f->lo[t][k] = (signed char)lo;
			f->hi[t][k] = (signed char)hi;
		}
		f->widest[t] = (unsigned char)widest;
	}
	if (h > f->tall)
		f->tall = h;
}

/* True when shape s fits somewhere over the centre. */
static int fits(struct fitter *f, struct shape s)
{
	if (s.h > f->tall)
		find_runs(f, s.h);
	return s.w <= f->widest[s.h];
}

/* Bits set in v. */
static int bit_count(uint32_t v)
{
	v = v - (v >> 1 & 0x55555555u);
	v = (v & 0x33333333u) + (v >> 2 & 0x33333333u);
	return (int)(((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24);
}

/* Squares (or grid edges) bordering the free w x h rectangle at window
 * column x, row y: the rows above and below it and the columns beside it. */
static int contact(const struct fitter *f, int x, int y, int w, int h)
{
	uint32_t across = (((uint32_t)1 << w) - 1) << x;
	int n = bit_count(f->row[y - 1] & across) + bit_count(f->row[y + h] & across);
	for (int k = 0; k < h; k++)
		n += (int)(f->row[y + k] >> (x - 1) & 1) + (int)(f->row[y + k] >> (x + w) & 1);
	return n;
}

/* How well r sits: the share of its walls against what stands (or the
 * grid's edge), less how much it widens the plan's bounding box for its
 * size, so the plan fills its outline before it grows. */
static double fit_score(const struct fitter *f, struct rect r, int touching)
{
	struct rect b = f->bbox;
	int x0 = r.x < b.x ? r.x : b.x, y0 = r.y < b.y ? r.y : b.y;
	int x1 = r.x + r.w > b.x + b.w ? r.x + r.w : b.x + b.w;
	int y1 = r.y + r.h > b.y + b.h ? r.y + r.h : b.y + b.h;
	double growth = (double)(x1 - x0) * (y1 - y0) - (double)b.w * b.h;
	return touching / (2.0 * (r.w + r.h)) - GROWTH_PENALTY * growth / (r.w * r.h);
}

/* The best-scoring placement of shape s covering the centre, ties broken
 * at random, trying tops from the top row down and lefts from left to right.
 * Returns 1 and fills *out and *score, or 0 when it fits nowhere. */
static int best_fit(struct fitter *f, struct shape s, struct rect *out, double *score)
{
	int found = 0, ties = 0;
	if (!fits(f, s))
		return 0;
	for (int k = s.h - 1; k >= 0; k--) {
		int y = MROWS_R - k;
		int x0 = f->lo[s.h][k], x1 = f->hi[s.h][k] - s.w + 1;
		if (x0 < MROWS_R - s.w + 1)
			x0 = MROWS_R - s.w + 1;
		if (x1 > MROWS_R)
			x1 = MROWS_R;
		for (int x = x0; x <= x1; x++) {
			struct rect r = { f->cx - MROWS_R + x, f->cy - MROWS_R + y, s.w, s.h };
			double sc = fit_score(f, r, contact(f, x, y, s.w, s.h));
			if (!found || sc > *score) {
				*score = sc;
				*out = r;
				ties = 1;
				found = 1;
			} else if (sc == *score && rng_range(f->rng, 0, ties++) == 0) {
				*out = r;
			}
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
static int fit_among(struct fitter *f, const struct shape *shapes, int n, struct rect *out)
{
	int found = 0;
	double best = 0;
	for (int i = 0; i < n; i++) {
		struct rect r;
		double sc;
		if (best_fit(f, shapes[i], &r, &sc) && (!found || sc > best)) {
			found = 1;
			best = sc;
			*out = r;
		}
	}
	return found;
}

/* Fits a space of the kind asked for over (cx, cy): the best of a few sizes
 * rolled, else the best of every size of that kind, else (when `other`) of
 * the other kind. Returns 1 and sets *out and *kind, or 0 when nothing
 * fits. */
static int fit_space(const struct mansion *ms, int cx, int cy, int hall, int other, struct rect *out,
		     enum region_kind *kind)
{
	struct fitter f;
	f.rows = &ms->rows;
	f.reach = -1;
	f.bbox = ms->bbox;
	f.rng = ms->rng;
	f.cx = cx;
	f.cy = cy;
	f.tall = 0;
	/* Every room holds a 3x3 and every hallway a 2x4 or 4x2 over the same
	 * square, so when none of those fits nothing does. */
	int want_fits = hall ? fits(&f, (struct shape){ 2, 4 }) || fits(&f, (struct shape){ 4, 2 })
			     : fits(&f, (struct shape){ 3, 3 });
	if (!want_fits && !(other && (hall ? fits(&f, (struct shape){ 3, 3 })
					: fits(&f, (struct shape){ 2, 4 }) || fits(&f, (struct shape){ 4, 2 }))))
		return 0;
	struct shape rolled[ROLLS];
	for (int k = 0; k < ROLLS; k++)
		rolled[k] = hall ? roll_hall(ms->rng) : roll_room(ms->rng);
	int found = fit_among(&f, rolled, ROLLS, out);
	if (!found) {
		struct shape halls[NHALL_SHAPES];
		hall_shapes(halls);
		for (int pass = 0; !found && pass < 1 + other; pass++) {
			if (pass == 1)
				hall = !hall;
			found = hall ? fit_among(&f, halls, NHALL_SHAPES, out)
				     : fit_among(&f, room_shapes, NROOM_SHAPES, out);
		}
	}
	*kind = hall ? REGION_HALL : REGION_ROOM;
	return found;
}

/* Whether the next space should be a hallway: with the chance that brings
 * the hallways so far (the Entrance Hall among them) to the share of the
 * spaces that --hall-share asks, so a space that had to be of the other
 * kind is made up for by the next ones. */
static int want_hall(struct mansion *ms)
{
	double share = ms->p->mansion.hall_share;
	if (share <= 0 || share >= 1)
		return share >= 1;
	return rng_unit(ms->rng) < share * (ms->nspaces + 1) - ms->halls;
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
	mrows_use_rect(&ms->rows, r);
	map_fill_rect(ms->m, id, r);
	ms->m->regions[id].area = r.w * r.h;
	ms->m->regions[id].bounds = r;
	ms->spaces[ms->nspaces++] = (struct mansion_space){ r, kind };
	ms->halls += kind == REGION_HALL;
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
		/* at a share of 0 or 1 a space is never of the other kind */
		double share = ms->p->mansion.hall_share;
		int hall = want_hall(ms), other = share > 0 && share < 1;
		if (!fit_space(ms, cx, cy, hall, other, &r, &kind)) {
			if (frontier_drop(&ms->fr, cx, cy, e) < 0)
				return -1;
			ms->dropped++;
			log_step(ms->log, "Square (%d, %d), %d used neighbour%s: no %s fits; dropped", cx, cy, k,
				 k == 1 ? "" : "s", other ? "room or hallway" : hall ? "hallway" : "room");
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
		log_warn(ms->log, "mansion: placed %d of %d space%s: the %dx%d grid has no unused square left "
			 "where a room (3x3) or hallway (2x4) fits", ms->nspaces, want, plural_s(want), ms->fr.w, ms->fr.h);
	else
		log_step(ms->log, "Stopped: %d space%s placed, as many as requested", ms->nspaces, plural_s(ms->nspaces));
	return 0;
}
