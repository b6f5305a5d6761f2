/* check_walls.c: wall polylines for the tabletop export: merged runs, closed
 * loops that repeat their first point, breaks at doors but not at secret
 * doors, and every wall edge covered exactly once. */
#include "testutil.h"

#include "export/export_vtt.h"
#include "base/sbuf.h"
#include "export/walls.h"

#include <stdlib.h>

static long covered_length(const struct walls *w)
{
	long total = 0;
	for (int i = 0; i < w->n; i++)
		for (int k = w->start[i] + 1; k < w->start[i + 1]; k++) {
			int dx = abs(w->points[k].x - w->points[k - 1].x), dy = abs(w->points[k].y - w->points[k - 1].y);
			ck_assert_msg(dx == 0 || dy == 0, "a diagonal wall segment");
			total += dx + dy;
		}
	return total;
}

START_TEST(test_single_room_is_one_loop)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 6, 5, &e), 0);
	int r = map_add_region(&m, REGION_ROOM, &e);
	map_fill_rect(&m, r, (struct rect){ 1, 1, 4, 3 });
	struct walls w;
	ck_assert_int_eq(walls_build(&w, &m, &e), 0);
	ck_assert_int_eq(w.n, 1);
	ck_assert_int_eq(w.start[1] - w.start[0], 5);   /* four corners and the first again */
	ck_assert_int_eq(w.points[0].x, w.points[4].x);
	ck_assert_int_eq(w.points[0].y, w.points[4].y);
	ck_assert_int_eq(w.segments, 14);
	ck_assert_int_eq(covered_length(&w), 14);
	walls_free(&w);
	map_free(&m);
}
END_TEST

START_TEST(test_doors_break_walls_secret_doors_do_not)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 9, 5, &e), 0);
	int a = map_add_region(&m, REGION_ROOM, &e), b = map_add_region(&m, REGION_ROOM, &e);
	map_fill_rect(&m, a, (struct rect){ 1, 1, 3, 3 });
	map_fill_rect(&m, b, (struct rect){ 4, 1, 3, 3 });
	struct walls w;
	ck_assert_int_eq(walls_build(&w, &m, &e), 0);
	long all = w.segments;
	ck_assert_int_eq(all, 6 + 6 + 3 + 3 + 3); /* top, bottom, left, right, shared */
	ck_assert_int_eq(covered_length(&w), all);
	walls_free(&w);
	ck_assert_int_ge(map_add_door(&m, 3, 2, SIDE_E, DOOR_SECRET, &e), 0);
	ck_assert_int_eq(walls_build(&w, &m, &e), 0);
	ck_assert_int_eq(w.segments, all);
	walls_free(&w);
	m.doors[0].kind = DOOR_PLAIN;
	ck_assert_int_eq(walls_build(&w, &m, &e), 0);
	ck_assert_int_eq(w.segments, all - 1);
	ck_assert_int_eq(covered_length(&w), all - 1);
	/* the shared wall is now two pieces ending at the door's corners (4,2) and (4,3) */
	int ends_at_door = 0;
	for (int i = 0; i < w.n; i++) {
		const struct wall_point *p0 = &w.points[w.start[i]], *p1 = &w.points[w.start[i + 1] - 1];
		ends_at_door += (p0->x == 4 && (p0->y == 2 || p0->y == 3)) + (p1->x == 4 && (p1->y == 2 || p1->y == 3));
	}
	ck_assert_int_eq(ends_at_door, 2);
	walls_free(&w);
	map_free(&m);
}
END_TEST

START_TEST(test_base64)
{
	struct sbuf s;
	sbuf_init(&s);
	export_base64(&s, (const unsigned char *)"Man", 3);
	export_base64(&s, (const unsigned char *)"Ma", 2);
	export_base64(&s, (const unsigned char *)"M", 1);
	ck_assert_str_eq(sbuf_cstr(&s), "TWFuTWE=TQ==");
	sbuf_free(&s);
}
END_TEST

static Suite *walls_suite(void)
{
	Suite *s = suite_create("walls");
	TCase *tc = tcase_create("polylines");
	tcase_add_test(tc, test_single_room_is_one_loop);
	tcase_add_test(tc, test_doors_break_walls_secret_doors_do_not);
	tcase_add_test(tc, test_base64);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(walls_suite)
