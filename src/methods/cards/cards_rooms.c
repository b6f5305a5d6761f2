/* cards_rooms.c: the squares of the cards method. A card's room is a room
 * card drawn from its zone's deck (cards_deal.c), laid with its doorways on
 * the cell's middle row and column, or, when no card can be laid, a plain
 * rectangle of random size covering those lines. Either leaves the cell's
 * last row and column free, so rooms in neighbouring cells never overlap and
 * always meet on a middle line. A link is a door, or a corridor stub with a
 * door at each end, on that line and inside the two cells it joins. */
#include "methods/cards/cards_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One side of a room rectangle, in the cell-local range [lo, hi]. */
static void roll_span(struct cards_state *st, int *pos, int *len)
{
	int usable = st->n - 1;
	int lo = st->n / 2 < 2 ? 2 : st->n / 2;
	if (lo > usable)
		lo = usable;
	int l = rng_range(st->rng, lo, usable);
	int p0 = st->mid - l + 1 < 0 ? 0 : st->mid - l + 1;
	int p1 = st->mid < usable - l ? st->mid : usable - l;
	*pos = rng_range(st->rng, p0, p1);
	*len = l;
}

/* The room rectangle for cell c (random size, covering the cell's mid row
 * and column, leaving the cell's last row and column free). */
static struct rect room_rect(struct cards_state *st, int c)
{
	struct rect r;
	roll_span(st, &r.x, &r.w);
	roll_span(st, &r.y, &r.h);
	r.x += cards_cell_x(st, c) * st->n;
	r.y += cards_cell_y(st, c) * st->n;
	return r;
}

enum side cards_side_toward(const struct cards_state *st, int a, int b)
{
	int dx = cards_cell_x(st, b) - cards_cell_x(st, a), dy = cards_cell_y(st, b) - cards_cell_y(st, a);
	return dy < 0 ? SIDE_N : dx > 0 ? SIDE_E : dy > 0 ? SIDE_S : SIDE_W;
}

int cards_carve(struct cards_state *st, int k, enum card_role role, unsigned need)
{
	struct cards_card *cd = &st->cards[k];
	int id = map_add_region(st->m, cd->kind, st->e);
	if (id < 0)
		return -1;
	cd->region = id;
	st->m->regions[id].zone = cd->zone;
	int orient = 0, card = cards_deal(st, cd->zone, cd->cell, role, need, &orient);
	if (card >= 0) {
		if (cards_lay_card(st, k, card, orient) < 0)
			return -1;
		log_step(st->log, "card %d: dealt '%s' (%s), %s%s", k + 1, st->deck->cards[card].name,
			 st->deck->cards[card].title, orient >= 4 ? "mirrored, " : "",
			 orient % 4 == 0 ? "upright" : orient % 4 == 1 ? "turned right" : orient % 4 == 2 ? "turned round" : "turned left");
		return 0;
	}
	log_step(st->log, "card %d: no card of the zone's deck meets its neighbours' doorways; a plain room", k + 1);
	cd->r = room_rect(st, cd->cell);
	if (!map_rect_free(st->m, cd->r, 0))
		return err_set(st->e, "internal error: card %d at %d,%d overlaps another region", k,
			       cd->r.x, cd->r.y);
	map_fill_rect(st->m, id, cd->r);
	return 0;
}

/* Grows card k's rectangle to cover r as well (the entrance). The squares
 * added lie in the card's own cell or beyond the last cell of the grid. */
static void stretch(struct cards_state *st, int k, struct rect add)
{
	struct rect *r = &st->cards[k].r;
	int x0 = r->x < add.x ? r->x : add.x, y0 = r->y < add.y ? r->y : add.y;
	int x1 = r->x + r->w > add.x + add.w ? r->x + r->w : add.x + add.w;
	int y1 = r->y + r->h > add.y + add.h ? r->y + r->h : add.y + add.h;
	*r = (struct rect){ x0, y0, x1 - x0, y1 - y0 };
	map_fill_rect(st->m, st->cards[k].region, *r);
}

/* A card laid around the start square: a passage of its floor from the
 * square, west or east then north or south, toward the room's square
 * nearest to it, up to the first square of the room (the first card:
 * nothing else is on the map yet), and no feature under the stairs. */
