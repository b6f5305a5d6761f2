/* check_cards.c: the cards method. Invariants over a thousand seeds for
 * every layout rule and every join: the contract (map_check), one card per
 * cell and no card spilling into another cell, bridges touching each
 * neighbouring zone on one face only, zones apart except at their joins,
 * islands untouched and lying in water of their own behind a locked
 * boathouse, every door between zones locked with its key in the zone
 * before; the layout rules' compactness in the order fill > blob >
 * random; the start square, stairs, options, themes and the key's words. */
#include "testutil.h"

#include "methods/cards/cards_int.h"
#include "model/connect.h"
#include "model/key.h"
#include "model/map_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 1000

/* ck_assert_msg() reports every check it passes to Check's runner; in the
 * sweeps only a failure is reported, so a million checks stay cheap. */
#define require(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

static const int layouts[] = { CARDS_RANDOM, CARDS_FILL, CARDS_BLOB, CARDS_WEIGHTED };
static const int joins[] = { CARDS_JOIN_BRIDGE, CARDS_JOIN_TUMOR, CARDS_JOIN_MULTI_TUMOR, CARDS_JOIN_ISLAND };

static void params(struct gen_params *p, int rooms, int zones, int layout, int join_bits)
{
	gen_params_default(p);
	p->rooms = rooms;
	p->cards.zones = zones;
	p->cards.layout = (enum cards_layout)layout;
	p->cards.joins = join_bits;
	method_find("cards")->fit_size(rooms, &p->w, &p->h);
}

/* The card grid as a user would read it off the map: every room covers its
 * cell's middle square, so that square names the cell's card. */
struct grid {
	int n, gw, gh;
	int *card;      /* region id of the card in each cell, 0 for none */
};

static void read_grid(const struct map *m, int n, struct grid *g)
{
	g->n = n;
	g->gw = m->w / n;
	g->gh = m->h / n;
	g->card = calloc((size_t)g->gw * g->gh, sizeof *g->card);
	require(g->card, "out of memory");
	int mid = (n - 2) / 2;
	for (int cy = 0; cy < g->gh; cy++)
		for (int cx = 0; cx < g->gw; cx++) {
			int id = map_at(m, cx * n + mid, cy * n + mid);
			if (id > 0 && m->regions[id].kind != REGION_CORRIDOR)
				g->card[cy * g->gw + cx] = id;
		}
}

static int at(const struct grid *g, int cx, int cy)
{
	if (cx < 0 || cy < 0 || cx >= g->gw || cy >= g->gh)
		return 0;
	return g->card[cy * g->gw + cx];
}

/* One card per cell: every keyed region is seen in exactly one cell and its
 * squares stay inside that cell (the entrance may reach the border). */
static void check_cells(const struct map *m, const struct grid *g, const char *what)
{
	int *seen = calloc((size_t)m->nregions + 1, sizeof *seen);
	require(seen, "out of memory");
	for (int i = 0; i < g->gw * g->gh; i++)
		if (g->card[i])
			seen[g->card[i]]++;
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->kind == REGION_CORRIDOR)
			continue;
		require(seen[id] == 1, "%s: card region %d is in %d cells", what, id, seen[id]);
		if (r->flags & REGION_FLAG_ENTRY)
			continue;
		require(r->bounds.x / g->n == (r->bounds.x + r->bounds.w - 1) / g->n &&
				      r->bounds.y / g->n == (r->bounds.y + r->bounds.h - 1) / g->n,
			      "%s: room %d spills out of its cell", what, id);
	}
	free(seen);
}

/* Water around islands: a corridor region with water on its squares. */
static int is_water(const struct map *m, int id)
{
	if (m->regions[id].kind != REGION_CORRIDOR)
		return 0;
	for (long i = 0; i < (long)m->w * m->h; i++)
		if (m->cells[i] == id)
			return m->features[i] == FEATURE_WATER;
	return 0;
}

/* Every door between two zones is locked, its key lies in the zone before
 * the one it opens, and a corridor joins only rooms of its own zone or a
 * zone and the one it opens into. Doors onto water are check_water's. */
