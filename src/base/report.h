/* report.h: what a run tells the person at the terminal besides errors and
 * warnings: the details of --verbose (per level the method, size, rooms and
 * time; the scale and paper of a sheet; the files written) and a progress
 * line for long runs ("level 3 of 10: drawing..."), rewritten in place.
 * main owns it and sets `progress` only when standard error is a terminal
 * and --quiet is not given, so pipes and logs never receive progress. A NULL
 * struct report * or NULL streams are accepted and print nothing. The
 * local server's deadline rides along: report_step() shows a step and
 * checks it. */
#ifndef MAPSHEET_REPORT_H
#define MAPSHEET_REPORT_H

#include "base/deadline.h"
#include "base/err.h"
#include "base/log.h"

#include <stdio.h>

struct report {
	FILE *info;             /* --verbose details, or NULL */
	FILE *progress;         /* a terminal for the progress line, or NULL */
	int progress_len;       /* width of the progress line showing, 0: none */
	struct log *log;        /* where report_warn() goes, or NULL */
	struct deadline *deadline; /* the run's time limit (the server's), or NULL */
};

/* A --verbose line: "mapsheet: " and the text, on its own line. */
void report_info(struct report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A step of the run: shows "mapsheet: TEXT" as the progress line, over
 * the previous one (the cursor is left at the line's start, so a warning
 * printed meanwhile overwrites it instead of running on after it), then
 * checks the deadline. Returns 0, or -1 with e set when it has passed. */
int report_step(struct report *r, struct err *e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A warning through r->log (log_warn), after clearing the progress line. */
void report_warn(struct report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears the progress line, if one is showing. */
void report_done(struct report *r);

#endif
