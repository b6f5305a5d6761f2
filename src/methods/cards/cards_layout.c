/* cards_layout.c: the card grid, the neighbour set and the layout rules of
 * the cards method. The set of free cells beside the growing zone is kept in
 * buckets by border count (1..4): placing a card moves each of its four
 * neighbours between buckets in constant time, and every layout rule picks
 * from the buckets without scanning the grid. A second list, the frontier,
 * holds every free valid cell beside any card, so a zone can be sealed off
 * (its neighbour cells made invalid) without a scan either. */
#include "methods/cards/cards_int.h"

#include <stdlib.h>
#include <string.h>

/* The weighted rule: the chance to take a cell by its border count, and
 * what a cell gains each time it is passed over. */
static const double weighted_chance[CARDS_MAX_BORDERS + 1] = { 0.0, 0.25, 0.45, 0.7, 0.9 };
#define WEIGHTED_GAIN 0.15

/* Appends x to v. Returns 0 or -1 with e set. */
static int vec_push(struct cards_vec *v, int x, struct err *e)
{
	if (v->n == v->cap) {
		int cap = v->cap ? v->cap * 2 : 64;
		int *nv = realloc(v->v, (size_t)cap * sizeof *nv);
		if (!nv)
			return err_set(e, "out of memory for the card layout");
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = x;
	return 0;
}

int cards_grid_init(struct cards_state *st)
{
	st->n = st->cp->cell;
	st->mid = (st->n - 2) / 2;
	st->gw = st->m->w / st->n;
	st->gh = st->m->h / st->n;
	if (st->gw < 1 || st->gh < 1)
		return err_usage(st->e, "a %dx%d grid is smaller than one %d-square card cell",
				 st->m->w, st->m->h, st->n);
	size_t nc = (size_t)st->gw * (size_t)st->gh;
	st->cells = malloc(nc * sizeof *st->cells);
	if (!st->cells)
		return err_set(st->e, "out of memory for %zu card cells", nc);
	for (size_t i = 0; i < nc; i++)
		st->cells[i] = (struct cards_cell){ .card = -1, .set_pos = -1, .front_pos = -1 };
	return 0;
}

void cards_grid_free(struct cards_state *st)
{
	free(st->cells);
	free(st->cards);
	for (int b = 0; b <= CARDS_MAX_BORDERS; b++)
		free(st->bucket[b].v);
	free(st->frontier.v);
	free(st->dropped.v);
	st->cells = NULL;
	st->cards = NULL;
}

int cards_step(const struct cards_state *st, int c, enum side s)
{
	int x = cards_cell_x(st, c) + side_dx[s], y = cards_cell_y(st, c) + side_dy[s];
	if (x < 0 || y < 0 || x >= st->gw || y >= st->gh)
		return -1;
	return y * st->gw + x;
}

/* --- the zone's set, in buckets by border count --- */

static void set_remove(struct cards_state *st, int c)
{
	struct cards_cell *cl = &st->cells[c];
	if (cl->set_pos < 0)
		return;
	struct cards_vec *b = &st->bucket[cl->bucket];
	int last = b->v[--b->n];
	b->v[cl->set_pos] = last;
	st->cells[last].set_pos = cl->set_pos;
	cl->set_pos = -1;
	st->set_size--;
}

static int set_add(struct cards_state *st, int c)
{
	struct cards_cell *cl = &st->cells[c];
	int b = cl->borders > CARDS_MAX_BORDERS ? CARDS_MAX_BORDERS : cl->borders;
	if (vec_push(&st->bucket[b], c, st->e) < 0)
		return -1;
	cl->bucket = (unsigned char)b;
	cl->set_pos = st->bucket[b].n - 1;
	cl->bonus = 0;
	st->set_size++;
	return 0;
}

void cards_set_clear(struct cards_state *st)
{
	for (int b = 0; b <= CARDS_MAX_BORDERS; b++) {
		for (int i = 0; i < st->bucket[b].n; i++)
			st->cells[st->bucket[b].v[i]].set_pos = -1;
		st->bucket[b].n = 0;
	}
	st->set_size = 0;
}

/* --- the frontier: every free valid cell beside a card --- */

static void front_remove(struct cards_state *st, int c)
{
	struct cards_cell *cl = &st->cells[c];
	if (cl->front_pos < 0)
		return;
	int last = st->frontier.v[--st->frontier.n];
	st->frontier.v[cl->front_pos] = last;
	st->cells[last].front_pos = cl->front_pos;
	cl->front_pos = -1;
}

int cards_set_drop(struct cards_state *st, int c)
{
	set_remove(st, c);
	front_remove(st, c);
	return vec_push(&st->dropped, c, st->e);
}

void cards_invalidate(struct cards_state *st, int c)
{
	if (c < 0 || st->cells[c].card >= 0)
		return;
	set_remove(st, c);
	front_remove(st, c);
	if (st->cells[c].invalid == CARDS_VALID)
		st->cells[c].invalid = CARDS_SEALED;
}

void cards_seal(struct cards_state *st)
{
	/* the cells passed over beside the zones are sealed with the rest */
	for (int i = 0; i < st->dropped.n; i++) {
		struct cards_cell *cl = &st->cells[st->dropped.v[i]];
		if (cl->card < 0 && cl->front_pos < 0 && cl->invalid == CARDS_VALID)
			cl->invalid = CARDS_SEALED;
	}
	st->dropped.n = 0;
	for (int i = 0; i < st->frontier.n; i++) {
		struct cards_cell *cl = &st->cells[st->frontier.v[i]];
		cl->invalid = CARDS_SEALED;
		cl->front_pos = -1;
	}
	st->frontier.n = 0;
	cards_set_clear(st);
}

/* An island zone keeps every cell around it clear of other zones' cards. */
static int island_clear(const struct cards_state *st, int c)
{
	int cx = cards_cell_x(st, c), cy = cards_cell_y(st, c);
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int x = cx + dx, y = cy + dy;
			if (x < 0 || y < 0 || x >= st->gw || y >= st->gh)
				continue;
			int k = st->cells[y * st->gw + x].card;
			if (k >= 0 && st->cards[k].zone != st->zone)
				return 0;
		}
	return 1;
}

