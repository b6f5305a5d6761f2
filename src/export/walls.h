/* walls.h: the walls of a map as long polylines on the grid lines, for the
 * virtual tabletop export. A wall is every grid edge between squares of two
 * different regions, or between a region and solid ground or the border,
 * except where a door opens (secret doors stay walls: players cannot see
 * them). Runs are merged: a polyline goes on through every corner where only
 * its two segments meet, and keeps only the points where it turns; a closed
 * loop ends with its first point again. */
#ifndef MAPSHEET_WALLS_H
#define MAPSHEET_WALLS_H

#include "model/map.h"

struct wall_point {
	int x, y;           /* a grid corner, in squares */
};

struct walls {
	struct wall_point *points;  /* all polylines, one after another */
	int *start;                 /* polyline i is points[start[i] .. start[i+1]) */
	int n;                      /* number of polylines */
	long segments;              /* unit edges that are walls */
};

/* True when the edge is open to players (a door they can see, or an opening). */
int walls_door_is_portal(enum door_kind k);

/* Builds the polylines of m. Returns 0 or -1 with e set. */
int walls_build(struct walls *w, const struct map *m, struct err *e);
/* The same, but with secret_open a secret door's edge is left open too,
 * for a tabletop that draws secret doors as doors of their own (Foundry's
 * GM-only secret doors). */
int walls_build_open(struct walls *w, const struct map *m, int secret_open, struct err *e);
void walls_free(struct walls *w);

#endif
