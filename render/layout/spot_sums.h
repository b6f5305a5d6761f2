/* spot_sums.h: whether a rectangle of squares is all open floor of one
 * region, and whether it holds a door mark, in constant time
 * (spot_sums.c), for the many boxes tried when placing room numbers
 * (layout_spot.c). */
#ifndef MAPSHEET_SPOT_SUMS_H
#define MAPSHEET_SPOT_SUMS_H

#include "model/map.h"

struct spot_sums {
	int w, h;
	int *open;      /* (w + 1) x (h + 1): open squares above and left of each corner */
	int *across;    /* the same for squares whose right neighbour is of another region */
	int *down;      /* and for squares whose lower neighbour is of another region */
	int *doors;     /* and for squares with a door mark on a side */
};

/* Counts m's squares open to a number: inside the viewport vx, vy, vw, vh,
 * not blocked (a byte a square) and not the arrow's square; and those with
 * door marks (door_sides, a byte a square, not 0). Returns 0, or -1 when
 * out of memory; spot_sums_free releases it. */
int spot_sums_init(struct spot_sums *ss, const struct map *m, const unsigned char *blocked,
		   const unsigned char *door_sides, int vx, int vy, int vw, int vh, int arrow_x, int arrow_y);
void spot_sums_free(struct spot_sums *ss);

/* The sum over x0..x1, y0..y1 (inclusive) of a table of sums of width w. */
static inline int spot_sums_rect(const int *t, int w, int x0, int y0, int x1, int y1)
{
	if (x1 < x0 || y1 < y0)
		return 0;
	long W = (long)w + 1;
	return t[(y1 + 1) * W + x1 + 1] - t[y0 * W + x1 + 1] - t[(y1 + 1) * W + x0] + t[y0 * W + x0];
}

/* 1 when the squares x0..x1, y0..y1 (inside the map) are all open and of
 * region want, else 0. Inline: the box test asks it millions of times. */
static inline int spot_sums_open(const struct spot_sums *ss, const struct map *m, int want, int x0, int y0, int x1,
				 int y1)
{
	if (map_at(m, x0, y0) != want)
		return 0;
	long area = (long)(x1 - x0 + 1) * (y1 - y0 + 1);
	return spot_sums_rect(ss->open, ss->w, x0, y0, x1, y1) == area &&
	       spot_sums_rect(ss->across, ss->w, x0, y0, x1 - 1, y1) == 0 &&
	       spot_sums_rect(ss->down, ss->w, x0, y0, x1, y1 - 1) == 0;
}

/* 1 when no square of x0..x1, y0..y1 (inside the map) has a door mark. */
static inline int spot_sums_no_doors(const struct spot_sums *ss, int x0, int y0, int x1, int y1)
{
	return spot_sums_rect(ss->doors, ss->w, x0, y0, x1, y1) == 0;
}

#endif
