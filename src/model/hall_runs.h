/* hall_runs.h: a hallway region as the runs a party walks: its skeleton
 * of straight runs between junctions, turns and ends, found from its
 * squares alone, so a hall of any method (a house's network, a mansion's
 * gallery, a tile's passage) is read alike.
 *
 * Each square is given to the way its hall is longer through it (its run
 * of squares along the row against the one along the column); the squares
 * given alike and side by side are one straight piece, at most
 * HALL_RUNS_MAX_WIDTH squares across. Where two pieces meet is a junction,
 * at the crossing of their middle lines; junctions and ends closer than a
 * square and a half along a piece are one. The runs are the pieces between
 * them, oriented away from a start square (the front door, or the door the
 * party comes in by) and walked breadth-first: each run is reached from
 * the end of its parent run, or closes a loop. A run that only carries on
 * straight past a bump in the wall is one run with the run before it. */
#ifndef MAPSHEET_HALL_RUNS_H
#define MAPSHEET_HALL_RUNS_H

#include "model/map.h"

/* A piece wider than this across is no hallway, and a hall of more pieces
 * than this is a maze no sentence walks: hall_runs_find finds no runs. */
#define HALL_RUNS_MAX_WIDTH 3
#define HALL_RUNS_MAX_PIECES 64
/* Nor in a hall whose bounds hold more squares than this. */
#define HALL_RUNS_MAX_AREA 1000000L

struct hall_run {
	int from, to;           /* its nodes: from is the one nearer the start */
	enum side dir;          /* the way it runs from `from` to `to` */
	double length;          /* in squares, between the nodes' middle lines */
	int parent;             /* the run whose end `from` is, or -1 at the start */
	int loop;               /* `to` was reached by another way: it closes a loop */
	int on;                 /* the run it carries straight on (this one is
				 * part of that), or -1: a run of its own */
};

struct hall_piece;

struct hall_runs {
	struct rect box;        /* the hall's bounds */
	int *piece;             /* box.w * box.h: each square's piece, -1 off the hall */
	struct hall_piece *pieces;
	int npieces;
	double *cut;            /* the nodes' places along the pieces (see hall_pieces.c) */
	int *cut_node;
	int *cut_run;           /* the run from each cut to the next, -1 at a piece's last */
	int nodes;              /* how many nodes */
	int start;              /* the node the walk starts from */
	struct hall_run *runs;  /* in the order of the walk */
	int nruns;
};

/* Finds the runs of region id of m (its area and bounds counted), walked
 * from square (sx, sy) of the hall, or, when that square is not on it,
 * from the west or north end of its longest piece. Returns 1 with hr
 * filled, 0 when the region is not a network of narrow runs (too wide, too
 * many pieces, empty; hr is empty), or -1 with e set (out of memory).
 * hall_runs_free(hr) either way. */
int hall_runs_find(struct hall_runs *hr, const struct map *m, int id, int sx, int sy, struct err *e);
void hall_runs_free(struct hall_runs *hr);

/* The run square (x, y) of the hall lies on, counting a run that carries
 * another on as that one; a square of a piece too short to be a run gives
 * a run that meets it. -1 off the hall or when there is no run. */
int hall_runs_at(const struct hall_runs *hr, int x, int y);

/* The runs of their own (on == -1). */
int hall_runs_count(const struct hall_runs *hr);

#endif
