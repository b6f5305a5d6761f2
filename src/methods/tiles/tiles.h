/* tiles.h: the tiles method (tiles.c): its parameters, and the level
 * assembly the tests run on a library they loaded. */
#ifndef MAPSHEET_TILES_H
#define MAPSHEET_TILES_H

#include "methods/tiles/tiles_params.h"

struct err;
struct gen_params;
struct log;
struct map;
struct rng;
struct tile_level;

/* Assembles a level on m (map_init'ed at p->w x p->h) from the loaded
 * library set, leaving the placements in lv for inspection (tests); the
 * caller tj_free()s lv whatever the result. Returns 0 or -1 with e. */
int tiles_build(struct tile_level *lv, const struct tile_set *set, struct map *m, const struct gen_params *p,
		struct rng *rng, struct log *log, struct err *e);

#endif