int cards_place(struct cards_state *st, int c, enum region_kind kind)
{
	if (st->ncards == st->cards_cap) {
		int cap = st->cards_cap ? st->cards_cap * 2 : 64;
		struct cards_card *nc = realloc(st->cards, (size_t)cap * sizeof *nc);
		if (!nc)
			return err_set(st->e, "out of memory for the cards");
		st->cards = nc;
		st->cards_cap = cap;
	}
	int k = st->ncards++;
	st->cards[k] = (struct cards_card){ .cell = c, .zone = st->zone, .kind = kind, .card = -1,
					   .doors = 15u };
	set_remove(st, c);
	front_remove(st, c);
	st->cells[c].card = k;

	struct cards_zone *z = &st->zones[st->zone];
	int cx = cards_cell_x(st, c), cy = cards_cell_y(st, c);
	if (z->ncards++ == 0) {
		z->bx0 = z->bx1 = cx;
		z->by0 = z->by1 = cy;
	} else {
		z->bx0 = cx < z->bx0 ? cx : z->bx0;
		z->bx1 = cx > z->bx1 ? cx : z->bx1;
		z->by0 = cy < z->by0 ? cy : z->by0;
		z->by1 = cy > z->by1 ? cy : z->by1;
	}

	/* Its four neighbours gain a border; the free, valid ones join the
	 * frontier and the zone's set (or move up a bucket). */
	for (int s = 0; s < SIDE_COUNT; s++) {
		int nb = cards_step(st, c, (enum side)s);
		if (nb < 0)
			continue;
		struct cards_cell *cl = &st->cells[nb];
		if (cl->borders < 255)
			cl->borders++;
		if (cl->card >= 0 || cl->invalid)
			continue;
		if (cl->front_pos < 0) {
			if (vec_push(&st->frontier, nb, st->e) < 0)
				return -1;
			cl->front_pos = st->frontier.n - 1;
		}
		if (cl->set_pos >= 0) {
			float bonus = cl->bonus;
			set_remove(st, nb);
			if (set_add(st, nb) < 0)
				return -1;
			cl->bonus = bonus;
		} else if (!st->island || island_clear(st, nb)) {
			if (set_add(st, nb) < 0)
				return -1;
		}
	}
	return k;
}

int cards_pick_any(struct cards_state *st, int b)
{
	if (b > 0) {
		if (st->bucket[b].n == 0)
			return -1;
		return st->bucket[b].v[rng_range(st->rng, 0, st->bucket[b].n - 1)];
	}
	if (st->set_size == 0)
		return -1;
	int r = rng_range(st->rng, 0, st->set_size - 1);
	for (int i = 0; i <= CARDS_MAX_BORDERS; i++) {
		if (r < st->bucket[i].n)
			return st->bucket[i].v[r];
		r -= st->bucket[i].n;
	}
	return -1;
}

/* Fill: the fullest bucket first. */
static int pick_fill(struct cards_state *st)
{
	for (int b = CARDS_MAX_BORDERS; b >= 1; b--)
		if (st->bucket[b].n > 0)
			return cards_pick_any(st, b);
	return -1;
}

/* Blob: holes, then U-shapes; otherwise any cell of one or two borders. */
static int pick_blob(struct cards_state *st)
{
	for (int b = CARDS_MAX_BORDERS; b >= 3; b--)
		if (st->bucket[b].n > 0)
			return cards_pick_any(st, b);
	return cards_pick_any(st, 0);
}

/* Weighted: from the fullest bucket down, one candidate per bucket is taken
 * with its bucket's chance plus what it gained; the passed-over gain. At
 * most one roll per bucket; the last candidate is taken if all pass. */
static int pick_weighted(struct cards_state *st)
{
	int last = -1;
	for (int b = CARDS_MAX_BORDERS; b >= 1; b--) {
		if (st->bucket[b].n == 0)
			continue;
		int c = cards_pick_any(st, b);
		if (rng_chance(st->rng, weighted_chance[b] + st->cells[c].bonus))
			return c;
		st->cells[c].bonus += (float)WEIGHTED_GAIN;
		last = c;
	}
	return last;
}

static const char *const layout_names[] = { "random", "fill", "blob", "weighted" };

const char *cards_layout_name(enum cards_layout l)
{
	return (unsigned)l < 4 ? layout_names[l] : "?";
}

int cards_pick(struct cards_state *st)
{
	switch (st->cp->layout) {
	case CARDS_RANDOM: return cards_pick_any(st, 0);
	case CARDS_FILL: return pick_fill(st);
	case CARDS_WEIGHTED: return pick_weighted(st);
	case CARDS_BLOB:
	default: return pick_blob(st);
	}
}
