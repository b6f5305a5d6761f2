/* cards_zones.c: growing a zone card by card, and the four ways a new zone
 * is joined to the zone before it (after Howard's smart card layout):
 *   bridge       a bridge room built out of the finished zone from a cell
 *                with one border; the two free cells beside it become
 *                invalid, the new zone's first room is built opposite, and
 *                every neighbour cell laid so far is sealed, so zones touch
 *                only through bridges (corners may touch);
 *   tumor        the new zone starts from a room dug next to the old one and
 *                may touch it anywhere: neighbour cells are shared;
 *   multi-tumor  the new zone starts from a copy of the old zone's neighbour
 *                set and grows through it, in several pieces;
 *   island       the new zone touches nothing (not even at corners); a port
 *                on the old zone's edge and a landing on the island face
 *                each other over one to three free cells, which with the
 *                cells around the island become water (cards_water.c).
 * The door into every new zone is locked (for an island, the port's door
 * onto the water, the boathouse); its key lies in the zone before.
 * Every card is dealt to meet a doorway of the card it is joined to; a free
 * cell that no neighbour's doorway faces stays empty. */
#include "methods/cards/cards_int.h"

#include <stdio.h>
#include <string.h>

#define LOOP_CHANCE 0.2         /* a second door to another neighbour of the zone */
#define SECRET_LOOP_CHANCE 0.2  /* such a loop door is secret */
#define SITE_TRIES 48           /* random tries for a bridge or island site before a sweep */
#define MAX_GAP 3               /* widest island crossing, in cells */

static enum door_kind tree_door(struct cards_state *st)
{
	return rng_chance(st->rng, 0.35) ? DOOR_OPENING : DOOR_PLAIN;
}

/* The cards on c's four faces: own zone into own[], others into other[]. */
static void neighbours(struct cards_state *st, int c, int *own, int *nown, int *other, int *nother)
{
	*nown = *nother = 0;
	for (int s = 0; s < SIDE_COUNT; s++) {
		int nb = cards_step(st, c, (enum side)s);
		if (nb < 0 || st->cells[nb].card < 0)
			continue;
		int k = st->cells[nb].card;
		if (st->cards[k].zone == st->zone)
			own[(*nown)++] = k;
		else
			other[(*nother)++] = k;
	}
}

static void log_card(struct cards_state *st, int k, const char *how)
{
	if (!log_on(st->log))
		return;
	int c = st->cards[k].cell;
	const struct rect *r = &st->cards[k].r;
	log_step(st->log, "card %d: zone %d, cell %d,%d (%d border%s), %s; room %dx%d at %d,%d", k + 1,
		 st->zone + 1, cards_cell_x(st, c), cards_cell_y(st, c), st->cells[c].borders,
		 st->cells[c].borders == 1 ? "" : "s", how, r->w, r->h, r->x, r->y);
}

/* Lays a card in cell c and carves it (a card of `role` with doorways on
 * the sides of need); returns the card or -1. */
static int lay(struct cards_state *st, int c, enum region_kind kind, enum card_role role, unsigned need)
{
	int k = cards_place(st, c, kind);
	if (k < 0 || cards_carve(st, k, role, need) < 0)
		return -1;
	return k;
}

/* True when card k has a doorway facing cell c (a face neighbour). */
static int opens_toward(const struct cards_state *st, int k, int c)
{
	return (st->cards[k].doors >> cards_side_toward(st, st->cards[k].cell, c)) & 1u;
}

/* Keeps the neighbours in v[0..*n-1] with a doorway facing cell c. */
static void keep_open(const struct cards_state *st, int c, int *v, int *n)
{
	int kept = 0;
	for (int i = 0; i < *n; i++)
		if (opens_toward(st, v[i], c))
			v[kept++] = v[i];
	*n = kept;
}

/* The card a new card in cell c is joined to: a neighbour of its zone
 * whose doorway faces c, else one of another zone (a new piece); -1. */
