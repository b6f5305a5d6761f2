/* level_keys.c: the site and the keys of a run's generated levels
 * (level_keys.h). */
#include "app/level_keys.h"

#include "model/key_said.h"
#include "names/room_names.h"
#include "stock/stock.h"
#include "stock/stock_encounter.h"

/* The contents of level k are rolled from this stream, apart from the map's. */
#define LEVEL_KEYS_STOCK_STREAM 1000u

int level_party_level(const struct key_options *o)
{
	if (!o || !o->stock || !o->tables || !stock_sizes_fights(o->tables))
		return 0;
	return o->party_level > 0 ? o->party_level : 1;
}

int level_site_plan(struct site_plan *plan, const struct site_tables *tables, struct level *levels, int n,
		    const char *seed, const struct key_options *o, struct err *e)
{
	/* a system with figures has the factions chosen whose cast fits the party */
	struct stock_party party = { .t = o ? o->tables : NULL, .party = o && o->party > 0 ? o->party : KEY_PARTY_DEFAULT,
				     .level = level_party_level(o) };
	struct site_sizer sizer = stock_sizer(&party);
	if (site_plan_make_sized(plan, tables, levels, n, seed, level_party_level(o),
				 level_party_level(o) > 0 ? &sizer : NULL, e) < 0)
		return -1;
	for (int k = 0; k < n; k++)
		if (site_level_plan(plan, tables, &levels[k], seed, e) < 0)
			return -1;
	return site_threads_place(plan, tables, levels, n, seed, e);
}

int level_keys_build(struct level *levels, int n, const struct key_options *o, const struct site_plan *plan,
		     const struct site_tables *tables, const char *seed, struct report *rep, struct err *e)
{
	/* a system with figures sizes the site's groups for the party */
	struct stock_party party = { .t = o->tables, .party = o->party > 0 ? o->party : KEY_PARTY_DEFAULT,
				     .level = o->party_level > 0 ? o->party_level : 1 };
	struct site_sizer sizer = stock_sizer(&party);
	const struct site_sizer *sz = level_party_level(o) > 0 ? &sizer : NULL;
	/* what the document's keys have said: a booklet says each sentence once */
	struct key_said said;
	key_said_init(&said);
	int rc = 0;
	for (int k = 0; k < n && rc == 0; k++) {
		if (report_step(rep, e, "level %d of %d: writing the key...", k + 1, n) < 0) {
			rc = -1;
			break;
		}
		struct rng rng;
		rng_seed_text(&rng, seed, LEVEL_KEYS_STOCK_STREAM + (unsigned)k + 1);
		int stock = o->stock && !o->player;
		if (key_build(&levels[k].key, &levels[k].map, o, e) < 0 ||
		    (plan && site_level_key(plan, tables, &levels[k], seed, stock, sz, &said, e) < 0) ||
		    stock_key_said(&levels[k].key, &levels[k].map, o, &said, &rng, e) < 0 ||
		    room_names_level(&levels[k], o->template_dirs, seed, e) < 0)
			rc = -1;
	}
	key_said_free(&said);
	if (rc < 0)
		return -1;
	for (int i = 0; sz && i < party.nmissing; i++)
		report_warn(rep, "--system %s has no creature '%s', which the site's tables name: its groups are "
			    "as the site rolled them, with no figures (add a creature line for it)",
			    o->system ? o->system : "neutral", party.missing[i]);
	return 0;
}
