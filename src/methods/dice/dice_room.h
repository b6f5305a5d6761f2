/* dice_room.h: the dice rolls of dice_room.c that the tests check against
 * their exact distributions: a room's size, the rectangle it becomes, and
 * the loop corridors a count of rooms gets. */
#ifndef MAPSHEET_DICE_ROOM_H
#define MAPSHEET_DICE_ROOM_H

struct rng;

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
