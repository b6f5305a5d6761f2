/* site_alarm.c: a level's adversary roster and its alarm (the seventh
 * stage of site_level_key): every group the rooms hold, as the rooms'
 * occupants say (key_roster_from_rooms), and how each faction holding
 * rooms on the level answers intruders: what raises its alarm, who comes
 * from which of its rooms and how soon (a round a door between, by the
 * doors counted from the stand, and one more to take up arms for those
 * not on watch), where they make their stand and what its leader does;
 * where two factions share the level, each answers its own alarm alone,
 * and the alarm says they are rivals (the site model makes every two
 * factions of a site rivals: each holds its own rooms and has its own
 * leader and want). */
#include "site/site_rooms.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a leader does when the alarm goes up, by the faction's type; the
 * second wording for a second leader of the same type on the level. */
static const char *leader_does(const char *type, int second)
{
	static const struct {
		const char *type, *does[2];
	} acts[] = {
		{ "tribe",
		  { "bellows for everyone to hold the door, and runs for another way out if the stand breaks",
		    "sends the youngest to the doors and fights at the front, but flees once it is wounded" } },
		{ "band",
		  { "takes command at the stand, sends a runner for the other groups, and asks for terms if half "
		    "the company falls",
		    "holds back to see how the fight goes, and offers to change sides for a price" } },
		{ "cult",
		  { "begins a rite at the heart of the room and fights only once the rite is broken",
		    "calls on its god before the altar and throws the faithful at the party one by one" } },
		{ "household",
		  { "bars the door, sends a servant to lie to the party, and bargains once cornered",
		    "hides among the servants and slips away when the fighting starts" } },
		{ "brood",
		  { "waits in the dark of its own room and lets the rest wear the party down first",
		    "comes out only when the party is hurt, and drags the weakest away" } },
		{ "dead",
		  { "never leaves its room: whoever enters it fights to the end",
		    "rises when the first of its servants falls, and follows the party from room to room" } },
	};
	for (size_t i = 0; i < sizeof acts / sizeof acts[0]; i++)
		if (!strcmp(type, acts[i].type))
			return acts[i].does[second ? 1 : 0];
	return "fights from its own room";
}

/* The room numbers of the level's rooms of role (not the leaders'), kept
 * by faction f, as "1 and 3"; the count. */
static int rooms_of_role(const struct level_plan *lp, int f, enum site_role role, struct sbuf *s)
{
	int n = 0, last = -1;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->role != role || r->leader || r->faction != f || lp->lv->key.entries[r->entry].noccupants == 0)
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

/* Where faction f makes its stand: its leader's room, else its deepest
 * room with members in it, cells last; -1: it holds no room here. Index
 * in lp->rooms. */
static int stand_room(const struct level_plan *lp, int f)
{
	int best = -1, lead = -1;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->faction != f || !holds_members(&lp->lv->key.entries[r->entry]))
			continue;
		if (r->leader)
			lead = i;
		if (lead >= 0)
			continue;
		int cells = r->role == ROLE_PRISON, best_cells = best >= 0 && lp->rooms[best].role == ROLE_PRISON;
		if (best < 0 || (best_cells && !cells) || (cells == best_cells && r->dist > lp->rooms[best].dist))
			best = i;
	}
	return lead >= 0 ? lead : best;
}

#define ALARM_MAX_ROUNDS 64

