/* tile_join.c: the steps of the tiles procedure on the grid (see
 * tile_join.h): setting a level up, placing a tile, joining a tile at an
 * open door, walling doors up and opening new ones. Overlap is tested on
 * an occupancy grid a row of bits at a time over the tile alone
 * (tile_fit.c), a placed tile is written from a list of its squares
 * (tile_stamp.c), and open doors sit in a list taken from at random, so no
 * step scans the whole grid. */
#include "methods/tiles/tile_join.h"

#include "methods/tiles/tile_fit.h"
#include "methods/tiles/tile_pick.h"
#include "methods/tiles/tile_stamp.h"

#include <stdlib.h>
#include <string.h>

/* Grows *a (elements of size bytes) to hold n + 1. */
static int grow(void **a, int *cap, int n, size_t size, struct err *e)
{
	if (n < *cap)
		return 0;
	int ncap = *cap ? *cap * 2 : 64;
	void *p = realloc(*a, (size_t)ncap * size);
	if (!p)
		return err_set(e, "out of memory joining tiles");
	*a = p;
	*cap = ncap;
	return 0;
}

int tj_init(struct tile_level *lv, struct map *m, const struct tile_set *set, struct rng *rng,
	    struct log *log, struct err *e)
{
	memset(lv, 0, sizeof *lv);
	lv->m = m;
	lv->set = set;
	lv->rng = rng;
	lv->log = log;
	int n = 1, comps = 1;
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++) {
			if (set->ngroups[f][w] > n)
				n = set->ngroups[f][w];
			for (int g = 0; g < set->ngroups[f][w]; g++)
				if (set->groups[f][w][g].count > n)
					n = set->groups[f][w][g].count;
		}
	for (int v = 0; v < set->nvariants; v++) {
		if (set->variants[v].t.ncomp > comps)
			comps = set->variants[v].t.ncomp;
		if (set->variants[v].t.w * set->variants[v].t.h > n)
			n = set->variants[v].t.w * set->variants[v].t.h;
	}
	if (set->nvariants > n)
		n = set->nvariants;
	lv->scratch_n = n;
	lv->comp_region = malloc((size_t)comps * sizeof *lv->comp_region);
	lv->weights = malloc((size_t)n * sizeof *lv->weights);
	lv->order = malloc((size_t)n * sizeof *lv->order);
	lv->tree = malloc((2 * (size_t)n + 2) * sizeof *lv->tree);
	if (!lv->comp_region || !lv->weights || !lv->order || !lv->tree) {
		tj_free(lv);
		return err_set(e, "out of memory for a %dx%d tile map", m->w, m->h);
	}
	if (tj_shapes_init(lv, e) < 0 || tj_stamps_init(lv, e) < 0 || tj_picks_init(lv, e) < 0) {
		tj_free(lv);
		return -1;
	}
	return 0;
}

void tj_free(struct tile_level *lv)
{
	tj_shapes_free(lv);
	tj_stamps_free(lv);
	tj_picks_free(lv);
	free(lv->tree);
	free(lv->doors);
	free(lv->open);
	free(lv->placed);
	free(lv->downs);
	free(lv->comp_region);
	free(lv->weights);
	free(lv->order);
	memset(lv, 0, sizeof *lv);
}

/* Makes a region for every floor piece of t; the piece joined at a
 * corridor's door stays part of that corridor when t is a corridor too. */
static int make_regions(struct tile_level *lv, const struct tile *t, const struct tile_door *matched,
			int joined_to, struct err *e)
{
	int largest = 0;
	for (int c = 0; c < t->ncomp; c++) {
		if (t->comp_area[c] > t->comp_area[largest])
			largest = c;
		if (joined_to >= 0 && c == matched->comp && t->kind == TILE_CORRIDOR &&
		    lv->m->regions[lv->doors[joined_to].region].kind == REGION_CORRIDOR) {
			lv->comp_region[c] = lv->doors[joined_to].region;
			continue;
		}
		enum region_kind k = tile_region_kind(t->kind);
		int id = map_add_region(lv->m, k, e);
		if (id < 0)
			return -1;
		lv->comp_region[c] = id;
		lv->rooms += region_is_keyed(k);
	}
	struct region *big = &lv->m->regions[lv->comp_region[largest]];
	if (t->title[0] && !big->name[0])
		snprintf(big->name, sizeof big->name, "%s", t->title);
	return 0;
}

static enum door_kind door_kind_for(int width)
{
	return width > 1 ? DOOR_OPENING : DOOR_PLAIN;
}

