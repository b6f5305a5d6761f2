/* tiles.c: the tiles method: prefab rooms and corridors drawn by a person
 * (templates/tiles/ *.tile) joined door to door. It follows the procedure of
 * "The Random Dungeon That Isn't So Random": start from an entrance tile;
 * repeatedly take an open door and look for a tile with a door of the same
 * width, trying it in every turn that door allows, and place it where it
 * overlaps nothing; a door no tile fits is bad and is never tried again;
 * when no good door remains, finish the level (wall the bad doors up and say
 * it ended early) or, on request, open a new door at random and go on.
 * The stages are below; the grid work is in tile_join.c and the files it
 * calls on (tile_fit.c, tile_stamp.c, tile_pick.c), the library in
 * tile_set.c and tile_read.c. */
#include "methods/gen.h"
#include "base/plural.h"

#include "methods/tiles/tiles.h"
#include "methods/tiles/tile_fit.h"
#include "methods/tiles/tile_join.h"
#include "methods/tiles/tile_pick.h"
#include "methods/tiles/tile_read.h"
#include "methods/tiles/tile_set.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TILES_DEFAULT_ROOMS 8

/* About 95 squares of grid per room (its corridors and the rock between
 * included) and a margin, shaped like a page's map area (GEN_PAGE_ASPECT):
 * the default 8 rooms get 27x31, 4 squares to the inch on letter or A4. */
static void tiles_fit_size(int rooms, int *w, int *h)
{
	double area = 95.0 * (rooms > 0 ? rooms : TILES_DEFAULT_ROOMS) + 68.0;
	*w = (int)lround(sqrt(area * GEN_PAGE_ASPECT));
	*h = (int)ceil(area / *w);
}

static void tiles_defaults(struct gen_params *p)
{
	p->tiles.dir = NULL;
	p->tiles.random_doors = 0;
	p->tiles.cache = NULL;
}

