/* export_json.c: the whole model as JSON, for other tools and the tests.
 * The format ("mapsheet", version DOC_JSON_VERSION) is documented field by
 * field in mapsheet-json(5) and described by
 * templates/schema/mapsheet.schema.json. "None" is always null, never 0 or
 * "": every object has all its fields. Keys are written in a fixed order so
 * the same map always gives the same bytes. The site model is written as
 * the document has it (the secret, the factions, each entry's kind and
 * occupants); an entry's features, like its exits, are derived from the
 * map: the kinds of feature on its region's squares. */
#include "export/export.h"
#include "export/json_stock.h"

#include "base/sbuf.h"
#include "model/feature.h"

#include <stdlib.h>

/* A string, or null when it is NULL or empty. */
static void json_text_or_null(struct sbuf *s, const char *text)
{
	if (text && *text)
		sbuf_add_json(s, text);
	else
		sbuf_add(s, "null");
}

/* A count or id, or null when it is not positive (the model's "none"). */
static void json_positive_or_null(struct sbuf *s, int v)
{
	if (v > 0)
		sbuf_add_int(s, v);
	else
		sbuf_add(s, "null");
}

static void json_region(struct sbuf *s, const struct map *m, int id, const struct rect *rs, int n)
{
	const struct region *r = &m->regions[id];
	/* tens of thousands of these in a large map: no printf */
	sbuf_add(s, "{\"id\": ");
	sbuf_add_int(s, id);
	sbuf_add(s, ", \"number\": ");
	json_positive_or_null(s, r->number);
	sbuf_add(s, ", \"kind\": \"");
	sbuf_add(s, region_kind_name(r->kind));
	sbuf_add(s, "\", \"name\": ");
	json_text_or_null(s, r->name);
	sbuf_add(s, ", \"zone\": ");
	if (r->zone >= 0 && r->zone < m->nzones)
		sbuf_add_int(s, r->zone);
	else
		sbuf_add(s, "null");
	sbuf_add(s, r->flags & REGION_FLAG_PORT ? ", \"port\": true, \"card\": " : ", \"port\": false, \"card\": ");
	json_text_or_null(s, r->card);
	sbuf_add(s, ", \"area\": ");
	sbuf_add_int(s, r->area);
	sbuf_add(s, ", \"rects\": [");
	for (int i = 0; i < n; i++) {
		const int v[4] = { rs[i].x, rs[i].y, rs[i].w, rs[i].h };
		for (int k = 0; k < 4; k++) {
			sbuf_add(s, k ? ", " : i ? ", [" : "[");
			sbuf_add_int(s, v[k]);
		}
		sbuf_addc(s, ']');
	}
	sbuf_add(s, "]}");
}

static int json_regions(struct sbuf *s, const struct map *m, struct err *e)
{
	sbuf_add(s, "      \"regions\": [");
	for (int id = 1; id <= m->nregions; id++) {
		struct rect *rs;
		int n = map_region_rects(m, id, &rs, e);
		if (n < 0)
			return -1;
		sbuf_add(s, id > 1 ? ",\n        " : "\n        ");
		json_region(s, m, id, rs, n);
		free(rs);
	}
	sbuf_add(s, m->nregions ? "\n      ],\n" : "],\n");
	return 0;
}

static void json_doors(struct sbuf *s, const struct map *m)
{
	sbuf_add(s, "      \"doors\": [");
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		int a, b;
		map_door_regions(m, d, &a, &b);
		sbuf_add(s, i ? ",\n        {\"x\": " : "\n        {\"x\": ");
		sbuf_add_int(s, d->x);
		sbuf_add(s, ", \"y\": ");
		sbuf_add_int(s, d->y);
		sbuf_add(s, ", \"side\": \"");
		sbuf_add(s, side_letter(d->side));
		sbuf_add(s, "\", \"kind\": \"");
		sbuf_add(s, door_kind_name(d->kind));
		sbuf_add(s, "\", \"regions\": [");
		json_positive_or_null(s, a);
		sbuf_add(s, ", ");
		json_positive_or_null(s, b);
		sbuf_add(s, "], \"lock\": ");
		if (d->lock >= 0 && d->lock < m->nlocks)
			sbuf_add_int(s, d->lock);
		else
			sbuf_add(s, "null");
		sbuf_add(s, "}");
	}
	sbuf_add(s, m->ndoors ? "\n      ],\n" : "],\n");
}

