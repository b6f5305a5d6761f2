/* cards_water.c: the water the island zones of the cards method lie in.
 * After every zone is laid, the free cells of each crossing and the free
 * cells around each island zone (its eight neighbours) are flooded, each
 * island's water its own (where two meet, a wall parts them, so one boat
 * does not reach every island); pieces that reach no crossing are left dry, and the water spreads over further
 * free cells beside it until it is at least a quarter of the floor. Each
 * piece of water is one region (an underground lake, or a river when it is
 * long and thin) with water on every square. A channel of water runs from
 * the cell's edge along the middle row or column to the port room, whose
 * door onto it is locked (the boathouse: its key is the boat), and another
 * to the island's landing, which opens onto the water with no door. */
#include "methods/cards/cards_int.h"

#include <stdio.h>
#include <stdlib.h>

/* mark[] values of a cell */
enum { DRY, WET, KEPT };

struct water {
	struct cards_state *st;
	unsigned char *mark;    /* per cell */
	int *owner;             /* per cell: the island zone whose water it is, 0 */
	int *piece;             /* per cell: region id of its water, 0 */
	int *queue;             /* per cell */
};

static int is_free(const struct cards_state *st, int c)
{
	return c >= 0 && st->cells[c].card < 0;
}

/* Marks the crossing of island zone z as its water. */
static void flood_crossing(struct water *w, int z)
{
	struct cards_state *st = w->st;
	const struct cards_zone *zn = &st->zones[z];
	for (int c = zn->shore_cell;; ) {
		w->mark[c] = WET;
		w->owner[c] = z;
		if (c == zn->beach_cell)
			break;
		int dx = cards_cell_x(st, zn->beach_cell) - cards_cell_x(st, c);
		int dy = cards_cell_y(st, zn->beach_cell) - cards_cell_y(st, c);
		c += (dx > 0) - (dx < 0) + ((dy > 0) - (dy < 0)) * st->gw;
	}
}

/* Marks the free cells around island zone z's cards that no other island's
 * water has taken: each island has water of its own. */
static void flood_island(struct water *w, int z)
{
	struct cards_state *st = w->st;
	for (int k = 0; k < st->ncards; k++) {
		if (st->cards[k].zone != z)
			continue;
		int cx = cards_cell_x(st, st->cards[k].cell), cy = cards_cell_y(st, st->cards[k].cell);
		for (int y = cy - 1; y <= cy + 1; y++)
			for (int x = cx - 1; x <= cx + 1; x++)
				if (x >= 0 && y >= 0 && x < st->gw && y < st->gh && is_free(st, y * st->gw + x) &&
				    w->owner[y * st->gw + x] == 0) {
					w->mark[y * st->gw + x] = WET;
					w->owner[y * st->gw + x] = z;
				}
	}
}

/* Keeps (marks KEPT) the wet cells of c's owner joined side to side to c. */
static void keep_piece(struct water *w, int c)
{
	struct cards_state *st = w->st;
	if (w->mark[c] != WET)
		return;
	int head = 0, tail = 0;
	w->mark[c] = KEPT;
	w->queue[tail++] = c;
	while (head < tail) {
		int cur = w->queue[head++];
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nb = cards_step(st, cur, (enum side)s);
			if (nb >= 0 && w->mark[nb] == WET && w->owner[nb] == w->owner[c]) {
				w->mark[nb] = KEPT;
				w->queue[tail++] = nb;
			}
		}
	}
}

static long floor_squares(const struct map *m)
{
	long n = 0;
	for (long i = 0; i < (long)m->w * m->h; i++)
		n += m->cells[i] != 0;
	return n;
}

/* Spreads the kept water over free cells beside it, one random cell at a
 * time, until it is the share of the floor it must be or nothing is left. */
