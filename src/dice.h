/* dice.h: the dice method's parameters (see src/dice.c). */
#ifndef MAPSHEET_DICE_H
#define MAPSHEET_DICE_H

enum dice_shape {
	DICE_SHAPE_ROUND,   /* round the roll to the nearest rectangle area */
	DICE_SHAPE_ALCOVE   /* keep the exact roll: a rectangle plus an alcove */
};

struct dice_params {
	enum dice_shape shape;
	int loops;          /* extra loop corridors; -1: about one per eight rooms */
};

#endif
