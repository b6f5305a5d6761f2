/* dice.h: the dice method (dice.c): its parameters, its default room count,
 * and the dice rolls the tests check against their exact distributions. */
#ifndef MAPSHEET_DICE_H
#define MAPSHEET_DICE_H

#include "methods/dice/dice_params.h"
#include "methods/dice/dice_room.h"

#define DICE_DEFAULT_ROOMS 10

#endif
