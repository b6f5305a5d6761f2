/* tile_set.h: the tile library of one run: every tile read, its distinct
 * turned and mirrored copies, and an index from (facing, width) to the
 * copies whose door fits there, so a join never scans the whole library. */
#ifndef MAPSHEET_TILE_SET_H
#define MAPSHEET_TILE_SET_H

#include "methods/tiles/tile.h"

/* A turned copy of a tile. */
struct tile_variant {
	struct tile t;
	int tile;               /* index in tile_set.tiles */
	int turn;               /* the first turn (0..7) that gives this drawing */
	int keeps_axes;         /* also given by a turn that keeps axes (0, 2, 4, 6) */
};

/* Door `door` of variant `variant`. */
struct tile_cand {
	int variant;
	int door;
};

/* The candidates of one tile inside a candidate list. */
struct tile_group {
	int tile;
	int first, count;
};

struct tile_set {
	struct tile *tiles;
	int ntiles, tiles_cap;
	struct tile_variant *variants;
	int nvariants, variants_cap;
	/* cands[f][w]: doors facing f, w squares wide, in tile order; a door
	 * one square wide in every copy, a wider one only in copies that keep
	 * its axis (mirrored, or turned half way round). */
	struct tile_cand *cands[SIDE_COUNT][TILE_MAX_DOOR + 1];
	int ncands[SIDE_COUNT][TILE_MAX_DOOR + 1];
	struct tile_group *groups[SIDE_COUNT][TILE_MAX_DOOR + 1];
	int ngroups[SIDE_COUNT][TILE_MAX_DOOR + 1];
	int widths[TILE_MAX_DOOR + 1];  /* the door widths any tile can join, ascending */
	int nwidths;
	int entrances;                  /* entrance tiles */
	int loaded;                     /* tile_set_load (tile_read.c) finished */
	char loaded_for[1100];          /* the --tiles value it was loaded for */
};

/* Builds the copies and the index after reading (tile_set_load in
 * tile_read.h does it).
 * Returns 0, or -1 (usage error) when no entrance tile was read. */
int tile_set_index(struct tile_set *s, const char *where, struct err *e);
/* Adds a tile (taking ownership of its memory) or replaces one of the same
 * name from an earlier folder. */
int tile_set_add(struct tile_set *s, struct tile *t, struct err *e);
void tile_set_free(struct tile_set *s);

#endif
