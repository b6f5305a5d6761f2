/* house_measure.h: how house-like or maze-like a plan is (house_measure.c):
 * the measures the house method prints in the key's footer, which the tests
 * read too. */
#ifndef MAPSHEET_HOUSE_MEASURE_H
#define MAPSHEET_HOUSE_MEASURE_H

#include "base/err.h"

struct map;

/* How house-like or maze-like a plan is, over its rooms (hallways are
 * passed through, not counted as rooms). */
struct house_measures {
	int rooms;              /* regions of kind room */
	int regions;            /* all regions */
	int doors;              /* doors between two regions (not to the outside) */
	double avg_doors;       /* doors passed on the shortest way between two rooms, averaged */
	int longest;            /* the most doors passed on such a shortest way */
	int loops;              /* independent loops: doors - regions + components */
	int dead_ends;          /* rooms with one door */
	int sources;            /* rooms the shortest ways were measured from */
	int sampled;            /* 1 when sources < rooms (a big plan) */
};

/* Measures m (any method's map). Plans of up to HOUSE_MEASURE_EXACT rooms are
 * measured from every room; bigger ones from HOUSE_MEASURE_SAMPLE rooms
 * spread evenly over the region ids, so avg_doors is an estimate and longest
 * a lower bound. Returns 0 or -1 with e set (out of memory). */
#define HOUSE_MEASURE_EXACT 1000
#define HOUSE_MEASURE_SAMPLE 100
int house_measure(const struct map *m, struct house_measures *out, struct err *e);

#endif
