/* site_alarm.c: a level's adversary roster and its alarm (the seventh
 * stage of site_level_key): every group the rooms hold, as the rooms'
 * occupants say (key_roster_from_rooms), and how the holders answer
 * intruders: what raises the alarm, who comes from which rooms and how
 * soon (a round a door between, by the doors counted from the stand, and
 * one more to take up arms for those not on watch), where they make their
 * stand and what the leader does. */
#include "site/site_rooms.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a leader does when the alarm goes up, by the faction's type. */
static const char *leader_does(const char *type)
{
	static const struct {
		const char *type, *does;
	} acts[] = {
		{ "tribe", "bellows for everyone to hold the door, and runs for another way out if the stand breaks" },
		{ "band", "takes command at the stand, sends a runner for the other groups, and asks for terms if half "
			  "the company falls" },
		{ "cult", "begins a rite at the heart of the room and fights only once the rite is broken" },
		{ "household", "bars the door, sends a servant to lie to the party, and bargains once cornered" },
		{ "brood", "waits in the dark of its own room and lets the rest wear the party down first" },
		{ "dead", "never leaves its room: whoever enters it fights to the end" },
	};
	for (size_t i = 0; i < sizeof acts / sizeof acts[0]; i++)
		if (!strcmp(type, acts[i].type))
			return acts[i].does;
	return "fights from its own room";
}

/* The room numbers of the level's rooms of role (not the leaders'), kept
 * by a faction, as "1 and 3"; the count. */
static int rooms_of_role(const struct level_plan *lp, enum site_role role, struct sbuf *s)
{
	int n = 0, last = -1;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->role != role || r->leader || r->faction < 0 || lp->lv->key.entries[r->entry].noccupants == 0)
			continue;
		if (last >= 0)
			sbuf_printf(s, "%s%d", n > 1 ? ", " : "", last);
		last = lp->lv->key.entries[r->entry].number;
		n++;
	}
	if (last >= 0)
		sbuf_printf(s, "%s%d", n > 1 ? " and " : "", last);
	return n;
}

/* Whether a room holds any of a faction's members (not prisoners). */
static int holds_members(const struct key_entry *en)
{
	for (int j = 0; j < en->noccupants; j++)
		if (en->occupants[j].faction >= 0)
			return 1;
	return 0;
}

/* Where the holders make their stand: the leader's room (the first
 * faction's, where two leaders share the level), else their deepest room
 * with members in it, cells last; -1: none. Index in lp->rooms. */
static int stand_room(const struct level_plan *lp)
{
	int best = -1, lead = -1;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->faction < 0 || !holds_members(&lp->lv->key.entries[r->entry]))
			continue;
		if (r->leader && (lead < 0 || r->faction < lp->rooms[lead].faction))
			lead = i;   /* of two leaders on the level, the first faction's */
		if (lead >= 0)
			continue;
		int cells = r->role == ROLE_PRISON, best_cells = best >= 0 && lp->rooms[best].role == ROLE_PRISON;
		if (best < 0 || (best_cells && !cells) || (cells == best_cells && r->dist > lp->rooms[best].dist))
			best = i;
	}
	return lead >= 0 ? lead : best;
}

#define ALARM_MAX_ROUNDS 64

/* Who comes to the stand at room index st, from which rooms and how soon
 * ("Help comes from rooms 1 and 7 in 3 rounds; from room 8 in 5
 * rounds."): a round a door between, a round more for those not on
 * watch. */
