/* levels.c: generating the levels of a document, one after another. */
#include "methods/levels.h"
#include "base/plural.h"

#include "model/map_check.h"
#include "base/monotonic.h"
#include "base/sbuf.h"
#include "methods/tiles/tile_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find_stair(const struct map *m, enum stair_dir dir)
{
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == dir)
			return i;
	return -1;
}

/* Joins the stairs down of `above` to the stairs up of `below`: they must
 * stand on the same square, and each learns the room it arrives in. */
static int join_stairs(struct map *above, struct map *below, struct err *e)
{
	int d = find_stair(above, STAIR_DOWN);
	int u = -1;
	for (int i = 0; d >= 0 && i < below->nstairs; i++)
		if (below->stairs[i].dir == STAIR_UP && below->stairs[i].x == above->stairs[d].x &&
		    below->stairs[i].y == above->stairs[d].y)
			u = i;
	if (d < 0 || u < 0)
		return err_set(e, "internal error: the stairs down of level %d and the stairs up of level %d "
			       "are not on one square", above->depth, below->depth);
	struct stair *down = &above->stairs[d], *up = &below->stairs[u];
	down->to_room = below->regions[map_at(below, up->x, up->y)].number;
	up->to_room = above->regions[map_at(above, down->x, down->y)].number;
	return 0;
}

/* The --verbose line of a generated level. */
static void report_level(struct report *rep, const struct map *m, int n, double seconds)
{
	int rooms = 0, corridors = 0;
	for (int id = 1; id <= m->nregions; id++) {
		if (m->regions[id].area <= 0)
			continue;
		if (region_is_keyed(m->regions[id].kind))
			rooms++;
		else
			corridors++;
	}
	report_info(rep, "level %d of %d: %s method, %d x %d squares, %d rooms and halls, %d corridor%s, "
		    "%d door%s, generated in %.2f ms", m->depth, n, m->method, m->w, m->h, rooms, corridors,
		    plural_s(corridors), m->ndoors, plural_s(m->ndoors), seconds * 1000);
}

/* --verbose's lines of the method's figures of level m (map.h), after the
 * level's own: the lines levels_generate_one put in the roll log. */
static void report_figures(struct report *rep, const struct map *m, int n)
{
	for (int i = 0; i < m->nfigures; i++)
		report_info(rep, "level %d of %d: %s", m->depth, n, m->figures[i]);
}

/* A party must reach another room from the one it starts in without
 * searching: while the regions reached from the entrance through doors
 * that are not secret (locked ones included: the party sees them) hold no
 * other room or hall, the first secret door out of them becomes a plain
 * door (the roll log says so). A corridor that ends at a secret door is no
 * way on. Returns 0, or -1 with e set when out of memory. */
static int open_the_way_in(struct map *m, struct log *log, struct err *e)
{
	int entry = map_at(m, m->entrance.x, m->entrance.y);
	if (entry <= 0)
		return 0;
	unsigned char *reached = calloc((size_t)m->nregions + 1, 1);
	if (!reached)
		return err_set(e, "out of memory while opening the way in");
	reached[entry] = 1;
	/* each round opens one door, so at most ndoors rounds */
	for (int round = 0; round <= m->ndoors; round++) {
		int grew = 1, other_room = 0;
		while (grew && !other_room) {
			grew = 0;
			for (int i = 0; i < m->ndoors && !other_room; i++) {
				int a, b;
				map_door_regions(m, &m->doors[i], &a, &b);
				if (m->doors[i].kind == DOOR_SECRET || a <= 0 || b <= 0 || reached[a] == reached[b])
					continue;
				int r = reached[a] ? b : a;
				reached[r] = 1;
				grew = 1;
				other_room = region_is_keyed(m->regions[r].kind);
			}
		}
		if (other_room)
			break;
		int first = -1;
		for (int i = 0; i < m->ndoors && first < 0; i++) {
			int a, b;
			map_door_regions(m, &m->doors[i], &a, &b);
			if (m->doors[i].kind == DOOR_SECRET && a > 0 && b > 0 && reached[a] != reached[b])
				first = i;
		}
		if (first < 0)
			break;
		m->doors[first].kind = DOOR_PLAIN;
		log_step(log, "No room could be reached from the entrance without searching: the secret door at "
			 "(%d, %d) %s is made a plain door.", m->doors[first].x, m->doors[first].y,
			 side_name(m->doors[first].side));
	}
	free(reached);
	return 0;
}

