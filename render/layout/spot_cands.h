/* spot_cands.h: the grid of places tried for a number beside its room
 * (spot_cands.c). */
#ifndef MAPSHEET_SPOT_CANDS_H
#define MAPSHEET_SPOT_CANDS_H

/* The candidate centres around one room at one reach: columns xs and rows
 * ys, kept while the same room is placed again (at other sizes, in later
 * rounds). A candidate's order in a row-by-row sweep is row * nx + column. */
struct spot_cands {
	double *xs, *ys;
	int nx, ny, cap_x, cap_y;
	int id, reach;
	double step;
};

struct map;
/* The columns and rows `step` squares apart over region id's bounds grown
 * by `reach` squares (the same sums as a sweep makes, so the same
 * centres); reuses them when they were the last asked for. Returns 0, or
 * -1 when out of memory. */
int spot_cands_get(struct spot_cands *sc, const struct map *m, int id, int reach, double step);
/* The first column (or row) at or past v, within 0 .. n - 1. */
int spot_cands_index(const double *v, int n, double at);
void spot_cands_free(struct spot_cands *sc);

#endif
