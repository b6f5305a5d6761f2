/* read_mapsheet.c: reading mapsheet's own JSON (mapsheet-json(5)), parsed
 * by jansson in read_map.c: the document's fields and each level's key as
 * written, in any version from DOC_JSON_VERSION_OLDEST to
 * DOC_JSON_VERSION. read_mapsheet_level.c reads the maps,
 * read_mapsheet_site.c the site model (version 3 on). */
#include "read/read_mapsheet_int.h"
#include "read/read_formats.h"

#include "model/feature.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One key entry, its text and site as written; its region is checked
 * against the map. */
static int read_entry(struct jf *r, json_t *v, const char *place, const struct map *m, const struct ms_site *site,
		      struct key_entry *en)
{
	if (!json_is_object(v))
		return jf_fail(r, place, "not an object");
	json_t *lines = jf_field(r, v, place, "lines", JSON_ARRAY, 0);
	if (!lines || jf_int(r, v, place, "number", 1, MAP_MAX_ROOMS, 0, 0, &en->number) < 0 ||
	    jf_int(r, v, place, "region", 1, m->nregions > 0 ? m->nregions : 1, 0, 0, &en->region) < 0 ||
	    jf_text(r, v, place, "title", 0, en->title, sizeof en->title) < 0 ||
	    jf_text(r, v, place, "size", 0, en->size, sizeof en->size) < 0 ||
	    jf_text(r, v, place, "contents_kind", 1, en->contents_kind, sizeof en->contents_kind) < 0 ||
	    jf_text_dup(r, v, place, "exits", 0, &en->exits) < 0)
		return -1;
	if (m->regions[en->region].number != en->number)
		return jf_fail(r, place, "region %d is numbered %d on the map, not %d", en->region,
			       m->regions[en->region].number, en->number);
	if (read_mapsheet_entry_site(r, v, place, site, en) < 0)
		return -1;
	size_t i;
	json_t *t;
	json_array_foreach(lines, i, t) {
		if (!json_is_string(t))
			return jf_fail(r, place, "lines[%zu]: not a string", i);
		if (key_entry_add_line(en, json_string_value(t), r->e) < 0)
			return -1;
	}
	return 0;
}

/* The entries of key array es (at place) as written, in the file's order,
 * each number once. */
static int read_entries(struct jf *r, json_t *es, const char *place, const struct map *m, const struct ms_site *site,
			struct key *k)
{
	size_t n = json_array_size(es);
	if (n > (size_t)m->nregions)
		return jf_fail(r, place, "key: %zu entries for %d regions", n, m->nregions);
	if (n && !(k->entries = calloc(n, sizeof *k->entries)))
		return err_set(r->e, "out of memory reading %s", r->name);
	/* which numbers have an entry already, so a second one is refused */
	unsigned char *seen = calloc((size_t)MAP_MAX_ROOMS + 1, 1);
	if (!seen)
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *v;
	char at[96];
	int rc = 0;
	json_array_foreach(es, i, v) {
		jf_place(at, sizeof at, place, "key", i);
		k->n = (int)i + 1;
		if (read_entry(r, v, at, m, site, &k->entries[i]) < 0) {
			rc = -1;
			break;
		}
		if (seen[k->entries[i].number]++) {
			rc = jf_fail(r, at, "room %d has a second entry", k->entries[i].number);
			break;
		}
	}
	free(seen);
	return rc;
}

/* The key as written: its entries, the wandering table; the footer is the
 * map's notes, as key_build makes it. base is the site's fields of the
 * file (site.sets and site.nregions are filled here). */
