/* hall_int.h: what hall_pieces.c (the pieces and their nodes) and
 * hall_walk.c (the runs, walked from the start) share. */
#ifndef MAPSHEET_HALL_INT_H
#define MAPSHEET_HALL_INT_H

#include "model/hall_runs.h"

/* A straight piece of the hall: squares of one axis side by side. */
struct hall_piece {
	int axis;               /* 0: it runs east-west, 1: north-south */
	int lo, hi;             /* its squares along the axis (grid coordinates) */
	int plo, phi;           /* and across it */
	double mid;             /* its middle line across, on the squares' edges */
	int first_cut, ncuts;   /* its nodes in hr->cut[], west or north first */
};

/* Makes the runs between each piece's consecutive cuts of different nodes
 * (hr->cut_run), then walks them breadth-first from hr->start: orients
 * each away from the start, longest first at a node, gives it its parent,
 * marks the loops, and joins a run that carries straight on through a
 * node of two runs to the run before it. Returns 0 or -1 with e set. */
int hall_walk(struct hall_runs *hr, struct err *e);

#endif
