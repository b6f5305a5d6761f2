/* render_fixture.h: maps built by hand for the renderer's suites: a small
 * dungeon with every door kind, stairs up and down, an entrance on the
 * border, every feature and a locked door with its key; and a long row of
 * rooms whose key runs over several columns and pages. Included by the
 * check_render_*.c suites (static helpers, one copy each). */
#ifndef MAPSHEET_RENDER_FIXTURE_H
#define MAPSHEET_RENDER_FIXTURE_H

#include "model/doc.h"
#include "model/handout.h"
#include "model/key.h"
#include "model/map_check.h"
#include "testutil.h"

#include <stdio.h>
#include <string.h>

static int fx_room(struct map *m, enum region_kind kind, struct rect r, const char *name)
{
	struct err e;
	int id = map_add_region(m, kind, &e);
	ck_assert_int_gt(id, 0);
	map_fill_rect(m, id, r);
	if (name)
		snprintf(m->regions[id].name, sizeof m->regions[id].name, "%s", name);
	return id;
}

static int fx_door(struct map *m, int x, int y, enum side s, enum door_kind k)
{
	struct err e;
	int i = map_add_door(m, x, y, s, k, &e);
	ck_assert_msg(i >= 0, "door at %d,%d: %s", x, y, e.msg);
	return i;
}

static void fx_feature(struct map *m, int x, int y, enum feature f)
{
	m->features[y * m->w + x] = (unsigned char)f;
}

