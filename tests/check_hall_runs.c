/* check_hall_runs.c: a hallway's key entry says how its runs go. Halls
 * made by hand, shaped like a T, an L and a comb with more branches than
 * are named, give the expected sentence; a hall too wide to be runs, or
 * too small, gets none; over 200 house seeds (and 100 mansion seeds) every
 * hall of 20 squares or more gets the line, and it names every room its
 * exits lead to. */
#include "testutil.h"

#include "model/hall_runs.h"
#include "model/key.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A region of `kind` over rect r, numbered `number`; returns its id. */
static int add_area(struct map *m, enum region_kind kind, struct rect r, int number)
{
	struct err e;
	int id = map_add_region(m, kind, &e);
	ck_assert_int_gt(id, 0);
	map_fill_rect(m, id, r);
	m->regions[id].number = number;
	return id;
}

static void add_door(struct map *m, int x, int y, enum side side)
{
	struct err e;
	ck_assert_msg(map_add_door(m, x, y, side, DOOR_PLAIN, &e) >= 0, "%s", e.msg);
}

/* A w x h map of 5 ft squares with hallway 1 made of the rects h[0..n),
 * its front door on the `side` edge of square (dx, dy). */
static void make_hall(struct map *m, int w, int h, const struct rect *hall, int n, int dx, int dy, enum side side)
{
	struct err e;
	ck_assert_int_eq(map_init(m, w, h, &e), 0);
	m->square_feet = 5;
	int id = add_area(m, REGION_HALL, hall[0], 1);
	for (int i = 1; i < n; i++)
		map_fill_rect(m, id, hall[i]);
	add_door(m, dx, dy, side);
	map_set_entrance(m, dx, dy, side);
}

/* The runs line of hallway 1 ("" when it has none); the key is freed. */
static void hall_line(struct map *m, char *out, size_t size)
{
	struct err e;
	struct key k;
	struct key_options o = { 0 };
	map_recount(m);
	ck_assert_msg(key_build(&k, m, &o, &e) == 0, "%s", e.msg);
	out[0] = '\0';
	for (int j = 0; j < k.entries[0].nlines; j++)
		if (strstr(k.entries[0].lines[j], "the hall runs") || strstr(k.entries[0].lines[j], "The hall runs"))
			snprintf(out, size, "%s", k.entries[0].lines[j]);
	key_free(&k);
}

/* A T: the stem north from the front door, the bar across its top. */
START_TEST(test_t_shape)
{
	struct map m;
	const struct rect hall[] = { { 1, 1, 15, 2 }, { 8, 3, 2, 9 } };
	make_hall(&m, 20, 14, hall, 2, 8, 11, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 3, 7, 4 }, 2);
	add_door(&m, 3, 3, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 10, 3, 6, 4 }, 3);
	add_door(&m, 13, 3, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 2, 0, 4, 1 }, 4);
	add_door(&m, 3, 0, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 11, 0, 4, 1 }, 5);
	add_door(&m, 12, 0, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 8, 7, 3 }, 6);
	add_door(&m, 7, 9, SIDE_E);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "The hall runs north from the front door for 50 ft, past room 6, then branches west "
			       "(40 ft, to rooms 2 and 4) and east (35 ft, to rooms 3 and 5).");
	map_free(&m);
}
END_TEST

/* An L: north from the front door, then east along the top. */
START_TEST(test_l_shape)
{
	struct map m;
	const struct rect hall[] = { { 2, 1, 12, 2 }, { 2, 3, 2, 9 } };
	make_hall(&m, 16, 14, hall, 2, 2, 11, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 4, 3, 5, 4 }, 2);
	add_door(&m, 4, 5, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 9, 3, 4, 3 }, 3);
	add_door(&m, 10, 3, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 8, 0, 4, 1 }, 4);
	add_door(&m, 9, 0, SIDE_S);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "The hall runs north from the front door for 50 ft, past room 2, then turns east for "
			       "55 ft, past rooms 3 and 4.");
	map_free(&m);
}
END_TEST

/* A comb: east from the front door with four spurs north; three are
 * named, the shortest counted with its room. */
START_TEST(test_comb)
{
	struct map m;
	const struct rect hall[] = { { 1, 5, 20, 2 }, { 4, 0, 1, 5 }, { 8, 1, 1, 4 }, { 12, 2, 1, 3 }, { 16, 3, 1, 2 } };
	make_hall(&m, 24, 10, hall, 5, 1, 5, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 5, 0, 2, 5 }, 2);
	add_door(&m, 5, 2, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 9, 1, 2, 4 }, 3);
	add_door(&m, 9, 3, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 13, 2, 2, 3 }, 4);
	add_door(&m, 13, 3, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 17, 3, 2, 2 }, 5);
	add_door(&m, 17, 4, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 10, 7, 4, 2 }, 6);
	add_door(&m, 11, 7, SIDE_N);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "The hall runs east from the front door for 100 ft, past room 6, with branches north at "
			       "20 ft (30 ft, to room 2), north at 40 ft (25 ft, to room 3) and north at 60 ft (20 ft, "
			       "to room 4); a shorter branch leads to room 5.");
	struct hall_runs hr;
	struct err e;
	ck_assert_int_eq(hall_runs_find(&hr, &m, 1, 1, 5, &e), 1);
	ck_assert_int_eq(hall_runs_count(&hr), 9);
	ck_assert_int_eq(hall_runs_at(&hr, 16, 4), hall_runs_at(&hr, 16, 3));
	ck_assert_int_eq(hall_runs_at(&hr, 0, 0), -1);
	hall_runs_free(&hr);
	map_free(&m);
}
END_TEST

