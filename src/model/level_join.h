/* level_join.h: two levels that were made apart (the last level of one
 * --input file and the first of the next) joined by stairs, as the levels
 * of one run are: stairs down in a room of the upper level, stairs up at
 * the way in of the lower one, each naming the other's room, written in
 * both keys in the words key_build uses. Nothing is moved but what the
 * stairs take: no wall, no room, no number changes. */
#ifndef MAPSHEET_LEVEL_JOIN_H
#define MAPSHEET_LEVEL_JOIN_H

#include "model/doc.h"

enum level_join_outcome {
	LEVEL_JOINED,                   /* stairs join them (now, or already did) */
	LEVEL_JOIN_NO_ROOM_ABOVE,       /* no room of the upper level has free floor for stairs */
	LEVEL_JOIN_NO_ROOM_BELOW        /* the lower level's way in has no free floor for stairs */
};

/* What level_join did. */
struct level_join {
	enum level_join_outcome outcome;
	int already;                    /* joined before: nothing was done */
	int placed_down, placed_up;     /* new stairs were placed (0: stairs the map had were taken) */
	int down_x, down_y, down_room;  /* the stairs down: square and room number */
	int up_x, up_y, up_room;        /* the stairs up */
	int door_removed;               /* the lower level's door to the outside gave way to the stairs */
	int door_side;                  /* that door's wall (enum side) */
};

/* Joins level `above` to level `below` (below->map.depth is above's + 1):
 *  - the stairs down: the first stairs down of `above` that lead nowhere
 *    (or to below already), else new stairs on a square of free floor (no
 *    feature, stairs, mark, door or way in) of the room the most doors
 *    from the way in that the players reach without a secret door (a
 *    hallway or the way in's own room only when no room has such a
 *    square, a room behind a secret door last), along a wall and nearest
 *    its middle;
 *  - the stairs up: those standing at below's way in, else new stairs on
 *    the free square of the way in's region nearest to it; the way in
 *    becomes the stairs (its door to the outside, unlocked by no key,
 *    walled up; a locked one keeps its door and the stairs are a second
 *    way in);
 *  - each names the other's room and level; both written keys follow
 *    (key_follow.h).
 * When either has no room, neither map changes but for a note in each
 * (map.notes and the key's footer, once) saying in a game master's words
 * that the levels are not joined and why. Deterministic: the same levels
 * give the same result. Returns 0 with *out filled, or -1 with e set. */
int level_join(struct level *above, struct level *below, struct level_join *out, struct err *e);

/* True when stairs of `above` lead down to `below` and stairs of `below`
 * lead up to `above` (by depth): the two are joined. */
int levels_joined(const struct map *above, const struct map *below);

#endif
