/* tile_join.h: the level being assembled by the tiles method: which
 * squares the placed tiles cover, the doors still open, and the steps the
 * procedure is made of (place a tile at a door, wall a door up, open a new
 * door on a dead end). src/tiles.c strings these steps together.
 *
 * Overlap rules: a tile's floor and door squares need empty squares of the
 * grid; its rock may lie on empty squares, on other tiles' rock (two tiles
 * share a wall) or beyond the grid's edge; its outside squares (' ') take
 * nothing. A tile joins an open door with a door of the same width facing
 * the other way, laid on the same squares: those squares become part of
 * the older tile's room, and each edge between them and the new tile's
 * floor gets a door (an opening when the door is wider than one square). */
#ifndef MAPSHEET_TILE_JOIN_H
#define MAPSHEET_TILE_JOIN_H

#include <stdint.h>

#include "base/log.h"
#include "model/map.h"
#include "base/rng.h"
#include "methods/tiles/tile_set.h"

enum tj_occ { TJ_EMPTY, TJ_ROCK, TJ_FLOOR, TJ_DOOR };
enum tj_door_state { TJ_OPEN, TJ_JOINED, TJ_WALLED };
/* What an entrance tile's way in ('E') becomes. */
enum tj_entry { TJ_ENTRY_NONE, TJ_ENTRY_OUTSIDE, TJ_ENTRY_WALL };

/* A door run on the map. */
struct tj_door {
	int x, y, width;        /* first square (west or north end) */
	enum tile_axis axis;
	enum side facing;       /* away from its floor */
	int region;             /* the region on its floor side */
	int placed;             /* the placed tile it belongs to */
	int made;               /* opened on a dead end (--dead-ends new-door) */
	enum tj_door_state state;
	int joined;             /* placed tile joined through it, or -1 */
	int join_width;         /* width of that tile's door */
};

struct tj_placed {
	int variant;            /* index in tile_set.variants */
	int x, y;               /* north-west corner on the grid */
	int via;                /* door joined through, -1 for the first tile */
};

/* Bits of each row of a variant (bit x for square x): `need` empty ground
 * (floor, doors), `rock`, `entry` (the entrance's way in: needs empty
 * ground unless walled up, then rock), `door` (its outer doors). */
struct tj_shape {
	int h;
	uint64_t *need, *rock, *entry, *door;
};

/* A candidate for an open door: door `door` of variant `variant`, whose
 * first square lies at (dx, dy) in the variant; need and rock are the
 * variant's h rows of bits when it joins there (the door's own squares
 * ask nothing: they lie on the open door). */
struct tj_cand {
	int variant;
	int dx, dy;
	const struct tile_door *door;
	int h;
	uint64_t *need, *rock;
	uint64_t line;          /* bit k-1: the square k from the door straight into
				   the variant needs empty ground */
};

/* tile_stamp.c: what one square of a copy's drawing writes into the map
 * when placed (rock and outer doors write bits alone). */
enum tj_stamp_op {
	TJ_STAMP_FLOOR,         /* floor of its piece (an inner door too) */
	TJ_STAMP_FLOOR_DOWN,    /* the same, drawn '>' */
	TJ_STAMP_ENTRY          /* the entrance's way in */
};

struct tj_stamp {
	short x, y;             /* in the copy */
	unsigned char op;       /* enum tj_stamp_op */
	unsigned char feature;  /* enum feature of a floor square */
	int piece;              /* its floor piece (the way in: the piece it opens from), or -1 */
};

/* tile_pick.c: the tiles left to try at one door and their weights. */
struct tj_picker {
	int *w;                 /* weight of each group left, 0 once tried */
	int *tree;              /* the Fenwick tree of w, tree[1..n] */
	int n, top;             /* groups; the highest power of two <= n (1 for 0) */
	long total;             /* the weights left */
};

