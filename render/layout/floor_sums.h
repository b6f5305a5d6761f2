/* floor_sums.h: how much floor a rectangle of a map holds, in squares,
 * counted in constant time from a table of sums (floor_sums.c), for
 * trying many rectangles: a poster's pieces under each shift of its grid
 * (poster_plan.c). */
#ifndef MAPSHEET_FLOOR_SUMS_H
#define MAPSHEET_FLOOR_SUMS_H

#include "base/err.h"
#include "model/map.h"

struct floor_sums {
	int w, h;
	long *sum;              /* (w + 1) x (h + 1): floor squares above and left of each corner */
};

/* Counts m's floor. Returns 0, or -1 with e set (out of memory);
 * floor_sums_free releases it. */
int floor_sums_init(struct floor_sums *fs, const struct map *m, struct err *e);
void floor_sums_free(struct floor_sums *fs);

/* The floor in the rectangle x0..x1, y0..y1 (grid units; x0 and y0 on
 * grid lines, x1 and y1 anywhere, a square partly inside counting by its
 * part), squares outside the map counting as rock. */
double floor_sums_area(const struct floor_sums *fs, int x0, int y0, double x1, double y1);

#endif
