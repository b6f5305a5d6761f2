/* tiles.h: the tiles method's parameters (see src/tiles.c). */
#ifndef MAPSHEET_TILES_H
#define MAPSHEET_TILES_H

struct tiles_params {
	const char *dir;        /* a user's tile folder (--tiles DIR), or NULL */
	int random_doors;       /* on a dead end, open a random new door and go on */
};

#endif