static int choose_parent(struct cards_state *st, int c)
{
	int own[4], other[4], nown, nother;
	neighbours(st, c, own, &nown, other, &nother);
	keep_open(st, c, own, &nown);
	keep_open(st, c, other, &nother);
	if (nown > 0)
		return own[rng_range(st->rng, 0, nown - 1)];
	return nother > 0 ? other[rng_range(st->rng, 0, nother - 1)] : -1;
}

/* The doorway side a card in cell c needs to meet card t. */
static unsigned need_toward(const struct cards_state *st, int c, int t)
{
	return 1u << cards_side_toward(st, c, st->cards[t].cell);
}

/* Joins a newly laid card to its zone through parent t: a door to it (the
 * spanning tree), sometimes a second to another neighbour of its zone whose
 * doorways meet its own, for a loop; a parent of another zone starts a new
 * piece behind a locked door. */
static int connect_card(struct cards_state *st, int k, int t)
{
	int own[4], other[4], nown, nother;
	int c = st->cards[k].cell;
	neighbours(st, c, own, &nown, other, &nother);
	if (st->cards[t].zone == st->zone) {
		if (cards_link(st, t, k, tree_door(st), tree_door(st)) < 0)
			return -1;
		for (int i = 0; i < nown; i++) {
			if (own[i] == t || !opens_toward(st, own[i], c) || !opens_toward(st, k, st->cards[own[i]].cell) ||
			    !rng_chance(st->rng, LOOP_CHANCE))
				continue;
			enum door_kind kd = rng_chance(st->rng, SECRET_LOOP_CHANCE) ? DOOR_SECRET : DOOR_PLAIN;
			if (cards_link(st, own[i], k, tree_door(st), kd) < 0)
				return -1;
			log_step(st->log, "card %d: a loop door to card %d (%s)", k + 1, own[i] + 1, door_kind_name(kd));
		}
		return 0;
	}
	int d = cards_link(st, t, k, DOOR_OPENING, DOOR_PLAIN);
	if (d < 0)
		return -1;
	log_step(st->log, "card %d: a new piece of zone %d, joined to card %d of zone %d", k + 1, st->zone + 1,
		 t + 1, st->cards[t].zone + 1);
	return cards_lock(st, st->zone, d);
}

static const char *rule_words(const struct cards_state *st)
{
	return cards_layout_name(st->cp->layout);
}

int cards_grow(struct cards_state *st, int want)
{
	int laid = 0;
	while (laid < want) {
		int c = cards_pick(st);
		if (c < 0)
			break;
		int t = choose_parent(st, c);
		if (t < 0) {
			/* back in the set when a card with a doorway toward it is laid */
			if (cards_set_drop(st, c) < 0)
				return -1;
			log_step(st->log, "cell %d,%d: no doorway faces it; passed over", cards_cell_x(st, c),
				 cards_cell_y(st, c));
			continue;
		}
		int k = lay(st, c, REGION_ROOM, CARD_ROOM, need_toward(st, c, t));
		if (k < 0)
			return -1;
		if (log_on(st->log)) {
			char how[48];
			snprintf(how, sizeof how, "by the %s rule from %d in the set", rule_words(st), st->set_size + 1);
			log_card(st, k, how);
		}
		if (connect_card(st, k, t) < 0)
			return -1;
		laid++;
	}
	return laid;
}

/* The one card on a face of c, and the side it lies on; -1 if not one. */
static int sole_neighbour(struct cards_state *st, int c, enum side *from)
{
	int found = -1;
	for (int s = 0; s < SIDE_COUNT; s++) {
		int nb = cards_step(st, c, (enum side)s);
		if (nb < 0 || st->cells[nb].card < 0)
			continue;
		if (found >= 0)
			return -1;
		found = st->cells[nb].card;
		*from = (enum side)s;
	}
	return found;
}

