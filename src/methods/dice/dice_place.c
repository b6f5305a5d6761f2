/* dice_place.c: steps 1 and 5 of the dice method. The first room goes at
 * the centre of the grid (or over the start square); then, room by room in
 * order of creation, a new room is rolled at the 12, 3, 6 and 9 o'clock
 * positions still free, 1d4+1 squares beyond the facing wall, its centre off
 * the parent's axis. A room keeps a square of solid rock between itself and
 * every other room, and the straight corridor line to its parent is reserved
 * at once so no later room can land on it: the spanning tree can always be
 * routed. */
#include "methods/dice/dice_int.h"
#include "base/plural.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const clock_name[SIDE_COUNT] = { "12", "3", "6", "9" };

/* True when the squares of r are inside the grid, not reserved, and with
 * their ring of squares around them free of rooms: no bit of the block grid
 * is set in r, as it holds every room grown by one square. */
static int area_free(const struct dice_gen *g, struct rect r)
{
	const struct map *m = g->m;
	if (r.x < 0 || r.y < 0 || r.x + r.w > m->w || r.y + r.h > m->h)
		return 0;
	return !dice_bits_any(&g->block, r);
}

/* Puts shape s with its bounding box at (x, y) into room c (not yet in the
 * map); returns whether every part fits. */
static int shape_at(const struct dice_gen *g, const struct dice_room_shape *s, int x, int y, struct dice_room *c)
{
	int ok = 1;
	c->nparts = s->nparts;
	c->area = s->area;
	c->box = (struct rect){ x, y, s->w, s->h };
	for (int i = 0; i < s->nparts; i++) {
		c->part[i] = s->part[i];
		c->part[i].x += x;
		c->part[i].y += y;
		if (ok && !area_free(g, c->part[i]))
			ok = 0;
	}
	return ok;
}

/* Finds a straight corridor line between parent p and the candidate c that
 * lies on side s of p (see dice_straight). Returns 1 and sets c->line. */
static int find_line(const struct dice_gen *g, const struct dice_room *p, enum side s, struct dice_room *c)
{
	struct rect line;
	if (!dice_straight(g, p->part, p->nparts, p->box, c->part, c->nparts, c->box, s, &line))
		return 0;
	c->line = line;
	c->line_side = side_opposite(s);
	return 1;
}

/* Rolls gap and offset for a room of shape s on side s of parent p, up to
 * DICE_PLACE_TRIES times; returns 1 with c placed (not yet in the map). */
static int place_at_clock(struct dice_gen *g, int pi, enum side side, const struct dice_room_shape *s,
			  struct dice_room *c)
{
	const struct dice_room *p = &g->rooms[pi];
	int vertical = side == SIDE_N || side == SIDE_S;
	int pw = vertical ? p->box.w : p->box.h, cw = vertical ? s->w : s->h;
	int p0 = vertical ? p->box.x : p->box.y;
	dice_say(g, "; at %s o'clock of room %d", clock_name[side], pi + 1);
	for (int t = 0; t < DICE_PLACE_TRIES; t++) {
		int gap = rng_die(g->rng, 4) + 1;
		/* Offsets along the wall that keep the facing walls overlapping,
		 * except the one that lines the centres up exactly. */
		int lo = p0 - cw + 1, hi = p0 + pw - 1;
		int aligned = (2 * p0 + pw - cw) % 2 == 0 ? (2 * p0 + pw - cw) / 2 : lo - 1;
		int pos = rng_range(g->rng, lo, aligned >= lo && aligned <= hi ? hi - 1 : hi);
		if (aligned >= lo && pos >= aligned)
			pos++;
		int x, y;
		switch (side) {
		case SIDE_N: x = pos; y = p->box.y - gap - s->h; break;
		case SIDE_S: x = pos; y = p->box.y + p->box.h + gap; break;
		case SIDE_E: x = p->box.x + p->box.w + gap; y = pos; break;
		default: x = p->box.x - gap - s->w; y = pos; break;
		}
		int shift2 = 2 * pos + cw - 2 * p0 - pw;
		dice_say(g, "%s gap 1d4+1 = %d, centre %g square%s %s", t ? "; again:" : ",", gap, abs(shift2) / 2.0,
			 shift2 == 2 || shift2 == -2 ? "" : "s",
			 vertical ? (shift2 < 0 ? "west" : "east") : (shift2 < 0 ? "north" : "south"));
		if (shape_at(g, s, x, y, c) && find_line(g, p, side, c))
			return 1;
		dice_say(g, ": %s", x < 0 || y < 0 || x + s->w > g->m->w || y + s->h > g->m->h
					    ? "off the grid" : "blocked");
	}
	return 0;
}