/* Who of the stand's faction comes to the stand at room index st, from
 * which rooms and how soon ("Help comes from rooms 1 and 7 in 3 rounds;
 * from room 8 in 5 rounds."): a round a door between, a round more for
 * those not on watch. */
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
		if (i == st || r->faction != lp->rooms[st].faction || r->leader || r->role == ROLE_PRISON || dist[r->region] < 0 ||
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

/* Capitalises the letter at byte at of s, if it is a small one. */
static void capital_at(struct sbuf *s, size_t at)
{
	if (!sbuf_failed(s) && at < s->len && s->data[at] >= 'a' && s->data[at] <= 'z')
		s->data[at] = (char)(s->data[at] - 'a' + 'A');
}

/* Faction f's alarm, its stand at room index st: "Alarm: raised by ...
 * They make their stand in room 9. Thrag the Slow bellows ..."; named
 * ("Alarm, the orcs of the Ashen Eye: raised by ...") where two share
 * the level. */
static int faction_alarm(struct level_plan *lp, int f, int st, int named, int second, struct sbuf *s,
			 struct err *e)
{
	struct key *k = &lp->lv->key;
	const struct room_plan *sr = &lp->rooms[st];
	const struct faction *fa = &lp->site->factions[f];
	const char *type = lp->t->factions[lp->site->faction_type[f]].type;
	struct sbuf posts;
	sbuf_init(&posts);
	int np = rooms_of_role(lp, f, ROLE_GUARD, &posts);
	sbuf_add(s, s->len ? " Alarm" : "Alarm");
	if (named)
		sbuf_printf(s, ", %s", fa->name);
	if (np > 0)
		sbuf_printf(s, ": raised by the watch (room%s %s) on sight of intruders, or by any fight "
			    "past three rounds.", np == 1 ? "" : "s", sbuf_cstr(&posts));
	else
		sbuf_add(s, ": raised by any fight past three rounds, or by anyone who flees one.");
	sbuf_free(&posts);
	if (answer(lp, st, s, e) < 0)
		return -1;
	sbuf_printf(s, " They make their stand in room %d.", k->entries[sr->entry].number);
	/* the leader's sentence, its first letter a capital ("the Dowager") */
	size_t at = s->len + 1;
	if (sr->leader)
		sbuf_printf(s, " %s %s.", fa->leader, leader_does(type, second));
	else
		sbuf_printf(s, " %s is not on this level: a runner goes to warn the leader.", fa->leader);
	capital_at(s, at);
	return 0;
}

/* Whether factions a and b of the site are of one type (two tribes). */
static int same_type(const struct level_plan *lp, int a, int b)
{
	if (a < 0 || b < 0)
		return 0;
	return !strcmp(lp->t->factions[lp->site->faction_type[a]].type, lp->t->factions[lp->site->faction_type[b]].type);
}

static int write_alarm(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	const struct site_plan *sp = lp->site;
	if (k->nroster == 0)
		return 0;
	int st[SITE_MAX_FACTIONS], nheld = 0, first = -1, second = -1;
	for (int f = 0; f < sp->nfactions && f < SITE_MAX_FACTIONS; f++) {
		st[f] = stand_room(lp, f);
		if (st[f] >= 0 && nheld++ == 0)
			first = f;
		else if (st[f] >= 0 && second < 0)
			second = f;
	}
	struct sbuf s;
	sbuf_init(&s);
	if (nheld == 0)
		sbuf_add(&s, "Alarm: none. Nobody holds this level; what lives here fights where it is found.");
	for (int f = 0; f < sp->nfactions && f < SITE_MAX_FACTIONS; f++)
		if (st[f] >= 0 && faction_alarm(lp, f, st[f], nheld > 1, f == second && same_type(lp, first, second), &s,
						e) < 0) {
			sbuf_free(&s);
			return -1;
		}
	if (nheld > 1) {
		/* the site's factions are rivals: each answers its own alarm */
		size_t at = s.len + 1;
		sbuf_printf(&s, " %s and %s are rivals: neither comes to the other's alarm, and each is content to let "
			    "the party wear the other down.", sp->factions[first].name, sp->factions[second].name);
		capital_at(&s, at);
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
			/* a person the secret names, by the secret's word for them
			 * ("cook"; its first word where the words are long) */
			const char *named = !strcmp(o->role, "sought")
						    ? site_threads_named(lp->site, lp->lv->map.depth, k->entries[i].number) : NULL;
			if (named) {
				size_t len = strlen(named) < sizeof k->roster[g].role ? strlen(named) : strcspn(named, " ");
				snprintf(k->roster[g].role, sizeof k->roster[g].role, "%.*s", (int)len, named);
			}
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
