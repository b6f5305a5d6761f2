/* check_house.c: the house method. Invariants over a sweep of seeds across
 * the parameter range and its extremes (rooms tile the plan as rectangles,
 * none below the minimum or above --max-room, one hallway network, every
 * room reachable, zero door probabilities give a tree), the measures moving
 * from house to maze as the options promise, reproducibility, the entrance
 * and stairs, and the options' parsing. */
#include "testutil.h"

#include "methods/house/house.h"
#include "model/connect.h"
#include "model/map_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One point of the parameter range. */
struct house_case {
	double hall_rate, hall_door, room_door;
	int max_room;
};

static const struct house_case cases[] = {
	{ 0.15, 0.5, 0.2, 60 },         /* the defaults */
	{ 0, 0, 0, 60 },                /* no hallway, a tree */
	{ 0, 1, 1, 9 },                 /* no hallway, tiny rooms, many doors */
	{ 0.0001, 0, 0, 60 },           /* one hallway, a tree: the maze */
	{ 0.0001, 1, 1, 400 },
	{ 1, 1, 1, 9 },                 /* hallways everywhere */
	{ 1, 0, 0, 60 },
	{ 1, 0.5, 0.2, 2000 },          /* big rooms */
	{ 0.5, 0, 1, 30 },
	{ 0.3, 1, 0, 100 },
	{ 0.15, 0, 0, 9 },
	{ 0.05, 0.5, 0.5, 1000000 },    /* nothing is ever cut */
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static const int sizes[][2] = {
	{ 50, 40 }, { 2, 2 }, { 2, 9 }, { 3, 3 }, { 7, 7 }, { 9, 30 }, { 20, 15 },
	{ 64, 48 }, { 100, 6 }, { 31, 17 }, { 12, 80 }, { 50, 40 },
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static void house_params(struct gen_params *p, const struct house_case *c, int w, int h)
{
	gen_params_default(p);
	p->w = w;
	p->h = h;
	p->house.hall_rate = c->hall_rate;
	p->house.hall_door_prob = c->hall_door;
	p->house.room_door_prob = c->room_door;
	p->house.max_room = c->max_room;
}

/* Doors between two regions (the entrance's door to the outside left out). */
static int inner_doors(const struct map *m)
{
	int n = 0;
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		n += a > 0 && b > 0;
	}
	return n;
}

/* Everything the procedure promises about one generated plan; returns NULL
 * or what is wrong. */
static const char *house_violation(const struct map *m, const struct gen_params *p, char *buf, size_t size)
{
	struct err e;
	if (map_check(m, &e) < 0) {
		snprintf(buf, size, "map_check: %s", e.msg);
		return buf;
	}
	long covered = 0;
	int halls = 0;
	for (long c = 0; c < (long)m->w * m->h; c++)
		if (m->cells[c] <= 0)
			return "a square of the plan belongs to no room or hallway";
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		covered += r->area;
		if (r->kind == REGION_HALL) {
			halls++;
			continue;
		}
		if (r->kind != REGION_ROOM)
			return "a region that is neither room nor hallway";
		if (r->area != r->bounds.w * r->bounds.h)
			return "a room that is not a rectangle";
		if (r->bounds.w < HOUSE_MIN_SIDE || r->bounds.h < HOUSE_MIN_SIDE || r->area < HOUSE_MIN_SIDE * HOUSE_MIN_SIDE) {
			snprintf(buf, size, "room %d is %dx%d, below the minimum", id, r->bounds.w, r->bounds.h);
			return buf;
		}
		if (r->area > p->house.max_room) {
			snprintf(buf, size, "room %d has %d squares, above --max-room %d", id, r->area, p->house.max_room);
			return buf;
		}
		if (r->name[0] == '\0')
			return "a room has no name (templates/names/house.names ends with a catch-all)";
	}
	if (covered != (long)m->w * m->h)
		return "the regions' areas do not add up to the plan";
	if (halls > 1 && p->house.hallways == HOUSE_HALLS_JOINED)
		return "more than one hallway region with --hallways joined";
	if (p->house.hall_rate == 0 && halls != 0)
		return "a hallway at hall rate 0";
	if (p->house.hall_door_prob == 0 && p->house.room_door_prob == 0 && inner_doors(m) != m->nregions - 1) {
		snprintf(buf, size, "zero door probabilities but %d doors for %d regions (not a tree)", inner_doors(m),
			 m->nregions);
		return buf;
	}
	if (p->start_x >= 0) {
		if (m->entrance.side != -1 || m->entrance.x != p->start_x || m->entrance.y != p->start_y)
			return "the entrance is not the start square";
	} else {
		int outside = 0;
		for (int i = 0; i < m->ndoors; i++) {
			int a, b;
			map_door_regions(m, &m->doors[i], &a, &b);
			outside += a == 0 || b == 0;
		}
		if (outside != 1 || m->entrance.side < 0)
			return "not exactly one door to the outside";
		if (halls && m->regions[map_at(m, m->entrance.x, m->entrance.y)].kind != REGION_HALL)
			return "the entrance is not on the hallway";
	}
	int up = 0, down = 0;
	for (int i = 0; i < m->nstairs; i++) {
		up += m->stairs[i].dir == STAIR_UP;
		down += m->stairs[i].dir == STAIR_DOWN;
	}
	if (up != (p->start_x >= 0) || down != (p->depth < p->levels))
		return "wrong stairs";
	if (m->nfigures != 3 || strncmp(m->figures[0], "House: ", 7) != 0)
		return "the measures are missing from the figures";
	if (m->nnotes != 0)
		return "the house left notes for the key's footer";
	return NULL;
}

