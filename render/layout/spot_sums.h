/* spot_sums.h: whether a rectangle of squares is all open floor of one
 * region, in constant time (spot_sums.c), for the many boxes tried when
 * placing room numbers (layout_spot.c). */
#ifndef MAPSHEET_SPOT_SUMS_H
#define MAPSHEET_SPOT_SUMS_H

struct map;

struct spot_sums {
	int w, h;
	int *open;      /* (w + 1) x (h + 1): open squares above and left of each corner */
	int *across;    /* the same for squares whose right neighbour is of another region */
	int *down;      /* and for squares whose lower neighbour is of another region */
};

/* Counts m's squares open to a number: inside the viewport vx, vy, vw, vh,
 * not blocked (a byte a square) and not the arrow's square. Returns 0, or
 * -1 when out of memory; spot_sums_free releases it. */
int spot_sums_init(struct spot_sums *ss, const struct map *m, const unsigned char *blocked, int vx, int vy, int vw,
		   int vh, int arrow_x, int arrow_y);
void spot_sums_free(struct spot_sums *ss);

/* 1 when the squares x0..x1, y0..y1 (inside the map) are all open and of
 * region want, else 0. */
int spot_sums_open(const struct spot_sums *ss, const struct map *m, int want, int x0, int y0, int x1, int y1);

#endif
