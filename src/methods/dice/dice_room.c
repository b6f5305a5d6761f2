/* dice_room.c: steps 1-4 of the dice method: a room's size is 3d8+1
 * squares, made a rectangle (rounded to a sensible area, or kept exact with
 * an alcove), its long axis rolled on a d6, and on triples a second roll
 * joined to the first into one larger room. Also what the later steps ask
 * of a room's shape (its far square in a row or column) and the roll log
 * line every step writes to. */
#include "methods/dice/dice_room.h"
#include "methods/dice/dice_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The areas a rectangle of sensible proportions can have, with its sides. */
static const struct {
	int area, shortside, longside;
} dice_areas[] = {
	{ 4, 2, 2 }, { 6, 2, 3 }, { 8, 2, 4 }, { 9, 3, 3 }, { 12, 3, 4 }, { 15, 3, 5 },
	{ 16, 4, 4 }, { 18, 3, 6 }, { 20, 4, 5 }, { 21, 3, 7 }, { 24, 4, 6 }, { 25, 5, 5 },
};
#define DICE_NAREAS ((int)(sizeof dice_areas / sizeof dice_areas[0]))

int dice_roll_size(struct rng *r, int dice[3])
{
	int sum = 0;
	for (int i = 0; i < 3; i++) {
		dice[i] = rng_die(r, 8);
		sum += dice[i];
	}
	return sum + 1;
}

/* For each roll 0..25, the entry of dice_areas it rounds to (the nearest
 * area, a tie going up) and the entry of the largest area not above it: the
 * loops below worked out once (tests/check_dice.c checks every roll). */
static const unsigned char dice_round_index[26] = {
	0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11,
};
static const unsigned char dice_floor_index[26] = {
	0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 3, 3, 4, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9, 9, 10, 11,
};

int dice_round_area(int n, int *shortside, int *longside)
{
	int best = 0;
	if (n >= 0 && n < 26) {
		best = dice_round_index[n];
	} else {
		for (int i = 1; i < DICE_NAREAS; i++)
			if (abs(dice_areas[i].area - n) <= abs(dice_areas[best].area - n))
				best = i;
	}
	*shortside = dice_areas[best].shortside;
	*longside = dice_areas[best].longside;
	return dice_areas[best].area;
}

int dice_floor_area(int n, int *shortside, int *longside)
{
	int best = 0;
	if (n >= 0 && n < 26) {
		best = dice_floor_index[n];
	} else {
		for (int i = 1; i < DICE_NAREAS; i++)
			if (dice_areas[i].area <= n)
				best = i;
	}
	*shortside = dice_areas[best].shortside;
	*longside = dice_areas[best].longside;
	return dice_areas[best].area;
}

int dice_default_loops(int rooms)
{
	if (rooms < 4)
		return 0;
	int n = (rooms + 4) / 8;
	return n < 1 ? 1 : n;
}

void dice_say_fmt(struct dice_gen *g, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	if (!g->logging)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	sbuf_add(&g->text, line);
}

void dice_say_end(struct dice_gen *g, const char *prefix)
{
	if (!g->logging)
		return;
	log_step(g->log, "%s%s", prefix, sbuf_failed(&g->text) ? "(out of memory)" : sbuf_cstr(&g->text));
	sbuf_reset(&g->text);
}

int dice_room_extreme(const struct rect *part, int nparts, int lane, enum side side)
{
	int best = -1;
	for (int i = 0; i < nparts; i++) {
		const struct rect *r = &part[i];
		int v;
		if (side == SIDE_N || side == SIDE_S) {
			if (lane < r->x || lane >= r->x + r->w)
				continue;
			v = side == SIDE_N ? r->y : r->y + r->h - 1;
		} else {
			if (lane < r->y || lane >= r->y + r->h)
				continue;
			v = side == SIDE_W ? r->x : r->x + r->w - 1;
		}
		if (best < 0 || ((side == SIDE_N || side == SIDE_W) ? v < best : v > best))
			best = v;
	}
	return best;
}

/* Moves every part so the bounding box starts at 0,0 and sets w, h, area. */
static void shape_normalise(struct dice_room_shape *s)
{
	int x0 = s->part[0].x, y0 = s->part[0].y, x1 = x0, y1 = y0;
	s->area = 0;
	for (int i = 0; i < s->nparts; i++) {
		const struct rect *r = &s->part[i];
		if (r->x < x0) x0 = r->x;
		if (r->y < y0) y0 = r->y;
		if (r->x + r->w > x1) x1 = r->x + r->w;
		if (r->y + r->h > y1) y1 = r->y + r->h;
		s->area += r->w * r->h;
	}
	for (int i = 0; i < s->nparts; i++) {
		s->part[i].x -= x0;
		s->part[i].y -= y0;
	}
	s->w = x1 - x0;
	s->h = y1 - y0;
}

/* One part from a rolled size n: the rectangle, its long axis, and in the
 * exact-size mode an alcove strip on a wall other than `avoid` (-1: any).
 * Parts are in local coordinates with the rectangle at 0,0. */
