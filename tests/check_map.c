/* check_map.c: the map model: regions, doors on edges, normalisation,
 * rectangles, reachability with locks, the contract checker, and how a
 * feature stands in its square. */
#include "testutil.h"

#include "model/connect.h"
#include "model/feature.h"
#include "model/key.h"
#include "model/map_check.h"

#include <math.h>
#include <stdlib.h>

/* Two 3x3 rooms joined by a 1x2 corridor: A at (1,1), corridor (4,2)-(5,2), B at (6,1). */
static void two_rooms(struct map *m, enum door_kind second)
{
	struct err e;
	ck_assert_int_eq(map_init(m, 10, 6, &e), 0);
	int a = map_add_region(m, REGION_ROOM, &e);
	int c = map_add_region(m, REGION_CORRIDOR, &e);
	int b = map_add_region(m, REGION_ROOM, &e);
	map_fill_rect(m, a, (struct rect){ 1, 1, 3, 3 });
	map_fill_rect(m, c, (struct rect){ 4, 2, 2, 1 });
	map_fill_rect(m, b, (struct rect){ 6, 1, 3, 3 });
	ck_assert_int_ge(map_add_door(m, 3, 2, SIDE_E, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(m, 6, 2, SIDE_W, second, &e), 0);
	map_set_entrance(m, 1, 2, -1);
	map_recount(m);
}

START_TEST(test_door_normalised)
{
	struct map m;
	struct err e;
	two_rooms(&m, DOOR_SECRET);
	/* the west edge of (6,2) is stored as the east edge of (5,2) */
	ck_assert_int_eq(m.doors[1].x, 5);
	ck_assert_int_eq(m.doors[1].side, SIDE_E);
	ck_assert_int_eq(map_find_door(&m, 6, 2, SIDE_W), 1);
	ck_assert_int_eq(map_find_door(&m, 5, 2, SIDE_E), 1);
	int a, b;
	map_door_regions(&m, &m.doors[1], &a, &b);
	ck_assert_int_eq(a, 2);
	ck_assert_int_eq(b, 3);
	/* no wall inside a room */
	ck_assert_int_eq(map_add_door(&m, 1, 1, SIDE_E, DOOR_PLAIN, &e), -1);
	ck_assert_int_eq(map_check(&m, &e), -1); /* not numbered yet */
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(m.regions[1].number, 1);
	ck_assert_int_eq(m.regions[3].number, 2);
	ck_assert_int_eq(m.regions[2].number, 0);
	map_free(&m);
}
END_TEST

/* The door table grows with the doors and keeps finding every door, by
 * either of its edge's names, through removals that move the last door
 * into the gap; edges without a door find none. */
START_TEST(test_door_table_add_remove)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 60, 40, &e), 0);
	/* a checkerboard of one-square regions: every edge inside is a wall */
	for (int y = 0; y < m.h; y++)
		for (int x = 0; x < m.w; x++)
			map_set(&m, x, y, map_add_region(&m, REGION_ROOM, &e));
	unsigned char *has = calloc((size_t)m.w * m.h, 1);   /* bit 1: east door, 2: south door */
	ck_assert_ptr_nonnull(has);
	for (int y = 0; y < m.h - 1; y++)
		for (int x = 0; x < m.w - 1; x++)
			if ((x * 7 + y * 3) % 5 != 0) {
				int side = (x + y) % 2 ? SIDE_E : SIDE_S;
				ck_assert_int_ge(map_add_door(&m, x, y, (enum side)side, DOOR_PLAIN, &e), 0);
				has[y * m.w + x] |= side == SIDE_E ? 1 : 2;
			}
	/* remove every third door, by index, from the front */
	for (int k = 0; k < m.ndoors; k += 3) {
		struct door d = m.doors[k];
		has[d.y * m.w + d.x] &= (unsigned char)~(d.side == SIDE_E ? 1 : 2);
		map_remove_door(&m, k);
	}
	for (int i = 0; i < m.ndoors; i++) {
		const struct door *d = &m.doors[i];
		ck_assert_int_eq(map_find_door(&m, d->x, d->y, d->side), i);
		ck_assert_int_eq(map_find_door(&m, d->x + side_dx[d->side], d->y + side_dy[d->side],
					       side_opposite(d->side)), i);
	}
	int found = 0;
	for (int y = 0; y < m.h; y++)
		for (int x = 0; x < m.w; x++) {
			int e_door = map_find_door(&m, x, y, SIDE_E), s_door = map_find_door(&m, x, y, SIDE_S);
			ck_assert_int_eq(e_door >= 0, (has[y * m.w + x] & 1) != 0);
			ck_assert_int_eq(s_door >= 0, (has[y * m.w + x] & 2) != 0);
			found += (e_door >= 0) + (s_door >= 0);
		}
	ck_assert_int_eq(found, m.ndoors);
	free(has);
	map_free(&m);
}
END_TEST

