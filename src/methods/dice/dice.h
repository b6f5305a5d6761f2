/* dice.h: the dice method's parameters (see src/dice.c), and the dice rolls
 * the tests check against their exact distributions. */
#ifndef MAPSHEET_DICE_H
#define MAPSHEET_DICE_H

struct rng;

enum dice_shape {
	DICE_SHAPE_ROUND,   /* round the roll to the nearest rectangle area */
	DICE_SHAPE_ALCOVE   /* keep the exact roll: a rectangle plus an alcove */
};

struct dice_params {
	enum dice_shape shape;
	int loops;          /* extra loop corridors; -1: about one per eight rooms */
};

#define DICE_DEFAULT_ROOMS 10
#define DICE_MIN_SIZE 4     /* 3d8+1 */
#define DICE_MAX_SIZE 25

/* Rolls one room size, 3d8+1 (4 to 25), and stores the three dice in
 * dice[0..2]. Triples are dice[0] == dice[1] == dice[2]. */
int dice_roll_size(struct rng *r, int dice[3]);

/* The area a roll of n squares (4..25) rounds to: the nearest of 4, 6, 8, 9,
 * 12, 15, 16, 18, 20, 21, 24, 25 (a tie rounds up). *shortside and *longside
 * get that rectangle's sides. */
int dice_round_area(int n, int *shortside, int *longside);

/* The largest of those areas not above n (4..25), with its sides; n minus it
 * (0 to 2) is the alcove the exact-size shape adds. */
int dice_floor_area(int n, int *shortside, int *longside);

/* Extra loop corridors for n rooms when --loops is not given: n/8 rounded,
 * at least 1 when there are 4 rooms or more. */
int dice_default_loops(int rooms);

#endif
