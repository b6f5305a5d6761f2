/* check_dice.c: the dice method: the map contract and the procedure's rules
 * over a thousand seeds per room shape, the 3d8+1 distribution against the
 * exact dice, rounding, the spanning tree and loops, the start square,
 * determinism, a grid too small, the roll log and the options. */
#include "testutil.h"

#include "methods/dice/dice.h"
#include "model/key.h"
#include "model/map_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int round_areas[] = { 4, 6, 8, 9, 12, 15, 16, 18, 20, 21, 24, 25 };
#define NROUND ((int)(sizeof round_areas / sizeof round_areas[0]))

static int is_round_area(int a)
{
	for (int i = 0; i < NROUND; i++)
		if (round_areas[i] == a)
			return 1;
	return 0;
}

/* One area from the list, or two of them joined (triples). */
static int is_round_or_joined(int a)
{
	if (is_round_area(a))
		return 1;
	for (int i = 0; i < NROUND; i++)
		if (a > round_areas[i] && is_round_area(a - round_areas[i]))
			return 1;
	return 0;
}

/* Dice defaults for n rooms on the method's own grid size. */
static void dice_setup(struct gen_params *p, int rooms, enum dice_shape shape)
{
	gen_params_default(p);
	p->rooms = rooms;
	p->dice.shape = shape;
	method_find("dice")->fit_size(rooms, &p->w, &p->h);
}

/* What each corridor's doors lead to: ends[2 * id] and ends[2 * id + 1]
 * are the regions beyond its first two doors, ndoors[id] how many doors it
 * has. The caller frees both. */
struct ends {
	int *to, *n;
};

static void corridor_ends(const struct map *m, struct ends *en)
{
	en->to = calloc(((size_t)m->nregions + 1) * 2, sizeof *en->to);
	en->n = calloc((size_t)m->nregions + 1, sizeof *en->n);
	ck_assert(en->to && en->n);
	for (int i = 0; i < m->ndoors; i++) {
		int x, y;
		map_door_regions(m, &m->doors[i], &x, &y);
		for (int k = 0; k < 2; k++) {
			int c = k ? y : x, other = k ? x : y;
			if (c > 0 && m->regions[c].kind == REGION_CORRIDOR) {
				if (en->n[c] < 2)
					en->to[2 * c + en->n[c]] = other;
				en->n[c]++;
			}
		}
	}
}

static void ends_free(struct ends *en)
{
	free(en->to);
	free(en->n);
}

struct sweep {
	int rooms, corridors, loops, non_round, joined_big;
};