/* True when no card stands on c or on any of its eight neighbours. */
static int clear_around(const struct cards_state *st, int c)
{
	int cx = cards_cell_x(st, c), cy = cards_cell_y(st, c);
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int x = cx + dx, y = cy + dy;
			if (x >= 0 && y >= 0 && x < st->gw && y < st->gh && st->cells[y * st->gw + x].card >= 0)
				return 0;
		}
	return 1;
}

/* A site for a bridge (gap 0) or an island crossing: cell c of one border
 * from card p, free cells on the line beyond it, then a free far cell.
 * Returns the far cell (the new zone's first room), or -1. */
static int site_beyond(struct cards_state *st, int c, int island, int gap, int *port)
{
	enum side from = SIDE_N;
	int p = sole_neighbour(st, c, &from);
	if (p < 0)
		return -1;
	enum side dir = side_opposite(from);
	if (!((st->cards[p].doors >> dir) & 1u))
		return -1;
	int cur = c;
	for (int i = 1; i < gap; i++) {
		cur = cards_step(st, cur, dir);
		if (cur < 0 || st->cells[cur].card >= 0 || st->cells[cur].invalid == CARDS_CROSSING)
			return -1;
	}
	int far = cards_step(st, cur, dir);
	if (far < 0 || st->cells[far].card >= 0 || st->cells[far].invalid)
		return -1;
	if (island ? !clear_around(st, far) : st->cells[far].borders != 0)
		return -1;
	*port = p;
	return far;
}

/* Free, valid cells within two cells of c: room for a zone to grow. */
static int openness(const struct cards_state *st, int c)
{
	int cx = cards_cell_x(st, c), cy = cards_cell_y(st, c), n = 0;
	for (int y = cy - 2; y <= cy + 2; y++)
		for (int x = cx - 2; x <= cx + 2; x++)
			if (x >= 0 && y >= 0 && x < st->gw && y < st->gh && st->cells[y * st->gw + x].card < 0 &&
			    !st->cells[y * st->gw + x].invalid)
				n++;
	return n;
}

/* Tries cell c (of one border) as a site; returns the far cell or -1. */
static int try_site(struct cards_state *st, int c, int island, int want_gap, int *port, int *gap)
{
	if (st->cells[c].borders != 1)
		return -1;
	for (int g = want_gap; g >= (island ? 1 : 0); g--) {
		int far = site_beyond(st, c, island, g ? g : 1, port);
		if (far >= 0) {
			*gap = g;
			return far;
		}
	}
	return -1;
}

/* Finds a site among the cells of one border beside the finished zone (its
 * set), else beside any zone not yet sealed (the frontier): of a few random
 * tries the one with most room around it, else the first a sweep finds. */
static int find_site(struct cards_state *st, int island, int *cell, int *port, int *gap)
{
	struct cards_vec *lists[2] = { &st->bucket[1], &st->frontier };
	int want_gap = island ? rng_range(st->rng, 1, MAX_GAP) : 0;
	for (int l = 0; l < 2; l++) {
		struct cards_vec *v = lists[l];
		int best = -1, best_score = -1, tries = v->n < SITE_TRIES ? v->n : SITE_TRIES;
		for (int t = 0; t < tries; t++) {
			int c = v->v[rng_range(st->rng, 0, v->n - 1)], p, g;
			int far = try_site(st, c, island, want_gap, &p, &g);
			int score = far >= 0 ? openness(st, far) : -1;
			if (score > best_score) {
				best = far;
				best_score = score;
				*cell = c;
				*port = p;
				*gap = g;
			}
		}
		if (best >= 0)
			return best;
		for (int i = 0; i < v->n; i++) {
			int far = try_site(st, v->v[i], island, want_gap, port, gap);
			if (far >= 0) {
				*cell = v->v[i];
				return far;
			}
		}
	}
	return -1;
}

