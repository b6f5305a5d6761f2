/* site_occupy.c: what is seen on entering each room and who is there (the
 * fourth stage of site_level_build; the wandering table, the fifth, is in
 * site_wander.c). A faction's room holds a group of its members fit for
 * the room's use, more of them deeper down; the leader's room the leader
 * and a guard; cells their prisoners; a room nobody keeps now and then
 * vermin, once a level perhaps a visitor. Counts are rolled, or sized for
 * the party by a system with figures (site.h: struct site_sizer), the
 * leaders' rooms first so theirs is the level's hardest fight. */
#include "site/site_rooms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int site_member_for(const struct site_faction_type *f, enum site_role role, struct rng *rng)
{
	int found = -1, n = 0;
	for (int i = 0; i < f->nmembers; i++)
		if (f->members[i].roles & (1u << role)) {
			if (found < 0 || rng_range(rng, 0, 2 * n) == 0)
				found = i;
			n++;
		}
	return found;
}

int site_member_fit(const struct level_plan *lp, const struct site_faction_type *f, enum site_role role,
		    struct rng *rng)
{
	const struct site_sizer *sz = lp->sizer;
	int found = -1, n = 0;
	for (int i = 0; sz && sz->fits && i < f->nmembers; i++)
		if ((f->members[i].roles & (1u << role)) &&
		    sz->fits(sz->ctx, f->members[i].creature, f->members[i].cast, lp->lv->map.depth) == 1) {
			if (found < 0 || rng_range(rng, 0, 2 * n) == 0)
				found = i;
			n++;
		}
	return found >= 0 ? found : site_member_for(f, role, rng);
}

static int add_occupant(struct key_entry *en, int faction, const char *creature, int count, enum site_role role)
{
	if (en->noccupants >= KEY_MAX_OCCUPANTS)
		return 0;
	struct key_occupant *o = &en->occupants[en->noccupants++];
	o->faction = faction;
	snprintf(o->creature, sizeof o->creature, "%s", creature);
	o->count = count;
	snprintf(o->role, sizeof o->role, "%s", role == ROLE_NONE ? "" : site_role_name(role));
	snprintf(en->contents_kind, sizeof en->contents_kind, "monster");
	return 0;
}

const char *site_fresh_line(struct level_plan *lp, char *const *lines, int n)
{
	int start = site_pick(n, &lp->rng), pick = start;
	for (int i = 0; i < n; i++) {
		int said = 0;
		for (int j = 0; j < lp->nsaid && !said; j++)
			said = lp->said[j] == lines[(start + i) % n];
		if (!said) {
			pick = (start + i) % n;
			break;
		}
	}
	if (lp->nsaid < (int)(sizeof lp->said / sizeof lp->said[0]))
		lp->said[lp->nsaid++] = lines[pick];
	return lines[pick];
}

/* A doing line of the role for the room of en: one whose needed feature is
 * drawn there, or that needs none; among those, one not said yet. */
static const char *doing_line(struct level_plan *lp, const struct site_faction_type *f, enum site_role role,
			      const struct key_entry *en)
{
	char *fit[64];
	int n = 0;
	const struct map *m = &lp->lv->map;
	for (int i = 0; i < f->ndoing[role] && n < 64; i++) {
		enum feature need = f->doing_needs[role][i];
		if (need == FEATURE_NONE || site_room_has(m, en->region, need))
			fit[n++] = f->doing[role][i];
	}
	return n > 0 ? site_fresh_line(lp, fit, n) : site_fresh_line(lp, f->doing[role], f->ndoing[role]);
}

/* Adds "Who: " + text filled with {n} and {who} as a line of en. */
static int add_who(struct key_entry *en, const char *text, const char *n, const char *who, struct err *e)
{
	const char *names[] = { "n", "who" };
	const char *values[] = { n, who };
	char *filled = site_fill(text, names, values, 2);
	if (!filled)
		return err_set(e, "out of memory writing the key");
	size_t len = strlen(filled) + 8;
	char *line = malloc(len);
	if (!line) {
		free(filled);
		return err_set(e, "out of memory writing the key");
	}
	snprintf(line, len, "Who: %s%s", filled, site_ends_sentence(filled) ? "" : ".");
	int rc = key_entry_add_line(en, line, e);
	free(line);
	free(filled);
	return rc;
}

/* A group drawn for a room, written once the room's groups are sized. */
struct pending {
	struct site_group g;
	int faction;            /* -1: an outsider */
	enum site_role role;
	const char *line;       /* the doing line or the outsider's text */
	const char *singular, *plural;
	char who[160];          /* a leader's "Name, a creature," ({n} empty) */
	const char *prison_of;  /* prisoners: whose */
	enum site_cast cast;    /* an optional group's part of the cast */
};