START_TEST(test_invariant_sweep)
{
	char buf[640], seed[32];
	int trees = 0, hub_plans = 0;
	for (int i = 0; i < 1200; i++) {
		const struct house_case *c = &cases[i % NCASES];
		int w = sizes[(i / NCASES) % NSIZES][0], h = sizes[(i / NCASES) % NSIZES][1];
		struct gen_params p;
		house_params(&p, c, w, h);
		if (i % 5 == 2) {       /* a lower level: entered by stairs, more below */
			p.start_x = (i * 7) % w;
			p.start_y = (i * 13) % h;
			p.depth = 2;
			p.levels = 3;
		}
		snprintf(seed, sizeof seed, "sweep-%d", i);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, "house", seed, &p, 0, 0, 0, &e) == 0, "seed %s: %s", seed, e.msg);
		const char *bad = house_violation(&m, &p, buf, sizeof buf);
		ck_assert_msg(bad == NULL, "seed %s, case %d, %dx%d: %s", seed, i % NCASES, w, h, bad);
		trees += c->hall_door == 0 && c->room_door == 0;
		hub_plans += m.nregions > 0 && m.regions[1].kind == REGION_ROOM;
		map_free(&m);
	}
	ck_assert_int_ge(trees, 300);
	ck_assert_int_ge(hub_plans, 200);
}
END_TEST

/* --hallways any (the source's rule) against joined (a hallway only where an
 * end meets an earlier one): on plans wider or taller than 5:4, where the
 * longer split often runs from one edge of the plan to the other, the plans
 * differ; a hallway no end joins to the network is its own hallway, reached
 * by a door; and at zero door probabilities every plan is still a tree. */
