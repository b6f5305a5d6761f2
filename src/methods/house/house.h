/* house.h: the house method's parameters (see src/house.c) and the maze
 * measures it prints, which the tests read too. */
#ifndef MAPSHEET_HOUSE_H
#define MAPSHEET_HOUSE_H

#include "base/err.h"

struct map;

/* Defaults (documented in mapsheet.1 under house). */
#define HOUSE_DEFAULT_HALL_RATE 0.15
#define HOUSE_DEFAULT_HALL_DOOR_PROB 0.5
#define HOUSE_DEFAULT_ROOM_DOOR_PROB 0.2
#define HOUSE_DEFAULT_MAX_ROOM 60

/* The smallest room: no side shorter than HOUSE_MIN_SIDE squares, so no room
 * has fewer than HOUSE_MIN_SIDE^2 squares. */
#define HOUSE_MIN_SIDE 2
/* The smallest --max-room: every area above it can be cut in two pieces of
 * at least HOUSE_MIN_SIDE on a side, so no room is larger than --max-room. */
#define HOUSE_MIN_MAX_ROOM 9

/* Which way a hallway after the first may run across its area (--hallways). */
enum house_hallways {
	HOUSE_HALLS_ANY,        /* either way that fits, as the source does */
	HOUSE_HALLS_JOINED      /* only where an end meets an earlier hallway */
};

struct house_params {
	double hall_rate;       /* fraction of the plan that may be hallway */
	enum house_hallways hallways;
	double hall_door_prob;  /* chance of looking for another hall door */
	double room_door_prob;  /* chance of looking for another room door */
	int max_room;           /* areas up to this size (squares) are not cut */
};

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