/* A room's groups: a few to write, and the stronger kinds a sizer may add
 * (at most one of them). */
#define ROOM_GROUPS 8
struct room_groups {
	struct pending p[ROOM_GROUPS];
	int n;
};

static struct pending *add_pending(struct room_groups *rg, int faction, enum site_role role, const char *creature,
				   const char *plural, int count)
{
	if (rg->n >= ROOM_GROUPS)
		return NULL;
	struct pending *p = &rg->p[rg->n++];
	memset(p, 0, sizeof *p);
	p->g = (struct site_group){ creature, count, 0, count, 0 };
	p->faction = faction;
	p->role = role;
	p->singular = creature;
	p->plural = plural;
	return p;
}

/* A group of a faction's members in a room of the given use. */
static void faction_group(struct level_plan *lp, struct room_groups *rg, const struct key_entry *en, int faction,
			  enum site_role role)
{
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	int m = site_member_fit(lp, f, role, &lp->rng);
	if (m < 0 || f->ndoing[role] == 0)
		return;
	const struct site_member *mb = &f->members[m];
	int count = site_dice_roll(&mb->count, &lp->rng) + (lp->lv->map.depth - 1);
	if (count < 2)
		count = 2;   /* the doing lines speak of a group */
	struct pending *p = add_pending(rg, faction, role, mb->creature, mb->plural, count);
	if (p)
		p->line = doing_line(lp, f, role, en);
	/* for a sizer: the faction's other kinds that lead or fight, to
	 * stand over them when the party would find the group alone too easy */
	for (int j = 0; lp->sizer && p && j < f->nmembers; j++)
		if (strcmp(f->members[j].creature, mb->creature) != 0 && f->members[j].cast != CAST_SERVANT &&
		    f->members[j].cast != CAST_PRISONER &&
		    (!lp->sizer->fits ||
		     lp->sizer->fits(lp->sizer->ctx, f->members[j].creature, f->members[j].cast, lp->lv->map.depth) != 0)) {
			struct pending *o = add_pending(rg, faction, role, f->members[j].creature, f->members[j].plural, 0);
			if (o) {
				o->g.optional = 1;
				o->cast = f->members[j].cast;
			}
		}
}

static void leader_room(struct level_plan *lp, struct room_groups *rg, const struct key_entry *en, int faction)
{
	const struct faction *fa = &lp->site->factions[faction];
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	struct pending *p = add_pending(rg, faction, ROLE_LEADER, fa->leader_creature, fa->leader_creature, 1);
	if (p) {
		p->g.fixed = 1;
		snprintf(p->who, sizeof p->who, "%s, %s %s,", fa->leader,
			 strchr("aeiou", fa->leader_creature[0]) ? "an" : "a", fa->leader_creature);
		p->line = doing_line(lp, f, ROLE_LEADER, en);
	}
	int guard = rg->n;
	faction_group(lp, rg, en, faction, ROLE_GUARD);
	/* for a sizer: a few of the guard's own kind may stand beside the
	 * leader without the rest of them */
	if (lp->sizer && guard < rg->n) {
		const struct pending *g = &rg->p[guard];
		int m = -1;
		for (int i = 0; i < f->nmembers && m < 0; i++)
			if (!strcmp(f->members[i].creature, g->singular))
				m = i;
		struct pending *o = add_pending(rg, faction, ROLE_GUARD, g->singular, g->plural, 0);
		if (o) {
			o->g.optional = 1;
			o->cast = m >= 0 ? f->members[m].cast : CAST_RANK;
		}
	}
}

int site_outsider_fits(const struct level_plan *lp, const struct site_outsider *o)
{
	return (o->settings & lp->setting) && site_fits_level(o->level_lo, o->level_hi, lp->site->party_level);
}

/* An outsider of the setting (vermin or visitors) in a room. */
static void outsider_group(struct level_plan *lp, struct room_groups *rg, int visitor, const char *prison_of)
{
	int found = -1, n = 0;
	for (int i = 0; i < lp->t->noutsiders; i++) {
		const struct site_outsider *o = &lp->t->outsiders[i];
		if (o->visitor == visitor && site_outsider_fits(lp, o) && rng_range(&lp->rng, 0, n++) == 0)
			found = i;
	}
	if (found < 0)
		return;
	const struct site_outsider *o = &lp->t->outsiders[found];
	int count = prison_of ? 1 + rng_range(&lp->rng, 0, 1) : site_dice_roll(&o->count, &lp->rng);
	struct pending *p = add_pending(rg, -1, prison_of ? ROLE_PRISON : ROLE_NONE, o->creature, o->plural, count);
	if (!p)
		return;
	p->line = o->text;
	p->prison_of = prison_of;
	p->g.fixed = prison_of != NULL;
}