static void roll_part(struct dice_gen *g, int n, int avoid, struct dice_room_shape *s)
{
	int a, b, area;
	int exact = g->p->dice.shape == DICE_SHAPE_ALCOVE;
	if (exact) {
		area = dice_floor_area(n, &a, &b);
		if (area == n)
			dice_say(g, "%d -> %dx%d", n, a, b);
		else
			dice_say(g, "%d -> %dx%d and an alcove of %d", n, a, b, n - area);
	} else {
		area = dice_round_area(n, &a, &b);
		if (area == n)
			dice_say(g, "%d -> %dx%d", n, a, b);
		else
			dice_say(g, "%d, rounded to %d -> %dx%d", n, area, a, b);
	}
	int w = a, h = a;
	if (a != b) {
		int d6 = rng_die(g->rng, 6);
		if (d6 <= 3)
			h = b;
		else
			w = b;
		dice_say(g, ", d6 = %d: long axis %s", d6, d6 <= 3 ? "north-south" : "east-west");
	} else {
		dice_say(g, ", square");
	}
	s->part[0] = (struct rect){ 0, 0, w, h };
	s->nparts = 1;
	int k = exact ? n - area : 0;
	if (k > 0) {
		/* The alcove's wall: a d4 (north, east, south, west), or a d3 over
		 * the walls left when one is taken by a join. */
		enum side sides[SIDE_COUNT];
		int nsides = 0;
		for (int sd = 0; sd < SIDE_COUNT; sd++)
			if (sd != avoid)
				sides[nsides++] = (enum side)sd;
		int roll = rng_die(g->rng, nsides);
		enum side wall = sides[roll - 1];
		int len = wall == SIDE_N || wall == SIDE_S ? w : h;
		int off = rng_range(g->rng, 0, len - k);
		struct rect al;
		switch (wall) {
		case SIDE_N: al = (struct rect){ off, -1, k, 1 }; break;
		case SIDE_S: al = (struct rect){ off, h, k, 1 }; break;
		case SIDE_E: al = (struct rect){ w, off, 1, k }; break;
		default: al = (struct rect){ -1, off, 1, k }; break;
		}
		s->part[s->nparts++] = al;
		dice_say(g, ", d%d = %d: alcove on the %s wall, %d square%s from its %s end", nsides, roll,
			 side_name(wall), off, off == 1 ? "" : "s",
			 wall == SIDE_N || wall == SIDE_S ? "west" : "north");
	}
}

void dice_roll_shape(struct dice_gen *g, struct dice_room_shape *s)
{
	int d[3], d2[3];
	int n = dice_roll_size(g->rng, d);
	dice_say(g, "3d8+1 = %d+%d+%d+1 = ", d[0], d[1], d[2]);
	if (!(d[0] == d[1] && d[1] == d[2])) {
		roll_part(g, n, -1, s);
		shape_normalise(s);
		return;
	}
	/* Triples: note this size, roll again, and join the two rooms. */
	int n2 = dice_roll_size(g->rng, d2);
	dice_say(g, "%d: triples, roll again: 3d8+1 = %d+%d+%d+1 = %d", n, d2[0], d2[1], d2[2], n2);
	if (d2[0] == d2[1] && d2[1] == d2[2])
		dice_say(g, " (triples again, no further roll)");
	enum side join = (enum side)(rng_die(g->rng, 4) - 1);
	dice_say(g, "; d4 = %d: the second part joins on the %s; first part ", (int)join + 1, side_name(join));
	struct dice_room_shape first, second;
	roll_part(g, n, (int)join, &first);
	dice_say(g, "; second part ");
	roll_part(g, n2, (int)side_opposite(join), &second);

	/* Abut the second rectangle on the joining wall of the first, shifted
	 * along it so the two share at least one square of wall. */
	struct rect r1 = first.part[0], r2 = second.part[0];
	int shift;
	if (join == SIDE_N || join == SIDE_S) {
		shift = rng_range(g->rng, -(r2.w - 1), r1.w - 1);
		r2.x = r1.x + shift;
		r2.y = join == SIDE_N ? r1.y - r2.h : r1.y + r1.h;
		dice_say(g, "; shifted %d %s", abs(shift), shift < 0 ? "west" : shift > 0 ? "east" : "(flush)");
	} else {
		shift = rng_range(g->rng, -(r2.h - 1), r1.h - 1);
		r2.y = r1.y + shift;
		r2.x = join == SIDE_W ? r1.x - r2.w : r1.x + r1.w;
		dice_say(g, "; shifted %d %s", abs(shift), shift < 0 ? "north" : shift > 0 ? "south" : "(flush)");
	}
	*s = first;
	for (int i = 0; i < second.nparts; i++) {
		struct rect r = second.part[i];
		r.x += r2.x - second.part[0].x;
		r.y += r2.y - second.part[0].y;
		s->part[s->nparts++] = r;
	}
	shape_normalise(s);
	dice_say(g, " (%d squares)", s->area);
}
