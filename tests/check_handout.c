/* check_handout.c: the players' handout keeps the referee's secrets. The
 * players' map of every method, over 200 seeds each, is checked against the
 * referee's map by a flood of its own over the squares (from the entrance,
 * across an edge only inside a region or through a door that is not
 * secret): every square the flood reaches is floor of the same room on the
 * handout, every other square is solid ground, no door is secret, locked
 * or opens onto ground, and stairs stand only on the handout's floor.
 * Levels behind secret stairs leave the handout; the command line refuses
 * --player for the referee's text and JSON. */
#include "testutil.h"

#include "model/handout.h"
#include "methods/levels.h"
#include "model/map_check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define DIR "build/tests/handout"
#define SEEDS 200

/* The squares of m players reach: a flood over squares, not regions. */
static unsigned char *flood_reached(const struct map *m)
{
	size_t n = (size_t)m->w * (size_t)m->h;
	unsigned char *seen = calloc(n, 1);
	int *stack = malloc(n * sizeof *stack);
	ck_assert(seen && stack);
	int top = 0;
	if (m->entrance.set && map_at(m, m->entrance.x, m->entrance.y) > 0) {
		seen[(size_t)m->entrance.y * m->w + m->entrance.x] = 1;
		stack[top++] = m->entrance.y * m->w + m->entrance.x;
	}
	while (top > 0) {
		int c = stack[--top], x = c % m->w, y = c / m->w;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nx = x + side_dx[s], ny = y + side_dy[s];
			int here = map_at(m, x, y), there = map_at(m, nx, ny);
			if (there <= 0 || seen[(size_t)ny * m->w + nx])
				continue;
			if (there != here) {
				int d = map_find_door(m, x, y, (enum side)s);
				if (d < 0 || m->doors[d].kind == DOOR_SECRET)
					continue;
			}
			seen[(size_t)ny * m->w + nx] = 1;
			stack[top++] = ny * m->w + nx;
		}
	}
	free(stack);
	return seen;
}

/* The handout p of the referee's map g shows exactly what players reach. */
static void check_view(const struct map *g, const struct map *p, const char *what)
{
	ck_assert_int_eq(p->w, g->w);
	ck_assert_int_eq(p->h, g->h);
	unsigned char *reached = flood_reached(g);
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++) {
			int gr = map_at(g, x, y), pr = map_at(p, x, y);
			int seen = reached[(size_t)y * g->w + x];
			ck_assert_msg(seen ? pr > 0 : pr == 0, "%s: square %d,%d (room %d) is %s", what, x, y,
				      g->regions[gr].number, seen ? "missing from the handout" : "behind a secret door, drawn");
			if (pr > 0) {
				ck_assert_int_eq(p->regions[pr].number, g->regions[gr].number);
				ck_assert_int_eq(p->regions[pr].kind, g->regions[gr].kind);
				ck_assert_int_eq(p->features[(size_t)y * p->w + x], g->features[(size_t)y * g->w + x]);
			}
		}
	for (int id = 1; id <= p->nregions; id++)
		ck_assert_msg(p->regions[id].area > 0, "%s: region %d of the handout is empty", what, id);
	/* every door of the referee's between squares players reach is there */
	int visible = 0;
	for (int i = 0; i < g->ndoors; i++) {
		const struct door *d = &g->doors[i];
		int nx = d->x + side_dx[d->side], ny = d->y + side_dy[d->side];
		/* the entrance's door has ground on its far side */
		int here = map_at(g, d->x, d->y) == 0 || reached[(size_t)d->y * g->w + d->x];
		int there = map_at(g, nx, ny) == 0 || reached[(size_t)ny * g->w + nx];
		if (d->kind != DOOR_SECRET && here && there) {
			visible++;
			ck_assert_msg(map_find_door(p, d->x, d->y, d->side) >= 0, "%s: the door at %d,%d is missing", what,
				      d->x, d->y);
		}
	}
	ck_assert_int_eq(p->ndoors, visible);
	for (int i = 0; i < p->ndoors; i++) {
		const struct door *d = &p->doors[i];
		ck_assert_msg(d->kind != DOOR_SECRET && d->kind != DOOR_LOCKED, "%s: a %s on the handout", what,
			      door_kind_name(d->kind));
		ck_assert_int_eq(d->lock, -1);
		int a, b;
		map_door_regions(p, d, &a, &b);
		/* no door, and so no corridor stub, ends at ground but the way in */
		int way_in = p->entrance.side >= 0 &&
			     map_find_door(p, p->entrance.x, p->entrance.y, (enum side)p->entrance.side) == i;
		ck_assert_msg((a > 0 && b > 0) || way_in, "%s: the door at %d,%d opens onto ground", what, d->x, d->y);
	}
	ck_assert_int_eq(p->nlocks, 0);
	ck_assert_int_eq(p->nnotes, 0);
	int stairs = 0;
	for (int i = 0; i < g->nstairs; i++)
		stairs += reached[(size_t)g->stairs[i].y * g->w + g->stairs[i].x];
	ck_assert_int_eq(p->nstairs, stairs);
	for (int i = 0; i < p->nstairs; i++)
		ck_assert(map_at(p, p->stairs[i].x, p->stairs[i].y) > 0);
	ck_assert(p->entrance.set);
	ck_assert_int_gt(map_at(p, p->entrance.x, p->entrance.y), 0);
	free(reached);
}

