/* tile_join.h: the steps of the tiles procedure on the level
 * (tile_level.h): place a tile at a door, wall a door up, open a new door
 * on a dead end. tiles.c strings these steps together.
 *
 * A tile joins an open door with a door of the same width facing the other
 * way, laid on the same squares (tile_fit.h tells where it may lie): those
 * squares become part of the older tile's room, and each edge between them
 * and the new tile's floor gets a door (an opening when the door is wider
 * than one square). */
#ifndef MAPSHEET_TILE_JOIN_H
#define MAPSHEET_TILE_JOIN_H

#include "methods/tiles/tile_level.h"

/* Prepares an empty level on m (already map_init'ed). Returns 0 or -1. */
int tj_init(struct tile_level *lv, struct map *m, const struct tile_set *set, struct rng *rng,
	    struct log *log, struct err *e);
void tj_free(struct tile_level *lv);
/* Places variant v with its north-west corner at (ox, oy), where tj_fits
 * says it fits: makes its regions, doors and open doors. When
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

#endif