/* Adds open door d of the tile placed at (ox, oy), opening from region. */
static int add_open(struct tile_level *lv, const struct tile_door *d, int ox, int oy, int placed, int region,
		    struct err *e)
{
	if (grow((void **)&lv->doors, &lv->doors_cap, lv->ndoors, sizeof *lv->doors, e) < 0 ||
	    grow((void **)&lv->open, &lv->open_cap, lv->nopen, sizeof *lv->open, e) < 0)
		return -1;
	int id = lv->ndoors++;
	lv->doors[id] = (struct tj_door){ ox + d->x, oy + d->y, d->width, d->axis, (enum side)d->facing,
					   region, placed, 0, TJ_OPEN, -1, 0 };
	lv->open[lv->nopen++] = id;
	for (int k = 0; k < d->width; k++) {
		int x = ox + d->x + (d->axis == TILE_AXIS_H ? k : 0), y = oy + d->y + (d->axis == TILE_AXIS_V ? k : 0);
		tj_occ_put(lv, x, y, TJ_DOOR);
	}
	return 0;
}

/* Turns the squares of door r into floor of its region with a door on each
 * edge to the region beyond. */
static int join_squares(struct tile_level *lv, int r, int beyond, struct err *e)
{
	struct tj_door *d = &lv->doors[r];
	for (int k = 0; k < d->width; k++) {
		int x = d->x + (d->axis == TILE_AXIS_H ? k : 0), y = d->y + (d->axis == TILE_AXIS_V ? k : 0);
		map_set(lv->m, x, y, d->region);
		tj_occ_put(lv, x, y, TJ_FLOOR);
		if (beyond != d->region && map_add_door(lv->m, x, y, d->facing, door_kind_for(d->width), e) < 0)
			return -1;
	}
	d->state = TJ_JOINED;
	return 0;
}

int tj_place(struct tile_level *lv, int v, int ox, int oy, const struct tile_door *matched, int joined_to,
	     enum tj_entry entry, struct err *e)
{
	const struct tile *t = &lv->set->variants[v].t;
	if (grow((void **)&lv->placed, &lv->placed_cap, lv->nplaced, sizeof *lv->placed, e) < 0)
		return -1;
	int p = lv->nplaced++;
	lv->placed[p] = (struct tj_placed){ v, ox, oy, joined_to };
	if (make_regions(lv, t, matched, joined_to, e) < 0)
		return -1;
	if (tj_stamp(lv, v, ox, oy, entry, e) < 0)
		return -1;
	for (int k = 0; k < t->ndoors; k++) {
		const struct tile_door *d = &t->doors[k];
		if (d->facing < 0) {
			/* inner door: the squares belong to the north or west piece */
			enum side s = d->axis == TILE_AXIS_H ? SIDE_S : SIDE_E;
			for (int j = 0; j < d->width; j++) {
				int x = ox + d->x + (d->axis == TILE_AXIS_H ? j : 0);
				int y = oy + d->y + (d->axis == TILE_AXIS_V ? j : 0);
				if (map_add_door(lv->m, x, y, s, door_kind_for(d->width), e) < 0)
					return -1;
			}
		} else if (!d->entry && d != matched && add_open(lv, d, ox, oy, p, lv->comp_region[d->comp], e) < 0) {
			return -1;
		}
	}
	if (joined_to >= 0) {
		lv->doors[joined_to].joined = p;
		lv->doors[joined_to].join_width = matched->width;
		if (join_squares(lv, joined_to, lv->comp_region[matched->comp], e) < 0)
			return -1;
	}
	return p;
}

int tj_take_open(struct tile_level *lv)
{
	if (lv->nopen == 0)
		return -1;
	int i = rng_range(lv->rng, 0, lv->nopen - 1);
	int r = lv->open[i];
	lv->open[i] = lv->open[--lv->nopen];
	return r;
}

void tj_wall_up(struct tile_level *lv, int r)
{
	struct tj_door *d = &lv->doors[r];
	for (int k = 0; k < d->width; k++) {
		int x = d->x + (d->axis == TILE_AXIS_H ? k : 0), y = d->y + (d->axis == TILE_AXIS_V ? k : 0);
		tj_occ_put(lv, x, y, TJ_ROCK);
	}
	d->state = TJ_WALLED;
}

/* True when nothing but empty ground lies beyond door r. */
static int door_has_room(const struct tile_level *lv, const struct tj_door *d)
{
	for (int k = 0; k < d->width; k++) {
		int x = d->x + (d->axis == TILE_AXIS_H ? k : 0) + side_dx[d->facing];
		int y = d->y + (d->axis == TILE_AXIS_V ? k : 0) + side_dy[d->facing];
		if (!map_in(lv->m, x, y) || tj_occ_at(lv, x, y) != TJ_EMPTY)
			return 0;
	}
	return 1;
}