START_TEST(test_every_method_many_seeds)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	int hidden_maps = 0, hidden_squares = 0;
	for (int i = 0; i < 5; i++)
		for (int s = 1; s <= SEEDS; s++) {
			struct map g, p, again;
			struct err e;
			char seed[32], what[64];
			snprintf(seed, sizeof seed, "handout-%d", s);
			snprintf(what, sizeof what, "%s seed %s", methods[i], seed);
			ck_assert_msg(test_generate(&g, methods[i], seed, NULL, 0, 0, 0, &e) == 0, "%s: %s", what, e.msg);
			ck_assert_msg(handout_map(&p, &g, 0, 0, &e) == 0, "%s: %s", what, e.msg);
			check_view(&g, &p, what);
			int floor_g = 0, floor_p = 0;
			for (long k = 0; k < (long)g.w * g.h; k++) {
				floor_g += g.cells[k] > 0;
				floor_p += p.cells[k] > 0;
			}
			hidden_maps += floor_p < floor_g;
			hidden_squares += floor_g - floor_p;
			/* the way in leads somewhere: the players reach a second room
			 * without searching whenever the map has one */
			int rooms_g = 0, rooms_p = 0;
			for (int id = 1; id <= g.nregions; id++)
				rooms_g += g.regions[id].number > 0;
			for (int id = 1; id <= p.nregions; id++)
				rooms_p += p.regions[id].number > 0 && p.regions[id].area > 0;
			ck_assert_msg(rooms_g < 2 || rooms_p >= 2, "%s: the players reach %d of %d rooms", what, rooms_p,
				      rooms_g);
			/* the players' view of the players' view is itself */
			ck_assert_int_eq(handout_map(&again, &p, 0, 0, &e), 0);
			ck_assert(memcmp(again.cells, p.cells, (size_t)p.w * p.h * sizeof *p.cells) == 0);
			ck_assert_int_eq(again.ndoors, p.ndoors);
			map_free(&again);
			/* with the hidden rooms kept, every floor square is there, and
			 * still no secret door */
			ck_assert_int_eq(handout_map(&again, &g, 1, 0, &e), 0);
			for (long k = 0; k < (long)g.w * g.h; k++)
				ck_assert_int_eq(again.cells[k] > 0, g.cells[k] > 0);
			for (int d = 0; d < again.ndoors; d++)
				ck_assert(again.doors[d].kind != DOOR_SECRET && again.doors[d].kind != DOOR_LOCKED);
			map_free(&again);
			map_free(&p);
			map_free(&g);
		}
	/* the rule bites: secret doors hide something on many maps */
	ck_assert_int_gt(hidden_maps, SEEDS / 2);
	ck_assert_int_gt(hidden_squares, 0);
}
END_TEST