/* Writes room c into the map as a new region and reserves its line. */
static int commit_room(struct dice_gen *g, struct dice_room *c, int parent)
{
	int id = map_add_region(g->m, REGION_ROOM, g->e);
	if (id < 0)
		return -1;
	c->region = id;
	c->parent = parent;
	for (int i = 0; i < c->nparts; i++) {
		struct rect r = c->part[i];
		map_fill_rect(g->m, id, r);
		dice_bits_set(&g->taken, r);
		/* the part and its ring, clipped to the grid */
		int x0 = r.x > 0 ? r.x - 1 : 0, y0 = r.y > 0 ? r.y - 1 : 0;
		int x1 = r.x + r.w < g->m->w ? r.x + r.w + 1 : g->m->w;
		int y1 = r.y + r.h < g->m->h ? r.y + r.h + 1 : g->m->h;
		dice_bits_set(&g->block, (struct rect){ x0, y0, x1 - x0, y1 - y0 });
	}
	if (c->line.w > 0) {
		dice_bits_set(&g->resv, c->line);
		dice_bits_set(&g->block, c->line);
	}
	g->rooms[g->nrooms++] = *c;
	return 0;
}

/* Step 1: the first room, centred on the grid or over the start square.
 * A first room too big for the grid is rolled again, a bounded number of
 * times. */
static int place_first(struct dice_gen *g)
{
	const struct gen_params *p = g->p;
	int start = p->start_x >= 0 && p->start_y >= 0;
	for (int t = 0; t < 20; t++) {
		struct dice_room_shape s;
		struct dice_room c = { .parent = -1 };
		dice_roll_shape(g, &s);
		if (!start) {
			int x = (g->m->w - s.w) / 2, y = (g->m->h - s.h) / 2;
			if (shape_at(g, &s, x, y, &c)) {
				dice_say(g, "; at the centre of the grid");
				dice_say_end(g, "Room 1: ");
				return commit_room(g, &c, -1);
			}
		} else {
			/* Any square of the shape may cover the start: the one nearest
			 * the shape's centre whose placement stays on the grid. */
			int best = -1, bx = 0, by = 0;
			for (int i = 0; i < s.nparts; i++)
				for (int yy = s.part[i].y; yy < s.part[i].y + s.part[i].h; yy++)
					for (int xx = s.part[i].x; xx < s.part[i].x + s.part[i].w; xx++) {
						int x = p->start_x - xx, y = p->start_y - yy;
						if (x < 0 || y < 0 || x + s.w > g->m->w || y + s.h > g->m->h)
							continue;
						int d = abs(2 * xx + 1 - s.w) + abs(2 * yy + 1 - s.h);
						if (best < 0 || d < best) {
							best = d;
							bx = x;
							by = y;
						}
					}
			if (best >= 0 && shape_at(g, &s, bx, by, &c)) {
				dice_say(g, "; over the start square (%d, %d)", p->start_x, p->start_y);
				dice_say_end(g, "Room 1: ");
				return commit_room(g, &c, -1);
			}
		}
		dice_say(g, ": does not fit the %dx%d grid, roll again", g->m->w, g->m->h);
		dice_say_end(g, "First room: ");
	}
	return err_set(g->e, "the %dx%d grid is too small for the dice method's first room "
			     "(try at least 20x20 squares)", g->m->w, g->m->h);
}

int dice_place_rooms(struct dice_gen *g)
{
	if (place_first(g) < 0)
		return -1;
	/* Step 5: the clock positions of every room, in order of creation. */
	for (int i = 0; i < g->nrooms && g->nrooms < g->want; i++) {
		for (int sd = 0; sd < SIDE_COUNT && g->nrooms < g->want; sd++) {
			if (g->rooms[i].side_done[sd])
				continue;
			g->rooms[i].side_done[sd] = 1;
			struct dice_room_shape s;
			struct dice_room c = { 0 };
			dice_roll_shape(g, &s);
			if (place_at_clock(g, i, (enum side)sd, &s, &c)) {
				c.side_done[side_opposite((enum side)sd)] = 1;
				if (g->logging) {
					char prefix[32];
					snprintf(prefix, sizeof prefix, "Room %d: ", g->nrooms + 1);
					dice_say_end(g, prefix);
				}
				if (commit_room(g, &c, i) < 0)
					return -1;
			} else {
				dice_say(g, "; that side stays empty");
				dice_say_end(g, "No room: ");
			}
		}
	}
	if (g->nrooms < g->want)
		log_warn(g->log, "dice: only %d of %d room%s fit on the %dx%d grid (every clock position is "
				 "taken or blocked)", g->nrooms, g->want, plural_s(g->want), g->m->w, g->m->h);
	else
		log_step(g->log, "%d room%s placed.", g->nrooms, plural_s(g->nrooms));
	return 0;
}