static void name_region(struct cards_state *st, int k, const char *fmt, const char *arg)
{
	struct region *r = &st->m->regions[st->cards[k].region];
	if (r->name[0] == '\0')
		snprintf(r->name, sizeof r->name, fmt, arg);
}

/* A bridge's name: "Bridge to the THEME", or its card's title and where
 * it leads when that fits. */
static void name_bridge(struct cards_state *st, int k, const char *theme)
{
	struct region *r = &st->m->regions[st->cards[k].region];
	char full[sizeof r->name + 64];
	snprintf(full, sizeof full, "%s to the %.32s", r->name[0] ? r->name : "Bridge", theme);
	if (strlen(full) < sizeof r->name)
		memcpy(r->name, full, strlen(full) + 1);
}

static const char *zone_theme(const struct cards_state *st, int z)
{
	return st->m->zones[z].theme;
}

static int join_bridge(struct cards_state *st, int z)
{
	int b, r, gap;
	int first = find_site(st, 0, &b, &r, &gap);
	if (first < 0)
		return 0;
	enum side from = SIDE_N;
	sole_neighbour(st, b, &from);
	/* Seal the finished zones, and the two cells beside the bridge. */
	int sealed = st->frontier.n;
	cards_seal(st);
	st->cells[b].invalid = CARDS_VALID;
	cards_invalidate(st, cards_step(st, b, (enum side)((from + 1) % SIDE_COUNT)));
	cards_invalidate(st, cards_step(st, b, (enum side)((from + 3) % SIDE_COUNT)));
	st->zone = z;
	int kb = lay(st, b, REGION_BRIDGE, CARD_BRIDGE, (1u << from) | (1u << side_opposite(from)));
	if (kb < 0)
		return -1;
	name_bridge(st, kb, zone_theme(st, z));
	log_card(st, kb, "a bridge out of the finished zone");
	int kf = lay(st, first, REGION_ROOM, CARD_ROOM, 1u << from);
	if (kf < 0)
		return -1;
	log_card(st, kf, "the first room, opposite the bridge");
	log_step(st->log, "zone %d joined by a bridge from card %d; %d neighbour cells sealed", z + 1, r + 1, sealed);
	int d = cards_link(st, r, kb, DOOR_OPENING, DOOR_PLAIN);
	if (d < 0 || cards_link(st, kb, kf, tree_door(st), tree_door(st)) < 0)
		return -1;
	return cards_lock(st, z, d) < 0 ? -1 : 1;
}

static int join_tumor(struct cards_state *st, int z)
{
	int c = cards_pick_any(st, 0);
	if (c < 0 && st->frontier.n > 0)   /* the finished zone is shut in: beside any other */
		c = st->frontier.v[rng_range(st->rng, 0, st->frontier.n - 1)];
	if (c < 0)
		return 0;
	int was = st->zone;
	st->zone = z;   /* every neighbour is of another zone now */
	int t = choose_parent(st, c);
	/* no doorway faces it: the first frontier cell one faces */
	for (int i = 0; t < 0 && i < st->frontier.n; i++) {
		c = st->frontier.v[i];
		t = choose_parent(st, c);
	}
	if (t < 0) {
		st->zone = was;
		return 0;
	}
	cards_set_clear(st);
	int k = lay(st, c, REGION_ROOM, CARD_ROOM, need_toward(st, c, t));
	if (k < 0)
		return -1;
	log_card(st, k, "the first room, dug beside the finished zone");
	log_step(st->log, "zone %d joined as a tumor", z + 1);
	return connect_card(st, k, t) < 0 ? -1 : 1;
}

static int join_multi_tumor(struct cards_state *st, int z)
{
	if (st->set_size == 0)
		return 0;
	/* The set is kept: the new zone grows through the old one's neighbours. */
	st->zone = z;
	log_step(st->log, "zone %d joined as a multi-tumor through %d neighbour cells", z + 1, st->set_size);
	int laid = cards_grow(st, 1);
	return laid < 0 ? -1 : laid;
}

