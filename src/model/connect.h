/* connect.h: connectivity of a map through its doors. Regions are joined
 * where a door sits between them; a locked door is passable once the region
 * holding its key has been reached without passing it. Used by generators
 * (to add doors until connected), by the key (where an exit leads) and by
 * the invariant checks. */
#ifndef MAPSHEET_CONNECT_H
#define MAPSHEET_CONNECT_H

#include "model/map.h"

/* The region graph: for each region, the doors on its boundary. */
struct graph {
	int nregions;
	int *first;     /* nregions + 2 offsets into edges */
	int *edges;     /* door indices, each listed under both its regions */
	int *other;     /* beside edges: the region across that door */
};

/* Builds the door graph of m; returns 0 or -1 with e set. */
int graph_build(struct graph *g, const struct map *m, struct err *e);
void graph_free(struct graph *g);

/* Marks in seen[0..nregions] every region reachable from `start` through
 * doors. With honour_locks, a locked door opens only once its key's region is
 * reached (repeating until nothing changes); without, locks are ignored.
 * Returns the number of regions reached, or -1 with e set. */
int connect_reach(const struct map *m, const struct graph *g, int start, int honour_locks,
		  unsigned char *seen, struct err *e);

/* Region id of the entrance (0 if no entrance is set). */
int connect_entrance_region(const struct map *m);

/* Breadth-first door distances from region `start` (locks ignored); dist has
 * nregions + 1 entries, -1 where unreachable. Returns 0 or -1. */
int connect_distances(const struct map *m, const struct graph *g, int start, int *dist, struct err *e);

#endif
