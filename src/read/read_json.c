/* read_json.c: reading mapsheet's own JSON (mapsheet-json(5)), parsed by
 * jansson in read_map.c: the document's fields, each level's key as
 * written, and the field readers that name the place of whatever is wrong.
 * read_json_level.c reads the maps. */
#include "read/read_json_int.h"
#include "read/read_formats.h"

#include "model/doc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rj_fail(struct rj *r, const char *place, const char *fmt, ...)
{
	char what[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return err_usage(r->e, "%s: %s: %s", r->name, place, what);
}

static const char *type_word(json_type t)
{
	switch (t) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "a whole number";
	case JSON_TRUE: case JSON_FALSE: return "true or false";
	default: return "a value";
	}
}

void rj_place(char *at, size_t size, const char *base, const char *list, size_t i)
{
	char digits[24];
	int nd = 0;
	do
		digits[nd++] = (char)('0' + i % 10);
	while ((i /= 10) != 0);
	size_t n = 0;
	for (const char *p = base; *p && n + 1 < size; p++)
		at[n++] = *p;
	if (n + 1 < size)
		at[n++] = '.';
	for (const char *p = list; *p && n + 1 < size; p++)
		at[n++] = *p;
	if (n + 1 < size)
		at[n++] = '[';
	while (nd && n + 1 < size)
		at[n++] = digits[--nd];
	if (n + 1 < size)
		at[n++] = ']';
	at[n] = '\0';
}

/* rj_field on the value v found under key (NULL: none). */
static json_t *field_value(struct rj *r, json_t *v, const char *place, const char *key, json_type type, int nullable)
{
	if (!v) {
		rj_fail(r, place, "the field \"%s\" is missing", key);
		return NULL;
	}
	if (json_is_null(v)) {
		if (!nullable)
			rj_fail(r, place, "%s: null, expected %s", key, type_word(type));
		return NULL;
	}
	int ok = type == JSON_TRUE ? json_is_boolean(v) : json_typeof(v) == type;
	if (!ok) {
		rj_fail(r, place, "%s: expected %s%s", key, type_word(type), nullable ? " or null" : "");
		return NULL;
	}
	return v;
}

json_t *rj_field(struct rj *r, json_t *obj, const char *place, const char *key, json_type type, int nullable)
{
	return field_value(r, json_object_get(obj, key), place, key, type, nullable);
}

int rj_int(struct rj *r, json_t *obj, const char *place, const char *key, int min, int max, int nullable,
	   int null_value, int *out)
{
	json_t *v = json_object_get(obj, key);
	if (nullable && json_is_null(v)) {
		*out = null_value;
		return 0;
	}
	if (!(v = field_value(r, v, place, key, JSON_INTEGER, nullable)))
		return -1;
	json_int_t n = json_integer_value(v);
	if (n < min || n > max)
		return rj_fail(r, place, "%s: %lld is out of range (%d to %d)", key, (long long)n, min, max);
	*out = (int)n;
	return 0;
}

int rj_text(struct rj *r, json_t *obj, const char *place, const char *key, int nullable, char *buf, size_t size)
{
	json_t *v = json_object_get(obj, key);
	buf[0] = '\0';
	if (nullable && json_is_null(v))
		return 0;
	if (!(v = field_value(r, v, place, key, JSON_STRING, nullable)))
		return -1;
	const char *t = json_string_value(v);
	size_t n = json_string_length(v);
	if (n >= size)
		return rj_fail(r, place, "%s: longer than %zu bytes", key, size - 1);
	if (strlen(t) != n)
		return rj_fail(r, place, "%s: holds a NUL character", key);
	memcpy(buf, t, n + 1);
	return 0;
}

