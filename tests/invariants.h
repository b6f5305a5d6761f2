/* invariants.h: the invariants every method's maps meet, checked in one
 * place over many seeds so every generator suite can share them: the map
 * contract (map_check: no overlaps is structural, doors on real edges
 * between different regions, everything reachable with keys before locks,
 * numbering) plus what map_check does not see: the grid asked for, stairs
 * down exactly when a level follows and up on the start square, a door on
 * a border entrance, a key entry per numbered region, a warning when fewer
 * rooms came out than were asked for, and the same map for the same seed. */
#ifndef MAPSHEET_INVARIANTS_H
#define MAPSHEET_INVARIANTS_H

#include "methods/gen.h"
#include "model/map.h"

#include <stddef.h>

enum sweep_flag {
	SWEEP_COUNT_NOT_TARGET = 1, /* rooms only sizes the grid: a shortfall needs no warning */
	SWEEP_LEVELS = 2,           /* each seed as level 1 of 2, then level 2 grown from its stairs */
	SWEEP_TWICE = 4             /* generate every map twice (else every tenth) and compare */
};

/* A method's own rules: returns NULL, or a violation written into buf. */
typedef const char *(*sweep_check_fn)(const struct map *m, const struct gen_params *p, void *ctx, char *buf,
				      size_t size);

struct sweep {
	const char *method;
	const struct gen_params *params;  /* NULL: defaults, the method's default rooms on its fitted grid */
	int seeds;
	const char *prefix;         /* seeds are PREFIX-0, PREFIX-1, ...; NULL: "sweep" */
	unsigned flags;             /* enum sweep_flag bits */
	sweep_check_fn check;       /* or NULL */
	void *ctx;
};

struct sweep_stats {
	int maps;                   /* maps generated and checked */
	int warned;                 /* maps whose generator warned */
	int short_count;            /* maps with fewer numbered regions than rooms asked for */
	long keyed;                 /* numbered regions in all */
};

/* Generates and checks sw->seeds maps (more with SWEEP_LEVELS); the first
 * violation fails the running Check test, naming the method, seed and level.
 * stats may be NULL. */
void test_sweep(const struct sweep *sw, struct sweep_stats *stats);

/* Generates one numbered level like the program does, counting the
 * generator's warnings into *warnings. p->template_dirs NULL: the tests'.
 * Returns 0, or -1 with e set (m stays freeable). */
int test_generate_logged(struct map *m, const struct method *meth, const char *seed, const struct gen_params *p,
			 int *warnings, struct err *e);

/* The generic invariants of one generated level; NULL when all hold, else
 * the first violation, written into buf. */
const char *test_invariants(const struct map *m, const struct gen_params *p, int warnings, unsigned flags,
			    char *buf, size_t size);

/* NULL when a and b are the same map, else the first difference in buf. */
const char *test_same_map(const struct map *a, const struct map *b, char *buf, size_t size);

#endif
