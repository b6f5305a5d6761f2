/* run.h: one run of the command (run.c), shared by main() and the local
 * server (mapsheet serve), so that both write the same bytes. */
#ifndef MAPSHEET_RUN_H
#define MAPSHEET_RUN_H

#include "cli/cli.h"
#include "base/memfiles.h"

struct deadline;
struct stock_tables;
struct site_tables;
struct output_format;

/* How the server runs the command; main() passes NULL. */
struct run_env {
	struct memfiles *memory;            /* the output's files go here, nothing is written */
	const struct stock_tables *tables;  /* the tables of c->key.system, loaded at start */
	const struct site_tables *site;     /* the site model's tables, loaded at start */
	const struct output_format *format; /* not NULL: written in this format instead of the
					     * options' (checked all the same) */
	struct deadline *deadline;          /* not NULL: the run stops at the first step
					     * past it (deadline.h), freeing all it made */
	int max_rooms;                      /* > 0: a level keying more rooms is refused
					     * (a method that fills the grid, such as
					     * house, makes more than --rooms) */
};

/* Runs c (action CLI_RUN): writes its output to c->output (or standard
 * output), or with env to env->memory under the names it would have had.
 * Returns 0, or -1 with e set. */
int run_command(struct cli *c, const struct run_env *env, struct err *e);

#endif
