/* levels.h: generating the levels of a document. Level k is made by the
 * method for k with the random stream (seed, k), grown from the square of
 * the stairs down of level k-1, so the stairs line up and a level depends
 * only on the seed and the levels above it. */
#ifndef MAPSHEET_LEVELS_H
#define MAPSHEET_LEVELS_H

#include "model/doc.h"
#include "methods/gen.h"

/* Generates, checks and numbers n levels into levels[0..n-1] (zeroed by the
 * caller). methods[k] is used for level k+1, the last one repeating; a
 * level takes its method's default room count when base->rooms is 0. The
 * document has max(n, base->levels) levels: every level but its last gets
 * stairs down, so levels 1..n come out the same whether or not the ones
 * below are generated too (--level K generates K and K+1 only to name the
 * room its stairs lead to). Each level's stairs down and the next level's
 * stairs up stand on one square and name each other's room (stair.to_room).
 * Every level is checked against the map contract; a broken level is an
 * error. rep (may be NULL) shows progress and, for --verbose, each level's
 * method, size, rooms and time, then the method's figures (map.h), the
 * lines the roll log has of them. Returns 0, or -1 with e set (levels made
 * so far stay freeable). */
int levels_generate(struct level *levels, int n, const struct method *const *methods, int nmethods,
		    const struct gen_params *base, const char *seed, enum key_numbering numbering,
		    struct log *log, struct report *rep, struct err *e);

/* One level, as levels_generate makes each: the random stream (seed,
 * p->depth), the method's map and its figures in the roll log, the
 * entrance's way on, the room numbers.
 * m is initialised here (map_free it even on failure); the contract is not
 * checked (levels_generate does that). Returns 0 or -1 with e set. */
int levels_generate_one(struct map *m, const struct method *meth, const struct gen_params *p, const char *seed,
			enum key_numbering numbering, struct log *log, struct err *e);

/* Warns (log_warn) for each level with fewer keyed rooms than `wanted`,
 * for methods that do not warn themselves when a fixed grid holds fewer
 * rooms than were asked for. */
void levels_warn_short(const struct level *levels, int n, int wanted, struct log *log);

#endif
