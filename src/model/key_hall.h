/* key_hall.h: what key_hall.c (the plan of a hallway's line: where the
 * walk starts, the rooms on each run, the trunk and the branches named)
 * and key_hall_words.c (the sentence) share.
 *
 * A line is a run and the runs that carry it straight on through
 * junctions. The trunk is the line from the start, and the lines it turns
 * into while it meets one run at its end; where it meets two or more, it
 * forks. A branch is a line that leaves a leg of the trunk on the way, or
 * one of the fork (or of the start, when the walk starts mid-run or at a
 * junction). */
#ifndef MAPSHEET_KEY_HALL_H
#define MAPSHEET_KEY_HALL_H

#include "base/sbuf.h"
#include "model/hall_runs.h"

/* Lines named in the sentence, legs and branches together; the rest are
 * counted with the rooms on them. */
#define KEY_HALL_NAMED 4
/* At most this many runs go on from one node; more are counted, not named. */
#define KEY_HALL_KIDS 8

/* A numbered region an exit of the hall leads to, on a run. */
struct hall_door {
	int run;
	int kind;               /* 0: room, 1: hallway, 2: bridge (the exits' words) */
	int number;
};

/* A branch named. */
struct hall_branch {
	int run;                /* its line's first run */
	int leg;                /* the leg it leaves, or -1: the fork */
	double at;              /* squares along the leg to where it leaves */
};

struct hall_plan {
	const struct map *m;
	const struct hall_runs *hr;
	struct hall_door *doors;        /* by run, kind, number; each once */
	int ndoors;
	struct hall_door *scratch;      /* ndoors + 1, for a line's rooms */
	int *straight;                  /* per run: the run carrying it straight on, or -1 */
	unsigned char *named;           /* per run: on a line named */
	int legs[KEY_HALL_NAMED];       /* each leg's first run */
	int nlegs;
	struct hall_branch branches[KEY_HALL_NAMED];  /* the fork's first, then by leg and place */
	int nbranches;
};

/* The length of the line from run r, in squares, and its last run. */
double hall_line_length(const struct hall_plan *p, int r, int *last);
/* The regions on the line from run r, by kind and number, each once, into
 * p->scratch; returns how many. */
int hall_line_rooms(const struct hall_plan *p, int r);
/* The runs going on from the end of run r (r = -1: from the start),
 * longest first, but the one carrying r straight on: at most KEY_HALL_KIDS
 * into kids[]; returns how many. */
int hall_kids(const struct hall_plan *p, int r, int *kids);

/* Writes the sentence of plan p into s, the walk starting from `from`
 * ("the front door"; "": a hall with no way in named). Returns 0 or -1
 * with e set. */
int key_hall_words(const struct hall_plan *p, const char *from, struct sbuf *s, struct err *e);

#endif
