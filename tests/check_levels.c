/* check_levels.c: levels that fit together: the stairs down of level k and
 * the stairs up of level k+1 on one square for every pair of methods, an
 * entrance on every level, stairs down on all but the last, keys that name
 * where each stair leads, and a booklet whose first levels do not change
 * when more levels are asked for. */
#include "testutil.h"

#include "app/level_keys.h"
#include "methods/levels.h"
#include "model/map_check.h"

#include <stdlib.h>
#include <string.h>

/* The grid the command line would choose for these methods (the largest
 * any of them wants), rooms 0 so each level takes its method's default. */
static void params_for(struct gen_params *p, const struct method *const *meths, int nmeths, int levels)
{
	gen_params_default(p);
	p->template_dirs = test_template_dirs();
	p->rooms = 0;
	p->levels = levels;
	int w = 8, h = 8;
	for (int k = 0; k < nmeths; k++) {
		int mw = 40, mh = 30;
		meths[k]->fit_size(meths[k]->default_rooms, &mw, &mh);
		w = mw > w ? mw : w;
		h = mh > h ? mh : h;
	}
	p->w = w;
	p->h = h;
}

static const struct stair *find_stair(const struct map *m, enum stair_dir dir)
{
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == dir)
			return &m->stairs[i];
	return NULL;
}

static int count_stairs(const struct map *m, enum stair_dir dir)
{
	int n = 0;
	for (int i = 0; i < m->nstairs; i++)
		n += m->stairs[i].dir == dir;
	return n;
}

/* The key entry's line that starts with `prefix`, or NULL. */
static const char *entry_line(const struct key *k, const char *prefix)
{
	for (int i = 0; i < k->n; i++)
		for (int j = 0; j < k->entries[i].nlines; j++)
			if (strncmp(k->entries[i].lines[j], prefix, strlen(prefix)) == 0)
				return k->entries[i].lines[j];
	return NULL;
}

/* Generates n levels with the methods and checks that they fit together. */
static void check_booklet(const struct method *const *meths, int nmeths, int n, const char *seed)
{
	struct gen_params p;
	params_for(&p, meths, nmeths, n);
	struct level *lv = calloc((size_t)n, sizeof *lv);
	ck_assert_ptr_nonnull(lv);
	struct err e = { ERR_NONE, "" };
	struct log log = { NULL, NULL, 0 };
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	int rc = levels_generate(lv, n, meths, nmeths, &p, seed, KEY_NUMBER_ENTRANCE, &log, NULL, &e);
	ck_assert_msg(rc == 0, "%s..., seed %s: %s", meths[0]->name, seed, e.msg);
	ck_assert_int_eq(level_keys_build(lv, n, &ko, NULL, NULL, seed, NULL, &e), 0);
	for (int k = 0; k < n; k++) {
		const struct map *m = &lv[k].map;
		struct err ce;
		ck_assert_msg(map_check(m, &ce) == 0, "level %d (%s, seed %s): %s", k + 1, m->method, seed, ce.msg);
		ck_assert_int_eq(m->w, p.w);
		ck_assert_int_eq(m->h, p.h);
		ck_assert(m->entrance.set);
		/* the front door on level 1, the stairs up below */
		if (k == 0) {
			ck_assert_int_ge(m->entrance.side, 0);
			ck_assert_int_eq(count_stairs(m, STAIR_UP), 0);
		} else {
			ck_assert_int_eq(m->entrance.side, -1);
			ck_assert_int_eq(count_stairs(m, STAIR_UP), 1);
			const struct stair *up = find_stair(m, STAIR_UP);
			const struct stair *down = find_stair(&lv[k - 1].map, STAIR_DOWN);
			ck_assert_msg(up->x == down->x && up->y == down->y,
				      "%s over %s, seed %s: stairs down at %d,%d, stairs up at %d,%d", m->method,
				      lv[k - 1].map.method, seed, down->x, down->y, up->x, up->y);
			ck_assert_int_eq(up->to_level, k);
			ck_assert_int_eq(up->to_room, map_at(&lv[k - 1].map, down->x, down->y) > 0
							       ? lv[k - 1].map.regions[map_at(&lv[k - 1].map, down->x, down->y)].number
							       : -1);
			ck_assert_int_eq(down->to_room, m->regions[map_at(m, up->x, up->y)].number);
			ck_assert_msg(down->to_room > 0, "%s over %s, seed %s, %d levels: the stairs up at %d,%d are in no room (%dx%d, region %d kind %d area %d)", m->method, lv[k - 1].map.method, seed, n, up->x, up->y, m->w, m->h, map_at(m, up->x, up->y), m->regions[map_at(m, up->x, up->y)].kind, m->regions[map_at(m, up->x, up->y)].area);
			ck_assert_int_gt(up->to_room, 0);
			/* both ends name the same square, counted from 1 as the maps' edges number them */
			char want[120];
			snprintf(want, sizeof want, "Stairs up to level %d, room %d, at column %d, row %d.", k, up->to_room,
				 up->x + 1, up->y + 1);
			ck_assert_str_eq(entry_line(&lv[k].key, "Stairs up"), want);
			snprintf(want, sizeof want, "Stairs down to level %d, room %d, at column %d, row %d.", k + 1,
				 down->to_room, down->x + 1, down->y + 1);
			ck_assert_str_eq(entry_line(&lv[k - 1].key, "Stairs down"), want);
		}
		ck_assert_int_eq(count_stairs(m, STAIR_DOWN), k + 1 < n ? 1 : 0);
	}
	levels_free(lv, n);
	free(lv);
}