static void spread(struct water *w, long floor_now)
{
	struct cards_state *st = w->st;
	long cell_area = (long)st->n * st->n, wet = 0;
	int ncells = st->gw * st->gh, nfront = 0;
	for (int c = 0; c < ncells; c++)
		wet += w->mark[c] == KEPT;
	/* free cells beside the water, each listed once (DRY -> WET as listed) */
	for (int c = 0; c < ncells; c++) {
		if (w->mark[c] != DRY || !is_free(st, c) || st->cells[c].invalid == CARDS_CROSSING)
			continue;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nb = cards_step(st, c, (enum side)s);
			if (nb >= 0 && w->mark[nb] == KEPT) {
				w->mark[c] = WET;
				w->owner[c] = w->owner[nb];
				w->queue[nfront++] = c;
				break;
			}
		}
	}
	while (nfront > 0 && (double)wet * cell_area < CARDS_WATER_SHARE * (double)(floor_now + wet * cell_area)) {
		int i = rng_range(st->rng, 0, nfront - 1), c = w->queue[i];
		w->queue[i] = w->queue[--nfront];
		w->mark[c] = KEPT;
		wet++;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nb = cards_step(st, c, (enum side)s);
			if (nb >= 0 && w->mark[nb] == DRY && is_free(st, nb) && st->cells[nb].invalid != CARDS_CROSSING) {
				w->mark[nb] = WET;
				w->owner[nb] = w->owner[c];
				w->queue[nfront++] = nb;
			}
		}
	}
}

/* Makes a region of each piece of kept water, named by its shape. */
static int make_pieces(struct water *w)
{
	struct cards_state *st = w->st;
	struct map *m = st->m;
	int ncells = st->gw * st->gh;
	for (int c0 = 0; c0 < ncells; c0++) {
		if (w->mark[c0] != KEPT || w->piece[c0])
			continue;
		int id = map_add_region(m, REGION_CORRIDOR, st->e);
		if (id < 0)
			return -1;
		int head = 0, tail = 0, x0 = st->gw, y0 = st->gh, x1 = -1, y1 = -1;
		w->piece[c0] = id;
		w->queue[tail++] = c0;
		while (head < tail) {
			int c = w->queue[head++], cx = cards_cell_x(st, c), cy = cards_cell_y(st, c);
			x0 = cx < x0 ? cx : x0;
			y0 = cy < y0 ? cy : y0;
			x1 = cx > x1 ? cx : x1;
			y1 = cy > y1 ? cy : y1;
			for (int y = cy * st->n; y < (cy + 1) * st->n; y++)
				for (int x = cx * st->n; x < (cx + 1) * st->n; x++)
					if (m->cells[(long)y * m->w + x] == 0) {
						m->cells[(long)y * m->w + x] = id;
						m->features[(long)y * m->w + x] = FEATURE_WATER;
					}
			for (int s = 0; s < SIDE_COUNT; s++) {
				int nb = cards_step(st, c, (enum side)s);
				if (nb >= 0 && w->mark[nb] == KEPT && !w->piece[nb] && w->owner[nb] == w->owner[c0]) {
					w->piece[nb] = id;
					w->queue[tail++] = nb;
				}
			}
		}
		int along = x1 - x0 > y1 - y0 ? x1 - x0 + 1 : y1 - y0 + 1;
		int across = x1 - x0 > y1 - y0 ? y1 - y0 + 1 : x1 - x0 + 1;
		/* a river: long, and thin for its length (few cells per row) */
		int river = along >= 3 * across || (long)tail * 2 <= (long)along * across;
		snprintf(m->regions[id].name, sizeof m->regions[id].name, "%s",
			 river ? "Underground River" : "Underground Lake");
		log_step(st->log, "water: %s of %d cells (%dx%d)", m->regions[id].name, tail, x1 - x0 + 1, y1 - y0 + 1);
	}
	return 0;
}

/* A channel of water from water cell `wet` to card k's room beside it: the
 * squares along the cell's middle line, from the shared edge to the room;
 * then a door of kind `kind` between the room and the water. Returns the
 * door or -1. */