START_TEST(test_hallways_rule)
{
	static const int shapes[][2] = { { 80, 30 }, { 30, 80 }, { 90, 40 }, { 50, 40 } };
	char buf[640], seed[32];
	int differ = 0, lone = 0, plans = 0;
	for (int i = 0; i < 200; i++) {
		struct house_case c = { 0.15, 0, 0, 60 };
		int w = shapes[i % 4][0], h = shapes[i % 4][1];
		struct map m[2];
		snprintf(seed, sizeof seed, "ways-%d", i);
		for (int rule = 0; rule < 2; rule++) {
			struct gen_params p;
			struct err e;
			house_params(&p, &c, w, h);
			p.house.hallways = rule ? HOUSE_HALLS_JOINED : HOUSE_HALLS_ANY;
			ck_assert_msg(test_generate(&m[rule], "house", seed, &p, 0, 0, 0, &e) == 0, "%s: %s", seed, e.msg);
			const char *bad = house_violation(&m[rule], &p, buf, sizeof buf);
			ck_assert_msg(bad == NULL, "seed %s, %dx%d, --hallways %s: %s", seed, w, h, rule ? "joined" : "any",
				      bad);
		}
		int halls = 0;
		for (int id = 1; id <= m[0].nregions; id++)
			halls += m[0].regions[id].kind == REGION_HALL;
		lone += halls > 1;
		differ += m[0].nregions != m[1].nregions ||
			  memcmp(m[0].cells, m[1].cells, (size_t)w * h * sizeof *m[0].cells) != 0;
		plans++;
		map_free(&m[0]);
		map_free(&m[1]);
	}
	fprintf(stderr, "house: --hallways any and joined differ on %d of %d plans; %d have a hallway of its own\n",
		differ, plans, lone);
	ck_assert_int_ge(differ * 4, plans);
	ck_assert_int_ge(lone, 1);
}
END_TEST

/* Mean measures of n plans of 50x40 at one setting. */
static struct house_measures mean_measures(const struct house_case *c, int n, const char *tag)
{
	struct house_measures sum = { 0 };
	double avg = 0;
	char seed[48];
	for (int i = 0; i < n; i++) {
		struct gen_params p;
		house_params(&p, c, 50, 40);
		snprintf(seed, sizeof seed, "%s-%d", tag, i);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, "house", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		struct house_measures ms;
		ck_assert_int_eq(house_measure(&m, &ms, &e), 0);
		ck_assert_int_eq(ms.sampled, 0);
		ck_assert_int_eq(ms.sources, ms.rooms);
		avg += ms.avg_doors;
		sum.longest += ms.longest;
		sum.loops += ms.loops;
		sum.dead_ends += ms.dead_ends;
		sum.rooms += ms.rooms;
		map_free(&m);
	}
	sum.avg_doors = avg / n;
	return sum;     /* the counts are totals over the n plans */
}

START_TEST(test_measures_house_to_maze)
{
	/* Along the hall rate, door chances at their defaults: */
	const struct house_case rate[] = {
		{ 1, 0.5, 0.2, 60 }, { 0.15, 0.5, 0.2, 60 }, { 0.0001, 0.5, 0.2, 60 }, { 0, 0.5, 0.2, 60 },
	};
	/* along the door chances, one hallway (the same plans: the same seeds): */
	const struct house_case doors[] = {
		{ 0.0001, 1, 1, 60 }, { 0.0001, 0.5, 0.2, 60 }, { 0.0001, 0, 0, 60 },
	};
	struct house_measures mr[4], md[3];
	for (int i = 0; i < 4; i++)
		mr[i] = mean_measures(&rate[i], 60, "measure");
	for (int i = 0; i < 3; i++)
		md[i] = mean_measures(&doors[i], 60, "measure");
	if (getenv("HOUSE_SHOW"))
		for (int i = 0; i < 7; i++) {
			const struct house_measures *x = i < 4 ? &mr[i] : &md[i - 4];
			fprintf(stderr, "%s %d: avg %.2f longest %d loops %d dead ends %d of %d\n", i < 4 ? "rate" : "doors",
				i < 4 ? i : i - 4, x->avg_doors, x->longest, x->loops, x->dead_ends, x->rooms);
		}
	/* less hallway: more doors passed between rooms, on average and at most */
	for (int i = 0; i + 1 < 4; i++) {
		ck_assert_msg(mr[i].avg_doors < mr[i + 1].avg_doors, "hall rate %g: %.2f, %g: %.2f", rate[i].hall_rate,
			      mr[i].avg_doors, rate[i + 1].hall_rate, mr[i + 1].avg_doors);
		ck_assert_msg(mr[i].longest < mr[i + 1].longest, "longest %d then %d", mr[i].longest, mr[i + 1].longest);
	}
	/* the flat house is two doors from anywhere to anywhere */
	ck_assert_msg(mr[0].avg_doors <= 2.0 + 1e-9, "flat %.3f", mr[0].avg_doors);
	/* fewer doors: longer ways, fewer loops (none in a tree), more dead ends */
	for (int i = 0; i + 1 < 3; i++) {
		ck_assert_msg(md[i].avg_doors < md[i + 1].avg_doors, "door chances %d: %.2f, %d: %.2f", i,
			      md[i].avg_doors, i + 1, md[i + 1].avg_doors);
		ck_assert_msg(md[i].loops > md[i + 1].loops, "loops %d then %d", md[i].loops, md[i + 1].loops);
		ck_assert_msg(md[i].dead_ends < md[i + 1].dead_ends, "dead ends %d then %d", md[i].dead_ends,
			      md[i + 1].dead_ends);
	}
	ck_assert_int_eq(md[2].loops, 0);
	/* the maze (one hallway, a tree) against the default house */
	ck_assert_msg(mr[1].avg_doors * 2 < md[2].avg_doors, "house %.2f maze %.2f", mr[1].avg_doors, md[2].avg_doors);
	ck_assert_msg(mr[1].loops > 0 && mr[0].loops > mr[1].loops, "loops %d, %d", mr[0].loops, mr[1].loops);
}
END_TEST