/* The sample dungeon: 30 x 22 squares, 7 rooms, 5 corridors. */
static void fx_dungeon(struct map *m)
{
	struct err e;
	ck_assert_int_eq(map_init(m, 30, 22, &e), 0);
	m->method = "dice";
	int r1 = fx_room(m, REGION_ROOM, (struct rect){ 0, 8, 6, 5 }, "Entrance Hall");
	int c1 = fx_room(m, REGION_CORRIDOR, (struct rect){ 6, 10, 5, 1 }, NULL);
	int r2 = fx_room(m, REGION_ROOM, (struct rect){ 11, 7, 7, 7 }, "Pillared Hall");
	int r3 = fx_room(m, REGION_ROOM, (struct rect){ 11, 1, 7, 4 }, NULL);
	int c2 = fx_room(m, REGION_CORRIDOR, (struct rect){ 14, 5, 1, 2 }, NULL);
	int c3 = fx_room(m, REGION_CORRIDOR, (struct rect){ 18, 10, 3, 1 }, NULL);
	int r4 = fx_room(m, REGION_ROOM, (struct rect){ 21, 8, 6, 6 }, NULL);
	int c4 = fx_room(m, REGION_CORRIDOR, (struct rect){ 23, 14, 1, 2 }, NULL);
	int r5 = fx_room(m, REGION_ROOM, (struct rect){ 20, 16, 8, 3 }, "Crypt");
	map_fill_rect(m, r5, (struct rect){ 20, 19, 3, 2 });
	int c5 = fx_room(m, REGION_CORRIDOR, (struct rect){ 3, 13, 1, 2 }, NULL);
	int r6 = fx_room(m, REGION_ROOM, (struct rect){ 2, 15, 8, 5 }, "Flooded Cellar");
	int r7 = fx_room(m, REGION_ROOM, (struct rect){ 18, 2, 2, 2 }, "Closet");
	(void)c1, (void)c2, (void)c3, (void)c4, (void)c5, (void)r6, (void)r7;
	fx_door(m, 0, 10, SIDE_W, DOOR_PLAIN);          /* the way in */
	fx_door(m, 5, 10, SIDE_E, DOOR_OPENING);
	fx_door(m, 10, 10, SIDE_E, DOOR_PLAIN);
	fx_door(m, 14, 4, SIDE_S, DOOR_SECRET);
	fx_door(m, 14, 6, SIDE_S, DOOR_PORTCULLIS);
	fx_door(m, 17, 10, SIDE_E, DOOR_OPENING);
	int locked = fx_door(m, 20, 10, SIDE_E, DOOR_PLAIN);
	fx_door(m, 23, 13, SIDE_S, DOOR_PLAIN);
	fx_door(m, 23, 15, SIDE_S, DOOR_OPENING);
	fx_door(m, 3, 12, SIDE_S, DOOR_PLAIN);
	fx_door(m, 3, 14, SIDE_S, DOOR_PLAIN);
	fx_door(m, 17, 2, SIDE_E, DOOR_PLAIN);
	ck_assert_int_ge(map_add_lock(m, locked, r3, "brass key", &e), 0);
	map_set_entrance(m, 0, 10, SIDE_W);
	ck_assert_int_ge(map_add_stair(m, 26, 13, STAIR_DOWN, 2, &e), 0);
	ck_assert_int_ge(map_add_stair(m, 2, 19, STAIR_UP, 0, &e), 0);
	fx_feature(m, 13, 9, FEATURE_PILLAR);
	fx_feature(m, 15, 9, FEATURE_PILLAR);
	fx_feature(m, 13, 11, FEATURE_PILLAR);
	fx_feature(m, 15, 11, FEATURE_PILLAR);
	for (int y = 16; y <= 17; y++)
		for (int x = 4; x <= 7; x++)
			fx_feature(m, x, y, FEATURE_WATER);
	fx_feature(m, 8, 18, FEATURE_RUBBLE);
	fx_feature(m, 24, 17, FEATURE_STATUE);
	(void)r1, (void)r2, (void)r4;
	map_add_note(m, "Fixture map for the renderer's tests.");
	map_recount(m);
	ck_assert_int_eq(key_number(m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(m, &e) == 0, "%s", e.msg);
}

/* A long gallery: rooms x rooms of 4 x 4 squares in a grid joined by doors,
 * for a key long enough to run over columns and pages. */
static inline void fx_gallery(struct map *m, int cols, int rows)
{
	struct err e;
	ck_assert_int_eq(map_init(m, cols * 5 + 1, rows * 5 + 1, &e), 0);
	m->method = "house";
	for (int j = 0; j < rows; j++)
		for (int i = 0; i < cols; i++) {
			char name[48];
			snprintf(name, sizeof name, (i + j) % 3 == 0 ? "Hall of the Long and Winding Name %d" : "Cell %d",
				 j * cols + i + 1);
			int id = fx_room(m, REGION_ROOM, (struct rect){ 1 + i * 5, 1 + j * 5, 4, 4 }, name);
			(void)id;
		}
	/* join neighbours with one-square passages and doors on both ends */
	for (int j = 0; j < rows; j++)
		for (int i = 0; i < cols; i++) {
			if (i + 1 < cols) {
				int c = fx_room(m, REGION_CORRIDOR, (struct rect){ 5 + i * 5, 2 + j * 5, 1, 1 }, NULL);
				(void)c;
				fx_door(m, 4 + i * 5, 2 + j * 5, SIDE_E, DOOR_PLAIN);
				fx_door(m, 5 + i * 5, 2 + j * 5, SIDE_E, (i + j) % 4 == 1 ? DOOR_OPENING : DOOR_PLAIN);
			}
			if (j + 1 < rows && i == 0) {
				int c = fx_room(m, REGION_CORRIDOR, (struct rect){ 2, 5 + j * 5, 1, 1 }, NULL);
				(void)c;
				fx_door(m, 2, 4 + j * 5, SIDE_S, DOOR_PLAIN);
				fx_door(m, 2, 5 + j * 5, SIDE_S, DOOR_PLAIN);
			}
		}
	map_set_entrance(m, 1, 1, -1);
	ck_assert_int_ge(map_add_stair(m, 1, 1, STAIR_UP, 0, &e), 0);
	map_recount(m);
	ck_assert_int_eq(key_number(m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(m, &e) == 0, "%s", e.msg);
}

/* Wraps one map (owned by the doc) into a one-level doc with its key. */
static void fx_doc(struct doc *d, struct level *lv, const char *style, int player)
{
	struct err e;
	/* the players' handout draws the players' map, as mapsheet does */
	if (player) {
		struct map view;
		ck_assert_msg(handout_map(&view, &lv->map, 0, 0, &e) == 0, "%s", e.msg);
		map_free(&lv->map);
		lv->map = view;
	}
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 0, "neutral", test_template_dirs(), player, NULL, 0, 0 };
	ck_assert_msg(key_build(&lv->key, &lv->map, &ko, &e) == 0, "%s", e.msg);
	memset(d, 0, sizeof *d);
	d->seed = "fixture";
	d->command = "mapsheet --method dice --seed fixture -o fixture.pdf";
	d->levels = lv;
	d->nlevels = 1;
	d->sheet.style = style;
	d->sheet.dpi = 0;
	d->sheet.player = player;
	d->template_dirs = test_template_dirs();
}

static void fx_doc_free(struct doc *d)
{
	for (int i = 0; i < d->nlevels; i++) {
		key_free(&d->levels[i].key);
		map_free(&d->levels[i].map);
	}
}

#endif
