/* turn.h: the eight ways a square-grid drawing can lie, shared by the
 * methods that lay drawn pieces (the tiles method's tiles, the cards
 * method's room cards). A turn number 0..7 is a mirror west to east when
 * it is 4 or more, followed by (turn % 4) quarter turns clockwise. */
#ifndef MAPSHEET_TURN_H
#define MAPSHEET_TURN_H

/* Where square (x, y) of a w x h drawing goes under `turn`; *nw, *nh get
 * the turned size. */
void turn_point(int w, int h, int turn, int x, int y, int *nx, int *ny, int *nw, int *nh);
/* The same for every square at once: square (x, y) goes to index
 * at0 + x * step_x + y * step_y of the turned nw x nh drawing. */
void turn_steps(int w, int h, int turn, long *at0, long *step_x, long *step_y, int *nw, int *nh);

/* The turn that lays a turned drawing back as drawn: a mirrored turn is
 * its own undoing, a plain one goes on round to a whole turn. So the
 * square of the drawing under square (x, y) of the laid one is where
 * turn_point takes (x, y) under turn_undo(turn). */
static inline int turn_undo(int turn)
{
	return turn >= 4 ? turn : (4 - turn) % 4;
}

#endif
