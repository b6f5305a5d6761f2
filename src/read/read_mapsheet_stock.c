/* read_mapsheet_stock.c: the figures of a stocked key in mapsheet's own
 * JSON (version 4 on, mapsheet-json(5)): the party the document was
 * stocked for, and each entry's encounter, trap and treasure, read as
 * written so that the key prints as it did. */
#include "read/read_mapsheet_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const difficulties[] = { "low", "moderate", "high" };
static const char *const dangers[] = { "setback", "dangerous", "deadly" };

static const char *difficulty_at(int i)
{
	return difficulties[i];
}

static const char *danger_at(int i)
{
	return dangers[i];
}

/* The object at key of v, which must be there: *out the object, or NULL
 * when it is null (`none` says when it is). Returns 0 or -1. */
static int object_or_null(struct jf *r, json_t *v, const char *place, const char *key, const char *none,
			  json_t **out)
{
	*out = NULL;
	json_t *k = json_object_get(v, key);
	if (!k)
		return jf_fail(r, place, "%s: missing (null %s)", key, none);
	if (json_is_null(k))
		return 0;
	*out = jf_field(r, v, place, key, JSON_OBJECT, 1);
	return *out ? 0 : -1;
}

int read_mapsheet_party(struct jf *r, json_t *root, struct read_json_doc *out)
{
	const char *place = "top level";
	json_t *p;
	if (object_or_null(r, root, place, "party", "when the key was not stocked for a party", &p) < 0)
		return -1;
	if (!p)
		return 0;
	place = "party";
	struct key_party *kp = &out->party;
	if (jf_text(r, p, place, "system", 0, kp->system, sizeof kp->system) < 0 ||
	    jf_int(r, p, place, "characters", 1, KEY_PARTY_MAX, 0, 0, &kp->party) < 0 ||
	    jf_int(r, p, place, "level", 1, KEY_PARTY_LEVEL_MAX, 0, 0, &kp->level) < 0 ||
	    jf_int(r, p, place, "deeper", 0, 5, 0, 0, &kp->deeper) < 0 ||
	    jf_text_dup(r, p, place, "credit", 1, &kp->credit) < 0)
		return -1;
	if (!kp->system[0])
		return jf_fail(r, place, "system: empty");
	return 0;
}

static int read_foes(struct jf *r, json_t *k, const char *place, struct key_encounter *en)
{
	json_t *cs = jf_field(r, k, place, "creatures", JSON_ARRAY, 0);
	if (!cs)
		return -1;
	size_t n = json_array_size(cs);
	if (n > KEY_MAX_OCCUPANTS)
		return jf_fail(r, place, "creatures: %zu groups (at most %d)", n, KEY_MAX_OCCUPANTS);
	size_t i;
	json_t *v;
	char at[160];
	json_array_foreach(cs, i, v) {
		struct key_foe *f = &en->foes[i];
		jf_place(at, sizeof at, place, "creatures", i);
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (jf_text(r, v, at, "name", 0, f->name, sizeof f->name) < 0 ||
		    jf_int(r, v, at, "count", 1, 100000, 0, 0, &f->count) < 0 ||
		    jf_text(r, v, at, "cr", 0, f->cr, sizeof f->cr) < 0 ||
		    jf_int(r, v, at, "xp", 0, 10000000, 0, 0, &f->xp) < 0 ||
		    jf_int(r, v, at, "ac", 0, 100, 0, 0, &f->ac) < 0 || jf_int(r, v, at, "hp", 0, 100000, 0, 0, &f->hp) < 0)
			return -1;
		if (!f->name[0])
			return jf_fail(r, at, "name: empty");
		en->nfoes = (int)i + 1;
	}
	return 0;
}

static int read_encounter(struct jf *r, json_t *v, const char *place, struct key_encounter *en)
{
	json_t *k;
	if (object_or_null(r, v, place, "encounter", "for a room without a sized fight", &k) < 0)
		return -1;
	if (!k)
		return 0;
	char at[160];
	snprintf(at, sizeof at, "%s.encounter", place);
	int d;
	if (jf_name(r, k, at, "difficulty", difficulty_at, 3, &d) < 0 ||
	    jf_int(r, k, at, "xp", 0, 100000000, 0, 0, &en->xp) < 0 ||
	    jf_int(r, k, at, "budget", 0, 100000000, 0, 0, &en->budget) < 0 ||
	    jf_int(r, k, at, "party", 1, KEY_PARTY_MAX, 0, 0, &en->party) < 0 ||
	    jf_int(r, k, at, "party_level", 1, KEY_PARTY_LEVEL_MAX, 0, 0, &en->party_level) < 0 ||
	    read_foes(r, k, at, en) < 0)
		return -1;
	snprintf(en->difficulty, sizeof en->difficulty, "%s", difficulties[d]);
	return 0;
}

static int read_trap(struct jf *r, json_t *v, const char *place, struct key_trap *t)
{
	json_t *k;
	if (object_or_null(r, v, place, "trap", "for a room without a trap's figures", &k) < 0)
		return -1;
	if (!k)
		return 0;
	char at[160];
	snprintf(at, sizeof at, "%s.trap", place);
	int d;
	if (jf_name(r, k, at, "danger", danger_at, 3, &d) < 0 || jf_int(r, k, at, "dc", 1, 40, 1, 0, &t->dc) < 0 ||
	    jf_int(r, k, at, "attack", 1, 30, 1, 0, &t->attack) < 0 ||
	    jf_text(r, k, at, "damage", 1, t->damage, sizeof t->damage) < 0)
		return -1;
	snprintf(t->danger, sizeof t->danger, "%s", dangers[d]);
	return 0;
}

static int read_treasure(struct jf *r, json_t *v, const char *place, long *gp)
{
	json_t *k;
	if (object_or_null(r, v, place, "treasure", "for a room without valued treasure", &k) < 0)
		return -1;
	if (!k)
		return 0;
	char at[160];
	snprintf(at, sizeof at, "%s.treasure", place);
	int value;
	if (jf_int(r, k, at, "value_gp", 1, 1000000000, 0, 0, &value) < 0)
		return -1;
	*gp = value;
	return 0;
}

int read_mapsheet_entry_stock(struct jf *r, json_t *v, const char *place, struct key_entry *en)
{
	if (read_encounter(r, v, place, &en->encounter) < 0 || read_trap(r, v, place, &en->trap) < 0 ||
	    read_treasure(r, v, place, &en->treasure_gp) < 0)
		return -1;
	return 0;
}
