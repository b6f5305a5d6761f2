/* house.h: the house method's parameters (see src/house.c). */
#ifndef MAPSHEET_HOUSE_H
#define MAPSHEET_HOUSE_H

struct house_params {
	double hall_rate;       /* fraction of the plan that may be hallway */
	double hall_door_prob;  /* chance of looking for another hall door */
	double room_door_prob;  /* chance of looking for another room door */
	int max_room;           /* areas up to this size are not cut */
};

#endif
