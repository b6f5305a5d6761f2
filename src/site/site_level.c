/* site_level.c: one level of the site (site.h), read as its stages: the
 * rooms and how deep they lie, what each is used for, its kind and name,
 * the feature drawn (site_level_plan); then, in the key, what is seen on
 * entering and who is there, and the wandering table (site_level_key). */
#include "site/site_rooms.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* The level's numbered rooms, with their depth in doors and their doors. */
static int plan_rooms(struct level_plan *lp, struct err *e)
{
	const struct map *m = &lp->lv->map;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist);
	int *doors = calloc((size_t)m->nregions + 1, sizeof *doors);
	lp->rooms = calloc((size_t)m->nregions + 1, sizeof *lp->rooms);
	int rc = -1;
	if (!dist || !doors || !lp->rooms) {
		err_set(e, "out of memory planning the site");
		goto out;
	}
	if (site_door_distances(m, dist, e) < 0)
		goto out;
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		doors[a]++;
		doors[b]++;
	}
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->number <= 0 || !region_is_keyed(r->kind))
			continue;
		lp->rooms[lp->n++] = (struct room_plan){ .region = id, .entry = -1, .dist = dist[id], .area = r->area,
							 .doors = doors[id], .role = ROLE_NONE, .kind = -1,
							 .named = r->name[0] != '\0', .faction = -1 };
	}
	rc = 0;
out:
	free(dist);
	free(doors);
	return rc;
}

static int keep_uses(struct level_plan *lp, struct err *e)
{
	const struct map *m = &lp->lv->map;
	struct room_use *uses = malloc(((size_t)m->nregions + 1) * sizeof *uses);
	if (!uses)
		return err_set(e, "out of memory planning the site");
	for (int id = 0; id <= m->nregions; id++)
		uses[id] = (struct room_use){ .kind = -1, .role = ROLE_NONE, .faction = -1, .dist = -1 };
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		uses[r->region] = (struct room_use){ r->kind, (signed char)r->role, (signed char)r->faction,
						     (unsigned char)r->leader, r->dist };
	}
	free(lp->lv->uses);
	lp->lv->uses = uses;
	return 0;
}

int site_level_plan(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		    struct err *e)
{
	struct level_plan lp = { .site = p, .t = t, .lv = lv, .setting = 1u << site_setting_of(&lv->map) };
	rng_seed_text(&lp.rng, seed ? seed : "", SITE_LEVEL_STREAM + (unsigned)lv->map.depth);
	int rc = -1;
	if (plan_rooms(&lp, e) < 0 || room_facts_level(&lv->map, site_setting_of(&lv->map), &lp.facts, e) < 0)
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
	/* 4. the names again, against what is drawn */
	free(lp.facts);
	lp.facts = NULL;
	if (room_facts_level(&lv->map, site_setting_of(&lv->map), &lp.facts, e) < 0)
		goto out;
	lp.drawn = 1;
	if (site_names_check(&lp, e) < 0)
		goto out;
	rc = keep_uses(&lp, e);
out:
	free(lp.rooms);
	free(lp.facts);
	return rc;
}

/* The planned rooms again, each beside its key entry. */
static int rooms_of_key(struct level_plan *lp, struct err *e)
{
	const struct level *lv = lp->lv;
	lp->rooms = calloc((size_t)lv->key.n + 1, sizeof *lp->rooms);
	if (!lp->rooms)
		return err_set(e, "out of memory writing the site's key");
	for (int i = 0; i < lv->key.n; i++) {
		int id = lv->key.entries[i].region;
		if (id <= 0 || id > lv->map.nregions)
			continue;
		const struct room_use *u = &lv->uses[id];
		lp->rooms[lp->n++] = (struct room_plan){ .region = id, .entry = i, .dist = u->dist,
							 .area = lv->map.regions[id].area, .role = (enum site_role)u->role,
							 .kind = u->kind, .faction = u->faction, .leader = u->leader };
	}
	return 0;
}

int site_level_key(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		   int stock, const struct site_sizer *sz, struct key_said *said, struct err *e)
{
	if (!lv->uses)
		return 0;
	struct key_said own;
	key_said_init(&own);
	struct level_plan lp = { .site = p, .t = t, .lv = lv, .setting = 1u << site_setting_of(&lv->map),
				 .sizer = sz, .said = said ? said : &own };
	rng_seed_text(&lp.rng, seed ? seed : "", SITE_KEY_STREAM + (unsigned)lv->map.depth);
	int rc = -1;
	if (rooms_of_key(&lp, e) < 0 || room_facts_level(&lv->map, site_setting_of(&lv->map), &lp.facts, e) < 0)
		goto out;
	lp.drawn = 1;
	for (int i = 0; i < lp.n; i++)
		if (lp.rooms[i].kind >= 0)
			snprintf(lv->key.entries[lp.rooms[i].entry].kind, sizeof lv->key.entries[0].kind, "%s",
				 t->kinds[lp.rooms[i].kind].id);
	if (!stock) {
		rc = 0;
		goto out;
	}
	/* 4. what is seen on entering, who is there and what they are doing */
	if (site_occupants_place(&lp, e) < 0)
		goto out;
	/* 5. the premise's threads placed on this level, in their rooms */
	if (site_threads_write(&lp, e) < 0)
		goto out;
	/* 6. the wandering table of the same inhabitants */
	if (site_wandering_table(&lp, e) < 0)
		goto out;
	/* 7. the roster of every group, and what the alarm brings */
	if (site_alarm_write(&lp, e) < 0)
		goto out;
	rc = 0;
out:
	if (rc == 0 && lp.said->failed)
		rc = err_set(e, "out of memory writing the site's key");
	key_said_free(&own);
	free(lp.rooms);
	free(lp.facts);
	return rc;
}