static int opt_tiles(struct gen_params *p, const char *value, struct err *e)
{
	const char *dir = value[0] == '+' ? value + 1 : value;
	struct stat st;
	if (!dir[0] || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return err_usage(e, "--tiles: '%s' is not a folder (expected DIR, or +DIR to use it beside the shipped tiles)",
				 dir);
	p->tiles.dir = value;
	return 0;
}

static int opt_dead_ends(struct gen_params *p, const char *value, struct err *e)
{
	if (strcmp(value, "close") == 0)
		p->tiles.random_doors = 0;
	else if (strcmp(value, "new-door") == 0)
		p->tiles.random_doors = 1;
	else
		return err_usage(e, "--dead-ends: '%s' is not a choice (expected close or new-door)", value);
	return 0;
}

/* The variants of tile i whose entry door faces `facing` (any when -1),
 * shuffled into lv->order; returns how many. */
static int entrance_variants(struct tile_level *lv, int i, int facing)
{
	int n = 0;
	for (int v = 0; v < lv->set->nvariants; v++) {
		const struct tile_variant *tv = &lv->set->variants[v];
		if (tv->tile != i)
			continue;
		for (int d = 0; d < tv->t.ndoors; d++)
			if (tv->t.doors[d].entry && (facing < 0 || tv->t.doors[d].facing == facing))
				lv->order[n++] = v;
	}
	rng_shuffle(lv->rng, lv->order, (size_t)n);
	return n;
}

static const struct tile_door *entry_door(const struct tile *t)
{
	for (int d = 0; d < t->ndoors; d++)
		if (t->doors[d].entry)
			return &t->doors[d];
	return NULL;
}

/* The square of an entrance tile that goes on the stairs up: its '<', or
 * else the floor just inside its way in. */
static void stair_anchor(const struct tile *t, int *ax, int *ay)
{
	for (int i = 0; i < t->w * t->h; i++)
		if (t->cells[i] == '<') {
			*ax = i % t->w;
			*ay = i / t->w;
			return;
		}
	const struct tile_door *d = entry_door(t);
	enum side in = side_opposite((enum side)d->facing);
	*ax = d->x + side_dx[in];
	*ay = d->y + side_dy[in];
}

/* Falls back to any tile with any floor square on the start square, when
 * no entrance tile fits there: a room or hall first, so the stairs up arrive
 * in a numbered place, then a corridor. Returns the placed index or -1. */
static int start_anywhere(struct tile_level *lv, int sx, int sy, struct err *e)
{
	for (int pass = 0; pass < 2; pass++)
		for (int v = 0; v < lv->set->nvariants; v++) {
			const struct tile *t = &lv->set->variants[v].t;
			int keyed = t->kind == TILE_ROOM || t->kind == TILE_HALL;
			if (t->kind == TILE_ENTRANCE || keyed != (pass == 0))
				continue;
			for (int i = 0; i < t->w * t->h; i++)
				if (tile_square_of(t->cells[i]) == TSQ_FLOOR &&
				    tj_fits(lv, v, sx - i % t->w, sy - i / t->w, NULL, TJ_ENTRY_NONE))
					return tj_place(lv, v, sx - i % t->w, sy - i / t->w, NULL, -1, TJ_ENTRY_NONE, e);
		}
	return err_set(e, "no tile fits on the start square %d,%d of the %dx%d grid", sx, sy, lv->m->w, lv->m->h);
}

/* Stage 1: the entrance tile: at the bottom middle of the grid with its way
 * in facing south out of the map, or over the start square with the stairs
 * up there (its way in walled up). */
static int place_entrance(struct tile_level *lv, const struct gen_params *p, struct err *e)
{
	const struct tile_set *set = lv->set;
	struct map *m = lv->m;
	int from_above = p->start_x >= 0 && p->start_y >= 0;
	int sx = p->start_x, sy = p->start_y, placed = -1;
	if (from_above && !map_in(m, sx, sy))
		return err_usage(e, "the start square %d,%d lies outside the %dx%d grid", sx, sy, m->w, m->h);
	for (int i = 0; i < set->ntiles; i++)
		lv->weights[i] = set->tiles[i].kind == TILE_ENTRANCE ? set->tiles[i].weight : 0;
	for (int tries = 0; tries < set->ntiles && placed < 0; tries++) {
		int i = tj_pick(lv->rng, lv->weights, set->ntiles);
		if (i < 0)
			break;
		lv->weights[i] = 0;
		int n = entrance_variants(lv, i, from_above ? -1 : SIDE_S);
		for (int k = 0; k < n && placed < 0; k++) {
			int v = lv->order[k], ax, ay;
			const struct tile *t = &set->variants[v].t;
			if (from_above) {
				stair_anchor(t, &ax, &ay);
				if (tj_fits(lv, v, sx - ax, sy - ay, NULL, TJ_ENTRY_WALL) &&
				    (placed = tj_place(lv, v, sx - ax, sy - ay, NULL, -1, TJ_ENTRY_WALL, e)) < 0)
					return -1;
			} else {
				const struct tile_door *d = entry_door(t);
				sx = m->w / 2;
				sy = m->h - 1;
				if (tj_fits(lv, v, sx - d->x, sy - d->y, NULL, TJ_ENTRY_OUTSIDE) &&
				    (placed = tj_place(lv, v, sx - d->x, sy - d->y, NULL, -1, TJ_ENTRY_OUTSIDE, e)) < 0)
					return -1;
			}
		}
	}
	if (placed < 0 && from_above)
		placed = start_anywhere(lv, sx, sy, e);
	if (placed < 0)
		return from_above ? -1
				  : err_set(e, "the %dx%d grid is too small for any entrance tile", m->w, m->h);
	const struct tile_variant *tv = &set->variants[lv->placed[placed].variant];
	m->regions[map_at(m, sx, sy)].flags |= REGION_FLAG_ENTRY;
	if (from_above) {
		if (map_add_stair(m, sx, sy, STAIR_UP, p->depth - 1, e) < 0)
			return -1;
		map_set_entrance(m, sx, sy, -1);
	} else {
		if (map_add_door(m, sx, sy, SIDE_S, DOOR_PLAIN, e) < 0)
			return -1;
		map_set_entrance(m, sx, sy, SIDE_S);
	}
	log_step(lv->log, "Entrance: tile '%s' turn %d at %d,%d, %s.", set->tiles[tv->tile].name, tv->turn,
		 lv->placed[placed].x, lv->placed[placed].y,
		 from_above ? "stairs up on the start square" : "its way in on the south edge");
	return 0;
}

/* Stage 2: join tiles at open doors until `target` rooms stand. A door no
 * tile fits is bad: walled up at once and never tried again. When no open
 * door is left, either stop (the default) or open a new door at random.
 * Each pass consumes a door or places a tile, so the loop ends; the counter
 * is a second bound. Returns 1 when it ended early, 0, or -1 on error. */
static int join_tiles(struct tile_level *lv, const struct gen_params *p, int target, struct err *e)
{
	int new_door_limit = target > 16 ? target : 16;
	long guard = 4L * lv->m->w * lv->m->h + 1000;
	while (lv->rooms < target && guard-- > 0) {
		int r = tj_take_open(lv);
		if (r < 0) {
			if (!p->tiles.random_doors || lv->made >= new_door_limit)
				return 1;
			int k = tj_open_new(lv, e);
			if (k < 0)
				return -1;
			if (k == 0)
				return 1;
			continue;
		}
		int k = tj_attach(lv, r, e);
		if (k < 0)
			return -1;
		if (k == 0) {
			tj_wall_up(lv, r);
			lv->bad++;
			log_step(lv->log, "Door at %d,%d (%d wide, facing %s): no tile fits; walled up.",
				 lv->doors[r].x, lv->doors[r].y, lv->doors[r].width, side_name(lv->doors[r].facing));
		}
	}
	return lv->rooms < target;
}

/* Stage 3: wall up the doors still open when enough rooms stand. */
static int wall_up_rest(struct tile_level *lv)
{
	int n = 0;
	for (int r; (r = tj_take_open(lv)) >= 0; n++)
		tj_wall_up(lv, r);
	return n;
}

/* Stage 4: stairs down on the '>' of the last stair tile placed, or else
 * on a bare floor square of the last room placed. */
static int place_stairs_down(struct tile_level *lv, const struct gen_params *p, struct err *e)
{
	struct map *m = lv->m;
	int up = m->entrance.side < 0 ? m->entrance.y * m->w + m->entrance.x : -1;
	for (int i = lv->ndowns - 1; i >= 0; i--)
		if (lv->downs[i] != up)
			return map_add_stair(m, lv->downs[i] % m->w, lv->downs[i] / m->w, STAIR_DOWN, p->depth + 1, e);
	for (int k = lv->nplaced - 1; k >= 0; k--) {
		const struct tj_placed *pl = &lv->placed[k];
		const struct tile *t = &lv->set->variants[pl->variant].t;
		for (int i = 0; i < t->w * t->h; i++) {
			int x = pl->x + i % t->w, y = pl->y + i / t->w, sq = y * m->w + x;
			if (tile_square_of(t->cells[i]) != TSQ_FLOOR || !map_in(m, x, y) || sq == up ||
			    m->features[sq] != FEATURE_NONE || !region_is_keyed(m->regions[map_at(m, x, y)].kind))
				continue;
			return map_add_stair(m, x, y, STAIR_DOWN, p->depth + 1, e);
		}
	}
	return err_set(e, "no floor square left for the stairs down");
}

int tiles_build(struct tile_level *lv, const struct tile_set *set, struct map *m, const struct gen_params *p,
		struct rng *rng, struct log *log, struct err *e)
{
	int target = p->rooms > 0 ? p->rooms : TILES_DEFAULT_ROOMS;
	if (tj_init(lv, m, set, rng, log, e) < 0)
		return -1;
	log_step(log, "Tiles: %d tile%s (%d distinct turned cop%s); %d room%s wanted on %dx%d squares.",
		 set->ntiles, plural_s(set->ntiles), set->nvariants, set->nvariants == 1 ? "y" : "ies", target,
		 plural_s(target), m->w, m->h);
	/* 1. The entrance tile */
	if (place_entrance(lv, p, e) < 0)
		return -1;
	/* 2. Join tiles at open doors until enough rooms stand */
	int early = join_tiles(lv, p, target, e);
	if (early < 0)
		return -1;
	/* 3. Wall up the doors left open */
	int rest = wall_up_rest(lv);
	/* 4. Stairs down to the next level */
	if (p->depth < p->levels && place_stairs_down(lv, p, e) < 0)
		return -1;
	/* 5. The figures for -v and the log, and the warning when the level
	 * ended early */
	map_add_figure(m, "%d tile%s joined at %d door%s; %d door%s walled up.", lv->nplaced, plural_s(lv->nplaced),
		       lv->nplaced - 1, plural_s(lv->nplaced - 1), lv->bad + rest, plural_s(lv->bad + rest));
	if (lv->made)
		map_add_figure(m, "%d door%s opened at dead ends.", lv->made, plural_s(lv->made));
	if (early) {
		map_add_figure(m, "Ended early: %d of %d room%s.", lv->rooms, target, plural_s(target));
		log_warn(log, "tiles: the level ended early with %d tile%s placed (%d of %d room%s): "
			 "no open door fits any tile%s", lv->nplaced, plural_s(lv->nplaced), lv->rooms, target,
			 plural_s(target), p->tiles.random_doors ? " and no new door could be opened" : "");
	} else {
		log_step(log, "Done: %d room%s in %d tile%s; %d bad door%s and %d left open walled up.", lv->rooms,
			 plural_s(lv->rooms), lv->nplaced, plural_s(lv->nplaced), lv->bad, plural_s(lv->bad), rest);
	}
	return 0;
}

static int tiles_generate(struct map *m, const struct gen_params *p, struct rng *rng, struct log *log,
			  struct err *e)
{
	struct tile_set own;
	struct tile_level lv;
	struct tile_set *set = p->tiles.cache ? p->tiles.cache : &own;
	memset(&own, 0, sizeof own);
	memset(&lv, 0, sizeof lv);
	/* 0. The tile library, read once per run (the caller's cache) */
	int rc = tile_set_load(set, p->template_dirs, p->tiles.dir, e);
	if (rc == 0)
		rc = tiles_build(&lv, set, m, p, rng, log, e);
	tj_free(&lv);
	if (set == &own)
		tile_set_free(&own);
	return rc;
}

static const struct method_option tiles_options[] = {
	{ "tiles", "DIR", "read tiles from DIR instead of the shipped ones (+DIR: beside them)",
	  "Tiles from", opt_tiles, NULL, 0 },
	{ "dead-ends", "MODE", "when no door fits: close (end the level) or new-door",
	  "When no tile fits a door", opt_dead_ends, "close new-door", 0 },
	{ NULL, NULL, NULL, NULL, NULL, NULL, 0 }
};

const struct method method_tiles = {
	.name = "tiles",
	.summary = "prefab rooms and corridors drawn in tile files, joined door to door",
	.square_feet = 10,
	.default_rooms = TILES_DEFAULT_ROOMS,
	.fit_size = tiles_fit_size,
	.defaults = tiles_defaults,
	.generate = tiles_generate,
	.options = tiles_options,
};
