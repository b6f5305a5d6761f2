/* tile_level.h: the level being assembled by the tiles method, the state
 * its steps share: which squares the placed tiles cover, the doors still
 * open, the tiles placed, and what each step lays out once a level from
 * the library. The steps: tile_fit.h (does a tile fit), tile_stamp.h
 * (write it down), tile_pick.h (which tile next), tile_join.h (place, join,
 * wall up, open a door); tiles.c strings them together. */
#ifndef MAPSHEET_TILE_LEVEL_H
#define MAPSHEET_TILE_LEVEL_H

#include <stdint.h>

#include "base/log.h"
#include "model/map.h"
#include "base/rng.h"
#include "methods/tiles/tile_set.h"

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

#endif