/* Three regions in a row: the entrance room, a corridor behind a secret
 * door, and a room behind a locked door of that corridor; stairs down in
 * the last room; a locked door from the entrance to a closet. */
static void fx_secret_row(struct map *m, int depth)
{
	struct err e;
	ck_assert_int_eq(map_init(m, 20, 6, &e), 0);
	m->depth = depth;
	m->method = "dice";
	int hall = map_add_region(m, REGION_ROOM, &e), corr = map_add_region(m, REGION_CORRIDOR, &e);
	int vault = map_add_region(m, REGION_ROOM, &e), closet = map_add_region(m, REGION_ROOM, &e);
	map_fill_rect(m, hall, (struct rect){ 1, 1, 5, 4 });
	map_fill_rect(m, corr, (struct rect){ 6, 2, 4, 1 });
	map_fill_rect(m, vault, (struct rect){ 10, 1, 4, 4 });
	map_fill_rect(m, closet, (struct rect){ 1, 5, 2, 1 });
	m->regions[hall].number = 1;
	m->regions[closet].number = 2;
	m->regions[vault].number = 3;
	ck_assert_int_ge(map_add_door(m, 5, 2, SIDE_E, DOOR_SECRET, &e), 0);
	int d = map_add_door(m, 9, 2, SIDE_E, DOOR_PLAIN, &e);
	ck_assert_int_ge(map_add_lock(m, d, hall, "iron key", &e), 0);
	d = map_add_door(m, 1, 4, SIDE_S, DOOR_PLAIN, &e);
	ck_assert_int_ge(map_add_lock(m, d, hall, "brass key", &e), 0);
	ck_assert_int_ge(map_add_door(m, 1, 1, SIDE_N, DOOR_PLAIN, &e), 0);
	map_set_entrance(m, 1, 1, SIDE_N);
	ck_assert_int_ge(map_add_stair(m, 12, 2, STAIR_DOWN, depth + 1, &e), 0);
	if (depth > 1) {
		ck_assert_int_ge(map_add_stair(m, 2, 2, STAIR_UP, depth - 1, &e), 0);
		m->entrance.side = -1;
		map_remove_door(m, map_find_door(m, 1, 1, SIDE_N));
	}
	map_add_note(m, "1 secret door");
	map_recount(m);
	ck_assert_msg(map_check(m, &e) == 0, "%s", e.msg);
}

START_TEST(test_rule_on_a_fixture)
{
	struct map g, p;
	struct err e;
	fx_secret_row(&g, 1);
	ck_assert_int_eq(handout_map(&p, &g, 0, 0, &e), 0);
	check_view(&g, &p, "fixture");
	/* the hall and, behind its locked door, the closet; the corridor and
	 * the vault behind the secret door are ground */
	ck_assert_int_eq(p.nregions, 2);
	ck_assert_int_eq(map_at(&p, 7, 2), 0);
	ck_assert_int_eq(map_at(&p, 11, 2), 0);
	ck_assert_int_eq(p.regions[map_at(&p, 1, 5)].number, 2);
	ck_assert_int_eq(p.doors[map_find_door(&p, 1, 4, SIDE_S)].kind, DOOR_PLAIN);
	ck_assert_int_lt(map_find_door(&p, 5, 2, SIDE_E), 0);
	ck_assert_int_eq(p.nstairs, 0);
	map_free(&p);
	/* kept for the referee's sake: the corridor and vault are there, the
	 * secret door is wall, the locks are plain doors */
	ck_assert_int_eq(handout_map(&p, &g, 1, 0, &e), 0);
	ck_assert_int_eq(p.nregions, 4);
	ck_assert_int_lt(map_find_door(&p, 5, 2, SIDE_E), 0);
	ck_assert_int_eq(p.doors[map_find_door(&p, 9, 2, SIDE_E)].kind, DOOR_PLAIN);
	ck_assert_int_eq(p.nstairs, 1);
	map_free(&p);
	map_free(&g);
}
END_TEST

