/* stock_worth.h: how much richer a room's treasure is for lying deeper
 * down and farther in toward the leader (stock_worth.c). */
#ifndef MAPSHEET_STOCK_WORTH_H
#define MAPSHEET_STOCK_WORTH_H

/* The factor a treasure's coin and its chances of a valuable and a magic
 * item are taken by, in room number of a level of rooms rooms (numbered
 * from the way in, so the leader's, in the farthest third, is among the
 * last) at dungeon level depth (1 at the top): 1 at the way in of the
 * first level, half as much again by the far end of a level, and half as
 * much again for each level down. */
double stock_worth_scale(int depth, int number, int rooms);

/* coin gold pieces taken by scale, to two figures past a hundred (4,700,
 * not 4,667). */
long stock_worth_coin(long coin, double scale);

#endif