/* A hand-made plan: the measures by hand. Rooms A, B, C in a row, a hallway H
 * below all three; doors A-H, B-H, C-B, C-H (one loop: B-C-H). */
START_TEST(test_measure_by_hand)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 6, 3, &e), 0);
	int a = map_add_region(&m, REGION_ROOM, &e), b = map_add_region(&m, REGION_ROOM, &e);
	int c = map_add_region(&m, REGION_ROOM, &e), hh = map_add_region(&m, REGION_HALL, &e);
	map_fill_rect(&m, a, (struct rect){ 0, 0, 2, 2 });
	map_fill_rect(&m, b, (struct rect){ 2, 0, 2, 2 });
	map_fill_rect(&m, c, (struct rect){ 4, 0, 2, 2 });
	map_fill_rect(&m, hh, (struct rect){ 0, 2, 6, 1 });
	ck_assert_int_ge(map_add_door(&m, 0, 1, SIDE_S, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(&m, 2, 1, SIDE_S, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(&m, 3, 0, SIDE_E, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(&m, 5, 1, SIDE_S, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(&m, 0, 2, SIDE_W, DOOR_PLAIN, &e), 0);   /* to the outside */
	struct house_measures ms;
	ck_assert_int_eq(house_measure(&m, &ms, &e), 0);
	ck_assert_int_eq(ms.rooms, 3);
	ck_assert_int_eq(ms.doors, 4);
	ck_assert_int_eq(ms.loops, 1);
	ck_assert_int_eq(ms.dead_ends, 1);      /* A */
	ck_assert_int_eq(ms.longest, 2);
	/* A-B 2, A-C 2, B-C 1, both ways: 10 / 6 */
	ck_assert_double_eq_tol(ms.avg_doors, 10.0 / 6.0, 1e-9);
	map_free(&m);
}
END_TEST

/* The shortest-way measures the plain way: a breadth-first search with a
 * distance per region from every source room, the same sources as
 * house_measure picks. Sets avg, longest and the sources. */
static void measure_plainly(const struct map *m, double *avg, int *longest, int *sources)
{
	int n = m->nregions, rooms = 0, seen = 0;
	int *dist = malloc(((size_t)n + 1) * sizeof *dist), *queue = malloc(((size_t)n + 1) * sizeof *queue);
	ck_assert_ptr_nonnull(dist);
	ck_assert_ptr_nonnull(queue);
	/* each region's neighbours through doors, door by door */
	int *first = calloc((size_t)n + 2, sizeof *first), *list = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *list);
	ck_assert_ptr_nonnull(first);
	ck_assert_ptr_nonnull(list);
	for (int r = 1; r <= n; r++) {
		int at = first[r];
		first[r + 1] = at;
		for (int i = 0; i < m->ndoors; i++) {
			int a, b;
			map_door_regions(m, &m->doors[i], &a, &b);
			if (a > 0 && b > 0 && (a == r || b == r))
				list[first[r + 1]++] = a == r ? b : a;
		}
	}
	for (int r = 1; r <= n; r++)
		rooms += m->regions[r].kind == REGION_ROOM;
	long want = rooms > HOUSE_MEASURE_EXACT ? HOUSE_MEASURE_SAMPLE : rooms, pairs = 0;
	double sum = 0;
	*longest = 0;
	*sources = 0;
	for (int s = 1; s <= n; s++) {
		if (m->regions[s].kind != REGION_ROOM || ((long)seen++ * want) % rooms >= want)
			continue;
		for (int r = 0; r <= n; r++)
			dist[r] = -1;
		int head = 0, tail = 0;
		dist[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			int r = queue[head++];
			if (r != s && m->regions[r].kind == REGION_ROOM) {
				sum += dist[r];
				pairs++;
				*longest = dist[r] > *longest ? dist[r] : *longest;
			}
			for (int k = first[r]; k < first[r + 1]; k++)
				if (dist[list[k]] < 0) {
					dist[list[k]] = dist[r] + 1;
					queue[tail++] = list[k];
				}
		}
		(*sources)++;
	}
	*avg = pairs ? sum / (double)pairs : 0.0;
	free(dist);
	free(queue);
	free(first);
	free(list);
}

/* house_measure folds one-door rooms into their neighbour and searches a
 * packed graph: it must give exactly what the plain search gives, on
 * houses, mazes, plans of single rooms in pairs, and a sampled big plan. */
START_TEST(test_measure_matches_plain_search)
{
	const struct house_case some[] = { cases[0], cases[1], cases[2], cases[3], cases[5] };
	for (int i = 0; i < 12; i++) {
		struct gen_params p;
		int big = i == 11;
		house_params(&p, big ? &cases[2] : &some[i % 5], big ? 110 : 50, big ? 90 : 40);
		char seed[32];
		snprintf(seed, sizeof seed, "plain-%d", i);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, "house", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		struct house_measures ms;
		ck_assert_int_eq(house_measure(&m, &ms, &e), 0);
		double avg;
		int longest, sources;
		measure_plainly(&m, &avg, &longest, &sources);
		ck_assert_int_eq(ms.sources, sources);
		ck_assert_int_eq(ms.longest, longest);
		ck_assert_double_eq(ms.avg_doors, avg);   /* sums of whole numbers: exact */
		if (big)
			ck_assert_int_eq(ms.sampled, 1);
		map_free(&m);
	}
	/* two rooms with one door between them and nothing else (neither is
	 * folded into the other), beside a room with two doors to a third */
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 8, 2, &e), 0);
	for (int k = 0; k < 4; k++) {
		int id = map_add_region(&m, REGION_ROOM, &e);
		map_fill_rect(&m, id, (struct rect){ 2 * k, 0, 2, 2 });
	}
	ck_assert_int_ge(map_add_door(&m, 1, 0, SIDE_E, DOOR_PLAIN, &e), 0);   /* 1-2 */
	ck_assert_int_ge(map_add_door(&m, 5, 0, SIDE_E, DOOR_PLAIN, &e), 0);   /* 3-4, twice */
	ck_assert_int_ge(map_add_door(&m, 5, 1, SIDE_E, DOOR_PLAIN, &e), 0);
	struct house_measures ms;
	ck_assert_int_eq(house_measure(&m, &ms, &e), 0);
	ck_assert_int_eq(ms.longest, 1);
	ck_assert_double_eq(ms.avg_doors, 1.0);
	ck_assert_int_eq(ms.loops, 1);
	map_free(&m);
}
END_TEST

