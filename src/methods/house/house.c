/* house.c: the house method, recursive subdivision into hallways and rooms.
 *
 * Follows a house generator's procedure (its steps are in man/mapsheet.1
 * under METHODS, house; its origin under Sources): the plan is split by a
 * queue of areas, first carving straight hallways while the hall rate
 * allows, then cutting areas until they are no bigger than a room; the
 * hallways whose ends meet are joined into one network (one that meets none
 * is reached by doors like a room); then rooms take doors onto the
 * hallway (or into rooms already connected) until every room is connected.
 * Walls lie on the grid lines, so the rooms and the hallway tile the whole
 * grid, like an architect's plan. The door probabilities and the hall rate
 * move the plan from a well-connected house to a maze; the measures that
 * show where it lies are the method's figures (map.h: -v and the roll log). */
#include "methods/gen.h"
#include "base/plural.h"
#include "methods/house/house.h"
#include "methods/house/house_build.h"
#include "names/names.h"

#include "model/connect.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Squares per room that --rooms asks for when --size is not given. */
#define HOUSE_SQUARES_PER_ROOM 40

/* Stage 3: lays the joined hallway segments as one hallway region (see
 * house_join_halls) and the rooms on the grid. */
static int lay_out(struct house_build *b, struct err *e)
{
	if (b->nhalls > 0) {
		b->hall_region = map_add_region(b->m, REGION_HALL, e);
		if (b->hall_region < 0)
			return -1;
		for (int i = 0; i < b->nhalls; i++)
			map_fill_rect(b->m, b->hall_region, b->halls[i]);
		log_step(b->log, "Hallways: %d straight pieces joined into one network of %ld squares", b->nhalls,
			 b->hall_area);
	}
	b->room_base = b->m->nregions + 1;
	for (int i = 0; i < b->nrooms; i++) {
		int id = map_add_region(b->m, i < b->first_lone_hall ? REGION_ROOM : REGION_HALL, e);
		if (id < 0)
			return -1;
		map_fill_rect(b->m, id, b->rooms[i]);
	}
	return 0;
}

/* What map_recount() would find, from the plan's rectangles instead of a
 * pass over the grid: the hallway pieces and the rooms tile the plan
 * without overlapping, so each region's area is the sum of its pieces'. */
static void recount(struct house_build *b)
{
	struct map *m = b->m;
	for (int i = 0; i <= m->nregions; i++) {
		m->regions[i].area = 0;
		m->regions[i].bounds = (struct rect){ 0, 0, 0, 0 };
	}
	for (int i = 0; i < b->nhalls; i++) {
		struct rect h = b->halls[i];
		struct region *r = &m->regions[b->hall_region];
		if (r->area == 0) {
			r->bounds = h;
		} else {
			int x1 = r->bounds.x + r->bounds.w, y1 = r->bounds.y + r->bounds.h;
			x1 = h.x + h.w > x1 ? h.x + h.w : x1;
			y1 = h.y + h.h > y1 ? h.y + h.h : y1;
			r->bounds.x = h.x < r->bounds.x ? h.x : r->bounds.x;
			r->bounds.y = h.y < r->bounds.y ? h.y : r->bounds.y;
			r->bounds.w = x1 - r->bounds.x;
			r->bounds.h = y1 - r->bounds.y;
		}
		r->area += h.w * h.h;
	}
	for (int i = 0; i < b->nrooms; i++) {
		m->regions[b->room_base + i].bounds = b->rooms[i];
		m->regions[b->room_base + i].area = b->rooms[i].w * b->rooms[i].h;
	}
}

/* Picks the k-th (k < 0: counts) edge of the grid border whose square
 * belongs to region `want`. */
static int border_edge(const struct map *m, int want, int k, int *x, int *y, enum side *side)
{
	int count = 0;
	for (int s = 0; s < SIDE_COUNT; s++) {
		int len = s == SIDE_N || s == SIDE_S ? m->w : m->h;
		for (int i = 0; i < len; i++) {
			int cx = s == SIDE_E ? m->w - 1 : s == SIDE_W ? 0 : i;
			int cy = s == SIDE_S ? m->h - 1 : s == SIDE_N ? 0 : i;
			if (map_at(m, cx, cy) != want)
				continue;
			if (count++ == k) {
				*x = cx, *y = cy, *side = (enum side)s;
				return count;
			}
		}
	}
	return count;
}

