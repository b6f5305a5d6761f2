/* read_mapsheet_site.c: the site model in mapsheet's own JSON (version 3
 * on, mapsheet-json(5)): the document's secret and factions, and each key
 * entry's kind and occupants, read as written; an entry's features are
 * derived from the map, so the written list is only compared with the
 * map's and a difference named in a warning, as the exits are. */
#include "read/read_mapsheet_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A text field that must not be empty, into buf. */
static int text_given(struct jf *r, json_t *obj, const char *place, const char *key, char *buf, size_t size)
{
	if (jf_text(r, obj, place, key, 0, buf, size) < 0)
		return -1;
	if (!buf[0])
		return jf_fail(r, place, "%s: empty", key);
	return 0;
}

int read_mapsheet_site(struct jf *r, json_t *root, struct read_json_doc *out)
{
	const char *place = "top level";
	json_t *fs = jf_field(r, root, place, "factions", JSON_ARRAY, 0);
	if (!fs || jf_text_dup(r, root, place, "secret", 1, &out->secret) < 0)
		return -1;
	size_t n = json_array_size(fs);
	if (n > READ_JSON_MAX_FACTIONS)
		return jf_fail(r, place, "factions: %zu factions (at most %d)", n, READ_JSON_MAX_FACTIONS);
	if (n && !(out->factions = calloc(n, sizeof *out->factions)))
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *v;
	char at[64];
	json_array_foreach(fs, i, v) {
		struct faction *f = &out->factions[i];
		snprintf(at, sizeof at, "factions[%zu]", i);
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (text_given(r, v, at, "id", f->id, sizeof f->id) < 0 ||
		    text_given(r, v, at, "name", f->name, sizeof f->name) < 0 ||
		    text_given(r, v, at, "leader", f->leader, sizeof f->leader) < 0 ||
		    text_given(r, v, at, "leader_creature", f->leader_creature, sizeof f->leader_creature) < 0)
			return -1;
		out->nfactions = (int)i + 1;
	}
	return 0;
}

/* The entry's occupants: at most KEY_MAX_OCCUPANTS groups, each of a
 * faction the file has (or null), a creature and a count of 1 or more. */
static int read_occupants(struct jf *r, json_t *v, const char *place, int nfactions, struct key_entry *en)
{
	json_t *os = jf_field(r, v, place, "occupants", JSON_ARRAY, 0);
	if (!os)
		return -1;
	size_t n = json_array_size(os);
	if (n > KEY_MAX_OCCUPANTS)
		return jf_fail(r, place, "occupants: %zu groups (at most %d)", n, KEY_MAX_OCCUPANTS);
	size_t i;
	json_t *o;
	char at[128];
	json_array_foreach(os, i, o) {
		struct key_occupant *oc = &en->occupants[i];
		jf_place(at, sizeof at, place, "occupants", i);
		if (!json_is_object(o))
			return jf_fail(r, at, "not an object");
		if (jf_int(r, o, at, "faction", 0, READ_JSON_MAX_FACTIONS - 1, 1, -1, &oc->faction) < 0 ||
		    text_given(r, o, at, "creature", oc->creature, sizeof oc->creature) < 0 ||
		    jf_int(r, o, at, "count", 1, READ_JSON_MAX_COUNT, 0, 0, &oc->count) < 0 ||
		    jf_text(r, o, at, "role", 1, oc->role, sizeof oc->role) < 0)
			return -1;
		if (oc->faction >= nfactions)
			return nfactions ? jf_fail(r, at, "faction: %d is out of range (0 to %d: the file has %d faction%s)",
						  oc->faction, nfactions - 1, nfactions, nfactions == 1 ? "" : "s")
					 : jf_fail(r, at, "faction: %d, but the file has no factions", oc->faction);
		en->noccupants = (int)i + 1;
	}
	return 0;
}

/* The names of the features of set, in enum order, into buf as a JSON
 * list ("[\"altar\", \"bed\"]"), cut short to fit. */
static void set_names(unsigned set, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "[");
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT && n < size; f++)
		if (set & 1u << f)
			n += (size_t)snprintf(buf + n, size - n, "%s\"%s\"", n > 1 ? ", " : "", feature_name((enum feature)f));
	if (n < size)
		snprintf(buf + n, size - n, "]");
}

/* The written features of an entry against set, the map's: each must be a
 * string; a list that is not set's names in enum order is warned of. */
static int check_features(struct jf *r, json_t *v, const char *place, unsigned set, struct log *log)
{
	json_t *fs = jf_field(r, v, place, "features", JSON_ARRAY, 0);
	if (!fs)
		return -1;
	int same = 1, f = FEATURE_NONE;
	size_t i;
	json_t *t;
	json_array_foreach(fs, i, t) {
		if (!json_is_string(t))
			return jf_fail(r, place, "features[%zu]: not a string", i);
		/* the next feature of set after f */
		do
			f++;
		while (f < FEATURE_COUNT && !(set & 1u << f));
		if (f >= FEATURE_COUNT || strcmp(json_string_value(t), feature_name((enum feature)f)) != 0)
			same = 0;
	}
	do
		f++;
	while (f < FEATURE_COUNT && !(set & 1u << f));
	if (f < FEATURE_COUNT)
		same = 0;
	if (!same && log) {
		char *written = json_dumps(fs, 0);
		char derived[400];
		set_names(set, derived, sizeof derived);
		log_warn(log, "%s: %s.features: %.200s is not what the map has in the room (%s); an entry's features "
			 "are derived: add or remove them in the level's \"features\"", r->name, place,
			 written ? written : "(a list)", derived);
		free(written);
	}
	return 0;
}

int read_mapsheet_entry_site(struct jf *r, json_t *v, const char *place, const struct ms_site *site,
			     struct key_entry *en)
{
	if (!site->present)
		return 0;
	unsigned set = en->region > 0 && en->region <= site->nregions ? site->sets[en->region] : 0;
	if (jf_text(r, v, place, "kind", 1, en->kind, sizeof en->kind) < 0 ||
	    read_occupants(r, v, place, site->nfactions, en) < 0 || check_features(r, v, place, set, site->log) < 0 ||
	    (site->figures && read_mapsheet_entry_stock(r, v, place, en) < 0))
		return -1;
	return 0;
}