START_TEST(test_reproducible)
{
	struct map m1, m2;
	struct err e;
	ck_assert_int_eq(test_generate(&m1, "house", "same", NULL, 0, 50, 40, &e), 0);
	ck_assert_int_eq(test_generate(&m2, "house", "same", NULL, 0, 50, 40, &e), 0);
	ck_assert_int_eq(memcmp(m1.cells, m2.cells, sizeof *m1.cells * 50 * 40), 0);
	ck_assert_int_eq(m1.ndoors, m2.ndoors);
	ck_assert_int_eq(memcmp(m1.doors, m2.doors, sizeof *m1.doors * (size_t)m1.ndoors), 0);
	ck_assert_str_eq(m1.figures[1], m2.figures[1]);
	map_free(&m2);
	ck_assert_int_eq(test_generate(&m2, "house", "other", NULL, 0, 50, 40, &e), 0);
	ck_assert_int_ne(memcmp(m1.cells, m2.cells, sizeof *m1.cells * 50 * 40), 0);
	map_free(&m1);
	map_free(&m2);
}
END_TEST

START_TEST(test_defaults_and_size)
{
	const struct method *meth = method_find("house");
	ck_assert_ptr_nonnull(meth);
	ck_assert_int_eq(meth->square_feet, 5);
	int w, h;
	meth->fit_size(meth->default_rooms, &w, &h);
	/* 20 rooms on 26x31: it prints at 4 squares to the inch on letter */
	ck_assert_int_eq(meth->default_rooms, 20);
	ck_assert_int_eq(w, 26);
	ck_assert_int_eq(h, 31);
	struct map m;
	struct err e;
	ck_assert_int_eq(test_generate(&m, "house", "default", NULL, 0, 0, 0, &e), 0);
	ck_assert_int_eq(m.w, 26);
	ck_assert_int_eq(m.square_feet, 5);
	struct gen_params p;
	gen_params_default(&p);
	char buf[640];
	p.w = 26, p.h = 31;
	ck_assert_ptr_null(house_violation(&m, &p, buf, sizeof buf));
	/* a believable house: a hallway, a score of rooms, some loops */
	struct house_measures ms;
	ck_assert_int_eq(house_measure(&m, &ms, &e), 0);
	ck_assert_int_ge(ms.rooms, 12);
	ck_assert_int_le(ms.rooms, 40);
	ck_assert_int_eq(m.regions[1].kind, REGION_HALL);
	map_free(&m);
}
END_TEST

