/* site_alarm.c: a level's adversary roster and its alarm (the seventh
 * stage of site_level_key): every group the rooms hold, as the rooms'
 * occupants say (key_roster_from_rooms), and how the holders answer
 * intruders: what raises the alarm, who comes from which rooms and how
 * soon (a round a door, and one more to take up arms), where they make
 * their stand and what the leader does. */
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

/* The faction groups of a room (members, not prisoners), as "3 goblins";
 * 0 when it holds none. */
static int room_groups(const struct key_entry *en, struct sbuf *s)
{
	int n = 0;
	for (int j = 0; j < en->noccupants; j++) {
		const struct key_occupant *o = &en->occupants[j];
		if (o->faction < 0)
			continue;
		sbuf_printf(s, "%s%d x %s", n ? " and " : "", o->count, o->creature);
		n++;
	}
	return n;
}

/* Where the holders make their stand: the leader's room, else their
 * deepest room with anyone in it; -1: none. Index in lp->rooms. */
static int stand_room(const struct level_plan *lp)
{
	int best = -1;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->faction < 0 || lp->lv->key.entries[r->entry].noccupants == 0)
			continue;
		if (r->leader)
			return i;
		if (best < 0 || r->dist > lp->rooms[best].dist)
			best = i;
	}
	return best;
}

/* Who comes, from which rooms and how soon, to the stand at room index
 * st: a round a door, a round more for those not on watch. */
static int answer(const struct level_plan *lp, int st, struct sbuf *s, struct err *e)
{
	const struct map *m = &lp->lv->map;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist);
	if (!dist)
		return err_set(e, "out of memory writing the alarm");
	if (site_door_distances_from(m, lp->rooms[st].region, dist, e) < 0) {
		free(dist);
		return -1;
	}
	int n = 0;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		const struct key_entry *en = &lp->lv->key.entries[r->entry];
		if (i == st || r->faction < 0 || r->leader || r->role == ROLE_PRISON || dist[r->region] < 0)
			continue;
		struct sbuf who;
		sbuf_init(&who);
		if (room_groups(en, &who) > 0) {
			int doors = dist[r->region];
			int rounds = doors + (r->role == ROLE_GUARD ? 0 : 1);
			if (rounds < 1)
				rounds = 1;
			sbuf_printf(s, "%s%s from room %d (%d door%s away, %d round%s)", n ? "; " : " Who comes: ",
				    sbuf_cstr(&who), en->number, doors, doors == 1 ? "" : "s", rounds, rounds == 1 ? "" : "s");
			n++;
		}
		sbuf_free(&who);
	}
	free(dist);
	if (n)
		sbuf_addc(s, '.');
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
		sbuf_add(&s, "The alarm: nobody holds this level; what lives here answers no alarm and fights where it "
			      "is found.");
	} else {
		const struct room_plan *sr = &lp->rooms[st];
		const struct faction *fa = &lp->site->factions[sr->faction];
		const char *type = lp->t->factions[lp->site->faction_type[sr->faction]].type;
		struct sbuf posts;
		sbuf_init(&posts);
		int np = rooms_of_role(lp, ROLE_GUARD, &posts);
		if (np > 0)
			sbuf_printf(&s, "The alarm goes up when the watch in room%s %s sees intruders and one of them lives "
				    "to shout, or when any fight lasts past three rounds.", np == 1 ? "" : "s", sbuf_cstr(&posts));
		else
			sbuf_add(&s, "The alarm goes up when any fight lasts past three rounds or someone flees from one.");
		sbuf_free(&posts);
		if (answer(lp, st, &s, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
		sbuf_printf(&s, " They make their stand in room %d.", k->entries[sr->entry].number);
		if (sr->leader)
			sbuf_printf(&s, " %s %s.", fa->leader, leader_does(type));
		else
			sbuf_printf(&s, " %s is not on this level: a runner goes to warn the leader.", fa->leader);
	}
	char *text = sbuf_take(&s);
	if (!text)
		return err_set(e, "out of memory writing the alarm");
	free(k->alarm);
	k->alarm = text;
	return 0;
}

int site_alarm_write(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	if (key_roster_from_rooms(k, e) < 0 || write_alarm(lp, e) < 0)
		return -1;
	return key_adversary_lines(k, e);
}
