/* check_tiles.c: the tiles method: door finding on hand-drawn tiles
 * (widths, positions, orientations, corner posts, inner doors), tile file
 * errors with file:line:column, turning and mirroring round trips (and
 * turned copies' doors carried over as found afresh), the
 * joiner's invariants over a thousand seeds with the shipped tiles, stairs,
 * dead ends and a user's tile folder. */
#include "testutil.h"

#include "model/key.h"
#include "model/map_check.h"
#include "methods/tiles/tiles.h"
#include "methods/tiles/tile_join.h"
#include "methods/tiles/tile_read.h"
#include "methods/tiles/tile_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads text as file "t.tile" into s; returns tile_read_text's result. */
static int read_tiles(struct tile_set *s, const char *text, struct err *e)
{
	return tile_read_text(s, "t.tile", text, strlen(text), 0, e);
}

static const struct tile *read_one(struct tile_set *s, const char *text)
{
	struct err e = { 0 };
	memset(s, 0, sizeof *s);
	ck_assert_msg(read_tiles(s, text, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(s->ntiles, 1);
	return &s->tiles[0];
}

static void expect_door(const struct tile *t, int i, int x, int y, int width, enum tile_axis axis, int facing)
{
	ck_assert_int_gt(t->ndoors, i);
	const struct tile_door *d = &t->doors[i];
	ck_assert_msg(d->x == x && d->y == y && d->width == width && (int)d->axis == (int)axis && d->facing == facing,
		      "door %d: got %d,%d w%d axis %d facing %d; want %d,%d w%d axis %d facing %d", i, d->x, d->y,
		      d->width, d->axis, d->facing, x, y, width, axis, facing);
}

START_TEST(test_door_widths_positions)
{
	struct tile_set s;
	const struct tile *t = read_one(&s, "tile:t\n"
					   "row:##DDD###\n"
					   "row:#......#\n"
					   "row:D......#\n"
					   "row:D......D\n"
					   "row:#......#\n"
					   "row:####D###\n");
	ck_assert_int_eq(t->ndoors, 4);
	expect_door(t, 0, 2, 0, 3, TILE_AXIS_H, SIDE_N);
	expect_door(t, 1, 0, 2, 2, TILE_AXIS_V, SIDE_W);
	expect_door(t, 2, 7, 3, 1, TILE_AXIS_V, SIDE_E);
	expect_door(t, 3, 4, 5, 1, TILE_AXIS_H, SIDE_S);
	ck_assert_int_eq(t->ncomp, 1);
	tile_set_free(&s);
}
END_TEST

/* Rows shorter than the widest (man(1) and editors drop trailing spaces)
 * read as padded with outside squares, whichever row is the widest. */
START_TEST(test_short_rows_padded)
{
	struct tile_set s;
	const struct tile *t = read_one(&s, "tile:l\n"
					   "row:#D#\n"
					   "row:#.#\n"
					   "row:#.###\n"
					   "row:#...D\n"
					   "row:#####\n");
	ck_assert_int_eq(t->w, 5);
	ck_assert_int_eq(t->h, 5);
	ck_assert_int_eq(t->cells[3], ' ');
	ck_assert_int_eq(t->cells[4], ' ');
	ck_assert_int_eq(t->cells[1 * 5 + 3], ' ');
	ck_assert_int_eq(t->cells[2 * 5 + 4], '#');
	ck_assert_int_eq(t->ndoors, 2);
	tile_set_free(&s);
}
END_TEST

START_TEST(test_door_corners)
{
	struct tile_set s;
	/* an L of door squares: the corner is a post, the arms two doors */
	const struct tile *t = read_one(&s, "tile:l\n"
					   "row:DDD#\n"
					   "row:D..#\n"
					   "row:D..#\n"
					   "row:####\n");
	ck_assert_int_eq(t->cells[0], '#');
	ck_assert_int_eq(t->ndoors, 2);
	expect_door(t, 0, 1, 0, 2, TILE_AXIS_H, SIDE_N);
	expect_door(t, 1, 0, 1, 2, TILE_AXIS_V, SIDE_W);
	tile_set_free(&s);
	/* doors touching only at a corner stay two one-square doors */
	t = read_one(&s, "tile:d\n"
			 "row:#D###\n"
			 "row:D...#\n"
			 "row:#...#\n"
			 "row:#####\n");
	ck_assert_int_eq(t->ndoors, 2);
	expect_door(t, 0, 1, 0, 1, TILE_AXIS_H, SIDE_N);
	expect_door(t, 1, 0, 1, 1, TILE_AXIS_V, SIDE_W);
	tile_set_free(&s);
	tile_set_free(&s);
}
END_TEST

START_TEST(test_inner_door)
{
	struct tile_set s;
	const struct tile *t = read_one(&s, "tile:i\n"
					   "row:###D###\n"
					   "row:#.....#\n"
					   "row:#.....#\n"
					   "row:###DD##\n"
					   "row:#.....#\n"
					   "row:#.....D\n"
					   "row:#######\n");
	ck_assert_int_eq(t->ncomp, 2);
	ck_assert_int_eq(t->ndoors, 3);
	expect_door(t, 1, 3, 3, 2, TILE_AXIS_H, -1);
	const struct tile_door *d = &t->doors[1];
	ck_assert_int_eq(d->comp, t->comp[1 * 7 + 1]);     /* the squares go north */
	ck_assert_int_eq(d->comp2, t->comp[4 * 7 + 1]);
	ck_assert_int_ne(d->comp, d->comp2);
	ck_assert_int_eq(t->comp[3 * 7 + 3], d->comp);
	ck_assert_int_eq(t->doors[2].comp, d->comp2);
	tile_set_free(&s);
}
END_TEST

/* Each bad tile file and the start of the message it must give. */
static const struct {
	const char *text, *where, *what;
} bad_tiles[] = {
	{ "tile:x\nrow:#D#\nrow:#.X\nrow:###\n", "t.tile:3:7:", "unknown square 'X'" },
	{ "tile:x\nrow:###\nrow:#.#\nrow:###\n", "t.tile:1:1:", "has no door" },
	{ "tile:x\nrow:###\nrow:#D#\nrow:#.#\nrow:###\n", "t.tile:3:6:", "own tile's rock" },
	{ "tile:x\nrow:#DD#\nrow:#DD#\nrow:#..#\nrow:####\n", "t.tile:2:6:", "2x2 block" },
	{ "tile:x\nrow:D..\nrow:...\n", "t.tile:2:5:", "cannot be told" },
	{ "tile:x\nrow:#D#\nrow:#.#\nrow:#E#\n", "t.tile:4:6:", "belongs only" },
	{ "row:#D#\n", "t.tile:1:1:", "before any" },
	{ "tile:x\nkind:cellar\n", "t.tile:2:6:", "unknown kind 'cellar'" },
	{ "tile:x\nrow:#D####\nrow:#....#\nrow:#.DD.#\nrow:#....#\nrow:######\n", "t.tile:4:7:", "same room" },
	{ "tile:x\nweight:0\n", "t.tile:2:8:", "out of range" },
	{ "tile:x\nrow:#D###\nrow:#.#.#\nrow:#####\n", "t.tile:3:8:", "not joined" },
	{ "tile:x\nkind:entrance\nrow:#D#\nrow:#.#\nrow:###\n", "t.tile:1:1:", "exactly one way in" },
	{ "tile:x\nrow:#D#\nrow:#.#\nrow:###\ntile:x\nrow:#D#\nrow:#.#\nrow:###\n", "t.tile:5:1:",
	  "already defined at t.tile:1" },
	{ "tile:x\n", "t.tile:1:1:", "no rows" },
	{ "tile:a b\n", "t.tile:1:7:", "' ' in a tile name" },
	{ "tile:x\nrow:#D#\nrow:\t.#\n", "t.tile:3:5:", "unknown square" },
};

START_TEST(test_parse_errors)
{
	struct tile_set s;
	struct err e;
	memset(&s, 0, sizeof s);
	err_clear(&e);
	int i = _i;
	ck_assert_int_eq(read_tiles(&s, bad_tiles[i].text, &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_msg(strncmp(e.msg, bad_tiles[i].where, strlen(bad_tiles[i].where)) == 0 &&
			      strstr(e.msg, bad_tiles[i].what),
		      "case %d: got '%s', want '%s ... %s'", i, e.msg, bad_tiles[i].where, bad_tiles[i].what);
	tile_set_free(&s);
}
END_TEST

static void expect_same_tile(const struct tile *a, const struct tile *b, const char *what)
{
	ck_assert_msg(tile_same_drawing(a, b), "%s: drawing of '%s' differs", what, a->name);
	ck_assert_int_eq(a->ndoors, b->ndoors);
	for (int i = 0; i < a->ndoors; i++)
		ck_assert_msg(memcmp(&a->doors[i], &b->doors[i], sizeof a->doors[i]) == 0, "%s: door %d of '%s' differs",
			      what, i, a->name);
}

START_TEST(test_turn_round_trips)
{
	struct tile_set s;
	struct err e;
	memset(&s, 0, sizeof s);
	ck_assert_msg(tile_set_load(&s, test_template_dirs(), NULL, &e) == 0, "%s", e.msg);
	ck_assert_int_ge(s.ntiles, 30);
	for (int i = 0; i < s.ntiles; i++) {
		const struct tile *t = &s.tiles[i];
		struct tile cur, next, flip, back;
		ck_assert_int_eq(tile_copy(t, &cur, &e), 0);
		for (int q = 0; q < 4; q++) {
			ck_assert_msg(tile_transform(&cur, 1, &next, &e) == 0, "%s", e.msg);
			if (q == 0) {
				ck_assert_int_eq(next.w, t->h);
				ck_assert_int_eq(next.h, t->w);
			}
			tile_free(&cur);
			cur = next;
		}
		expect_same_tile(t, &cur, "four quarter turns");
		tile_free(&cur);
		ck_assert_int_eq(tile_transform(t, 4, &flip, &e), 0);
		ck_assert_int_eq(tile_transform(&flip, 4, &back, &e), 0);
		expect_same_tile(t, &back, "mirrored twice");
		tile_free(&flip);
		tile_free(&back);
	}
	tile_set_free(&s);

	/* a quarter turn clockwise takes a north door to the east side */
	const struct tile *t = read_one(&s, "tile:q\nrow:#D###\nrow:#...#\nrow:#...#\nrow:#####\n");
	struct tile q, m;
	ck_assert_int_eq(tile_transform(t, 1, &q, &e), 0);
	expect_door(&q, 0, 3, 1, 1, TILE_AXIS_V, SIDE_E);
	ck_assert_int_eq(tile_transform(t, 4, &m, &e), 0);   /* mirrored: the door moves east along the top */
	expect_door(&m, 0, 3, 0, 1, TILE_AXIS_H, SIDE_N);
	tile_free(&q);
	tile_free(&m);
	tile_set_free(&s);
}
END_TEST

/* True when a copy's doors and pieces (carried over) equal what
 * tile_analyse finds in the same drawing. */
static void expect_same_analysis(const struct tile *fresh, const struct tile *carried, int turn)
{
	ck_assert_msg(tile_same_drawing(fresh, carried), "'%s' turn %d: drawings differ", fresh->name, turn);
	ck_assert_msg(fresh->ncomp == carried->ncomp && fresh->ndoors == carried->ndoors,
		      "'%s' turn %d: %d pieces and %d doors found, %d and %d carried over", fresh->name, turn,
		      fresh->ncomp, fresh->ndoors, carried->ncomp, carried->ndoors);
	for (int i = 0; i < fresh->w * fresh->h; i++)
		ck_assert_msg(fresh->comp[i] == carried->comp[i], "'%s' turn %d: square %d,%d is in piece %d, not %d",
			      fresh->name, turn, i % fresh->w, i / fresh->w, fresh->comp[i], carried->comp[i]);
	for (int c = 0; c < fresh->ncomp; c++)
		ck_assert_int_eq(fresh->comp_area[c], carried->comp_area[c]);
	for (int i = 0; i < fresh->ndoors; i++) {
		const struct tile_door *a = &fresh->doors[i], *b = &carried->doors[i];
		ck_assert_msg(memcmp(a, b, sizeof *a) == 0,
			      "'%s' turn %d door %d: found %d,%d w%d axis %d facing %d entry %d pieces %d/%d, "
			      "carried %d,%d w%d axis %d facing %d entry %d pieces %d/%d", fresh->name, turn, i, a->x, a->y,
			      a->width, a->axis, a->facing, a->entry, a->comp, a->comp2, b->x, b->y, b->width, b->axis,
			      b->facing, b->entry, b->comp, b->comp2);
	}
}

/* Tiles whose doors and pieces tell turns apart: inner doors across and
 * along, wide doors, an L of door squares (a corner post), doors meeting
 * at a corner, a way in. */
static const char carried_tiles[] =
	"tile:inner\n"
	"row:###D###\n"
	"row:#.....#\n"
	"row:#.....#\n"
	"row:#DD####\n"
	"row:#..#..#\n"
	"row:#..D..D\n"
	"row:#..#..#\n"
	"row:#######\n"
	"tile:corner\n"
	"row:DDD##\n"
	"row:D...#\n"
	"row:D...D\n"
	"row:#...D\n"
	"row:#D###\n"
	"tile:gate\n"
	"kind:entrance\n"
	"row:#####\n"
	"row:D...#\n"
	"row:#...#\n"
	"row:##E##\n";

/* Every turned copy in the library, and every turn of some awkward tiles:
 * the doors and pieces carried over from the tile equal tile_analyse's. */
START_TEST(test_turn_carries_analysis)
{
	struct tile_set s;
	struct err e;
	memset(&s, 0, sizeof s);
	ck_assert_msg(tile_set_load(&s, test_template_dirs(), NULL, &e) == 0, "%s", e.msg);
	for (int v = 0; v < s.nvariants; v++) {
		const struct tile_variant *tv = &s.variants[v];
		struct tile fresh;
		ck_assert_msg(tile_transform(&s.tiles[tv->tile], tv->turn, &fresh, &e) == 0, "%s", e.msg);
		expect_same_analysis(&fresh, &tv->t, tv->turn);
		tile_free(&fresh);
	}
	tile_set_free(&s);
	memset(&s, 0, sizeof s);
	ck_assert_msg(read_tiles(&s, carried_tiles, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(s.ntiles, 3);
	ck_assert_int_eq(s.tiles[0].ncomp, 3);
	ck_assert_int_eq(s.tiles[1].ndoors, 4);
	for (int i = 0; i < s.ntiles; i++)
		for (int turn = 0; turn < TILE_TURNS; turn++) {
			struct tile fresh, carried;
			ck_assert_msg(tile_transform(&s.tiles[i], turn, &fresh, &e) == 0, "%s", e.msg);
			ck_assert_int_eq(tile_turn_drawing(&s.tiles[i], turn, &carried, &e), 0);
			ck_assert_int_eq(tile_turn_analysis(&s.tiles[i], turn, &carried, &e), 0);
			expect_same_analysis(&fresh, &carried, turn);
			tile_free(&fresh);
			tile_free(&carried);
		}
	tile_set_free(&s);
}
END_TEST

/* An assertion for tight loops: Check's own ck_assert records every
 * passing check through a pipe, which is slow a million times over. */
#define REQUIRE(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* Checks one assembled level against the rules, independently of the
 * joiner's own bookkeeping. */
static void check_level(const struct tile_level *lv, const struct map *m, const char *seed)
{
	unsigned char *cover = calloc((size_t)m->w * (size_t)m->h, 1);
	REQUIRE(cover != NULL, "out of memory");
	/* no two tiles' floors on one square */
	for (int p = 0; p < lv->nplaced; p++) {
		const struct tile *t = &lv->set->variants[lv->placed[p].variant].t;
		for (int i = 0; i < t->w * t->h; i++) {
			int x = lv->placed[p].x + i % t->w, y = lv->placed[p].y + i / t->w;
			if (tile_square_of(t->cells[i]) != TSQ_FLOOR)
				continue;
			REQUIRE(map_in(m, x, y), "seed %s: floor off the grid", seed);
			REQUIRE(cover[y * m->w + x]++ == 0, "seed %s: two floors on %d,%d", seed, x, y);
			REQUIRE(map_at(m, x, y) > 0, "seed %s: floor %d,%d in no region", seed, x, y);
		}
	}
	/* nor a tile's rock or door on another's floor */
	for (int p = 0; p < lv->nplaced; p++) {
		const struct tile *t = &lv->set->variants[lv->placed[p].variant].t;
		for (int i = 0; i < t->w * t->h; i++) {
			int x = lv->placed[p].x + i % t->w, y = lv->placed[p].y + i / t->w;
			enum tile_square sq = tile_square_of(t->cells[i]);
			if ((sq == TSQ_ROCK || sq == TSQ_DOOR) && map_in(m, x, y))
				REQUIRE(cover[y * m->w + x] == 0, "seed %s: tile %d's wall on a floor at %d,%d", seed, p,
					      x, y);
		}
	}
	/* every join is door to door of one width, with a door on each edge */
	int joined = 0;
	for (int i = 0; i < lv->ndoors; i++) {
		const struct tj_door *d = &lv->doors[i];
		REQUIRE(d->state != TJ_OPEN, "seed %s: door %d left open", seed, i);
		if (d->state != TJ_JOINED)
			continue;
		joined++;
		REQUIRE(d->join_width == d->width, "seed %s: door %d joined a door %d wide", seed, i, d->join_width);
		REQUIRE(lv->placed[d->joined].via == i, "seed %s: join %d not recorded", seed, i);
		for (int k = 0; k < d->width; k++) {
			int x = d->x + (d->axis == TILE_AXIS_H ? k : 0), y = d->y + (d->axis == TILE_AXIS_V ? k : 0);
			int here = map_at(m, x, y), there = map_at(m, x + side_dx[d->facing], y + side_dy[d->facing]);
			REQUIRE(here == d->region, "seed %s: door %d square %d not in its room", seed, i, k);
			REQUIRE(there > 0, "seed %s: door %d opens onto rock", seed, i);
			REQUIRE(there == here || map_find_door(m, x, y, d->facing) >= 0,
				      "seed %s: joined door %d has no door on square %d", seed, i, k);
		}
	}
	REQUIRE(joined == lv->nplaced - 1, "seed %s: %d joins for %d tiles", seed, joined, lv->nplaced);
	free(cover);
}

START_TEST(test_invariants_1000_seeds)
{
	struct tile_set set;
	struct err e;
	memset(&set, 0, sizeof set);
	ck_assert_msg(tile_set_load(&set, test_template_dirs(), NULL, &e) == 0, "%s", e.msg);
	const struct method *meth = method_find("tiles");
	int early = 0, rooms_total = 0;
	for (int n = 0; n < 1000; n++) {
		char seed[32];
		snprintf(seed, sizeof seed, "sweep-%d", n);
		struct gen_params p;
		gen_params_default(&p);
		p.rooms = 3 + n % 40;
		meth->fit_size(p.rooms, &p.w, &p.h);
		if (n % 7 == 0) {     /* some grids too small for the rooms wanted */
			p.w = 30;
			p.h = 22;
		}
		p.template_dirs = test_template_dirs();
		struct rng rng;
		rng_seed_text(&rng, seed, 1);
		char *warned = NULL;
		size_t warned_len = 0;
		FILE *wf = open_memstream(&warned, &warned_len);
		ck_assert_ptr_nonnull(wf);
		struct log lg = { NULL, wf, 0 };
		struct map m;
		struct tile_level lv;
		ck_assert_int_eq(map_init(&m, p.w, p.h, &e), 0);
		ck_assert_msg(tiles_build(&lv, &set, &m, &p, &rng, &lg, &e) == 0, "seed %s: %s", seed, e.msg);
		fclose(wf);
		map_recount(&m);
		ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
		ck_assert_msg(map_check(&m, &e) == 0, "seed %s: %s", seed, e.msg);
		check_level(&lv, &m, seed);
		int keyed = 0;
		for (int id = 1; id <= m.nregions; id++)
			keyed += region_is_keyed(m.regions[id].kind);
		ck_assert_int_eq(keyed, lv.rooms);
		char want[64];
		snprintf(want, sizeof want, "ended early with %d tiles placed", lv.nplaced);
		if (lv.rooms < p.rooms) {
			early++;
			ck_assert_msg(warned && strstr(warned, want), "seed %s: no warning '%s'", seed, want);
			ck_assert_int_eq(lg.warnings, 1);
		} else {
			ck_assert_msg(warned_len == 0, "seed %s: warned '%s'", seed, warned);
		}
		rooms_total += lv.rooms;
		free(warned);
		tj_free(&lv);
		map_free(&m);
	}
	/* the shipped tiles nearly always reach the count on a fitted grid;
	 * the small grids (one seed in seven) end early */
	ck_assert_int_lt(early, 1000 / 7 + 30);
	ck_assert_int_gt(early, 0);
	ck_assert_int_gt(rooms_total, 1000 * 10);
	tile_set_free(&set);
}
END_TEST

START_TEST(test_stairs_and_start)
{
	struct tile_set set;
	struct err e;
	memset(&set, 0, sizeof set);
	for (int n = 0; n < 60; n++) {
		char seed[32];
		snprintf(seed, sizeof seed, "stairs-%d", n);
		struct gen_params p;
		gen_params_default(&p);
		p.rooms = 12;
		p.w = 70;
		p.h = 50;
		p.start_x = 5 + n % 60;
		p.start_y = 3 + (n * 7) % 44;
		p.depth = 2;
		p.levels = 3;
		p.tiles.cache = &set;
		struct map m;
		ck_assert_msg(test_generate(&m, "tiles", seed, &p, 0, 0, 0, &e) == 0, "%s", e.msg);
		ck_assert_msg(map_check(&m, &e) == 0, "seed %s: %s", seed, e.msg);
		ck_assert_int_eq(m.entrance.side, -1);
		ck_assert_int_eq(m.entrance.x, p.start_x);
		ck_assert_int_eq(m.entrance.y, p.start_y);
		int up = 0, down = 0;
		for (int i = 0; i < m.nstairs; i++) {
			const struct stair *st = &m.stairs[i];
			if (st->dir == STAIR_UP) {
				up++;
				ck_assert(st->x == p.start_x && st->y == p.start_y);
				ck_assert_int_eq(st->to_level, 1);
			} else {
				down++;
				ck_assert(st->x != p.start_x || st->y != p.start_y);
				ck_assert_int_eq(st->to_level, 3);
			}
		}
		ck_assert_int_eq(up, 1);
		ck_assert_int_eq(down, 1);
		map_free(&m);
	}
	ck_assert(set.loaded);   /* read once, used sixty times */
	tile_set_free(&set);
}
END_TEST

/* Writes text to dir/name. */
static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void remove_dir(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* A level made with p; counts placed tiles whose name starts with prefix. */
static int count_named(struct tile_set *set, const struct gen_params *p, const char *seed, const char *prefix,
		       int *rooms, char **warned)
{
	struct err e;
	struct map m;
	struct tile_level lv;
	struct rng rng;
	size_t len = 0;
	FILE *wf = open_memstream(warned, &len);
	struct log lg = { NULL, wf, 0 };
	rng_seed_text(&rng, seed, 1);
	ck_assert_int_eq(tile_set_load(set, p->template_dirs, p->tiles.dir, &e), 0);
	ck_assert_int_eq(map_init(&m, p->w, p->h, &e), 0);
	ck_assert_msg(tiles_build(&lv, set, &m, p, &rng, &lg, &e) == 0, "%s", e.msg);
	fclose(wf);
	map_recount(&m);
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	int n = 0;
	for (int i = 0; i < lv.nplaced; i++)
		n += strncmp(set->tiles[set->variants[lv.placed[i].variant].tile].name, prefix, strlen(prefix)) == 0;
	*rooms = lv.rooms;
	tj_free(&lv);
	map_free(&m);
	return n;
}

static const char user_tiles[] =
	"# a user's two tiles\n"
	"tile:my-gate\nkind:entrance\nrow:##D##\nrow:#...#\nrow:D...D\nrow:##E##\n"
	"tile:my-hall\ntitle:My Hall\nweight:50\nrow:###D###\nrow:#.....#\nrow:D.....D\nrow:#.....#\nrow:###D###\n";

START_TEST(test_user_folder)
{
	char dir[] = "/tmp/mapsheet-tiles-XXXXXX", plus[64];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "mine.tile", user_tiles);
	write_file(dir, "notes.txt", "not a tile file\n");
	struct tile_set set;
	memset(&set, 0, sizeof set);
	struct gen_params p;
	gen_params_default(&p);
	p.rooms = 10;
	p.w = 80;
	p.h = 50;
	p.template_dirs = test_template_dirs();
	int rooms;
	char *warned = NULL;

	/* instead of the shipped tiles: only the user's appear */
	p.tiles.dir = dir;
	int mine = count_named(&set, &p, "user", "my-", &rooms, &warned);
	ck_assert_int_eq(set.ntiles, 2);
	ck_assert_int_ge(mine, 10);
	ck_assert_int_eq(rooms, 10);
	free(warned);

	/* beside them: both kinds appear, and the set was reloaded for it */
	snprintf(plus, sizeof plus, "+%s", dir);
	p.tiles.dir = plus;
	int total_mine = 0, total = 0;
	for (int n = 0; n < 10; n++) {
		char seed[32];
		snprintf(seed, sizeof seed, "beside-%d", n);
		total_mine += count_named(&set, &p, seed, "my-", &rooms, &warned);
		total += rooms;
		free(warned);
	}
	ck_assert_int_gt(set.ntiles, 31);
	ck_assert_int_gt(total_mine, 0);
	ck_assert_int_lt(total_mine, total);

	/* a user tile named like a shipped one replaces it */
	write_file(dir, "mine.tile", "tile:small-room\nweight:77\nrow:#D#\nrow:#.D\nrow:###\n");
	tile_set_free(&set);
	struct err e;
	ck_assert_msg(tile_set_load(&set, p.template_dirs, plus, &e) == 0, "%s", e.msg);
	int found = 0;
	for (int i = 0; i < set.ntiles; i++)
		if (strcmp(set.tiles[i].name, "small-room") == 0) {
			found++;
			ck_assert_int_eq(set.tiles[i].weight, 77);
			ck_assert_int_eq(set.tiles[i].source, 1);
		}
	ck_assert_int_eq(found, 1);
	tile_set_free(&set);

	/* a broken user tile is reported with its path, line and column */
	write_file(dir, "broken.tile", "tile:bad\nrow:#D#\nrow:#?#\n");
	ck_assert_int_eq(tile_set_load(&set, p.template_dirs, plus, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "broken.tile:3:6: unknown square '?'"));
	tile_set_free(&set);

	/* no entrance tile in a replacing folder */
	remove_dir(dir);
	ck_assert_ptr_nonnull(mkdtemp(strcpy(dir, "/tmp/mapsheet-tiles-XXXXXX")));
	write_file(dir, "a.tile", "tile:r\nrow:#D#\nrow:#.#\nrow:###\n");
	ck_assert_int_eq(tile_set_load(&set, p.template_dirs, dir, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "no entrance tile"));
	tile_set_free(&set);
	remove_dir(dir);
}
END_TEST

START_TEST(test_dead_ends)
{
	/* a library that runs dry: an entrance with one door and a room with
	 * two doors on one wall, which soon face each other's rock */
	char dir[] = "/tmp/mapsheet-tiles-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "dry.tile",
		   "tile:gate\nkind:entrance\nrow:##D##\nrow:#...#\nrow:##E##\n"
		   "tile:cap\nrow:#####\nrow:#...#\nrow:#...#\nrow:#D#D#\n");
	struct tile_set set;
	memset(&set, 0, sizeof set);
	struct gen_params p;
	gen_params_default(&p);
	p.rooms = 8;
	p.w = 60;
	p.h = 40;
	p.template_dirs = test_template_dirs();
	p.tiles.dir = dir;
	int closed_rooms = 0, open_rooms = 0, warned_close = 0;
	for (int n = 0; n < 20; n++) {
		char seed[32], *warned = NULL;
		int rooms;
		snprintf(seed, sizeof seed, "dry-%d", n);
		p.tiles.random_doors = 0;
		count_named(&set, &p, seed, "", &rooms, &warned);
		closed_rooms += rooms;
		warned_close += warned && strstr(warned, "ended early") != NULL;
		free(warned);
		p.tiles.random_doors = 1;
		count_named(&set, &p, seed, "", &rooms, &warned);
		open_rooms += rooms;
		free(warned);
	}
	ck_assert_int_eq(warned_close, 20);          /* two doors cannot reach eight rooms */
	ck_assert_int_lt(closed_rooms, 20 * 8);
	ck_assert_int_gt(open_rooms, closed_rooms);  /* new doors carry on */
	tile_set_free(&set);
	remove_dir(dir);
}
END_TEST

static const struct method_option *find_option(const char *name)
{
	const struct method *meth = method_find("tiles");
	for (const struct method_option *o = meth->options; o && o->name; o++)
		if (strcmp(o->name, name) == 0)
			return o;
	return NULL;
}

START_TEST(test_options_and_method)
{
	struct gen_params p;
	struct err e;
	gen_params_default(&p);
	const struct method_option *dead = find_option("dead-ends"), *tiles = find_option("tiles");
	ck_assert_ptr_nonnull(dead);
	ck_assert_ptr_nonnull(tiles);
	ck_assert_int_eq(dead->apply(&p, "new-door", &e), 0);
	ck_assert_int_eq(p.tiles.random_doors, 1);
	ck_assert_int_eq(dead->apply(&p, "close", &e), 0);
	ck_assert_int_eq(p.tiles.random_doors, 0);
	ck_assert_int_eq(dead->apply(&p, "loop", &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_str_eq(e.msg, "--dead-ends: 'loop' is not a choice (expected close or new-door)");
	ck_assert_int_eq(tiles->apply(&p, "/no/such/folder", &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--tiles: '/no/such/folder' is not a folder"));
	ck_assert_int_eq(tiles->apply(&p, "+templates/tiles", &e), 0);

	/* through the method table, as the program runs it */
	struct map m;
	ck_assert_msg(test_generate(&m, "tiles", "vault", NULL, 25, 0, 0, &e) == 0, "%s", e.msg);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(m.square_feet, 10);
	int keyed = 0, named = 0;
	for (int id = 1; id <= m.nregions; id++) {
		keyed += region_is_keyed(m.regions[id].kind);
		named += m.regions[id].name[0] != '\0';
	}
	ck_assert_int_ge(keyed, 25);
	ck_assert_int_gt(named, 0);
	ck_assert_int_eq(m.entrance.side, SIDE_S);
	ck_assert_int_eq(m.entrance.y, m.h - 1);
	ck_assert_int_ge(map_find_door(&m, m.entrance.x, m.entrance.y, SIDE_S), 0);
	struct map again;
	ck_assert_int_eq(test_generate(&again, "tiles", "vault", NULL, 25, 0, 0, &e), 0);
	ck_assert_int_eq(memcmp(m.cells, again.cells, (size_t)m.w * m.h * sizeof *m.cells), 0);
	map_free(&again);
	map_free(&m);
}
END_TEST

/* The examples in mapsheet-templates(5) are real tiles. */
START_TEST(test_manual_examples)
{
	char *man = test_slurp("man/mapsheet-templates.5", NULL);
	ck_assert_ptr_nonnull(man);
	char *tiles = strstr(man, ".SH TILES");
	ck_assert_ptr_nonnull(tiles);
	char *start = strstr(tiles, ".SS Example\n.nf\n");
	ck_assert_ptr_nonnull(start);
	start = strchr(start + 16, '\n') + 1;   /* past the .ft line */
	char *end = strstr(start, ".ft\n.fi\n");
	ck_assert_ptr_nonnull(end);
	char text[4096];
	size_t n = 0;
	for (const char *c = start; c < end && n + 1 < sizeof text; c++) {
		if (c[0] == '\\' && (c[1] == ' ' || c[1] == '-'))
			c++;
		text[n++] = *c;
	}
	text[n] = '\0';
	struct tile_set s;
	struct err e;
	memset(&s, 0, sizeof s);
	ck_assert_msg(read_tiles(&s, text, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(s.ntiles, 3);
	ck_assert_int_eq(s.tiles[0].ndoors, 4);      /* one in the inner corner */
	expect_door(&s.tiles[0], 1, 7, 3, 1, TILE_AXIS_H, SIDE_N);
	ck_assert_int_eq(s.tiles[1].ncomp, 2);
	ck_assert_int_eq(s.tiles[2].kind, TILE_ENTRANCE);
	ck_assert_msg(tile_set_index(&s, "the manual", &e) == 0, "%s", e.msg);
	tile_set_free(&s);
	free(man);
}
END_TEST

static Suite *tiles_suite(void)
{
	Suite *s = suite_create("tiles");
	TCase *tc = tcase_create("tiles");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_door_widths_positions);
	tcase_add_test(tc, test_door_corners);
	tcase_add_test(tc, test_short_rows_padded);
	tcase_add_test(tc, test_inner_door);
	tcase_add_loop_test(tc, test_parse_errors, 0, (int)(sizeof bad_tiles / sizeof bad_tiles[0]));
	tcase_add_test(tc, test_turn_round_trips);
	tcase_add_test(tc, test_turn_carries_analysis);
	tcase_add_test(tc, test_invariants_1000_seeds);
	tcase_add_test(tc, test_stairs_and_start);
	tcase_add_test(tc, test_user_folder);
	tcase_add_test(tc, test_dead_ends);
	tcase_add_test(tc, test_options_and_method);
	tcase_add_test(tc, test_manual_examples);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(tiles_suite)