/* Cells: their jailers, where the faction keeps any, and a prisoner or two. */
static void prison(struct level_plan *lp, struct room_groups *rg, const struct key_entry *en, int faction)
{
	faction_group(lp, rg, en, faction, ROLE_PRISON);
	outsider_group(lp, rg, 1, lp->site->factions[faction].name);
}

/* The room's fight sized by the system, when there is one: prisoners are
 * not in it. Writes the "Encounter:" line. */
static int size_room(struct level_plan *lp, struct room_groups *rg, const struct room_plan *r, struct key_entry *en,
		     struct err *e)
{
	struct site_group g[ROOM_GROUPS];
	int map[ROOM_GROUPS], n = 0;
	for (int i = 0; i < rg->n; i++)
		if (!rg->p[i].prison_of) {
			g[n] = rg->p[i].g;
			map[n++] = i;
		}
	if (!lp->sizer || n == 0)
		return 0;
	struct site_meeting at = { lp->lv->map.depth, r->leader, 0, r->leader ? 0 : lp->ceiling, &lp->rng };
	char figures[600];
	if (lp->sizer->size(lp->sizer->ctx, g, n, &at, en, figures, sizeof figures, e) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		rg->p[map[i]].g.count = g[i].count;
	if (!figures[0])
		return 0;
	char line[640];
	snprintf(line, sizeof line, "Encounter: %s.", figures);
	return key_entry_add_line(en, line, e);
}

static int write_group(struct key_entry *en, const struct pending *p, int alone, struct err *e)
{
	if (p->g.count <= 0)
		return 0;
	add_occupant(en, p->faction, p->singular, p->g.count, p->role);
	char buf[16];
	if (p->g.optional && alone) {   /* beside a leader, with no rank and file */
		const char *one = strchr("aeiou", p->singular[0]) ? "an" : "a";
		if (p->g.count == 1)
			return add_who(en, "{n} {who} keeps close at the leader's side, watching the door", one, p->singular, e);
		return add_who(en, "{n} {who} keep close at the leader's side, watching the door",
			       site_number_word(p->g.count, buf, sizeof buf), p->plural, e);
	}
	if (p->g.optional) {
		/* by its part of the cast: a beast at their heels, a specialist
		 * apart, a lieutenant over them */
		static const char *const one_says[CAST_COUNT] = {
			[CAST_BEAST] = "{n} {who} prowls among them, snapping at any who stray too near",
			[CAST_SPECIALIST] = "{n} {who} keeps apart from the rest, who give it room and watch it warily",
		};
		static const char *const many_say[CAST_COUNT] = {
			[CAST_BEAST] = "{n} {who} prowl among them, snapping at any who stray too near",
			[CAST_SPECIALIST] = "{n} {who} keep apart from the rest, who give them room and watch them warily",
		};
		const char *one = strchr("aeiou", p->singular[0]) ? "an" : "a";
		if (p->g.count == 1)
			return add_who(en, one_says[p->cast] ? one_says[p->cast] : "{n} {who} stands over them, and the rest defer to it",
				       one, p->singular, e);
		return add_who(en, many_say[p->cast] ? many_say[p->cast] : "{n} {who} stand over them, and the rest defer to them",
			       site_number_word(p->g.count, buf, sizeof buf), p->plural, e);
	}
	if (p->who[0])
		return add_who(en, p->line, "", p->who, e);
	if (p->prison_of) {
		char text[400];
		snprintf(text, sizeof text,
			 p->g.count == 1 ? "{n} {who} sits chained to the wall, a prisoner of %s."
					 : "{n} {who} sit chained to the wall, prisoners of %s.",
			 p->prison_of);
		const char *one = strchr("aeiou", p->singular[0]) ? "an" : "a";
		return add_who(en, text, p->g.count == 1 ? one : site_number_word(p->g.count, buf, sizeof buf),
			       p->g.count == 1 ? p->singular : p->plural, e);
	}
	return add_who(en, p->line, site_number_word(p->g.count, buf, sizeof buf),
		       p->g.count == 1 ? p->singular : p->plural, e);
}

/* Something worth taking that the room's kind holds, in about one room in
 * three: "Worth taking: a silver censer on a chain." */
static int worth_taking(struct level_plan *lp, struct key_entry *en, const struct site_kind *k, struct err *e)
{
	if (k->nfinds == 0 || !rng_chance(&lp->rng, 1.0 / 3))
		return 0;
	char *find = site_fill(site_fresh_line(lp, k->finds, k->nfinds), NULL, NULL, 0);
	if (!find)
		return err_set(e, "out of memory writing the key");
	size_t len = strlen(find) + 32;
	char *line = malloc(len);
	int rc = line ? 0 : err_set(e, "out of memory writing the key");
	if (line) {
		snprintf(line, len, "Worth taking: %s%s", find, site_ends_sentence(find) ? "" : ".");
		rc = key_entry_add_line(en, line, e);
	}
	free(line);
	free(find);
	return rc;
}

/* What is seen on entering: a line of the kind's, its feature named. */
static int seen_line(struct level_plan *lp, struct key_entry *en, const struct site_kind *k, struct err *e)
{
	const char *names[] = { "feature" };
	const char *values[] = { k->feature_text ? k->feature_text : "" };
	const char *text = site_fresh_line(lp, k->seen, k->nseen);
	char *line = site_fill(text, names, values, 1);
	if (!line)
		return err_set(e, "out of memory writing the key");
	int rc = 0;
	if (k->feature_text && !strstr(text, "{feature}")) {
		char *more = site_fill(k->feature_text, NULL, NULL, 0);
		size_t len = strlen(line) + (more ? strlen(more) : 0) + 4;
		char *both = more ? malloc(len) : NULL;
		if (!both)
			rc = err_set(e, "out of memory writing the key");
		else
			snprintf(both, len, "%s %s.", line, more);
		free(more);
		free(line);
		line = both;
	}
	if (rc == 0)
		rc = key_entry_add_line(en, line, e);
	free(line);
	return rc;
}

/* Who is in room r: drawn, sized and written. */
static int occupy_room(struct level_plan *lp, const struct room_plan *r, int *visitor_done, struct err *e)
{
	struct key_entry *en = &lp->lv->key.entries[r->entry];
	if (r->kind >= 0 && seen_line(lp, en, &lp->t->kinds[r->kind], e) < 0)
		return -1;
	struct room_groups rg = { .n = 0 };
	if (r->leader && r->faction >= 0)
		leader_room(lp, &rg, en, r->faction);
	else if (r->role == ROLE_PRISON && r->faction >= 0)
		prison(lp, &rg, en, r->faction);
	else if (r->role == ROLE_STORE && rng_chance(&lp->rng, 0.5))
		;
	else if (r->role != ROLE_NONE && r->faction >= 0)
		faction_group(lp, &rg, en, r->faction, r->role);
	else if (!*visitor_done && r->dist > 0 && rng_chance(&lp->rng, 0.08))
		outsider_group(lp, &rg, 1, NULL), *visitor_done = 1;
	else if (r->dist > 0 && rng_chance(&lp->rng, 0.25))
		outsider_group(lp, &rg, 0, NULL);
	if (size_room(lp, &rg, r, en, e) < 0)
		return -1;
	int alone = 1;   /* no group of the rank and file or an outsider's in the room */
	for (int i = 0; i < rg.n; i++)
		alone &= rg.p[i].g.count <= 0 || rg.p[i].g.optional || rg.p[i].g.fixed;
	for (int i = 0; i < rg.n; i++)
		if (write_group(en, &rg.p[i], alone, e) < 0)
			return -1;
	return r->kind >= 0 ? worth_taking(lp, en, &lp->t->kinds[r->kind], e) : 0;
}

int site_occupants_place(struct level_plan *lp, struct err *e)
{
	int visitor_done = 0;
	/* with a sizer the leaders' rooms come first: theirs is the hardest
	 * fight of the level, and the rest stay under it; then the rooms no
	 * faction keeps, whose vermin and visitors are what they are, so that
	 * the factions' fights, sized last, can keep the mix */
	for (int pass = lp->sizer ? 0 : 2; pass < 3; pass++) {
		for (int i = 0; i < lp->n; i++) {
			const struct room_plan *r = &lp->rooms[i];
			int first = lp->sizer && r->leader && r->faction >= 0;
			int kept = r->role != ROLE_NONE && r->faction >= 0;
			if (lp->sizer ? (pass == 0) != first || (!first && (pass == 1) == kept) : 0)
				continue;
			if (occupy_room(lp, r, &visitor_done, e) < 0)
				return -1;
			int xp = lp->lv->key.entries[r->entry].encounter.xp;
			if (first && xp > 0 && (lp->ceiling == 0 || xp < lp->ceiling))
				lp->ceiling = xp;
		}
	}
	return 0;
}