/* Every pair of methods, upper over lower, three seeds, two or three levels. */
START_TEST(test_stairs_line_up_every_pair)
{
	int nm = 0;
	while (method_table[nm])
		nm++;
	const char *seeds[] = { "a", "crypt", "77" };
	for (int i = 0; i < nm; i++)
		for (int j = 0; j < nm; j++)
			for (int s = 0; s < 3; s++) {
				const struct method *pair[2] = { method_table[i], method_table[j] };
				check_booklet(pair, 2, 2 + s % 2, seeds[s]);
			}
}
END_TEST

/* Many seeds of one method over itself and a mixed five-level booklet. */
START_TEST(test_five_levels_valid)
{
	const struct method *mix[5] = { method_find("mansion"), method_find("dice"), method_find("cards"),
					method_find("tiles"), method_find("house") };
	for (int i = 0; i < 5; i++)
		ck_assert_ptr_nonnull(mix[i]);
	char seed[16];
	for (int s = 0; s < 6; s++) {
		snprintf(seed, sizeof seed, "five%d", s);
		check_booklet(mix, 5, 5, seed);
	}
	const struct method *dice[1] = { method_find("dice") };
	for (int s = 0; s < 40; s++) {
		snprintf(seed, sizeof seed, "d%d", s);
		check_booklet(dice, 1, 3, seed);
	}
}
END_TEST

static int same_stair(const struct stair *a, const struct stair *b)
{
	return a->x == b->x && a->y == b->y && a->dir == b->dir && a->to_level == b->to_level;
}

/* Level k depends on the seed and k alone: a booklet of five and one of
 * six share their first five levels square for square, door for door,
 * name for name; the fifth differs only by its stairs down. */
static void check_share(const struct method *const *meths, int nmeths, const char *seed)
{
	struct gen_params p5, p6;
	params_for(&p5, meths, nmeths, 5);
	params_for(&p6, meths, nmeths, 6);
	struct level a[5], b[6];
	memset(a, 0, sizeof a);
	memset(b, 0, sizeof b);
	struct err e;
	struct log log = { NULL, NULL, 0 };
	ck_assert_int_eq(levels_generate(a, 5, meths, nmeths, &p5, seed, KEY_NUMBER_ENTRANCE, &log, NULL, &e), 0);
	ck_assert_int_eq(levels_generate(b, 6, meths, nmeths, &p6, seed, KEY_NUMBER_ENTRANCE, &log, NULL, &e), 0);
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	ck_assert_int_eq(level_keys_build(a, 5, &ko, NULL, NULL, seed, NULL, &e), 0);
	ck_assert_int_eq(level_keys_build(b, 6, &ko, NULL, NULL, seed, NULL, &e), 0);
	for (int k = 0; k < 5; k++) {
		const struct map *x = &a[k].map, *y = &b[k].map;
		ck_assert_int_eq(x->w, y->w);
		ck_assert_int_eq(x->h, y->h);
		ck_assert_msg(memcmp(x->cells, y->cells, sizeof *x->cells * (size_t)x->w * x->h) == 0,
			      "%s level %d, seed %s: the squares differ", x->method, k + 1, seed);
		ck_assert_int_eq(x->nregions, y->nregions);
		for (int r = 1; r <= x->nregions; r++) {
			ck_assert_int_eq(x->regions[r].number, y->regions[r].number);
			ck_assert_str_eq(x->regions[r].name, y->regions[r].name);
		}
		ck_assert_int_eq(x->ndoors, y->ndoors);
		ck_assert(memcmp(x->doors, y->doors, sizeof *x->doors * (size_t)x->ndoors) == 0);
		ck_assert_int_eq(x->nlocks, y->nlocks);
		ck_assert_int_eq(x->entrance.x, y->entrance.x);
		ck_assert_int_eq(x->entrance.y, y->entrance.y);
		/* the same stairs, but for the fifth level's new stairs down */
		ck_assert_int_eq(x->nstairs + (k == 4), y->nstairs);
		for (int i = 0; i < x->nstairs; i++)
			ck_assert(same_stair(&x->stairs[i], &y->stairs[i]));
		/* the same key, contents included, but for that stairs sentence */
		const struct key *ka = &a[k].key, *kb = &b[k].key;
		ck_assert_int_eq(ka->n, kb->n);
		for (int r = 0; r < ka->n; r++) {
			const struct key_entry *p = &ka->entries[r], *q = &kb->entries[r];
			ck_assert_str_eq(p->title, q->title);
			ck_assert_str_eq(p->exits, q->exits);
			int j = 0;
			for (int i = 0; i < q->nlines; i++) {
				if (k == 4 && strncmp(q->lines[i], "Stairs down", 11) == 0)
					continue;
				ck_assert_int_lt(j, p->nlines);
				ck_assert_str_eq(p->lines[j], q->lines[i]);
				j++;
			}
			ck_assert_int_eq(j, p->nlines);
		}
	}
	levels_free(a, 5);
	levels_free(b, 6);
}

START_TEST(test_five_and_six_share)
{
	for (int i = 0; method_table[i]; i++) {
		const struct method *one[1] = { method_table[i] };
		check_share(one, 1, "share");
		check_share(one, 1, "crypt");
	}
	const struct method *mix[2] = { method_find("mansion"), method_find("dice") };
	check_share(mix, 2, "crypt");
}
END_TEST

static Suite *levels_suite(void)
{
	Suite *s = suite_create("levels");
	TCase *tc = tcase_create("stairs");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_stairs_line_up_every_pair);
	tcase_add_test(tc, test_five_levels_valid);
	tcase_add_test(tc, test_five_and_six_share);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(levels_suite)
