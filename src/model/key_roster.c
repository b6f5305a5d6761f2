/* key_roster.c: a level's adversary roster (key.h): every group its rooms
 * hold, read from the entries' occupants, and the lines the key prints it
 * and the alarm as. */
#include "model/key.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *key_occupant_role(const struct key_occupant *o)
{
	static const struct {
		const char *room, *cast;
	} parts[] = { { "lair", "rank and file" }, { "store", "rank and file" }, { "work", "rank and file" },
		      { "shrine", "rank and file" } };
	if (!strcmp(o->role, "prison"))
		return o->faction < 0 ? "prisoner" : "jailer";
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		if (!strcmp(o->role, parts[i].room))
			return parts[i].cast;
	if (o->role[0])
		return o->role;
	return o->faction < 0 ? "outsider" : "member";
}

int key_roster_from_rooms(struct key *k, struct err *e)
{
	int n = 0;
	for (int i = 0; i < k->n; i++)
		n += k->entries[i].noccupants;
	free(k->roster);
	k->roster = NULL;
	k->nroster = 0;
	if (n == 0)
		return 0;
	if (!(k->roster = calloc((size_t)n, sizeof *k->roster)))
		return err_set(e, "out of memory writing the roster");
	for (int i = 0; i < k->n; i++) {
		const struct key_entry *en = &k->entries[i];
		for (int j = 0; j < en->noccupants && j < KEY_MAX_OCCUPANTS; j++) {
			struct key_group *g = &k->roster[k->nroster++];
			g->room = en->number;
			snprintf(g->creature, sizeof g->creature, "%s", en->occupants[j].creature);
			g->count = en->occupants[j].count;
			snprintf(g->role, sizeof g->role, "%s", key_occupant_role(&en->occupants[j]));
		}
	}
	return 0;
}

static int add_line(struct key *k, struct sbuf *s, struct err *e)
{
	char *line = sbuf_take(s);
	char **grown = line ? realloc(k->adversaries, ((size_t)k->nadversaries + 1) * sizeof *grown) : NULL;
	if (!grown) {
		free(line);
		return err_set(e, "out of memory writing the roster");
	}
	k->adversaries = grown;
	k->adversaries[k->nadversaries++] = line;
	return 0;
}

/* A roster role as a GM says it beside the creature ("leader",
 * "prisoner"), or NULL where it says nothing the creature does not: the
 * rank and file, an outsider, a member, a beast, a specialist. */
static const char *role_words(const char *role)
{
	static const char *const silent[] = { "rank and file", "outsider", "member", "beast", "specialist" };
	for (size_t i = 0; i < sizeof silent / sizeof silent[0]; i++)
		if (!strcmp(role, silent[i]))
			return NULL;
	if (!strcmp(role, "sought"))
		return "the one sought";
	return role[0] ? role : NULL;
}

int key_adversary_lines(struct key *k, struct err *e)
{
	for (int i = 0; i < k->nadversaries; i++)
		free(k->adversaries[i]);
	free(k->adversaries);
	k->adversaries = NULL;
	k->nadversaries = 0;
	struct sbuf s;
	sbuf_init(&s);
	for (int i = 0; i < k->nroster; i++) {
		const struct key_group *g = &k->roster[i];
		int first = i == 0 || k->roster[i - 1].room != g->room;
		if (first)
			sbuf_printf(&s, "Room %d: ", g->room);
		else
			sbuf_add(&s, "; ");
		const char *role = role_words(g->role);
		sbuf_printf(&s, "%d x %s", g->count, g->creature);
		if (role)   /* "2 x hill giant (lieutenants)" */
			sbuf_printf(&s, " (%s%s)", role, g->count > 1 && !strchr(role, ' ') ? "s" : "");
		if (i + 1 < k->nroster && k->roster[i + 1].room == g->room)
			continue;
		sbuf_addc(&s, '.');
		if (add_line(k, &s, e) < 0)
			return -1;
	}
	if (k->alarm && k->alarm[0]) {
		sbuf_add(&s, k->alarm);
		if (add_line(k, &s, e) < 0)
			return -1;
	}
	sbuf_free(&s);
	return 0;
}
