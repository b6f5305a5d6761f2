/* feature.h: how a feature stands in its square, the one rule the sheet
 * (render/layout/layout_furniture.c) and the Universal VTT export share.
 * A bed, a coffin, a throne, a hearth or a shelf stands with its back to a
 * wall of its square when it has one (the bed's head, the throne's back,
 * the hearth's flat side, the shelf along it); standing free, a shelf runs
 * along the shelves beside it. Which features hide what is behind them is
 * said here too, and which features each region holds (the key entry's
 * features in the JSON, derived from the squares). */
#ifndef MAPSHEET_FEATURE_H
#define MAPSHEET_FEATURE_H

#include "model/map.h"

struct feature_place {
	int back;       /* enum side of the wall it stands against, or -1: it stands free */
	int along_ns;   /* standing free: its long side runs north-south (else east-west) */
};

/* Where the feature on square (x, y) of m stands. A wall is an edge of the
 * square to another region or to rock with no door on it, or with a secret
 * door (which looks like wall, and is wall on the players' map). Of two or
 * more walls (a corner), the one the same feature stands along within two
 * squares, so that a row keeps its way round a corner; else, or when both
 * have such a row, the one facing most away from the middle of the
 * square's region; the first of north, east, south, west on a tie.
 * along_ns is set when the same feature stands north or south of (x, y)
 * and none east or west. */
void feature_place(const struct map *m, int x, int y, struct feature_place *out);

/* A shelf's box in its square, in squares from the square's north-west
 * corner (x0, y0, x1, y1): a thin strip along the wall it stands against,
 * or across the middle when it stands free. */
void feature_shelf_box(const struct feature_place *pl, double box[4]);

/* True for the features tall enough to hide what stands behind them:
 * pillars, statues and shelves. */
int feature_blocks_sight(enum feature f);

/* The features on the squares of each region of m, as sets of a bit
 * (1u << f) for each enum feature there: sets[id] for id 0 to m->nregions
 * (sets holds nregions + 1; id 0 is solid ground, which holds none).
 * Linear in the grid. */
_Static_assert(FEATURE_COUNT <= 32, "a set of features is an unsigned, a bit a feature");
void feature_sets(const struct map *m, unsigned *sets);

#endif