/* Every rule the procedure promises, on one generated map. */
static void check_dice_map(const struct map *m, const struct gen_params *p, const char *seed, struct sweep *sw)
{
	struct err e;
	ck_assert_msg(map_check(m, &e) == 0, "seed %s: %s", seed, e.msg);
	int rooms = 0, corridors = 0;
	struct ends en;
	corridor_ends(m, &en);
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->kind == REGION_ROOM) {
			rooms++;
			if (r->area < 4 || r->area > 50)
				ck_abort_msg("seed %s: room of %d squares", seed, r->area);
			if (p->dice.shape == DICE_SHAPE_ROUND && !is_round_or_joined(r->area))
				ck_abort_msg("seed %s: round room of %d squares", seed, r->area);
			if (!is_round_area(r->area))
				sw->non_round++;
			if (r->area > 25)
				sw->joined_big++;
			continue;
		}
		if (r->kind != REGION_CORRIDOR)
			ck_abort_msg("seed %s: region %d is a %s", seed, id, region_kind_name(r->kind));
		corridors++;
		/* One square wide, straight or with one bend. */
		struct rect *rs;
		int n = map_region_rects(m, id, &rs, &e);
		if (n != 1 && n != 2)
			ck_abort_msg("seed %s: corridor %d in %d pieces", seed, id, n);
		for (int i = 0; i < n; i++)
			if (rs[i].w != 1 && rs[i].h != 1)
				ck_abort_msg("seed %s: corridor %d is %dx%d", seed, id, rs[i].w, rs[i].h);
		free(rs);
		/* A door at each end, into two different rooms. */
		int a = en.to[2 * id], b = en.to[2 * id + 1];
		if (en.n[id] != 2 || a == b || m->regions[a].kind != REGION_ROOM || m->regions[b].kind != REGION_ROOM)
			ck_abort_msg("seed %s: corridor %d has %d doors (to %d and %d)", seed, id, en.n[id], a, b);
	}
	ends_free(&en);
	ck_assert_msg(rooms == p->rooms, "seed %s: %d of %d rooms", seed, rooms, p->rooms);
	ck_assert_int_ge(corridors, rooms - 1);
	/* Stairs down on a room other than the entrance's. */
	int down = 0;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == STAIR_DOWN) {
			down++;
			int r = map_at(m, m->stairs[i].x, m->stairs[i].y);
			ck_assert_int_eq(m->regions[r].kind, REGION_ROOM);
			ck_assert_int_ne(r, map_at(m, m->entrance.x, m->entrance.y));
			ck_assert_int_eq(m->stairs[i].to_level, 2);
		}
	ck_assert_int_eq(down, 1);
	/* The entrance: the room square furthest towards its side. */
	int s = m->entrance.side;
	ck_assert_int_ge(s, 0);
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			int id = map_at(m, x, y);
			if (!id || m->regions[id].kind != REGION_ROOM)
				continue;
			int beyond = s == SIDE_N ? y < m->entrance.y : s == SIDE_S ? y > m->entrance.y
				   : s == SIDE_W ? x < m->entrance.x : x > m->entrance.x;
			if (beyond)
				ck_abort_msg("seed %s: room square %d,%d beyond the entrance", seed, x, y);
		}
	sw->rooms += rooms;
	sw->corridors += corridors;
	sw->loops += corridors - (rooms - 1);
}

static void sweep(int rooms, enum dice_shape shape, int seeds, struct sweep *sw)
{
	memset(sw, 0, sizeof *sw);
	for (int i = 0; i < seeds; i++) {
		struct gen_params p;
		struct map m;
		struct err e;
		char seed[32];
		dice_setup(&p, rooms, shape);
		p.levels = 2;
		snprintf(seed, sizeof seed, "sweep-%d", i);
		ck_assert_msg(test_generate(&m, "dice", seed, &p, 0, 0, 0, &e) == 0, "seed %s: %s", seed, e.msg);
		check_dice_map(&m, &p, seed, sw);
		map_free(&m);
	}
}

START_TEST(test_sweep_round)
{
	struct sweep sw;
	sweep(30, DICE_SHAPE_ROUND, 1000, &sw);
	ck_assert_int_eq(sw.rooms, 30000);
	ck_assert_int_gt(sw.joined_big, 0);
	/* The default loops: one per eight rooms (4 for 30), nearly always met. */
	ck_assert_int_le(sw.loops, 1000 * dice_default_loops(30));
	ck_assert_int_ge(sw.loops, 1000 * dice_default_loops(30) * 9 / 10);
}
END_TEST

START_TEST(test_sweep_alcove)
{
	struct sweep sw;
	sweep(15, DICE_SHAPE_ALCOVE, 1000, &sw);
	ck_assert_int_eq(sw.rooms, 15000);
	/* Exact rolls off the rounding list happen about half the time. */
	ck_assert_int_gt(sw.non_round, 15000 / 4);
}
END_TEST

/* 3d8 sums 3..24: the number of the 512 throws giving each. */
static int ways_3d8(int sum)
{
	int n = 0;
	for (int a = 1; a <= 8; a++)
		for (int b = 1; b <= 8; b++) {
			int c = sum - a - b;
			n += c >= 1 && c <= 8;
		}
	return n;
}

