/* room_names.h: names for the rooms of methods that do not name them while
 * they build (dice, cards, tiles), drawn after the key is stocked from the
 * table templates/names/METHOD.names: a dice room by what it holds (its
 * contents kind), a cards room by its zone's theme. */
#ifndef MAPSHEET_ROOM_NAMES_H
#define MAPSHEET_ROOM_NAMES_H

#include "model/doc.h"
#include "base/err.h"

/* The random stream of room names, level k using ROOM_NAMES_STREAM + k:
 * apart from the map's and the contents' streams, so names never change a
 * map or its contents. */
#define ROOM_NAMES_STREAM 3000u

/* Names the unnamed numbered regions of level lv (built by method
 * lv->map.method, its key already stocked) from names/METHOD.names along
 * dirs, and copies every region's name to its key entry's title. Regions
 * a method named keep their names; a method without a table keeps its
 * "Room"s. Returns 0, or -1 with e set (a malformed table, out of memory). */
int room_names_level(struct level *lv, const char *const *dirs, const char *seed, struct err *e);

#endif
