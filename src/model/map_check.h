/* map_check.h: the map contract as code. Every generator's tests, the
 * invariant sweeps and the fuzzers call map_check() on what a method made. */
#ifndef MAPSHEET_MAP_CHECK_H
#define MAPSHEET_MAP_CHECK_H

#include "model/map.h"

/* Checks the contract: every region non-empty and 4-connected, region ids in
 * range, every door on a real edge between two different regions (or a
 * region and solid ground only on the entrance's edge), lock indices
 * consistent, stairs on floor, the entrance set and on floor, keyed regions
 * numbered 1..n without gaps or repeats, and every region reachable from the
 * entrance (a locked door only once its key is reachable without passing it).
 * Returns 0, or -1 with the first violation in e. */
int map_check(const struct map *m, struct err *e);

#endif
