/* level_keys.h: the keys of a run's generated levels: the site planned on
 * the whole levels (site.h: its premise and factions, each room's use,
 * kind, name and feature), then each level's key built (key.h), the site
 * written into it (what is seen, who is there), stocked from the system's
 * tables (stock.h), and its rooms the site left unnamed named
 * (room_names.h). */
#ifndef MAPSHEET_LEVEL_KEYS_H
#define MAPSHEET_LEVEL_KEYS_H

#include "model/doc.h"
#include "site/site.h"

/* The party level the site is planned for: o's (1 when not given) when
 * its stocking system sizes fights for a party (5e), else 0 (the neutral
 * system: the site as it always was). o may be NULL. */
int level_party_level(const struct key_options *o);

/* Plans the site of levels[0..n) (generated, numbered, keys not yet
 * built) from tables into plan, its inhabitants fit for o's party (o may
 * be NULL: none). Returns 0 or -1 with e set (plan freeable). */
int level_site_plan(struct site_plan *plan, const struct site_tables *tables, struct level *levels, int n,
		    const char *seed, const struct key_options *o, struct err *e);

/* Builds, fills from the site plan (NULL: none), stocks (as o asks: see
 * stock_key) and names the key of each of levels[0..n); contents and
 * names use their own random streams per level, so --no-stock never
 * changes a map. rep (may be NULL) shows progress. Returns 0 or -1 with e
 * set (the levels stay freeable). */
int level_keys_build(struct level *levels, int n, const struct key_options *o, const struct site_plan *plan,
		     const struct site_tables *tables, const char *seed, struct report *rep, struct err *e);

#endif
