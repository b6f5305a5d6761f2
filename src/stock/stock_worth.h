/* stock_worth.h: how much richer a room's treasure is for lying deeper
 * down and farther in toward the leader (stock_worth.c). */
#ifndef MAPSHEET_STOCK_WORTH_H
#define MAPSHEET_STOCK_WORTH_H

/* The factor a treasure's chances of a valuable and a magic item are
 * taken by, in room number of a level of rooms rooms (numbered from the
 * way in, so the leader's, in the farthest third, is among the last): 1
 * at the way in, half as much again by the far end. Deeper down, those
 * are dearer, not more often found (stock_treasure_valued). */
double stock_worth_inward(int number, int rooms);

/* The factor a treasure's coin is taken by, in room number of a level of
 * rooms rooms at dungeon level depth (1 at the top): stock_worth_inward,
 * twice that on the second level, three times on the third, and so on. */
double stock_worth_scale(int depth, int number, int rooms);

/* coin gold pieces taken by scale, to two figures past a hundred (4,700,
 * not 4,667). */
long stock_worth_coin(long coin, double scale);

#endif