/* map_reserve makes room up front: adding up to the reserved regions and
 * doors moves neither array nor the door table, a reserve after some doors
 * keeps finding them, and the table ends the size doubling gives. */
START_TEST(test_reserve)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 50, 40, &e), 0);
	ck_assert_int_eq(map_reserve(&m, m.w * m.h, 0, &e), 0);
	const struct region *regions = m.regions;
	for (int y = 0; y < m.h; y++)
		for (int x = 0; x < m.w; x++)
			map_set(&m, x, y, map_add_region(&m, REGION_ROOM, &e));
	ck_assert_ptr_eq(m.regions, regions);
	ck_assert_int_eq(m.nregions, m.w * m.h);
	/* a few doors, then room for 1,500 in all */
	for (int x = 0; x < 10; x++)
		ck_assert_int_eq(map_add_door(&m, x, 0, SIDE_E, DOOR_PLAIN, &e), x);
	ck_assert_int_eq(map_reserve(&m, 0, 1500, &e), 0);
	ck_assert_int_eq(m.door_slots, 4096);
	for (int x = 0; x < 10; x++)
		ck_assert_int_eq(map_find_door(&m, x, 0, SIDE_E), x);
	const struct door *doors = m.doors;
	const void *table = m.door_at;
	for (int y = 1; m.ndoors < 1500; y++)
		for (int x = 0; x < m.w - 1 && m.ndoors < 1500; x++)
			ck_assert_int_ge(map_add_door(&m, x, y, SIDE_E, DOOR_OPENING, &e), 0);
	ck_assert_ptr_eq(m.doors, doors);
	ck_assert_ptr_eq(m.door_at, table);
	for (int i = 0; i < m.ndoors; i++)
		ck_assert_int_eq(map_find_door(&m, m.doors[i].x, m.doors[i].y, m.doors[i].side), i);
	/* and a reserve below what is there changes nothing */
	ck_assert_int_eq(map_reserve(&m, 10, 20, &e), 0);
	ck_assert_int_eq(m.door_slots, 4096);
	ck_assert_ptr_eq(m.regions, regions);
	map_free(&m);
}
END_TEST

START_TEST(test_recount_and_rects)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 8, 8, &e), 0);
	int r = map_add_region(&m, REGION_ROOM, &e);
	map_fill_rect(&m, r, (struct rect){ 2, 2, 4, 2 });
	map_fill_rect(&m, r, (struct rect){ 2, 4, 2, 2 });   /* an L */
	map_recount(&m);
	ck_assert_int_eq(m.regions[r].area, 12);
	ck_assert_int_eq(m.regions[r].bounds.x, 2);
	ck_assert_int_eq(m.regions[r].bounds.w, 4);
	ck_assert_int_eq(m.regions[r].bounds.h, 4);
	struct rect *rs;
	int n = map_region_rects(&m, r, &rs, &e);
	ck_assert_int_eq(n, 2);
	int area = 0;
	for (int i = 0; i < n; i++)
		area += rs[i].w * rs[i].h;
	ck_assert_int_eq(area, 12);
	free(rs);
	ck_assert(!map_rect_free(&m, (struct rect){ 4, 4, 2, 2 }, 1));
	ck_assert(map_rect_free(&m, (struct rect){ 5, 5, 2, 2 }, 0));
	ck_assert(!map_rect_free(&m, (struct rect){ 7, 7, 2, 2 }, 0));
	map_free(&m);
}
END_TEST