START_TEST(test_levels_behind_secret_stairs)
{
	struct level lv[3];
	struct err e;
	memset(lv, 0, sizeof lv);
	for (int k = 0; k < 3; k++)
		fx_secret_row(&lv[k].map, k + 1);
	/* level 1's stairs down are in the vault, behind the secret door */
	ck_assert_int_eq(handout_levels(lv, 3, 0, &e), 1);
	ck_assert_int_eq(lv[0].map.nstairs, 0);
	for (int k = 0; k < 3; k++)
		map_free(&lv[k].map);
	/* stairs in the hall: level 2 is reached, and its own stairs down,
	 * in its vault, end the handout there (stairs up stay) */
	memset(lv, 0, sizeof lv);
	for (int k = 0; k < 3; k++)
		fx_secret_row(&lv[k].map, k + 1);
	lv[0].map.stairs[0].x = 3;
	ck_assert_int_eq(handout_levels(lv, 3, 0, &e), 2);
	ck_assert_int_eq(lv[0].map.nstairs, 1);
	ck_assert_int_eq(lv[1].map.nstairs, 1);
	ck_assert_int_eq(lv[1].map.stairs[0].dir, STAIR_UP);
	for (int k = 0; k < 3; k++)
		map_free(&lv[k].map);
	/* --player-secret-rooms: every level */
	memset(lv, 0, sizeof lv);
	for (int k = 0; k < 3; k++)
		fx_secret_row(&lv[k].map, k + 1);
	ck_assert_int_eq(handout_levels(lv, 3, 1, &e), 3);
	ck_assert_int_eq(lv[0].map.nstairs, 1);
	for (int k = 0; k < 3; k++)
		map_free(&lv[k].map);
}
END_TEST

/* A dice dungeon's stairs down are put where exploring finds them, behind
 * a secret door only when no edge room is open: the players' handout of a
 * 3-level dice dungeon goes down to the third level on most seeds (it
 * stopped at the first on 25 of these 30 when the stairs ignored secrets). */
START_TEST(test_dice_levels_found_by_exploring)
{
	int deep = 0;
	for (int s = 1; s <= 30; s++) {
		char seed[16];
		snprintf(seed, sizeof seed, "hs%d", s);
		struct level lv[3];
		struct doc d;
		test_levels_doc(lv, 3, "dice", seed, NULL, &d);
		struct err e;
		int shown = handout_levels(lv, 3, 0, &e);
		ck_assert_int_ge(shown, 1);
		deep += shown == 3;
		levels_free(lv, 3);
	}
	ck_assert_msg(deep >= 25, "only %d of 30 three-level handouts reach the third level", deep);
}
END_TEST

/* The key of a handout: an entry per room shown, the numbers kept. */
START_TEST(test_key_of_a_handout)
{
	struct map g, p;
	struct key k;
	struct err e;
	fx_secret_row(&g, 1);
	ck_assert_int_eq(handout_map(&p, &g, 0, 0, &e), 0);
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 0, "neutral", test_template_dirs(), 1, NULL, 0, 0 };
	ck_assert_msg(key_build(&k, &p, &ko, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(k.n, 2);
	ck_assert_int_eq(k.entries[0].number, 1);
	ck_assert_int_eq(k.entries[1].number, 2);
	ck_assert_ptr_null(strstr(k.entries[0].exits, "secret"));
	key_free(&k);
	map_free(&p);
	map_free(&g);
}
END_TEST

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *q = hay ? strstr(hay, needle) : NULL; q; q = strstr(q + 1, needle))
		n++;
	return n;
}

