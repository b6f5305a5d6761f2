/* dice_route.c: how the dice method lays one corridor between two rooms:
 * one square wide, straight or with one bend, through solid rock only (never
 * through another room, corridor or reserved line), with a door or an
 * opening at each end, and the link it makes in the graph of rooms. */
#include "methods/dice/dice_int.h"

#include <stdio.h>

/* +1 for south and east, -1 for north and west. */
static int step(enum side s)
{
	return s == SIDE_S || s == SIDE_E ? 1 : -1;
}

static int is_vertical(enum side s)
{
	return s == SIDE_N || s == SIDE_S;
}

/* The 1-wide rectangle in `lane` (a column when vertical, else a row)
 * between along-coordinates from and to, both included. */
static struct rect span(int vertical, int lane, int from, int to)
{
	int lo = from < to ? from : to, n = (from < to ? to - from : from - to) + 1;
	return vertical ? (struct rect){ lane, lo, 1, n } : (struct rect){ lo, lane, n, 1 };
}

/* The square at `along` in `lane`. */
static void square(int vertical, int lane, int along, int *x, int *y)
{
	*x = vertical ? lane : along;
	*y = vertical ? along : lane;
}

/* True when every square of r is on the grid and solid rock, and, unless
 * r is a reserved line itself (own_line), not reserved. Reserved lines never
 * overlap, so a line is free for its own corridor when it is still rock.
 * The bits of taken squares stand for the map's cells: an eighth of a
 * byte a square, so they stay in cache on the biggest grids. */
static int route_free(const struct dice_gen *g, struct rect r, int own_line)
{
	const struct map *m = g->m;
	if (r.x < 0 || r.y < 0 || r.x + r.w > m->w || r.y + r.h > m->h)
		return 0;
	return !dice_bits_any(&g->taken, r) && (own_line || !dice_bits_any(&g->resv, r));
}

int dice_straight(const struct dice_gen *g, const struct rect *apart, int an, struct rect abox,
		  const struct rect *bpart, int bn, struct rect bbox, enum side s, struct rect *line)
{
	int v = is_vertical(s);
	int a0 = v ? abox.x : abox.y, a1 = a0 + (v ? abox.w : abox.h);
	int b0 = v ? bbox.x : bbox.y, b1 = b0 + (v ? bbox.w : bbox.h);
	int lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
	int n = hi - lo, mid = lo + (n - 1) / 2;
	/* Lanes from the middle of the overlap outwards. */
	for (int k = 0; k < 2 * n; k++) {
		int lane = mid + (k % 2 ? (k + 1) / 2 : -(k / 2));
		if (lane < lo || lane >= hi)
			continue;
		int ae = dice_room_extreme(apart, an, lane, s);
		int be = dice_room_extreme(bpart, bn, lane, side_opposite(s));
		if (ae < 0 || be < 0 || (be - ae) * step(s) < 2)
			continue;
		struct rect r = span(v, lane, ae + step(s), be - step(s));
		if (!route_free(g, r, 0))
			continue;
		*line = r;
		return 1;
	}
	return 0;
}

/* Doors at both ends of a straight line from room a (on side s of a). */
static void straight_doors(struct dice_route *rt, struct rect line, enum side s)
{
	int x0 = line.x, y0 = line.y, x1 = line.x + line.w - 1, y1 = line.y + line.h - 1;
	int forward = step(s) > 0;
	rt->seg[0] = line;
	rt->nseg = 1;
	rt->len = line.w * line.h;
	rt->bent = 0;
	rt->x[0] = forward ? x0 : x1;
	rt->y[0] = forward ? y0 : y1;
	rt->side[0] = side_opposite(s);
	rt->x[1] = forward ? x1 : x0;
	rt->y[1] = forward ? y1 : y0;
	rt->side[1] = s;
}

/* The side of a towards b along one axis, or -1 when the centres line up. */
static int toward(struct rect a, struct rect b, int vertical)
{
	int ca = vertical ? 2 * a.y + a.h : 2 * a.x + a.w;
	int cb = vertical ? 2 * b.y + b.h : 2 * b.x + b.w;
	if (ca == cb)
		return -1;
	return vertical ? (cb > ca ? SIDE_S : SIDE_N) : (cb > ca ? SIDE_E : SIDE_W);
}

/* A corridor with one bend: out of room a towards s1, then towards s2 into
 * room b. The three lanes of a nearest b and of b nearest a are tried. */