static void json_stairs_locks_zones(struct sbuf *s, const struct map *m)
{
	sbuf_add(s, "      \"stairs\": [");
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		sbuf_printf(s, "%s{\"x\": %d, \"y\": %d, \"dir\": \"%s\", \"to_level\": ", i ? ", " : "", st->x, st->y,
			    st->dir == STAIR_UP ? "up" : "down");
		json_positive_or_null(s, st->to_level);
		sbuf_add(s, ", \"to_room\": ");
		json_positive_or_null(s, st->to_level > 0 ? st->to_room : 0);
		sbuf_add(s, "}");
	}
	sbuf_add(s, "],\n      \"locks\": [");
	for (int i = 0; i < m->nlocks; i++) {
		sbuf_printf(s, "%s{\"door\": ", i ? ", " : "");
		if (m->locks[i].door >= 0 && m->locks[i].door < m->ndoors)
			sbuf_printf(s, "%d", m->locks[i].door);
		else
			sbuf_add(s, "null");
		sbuf_add(s, ", \"region\": ");
		json_positive_or_null(s, m->locks[i].region);
		sbuf_add(s, ", \"key\": ");
		sbuf_add_json(s, m->locks[i].name);
		sbuf_add(s, "}");
	}
	sbuf_add(s, "],\n      \"zones\": [");
	for (int i = 0; i < m->nzones; i++) {
		sbuf_add(s, i ? ", " : "");
		json_text_or_null(s, m->zones[i].theme);
	}
	sbuf_add(s, "],\n");
}

static void json_features_entrance_notes(struct sbuf *s, const struct map *m)
{
	sbuf_add(s, "      \"features\": [");
	int first = 1;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			unsigned char f = m->features[(long)y * m->w + x];
			if (f == FEATURE_NONE || f >= FEATURE_COUNT)
				continue;
			sbuf_printf(s, "%s{\"x\": %d, \"y\": %d, \"kind\": \"%s\"}", first ? "" : ", ", x, y,
				    feature_name((enum feature)f));
			first = 0;
		}
	sbuf_add(s, "],\n      \"entrance\": ");
	if (m->entrance.set) {
		sbuf_printf(s, "{\"x\": %d, \"y\": %d, \"side\": ", m->entrance.x, m->entrance.y);
		if (m->entrance.side >= 0 && m->entrance.side < SIDE_COUNT)
			sbuf_printf(s, "\"%s\"}", side_letter((enum side)m->entrance.side));
		else
			sbuf_add(s, "null}");
	} else {
		sbuf_add(s, "null");
	}
	sbuf_add(s, ",\n      \"notes\": [");
	for (int i = 0; i < m->nnotes; i++) {
		sbuf_add(s, i ? ", " : "");
		sbuf_add_json(s, m->notes[i]);
	}
	sbuf_add(s, "],\n");
}

/* The lettered marks, each with its square, label, secrecy and text. */
static void json_marks(struct sbuf *s, const struct map *m)
{
	sbuf_add(s, "      \"marks\": [");
	for (int i = 0; i < m->nmarks; i++) {
		const struct map_mark *k = &m->marks[i];
		sbuf_printf(s, "%s{\"x\": %d, \"y\": %d, \"label\": ", i ? ",\n        " : "\n        ", k->x, k->y);
		sbuf_add_json(s, k->label);
		sbuf_printf(s, ", \"secret\": %s, \"text\": ", k->secret ? "true" : "false");
		sbuf_add_json(s, k->text);
		sbuf_add(s, "}");
	}
	sbuf_add(s, m->nmarks ? "\n      ],\n" : "],\n");
}