static int answer(const struct level_plan *lp, int st, struct sbuf *s, struct err *e)
{
	const struct map *m = &lp->lv->map;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist);
	int *rounds = calloc((size_t)lp->n + 1, sizeof *rounds);
	if (!dist || !rounds) {
		free(dist);
		free(rounds);
		return err_set(e, "out of memory writing the alarm");
	}
	if (site_door_distances_from(m, lp->rooms[st].region, dist, e) < 0) {
		free(dist);
		free(rounds);
		return -1;
	}
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (i == st || r->faction < 0 || r->leader || r->role == ROLE_PRISON || dist[r->region] < 0 ||
		    !holds_members(&lp->lv->key.entries[r->entry]))
			continue;
		int n = dist[r->region] + (r->role == ROLE_GUARD ? 0 : 1);
		rounds[i] = n < 1 ? 1 : n > ALARM_MAX_ROUNDS ? ALARM_MAX_ROUNDS : n;
	}
	int said = 0;
	for (int n = 1; n <= ALARM_MAX_ROUNDS; n++) {
		int count = 0, last = -1;
		for (int i = 0; i < lp->n; i++)
			count += rounds[i] == n;
		if (count == 0)
			continue;
		sbuf_printf(s, "%sroom%s ", said++ ? "; from " : " Help comes from ", count == 1 ? "" : "s");
		for (int i = 0, k = 0; i < lp->n; i++) {
			if (rounds[i] != n)
				continue;
			if (last >= 0)
				sbuf_printf(s, "%d%s", last, ++k == count - 1 ? " and " : ", ");
			last = lp->lv->key.entries[lp->rooms[i].entry].number;
		}
		sbuf_printf(s, "%d in %d round%s", last, n, n == 1 ? "" : "s");
	}
	if (said)
		sbuf_addc(s, '.');
	free(dist);
	free(rounds);
	return 0;
}

static int write_alarm(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	int st = stand_room(lp);
	if (k->nroster == 0)
		return 0;
	struct sbuf s;
	sbuf_init(&s);
	if (st < 0) {
		sbuf_add(&s, "Alarm: none. Nobody holds this level; what lives here fights where it is found.");
	} else {
		const struct room_plan *sr = &lp->rooms[st];
		const struct faction *fa = &lp->site->factions[sr->faction];
		const char *type = lp->t->factions[lp->site->faction_type[sr->faction]].type;
		struct sbuf posts;
		sbuf_init(&posts);
		int np = rooms_of_role(lp, ROLE_GUARD, &posts);
		if (np > 0)
			sbuf_printf(&s, "Alarm: raised by the watch (room%s %s) on sight of intruders, or by any fight "
				    "past three rounds.", np == 1 ? "" : "s", sbuf_cstr(&posts));
		else
			sbuf_add(&s, "Alarm: raised by any fight past three rounds, or by anyone who flees one.");
		sbuf_free(&posts);
		if (answer(lp, st, &s, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
		sbuf_printf(&s, " They make their stand in room %d.", k->entries[sr->entry].number);
		/* the leader's sentence, its first letter a capital ("the Dowager") */
		size_t at = s.len + 1;
		if (sr->leader)
			sbuf_printf(&s, " %s %s.", fa->leader, leader_does(type));
		else
			sbuf_printf(&s, " %s is not on this level: a runner goes to warn the leader.", fa->leader);
		if (!sbuf_failed(&s) && s.data[at] >= 'a' && s.data[at] <= 'z')
			s.data[at] = (char)(s.data[at] - 'a' + 'A');
	}
	char *text = sbuf_take(&s);
	if (!text)
		return err_set(e, "out of memory writing the alarm");
	free(k->alarm);
	k->alarm = text;
	return 0;
}

/* Each group's part of its faction's cast, where the cast says it (the
 * roster's order is the rooms' occupants'): a lieutenant's kind past the
 * level's few lieutenants is of the rank and file. */
static void cast_roles(struct level_plan *lp)
{
	struct key *k = &lp->lv->key;
	int g = 0;
	for (int i = 0; i < k->n; i++)
		for (int j = 0; j < k->entries[i].noccupants && g < k->nroster; j++, g++) {
			const struct key_occupant *o = &k->entries[i].occupants[j];
			const char *cast = !strcmp(o->role, "sought") ? ""
					   : o->band ? site_cast_name(CAST_RANK) : site_occupant_cast(lp->site, lp->t, o);
			if (cast[0])
				snprintf(k->roster[g].role, sizeof k->roster[g].role, "%s", cast);
		}
}

int site_alarm_write(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	if (key_roster_from_rooms(k, e) < 0)
		return -1;
	cast_roles(lp);
	if (write_alarm(lp, e) < 0)
		return -1;
	return key_adversary_lines(k, e);
}