struct tile_level {
	struct map *m;
	const struct tile_set *set;
	struct rng *rng;
	struct log *log;
	struct tj_door *doors;
	int ndoors, doors_cap;
	int *open;              /* doors still open, in no order */
	int nopen, open_cap;
	struct tj_placed *placed;
	int nplaced, placed_cap;
	int *downs;             /* squares (y*w+x) drawn '>' on placed tiles */
	int ndowns, downs_cap;
	int rooms;              /* keyed regions made */
	int bad;                /* doors walled up because no tile fitted */
	int made;               /* doors opened on dead ends */
	int *comp_region;       /* scratch: region of each piece of a tile */
	int *weights, *order;   /* scratch for weighted picks */
	int *tree;              /* scratch: a picker's tree (2 * scratch_n + 2) */
	int scratch_n;
	/* tile_fit.c: the occupancy grid as bit rows (row_words words a row):
	 * squares taken (anything but empty ground), hard (floor or doors)
	 * and doors (open, joined or not yet); and each variant's row bits */
	uint64_t *taken, *hard, *door;
	int row_words;
	struct tj_shape *shapes;
	/* the library's candidate lists, flat: set->cands[f][w][k] is
	 * cands[cand_first[f][w] + k] */
	struct tj_cand *cands;
	uint64_t *cand_rows;    /* their need and rock rows */
	int cand_first[SIDE_COUNT][TILE_MAX_DOOR + 1];
	/* tile_stamp.c: the squares of variant v that write into the map are
	 * stamps[stamp_first[v]] up to stamps[stamp_first[v + 1]] */
	struct tj_stamp *stamps;
	int *stamp_first;
	/* tile_pick.c: per candidate list, its groups' weights and their
	 * tree at pick_data + pick_first[f][w], and their sum */
	int *pick_data;
	int pick_first[SIDE_COUNT][TILE_MAX_DOOR + 1];
	/* per candidate list, each group's candidates' lines ANDed (a bit set
	 * there rules out the whole group), at group_line + group_first[f][w] */
	uint64_t *group_line;
	int group_first[SIDE_COUNT][TILE_MAX_DOOR + 1];
	long pick_total[SIDE_COUNT][TILE_MAX_DOOR + 1];
	int run_limit;          /* tile_fit.c: no candidate's line reaches further */
};

/* Prepares an empty level on m (already map_init'ed). Returns 0 or -1. */
int tj_init(struct tile_level *lv, struct map *m, const struct tile_set *set, struct rng *rng,
	    struct log *log, struct err *e);
void tj_free(struct tile_level *lv);

/* tile_fit.c. Builds the bit rows of the empty grid and of every variant
 * (tj_init calls it). Returns 0 or -1 with e set. */
int tj_shapes_init(struct tile_level *lv, struct err *e);
void tj_shapes_free(struct tile_level *lv);
/* tile_stamp.c. Lists what every variant's squares write (tj_init calls
 * it). Returns 0 or -1 with e set. */
int tj_stamps_init(struct tile_level *lv, struct err *e);
void tj_stamps_free(struct tile_level *lv);
/* Writes variant v's squares at (ox, oy): floor into its pieces' regions
 * (lv->comp_region), rock, doors, the way in as `entry` says. The squares
 * of a door laid on an open door stay that open door's until tj_place
 * joins them. Returns 0 or -1. */
int tj_stamp(struct tile_level *lv, int v, int ox, int oy, enum tj_entry entry, struct err *e);
/* tile_pick.c. Lays out every candidate list's weights (tj_init calls
 * it). Returns 0 or -1 with e set. */
int tj_picks_init(struct tile_level *lv, struct err *e);
void tj_picks_free(struct tile_level *lv);
/* Starts picking among the groups of candidate list (f, w), with scratch
 * arrays weights (ngroups) and tree (2 * ngroups + 2 will do). */
void tj_picker_start(struct tj_picker *pk, const struct tile_level *lv, int f, int w, int *weights, int *tree);
/* Picks a group left by weight, as tj_pick_sum would over the weights
 * left (the same roll), and takes it out; -1 when none is left. */
int tj_picker_take(struct tj_picker *pk, struct rng *rng);
/* Sets square (x, y) of the grid to o. */
static inline void tj_occ_put(struct tile_level *lv, int x, int y, enum tj_occ o)
{
	size_t wi = (size_t)y * (size_t)lv->row_words + (size_t)(x / 64);
	uint64_t bit = 1ULL << (x % 64);
	lv->taken[wi] = o == TJ_EMPTY ? lv->taken[wi] & ~bit : lv->taken[wi] | bit;
	lv->hard[wi] = o == TJ_FLOOR || o == TJ_DOOR ? lv->hard[wi] | bit : lv->hard[wi] & ~bit;
	lv->door[wi] = o == TJ_DOOR ? lv->door[wi] | bit : lv->door[wi] & ~bit;
}
/* What square (x, y) of the grid (on it) holds. */
static inline enum tj_occ tj_occ_at(const struct tile_level *lv, int x, int y)
{
	size_t wi = (size_t)y * (size_t)lv->row_words + (size_t)(x / 64);
	int b = x % 64;
	if (!(lv->taken[wi] >> b & 1))
		return TJ_EMPTY;
	if (!(lv->hard[wi] >> b & 1))
		return TJ_ROCK;
	return lv->door[wi] >> b & 1 ? TJ_DOOR : TJ_FLOOR;
}
/* How many squares of empty ground (up to lv->run_limit, at most 64) lie
 * in a row on the grid from (x, y) towards f, (x, y) itself not counted. */