/* The names of the features in set (a bit a feature), in enum order. */
static void json_feature_names(struct sbuf *s, unsigned set)
{
	sbuf_addc(s, '[');
	int first = 1;
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++) {
		if (!(set & 1u << f))
			continue;
		sbuf_add(s, first ? "\"" : ", \"");
		sbuf_add(s, feature_name((enum feature)f));
		sbuf_addc(s, '"');
		first = 0;
	}
	sbuf_addc(s, ']');
}

/* Who is in the room: each group's faction (its index, or null), creature,
 * count and role. */
static void json_occupants(struct sbuf *s, const struct key_entry *en)
{
	sbuf_add(s, "[");
	for (int j = 0; j < en->noccupants && j < KEY_MAX_OCCUPANTS; j++) {
		const struct key_occupant *o = &en->occupants[j];
		sbuf_add(s, j ? ", {\"faction\": " : "{\"faction\": ");
		if (o->faction >= 0)
			sbuf_add_int(s, o->faction);
		else
			sbuf_add(s, "null");
		sbuf_add(s, ", \"creature\": ");
		sbuf_add_json(s, o->creature);
		sbuf_add(s, ", \"count\": ");
		sbuf_add_int(s, o->count);
		sbuf_add(s, ", \"role\": ");
		json_text_or_null(s, o->role);
		sbuf_addc(s, '}');
	}
	sbuf_addc(s, ']');
}

/* v[0..n) as the items of a JSON array of strings, ", " between them. */
static void json_strings(struct sbuf *s, char *const *v, int n)
{
	for (int i = 0; i < n; i++) {
		sbuf_add(s, i ? ", " : "");
		sbuf_add_json(s, v[i]);
	}
}

/* The key; sets[id] is the features of region id (feature_sets). */
static void json_key(struct sbuf *s, const struct key *k, const struct map *m, const unsigned *sets)
{
	sbuf_add(s, "      \"key\": [");
	for (int i = 0; i < k->n; i++) {
		const struct key_entry *en = &k->entries[i];
		sbuf_add(s, i ? ",\n        {\"number\": " : "\n        {\"number\": ");
		sbuf_add_int(s, en->number);
		sbuf_add(s, ", \"region\": ");
		sbuf_add_int(s, en->region);
		sbuf_add(s, ", \"title\": ");
		sbuf_add_json(s, en->title);
		sbuf_add(s, ", \"size\": ");
		sbuf_add_json(s, en->size);
		sbuf_add(s, ", \"exits\": ");
		sbuf_add_json(s, en->exits ? en->exits : "");
		sbuf_add(s, ", \"features\": ");
		json_feature_names(s, en->region > 0 && en->region <= m->nregions ? sets[en->region] : 0);
		sbuf_add(s, ", \"contents_kind\": ");
		json_text_or_null(s, en->contents_kind);
		sbuf_add(s, ", \"kind\": ");
		json_text_or_null(s, en->kind);
		sbuf_add(s, ", \"occupants\": ");
		json_occupants(s, en);
		json_entry_stock(s, en);
		sbuf_add(s, ", \"lines\": [");
		json_strings(s, en->lines, en->nlines);
		sbuf_add(s, "]}");
	}
	sbuf_add(s, k->n ? "\n      ],\n      \"wandering\": [" : "],\n      \"wandering\": [");
	json_strings(s, k->wandering, k->nwandering);
	sbuf_add(s, "],\n      \"roster\": [");
	for (int i = 0; i < k->nroster; i++) {
		const struct key_group *g = &k->roster[i];
		sbuf_printf(s, "%s{\"room\": %d, \"creature\": ", i ? ",\n        " : "\n        ", g->room);
		sbuf_add_json(s, g->creature);
		sbuf_printf(s, ", \"count\": %d, \"role\": ", g->count);
		sbuf_add_json(s, g->role);
		sbuf_addc(s, '}');
	}
	sbuf_add(s, k->nroster ? "\n      ],\n      \"alarm\": " : "],\n      \"alarm\": ");
	json_text_or_null(s, k->alarm);
	sbuf_add(s, "\n");
}

