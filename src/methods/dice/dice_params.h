/* dice_params.h: the dice method's parameters (--room-shape, --loops), the
 * part of the method the rest of the program sees in struct gen_params. */
#ifndef MAPSHEET_DICE_PARAMS_H
#define MAPSHEET_DICE_PARAMS_H

enum dice_shape {
	DICE_SHAPE_ROUND,   /* round the roll to the nearest rectangle area */
	DICE_SHAPE_ALCOVE   /* keep the exact roll: a rectangle plus an alcove */
};

struct dice_params {
	enum dice_shape shape;
	int loops;          /* extra loop corridors; -1: about one per eight rooms */
};

#endif