static int read_key(struct jf *r, json_t *lv, int index, const struct map *m, const struct ms_site *base,
		    struct key *k)
{
	char place[64];
	snprintf(place, sizeof place, "levels[%d]", index);
	json_t *es = jf_field(r, lv, place, "key", JSON_ARRAY, 0);
	json_t *ws = es ? jf_field(r, lv, place, "wandering", JSON_ARRAY, 0) : NULL;
	if (!ws)
		return -1;
	struct ms_site site = *base;
	unsigned *sets = NULL;
	if (site.present) {
		if (!(sets = malloc(((size_t)m->nregions + 1) * sizeof *sets)))
			return err_set(r->e, "out of memory reading %s", r->name);
		feature_sets(m, sets);
		site.sets = sets;
		site.nregions = m->nregions;
	}
	int rc = read_entries(r, es, place, m, &site, k);
	free(sets);
	if (rc < 0)
		return -1;
	size_t i;
	json_t *v;
	size_t nw = json_array_size(ws);
	if (nw > 1000)
		return jf_fail(r, place, "wandering: more than 1000 lines");
	if (nw && !(k->wandering = calloc(nw, sizeof *k->wandering)))
		return err_set(r->e, "out of memory reading %s", r->name);
	json_array_foreach(ws, i, v) {
		if (!json_is_string(v))
			return jf_fail(r, place, "wandering[%zu]: not a string", i);
		if (!(k->wandering[i] = strdup(json_string_value(v))))
			return err_set(r->e, "out of memory reading %s", r->name);
		k->nwandering = (int)i + 1;
	}
	if (nw)
		snprintf(k->wandering_die, sizeof k->wandering_die, "d%d", (int)nw);
	if (base->story && read_mapsheet_roster(r, lv, place, k) < 0)
		return -1;
	if (m->nnotes && !(k->footer = calloc((size_t)m->nnotes, sizeof *k->footer)))
		return err_set(r->e, "out of memory reading %s", r->name);
	for (int j = 0; j < m->nnotes; j++) {
		if (!(k->footer[j] = strdup(m->notes[j])))
			return err_set(r->e, "out of memory reading %s", r->name);
		k->nfooter = j + 1;
	}
	return 0;
}

static int read_doc(struct jf *r, json_t *root, struct read_json_doc *out, struct log *log)
{
	const char *place = "top level";
	if (!json_is_object(root))
		return jf_fail(r, place, "not an object (a mapsheet map is a JSON object)");
	char format[16];
	int version;
	if (jf_text(r, root, place, "format", 0, format, sizeof format) < 0 || strcmp(format, "mapsheet") != 0)
		return jf_fail(r, place, "format: not a mapsheet map (expected \"format\": \"mapsheet\")");
	if (jf_int(r, root, place, "version", 0, 1000000, 0, 0, &version) < 0)
		return -1;
	if (version < DOC_JSON_VERSION_OLDEST || version > DOC_JSON_VERSION)
		return jf_fail(r, place, "version: %d; this mapsheet reads versions %d to %d", version,
			       DOC_JSON_VERSION_OLDEST, DOC_JSON_VERSION);
	json_t *levels = jf_field(r, root, place, "levels", JSON_ARRAY, 0);
	if (!levels || jf_text_dup(r, root, place, "seed", 0, &out->seed) < 0 ||
	    jf_text_dup(r, root, place, "title", 1, &out->title) < 0 ||
	    jf_text_dup(r, root, place, "site", 1, &out->site) < 0 ||
	    (json_object_get(root, "story") && jf_text_dup(r, root, place, "story", 1, &out->story) < 0))
		return -1;
	/* version 3 added the site; a version 2 file has none of it */
	struct ms_site site = { version >= 3, version >= 4, version >= 5, 0, NULL, 0, log };
	if ((site.present && read_mapsheet_site(r, root, out) < 0) ||
	    (site.figures && read_mapsheet_party(r, root, out) < 0) ||
	    (site.story && read_mapsheet_threads(r, root, out) < 0))
		return -1;
	site.nfactions = out->nfactions;
	size_t n = json_array_size(levels);
	if (n < 1 || n > READ_JSON_MAX_LEVELS)
		return jf_fail(r, place, "levels: %zu levels (1 to %d)", n, READ_JSON_MAX_LEVELS);
	if (!(out->levels = calloc(n, sizeof *out->levels)))
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *lv;
	json_array_foreach(levels, i, lv) {
		out->nlevels = (int)i + 1;
		char at[32];
		snprintf(at, sizeof at, "levels[%zu]", i);
		if (!json_is_object(lv))
			return jf_fail(r, at, "not an object");
		if (read_mapsheet_level(r, lv, (int)i, &out->levels[i].map) < 0 ||
		    read_key(r, lv, (int)i, &out->levels[i].map, &site, &out->levels[i].key) < 0 ||
		    read_json_derive_exits(&out->levels[i], 0, r->name, (int)i, log, r->e) < 0)
			return -1;
		read_json_check_names(&out->levels[i], r->name, (int)i, log);
		if (out->levels[i].map.depth != (int)i + 1)
			return jf_fail(r, at, "depth: %d, but it is level %zu of the file", out->levels[i].map.depth, i + 1);
	}
	return 0;
}

int read_mapsheet_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e)
{
	struct jf r = { name, e };
	return read_doc(&r, root, out, log);
}