/* The factions that hold the site, one a line, after "[". */
static void json_factions(struct sbuf *s, const struct doc *d)
{
	for (int i = 0; i < d->nfactions; i++) {
		const struct faction *fa = &d->factions[i];
		sbuf_add(s, i ? ",\n    {\"id\": " : "\n    {\"id\": ");
		sbuf_add_json(s, fa->id);
		sbuf_add(s, ", \"name\": ");
		sbuf_add_json(s, fa->name);
		sbuf_add(s, ", \"leader\": ");
		sbuf_add_json(s, fa->leader);
		sbuf_add(s, ", \"leader_creature\": ");
		sbuf_add_json(s, fa->leader_creature);
		sbuf_addc(s, '}');
	}
	sbuf_add(s, d->nfactions > 0 ? "\n  ]" : "]");
}

int export_json(FILE *f, const struct doc *d, struct err *e)
{
	struct sbuf s;
	sbuf_init(&s);
	sbuf_printf(&s, "{\n  \"format\": \"mapsheet\",\n  \"version\": %d,\n  \"seed\": ", DOC_JSON_VERSION);
	sbuf_add_json(&s, d->seed ? d->seed : "");
	sbuf_add(&s, ",\n  \"title\": ");
	json_text_or_null(&s, d->sheet.title);
	sbuf_add(&s, ",\n  \"story\": ");
	json_text_or_null(&s, d->story);
	sbuf_add(&s, ",\n  \"secret\": ");
	json_text_or_null(&s, d->secret);
	sbuf_add(&s, ",\n  \"site\": ");
	json_text_or_null(&s, d->site);
	sbuf_add(&s, ",\n  \"command\": ");
	json_text_or_null(&s, d->command);
	sbuf_add(&s, ",\n  \"threads\": [");
	for (int i = 0, n = 0; i < d->nthreads; i++) {
		if (d->threads[i].room <= 0)
			continue;
		sbuf_add(&s, n++ ? ",\n    {\"text\": " : "\n    {\"text\": ");
		sbuf_add_json(&s, d->threads[i].text);
		sbuf_printf(&s, ", \"level\": %d, \"room\": %d}", d->threads[i].level, d->threads[i].room);
	}
	sbuf_add(&s, s.len && s.data[s.len - 1] == '}' ? "\n  ]" : "]");
	sbuf_add(&s, ",\n  \"factions\": [");
	json_factions(&s, d);
	json_doc_party(&s, d);
	sbuf_add(&s, ",\n  \"levels\": [");
	for (int l = 0; l < d->nlevels; l++) {
		const struct map *m = &d->levels[l].map;
		unsigned *sets = malloc(((size_t)m->nregions + 1) * sizeof *sets);
		if (!sets) {
			sbuf_free(&s);
			return err_set(e, "out of memory writing JSON");
		}
		feature_sets(m, sets);
		sbuf_printf(&s, "%s\n    {\n      \"depth\": %d,\n      \"method\": ", l ? "," : "", m->depth);
		json_text_or_null(&s, m->method);
		sbuf_printf(&s, ",\n      \"width\": %d,\n      \"height\": %d,\n      \"square_side_feet\": %d,\n", m->w,
			    m->h, m->square_feet);
		if (json_regions(&s, m, e) < 0) {
			free(sets);
			sbuf_free(&s);
			return -1;
		}
		json_doors(&s, m);
		json_stairs_locks_zones(&s, m);
		json_features_entrance_notes(&s, m);
		json_marks(&s, m);
		json_key(&s, &d->levels[l].key, m, sets);
		free(sets);
		sbuf_add(&s, "    }");
		if (sbuf_failed(&s))
			break;
		/* flush each level so a large booklet does not sit in memory twice */
		fwrite(s.data, 1, s.len, f);
		sbuf_reset(&s);
	}
	sbuf_add(&s, d->nlevels ? "\n  ]\n}\n" : "]\n}\n");
	if (sbuf_failed(&s)) {
		sbuf_free(&s);
		return err_set(e, "out of memory writing JSON");
	}
	fwrite(s.data, 1, s.len, f);
	sbuf_free(&s);
	return 0;
}