START_TEST(test_too_small_and_bad_params)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(test_generate(&m, "house", "x", NULL, 0, 1, 10, &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_ptr_nonnull(strstr(e.msg, "too small"));
	map_free(&m);
	struct gen_params p;
	gen_params_default(&p);
	p.w = 20, p.h = 20;
	p.house.max_room = 4;
	ck_assert_int_eq(test_generate(&m, "house", "x", &p, 0, 0, 0, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "max-room"));
	map_free(&m);
	gen_params_default(&p);
	p.w = 20, p.h = 20;
	p.start_x = 25, p.start_y = 3;
	ck_assert_int_eq(test_generate(&m, "house", "x", &p, 0, 0, 0, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "start square"));
	map_free(&m);
}
END_TEST

static const struct method_option *find_option(const char *name)
{
	const struct method *meth = method_find("house");
	for (int i = 0; meth->options[i].name; i++)
		if (strcmp(meth->options[i].name, name) == 0)
			return &meth->options[i];
	return NULL;
}

START_TEST(test_options)
{
	struct gen_params p;
	struct err e;
	gen_params_default(&p);
	ck_assert_double_eq(p.house.hall_rate, HOUSE_DEFAULT_HALL_RATE);
	ck_assert_int_eq(p.house.max_room, HOUSE_DEFAULT_MAX_ROOM);
	const struct method_option *o = find_option("hall-rate");
	ck_assert_ptr_nonnull(o);
	ck_assert_int_eq(o->apply(&p, "0.0001", &e), 0);
	ck_assert_double_eq(p.house.hall_rate, 0.0001);
	ck_assert_int_eq(o->apply(&p, "2", &e), -1);
	ck_assert_str_eq(e.msg, "--hall-rate: 2 is out of range (expected 0 to 1)");
	ck_assert_int_eq(find_option("hall-door-prob")->apply(&p, "0", &e), 0);
	ck_assert_int_eq(find_option("room-door-prob")->apply(&p, "1", &e), 0);
	ck_assert_int_eq(find_option("room-door-prob")->apply(&p, "-0.1", &e), -1);
	ck_assert_int_eq(find_option("max-room")->apply(&p, "8", &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--max-room"));
	ck_assert_int_eq(find_option("max-room")->apply(&p, "120", &e), 0);
	ck_assert_int_eq(p.house.max_room, 120);
	ck_assert_double_eq(p.house.hall_door_prob, 0);
	ck_assert_double_eq(p.house.room_door_prob, 1);
	ck_assert_int_eq(p.house.hallways, HOUSE_HALLS_ANY);
	ck_assert_int_eq(find_option("hallways")->apply(&p, "joined", &e), 0);
	ck_assert_int_eq(p.house.hallways, HOUSE_HALLS_JOINED);
	ck_assert_int_eq(find_option("hallways")->apply(&p, "any", &e), 0);
	ck_assert_int_eq(p.house.hallways, HOUSE_HALLS_ANY);
	ck_assert_int_eq(find_option("hallways")->apply(&p, "straight", &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_str_eq(e.msg, "--hallways: 'straight' is not a hallway rule (expected any or joined)");
}
END_TEST

/* The start square of a lower level lies in the first hallway when it can. */
START_TEST(test_start_square_in_hallway)
{
	int in_hall = 0;
	for (int i = 0; i < 40; i++) {
		struct gen_params p;
		gen_params_default(&p);
		p.w = 50, p.h = 40;
		p.start_x = 5 + i, p.start_y = 35 - i / 2;
		p.depth = 2, p.levels = 2;
		char seed[32];
		snprintf(seed, sizeof seed, "start-%d", i);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, "house", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		ck_assert_int_eq(m.nstairs, 1);
		ck_assert_int_eq(m.stairs[0].dir, STAIR_UP);
		ck_assert_int_eq(m.stairs[0].to_level, 1);
		in_hall += m.regions[map_at(&m, p.start_x, p.start_y)].kind == REGION_HALL;
		map_free(&m);
	}
	ck_assert_int_eq(in_hall, 40);
}
END_TEST

/* Big plans: the door queue ends and the contract holds at 10,000 rooms, in
 * the flat house and in the deepest maze (no hallway, tiny rooms). */
START_TEST(test_big_plans)
{
	const struct house_case big[] = { { 0.15, 0.5, 0.2, 200 }, { 0, 0, 0, 9 } };
	const int dims[][2] = { { 1200, 1200 }, { 300, 300 } };
	for (int k = 0; k < 2; k++) {
		struct gen_params p;
		house_params(&p, &big[k], dims[k][0], dims[k][1]);
		struct map m;
		struct err e;
		char buf[640];
		ck_assert_msg(test_generate(&m, "house", "big", &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		ck_assert_int_ge(m.nregions, 10000);
		const char *bad = house_violation(&m, &p, buf, sizeof buf);
		ck_assert_msg(bad == NULL, "%s", bad);
		struct house_measures ms;
		ck_assert_int_eq(house_measure(&m, &ms, &e), 0);
		ck_assert_int_eq(ms.sampled, 1);
		ck_assert_int_eq(ms.sources, HOUSE_MEASURE_SAMPLE);
		ck_assert_ptr_nonnull(strstr(m.figures[1], "100 sample rooms"));
		map_free(&m);
	}
}
END_TEST

static Suite *house_suite(void)
{
	Suite *s = suite_create("house");
	TCase *tc = tcase_create("house");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_invariant_sweep);
	tcase_add_test(tc, test_hallways_rule);
	tcase_add_test(tc, test_measures_house_to_maze);
	tcase_add_test(tc, test_measure_by_hand);
	tcase_add_test(tc, test_measure_matches_plain_search);
	tcase_add_test(tc, test_reproducible);
	tcase_add_test(tc, test_defaults_and_size);
	tcase_add_test(tc, test_too_small_and_bad_params);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_start_square_in_hallway);
	tcase_add_test(tc, test_big_plans);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(house_suite)