/* The entrance: stairs up at the start square when there is one, else a door
 * to the outside on the border from the hallway, or from a room near the
 * middle of a random side when there is no hallway. Sets the hub: the
 * hallway, or the entrance's room when there is none. */
static int place_entrance(struct house_build *b, struct err *e)
{
	struct map *m = b->m;
	int x, y;
	enum side side;
	if (b->p->start_x >= 0) {
		x = b->p->start_x, y = b->p->start_y;
		map_set_entrance(m, x, y, -1);
		if (map_add_stair(m, x, y, STAIR_UP, b->p->depth - 1, e) < 0)
			return -1;
		log_step(b->log, "Entrance: stairs up at (%d, %d)", x, y);
	} else {
		if (b->hall_region > 0) {
			int n = border_edge(m, b->hall_region, -1, &x, &y, &side);
			if (n == 0)     /* the first hallway spans the plan, so never */
				return err_set(e, "house: no hallway reaches the edge of the plan (a bug)");
			border_edge(m, b->hall_region, rng_range(b->rng, 0, n - 1), &x, &y, &side);
		} else {
			side = (enum side)rng_range(b->rng, 0, SIDE_COUNT - 1);
			int len = side == SIDE_N || side == SIDE_S ? m->w : m->h;
			int at = rng_range(b->rng, len / 4, len - 1 - len / 4);
			x = side == SIDE_E ? m->w - 1 : side == SIDE_W ? 0 : at;
			y = side == SIDE_S ? m->h - 1 : side == SIDE_N ? 0 : at;
		}
		if (map_add_door(m, x, y, side, DOOR_PLAIN, e) < 0)
			return -1;
		map_set_entrance(m, x, y, side);
		log_step(b->log, "Entrance: a door to the outside on the %s edge at (%d, %d), into the %s", side_name(side),
			 x, y, b->hall_region > 0 ? "hallway" : "room that is the hub");
	}
	b->hub = b->hall_region > 0 ? b->hall_region : map_at(m, x, y);
	m->regions[map_at(m, x, y)].flags |= REGION_FLAG_ENTRY;
	return 0;
}

/* Stairs down in the room the most doors away from the entrance, at its
 * middle (beside it when the stairs up stand there). */
static int place_stairs_down(struct house_build *b, struct err *e)
{
	struct map *m = b->m;
	struct graph g;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist);
	if (!dist)
		return err_set(e, "out of memory for the stairs down");
	if (graph_build(&g, m, e) < 0) {
		free(dist);
		return -1;
	}
	int rc = connect_distances(m, &g, connect_entrance_region(m), dist, e);
	graph_free(&g);
	if (rc == 0) {
		int best = b->room_base;
		for (int i = 0; i < b->nrooms; i++)
			if (dist[b->room_base + i] > dist[best])
				best = b->room_base + i;
		struct rect r = b->rooms[best - b->room_base];
		int x = r.x + r.w / 2, y = r.y + r.h / 2;
		if (x == b->p->start_x && y == b->p->start_y)
			x = x > r.x ? x - 1 : x + 1;
		rc = map_add_stair(m, x, y, STAIR_DOWN, b->p->depth + 1, e) < 0 ? -1 : 0;
		log_step(b->log, "Stairs down at (%d, %d), %d door%s from the entrance", x, y, dist[best],
			 plural_s(dist[best]));
	}
	free(dist);
	return rc;
}

