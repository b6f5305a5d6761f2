/* tiles_params.h: the tiles method's parameters (--tiles, --dead-ends, and
 * the caller's tile library), the part of the method the rest of the
 * program sees in struct gen_params. */
#ifndef MAPSHEET_TILES_PARAMS_H
#define MAPSHEET_TILES_PARAMS_H

struct tile_set;

struct tiles_params {
	/* A user's tile folder (--tiles DIR: instead of the shipped tiles;
	 * --tiles +DIR: beside them), or NULL for the shipped tiles alone. */
	const char *dir;
	int random_doors;       /* on a dead end, open a random new door and go on
				   (--dead-ends new-door); 0: wall up and end */
	/* The caller's tile library, so tiles are read once per run: point it
	 * at a zeroed struct tile_set and tile_set_free() it after the last
	 * level. NULL: each level reads the tiles itself. */
	struct tile_set *cache;
};

#endif