static void check_locks(const struct map *m, const char *what)
{
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		if (a <= 0 || b <= 0 || is_water(m, a) || is_water(m, b))
			continue;
		int za = m->regions[a].zone, zb = m->regions[b].zone;
		if (za == zb) {
			require(m->doors[i].kind != DOOR_LOCKED, "%s: locked door %d inside zone %d", what, i, za);
			continue;
		}
		require(m->doors[i].kind == DOOR_LOCKED, "%s: door %d joins zones %d and %d unlocked", what, i,
			      za + 1, zb + 1);
		int into = za > zb ? za : zb;
		int kz = m->regions[m->locks[m->doors[i].lock].region].zone;
		require(kz == into - 1, "%s: the key into zone %d lies in zone %d", what, into + 1, kz + 1);
	}
}

/* Bridges touch the zone they leave on one face and the zone they open on
 * one face; no other card touches them. */
static void check_bridges(const struct map *m, const struct grid *g, const char *what)
{
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	for (int cy = 0; cy < g->gh; cy++)
		for (int cx = 0; cx < g->gw; cx++) {
			int b = at(g, cx, cy);
			if (!b || m->regions[b].kind != REGION_BRIDGE)
				continue;
			int zb = m->regions[b].zone, own = 0, older = 0, others = 0;
			for (int s = 0; s < 4; s++) {
				int o = at(g, cx + dx[s], cy + dy[s]);
				if (!o)
					continue;
				if (m->regions[o].zone == zb && m->regions[o].kind == REGION_ROOM)
					own++;
				else if (m->regions[o].zone < zb)
					older++;
				else
					others++;
			}
			require(own == 1 && older == 1 && others == 0,
				      "%s: bridge %d touches %d faces of its zone, %d of older, %d others", what, b, own,
				      older, others);
		}
}

/* Zones apart: with bridges only, cards of two zones share a face only at a
 * bridge; with islands only, no two zones come within a cell (corners too). */
static void check_apart(const struct map *m, const struct grid *g, int join, const char *what)
{
	for (int cy = 0; cy < g->gh; cy++)
		for (int cx = 0; cx < g->gw; cx++) {
			int a = at(g, cx, cy);
			if (!a)
				continue;
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					int b = at(g, cx + dx, cy + dy);
					if (!b || m->regions[a].zone == m->regions[b].zone)
						continue;
					if (join == CARDS_JOIN_ISLAND)
						ck_abort_msg("%s: island zones %d and %d touch at cells %d,%d and %d,%d", what,
							     m->regions[a].zone + 1, m->regions[b].zone + 1, cx, cy, cx + dx,
							     cy + dy);
					if (join == CARDS_JOIN_BRIDGE && (dx == 0 || dy == 0))
						require(m->regions[a].kind == REGION_BRIDGE ||
								      m->regions[b].kind == REGION_BRIDGE,
							      "%s: zones %d and %d share a face at cell %d,%d without a bridge",
							      what, m->regions[a].zone + 1, m->regions[b].zone + 1, cx, cy);
				}
		}
}