/* The maze measures: the method's figures, for -v and the roll log. */
static int add_measures(struct house_build *b, struct err *e)
{
	struct house_measures ms;
	if (house_measure(b->m, &ms, e) < 0)
		return -1;
	long plan = (long)b->m->w * b->m->h;
	char from[48] = "";
	if (ms.sampled)
		snprintf(from, sizeof from, " (%d sample rooms)", ms.sources);
	map_add_figure(b->m, "House: %d room%s; hallway %.0f%% of the plan", ms.rooms, plural_s(ms.rooms),
		       100.0 * (double)b->hall_area / (double)plan);
	map_add_figure(b->m, "Doors passed between two rooms%s: %.1f on average, %d at most", from, ms.avg_doors,
		       ms.longest);
	map_add_figure(b->m, "Loops: %d; dead-end rooms: %d of %d", ms.loops, ms.dead_ends, ms.rooms);
	return 0;
}

/* Names the regions from the house's name table, by size and neighbours. */
static int name_rooms(struct house_build *b, struct err *e)
{
	struct names_table names;
	if (names_load(&names, b->p->template_dirs, "house", e) < 0)
		return -1;
	recount(b);
	int rc = names_assign(&names, b->m, map_at(b->m, b->m->entrance.x, b->m->entrance.y), b->touch_first,
			      b->touch, b->rng, b->log, e);
	names_free(&names);
	return rc;
}

/* Checks what the options cannot: the params may come from elsewhere. */
static int check_request(const struct map *m, const struct gen_params *p, struct err *e)
{
	const struct house_params *hp = &p->house;
	if (m->w < HOUSE_MIN_SIDE || m->h < HOUSE_MIN_SIDE)
		return err_usage(e, "house: a %dx%d plan is too small (the smallest room is %dx%d squares)", m->w,
				 m->h, HOUSE_MIN_SIDE, HOUSE_MIN_SIDE);
	if (!(hp->hall_rate >= 0 && hp->hall_rate <= 1) || !(hp->hall_door_prob >= 0 && hp->hall_door_prob <= 1) ||
	    !(hp->room_door_prob >= 0 && hp->room_door_prob <= 1))
		return err_usage(e, "house: the hall rate and door probabilities must lie between 0 and 1");
	if (hp->max_room < HOUSE_MIN_MAX_ROOM)
		return err_usage(e, "house: --max-room %d is below %d squares", hp->max_room, HOUSE_MIN_MAX_ROOM);
	if (p->start_x >= 0 && !map_in(m, p->start_x, p->start_y))
		return err_usage(e, "house: the start square (%d, %d) is off the %dx%d plan", p->start_x, p->start_y,
				 m->w, m->h);
	return 0;
}

static int house_generate(struct map *m, const struct gen_params *p, struct rng *rng, struct log *log,
			struct err *e)
{
	if (check_request(m, p, e) < 0)
		return -1;
	struct house_build b = { .m = m, .p = p, .hp = &p->house, .rng = rng, .log = log };
	int rc = -1;
	log_step(log, "House: %dx%d plan, hall rate %g, hall-door chance %g, room-door chance %g, rooms up to %d squares",
		 m->w, m->h, p->house.hall_rate, p->house.hall_door_prob, p->house.room_door_prob, p->house.max_room);
	/* 1-2. Queue of areas: hallways while the hall rate allows, then cuts,
	 * then rooms. */
	if (house_plan(&b, e) < 0)
		goto out;
	/* 3. Join the hallways into one network; lay the rooms on the grid. */
	if (house_join_halls(&b, e) < 0 || lay_out(&b, e) < 0)
		goto out;
	/* The entrance, and the hub the doors connect to (the hallway, or the
	 * entrance's room when there is no hallway). */
	if (place_entrance(&b, e) < 0)
		goto out;
	/* Which regions share a wall, for the doors and the names. */
	if (names_touching(m, &b.touch_first, &b.touch, e) < 0)
		goto out;
	/* 4. Doors, room by room through the queue, until all are connected. */
	if (house_doors(&b, e) < 0)
		goto out;
	/* Stairs down far from the entrance on all but the last level. */
	if (p->depth < p->levels && place_stairs_down(&b, e) < 0)
		goto out;
	/* How house-like or maze-like it came out. */
	if (add_measures(&b, e) < 0)
		goto out;
	/* Names from the house's table (templates/names/house.names). */
	if (name_rooms(&b, e) < 0)
		goto out;
	rc = 0;
out:
	free(b.halls);
	free(b.rooms);
	free(b.touch_first);
	free(b.touch);
	return rc;
}