int tj_attach(struct tile_level *lv, int r, struct err *e)
{
	const struct tile_set *set = lv->set;
	struct tj_door d = lv->doors[r];
	int f = side_opposite(d.facing), w = d.width;
	if (w > TILE_MAX_DOOR || set->ngroups[f][w] == 0 || !door_has_room(lv, &d))
		return 0;
	const struct tile_group *g = set->groups[f][w];
	int ng = set->ngroups[f][w];
	const struct tj_cand *cands = lv->cands + lv->cand_first[f][w];
	const uint64_t *group_line = lv->group_line + lv->group_first[f][w];
	int run = tj_empty_run(lv, d.x, d.y, d.facing);
	struct tj_picker pk;
	tj_picker_start(&pk, lv, f, w, lv->weights, lv->tree);
	for (int tries = 0; tries < ng; tries++) {
		int i = tj_picker_take(&pk, lv->rng);
		if (i < 0)
			break;
		for (int k = 0; k < g[i].count; k++)
			lv->order[k] = g[i].first + k;
		rng_shuffle(lv->rng, lv->order, (size_t)g[i].count);
		/* (shuffled all the same: the rolls stay as they were) */
		if (run < 64 && (group_line[i] >> run & 1))
			continue;
		for (int k = 0; k < g[i].count; k++) {
			const struct tj_cand *c = &cands[lv->order[k]];
			const struct tile_door *vd = c->door;
			int ox = d.x - c->dx, oy = d.y - c->dy;
			if (!tj_cand_fits(lv, c, d.x, d.y, run))
				continue;
			if (tj_place(lv, c->variant, ox, oy, vd, r, TJ_ENTRY_NONE, e) < 0)
				return -1;
			const struct tile_variant *tv = &set->variants[c->variant];
			log_step(lv->log, "Door at %d,%d (%d wide, facing %s): tile '%s' turn %d joined there.",
				 d.x, d.y, w, side_name(d.facing), set->tiles[tv->tile].name, tv->turn);
			return 1;
		}
	}
	return 0;
}

/* Looks along a wall square for a door of width w: squares of rock with
 * floor of one region on one side and empty ground on the other. */
static int new_door_fits(const struct tile_level *lv, int x, int y, enum side f, int w, int *region)
{
	const struct map *m = lv->m;
	enum side in = side_opposite(f);
	int dx = (f == SIDE_N || f == SIDE_S), dy = !dx;
	*region = 0;
	for (int k = 0; k < w; k++) {
		int sx = x + k * dx, sy = y + k * dy;
		int fx = sx + side_dx[in], fy = sy + side_dy[in], ex = sx + side_dx[f], ey = sy + side_dy[f];
		if (!map_in(m, sx, sy) || !map_in(m, fx, fy) || !map_in(m, ex, ey))
			return 0;
		if (tj_occ_at(lv, sx, sy) != TJ_ROCK || tj_occ_at(lv, fx, fy) != TJ_FLOOR ||
		    tj_occ_at(lv, ex, ey) != TJ_EMPTY)
			return 0;
		int r = map_at(m, fx, fy);
		if (k == 0)
			*region = r;
		else if (r != *region)
			return 0;
	}
	return *region > 0;
}

int tj_open_new(struct tile_level *lv, struct err *e)
{
	const struct tile_set *set = lv->set;
	if (lv->nplaced == 0 || set->nwidths == 0)
		return 0;
	for (int attempt = 0; attempt < 64; attempt++) {
		const struct tj_placed *p = &lv->placed[rng_range(lv->rng, 0, lv->nplaced - 1)];
		const struct tile *t = &set->variants[p->variant].t;
		int w = set->widths[rng_range(lv->rng, 0, set->nwidths - 1)];
		int seen = 0, bx = 0, by = 0, bf = 0, bregion = 0, region;
		/* every wall square of that tile is a candidate; keep one at random */
		for (int y = p->y; y < p->y + t->h; y++)
			for (int x = p->x; x < p->x + t->w; x++)
				for (int f = 0; f < SIDE_COUNT; f++)
					if (new_door_fits(lv, x, y, (enum side)f, w, &region) &&
					    rng_range(lv->rng, 0, seen++) == 0) {
						bx = x;
						by = y;
						bf = f;
						bregion = region;
					}
		if (!seen)
			continue;
		struct tile_door d = { 0, 0, w, (bf == SIDE_N || bf == SIDE_S) ? TILE_AXIS_H : TILE_AXIS_V, bf, 0, 0, -1 };
		if (add_open(lv, &d, bx, by, (int)(p - lv->placed), bregion, e) < 0)
			return -1;
		lv->doors[lv->ndoors - 1].made = 1;
		lv->made++;
		log_step(lv->log, "Dead end: opened a new door %d wide at %d,%d facing %s.", w, bx, by,
			 side_name((enum side)bf));
		return 1;
	}
	return 0;
}