int tj_empty_run(const struct tile_level *lv, int x, int y, enum side f);
/* 64 squares of grid row y from column x on, bit k for column x + k;
 * columns off the grid read as `pad` (one bit each). */
static inline uint64_t tj_row_bits(const struct tile_level *lv, const uint64_t *bits, int y, int x, int pad)
{
	const uint64_t *row = bits + (size_t)y * lv->row_words;
	int wi = x >= 0 ? x / 64 : -((63 - x) / 64), sh = x - wi * 64;
	if (wi >= 0 && wi + 1 < lv->row_words)
		return sh ? row[wi] >> sh | row[wi + 1] << (64 - sh) : row[wi];
	uint64_t fill = pad ? ~0ULL : 0;
	uint64_t lo = wi >= 0 && wi < lv->row_words ? row[wi] : fill;
	uint64_t hi = wi + 1 >= 0 && wi + 1 < lv->row_words ? row[wi + 1] : fill;
	return sh ? lo >> sh | hi << (64 - sh) : lo;
}

/* True when candidate c fits with its door on the open door at (x, y):
 * tj_fits for its variant, door and TJ_ENTRY_NONE. run is
 * tj_empty_run(lv, x, y, facing of the open door). Inline: the joiner
 * tries some 25 candidates for every tile it places. */
static inline int tj_cand_fits(const struct tile_level *lv, const struct tj_cand *c, int x, int y, int run)
{
	/* the square just past the empty run straight ahead of the door */
	if (run < 64 && (c->line >> run & 1))
		return 0;
	int ox = x - c->dx, oy = y - c->dy, y0 = 0, y1 = c->h;
	/* rows off the grid take rock only */
	for (; y0 < y1 && oy + y0 < 0; y0++)
		if (c->need[y0])
			return 0;
	for (; y1 > y0 && oy + y1 > lv->m->h; y1--)
		if (c->need[y1 - 1])
			return 0;
	for (int ty = y0; ty < y1; ty++) {
		if (tj_row_bits(lv, lv->taken, oy + ty, ox, 1) & c->need[ty])
			return 0;
		if (c->rock[ty] && (tj_row_bits(lv, lv->hard, oy + ty, ox, 0) & c->rock[ty]))
			return 0;
	}
	return 1;
}
/* True when variant v fits with its north-west corner at (ox, oy); squares
 * of `matched` (a door of v) may lie on an open door's squares. */
int tj_fits(const struct tile_level *lv, int v, int ox, int oy, const struct tile_door *matched,
	    enum tj_entry entry);
/* Places variant v there: makes its regions, doors and open doors. When
 * joined_to >= 0, `matched` is the door of v laid on open door joined_to.
 * Returns the placed tile's index or -1 with e set. */
int tj_place(struct tile_level *lv, int v, int ox, int oy, const struct tile_door *matched, int joined_to,
	     enum tj_entry entry, struct err *e);
/* Tries the tiles with a door of the same width facing open door r, by
 * weight, each in every allowed turn. Returns 1 when one was placed, 0 when
 * none fits, -1 on error. */
int tj_attach(struct tile_level *lv, int r, struct err *e);
/* Takes a random open door off the open list; -1 when none is left. */
int tj_take_open(struct tile_level *lv);
/* Walls door r up: its squares become rock. */
void tj_wall_up(struct tile_level *lv, int r);
/* Opens a new door of a random width the library can join, in a random
 * placed tile's outer wall where empty ground lies beyond. Returns 1 when
 * one was opened, 0 when no place was found, -1 on error. */
int tj_open_new(struct tile_level *lv, struct err *e);
/* tiles.c: assembles a level on m (map_init'ed at p->w x p->h) from the
 * loaded library set, leaving the placements in lv for inspection (tests);
 * the caller tj_free()s lv whatever the result. Returns 0 or -1 with e. */
struct gen_params;
int tiles_build(struct tile_level *lv, const struct tile_set *set, struct map *m, const struct gen_params *p,
		struct rng *rng, struct log *log, struct err *e);
/* Picks an index in 0..n-1 with chance proportional to w[i]; -1 if all 0. */
int tj_pick(struct rng *rng, const int *w, int n);
/* The same when the caller keeps total, the sum of w[0..n-1]. */
int tj_pick_sum(struct rng *rng, const int *w, int n, long total);

#endif