static void house_defaults(struct gen_params *p)
{
	p->house = (struct house_params){
		.hall_rate = HOUSE_DEFAULT_HALL_RATE,
		.hall_door_prob = HOUSE_DEFAULT_HALL_DOOR_PROB,
		.room_door_prob = HOUSE_DEFAULT_ROOM_DOOR_PROB,
		.max_room = HOUSE_DEFAULT_MAX_ROOM,
	};
}

/* A plan of about HOUSE_SQUARES_PER_ROOM squares a room, shaped like a
 * page's map area (GEN_PAGE_ASPECT; the default 20 rooms: 26x31, 4 squares
 * to the inch on letter or A4). */
static void house_fit_size(int rooms, int *w, int *h)
{
	double area = (double)(rooms > 0 ? rooms : 1) * HOUSE_SQUARES_PER_ROOM;
	*w = (int)lround(sqrt(area * GEN_PAGE_ASPECT));
	*h = (int)ceil(area / *w);
	if (*w < 2 * HOUSE_MIN_SIDE)
		*w = 2 * HOUSE_MIN_SIDE;
	if (*h < 2 * HOUSE_MIN_SIDE)
		*h = 2 * HOUSE_MIN_SIDE;
}

static int opt_hall_rate(struct gen_params *p, const char *v, struct err *e)
{
	return gen_parse_real("hall-rate", v, 0, 1, &p->house.hall_rate, e);
}

static int opt_hall_door_prob(struct gen_params *p, const char *v, struct err *e)
{
	return gen_parse_real("hall-door-prob", v, 0, 1, &p->house.hall_door_prob, e);
}

static int opt_room_door_prob(struct gen_params *p, const char *v, struct err *e)
{
	return gen_parse_real("room-door-prob", v, 0, 1, &p->house.room_door_prob, e);
}

static int opt_hallways(struct gen_params *p, const char *v, struct err *e)
{
	if (strcmp(v, "any") == 0)
		p->house.hallways = HOUSE_HALLS_ANY;
	else if (strcmp(v, "joined") == 0)
		p->house.hallways = HOUSE_HALLS_JOINED;
	else
		return err_usage(e, "--hallways: '%s' is not a hallway rule (expected any or joined)", v);
	return 0;
}

static int opt_max_room(struct gen_params *p, const char *v, struct err *e)
{
	return gen_parse_int("max-room", v, HOUSE_MIN_MAX_ROOM, MAP_MAX_AREA, &p->house.max_room, e);
}

static const struct method_option house_options[] = {
	{ "hall-rate", "R", "house: fraction of the plan that may be hallway, 0 to 1 (0.15)",
	  "Share of the plan in hallways", opt_hall_rate, NULL, 0 },
	{ "hall-door-prob", "P", "house: chance of another door onto the hallway (0.5)",
	  "Chance of more doors onto a hallway", opt_hall_door_prob, NULL, 0 },
	{ "room-door-prob", "P", "house: chance of another door into a connected room (0.2)",
	  "Chance of more doors into a room", opt_room_door_prob, NULL, 0 },
	{ "max-room", "N", "house: areas up to N squares are not cut further (60)",
	  "Largest room left whole (squares)", opt_max_room, NULL, 0 },
	{ "hallways", "RULE", "house: a hallway runs any way that fits (any, default) or only where it meets one "
	  "(joined)",
	  "Where hallways run", opt_hallways, "any joined", 0 },
	{ NULL, NULL, NULL, NULL, NULL, NULL, 0 }
};

const struct method method_house = {
	.name = "house",
	.summary = "recursive subdivision: hallways first, then rooms, doors until connected",
	.square_feet = 5,
	.default_rooms = 20,
	.fit_size = house_fit_size,
	.defaults = house_defaults,
	.generate = house_generate,
	.options = house_options,
};