static void reach_start(struct cards_state *st, int k, int sx, int sy)
{
	struct map *m = st->m;
	const struct rect *r = &st->cards[k].r;
	int id = st->cards[k].region, cx = r->x, cy = r->y, best = -1;
	for (int y = r->y; y < r->y + r->h; y++)
		for (int x = r->x; x < r->x + r->w; x++) {
			int d = abs(x - sx) + abs(y - sy);
			if (map_at(m, x, y) == id && (best < 0 || d < best)) {
				best = d;
				cx = x;
				cy = y;
			}
		}
	int x = sx, y = sy;
	m->features[(long)sy * m->w + sx] = FEATURE_NONE;
	while (map_at(m, x, y) != id) {
		map_set(m, x, y, id);
		if (x != cx)
			x += x < cx ? 1 : -1;
		else
			y += y < cy ? 1 : -1;
	}
}

int cards_entrance(struct cards_state *st, int k, int side)
{
	struct map *m = st->m;
	const struct gen_params *p = st->p;
	struct cards_card *cd = &st->cards[k];
	m->regions[cd->region].flags |= REGION_FLAG_ENTRY;
	if (cd->card < 0)
		snprintf(m->regions[cd->region].name, sizeof m->regions[cd->region].name, "Entrance");
	if (p->start_x >= 0) {
		/* Grown from the start square: the way in is a stair up there. */
		if (cd->card >= 0)
			reach_start(st, k, p->start_x, p->start_y);
		else
			stretch(st, k, (struct rect){ p->start_x, p->start_y, 1, 1 });
		map_set_entrance(m, p->start_x, p->start_y, -1);
		if (map_add_stair(m, p->start_x, p->start_y, STAIR_UP, p->depth > 1 ? p->depth - 1 : 0, st->e) < 0)
			return -1;
		log_step(st->log, "entrance: stairs up at %d,%d in the first room", p->start_x, p->start_y);
		return 0;
	}
	/* On the border: the room reaches the edge and a door leads outside. */
	struct rect r = cd->r;
	int x, y;
	if (cd->card >= 0) {
		/* a card: a passage from its doorway on that side to the edge */
		int mx = r.x + r.w / 2, my = r.y + r.h / 2;
		struct rect pass;
		switch ((enum side)side) {
		case SIDE_N: pass = (struct rect){ mx, 0, 1, r.y }; x = mx; y = 0; break;
		case SIDE_S: pass = (struct rect){ mx, r.y + r.h, 1, m->h - r.y - r.h }; x = mx; y = m->h - 1; break;
		case SIDE_W: pass = (struct rect){ 0, my, r.x, 1 }; x = 0; y = my; break;
		default: pass = (struct rect){ r.x + r.w, my, m->w - r.x - r.w, 1 }; x = m->w - 1; y = my; break;
		}
		map_fill_rect(m, cd->region, pass);
	} else {
		switch ((enum side)side) {
		case SIDE_N: stretch(st, k, (struct rect){ r.x, 0, r.w, 1 }); x = r.x + r.w / 2; y = 0; break;
		case SIDE_S: stretch(st, k, (struct rect){ r.x, m->h - 1, r.w, 1 }); x = r.x + r.w / 2; y = m->h - 1; break;
		case SIDE_W: stretch(st, k, (struct rect){ 0, r.y, 1, r.h }); x = 0; y = r.y + r.h / 2; break;
		default: stretch(st, k, (struct rect){ m->w - 1, r.y, 1, r.h }); x = m->w - 1; y = r.y + r.h / 2; break;
		}
	}
	if (map_add_door(m, x, y, (enum side)side, DOOR_PLAIN, st->e) < 0)
		return -1;
	map_set_entrance(m, x, y, side);
	log_step(st->log, "entrance: a door in the %s wall at %d,%d", side_name((enum side)side), x, y);
	return 0;
}

/* Adds a door on an edge of (x, y); returns its index or -1 with the
 * state's error set. */
static int new_door(struct cards_state *st, int x, int y, enum side side, enum door_kind kind)
{
	return map_add_door(st->m, x, y, side, kind, st->e);
}

/* The straight stub between a (west or north) and b (east or south), along
 * axis `horiz`, on the cells' middle line (where every card has its
 * doorways). Returns the squares between them (w or h may be 0). */
static struct rect stub(struct cards_state *st, const struct rect *a, const struct rect *b, int ida, int idb,
			int horiz)
{
	const struct map *m = st->m;
	/* from the last square of a's region on the line (the first room's
	 * way to its start square may run on past its card) to b's first */
	if (horiz) {
		int y = a->y / st->n * st->n + st->mid, x0 = a->x + a->w, x1 = b->x;
		while (x0 < x1 && map_at(m, x0, y) == ida)
			x0++;
		while (x1 > x0 && map_at(m, x1 - 1, y) == idb)
			x1--;
		return (struct rect){ x0, y, x1 - x0, 1 };
	}
	int x = a->x / st->n * st->n + st->mid, y0 = a->y + a->h, y1 = b->y;
	while (y0 < y1 && map_at(m, x, y0) == ida)
		y0++;
	while (y1 > y0 && map_at(m, x, y1 - 1) == idb)
		y1--;
	return (struct rect){ x, y0, 1, y1 - y0 };
}