static int channel(struct water *w, int k, int wet, enum door_kind kind)
{
	struct cards_state *st = w->st;
	struct map *m = st->m;
	int c = st->cards[k].cell, id = w->piece[wet], room = st->cards[k].region;
	int cx = cards_cell_x(st, c), cy = cards_cell_y(st, c);
	int wx = cards_cell_x(st, wet), wy = cards_cell_y(st, wet);
	int dx = (cx > wx) - (cx < wx), dy = (cy > wy) - (cy < wy);   /* from the water into the cell */
	/* the first square inside card k's cell on its edge facing the water */
	int x = dx ? (dx > 0 ? cx * st->n : cx * st->n + st->n - 1) : cx * st->n + st->mid;
	int y = dy ? (dy > 0 ? cy * st->n : cy * st->n + st->n - 1) : cy * st->n + st->mid;
	for (int i = 0; i < st->n && m->cells[(long)y * m->w + x] != room; i++) {
		if (m->cells[(long)y * m->w + x] != 0)
			return err_set(st->e, "internal error: the way from the water to card %d is blocked at %d,%d",
				       k + 1, x, y);
		m->cells[(long)y * m->w + x] = id;
		m->features[(long)y * m->w + x] = FEATURE_WATER;
		x += dx;
		y += dy;
	}
	if (m->cells[(long)y * m->w + x] != room)
		return err_set(st->e, "internal error: the water misses the room of card %d", k + 1);
	enum side s = dx > 0 ? SIDE_W : dx < 0 ? SIDE_E : dy > 0 ? SIDE_N : SIDE_S;
	return map_add_door(m, x, y, s, kind, st->e);
}

int cards_water(struct cards_state *st)
{
	int ncells = st->gw * st->gh, islands = 0, rc = -1;
	for (int z = 1; z < st->nzones; z++)
		islands += st->zones[z].join == CARDS_JOIN_ISLAND;
	if (islands == 0)
		return 0;
	struct water w = { .st = st };
	w.mark = calloc((size_t)ncells, 1);
	w.piece = calloc((size_t)ncells, sizeof *w.piece);
	w.owner = calloc((size_t)ncells, sizeof *w.owner);
	w.queue = malloc((size_t)ncells * sizeof *w.queue);
	if (!w.mark || !w.piece || !w.owner || !w.queue) {
		err_set(st->e, "out of memory for the water around the islands");
		goto out;
	}
	for (int z = 1; z < st->nzones; z++)
		if (st->zones[z].join == CARDS_JOIN_ISLAND)
			flood_crossing(&w, z);
	for (int z = 1; z < st->nzones; z++)
		if (st->zones[z].join == CARDS_JOIN_ISLAND)
			flood_island(&w, z);
	for (int z = 1; z < st->nzones; z++)
		if (st->zones[z].join == CARDS_JOIN_ISLAND)
			keep_piece(&w, st->zones[z].shore_cell);
	for (int c = 0; c < ncells; c++)
		if (w.mark[c] == WET)
			w.mark[c] = DRY;
	spread(&w, floor_squares(st->m));
	for (int c = 0; c < ncells; c++)
		if (w.mark[c] == WET)
			w.mark[c] = DRY;
	if (make_pieces(&w) < 0)
		goto out;
	for (int z = 1; z < st->nzones; z++) {
		const struct cards_zone *zn = &st->zones[z];
		if (zn->join != CARDS_JOIN_ISLAND)
			continue;
		int port = channel(&w, zn->port_card, zn->shore_cell, DOOR_PLAIN);
		if (port < 0 || cards_lock(st, z, port) < 0)
			goto out;
		if (channel(&w, zn->landing_card, zn->beach_cell, DOOR_OPENING) < 0)
			goto out;
	}
	/* each piece of water belongs to its island's zone */
	for (int z = 1; z < st->nzones; z++)
		if (st->zones[z].join == CARDS_JOIN_ISLAND)
			st->m->regions[w.piece[st->zones[z].shore_cell]].zone = z;
	rc = 0;
out:
	free(w.mark);
	free(w.piece);
	free(w.owner);
	free(w.queue);
	return rc;
}