static void check_one(const char *seed, int layout, int join, int rooms, int zones)
{
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	char what[96];
	params(&p, rooms, zones, layout, join);
	snprintf(what, sizeof what, "seed %s, %s, %s", seed, cards_layout_name((enum cards_layout)layout),
		 cards_join_name((enum cards_join)join));
	require(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s: %s", what, e.msg);
	require(map_check(&m, &e) == 0, "%s: %s", what, e.msg);
	require(cards_walk_keys(&m, &e) == m.nregions, "%s: the walk with keys misses regions", what);
	struct grid g;
	read_grid(&m, p.cards.cell, &g);
	check_cells(&m, &g, what);
	check_locks(&m, what);
	check_bridges(&m, &g, what);
	check_apart(&m, &g, join, what);
	require(m.nzones >= 1 && m.nzones <= zones, "%s: %d zones", what, m.nzones);
	for (int z = 1; z < m.nzones; z++)
		require(m.zones[z].theme[0] != '\0', "%s: zone %d has no theme", what, z + 1);
	free(g.card);
	map_free(&m);
}

/* _i indexes layouts x joins: a thousand seeds each. */
START_TEST(test_invariants)
{
	int layout = layouts[_i / 4], join = joins[_i % 4];
	char seed[32];
	for (int s = 0; s < SEEDS; s++) {
		snprintf(seed, sizeof seed, "inv-%d", s);
		check_one(seed, layout, join, 12 + s % 40, 2 + s % 4);
	}
}
END_TEST

/* Mixed joins (the default set and all four) keep the same invariants. */
START_TEST(test_mixed_joins)
{
	char seed[32];
	for (int s = 0; s < SEEDS; s++) {
		snprintf(seed, sizeof seed, "mix-%d", s);
		check_one(seed, layouts[s % 4], CARDS_JOIN_ALL, 20 + s % 30, 2 + s % 5);
	}
}
END_TEST

/* Islands only: every zone after the first lies in water of its own, all
 * the water at least a quarter of the floor; its landing is a room on the zone's edge that
 * opens onto the water with no door; every door from the shore onto the
 * water is a boathouse, locked, its key (named for the boathouse) in the
 * zone before an island on that water; without keys no island is reached,
 * and with them, picked up in order, every room is. */
static double check_water(const struct map *m, const struct grid *g, const char *what)
{
	long floor = 0, wet = 0;
	for (long i = 0; i < (long)m->w * m->h; i++) {
		floor += m->cells[i] != 0;
		wet += m->cells[i] != 0 && m->features[i] == FEATURE_WATER;
	}
	if (m->nzones > 1)
		require(wet * 4 >= floor, "%s: water is %ld of %ld floor squares", what, wet, floor);
	unsigned char *water = calloc((size_t)m->nregions + 1, 1);
	int *landed = calloc((size_t)m->nzones + 1, sizeof *landed);
	unsigned long long *shores = calloc((size_t)m->nregions + 1, sizeof *shores);
	require(water && landed && shores, "out of memory");
	for (int id = 1; id <= m->nregions; id++)
		water[id] = (unsigned char)is_water(m, id);
	/* the island zones each piece of water lands on */
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		if (a > 0 && b > 0 && water[a] != water[b] && m->doors[i].kind == DOOR_OPENING)
			shores[water[a] ? a : b] |= 1ULL << m->regions[water[a] ? b : a].zone;
	}
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		if (a <= 0 || b <= 0 || water[a] == water[b])
			continue;
		int land = water[a] ? b : a;
		const struct region *r = &m->regions[land];
		require(r->flags & REGION_FLAG_PORT, "%s: room %d opens onto water but is no port", what, land);
		if (m->doors[i].kind == DOOR_OPENING) {
			landed[r->zone]++;
			int cx = r->bounds.x / g->n, cy = r->bounds.y / g->n, edge = 0;
			static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
			for (int s = 0; s < 4; s++) {
				int o = at(g, cx + dx[s], cy + dy[s]);
				edge |= !o || m->regions[o].zone != r->zone;
			}
			require(edge, "%s: the landing of zone %d is not on its edge", what, r->zone + 1);
			continue;
		}
		require(m->doors[i].kind == DOOR_LOCKED, "%s: the boathouse door %d is not locked", what, i);
		const struct lock *l = &m->locks[m->doors[i].lock];
		require(strstr(l->name, "boathouse") != NULL, "%s: the boat's key is called '%s'", what, l->name);
		int kz = m->regions[l->region].zone;
		require(!water[l->region] && (shores[water[a] ? a : b] >> (kz + 1) & 1),
			"%s: the boathouse key lies in zone %d, before no island on its water", what, kz + 1);
	}
	for (int z = 1; z < m->nzones; z++)
		require(landed[z] == 1, "%s: zone %d has %d landings", what, z + 1, landed[z]);
	/* each island its own water: one boat does not reach two islands */
	for (int id = 1; id <= m->nregions; id++)
		require(!water[id] || (shores[id] && !(shores[id] & (shores[id] - 1))),
			"%s: the water %d lands on zones %llx", what, id, shores[id]);
	/* without keys: the entrance's zone only */
	struct graph gr;
	struct err e = { 0 };
	require(graph_build(&gr, m, &e) == 0, "%s: %s", what, e.msg);
	unsigned char *seen = calloc((size_t)m->nregions + 1, 1);
	int *queue = malloc(((size_t)m->nregions + 1) * sizeof *queue);
	require(seen && queue, "out of memory");
	int head = 0, tail = 0, start = connect_entrance_region(m);
	seen[start] = 1;
	queue[tail++] = start;
	while (head < tail) {
		int r = queue[head++];
		require(water[r] || m->regions[r].zone == 0, "%s: region %d of zone %d is reached without a key", what,
			r, m->regions[r].zone + 1);
		for (int k = gr.first[r]; k < gr.first[r + 1]; k++) {
			const struct door *d = &m->doors[gr.edges[k]];
			int a, b;
			map_door_regions(m, d, &a, &b);
			int o = a == r ? b : a;
			if (o > 0 && !seen[o] && d->kind != DOOR_LOCKED) {
				seen[o] = 1;
				queue[tail++] = o;
			}
		}
	}
	graph_free(&gr);
	free(seen);
	free(queue);
	free(water);
	free(landed);
	free(shores);
	return (double)wet / (double)floor;
}

