/* level_keys.c: the site and the keys of a run's generated levels
 * (level_keys.h). */
#include "app/level_keys.h"

#include "names/room_names.h"
#include "stock/stock.h"

/* The contents of level k are rolled from this stream, apart from the map's. */
#define LEVEL_KEYS_STOCK_STREAM 1000u

int level_site_plan(struct site_plan *plan, const struct site_tables *tables, struct level *levels, int n,
		    const char *seed, struct err *e)
{
	if (site_plan_make(plan, tables, levels, n, seed, 0 /* the neutral system: no party */, e) < 0)
		return -1;
	for (int k = 0; k < n; k++)
		if (site_level_plan(plan, tables, &levels[k], seed, e) < 0)
			return -1;
	return 0;
}

int level_keys_build(struct level *levels, int n, const struct key_options *o, const struct site_plan *plan,
		     const struct site_tables *tables, const char *seed, struct report *rep, struct err *e)
{
	for (int k = 0; k < n; k++) {
		if (report_step(rep, e, "level %d of %d: writing the key...", k + 1, n) < 0)
			return -1;
		struct rng rng;
		rng_seed_text(&rng, seed, LEVEL_KEYS_STOCK_STREAM + (unsigned)k + 1);
		int stock = o->stock && !o->player;
		if (key_build(&levels[k].key, &levels[k].map, o, e) < 0 ||
		    (plan && site_level_key(plan, tables, &levels[k], seed, stock, e) < 0) ||
		    stock_key(&levels[k].key, &levels[k].map, o, &rng, e) < 0 ||
		    room_names_level(&levels[k], o->template_dirs, seed, e) < 0)
			return -1;
	}
	return 0;
}
