/* eplus_fights.c: the EncounterPlus module's fights and tables
 * (eplus_int.h), on the referee's copy of a key stocked for a party:
 *   encounters.json  an encounter for every room with a fight, in its
 *                    level's group: a combatant for each creature, hostile,
 *                    numbered, referencing the app's own monster by its
 *                    slug ("/monster/gelatinous-cube", the SRD's name in
 *                    lower case and hyphens); the room's marker opens it;
 *   tables.json      each level's wandering monsters as a table of two
 *                    columns, the die and what comes, a row for each line
 *                    with its range as the key prints it. */
#include "export/eplus_int.h"

#include "base/sbuf.h"
#include "export/tabletop.h"
#include "model/key.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is the room's fight one the module runs as an encounter? */
int eplus_room_has_fight(const struct eplus *x, const struct key_entry *en)
{
	return !x->player && en->encounter.nfoes > 0;
}

void eplus_monster_slug(const char *name, char *out, size_t size)
{
	size_t n = 0, len = strlen(name);
	int dash = 0;
	/* a creature of several forms is one monster: "Werewolf, Wolf Form" */
	const char *comma = strstr(name, ", ");
	if (comma && len > 5 && strcmp(name + len - 5, " Form") == 0)
		len = (size_t)(comma - name);
	for (const unsigned char *p = (const unsigned char *)name; p < (const unsigned char *)name + len && n + 2 < size;
	     p++) {
		if (*p < 0x80 && isalnum(*p)) {
			if (dash && n > 0)
				out[n++] = '-';
			out[n++] = (char)tolower(*p);
			dash = 0;
		} else {
			dash = 1;
		}
	}
	out[n] = '\0';
}

static json_t *combatant(const struct eplus *x, int depth, int room, int k, const struct key_foe *f, int label)
{
	char id[EPLUS_ID_LEN], slug[96], ref[112], text[16];
	eplus_id(x, id, "encounter/%d/%d/combatant/%d", depth, room, k);
	eplus_monster_slug(f->name, slug, sizeof slug);
	snprintf(ref, sizeof ref, "/monster/%s", slug);
	snprintf(text, sizeof text, "%d", label);
	json_t *o = json_object();
	int bad = !o;
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "label", json_string(text));
	bad |= json_object_set_new(o, "name", eplus_text(f->name));
	bad |= json_object_set_new(o, "role", json_string("hostile"));
	bad |= json_object_set_new(o, "monster", json_string(ref));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int room_encounter(const struct eplus *x, int l, const struct key_entry *en, json_t *encounters)
{
	int depth = x->d->levels[l].map.depth;
	char id[EPLUS_ID_LEN], group[EPLUS_ID_LEN], slug[EPLUS_SLUG_LEN], name[128];
	eplus_id(x, id, "encounter/%d/%d", depth, en->number);
	eplus_id(x, group, "group/%d", depth);
	eplus_slug(x, slug, sizeof slug, "level-%d-room-%d-encounter", depth, en->number);
	snprintf(name, sizeof name, "%d. %s: the fight", en->number, en->title);
	json_t *o = json_object(), *list = json_array();
	int bad = !o || !list;
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "name", eplus_text(name));
	bad |= json_object_set_new(o, "slug", json_string(slug));
	bad |= json_object_set_new(o, "parentId", json_string(group));
	bad |= json_object_set_new(o, "rank", json_integer(en->number));
	int label = 1;
	for (int i = 0; i < en->encounter.nfoes && !bad; i++)
		for (int c = 0; c < en->encounter.foes[i].count && !bad; c++)
			bad |= json_array_append_new(list, combatant(x, depth, en->number, label - 1,
								     &en->encounter.foes[i], label)) < 0, label++;
	bad |= json_object_set_new(o, "combatants", list);
	bad |= json_array_append_new(encounters, o);
	return bad ? -1 : 0;
}

static int wandering_table(const struct eplus *x, int l, json_t *tables)
{
	const struct key *k = &x->d->levels[l].key;
	int depth = x->d->levels[l].map.depth;
	char id[EPLUS_ID_LEN], group[EPLUS_ID_LEN], slug[EPLUS_SLUG_LEN], name[80];
	eplus_id(x, id, "table/%d", depth);
	eplus_id(x, group, "group/%d", depth);
	eplus_slug(x, slug, sizeof slug, "level-%d-wandering-table", depth);
	snprintf(name, sizeof name, "Level %d wandering monsters", depth);
	json_t *o = json_object(), *cols = json_array(), *rows = json_array();
	int bad = !o || !cols || !rows;
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "name", json_string(name));
	bad |= json_object_set_new(o, "slug", json_string(slug));
	bad |= json_object_set_new(o, "parentId", json_string(group));
	bad |= json_object_set_new(o, "rank", json_integer(0));
	bad |= json_object_set_new(o, "dice", json_string(k->wandering_die));
	bad |= json_array_append_new(cols, json_string(k->wandering_die));
	bad |= json_array_append_new(cols, json_string("What comes"));
	int next = 1;
	for (int i = 0; i < k->nwandering && !bad; i++) {
		int lo, hi;
		const char *text;
		if (!tabletop_table_row(k->wandering[i], &lo, &hi, &text)) {
			lo = hi = next;
			text = k->wandering[i];
		}
		next = hi + 1;
		char range[24];
		if (lo == hi)
			snprintf(range, sizeof range, "%d", lo);
		else
			snprintf(range, sizeof range, "%d-%d", lo, hi);
		json_t *row = json_array();
		bad |= !row;
		bad |= json_array_append_new(row, json_string(range));
		bad |= json_array_append_new(row, eplus_text(text));
		bad |= json_array_append_new(rows, row);
	}
	bad |= json_object_set_new(o, "columns", cols);
	bad |= json_object_set_new(o, "rows", rows);
	bad |= json_array_append_new(tables, o);
	return bad ? -1 : 0;
}

int eplus_fights(const struct eplus *x, json_t *encounters, json_t *tables, struct err *e)
{
	for (int l = 0; l < x->d->nlevels; l++) {
		const struct key *k = &x->d->levels[l].key;
		for (int i = 0; i < k->n; i++)
			if (eplus_room_has_fight(x, &k->entries[i]) && room_encounter(x, l, &k->entries[i], encounters) < 0)
				return err_set(e, "out of memory writing the EncounterPlus encounters");
		if (!x->player && k->nwandering > 0 && wandering_table(x, l, tables) < 0)
			return err_set(e, "out of memory writing the EncounterPlus tables");
	}
	return 0;
}
