/* deadline.h: a time limit on one run, for the local server (mapsheet
 * serve): the run checks it between its steps (each level generated, each
 * key written, each level laid out, each page or image drawn) and stops at
 * the first step past it. The command line sets none. */
#ifndef MAPSHEET_DEADLINE_H
#define MAPSHEET_DEADLINE_H

#include "base/err.h"

struct deadline {
	double seconds;         /* the limit, from the start */
	double at;              /* monotonic_seconds() when it passes */
	int passed;             /* set by deadline_check once past it */
};

/* Starts the clock: the deadline passes seconds from now. */
void deadline_start(struct deadline *dl, double seconds);

/* 0 while the deadline has not passed (or dl is NULL); past it, sets
 * dl->passed and returns -1 with "this request took longer than N s; ..."
 * in e. */
int deadline_check(struct deadline *dl, struct err *e);

#endif