/* The exit status of a shell command (pdfinfo and pdftotext read PDFs). */
static int shell(const char *cmd)
{
	int st = system(cmd);
	return st >= 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_command_line)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	/* the referee's text and JSON refuse --player, naming what works */
	ck_assert_int_eq(test_run("--seed demo --player", DIR "/out.txt", DIR "/err.txt"), 2);
	char *err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: --player: txt output is the referee's"));
	ck_assert_int_eq(count(err, "\n"), 1);
	free(err);
	char *out = test_slurp(DIR "/out.txt", NULL);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(test_run("--seed demo --player -o " DIR "/x.json", NULL, DIR "/err.txt"), 2);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "--player: json output"));
	free(err);
	ck_assert_int_lt(access(DIR "/x.json", F_OK), 0);
	/* dice seed demo: rooms 9, 10 and 13 lie behind secret doors; the
	 * players' tabletop walls hold fewer segments than the referee's */
	ck_assert_int_eq(test_run("--seed demo --grid-pixels 10 -o " DIR "/gm.dd2vtt", NULL, NULL), 0);
	ck_assert_int_eq(test_run("--seed demo --player --grid-pixels 10 -o " DIR "/pl.dd2vtt", NULL, NULL), 0);
	char *gm = test_slurp(DIR "/gm.dd2vtt", NULL), *pl = test_slurp(DIR "/pl.dd2vtt", NULL);
	ck_assert_int_lt(count(pl, "\"x\""), count(gm, "\"x\""));
	free(gm);
	free(pl);
	unlink(DIR "/pl-2.svg");
	/* a three-level dice booklet (seed 3) whose every edge room lies
	 * behind a secret door, the stairs down too: the handout ends at level
	 * 1, and says so */
	ck_assert_int_eq(test_run("--seed 3 --levels 3 --player -o " DIR "/pl.md", NULL, DIR "/err.txt"), 0);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "the players' handout ends at level 1"));
	free(err);
	ck_assert_int_eq(access(DIR "/pl.svg", F_OK), 0);
	ck_assert_int_lt(access(DIR "/pl-2.svg", F_OK), 0);
	/* seed 16: the stairs to level 3 lie behind a secret door; the players'
	 * booklet has the cover and two levels, and never names level 3 */
	ck_assert_int_eq(test_run("--seed 16 --levels 3 --player -o " DIR "/b.pdf", NULL, NULL), 0);
	ck_assert_int_eq(shell("pdfinfo " DIR "/b.pdf | grep -q '^Pages: *3$'"), 0);
	ck_assert_int_eq(shell("pdftotext " DIR "/b.pdf - | grep -q 'Level 2'"), 0);
	ck_assert_int_ne(shell("pdftotext " DIR "/b.pdf - | grep -q 'Level 3'"), 0);
	/* its cover promises no key */
	ck_assert_int_ne(shell("pdftotext " DIR "/b.pdf - | grep -q 'key entry'"), 0);
	ck_assert_int_eq(test_run("--seed 16 --levels 3 --player-secret-rooms -o " DIR "/b.pdf", NULL, NULL), 0);
	ck_assert_int_eq(shell("pdfinfo " DIR "/b.pdf | grep -q '^Pages: *4$'"), 0);
	ck_assert_int_eq(shell("pdftotext " DIR "/b.pdf - | grep -q 'Level 3'"), 0);
	ck_assert_int_eq(test_run("--seed 3 --levels 3 --level 2 --player -o " DIR "/l2.pdf", NULL, DIR "/err.txt"),
			 2);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "--level 2: the players cannot reach level 2"));
	free(err);
	ck_assert_int_eq(test_run("--seed 3 --levels 3 --level 2 --player-secret-rooms -o " DIR "/l2.pdf", NULL,
				  NULL), 0);
}
END_TEST

static Suite *handout_suite(void)
{
	Suite *s = suite_create("handout");
	TCase *tc = tcase_create("handout");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_rule_on_a_fixture);
	tcase_add_test(tc, test_levels_behind_secret_stairs);
	tcase_add_test(tc, test_key_of_a_handout);
	tcase_add_test(tc, test_dice_levels_found_by_exploring);
	tcase_add_test(tc, test_every_method_many_seeds);
	tcase_add_test(tc, test_command_line);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(handout_suite)