/* The run scanner the whole-grid passes use (sixteen squares at a time
 * where it can) finds the same run ends as a square-by-square loop, from
 * every start in rows of every length up to 70 with runs of 1 to 40. */
START_TEST(test_row_runs)
{
	int row[70];
	unsigned seed = 12345;
	for (int trial = 0; trial < 200; trial++) {
		int len = trial % 71;
		for (int x = 0; x < len;) {
			seed = seed * 1103515245u + 12345u;
			int run = 1 + (int)((seed >> 16) % 40), id = (int)((seed >> 8) % 3);
			for (int k = 0; k < run && x < len; k++)
				row[x++] = id;
		}
		for (int from = 0; from <= len; from++)
			for (int id = 0; id < 3; id++) {
				int x = from;
				while (x < len && row[x] == id)
					x++;
				ck_assert_int_eq(map_row_run_end(row, from, len, id), x);
				if (id == 0)
					ck_assert_int_eq(map_row_skip_ground(row, from, len), x);
			}
	}
}
END_TEST

START_TEST(test_locks_order)
{
	struct map m;
	struct err e;
	two_rooms(&m, DOOR_PLAIN);
	key_number(&m, KEY_NUMBER_ENTRANCE, &e);
	/* key to the door into B lies in B itself: unreachable */
	ck_assert_int_ge(map_add_lock(&m, 1, 3, "iron key", &e), 0);
	ck_assert_int_eq(map_check(&m, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "cannot be reached"));
	/* key in A: fine */
	m.locks[0].region = 1;
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	map_free(&m);
}
END_TEST

START_TEST(test_check_catches_split_region)
{
	struct map m;
	struct err e;
	two_rooms(&m, DOOR_PLAIN);
	key_number(&m, KEY_NUMBER_ENTRANCE, &e);
	map_set(&m, 8, 5, 1);   /* a stray square of room A */
	ck_assert_int_eq(map_check(&m, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "two pieces"));
	map_free(&m);
}
END_TEST

START_TEST(test_key_exits_follow_corridors)
{
	struct map m;
	struct err e;
	two_rooms(&m, DOOR_SECRET);
	key_number(&m, KEY_NUMBER_ENTRANCE, &e);
	struct key k;
	struct key_options o = { 0 };
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	ck_assert_int_eq(k.n, 2);
	ck_assert_str_eq(k.entries[0].exits, "East: door, corridor to a secret door into room 2.");
	ck_assert_str_eq(k.entries[1].exits, "West: secret door, corridor to a door into room 1.");
	key_free(&k);
	o.player = 1;
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	ck_assert_str_eq(k.entries[0].exits, "East: door to a dead-end corridor.");
	ck_assert_str_eq(k.entries[1].exits, "No exits.");
	key_free(&k);
	map_free(&m);
}
END_TEST

/* A feature stands with its back to a wall of its square: of two, the one
 * facing away from its room's middle; a door's edge is no wall, a secret
 * door's is. Free, a shelf runs along the shelves beside it, and its box
 * lies along its wall or across the middle, inside the square. */
