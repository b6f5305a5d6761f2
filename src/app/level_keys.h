/* level_keys.h: the keys of a run's generated levels: each level's key
 * built (key.h), stocked from the system's tables (stock.h), then its
 * rooms named (room_names.h), which draws on what the stocking put in
 * them. */
#ifndef MAPSHEET_LEVEL_KEYS_H
#define MAPSHEET_LEVEL_KEYS_H

#include "model/doc.h"

/* Builds, stocks (as o asks: see stock_key) and names the key of each of
 * levels[0..n); contents and names use their own random streams per level,
 * so --no-stock never changes a map. rep (may be NULL) shows progress.
 * Returns 0 or -1 with e set (the levels stay freeable). */
int level_keys_build(struct level *levels, int n, const struct key_options *o, const char *seed,
		     struct report *rep, struct err *e);

#endif