/* A hall entered from a door in the middle of its side runs both ways;
 * the room it is entered from is named once, as the way in. */
START_TEST(test_entered_from_the_side)
{
	struct err e;
	struct map m;
	ck_assert_int_eq(map_init(&m, 20, 6, &e), 0);
	m.square_feet = 5;
	add_area(&m, REGION_ROOM, (struct rect){ 6, 0, 4, 2 }, 1);
	add_door(&m, 7, 0, SIDE_N);
	map_set_entrance(&m, 7, 0, SIDE_N);
	add_area(&m, REGION_HALL, (struct rect){ 1, 2, 16, 2 }, 2);
	add_door(&m, 7, 1, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 4, 3, 2 }, 3);
	add_door(&m, 2, 4, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 14, 4, 3, 2 }, 4);
	add_door(&m, 15, 4, SIDE_N);
	map_recount(&m);
	struct key k;
	struct key_options o = { 0 };
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	const struct key_entry *en = key_find(&k, 2);
	ck_assert_ptr_nonnull(en);
	ck_assert_int_eq(en->nlines, 1);
	ck_assert_str_eq(en->lines[0], "From the door to room 1 the hall runs east (50 ft, to room 4) and west "
				       "(35 ft, to room 3).");
	key_free(&k);
	map_free(&m);
}
END_TEST

/* A hall too wide to be runs, and a small one, get no line. */
START_TEST(test_no_line)
{
	struct map m;
	const struct rect wide[] = { { 1, 1, 8, 6 } };
	make_hall(&m, 10, 8, wide, 1, 1, 1, SIDE_W);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "");
	struct hall_runs hr;
	struct err e;
	ck_assert_int_eq(hall_runs_find(&hr, &m, 1, 1, 1, &e), 0);
	hall_runs_free(&hr);
	map_free(&m);
	const struct rect small[] = { { 1, 1, 6, 2 } };
	make_hall(&m, 10, 8, small, 1, 1, 1, SIDE_W);
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "");
	map_free(&m);
}
END_TEST

/* Whether number n is named in line as a region: after "room ", "rooms ",
 * "hallway(s) ", "bridge(s) ", ", " or " and ", not as a length. */
static int names_number(const char *line, int n)
{
	static const char *const before[] = { "room ", "rooms ", "hallway ", "hallways ", "bridge ", "bridges ",
					       ", ", " and " };
	for (const char *p = line; *p; p++) {
		if (!isdigit((unsigned char)*p) || (p > line && isdigit((unsigned char)p[-1])))
			continue;
		char *end;
		long v = strtol(p, &end, 10);
		if (v != n || strncmp(end, " ft", 3) == 0)
			continue;
		for (size_t b = 0; b < sizeof before / sizeof before[0]; b++) {
			size_t len = strlen(before[b]);
			if ((size_t)(p - line) >= len && strncmp(p - len, before[b], len) == 0)
				return 1;
		}
	}
	return 0;
}

/* Every hall of KEY_HALL_MIN_SQUARES or more of method's maps over the
 * seeds has a runs line naming each region its exits lead to. Returns how
 * many halls were seen. */
static int sweep(const char *method, int seeds)
{
	int halls = 0;
	for (int s = 0; s < seeds; s++) {
		char seed[32], line[64];
		snprintf(seed, sizeof seed, "runs-%d", s);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, method, seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
		struct key k;
		struct key_options o = { 0 };
		ck_assert_msg(key_build(&k, &m, &o, &e) == 0, "%s", e.msg);
		for (int i = 0; i < k.n; i++) {
			const struct key_entry *en = &k.entries[i];
			const struct region *r = &m.regions[en->region];
			if (r->kind != REGION_HALL || r->area < 20)
				continue;
			halls++;
			const char *runs = NULL;
			for (int j = 0; j < en->nlines && !runs; j++)
				if (strstr(en->lines[j], "the hall runs") || strstr(en->lines[j], "The hall runs"))
					runs = en->lines[j];
			snprintf(line, sizeof line, "%s seed %s, hall %d", method, seed, en->number);
			ck_assert_msg(runs != NULL, "%s (%d squares): no runs line", line, r->area);
			for (int x = 0; x < en->nexits; x++)
				for (int l = 0; l < en->exit_list[x].nleads; l++)
					ck_assert_msg(names_number(runs, en->exit_list[x].leads[l]), "%s: room %d not in: %s",
						      line, en->exit_list[x].leads[l], runs);
		}
		key_free(&k);
		map_free(&m);
	}
	return halls;
}

START_TEST(test_house_halls_named)
{
	int halls = sweep("house", 200);
	ck_assert_int_ge(halls, 150);
}
END_TEST

START_TEST(test_mansion_halls_named)
{
	int halls = sweep("mansion", 100);
	ck_assert_int_ge(halls, 100);
}
END_TEST

static Suite *hall_runs_suite(void)
{
	Suite *s = suite_create("hall_runs");
	TCase *tc = tcase_create("hall_runs");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_t_shape);
	tcase_add_test(tc, test_l_shape);
	tcase_add_test(tc, test_comb);
	tcase_add_test(tc, test_entered_from_the_side);
	tcase_add_test(tc, test_no_line);
	tcase_add_test(tc, test_house_halls_named);
	tcase_add_test(tc, test_mansion_halls_named);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(hall_runs_suite)