START_TEST(test_feature_place)
{
	struct map m;
	struct err e;
	struct feature_place pl;
	two_rooms(&m, DOOR_SECRET);
	/* room A is (1,1)-(3,3); its plain door is on the east of (3,2) */
	feature_place(&m, 2, 2, &pl);
	ck_assert_int_eq(pl.back, -1);
	feature_place(&m, 2, 1, &pl);
	ck_assert_int_eq(pl.back, SIDE_N);
	feature_place(&m, 1, 2, &pl);
	ck_assert_int_eq(pl.back, SIDE_W);
	feature_place(&m, 2, 3, &pl);
	ck_assert_int_eq(pl.back, SIDE_S);
	/* the door's edge is no wall; in a square room's corner, north before west */
	feature_place(&m, 3, 2, &pl);
	ck_assert_int_eq(pl.back, -1);
	feature_place(&m, 1, 1, &pl);
	ck_assert_int_eq(pl.back, SIDE_N);
	/* room B (6,1)-(8,3): its west door is secret, wall to stand against */
	feature_place(&m, 6, 2, &pl);
	ck_assert_int_eq(pl.back, SIDE_W);
	/* the corridor (4,2)-(5,2): at its west end, walls north and south
	 * only (the first is taken); at its east end the secret door is the
	 * wall facing away from its middle */
	feature_place(&m, 4, 2, &pl);
	ck_assert_int_eq(pl.back, SIDE_N);
	feature_place(&m, 5, 2, &pl);
	ck_assert_int_eq(pl.back, SIDE_E);
	map_free(&m);

	ck_assert_int_eq(map_init(&m, 12, 12, &e), 0);
	int r = map_add_region(&m, REGION_ROOM, &e);
	map_fill_rect(&m, r, (struct rect){ 1, 1, 10, 10 });
	map_recount(&m);
	for (int y = 4; y <= 6; y++)
		m.features[y * m.w + 5] = FEATURE_SHELF;
	m.features[5 * m.w + 7] = FEATURE_SHELF;
	m.features[5 * m.w + 8] = FEATURE_SHELF;
	feature_place(&m, 5, 5, &pl);
	ck_assert_int_eq(pl.back, -1);
	ck_assert_int_eq(pl.along_ns, 1);
	feature_place(&m, 7, 5, &pl);
	ck_assert_int_eq(pl.along_ns, 0);
	/* in the square room's north-west corner: north alone (a tie, the
	 * first); west when a bed stands two squares south along the west
	 * wall; north again when beds stand along both walls (a tie again) */
	m.features[1 * m.w + 1] = FEATURE_BED;
	feature_place(&m, 1, 1, &pl);
	ck_assert_int_eq(pl.back, SIDE_N);
	m.features[3 * m.w + 1] = FEATURE_BED;
	feature_place(&m, 1, 1, &pl);
	ck_assert_int_eq(pl.back, SIDE_W);
	m.features[1 * m.w + 3] = FEATURE_BED;
	feature_place(&m, 1, 1, &pl);
	ck_assert_int_eq(pl.back, SIDE_N);
	map_free(&m);

	/* the shelf's box: inside its square, thin, against its wall */
	for (int back = -1; back < SIDE_COUNT; back++)
		for (int ns = 0; ns <= 1; ns++) {
			double b[4];
			pl.back = back;
			pl.along_ns = ns;
			feature_shelf_box(&pl, b);
			ck_assert(b[0] > 0 && b[1] > 0 && b[2] < 1 && b[3] < 1 && b[0] < b[2] && b[1] < b[3]);
			double w = b[2] - b[0], h = b[3] - b[1];
			ck_assert(fmin(w, h) < 0.35 && fmax(w, h) > 0.85);
			if (back == SIDE_N)
				ck_assert(b[1] < 0.1 && w > h);
			if (back == SIDE_E)
				ck_assert(b[2] > 0.9 && h > w);
			if (back == SIDE_S)
				ck_assert(b[3] > 0.9 && w > h);
			if (back == SIDE_W)
				ck_assert(b[0] < 0.1 && h > w);
			if (back < 0)
				ck_assert(fabs(b[0] + b[2] - 1) < 1e-9 && fabs(b[1] + b[3] - 1) < 1e-9 && (h > w) == ns);
		}
	ck_assert(feature_blocks_sight(FEATURE_SHELF) && feature_blocks_sight(FEATURE_PILLAR) &&
		  feature_blocks_sight(FEATURE_STATUE));
	for (int f = FEATURE_NONE; f < FEATURE_COUNT; f++)
		if (f != FEATURE_SHELF && f != FEATURE_PILLAR && f != FEATURE_STATUE)
			ck_assert_msg(!feature_blocks_sight((enum feature)f), "%s blocks sight", feature_name((enum feature)f));
}
END_TEST

static Suite *map_suite(void)
{
	Suite *s = suite_create("map");
	TCase *tc = tcase_create("model");
	tcase_add_test(tc, test_door_normalised);
	tcase_add_test(tc, test_recount_and_rects);
	tcase_add_test(tc, test_row_runs);
	tcase_add_test(tc, test_door_table_add_remove);
	tcase_add_test(tc, test_reserve);
	tcase_add_test(tc, test_locks_order);
	tcase_add_test(tc, test_check_catches_split_region);
	tcase_add_test(tc, test_key_exits_follow_corridors);
	tcase_add_test(tc, test_feature_place);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(map_suite)
