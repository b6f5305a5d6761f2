/* site_level.c: one level of the site (site_level_build in site.h), read
 * as its stages: the rooms and how deep they lie, what each is used for,
 * its kind and name, the feature drawn, who is there, and the wandering
 * table. */
#include "site/site_rooms.h"

#include <stdlib.h>
#include <string.h>

static int plan_rooms(struct level_plan *lp, struct err *e)
{
	const struct map *m = &lp->lv->map;
	const struct key *k = &lp->lv->key;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist);
	lp->rooms = calloc((size_t)k->n + 1, sizeof *lp->rooms);
	if (!dist || !lp->rooms) {
		free(dist);
		return err_set(e, "out of memory planning the site");
	}
	if (site_door_distances(m, dist, e) < 0) {
		free(dist);
		return -1;
	}
	for (int i = 0; i < k->n; i++) {
		int id = k->entries[i].region;
		if (id <= 0 || id > m->nregions)
			continue;
		const struct region *r = &m->regions[id];
		lp->rooms[lp->n++] = (struct room_plan){ .region = id, .entry = i, .dist = dist[id], .area = r->area,
							 .role = ROLE_NONE, .kind = -1, .named = r->name[0] != '\0',
							 .faction = -1 };
	}
	free(dist);
	return 0;
}

int site_level_build(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		     struct err *e)
{
	struct level_plan lp = { .site = p, .t = t, .lv = lv, .setting = 1u << site_setting_of(&lv->map) };
	rng_seed_text(&lp.rng, seed ? seed : "", SITE_LEVEL_STREAM + (unsigned)lv->map.depth);
	int rc = -1;
	if (plan_rooms(&lp, e) < 0)
		goto out;
	/* 1. what each room is used for: guards by the way in, the leader deep
	 *    inside, lairs together, a shrine, cells, stores and work rooms */
	if (site_roles_assign(&lp, e) < 0)
		goto out;
	/* 2. each room's kind and name, following what the method made of it */
	if (site_kinds_assign(&lp, e) < 0)
		goto out;
	/* 3. the kind's feature drawn where the method drew none */
	if (site_features_place(&lp, e) < 0)
		goto out;
	/* 4. what is seen on entering, who is there and what they are doing */
	if (site_occupants_place(&lp, e) < 0)
		goto out;
	/* 5. the wandering table of the same inhabitants */
	if (site_wandering_table(&lp, e) < 0)
		goto out;
	rc = 0;
out:
	free(lp.rooms);
	return rc;
}