static double chi_square(const long *count, long rolls)
{
	double chi = 0;
	for (int s = 4; s <= 25; s++) {
		double expect = (double)rolls * ways_3d8(s - 1) / 512.0;
		chi += (count[s] - expect) * (count[s] - expect) / expect;
	}
	return chi;
}

START_TEST(test_size_distribution)
{
	/* 21 degrees of freedom: 46.80 is the 0.1% critical value. */
	const double critical = 46.80;
	const long rolls = 200000;
	long count[26] = { 0 }, triples = 0;
	struct rng r;
	rng_seed(&r, 20240317, 1);
	for (long i = 0; i < rolls; i++) {
		int d[3];
		int n = dice_roll_size(&r, d);
		if (n < DICE_MIN_SIZE || n > DICE_MAX_SIZE || n != d[0] + d[1] + d[2] + 1)
			ck_abort_msg("3d8+1 = %d+%d+%d+1 gave %d", d[0], d[1], d[2], n);
		count[n]++;
		triples += d[0] == d[1] && d[1] == d[2];
	}
	double chi = chi_square(count, rolls);
	ck_assert_msg(chi < critical, "chi-square %.2f against 3d8+1", chi);
	/* Triples: 8 of 512 throws; within five standard deviations. */
	double expect = rolls / 64.0, sd = sqrt(rolls * (1 / 64.0) * (63 / 64.0));
	ck_assert_msg(fabs(triples - expect) < 5 * sd, "%ld triples in %ld rolls", triples, rolls);
	/* The same test rejects a flat d22+3. */
	long flat[26] = { 0 };
	for (long i = 0; i < rolls; i++)
		flat[rng_range(&r, 4, 25)]++;
	ck_assert_double_gt(chi_square(flat, rolls), 1000.0);
}
END_TEST

START_TEST(test_rounding)
{
	static const int expect[26] = {
		[4] = 4, [5] = 6, [6] = 6, [7] = 8, [8] = 8, [9] = 9, [10] = 9, [11] = 12, [12] = 12,
		[13] = 12, [14] = 15, [15] = 15, [16] = 16, [17] = 18, [18] = 18, [19] = 20, [20] = 20,
		[21] = 21, [22] = 21, [23] = 24, [24] = 24, [25] = 25,
	};
	for (int n = 4; n <= 25; n++) {
		int s, l;
		int a = dice_round_area(n, &s, &l);
		ck_assert_msg(a == expect[n], "%d rounds to %d", n, a);
		ck_assert_int_eq(s * l, a);
		ck_assert(s <= l && l <= 7 * s / 3);
		int f = dice_floor_area(n, &s, &l);
		ck_assert(is_round_area(f) && f <= n && n - f <= 2);
		for (int i = 0; i < NROUND; i++)
			ck_assert_msg(round_areas[i] > n || round_areas[i] <= f, "%d floors to %d, not %d", n, f,
				      round_areas[i]);
		ck_assert_int_eq(s * l, f);
	}
	ck_assert_int_eq(dice_default_loops(3), 0);
	ck_assert_int_eq(dice_default_loops(4), 1);
	ck_assert_int_eq(dice_default_loops(15), 2);
	ck_assert_int_eq(dice_default_loops(80), 10);
}
END_TEST

/* Union-find over rooms joined by corridors; returns how many corridors
 * closed a cycle. */
static int cycles(const struct map *m)
{
	int *up = malloc(((size_t)m->nregions + 1) * sizeof *up), closed = 0;
	struct ends en;
	corridor_ends(m, &en);
	for (int i = 0; i <= m->nregions; i++)
		up[i] = i;
	for (int id = 1; id <= m->nregions; id++) {
		if (m->regions[id].kind != REGION_CORRIDOR)
			continue;
		int a = en.to[2 * id], b = en.to[2 * id + 1];
		while (up[a] != a) a = up[a];
		while (up[b] != b) b = up[b];
		if (a == b)
			closed++;
		else
			up[a] = b;
	}
	free(up);
	ends_free(&en);
	return closed;
}

