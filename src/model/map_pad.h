/* map_pad.h: a map with a border of solid ground added on every side, for
 * the tabletop modules, whose pictures keep a margin round the rooms so
 * that no wall is drawn on a picture's edge. Everything on the map moves
 * with its squares; region ids, door indices and the key's numbers stay. */
#ifndef MAPSHEET_MAP_PAD_H
#define MAPSHEET_MAP_PAD_H

#include "model/map.h"

/* out = in with `margin` squares of solid ground on each side (out is
 * initialised here; map_free it whatever the result). Returns 0 or -1
 * with e set. */
int map_pad(struct map *out, const struct map *in, int margin, struct err *e);

#endif
