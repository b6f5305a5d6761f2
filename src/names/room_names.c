/* room_names.c: naming the rooms a method leaves unnamed, by what the key
 * knows of them (see room_names.h); the draw is names_assign_tagged's. */
#include "names/room_names.h"

#include "names/name_qualify.h"

#include "names/names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The tag a region's name is drawn by: its zone's theme when it has one,
 * else the contents kind of its key entry en (may be NULL), else NULL. */
static const char *room_names_tag(const struct map *m, int region, const struct key_entry *en)
{
	const struct region *r = &m->regions[region];
	if (m->nzones > 0 && r->zone >= 0 && r->zone < m->nzones && m->zones[r->zone].theme[0])
		return m->zones[r->zone].theme;
	if (en && en->contents_kind[0])
		return en->contents_kind;
	return NULL;
}

/* True when some numbered region has no name yet. */
static int has_unnamed(const struct map *m)
{
	for (int id = 1; id <= m->nregions; id++)
		if (m->regions[id].number > 0 && !m->regions[id].name[0])
			return 1;
	return 0;
}

/* True when names/METHOD.names stands somewhere along dirs. */
static int has_table(const char *const *dirs, const char *method)
{
	char path[1400];
	for (int i = 0; dirs && dirs[i]; i++) {
		snprintf(path, sizeof path, "%s/names/%s.names", dirs[i], method);
		if (access(path, R_OK) == 0)
			return 1;
	}
	return 0;
}

/* Draws names for the unnamed regions of lv from the method's table. */
static int draw_names(struct level *lv, const char *const *dirs, const char *seed, struct err *e)
{
	struct map *m = &lv->map;
	if (!m->method || !has_unnamed(m) || !has_table(dirs, m->method))
		return 0;
	struct names_table t;
	if (names_load(&t, dirs, m->method, e) < 0)
		return -1;
	const char **tag_of = calloc((size_t)m->nregions + 1, sizeof *tag_of);
	int *adj_first = NULL, *adj = NULL, rc = -1;
	if (!tag_of) {
		err_set(e, "out of memory while naming rooms");
		goto out;
	}
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		if (en->region > 0 && en->region <= m->nregions)
			tag_of[en->region] = room_names_tag(m, en->region, en);
	}
	if (names_touching(m, &adj_first, &adj, e) < 0)
		goto out;
	struct rng rng;
	rng_seed_text(&rng, seed ? seed : "", ROOM_NAMES_STREAM + (unsigned)m->depth);
	int entrance = m->entrance.set ? map_at(m, m->entrance.x, m->entrance.y) : 0;
	if (names_assign_tagged(&t, m, entrance, adj_first, adj, (const char *const *)tag_of, &rng, NULL, e) < 0)
		goto out;
	rc = 0;
out:
	free(tag_of);
	free(adj_first);
	free(adj);
	names_free(&t);
	return rc;
}

int room_names_level(struct level *lv, const char *const *dirs, const char *seed, struct err *e)
{
	struct map *m = &lv->map;
	if (draw_names(lv, dirs, seed, e) < 0)
		return -1;
	if (name_make_distinct(m) < 0)
		return err_set(e, "out of memory while naming rooms");
	for (int i = 0; i < lv->key.n; i++) {
		struct key_entry *en = &lv->key.entries[i];
		if (en->region > 0 && en->region <= m->nregions && m->regions[en->region].name[0])
			snprintf(en->title, sizeof en->title, "%s", m->regions[en->region].name);
	}
	return 0;
}
