/* site_int.h: what the site model's files share: their random streams,
 * picking lines by setting, filling in {placeholders}, words for numbers,
 * and the rooms' distances by doors from the entrance. */
#ifndef MAPSHEET_SITE_INT_H
#define MAPSHEET_SITE_INT_H

#include "site/site.h"
#include "base/rng.h"

/* The random streams of the site: apart from the maps' (1, 2, ...), the
 * contents' (1000 + level), the site name's (2000) and the room names'
 * (3000 + level), so a premise never moves a wall or changes a name drawn
 * elsewhere. */
#define SITE_PLAN_STREAM 4000u
#define SITE_LEVEL_STREAM 4100u
#define SITE_KEY_STREAM 4200u

/* The plan's threads from the premise's lines (each may be NULL): the
 * hook's, the first faction's want, the befell line's traces, the built
 * line's remains, the thing the want names (want_line's thread, where it
 * has one), and clues to each faction's secret (secrets[f], the
 * secret_of[f]th of types[f]): three of its clue lines for the first,
 * one for the other, or the secret told whole where it has none
 * (site_threads.c). Returns 0 or -1 with e set. */
int site_threads_make(struct site_plan *p, const struct site_line *built, const struct site_line *befell,
		      const struct site_line *hook, const char *want, const struct site_line *want_line,
		      const char *lead, const char *const *secrets, const struct site_faction_type *const *types,
		      const int *secret_of, struct err *e);

/* A random index among lines[0..n) that suit one of settings and whose
 * condition holds for facts (the site's story's: site_story_facts), or -1. */
int site_pick_line(const struct site_line *lines, int n, unsigned settings, fact_bits facts, struct rng *rng);

/* Of lines whose conditions are conds[0..n) (NULL: none has one), the
 * indices of those that hold for facts and, of them, have the most
 * conditions, into fit (at most cap); returns how many. */
int site_fit_lines(const struct fact_cond *conds, int n, fact_bits facts, int *fit, int cap);
/* One of them at random, or -1 when none holds. */
int site_pick_fit(const struct fact_cond *conds, int n, fact_bits facts, struct rng *rng);

/* What the tables say of creature name (creatures.site), or NULL. */
const struct site_creature *site_creature_find(const struct site_tables *t, const char *name);
/* Its nature as facts (beast, undead, living, thinking ...); a creature
 * the tables do not describe is living, and thinking when member is set
 * (a faction's member). */
fact_bits site_creature_nature(const struct site_tables *t, const char *name, int member);
/* Whether a room of the setting and kind (-1: none), with the facts, is
 * of its habitat: never where it has a fact the creature shuns. */
int site_creature_fits(const struct site_tables *t, const char *name, int setting, int kind, fact_bits facts);
/* count, or the most of the creature that are met together where that
 * is fewer. */
int site_creature_most(const struct site_tables *t, const char *name, int count);
/* The squares of 5 ft one of the creature takes on the floor (size:). */
int site_creature_space(const struct site_tables *t, const char *name);

/* A random element of n, or -1 when n is 0. */
int site_pick(int n, struct rng *rng);

/* text with each {name} of names[i] replaced by values[i] (unknown names
 * kept as written), the first letter of every sentence a capital. malloc'd;
 * NULL when out of memory. */
char *site_fill(const char *text, const char *const *names, const char *const *values, int n);

/* Whether text ends a sentence (a '.', '!' or '?' last). */
int site_ends_sentence(const char *text);

/* "three" for 3, "12" past twenty. */
const char *site_number_word(int n, char *buf, size_t size);

/* For every region of m, the fewest doors passed from the entrance region
 * to reach it (the entrance's is 0; -1: not reachable). dist has
 * m->nregions + 1 slots. Returns 0 or -1 with e set. */
int site_door_distances(const struct map *m, int *dist, struct err *e);

/* The same from region start. */
int site_door_distances_from(const struct map *m, int start, int *dist, struct err *e);

#endif