int rj_text_dup(struct rj *r, json_t *obj, const char *place, const char *key, int nullable, char **out)
{
	json_t *v = json_object_get(obj, key);
	*out = NULL;
	if (nullable && json_is_null(v))
		return 0;
	if (!(v = field_value(r, v, place, key, JSON_STRING, nullable)))
		return -1;
	if (strlen(json_string_value(v)) != json_string_length(v))
		return rj_fail(r, place, "%s: holds a NUL character", key);
	if (!(*out = strdup(json_string_value(v))))
		return err_set(r->e, "out of memory reading %s", r->name);
	return 0;
}

int rj_name(struct rj *r, json_t *obj, const char *place, const char *key, const char *(*name_of)(int), int n,
	    int *out)
{
	json_t *v = rj_field(r, obj, place, key, JSON_STRING, 0);
	if (!v)
		return -1;
	for (int i = 0; i < n; i++)
		if (strcmp(json_string_value(v), name_of(i)) == 0) {
			*out = i;
			return 0;
		}
	/* the list is made only for the message */
	char names[200] = "";
	for (int i = 0; i < n; i++)
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", name_of(i));
	return rj_fail(r, place, "%s: unknown value \"%.60s\" (one of: %s)", key, json_string_value(v), names);
}

/* One key entry, its text as written; its region is checked against the map. */
static int read_entry(struct rj *r, json_t *v, const char *place, const struct map *m, struct key_entry *en)
{
	if (!json_is_object(v))
		return rj_fail(r, place, "not an object");
	json_t *lines = rj_field(r, v, place, "lines", JSON_ARRAY, 0);
	if (!lines || rj_int(r, v, place, "number", 1, MAP_MAX_ROOMS, 0, 0, &en->number) < 0 ||
	    rj_int(r, v, place, "region", 1, m->nregions > 0 ? m->nregions : 1, 0, 0, &en->region) < 0 ||
	    rj_text(r, v, place, "title", 0, en->title, sizeof en->title) < 0 ||
	    rj_text(r, v, place, "size", 0, en->size, sizeof en->size) < 0 ||
	    rj_text(r, v, place, "contents_kind", 1, en->contents_kind, sizeof en->contents_kind) < 0 ||
	    rj_text_dup(r, v, place, "exits", 0, &en->exits) < 0)
		return -1;
	if (m->regions[en->region].number != en->number)
		return rj_fail(r, place, "region %d is numbered %d on the map, not %d", en->region,
			       m->regions[en->region].number, en->number);
	size_t i;
	json_t *t;
	json_array_foreach(lines, i, t) {
		if (!json_is_string(t))
			return rj_fail(r, place, "lines[%zu]: not a string", i);
		if (key_entry_add_line(en, json_string_value(t), r->e) < 0)
			return -1;
	}
	return 0;
}

/* The key as written: entries in the file's order, each number once, the
 * wandering table; the footer is the map's notes, as key_build makes it. */
static int read_key(struct rj *r, json_t *lv, int index, const struct map *m, struct key *k)
{
	char place[64];
	snprintf(place, sizeof place, "levels[%d]", index);
	json_t *es = rj_field(r, lv, place, "key", JSON_ARRAY, 0);
	json_t *ws = es ? rj_field(r, lv, place, "wandering", JSON_ARRAY, 0) : NULL;
	if (!ws)
		return -1;
	size_t n = json_array_size(es);
	if (n > (size_t)m->nregions)
		return rj_fail(r, place, "key: %zu entries for %d regions", n, m->nregions);
	if (n && !(k->entries = calloc(n, sizeof *k->entries)))
		return err_set(r->e, "out of memory reading %s", r->name);
	/* which numbers have an entry already, so a second one is refused */
	unsigned char *seen = calloc((size_t)MAP_MAX_ROOMS + 1, 1);
	if (!seen)
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *v;
	char at[96];
	json_array_foreach(es, i, v) {
		rj_place(at, sizeof at, place, "key", i);
		k->n = (int)i + 1;
		if (read_entry(r, v, at, m, &k->entries[i]) < 0) {
			free(seen);
			return -1;
		}
		if (seen[k->entries[i].number]++) {
			free(seen);
			return rj_fail(r, at, "room %d has a second entry", k->entries[i].number);
		}
	}
	free(seen);
	size_t nw = json_array_size(ws);
	if (nw > 1000)
		return rj_fail(r, place, "wandering: more than 1000 lines");
	if (nw && !(k->wandering = calloc(nw, sizeof *k->wandering)))
		return err_set(r->e, "out of memory reading %s", r->name);
	json_array_foreach(ws, i, v) {
		if (!json_is_string(v))
			return rj_fail(r, place, "wandering[%zu]: not a string", i);
		if (!(k->wandering[i] = strdup(json_string_value(v))))
			return err_set(r->e, "out of memory reading %s", r->name);
		k->nwandering = (int)i + 1;
	}
	if (nw)
		snprintf(k->wandering_die, sizeof k->wandering_die, "d%d", (int)nw);
	if (m->nnotes && !(k->footer = calloc((size_t)m->nnotes, sizeof *k->footer)))
		return err_set(r->e, "out of memory reading %s", r->name);
	for (int j = 0; j < m->nnotes; j++) {
		if (!(k->footer[j] = strdup(m->notes[j])))
			return err_set(r->e, "out of memory reading %s", r->name);
		k->nfooter = j + 1;
	}
	return 0;
}

