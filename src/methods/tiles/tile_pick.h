/* tile_pick.h: picking tiles by weight (tile_pick.c): the entrance tile
 * by its weight, and the tiles left to try at one door. */
#ifndef MAPSHEET_TILE_PICK_H
#define MAPSHEET_TILE_PICK_H

#include "methods/tiles/tile_level.h"

/* The tiles left to try at one door and their weights. */
struct tj_picker {
	int *w;                 /* weight of each group left, 0 once tried */
	int *tree;              /* the Fenwick tree of w, tree[1..n] */
	int n, top;             /* groups; the highest power of two <= n (1 for 0) */
	long total;             /* the weights left */
};

/* Picks an index in 0..n-1 with chance proportional to w[i]; -1 if all 0. */
int tj_pick(struct rng *rng, const int *w, int n);
/* Lays out every candidate list's weights (tj_init calls it). Returns 0 or
 * -1 with e set. */
int tj_picks_init(struct tile_level *lv, struct err *e);
void tj_picks_free(struct tile_level *lv);
/* Starts picking among the groups of candidate list (f, w), with scratch
 * arrays weights (ngroups) and tree (2 * ngroups + 2 will do). */
void tj_picker_start(struct tj_picker *pk, const struct tile_level *lv, int f, int w, int *weights, int *tree);
/* Picks a group left by weight, as tj_pick would over the weights left
 * (the same roll), and takes it out; -1 when none is left. */
int tj_picker_take(struct tj_picker *pk, struct rng *rng);

#endif