START_TEST(test_no_loops_is_a_tree)
{
	for (int i = 0; i < 200; i++) {
		struct gen_params p;
		struct map m;
		struct err e;
		char seed[32];
		dice_setup(&p, 30, i % 2 ? DICE_SHAPE_ALCOVE : DICE_SHAPE_ROUND);
		p.dice.loops = 0;
		snprintf(seed, sizeof seed, "tree-%d", i);
		ck_assert_int_eq(test_generate(&m, "dice", seed, &p, 0, 0, 0, &e), 0);
		ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
		int corridors = 0;
		for (int id = 1; id <= m.nregions; id++)
			corridors += m.regions[id].kind == REGION_CORRIDOR;
		ck_assert_int_eq(corridors, 29);
		ck_assert_int_eq(cycles(&m), 0);
		map_free(&m);
	}
}
END_TEST

/* True when rooms a and b are joined by a corridor other than `skip`. */
static int joined(const struct map *m, const struct ends *en, int a, int b, int skip)
{
	for (int id = 1; id <= m->nregions; id++) {
		if (id == skip || m->regions[id].kind != REGION_CORRIDOR)
			continue;
		int x = en->to[2 * id], y = en->to[2 * id + 1];
		if ((x == a && y == b) || (x == b && y == a))
			return 1;
	}
	return 0;
}

START_TEST(test_loops_close_long_cycles)
{
	int total = 0;
	for (int i = 0; i < 100; i++) {
		struct gen_params p;
		struct map m;
		struct err e;
		char seed[32];
		dice_setup(&p, 30, DICE_SHAPE_ROUND);
		p.dice.loops = 5;
		snprintf(seed, sizeof seed, "loops-%d", i);
		ck_assert_int_eq(test_generate(&m, "dice", seed, &p, 0, 0, 0, &e), 0);
		ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
		int c = cycles(&m);
		ck_assert_int_le(c, 5);
		total += c;
		/* No corridor joins rooms that are also joined directly or
		 * through one room by the other corridors. */
		struct ends en;
		corridor_ends(&m, &en);
		for (int id = 1; id <= m.nregions; id++) {
			if (m.regions[id].kind != REGION_CORRIDOR)
				continue;
			int a = en.to[2 * id], b = en.to[2 * id + 1];
			if (joined(&m, &en, a, b, id))
				ck_abort_msg("seed %s: two corridors join the same rooms", seed);
			for (int via = 1; via <= m.nregions; via++)
				if (m.regions[via].kind == REGION_ROOM && via != a && via != b &&
				    joined(&m, &en, a, via, id) && joined(&m, &en, via, b, id))
					ck_abort_msg("seed %s: a loop of three rooms", seed);
		}
		ends_free(&en);
		map_free(&m);
	}
	ck_assert_int_ge(total, 450);
}
END_TEST

START_TEST(test_start_square)
{
	for (int i = 0; i < 200; i++) {
		struct gen_params p;
		struct map m;
		struct err e;
		char seed[32];
		dice_setup(&p, 15, i % 2 ? DICE_SHAPE_ALCOVE : DICE_SHAPE_ROUND);
		static const int corner[4][2] = { { 0, 0 }, { -1, 0 }, { 0, -1 }, { -1, -1 } };
		if (i < 4) {
			p.start_x = corner[i][0] < 0 ? p.w - 1 : 0;
			p.start_y = corner[i][1] < 0 ? p.h - 1 : 0;
		} else {
			p.start_x = (i * 7) % p.w;
			p.start_y = (i * 11) % p.h;
		}
		p.depth = 2;
		p.levels = 3;
		snprintf(seed, sizeof seed, "start-%d", i);
		ck_assert_int_eq(test_generate(&m, "dice", seed, &p, 0, 0, 0, &e), 0);
		ck_assert_msg(map_check(&m, &e) == 0, "seed %s: %s", seed, e.msg);
		int r = map_at(&m, p.start_x, p.start_y);
		ck_assert_msg(r > 0 && m.regions[r].kind == REGION_ROOM, "start %d,%d not in a room", p.start_x,
			      p.start_y);
		ck_assert_int_eq(m.entrance.x, p.start_x);
		ck_assert_int_eq(m.entrance.y, p.start_y);
		ck_assert_int_eq(m.entrance.side, -1);
		int up = 0, down = 0;
		for (int k = 0; k < m.nstairs; k++) {
			const struct stair *s = &m.stairs[k];
			if (s->dir == STAIR_UP) {
				up++;
				ck_assert(s->x == p.start_x && s->y == p.start_y && s->to_level == 1);
			} else {
				down++;
				ck_assert_int_eq(s->to_level, 3);
			}
		}
		ck_assert(up == 1 && down == 1);
		map_free(&m);
	}
}
END_TEST

