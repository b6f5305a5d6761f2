/* house_build.h: the working state the house method's stages share
 * (house.c runs them; house_plan.c and house_doors.c hold them). */
#ifndef MAPSHEET_HOUSE_BUILD_H
#define MAPSHEET_HOUSE_BUILD_H

#include "methods/gen.h"
#include "methods/house/house_params.h"

struct house_build {
	struct map *m;
	const struct gen_params *p;
	const struct house_params *hp;
	struct rng *rng;
	struct log *log;

	struct rect *halls;     /* hallway segments in the order they were carved */
	int nhalls, halls_cap;
	long hall_area;         /* squares of hallway so far */

	struct rect *rooms;     /* rooms in the order the queue made them, then
				 * the hallways no end joins to the network */
	int nrooms, rooms_cap;
	int first_lone_hall;    /* rooms[first_lone_hall ..] are such hallways */

	int hall_region;        /* the joined hallway network, 0 when there is none */
	int room_base;          /* region id of rooms[0]; rooms[i] is room_base + i */
	int hub;                /* the region connected before any door is placed */

	/* touch[touch_first[r] .. touch_first[r + 1]): the regions sharing a
	 * wall with region r, each once, ascending (names_touching) */
	int *touch_first, *touch;
};

/* Stage 1-2: subdivides the plan (the whole grid) with a queue of areas into
 * hallway segments (b->halls) and rooms (b->rooms). With --hallways joined,
 * every hallway after the first ends against an earlier one. Returns 0 or
 * -1 with e set. */
int house_plan(struct house_build *b, struct err *e);

/* Stage 3, the join: hallway segments whose ends meet join the first
 * segment's network (the wall between them carved); each segment left out
 * moves from b->halls to the end of b->rooms, a hallway reached by doors
 * like a room. Returns 0 or -1 with e set. */
int house_join_halls(struct house_build *b, struct err *e);

/* Stage 4: places doors until every room is connected to the hub (the hallway
 * network, or the hub room when there is none); reads b->touch. Returns 0 or
 * -1 with e set. */
int house_doors(struct house_build *b, struct err *e);

/* Edge k of the walk around rectangle r's boundary: k in 0 .. 2(w+h)-1 runs
 * clockwise from the north-west corner (north wall east-bound, east wall
 * south-bound, south wall west-bound, west wall north-bound). Sets the
 * square inside r and the side of it the edge is on. */
void house_perimeter_edge(struct rect r, int k, int *x, int *y, enum side *side);

#endif