static int read_doc(struct rj *r, json_t *root, struct read_json_doc *out, struct log *log)
{
	const char *place = "top level";
	if (!json_is_object(root))
		return rj_fail(r, place, "not an object (a mapsheet map is a JSON object)");
	char format[16];
	int version;
	if (rj_text(r, root, place, "format", 0, format, sizeof format) < 0 || strcmp(format, "mapsheet") != 0)
		return rj_fail(r, place, "format: not a mapsheet map (expected \"format\": \"mapsheet\")");
	if (rj_int(r, root, place, "version", 0, 1000000, 0, 0, &version) < 0)
		return -1;
	if (version != DOC_JSON_VERSION)
		return rj_fail(r, place, "version: %d; this mapsheet reads version %d", version, DOC_JSON_VERSION);
	json_t *levels = rj_field(r, root, place, "levels", JSON_ARRAY, 0);
	if (!levels || rj_text_dup(r, root, place, "seed", 0, &out->seed) < 0 ||
	    rj_text_dup(r, root, place, "title", 1, &out->title) < 0 ||
	    rj_text_dup(r, root, place, "site", 1, &out->site) < 0 ||
	    (json_object_get(root, "story") && rj_text_dup(r, root, place, "story", 1, &out->story) < 0))
		return -1;
	size_t n = json_array_size(levels);
	if (n < 1 || n > READ_JSON_MAX_LEVELS)
		return rj_fail(r, place, "levels: %zu levels (1 to %d)", n, READ_JSON_MAX_LEVELS);
	if (!(out->levels = calloc(n, sizeof *out->levels)))
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *lv;
	json_array_foreach(levels, i, lv) {
		out->nlevels = (int)i + 1;
		char at[32];
		snprintf(at, sizeof at, "levels[%zu]", i);
		if (!json_is_object(lv))
			return rj_fail(r, at, "not an object");
		if (rj_level_map(r, lv, (int)i, &out->levels[i].map) < 0 ||
		    read_key(r, lv, (int)i, &out->levels[i].map, &out->levels[i].key) < 0 ||
		    read_json_derive_exits(&out->levels[i], 0, r->name, (int)i, log, r->e) < 0)
			return -1;
		if (out->levels[i].map.depth != (int)i + 1)
			return rj_fail(r, at, "depth: %d, but it is level %zu of the file", out->levels[i].map.depth, i + 1);
	}
	return 0;
}

int read_json_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e)
{
	struct rj r = { name, e };
	return read_doc(&r, root, out, log);
}

void read_json_doc_free(struct read_json_doc *d)
{
	if (d->levels)
		levels_free(d->levels, d->nlevels);
	free(d->levels);
	free(d->seed);
	free(d->title);
	free(d->site);
	free(d->story);
	memset(d, 0, sizeof *d);
}