START_TEST(test_deterministic)
{
	for (int shape = 0; shape < 2; shape++) {
		struct gen_params p;
		struct map a, b, c;
		struct err e;
		dice_setup(&p, 40, (enum dice_shape)shape);
		ck_assert_int_eq(test_generate(&a, "dice", "goblin-warrens", &p, 0, 0, 0, &e), 0);
		ck_assert_int_eq(test_generate(&b, "dice", "goblin-warrens", &p, 0, 0, 0, &e), 0);
		ck_assert_int_eq(test_generate(&c, "dice", "goblin-warren", &p, 0, 0, 0, &e), 0);
		size_t cells = (size_t)a.w * a.h * sizeof *a.cells;
		ck_assert(memcmp(a.cells, b.cells, cells) == 0);
		ck_assert(memcmp(a.cells, c.cells, cells) != 0);
		ck_assert_int_eq(a.ndoors, b.ndoors);
		ck_assert(memcmp(a.doors, b.doors, (size_t)a.ndoors * sizeof *a.doors) == 0);
		ck_assert_int_eq(a.nstairs, b.nstairs);
		ck_assert(a.entrance.x == b.entrance.x && a.entrance.y == b.entrance.y);
		map_free(&a);
		map_free(&b);
		map_free(&c);
	}
}
END_TEST

/* Runs the method directly with a log; returns generate's result. */
static int generate_logged(struct map *m, const struct gen_params *p, const char *seed, struct log *lg,
			   struct err *e)
{
	struct rng r;
	rng_seed_text(&r, seed, 1);
	ck_assert_int_eq(map_init(m, p->w, p->h, e), 0);
	return method_find("dice")->generate(m, p, &r, lg, e);
}

START_TEST(test_grid_too_small)
{
	struct gen_params p;
	struct map m;
	struct err e;
	dice_setup(&p, 200, DICE_SHAPE_ROUND);
	p.w = 30;
	p.h = 24;
	struct log lg = { NULL, NULL, 0 };
	ck_assert_int_eq(generate_logged(&m, &p, "crowded", &lg, &e), 0);
	ck_assert_int_ge(lg.warnings, 1);
	map_recount(&m);
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	int rooms = 0;
	for (int id = 1; id <= m.nregions; id++)
		rooms += m.regions[id].kind == REGION_ROOM;
	ck_assert(rooms > 5 && rooms < 200);
	map_free(&m);

	/* No room fits at all: an error in words. */
	p.w = p.h = 1;
	ck_assert_int_eq(generate_logged(&m, &p, "crowded", &lg, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "too small"));
	map_free(&m);
}
END_TEST

static int count_lines(const char *text, const char *prefix)
{
	int n = 0;
	size_t len = strlen(prefix);
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		n += strncmp(l, prefix, len) == 0;
	return n;
}