/* The log names rooms in the order they were made; the key numbers them
 * outward from the entrance. One line ties the two together. */
static void log_key_numbers(struct log *log, const struct map *m)
{
	if (!log_on(log))
		return;
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "Key numbers, in the order the rooms were made:");
	int made = 0;
	for (int id = 1; id <= m->nregions; id++) {
		if (m->regions[id].number <= 0)
			continue;
		made++;
		sbuf_printf(&s, "%s %d->%d", made > 1 ? "," : "", made, m->regions[id].number);
	}
	if (!sbuf_failed(&s))
		log_step(log, "%s.", sbuf_cstr(&s));
	sbuf_free(&s);
}

int levels_generate_one(struct map *m, const struct method *meth, const struct gen_params *p, const char *seed,
			enum key_numbering numbering, struct log *log, struct err *e)
{
	struct rng rng;
	rng_seed_text(&rng, seed, (unsigned)p->depth);
	if (map_init(m, p->w, p->h, e) < 0)
		return -1;
	m->square_feet = meth->square_feet;
	m->depth = p->depth;
	m->method = meth->name;
	if (meth->generate(m, p, &rng, log, e) < 0)
		return -1;
	for (int i = 0; i < m->nfigures; i++)
		log_step(log, "%s", m->figures[i]);
	if (open_the_way_in(m, log, e) < 0)
		return -1;
	map_recount(m);
	if (key_number(m, numbering, e) < 0)
		return -1;
	log_key_numbers(log, m);
	return 0;
}

int levels_generate(struct level *levels, int n, const struct method *const *methods, int nmethods,
		    const struct gen_params *base, const char *seed, enum key_numbering numbering,
		    struct log *log, struct report *rep, struct err *e)
{
	int start_x = base->start_x, start_y = base->start_y, rc = -1;
	/* tiles are read once for all levels */
	struct tile_set tiles;
	memset(&tiles, 0, sizeof tiles);
	for (int k = 0; k < n; k++) {
		const struct method *meth = methods[k < nmethods ? k : nmethods - 1];
		struct gen_params p = *base;
		struct map *m = &levels[k].map;
		p.depth = k + 1;
		p.levels = base->levels > n ? base->levels : n;
		if (p.rooms <= 0)
			p.rooms = meth->default_rooms;
		p.start_x = start_x;
		p.start_y = start_y;
		p.tiles.cache = &tiles;
		if (n > 1)
			log_step(log, "Level %d: the %s method%s", p.depth, meth->name,
				 start_x >= 0 ? ", grown from the stairs above" : "");
		if (report_step(rep, e, "level %d of %d: generating (%s, %d rooms, %d x %d squares)...", p.depth, n,
				meth->name, p.rooms, p.w, p.h) < 0)
			goto out;
		double t0 = monotonic_seconds();
		if (levels_generate_one(m, meth, &p, seed, numbering, log, e) < 0)
			goto out;
		report_level(rep, m, n, monotonic_seconds() - t0);
		report_figures(rep, m, n);
		struct err check;
		if (map_check(m, &check) < 0) {
			err_set(e, "internal error: the %s method made a broken level %d (seed %s): %s", meth->name,
				p.depth, seed, check.msg);
			goto out;
		}
		if (k > 0 && join_stairs(&levels[k - 1].map, m, e) < 0)
			goto out;
		int down = find_stair(m, STAIR_DOWN);
		if (p.depth < p.levels && down < 0) {
			err_set(e, "the %s method made level %d without stairs down", meth->name, p.depth);
			goto out;
		}
		if (down >= 0) {
			start_x = m->stairs[down].x;
			start_y = m->stairs[down].y;
		}
	}
	rc = 0;
out:
	tile_set_free(&tiles);
	return rc;
}

void levels_warn_short(const struct level *levels, int n, int wanted, struct log *log)
{
	for (int k = 0; k < n; k++) {
		const struct map *m = &levels[k].map;
		int keyed = 0;
		for (int id = 1; id <= m->nregions; id++)
			if (m->regions[id].number > 0)
				keyed++;
		if (keyed >= wanted)
			continue;
		char level[32] = "";
		if (n > 1)
			snprintf(level, sizeof level, "level %d: ", k + 1);
		log_warn(log, "%s%s: %d numbered room%s on the %dx%d grid, fewer than the %d asked for (a larger "
			 "--size makes room for more)", level, m->method, keyed, plural_s(keyed), m->w, m->h, wanted);
	}
}
