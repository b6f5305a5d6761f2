/* house_params.h: the house method's parameters (--hall-rate, --hallways,
 * --hall-door-prob, --room-door-prob, --max-room), the part of the method
 * the rest of the program sees in struct gen_params, with the smallest
 * room the plan and --max-room are held to. */
#ifndef MAPSHEET_HOUSE_PARAMS_H
#define MAPSHEET_HOUSE_PARAMS_H

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

#endif