START_TEST(test_roll_log)
{
	struct gen_params p;
	struct map a, b;
	struct err e;
	dice_setup(&p, 30, DICE_SHAPE_ALCOVE);
	p.levels = 2;
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	struct log lg = { f, NULL, 0 }, quiet = { NULL, NULL, 0 };
	ck_assert_int_eq(generate_logged(&a, &p, "7", &lg, &e), 0);
	ck_assert_int_eq(generate_logged(&b, &p, "7", &quiet, &e), 0);
	/* Keeping a log changes nothing on the map. */
	ck_assert(memcmp(a.cells, b.cells, (size_t)a.w * a.h * sizeof *a.cells) == 0);
	long len = ftell(f);
	char *text = calloc((size_t)len + 1, 1);
	rewind(f);
	ck_assert_int_eq(fread(text, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	ck_assert_int_eq(count_lines(text, "Room "), 30);
	ck_assert_ptr_nonnull(strstr(text, "Room 1: 3d8+1 = "));
	ck_assert_ptr_nonnull(strstr(text, "Room 2: 3d8+1 = "));
	ck_assert_ptr_nonnull(strstr(text, "o'clock of room 1, gap 1d4+1 = "));
	ck_assert_int_eq(count_lines(text, "Corridor joins room "), 29);
	ck_assert_int_eq(count_lines(text, "Loop corridor joins room "), dice_default_loops(30));
	ck_assert_int_eq(count_lines(text, "Entrance: d4 = "), 1);
	ck_assert_int_eq(count_lines(text, "Stairs down: room "), 1);
	/* In the order of the procedure. */
	ck_assert(strstr(text, "Room 30:") < strstr(text, "Corridor joins"));
	ck_assert(strstr(text, "Corridor joins") < strstr(text, "Loop corridor"));
	ck_assert(strstr(text, "Loop corridor") < strstr(text, "Entrance:"));
	free(text);
	map_free(&a);
	map_free(&b);
}
END_TEST

START_TEST(test_options)
{
	const struct method *d = method_find("dice");
	ck_assert_ptr_nonnull(d);
	struct gen_params p;
	struct err e;
	gen_params_default(&p);
	ck_assert_int_eq(p.dice.shape, DICE_SHAPE_ROUND);
	ck_assert_int_eq(p.dice.loops, -1);
	const struct method_option *shape = NULL, *loops = NULL;
	for (const struct method_option *o = d->options; o->name; o++) {
		if (strcmp(o->name, "room-shape") == 0)
			shape = o;
		if (strcmp(o->name, "loops") == 0)
			loops = o;
	}
	ck_assert(shape && loops);
	ck_assert_int_eq(shape->apply(&p, "alcove", &e), 0);
	ck_assert_int_eq(p.dice.shape, DICE_SHAPE_ALCOVE);
	ck_assert_int_eq(shape->apply(&p, "square", &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_ptr_nonnull(strstr(e.msg, "--room-shape"));
	ck_assert_ptr_nonnull(strstr(e.msg, "round or alcove"));
	ck_assert_int_eq(loops->apply(&p, "3", &e), 0);
	ck_assert_int_eq(p.dice.loops, 3);
	ck_assert_int_eq(loops->apply(&p, "-1", &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--loops"));
	int w, h;
	d->fit_size(15, &w, &h);
	ck_assert(w >= 30 && h >= 24 && w * h >= 15 * 60);
	d->fit_size(10000, &w, &h);
	ck_assert(w * h >= 10000L * 60 && w * h <= 10000L * 100);
}
END_TEST

static Suite *dice_suite(void)
{
	Suite *s = suite_create("dice");
	TCase *tc = tcase_create("dice");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sweep_round);
	tcase_add_test(tc, test_sweep_alcove);
	tcase_add_test(tc, test_size_distribution);
	tcase_add_test(tc, test_rounding);
	tcase_add_test(tc, test_no_loops_is_a_tree);
	tcase_add_test(tc, test_loops_close_long_cycles);
	tcase_add_test(tc, test_start_square);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_grid_too_small);
	tcase_add_test(tc, test_roll_log);
	tcase_add_test(tc, test_options);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(dice_suite)
