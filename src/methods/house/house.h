/* house.h: the house method (house.c): its parameters and their defaults,
 * and the maze measures it prints, which the tests read too. */
#ifndef MAPSHEET_HOUSE_H
#define MAPSHEET_HOUSE_H

#include "methods/house/house_measure.h"
#include "methods/house/house_params.h"

/* Defaults (documented in mapsheet.1 under house). */
#define HOUSE_DEFAULT_HALL_RATE 0.15
#define HOUSE_DEFAULT_HALL_DOOR_PROB 0.5
#define HOUSE_DEFAULT_ROOM_DOOR_PROB 0.2
#define HOUSE_DEFAULT_MAX_ROOM 60

#endif