/* A thousand seeds with islands only: zones never touch (check_apart), each
 * lies in water with a landing, and the boat is the lock. */
START_TEST(test_islands_in_water)
{
	char seed[32];
	double least = 1, sum = 0;
	int islanded = 0;
	for (int s = 0; s < SEEDS; s++) {
		struct gen_params p;
		struct map m;
		struct err e = { 0 };
		snprintf(seed, sizeof seed, "isle-%d", s);
		params(&p, 15 + s % 30, 2 + s % 4, layouts[s % 4], CARDS_JOIN_ISLAND);
		require(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s: %s", seed, e.msg);
		require(map_check(&m, &e) == 0, "%s: %s", seed, e.msg);
		require(cards_walk_keys(&m, &e) == m.nregions, "%s: the walk with keys misses regions", seed);
		struct grid g;
		read_grid(&m, p.cards.cell, &g);
		check_apart(&m, &g, CARDS_JOIN_ISLAND, seed);
		double share = check_water(&m, &g, seed);
		if (m.nzones > 1) {
			islanded++;
			sum += share;
			least = share < least ? share : least;
		}
		free(g.card);
		map_free(&m);
	}
	fprintf(stderr, "cards: %d of %d maps with islands; water %.0f%% of the floor on average, %.0f%% at least\n",
		islanded, SEEDS, 100 * sum / islanded, 100 * least);
	ck_assert_int_ge(islanded, SEEDS * 9 / 10);
}
END_TEST

/* Filled cells over the bounding box of the cards, in cells. */
static double compactness(const char *seed, int layout)
{
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	params(&p, 60, 1, layout, CARDS_JOIN_BRIDGE);
	p.w = p.h = 40 * p.cards.cell;   /* room to grow every way */
	ck_assert_msg(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
	struct grid g;
	read_grid(&m, p.cards.cell, &g);
	int x0 = g.gw, y0 = g.gh, x1 = -1, y1 = -1, n = 0;
	for (int cy = 0; cy < g.gh; cy++)
		for (int cx = 0; cx < g.gw; cx++)
			if (at(&g, cx, cy)) {
				n++;
				x0 = cx < x0 ? cx : x0;
				y0 = cy < y0 ? cy : y0;
				x1 = cx > x1 ? cx : x1;
				y1 = cy > y1 ? cy : y1;
			}
	free(g.card);
	map_free(&m);
	ck_assert_int_eq(n, 60);
	return (double)n / ((x1 - x0 + 1) * (y1 - y0 + 1));
}

START_TEST(test_compactness_order)
{
	double sum[4] = { 0 };
	int runs = 300;
	char seed[32];
	for (int s = 0; s < runs; s++) {
		snprintf(seed, sizeof seed, "shape-%d", s);
		for (int l = 0; l < 4; l++)
			sum[l] += compactness(seed, layouts[l]);
	}
	double fill = sum[1] / runs, blob = sum[2] / runs, rnd = sum[0] / runs, wt = sum[3] / runs;
	ck_assert_msg(fill > blob && blob > rnd, "compactness fill %.3f, blob %.3f, random %.3f", fill, blob, rnd);
	/* and by a margin a reader would see */
	ck_assert_msg(fill - blob > 0.05 && blob - rnd > 0.02, "compactness fill %.3f, blob %.3f, random %.3f", fill,
		      blob, rnd);
	ck_assert_msg(wt > rnd, "weighted %.3f is not more compact than random %.3f", wt, rnd);
}
END_TEST

/* Grown from a start square: the first room covers it, stairs up stand on
 * it, stairs down lie in the last zone. */
START_TEST(test_start_square_and_stairs)
{
	char seed[32];
	for (int s = 0; s < 200; s++) {
		struct gen_params p;
		struct map m;
		struct err e = { 0 };
		params(&p, 25, 3, CARDS_BLOB, CARDS_JOIN_ALL);
		p.depth = 2;
		p.levels = 3;
		p.start_x = (s * 7) % p.w;
		p.start_y = (s * 13) % p.h;
		snprintf(seed, sizeof seed, "start-%d", s);
		ck_assert_msg(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		ck_assert_msg(map_check(&m, &e) == 0, "%s: %s", seed, e.msg);
		ck_assert_int_eq(m.entrance.x, p.start_x);
		ck_assert_int_eq(m.entrance.y, p.start_y);
		ck_assert_int_eq(m.entrance.side, -1);
		int up = 0, down = 0;
		for (int i = 0; i < m.nstairs; i++) {
			const struct stair *st = &m.stairs[i];
			if (st->dir == STAIR_UP) {
				up++;
				ck_assert(st->x == p.start_x && st->y == p.start_y && st->to_level == 1);
			} else {
				down++;
				ck_assert_int_eq(st->to_level, 3);
				ck_assert_int_eq(m.regions[map_at(&m, st->x, st->y)].zone, m.nzones - 1);
			}
		}
		ck_assert_int_eq(up, 1);
		ck_assert_int_eq(down, 1);
		map_free(&m);
	}
}
END_TEST

/* Without a start square the entrance is a door in the border; the last
 * level has no stairs down. */
START_TEST(test_entrance_on_border)
{
	struct map m;
	struct err e = { 0 };
	ck_assert_int_eq(test_generate(&m, "cards", "door", NULL, 30, 0, 0, &e), 0);
	ck_assert_int_ge(m.entrance.side, 0);
	int x = m.entrance.x, y = m.entrance.y;
	ck_assert(x == 0 || y == 0 || x == m.w - 1 || y == m.h - 1);
	ck_assert_int_ge(map_find_door(&m, x, y, (enum side)m.entrance.side), 0);
	ck_assert_int_eq(m.nstairs, 0);
	/* the room is a start card, titled by its card */
	const struct region *r = &m.regions[map_at(&m, x, y)];
	ck_assert(r->flags & REGION_FLAG_ENTRY);
	ck_assert_str_ne(r->card, "");
	ck_assert_str_ne(r->name, "");
	map_free(&m);
}
END_TEST

/* The key names, for every locked door, the key and the room it lies in. */
START_TEST(test_key_names_keys)
{
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	params(&p, 30, 4, CARDS_BLOB, CARDS_JOIN_BRIDGE | CARDS_JOIN_TUMOR);
	ck_assert_int_eq(test_generate(&m, "cards", "keep", &p, 0, 0, 0, &e), 0);
	ck_assert_int_eq(m.nzones, 4);
	ck_assert_int_ge(m.nlocks, 3);
	struct key k;
	struct key_options o = { 0 };
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	int opened_by = 0, lies_here = 0;
	for (int i = 0; i < k.n; i++) {
		if (strstr(k.entries[i].exits, "locked door") && strstr(k.entries[i].exits, "(opened by the "))
			opened_by++;
		for (int j = 0; j < k.entries[i].nlines; j++)
			if (strstr(k.entries[i].lines[j], " key lies here; it opens the locked door to room "))
				lies_here++;
	}
	ck_assert_int_ge(opened_by, m.nlocks);
	ck_assert_int_eq(lies_here, m.nlocks);
	/* the zones in the footer, the layout in the figures */
	ck_assert_int_eq(m.nnotes, 4);
	ck_assert_ptr_nonnull(strstr(m.notes[0], "Zone 1, the "));
	ck_assert_ptr_nonnull(strstr(m.notes[1], "Zone 2, the "));
	ck_assert_int_eq(m.nfigures, 1);
	ck_assert_ptr_nonnull(strstr(m.figures[0], "blob layout"));
	key_free(&k);
	map_free(&m);
}
END_TEST

/* The proof fails when a key lies behind the door it opens. */
START_TEST(test_walk_catches_key_behind_lock)
{
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	params(&p, 20, 2, CARDS_BLOB, CARDS_JOIN_BRIDGE);
	ck_assert_int_eq(test_generate(&m, "cards", "behind", &p, 0, 0, 0, &e), 0);
	ck_assert_int_eq(m.nlocks, 1);
	ck_assert_int_eq(cards_walk_keys(&m, &e), m.nregions);
	int a, b;
	map_door_regions(&m, &m.doors[m.locks[0].door], &a, &b);
	m.locks[0].region = m.regions[a].zone == 1 ? a : b;   /* the bridge itself */
	ck_assert_int_lt(cards_walk_keys(&m, &e), m.nregions);
	ck_assert_int_eq(map_check(&m, &e), -1);
	map_free(&m);
}
END_TEST

/* Same seed, same map; another seed, another map. */
START_TEST(test_reproducible)
{
	struct map a, b, c;
	struct err e = { 0 };
	ck_assert_int_eq(test_generate(&a, "cards", "same", NULL, 40, 0, 0, &e), 0);
	ck_assert_int_eq(test_generate(&b, "cards", "same", NULL, 40, 0, 0, &e), 0);
	ck_assert_int_eq(test_generate(&c, "cards", "other", NULL, 40, 0, 0, &e), 0);
	ck_assert_int_eq(memcmp(a.cells, b.cells, (size_t)a.w * a.h * sizeof *a.cells), 0);
	ck_assert_int_eq(a.ndoors, b.ndoors);
	ck_assert_int_eq(memcmp(a.doors, b.doors, (size_t)a.ndoors * sizeof *a.doors), 0);
	ck_assert_int_ne(memcmp(a.cells, c.cells, (size_t)a.w * a.h * sizeof *a.cells), 0);
	map_free(&a);
	map_free(&b);
	map_free(&c);
}
END_TEST

/* Ten thousand rooms on the fitted grid: all laid, every key in order. */
START_TEST(test_ten_thousand)
{
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	params(&p, 10000, 3, CARDS_BLOB, CARDS_JOIN_BRIDGE | CARDS_JOIN_TUMOR);
	ck_assert_int_eq(test_generate(&m, "cards", "big", &p, 0, 0, 0, &e), 0);
	int keyed = 0;
	for (int id = 1; id <= m.nregions; id++)
		keyed += region_is_keyed(m.regions[id].kind);
	ck_assert_int_eq(keyed, 10000);
	ck_assert_int_eq(cards_walk_keys(&m, &e), m.nregions);
	map_free(&m);
}
END_TEST

/* Too small a grid: a clear error, or fewer rooms with a warning. */
START_TEST(test_small_grid)
{
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	params(&p, 30, 3, CARDS_BLOB, CARDS_JOIN_BRIDGE);
	p.w = p.h = 5;
	ck_assert_int_eq(test_generate(&m, "cards", "tiny", &p, 0, 0, 0, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "smaller than one"));
	map_free(&m);
	p.w = p.h = 24;   /* 16 cells for 30 rooms */
	ck_assert_int_eq(test_generate(&m, "cards", "tiny", &p, 0, 0, 0, &e), 0);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	ck_assert_int_le(m.nregions, 16 * 2 + 16 * 2);
	map_free(&m);
}
END_TEST

static int apply(const char *name, const char *value, struct gen_params *p, struct err *e)
{
	const struct method *meth = method_find("cards");
	for (const struct method_option *o = meth->options; o->name; o++)
		if (strcmp(o->name, name) == 0)
			return o->apply(p, value, e);
	return err_set(e, "no option %s", name);
}

START_TEST(test_options)
{
	struct gen_params p;
	struct err e = { 0 };
	gen_params_default(&p);
	ck_assert_int_eq(p.cards.layout, CARDS_BLOB);
	ck_assert_int_eq(p.cards.joins, CARDS_JOIN_BRIDGE | CARDS_JOIN_TUMOR);
	ck_assert_int_eq(apply("joins", "island,multi-tumor", &p, &e), 0);
	ck_assert_int_eq(p.cards.joins, CARDS_JOIN_ISLAND | CARDS_JOIN_MULTI_TUMOR);
	ck_assert_int_eq(apply("joins", "bridge,boat", &p, &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_ptr_nonnull(strstr(e.msg, "unknown join 'boat'"));
	ck_assert_int_eq(apply("joins", "", &p, &e), -1);
	ck_assert_int_eq(apply("layout", "fill", &p, &e), 0);
	ck_assert_int_eq(p.cards.layout, CARDS_FILL);
	ck_assert_int_eq(apply("layout", "spiral", &p, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--layout"));
	ck_assert_int_eq(apply("zones", "0", &p, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "out of range"));
	ck_assert_int_eq(apply("cell", "8", &p, &e), 0);
	ck_assert_int_eq(p.cards.cell, 8);
	ck_assert_int_eq(apply("cell", "3", &p, &e), -1);
}
END_TEST

/* Other cell sizes keep the invariants. */
START_TEST(test_cell_sizes)
{
	char seed[32];
	for (int s = 0; s < 200; s++) {
		struct gen_params p;
		struct map m;
		struct err e = { 0 };
		params(&p, 30, 3, layouts[s % 4], CARDS_JOIN_ALL);
		p.cards.cell = CARDS_MIN_CELL + s % 9;
		p.w = p.h = 12 * p.cards.cell + s % 5;
		snprintf(seed, sizeof seed, "cell-%d", s);
		ck_assert_msg(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		ck_assert_msg(map_check(&m, &e) == 0, "%s (cell %d): %s", seed, p.cards.cell, e.msg);
		struct grid g;
		read_grid(&m, p.cards.cell, &g);
		check_cells(&m, &g, seed);
		check_locks(&m, seed);
		free(g.card);
		map_free(&m);
	}
}
END_TEST

/* A theme table with a bad line is reported with file:line:column. */
START_TEST(test_theme_table_errors)
{
	char path[] = "/tmp/mapsheet-themes-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	fputs("# a table\ntheme:Wet Halls:drip\nkey:tin key\ncrossing:Boat\nkey:\n", f);
	fclose(f);
	struct gen_params p;
	struct map m;
	struct err e = { 0 };
	params(&p, 10, 2, CARDS_BLOB, CARDS_JOIN_TUMOR);
	p.cards.themes = path;
	ck_assert_int_eq(test_generate(&m, "cards", "t", &p, 0, 0, 0, &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_msg(strstr(e.msg, ":5:") != NULL, "%s", e.msg);
	map_free(&m);
	f = fopen(path, "w");
	fputs("theme:Wet Halls:drip\nkey:tin key\ncrossing:Boat\n", f);
	fclose(f);
	ck_assert_int_eq(test_generate(&m, "cards", "t", &p, 0, 0, 0, &e), 0);
	ck_assert_str_eq(m.zones[1].theme, "Wet Halls");
	ck_assert_str_eq(m.locks[0].name, "tin key");
	map_free(&m);
	p.cards.themes = "no-such-table";
	ck_assert_int_eq(test_generate(&m, "cards", "t", &p, 0, 0, 0, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "theme table"));
	map_free(&m);
	remove(path);
}
END_TEST

static Suite *cards_suite(void)
{
	Suite *s = suite_create("cards");
	TCase *tc = tcase_create("invariants");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_invariants, 0, 16);
	tcase_add_test(tc, test_mixed_joins);
	tcase_add_test(tc, test_cell_sizes);
	suite_add_tcase(s, tc);
	tc = tcase_create("shape");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_compactness_order);
	suite_add_tcase(s, tc);
	tc = tcase_create("level");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_start_square_and_stairs);
	tcase_add_test(tc, test_entrance_on_border);
	tcase_add_test(tc, test_islands_in_water);
	tcase_add_test(tc, test_key_names_keys);
	tcase_add_test(tc, test_walk_catches_key_behind_lock);
	tcase_add_test(tc, test_reproducible);
	tcase_add_test(tc, test_ten_thousand);
	tcase_add_test(tc, test_small_grid);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_theme_table_errors);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(cards_suite)
