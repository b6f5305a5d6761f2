/* spot_line.h: the squares a leader line passes, as its samples find them
 * (spot_line.c), for counting the walls a room number's leader crosses
 * (layout_spot.c). */
#ifndef MAPSHEET_SPOT_LINE_H
#define MAPSHEET_SPOT_LINE_H

/* A line from (ax, ay) to (bx, by) sampled at n + 1 points, sample i at
 * ax + (bx - ax) * i / n (and likewise in y), each in the square that
 * holds it (its coordinates' floors). */
struct spot_line {
	double ax, ay, dx, dy;
	int n, i;       /* the sample reached */
	int sx, sy;     /* its square */
};

/* Starts at sample 0. */
void spot_line_begin(struct spot_line *ln, double ax, double ay, double bx, double by, int n);
/* Moves to the first later sample in another square than the one reached,
 * setting sx, sy; 0 when no later sample is. The squares met are those a
 * walk over every sample meets, in the same order: each sample's place is
 * computed as above, and the places only grow (or only shrink) along the
 * line, so a sample between two in one square is in it too. */
int spot_line_next(struct spot_line *ln);

#endif
