/* tile_stamp.h: writing a placed tile's squares onto the grid and the map
 * (tile_stamp.c). */
#ifndef MAPSHEET_TILE_STAMP_H
#define MAPSHEET_TILE_STAMP_H

#include "methods/tiles/tile_level.h"

/* Lists what every variant's squares write (tj_init calls it). Returns 0
 * or -1 with e set. */
int tj_stamps_init(struct tile_level *lv, struct err *e);
void tj_stamps_free(struct tile_level *lv);
/* Writes variant v's squares at (ox, oy): floor into its pieces' regions
 * (lv->comp_region), rock, doors, the way in as `entry` says. The squares
 * of a door laid on an open door stay that open door's until tj_place
 * joins them. Returns 0 or -1. */
int tj_stamp(struct tile_level *lv, int v, int ox, int oy, enum tj_entry entry, struct err *e);

#endif