/* Joins the rooms of cards a and b in a straight line (same row or column
 * of cells) with a door, or with a corridor named `name` (NULL: none) and a
 * door at each end. Returns the door on b's side, or -1. */
static int join_straight(struct cards_state *st, int a, int b, enum door_kind kind_a,
			 enum door_kind kind_b, const char *name)
{
	const struct cards_card *ca = &st->cards[a], *cb = &st->cards[b];
	int ax = cards_cell_x(st, ca->cell), ay = cards_cell_y(st, ca->cell);
	int bx = cards_cell_x(st, cb->cell), by = cards_cell_y(st, cb->cell);
	if (ax != bx && ay != by)
		return err_set(st->e, "internal error: cards %d and %d are not in line", a, b);
	int horiz = ay == by, flip = horiz ? bx < ax : by < ay;
	/* w: the west (north) room, e: the east (south) one */
	const struct rect *w = flip ? &cb->r : &ca->r, *east = flip ? &ca->r : &cb->r;
	enum door_kind kw = flip ? kind_b : kind_a, ke = flip ? kind_a : kind_b;
	enum side out = horiz ? SIDE_E : SIDE_S;
	int idw = flip ? cb->region : ca->region, ide = flip ? ca->region : cb->region;
	struct rect s = stub(st, w, east, idw, ide, horiz);
	int len = horiz ? s.w : s.h;
	if (len < 0 || (horiz ? (s.y < w->y || s.y >= w->y + w->h) : (s.x < w->x || s.x >= w->x + w->w)))
		return err_set(st->e, "internal error: rooms of cards %d and %d share no line", a, b);
	/* the last square of the west room on the stub's line */
	int wx = horiz ? s.x - 1 : s.x, wy = horiz ? s.y : s.y - 1;
	if (len == 0) {
		int d = new_door(st, wx, wy, out, ke);
		(void)kw;
		return d;
	}
	if (!map_rect_free(st->m, s, 0))
		return err_set(st->e, "internal error: the way from card %d to card %d is not clear", a, b);
	int id = map_add_region(st->m, REGION_CORRIDOR, st->e);
	if (id < 0)
		return -1;
	map_fill_rect(st->m, id, s);
	st->m->regions[id].zone = ca->zone;   /* outside the lock on b's side */
	if (name)
		snprintf(st->m->regions[id].name, sizeof st->m->regions[id].name, "%s", name);
	int dw = new_door(st, wx, wy, out, kw);
	int ex = horiz ? s.x + s.w - 1 : s.x, ey = horiz ? s.y : s.y + s.h - 1;
	int de = new_door(st, ex, ey, out, ke);
	if (dw < 0 || de < 0)
		return -1;
	return flip ? dw : de;
}

int cards_link(struct cards_state *st, int a, int b, enum door_kind kind_a, enum door_kind kind_b)
{
	return join_straight(st, a, b, kind_a, kind_b, NULL);
}

/* Stairs down in a room of the last zone, away from the way in. */
int cards_stairs_down(struct cards_state *st)
{
	const struct gen_params *p = st->p;
	if (p->depth >= p->levels || st->ncards == 0)
		return 0;
	const struct cards_zone *z = &st->zones[st->nzones - 1];
	int k = z->first_card + rng_range(st->rng, 0, z->ncards - 1);
	for (int i = 0; i < z->ncards; i++) {
		int j = z->first_card + (k - z->first_card + i) % z->ncards;
		if (st->cards[j].kind == REGION_ROOM && (j != 0 || st->ncards == 1)) {
			k = j;
			break;
		}
	}
	int x, y;
	if (cards_floor_spot(st, k, &x, &y) < 0)
		return err_set(st->e, "internal error: card %d has no clear floor for the stairs", k + 1);
	if (map_add_stair(st->m, x, y, STAIR_DOWN, p->depth + 1, st->e) < 0)
		return -1;
	log_step(st->log, "stairs down to level %d at %d,%d (zone %d)", p->depth + 1, x, y, (int)(z - st->zones) + 1);
	return 0;
}