static int join_island(struct cards_state *st, int z)
{
	int g1, p, gap;
	int first = find_site(st, 1, &g1, &p, &gap);
	if (first < 0)
		return 0;
	enum side from = SIDE_N;
	sole_neighbour(st, g1, &from);
	enum side dir = side_opposite(from);
	cards_seal(st);
	/* the cells the crossing runs over stay empty for good */
	for (int i = 0, c = g1; i < gap; i++, c = cards_step(st, c, dir)) {
		cards_invalidate(st, c);
		st->cells[c].invalid = CARDS_CROSSING;
	}
	st->zone = z;
	st->island = 1;
	int k = lay(st, first, REGION_ROOM, CARD_ROOM, 1u << from);
	if (k < 0)
		return -1;
	log_card(st, k, "the landing of an island");
	st->m->regions[st->cards[p].region].flags |= REGION_FLAG_PORT;
	st->m->regions[st->cards[k].region].flags |= REGION_FLAG_PORT;
	name_region(st, p, "%s", "Boathouse");
	name_region(st, k, "Landing of the %.32s", zone_theme(st, z));
	struct cards_zone *zn = &st->zones[z];
	zn->port_card = p;
	zn->landing_card = k;
	zn->shore_cell = g1;
	zn->beach_cell = g1;
	for (int i = 1; i < gap; i++)
		zn->beach_cell = cards_step(st, zn->beach_cell, dir);
	const struct cards_themes *t = st->themes;
	snprintf(zn->crossing, sizeof zn->crossing, "%s", t->crossing[rng_range(st->rng, 0, t->ncrossings - 1)]);
	/* the key is not left in the boathouse it opens, when the zone before
	 * has another room for it */
	const struct cards_zone *prev = &st->zones[z - 1];
	for (int i = 0, at = rng_range(st->rng, 0, prev->ncards - 1); zn->key_card == p && i < prev->ncards; i++) {
		int k2 = prev->first_card + (at + i) % prev->ncards;
		if (k2 != p && st->cards[k2].kind == REGION_ROOM) {
			zn->key_card = k2;
			zn->key_region = st->cards[k2].region;
		}
	}
	/* the boat is the lock: its key lies where the zone's key would */
	char boat[CARDS_NAME_LEN];
	snprintf(boat, sizeof boat, "%.20s to the boathouse", zn->key_name);
	snprintf(zn->key_name, sizeof zn->key_name, "%s", boat);
	log_step(st->log, "zone %d joined as an island: from card %d over %d cell%s of water by %s; the boathouse needs the %s",
		 z + 1, p + 1, gap, gap == 1 ? "" : "s", zn->crossing, zn->key_name);
	return 1;
}

static const char *const join_names[] = { "bridge", "tumor", "multi-tumor", "island" };

const char *cards_join_name(enum cards_join j)
{
	for (int i = 0; i < 4; i++)
		if ((int)j == 1 << i)
			return join_names[i];
	return "?";
}

int cards_join(struct cards_state *st, int z, int join)
{
	int rc, was_island = st->island;
	st->island = 0;
	st->zones[z].join = join;
	st->zones[z].first_card = st->ncards;
	st->zones[z].ncards = 0;
	cards_choose_key(st, z);
	switch ((enum cards_join)join) {
	case CARDS_JOIN_BRIDGE: rc = join_bridge(st, z); break;
	case CARDS_JOIN_TUMOR: rc = join_tumor(st, z); break;
	case CARDS_JOIN_MULTI_TUMOR: rc = join_multi_tumor(st, z); break;
	case CARDS_JOIN_ISLAND: rc = join_island(st, z); break;
	default: return err_set(st->e, "internal error: unknown join %d", join);
	}
	if (rc == 0)   /* nothing built: the zone before keeps growing as it was */
		st->island = was_island;
	return rc;
}