static int try_bent(const struct dice_gen *g, const struct dice_room *a, const struct dice_room *b,
		    int first_vertical, struct dice_route *rt)
{
	int s1 = toward(a->box, b->box, first_vertical);
	int s2 = toward(a->box, b->box, !first_vertical);
	if (s1 < 0 || s2 < 0)
		return 0;
	int v1 = first_vertical;
	/* lane1 runs across s2's axis; lane2 across s1's axis. */
	int a0 = v1 ? a->box.x : a->box.y, a1 = a0 + (v1 ? a->box.w : a->box.h);
	int b0 = v1 ? b->box.y : b->box.x, b1 = b0 + (v1 ? b->box.h : b->box.w);
	for (int i = 0; i < 3; i++) {
		int lane1 = step((enum side)s2) > 0 ? a1 - 1 - i : a0 + i;
		if (lane1 < a0 || lane1 >= a1)
			continue;
		int ae = dice_room_extreme(a->part, a->nparts, lane1, (enum side)s1);
		if (ae < 0)
			continue;
		for (int j = 0; j < 3; j++) {
			int lane2 = step((enum side)s1) > 0 ? b0 + j : b1 - 1 - j;
			if (lane2 < b0 || lane2 >= b1 || (lane2 - ae) * step((enum side)s1) < 1)
				continue;
			int be = dice_room_extreme(b->part, b->nparts, lane2, side_opposite((enum side)s2));
			if (be < 0 || (be - lane1) * step((enum side)s2) < 2)
				continue;
			struct rect r1 = span(v1, lane1, ae + step((enum side)s1), lane2);
			struct rect r2 = span(!v1, lane2, lane1 + step((enum side)s2), be - step((enum side)s2));
			if (!route_free(g, r1, 0) || !route_free(g, r2, 0))
				continue;
			rt->seg[0] = r1;
			rt->seg[1] = r2;
			rt->nseg = 2;
			rt->len = r1.w * r1.h + r2.w * r2.h;
			rt->bent = 1;
			square(v1, lane1, ae + step((enum side)s1), &rt->x[0], &rt->y[0]);
			rt->side[0] = side_opposite((enum side)s1);
			square(!v1, lane2, be - step((enum side)s2), &rt->x[1], &rt->y[1]);
			rt->side[1] = (enum side)s2;
			return 1;
		}
	}
	return 0;
}

int dice_route_find(const struct dice_gen *g, int ai, int bi, struct dice_route *rt)
{
	const struct dice_room *a = &g->rooms[ai], *b = &g->rooms[bi];
	/* Parent and child: the line reserved when the child was placed. */
	int child = b->parent == ai ? bi : a->parent == bi ? ai : -1;
	if (child >= 0) {
		const struct dice_room *c = &g->rooms[child];
		if (c->line.w > 0 && route_free(g, c->line, 1)) {
			/* The line leaves the child on line_side, towards the parent. */
			enum side s = child == ai ? c->line_side : side_opposite(c->line_side);
			straight_doors(rt, c->line, s);
			return 1;
		}
	}
	struct rect line;
	int xo = a->box.x < b->box.x + b->box.w && b->box.x < a->box.x + a->box.w;
	int yo = a->box.y < b->box.y + b->box.h && b->box.y < a->box.y + a->box.h;
	if (xo != yo) {
		enum side s = (enum side)toward(a->box, b->box, xo);
		if (dice_straight(g, a->part, a->nparts, a->box, b->part, b->nparts, b->box, s, &line)) {
			straight_doors(rt, line, s);
			return 1;
		}
	}
	return try_bent(g, a, b, 0, rt) || try_bent(g, a, b, 1, rt);
}

/* The kind of door at a corridor's end, on a d20: 1-10 a door, 11-17 an
 * opening, 18-19 a secret door, 20 a portcullis. */
static enum door_kind roll_door(struct rng *rng, int *roll)
{
	*roll = rng_die(rng, 20);
	if (*roll <= 10)
		return DOOR_PLAIN;
	if (*roll <= 17)
		return DOOR_OPENING;
	return *roll <= 19 ? DOOR_SECRET : DOOR_PORTCULLIS;
}

/* Adds a corridor link between rooms a and b (both ways round in the
 * room graph). Returns 0 or -1. */
static int link_add(struct dice_gen *g, int a, int b, int secret)
{
	if (g->nlinks + 2 > g->links_cap) {
		int cap = g->links_cap ? g->links_cap * 2 : 64;
		struct dice_link *l = realloc(g->links, (size_t)cap * sizeof *l);
		if (!l)
			return err_set(g->e, "out of memory for the corridors");
		g->links = l;
		g->links_cap = cap;
	}
	g->links[g->nlinks] = (struct dice_link){ b, g->link_head[a], secret };
	g->link_head[a] = g->nlinks++;
	g->links[g->nlinks] = (struct dice_link){ a, g->link_head[b], secret };
	g->link_head[b] = g->nlinks++;
	return 0;
}

int dice_route_build(struct dice_gen *g, int a, int b, const struct dice_route *rt, int gap, const char *what)
{
	/* the doors' squares and table slots load while the corridor is laid */
	for (int i = 0; i < 2; i++)
		map_prefetch_door(g->m, rt->x[i], rt->y[i], rt->side[i]);
	int id = map_add_region(g->m, REGION_CORRIDOR, g->e);
	if (id < 0)
		return -1;
	for (int i = 0; i < rt->nseg; i++) {
		map_fill_rect(g->m, id, rt->seg[i]);
		dice_bits_set(&g->taken, rt->seg[i]);
	}
	enum door_kind kind[2];
	int roll[2];
	for (int i = 0; i < 2; i++) {
		kind[i] = roll_door(g->rng, &roll[i]);
		if (map_add_door(g->m, rt->x[i], rt->y[i], rt->side[i], kind[i], g->e) < 0)
			return -1;
	}
	if (link_add(g, a, b, kind[0] == DOOR_SECRET || kind[1] == DOOR_SECRET) < 0)
		return -1;
	dice_say(g, "joins room %d and room %d (gap %d): %s, %d square%s; %s (d20 = %d) at room %d, %s (d20 = %d) at room %d",
		 a + 1, b + 1, gap, rt->bent ? "one bend" : "straight", rt->len, rt->len == 1 ? "" : "s",
		 door_kind_name(kind[0]), roll[0], a + 1, door_kind_name(kind[1]), roll[1], b + 1);
	dice_say_end(g, what);
	return 0;
}
