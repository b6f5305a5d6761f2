/* site_occupy.c: what is seen on entering each room and who is there (the
 * fourth stage of site_level_build; the wandering table, the fifth, is in
 * site_wander.c). A faction's room holds a group of its members fit for
 * the room's use, more of them deeper down; the leader's room the leader
 * and a guard; cells their prisoners; a room nobody keeps now and then
 * vermin, once a level perhaps a visitor. Counts are rolled, or sized for
 * the party by a system with figures (site.h: struct site_sizer), the
 * leaders' rooms first so theirs is the level's hardest fight. */
#include "site/site_rooms.h"

#include "base/article.h"

#include <ctype.h>
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
			if (found < 0 || rng_range(rng, 0, n) == 0)   /* sized: each that fits as likely */
				found = i;
			n++;
		}
	return found >= 0 ? found : site_member_for(f, role, rng);
}

static int add_occupant(struct key_entry *en, int faction, const char *creature, int count, enum site_role role,
			int band)
{
	if (en->noccupants >= KEY_MAX_OCCUPANTS)
		return 0;
	struct key_occupant *o = &en->occupants[en->noccupants++];
	o->band = band;
	o->faction = faction;
	snprintf(o->creature, sizeof o->creature, "%s", creature);
	o->count = count;
	snprintf(o->role, sizeof o->role, "%s", role == ROLE_NONE ? "" : site_role_name(role));
	snprintf(en->contents_kind, sizeof en->contents_kind, "monster");
	return 0;
}

/* The facts of a room with a faction's creature in it. */
static fact_bits with_member(const struct level_plan *lp, fact_bits room, const char *creature, int leader)
{
	return room | FACT_BIT(FACT_OCCUPIED) | FACT_BIT(FACT_FACTION) | (leader ? FACT_BIT(FACT_LEADER) : 0) |
	       site_creature_nature(lp->t, creature, 1);
}

/* label + filled (freed) + a full stop where it has none, in filled's
 * block; NULL when out of memory. */
static char *labelled(const char *label, char *filled)
{
	if (!filled)
		return NULL;
	size_t len = strlen(filled), at = strlen(label);
	int stop = !site_ends_sentence(filled);
	char *line = realloc(filled, at + len + (size_t)stop + 1);
	if (!line) {
		free(filled);
		return NULL;
	}
	memmove(line + at, line, len);
	memcpy(line, label, at);
	memcpy(line + at + len, ".", (size_t)stop);
	line[at + len + (size_t)stop] = '\0';
	return line;
}

/* "Who: " + text filled with {n} and {who}, caller frees; NULL when out
 * of memory. */
static char *who_text(const char *text, const char *n, const char *who)
{
	const char *names[] = { "n", "who" };
	const char *values[] = { n, who };
	return labelled("Who: ", site_fill(text, names, values, 2));
}

/* Adds "Who: " + text filled with {n} and {who} as a line of en. */
static int add_who(struct level_plan *lp, struct key_entry *en, const char *text, const char *n, const char *who,
		   struct err *e)
{
	char *line = who_text(text, n, who);
	if (!line)
		return err_set(e, "out of memory writing the key");
	int rc = site_add_said(lp, en, line, e);
	free(line);
	return rc;
}

/* A "Who:" line of one of texts[0..n), filled with {n}, {who} and {whose}
 * (the captors), drawn so the document says it once. */
struct who_fill {
	const char *n, *who, *whose;
};

static char *fill_who(void *ctx, const char *text)
{
	const struct who_fill *f = ctx;
	if (!strstr(text, "{whose}"))
		return who_text(text, f->n, f->who);   /* as filled with whose first: nothing to put */
	const char *names[] = { "whose" };
	const char *values[] = { f->whose ? f->whose : "" };
	char *with = site_fill(text, names, values, 1);
	char *line = with ? who_text(with, f->n, f->who) : NULL;
	free(with);
	return line;
}

/* A line of the company a group keeps (company.site: a stronger kind
 * beside the rest, prisoners), in the singular or the plural, one whose
 * condition holds for facts (the room with the group in it), drawn as
 * site_fit_text draws; any line of the part where none holds. */
static int add_company(struct level_plan *lp, struct key_entry *en, enum site_company part, int single,
		       fact_bits facts, const struct who_fill *f, struct err *e)
{
	const struct site_company_lines *l = &lp->t->company[part][single ? 0 : 1];
	char *line = NULL;
	int fresh = 0;
	if (!site_fit_text(lp, l->text, l->cond, l->n, facts, fill_who, (void *)f, &line, &fresh))
		site_fresh_text(lp, l->text, l->n, fill_who, (void *)f, &line, &fresh);
	if (!line)
		return err_set(e, "out of memory writing the key");
	int rc = site_add_said(lp, en, line, e);
	free(line);
	return rc;
}

/* A doing line of faction f's for role, filled by wf into *text: one whose
 * conditions hold in the room with the group in it (facts: a line naming
 * the altar needs one drawn, a meal the living), drawn as site_fit_text
 * draws; any line of the role where none holds. *text NULL when out of
 * memory. */
static void draw_doing(struct level_plan *lp, const struct site_faction_type *f, enum site_role role,
		       fact_bits facts, const struct who_fill *wf, char **text, int *fresh)
{
	if (!site_fit_text(lp, f->doing[role], f->doing_cond[role], f->ndoing[role], facts, fill_who, (void *)wf, text,
			   fresh))
		site_fresh_text(lp, f->doing[role], f->ndoing[role], fill_who, (void *)wf, text, fresh);
}

/* The rooms either side of a room that a group "like those in room N" is
 * looked for among, on a level of more than twice as many rooms. */
#define LIKE_NEAR 100

/* The index in lp->rooms (in key order) of the room whose key entry is
 * entry, or of the first after it. */
static int near_in_key(const struct level_plan *lp, int entry)
{
	int lo = 0, hi = lp->n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (lp->rooms[mid].entry < entry)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A doing line of faction f's for a group of `creature` in a room of role
 * whose facts with the group in it are facts, filled by wf, drawn by
 * draw_doing. Where every line of the role was said with these words, a
 * group at home (its lair, work room or store) may be doing what it does
 * in another of them, if the creature fills that role too: a line of that
 * role; where those are said too, a group line of the role that holds
 * there (site_tables.h); and last, the group is like one of its kind in a
 * room written before, before a sentence again. */
static int add_doing(struct level_plan *lp, struct key_entry *en, const struct site_faction_type *f,
		     enum site_role role, const char *creature, fact_bits facts, const struct who_fill *wf,
		     struct err *e)
{
	static const enum site_role at_home[] = { ROLE_LAIR, ROLE_WORK, ROLE_STORE };
	char *line = NULL;
	int fresh = 0;
	draw_doing(lp, f, role, facts, wf, &line, &fresh);
	if (!line)
		return err_set(e, "out of memory writing the key");
	unsigned fills = 0;
	for (int i = 0; creature && i < f->nmembers; i++)
		if (strcmp(f->members[i].creature, creature) == 0)
			fills = f->members[i].roles;
	int home = role == ROLE_LAIR || role == ROLE_WORK || role == ROLE_STORE;
	for (size_t r = 0; home && !fresh && r < sizeof at_home / sizeof at_home[0]; r++) {
		if (at_home[r] == role || !(fills & (1u << at_home[r])) || f->ndoing[at_home[r]] == 0)
			continue;
		char *other = NULL;
		draw_doing(lp, f, at_home[r], facts, wf, &other, &fresh);
		if (!other) {
			free(line);
			return err_set(e, "out of memory writing the key");
		}
		if (fresh) {
			free(line);
			line = other;
		} else {
			free(other);
		}
	}
	/* still said: a line any faction's group there may say (group:); once
	 * every one that holds is said with these words where the facts they
	 * name are alike, they stay said (noted, not drawn again) */
	char note[2 * SITE_WORD + 64] = "";
	if (!fresh && lp->t->ngroup[role] > 0)
		snprintf(note, sizeof note, "group %d %llx %s %s", (int)role,
			 (unsigned long long)(facts & lp->t->group_facts[role]), wf->n, wf->who);
	if (note[0] && !key_said_noted(lp->said, note)) {
		char *other = NULL;
		if (site_fit_text(lp, lp->t->group[role], lp->t->group_cond[role], lp->t->ngroup[role], facts, fill_who,
				  (void *)wf, &other, &fresh) &&
		    !other) {
			free(line);
			return err_set(e, "out of memory writing the key");
		}
		if (fresh) {
			free(line);
			line = other;
		} else {
			free(other);
			key_said_note(lp->said, note);   /* a failure latches (key_said.h) */
		}
	}
	/* said still: like a group of its kind in a room written before on
	 * the level, "Four wraiths, like those in room 12.", among the
	 * LIKE_NEAR rooms either side of this one in the key (all of them on a
	 * level of that many; on a level of thousands, a bound on the search) */
	int from = 0, to = lp->n;
	if (!fresh && creature && lp->n > 2 * LIKE_NEAR) {
		int at = near_in_key(lp, (int)(en - lp->lv->key.entries));
		from = at > LIKE_NEAR ? at - LIKE_NEAR : 0;
		to = at + LIKE_NEAR < lp->n ? at + LIKE_NEAR : lp->n;
	}
	for (int i = from; !fresh && creature && i < to; i++) {
		const struct key_entry *other = &lp->lv->key.entries[lp->rooms[i].entry];
		int holds = 0;
		for (int j = 0; other != en && j < other->noccupants; j++)
			holds |= other->occupants[j].faction >= 0 && !strcmp(other->occupants[j].creature, creature);
		if (!holds)
			continue;
		char like[64];
		snprintf(like, sizeof like, "{n} {who}, like those in room %d", other->number);
		char *as = who_text(like, wf->n, wf->who);
		if (!as) {
			free(line);
			return err_set(e, "out of memory writing the key");
		}
		if (key_said_any(lp->said, as)) {
			free(as);
			continue;
		}
		free(line);
		line = as;
		fresh = 1;
	}
	int rc = site_add_said(lp, en, line, e);
	free(line);
	return rc;
}

/* A kind's words for its feature drawn among, at most. */
#define FEATURE_WORDS 16

/* A group drawn for a room, written once the room's groups are sized. */
struct pending {
	struct site_group g;
	int faction;            /* -1: an outsider */
	enum site_role role;
	const struct site_faction_type *ft;   /* a faction's group: its doing
						 lines, drawn when it is written */
	const char *line;       /* an outsider's text */
	const char *singular, *plural;
	char who[160];          /* a leader's "Name, a creature," ({n} empty) */
	const char *prison_of;  /* prisoners: whose */
	int visitor;            /* an outsider who is a visitor, not vermin */
	enum site_cast cast;    /* a faction's group's part of the cast */
	int band;               /* of a lieutenant's kind, past the level's few
				   lieutenants: one of the band */
};

/* A room's groups: a few to write, and the stronger kinds a sizer may add
 * (at most one of them). */
#define ROOM_GROUPS 8
struct room_groups {
	struct pending p[ROOM_GROUPS];
	int n;
};

static struct pending *add_pending(const struct level_plan *lp, struct room_groups *rg, int faction, enum site_role role, const char *creature,
				   const char *plural, int count)
{
	if (rg->n >= ROOM_GROUPS)
		return NULL;
	struct pending *p = &rg->p[rg->n++];
	memset(p, 0, sizeof *p);
	p->g = (struct site_group){ creature, count, 0, count, 0, 0, site_creature_space(lp->t, creature) };
	if (count > 0 && site_creature_most(lp->t, creature, 100) < 100) {
		/* a creature met alone or in pairs: so many, whatever a sizer would add */
		p->g.rolled = p->g.count = site_creature_most(lp->t, creature, count);
		p->g.fixed = 1;
	}
	p->faction = faction;
	p->role = role;
	p->singular = creature;
	p->plural = plural;
	return p;
}

/* Whether creature lives where the room being occupied lies. */
static int at_home(const struct level_plan *lp, const char *creature, int setting)
{
	return site_creature_fits(lp->t, creature, setting, lp->here_kind, lp->here_facts);
}

/* The most creatures of a part of a cast a faction's level has:
 * lieutenants and specialists are few; 0, no bound. */
static int few_most(enum site_cast cast)
{
	return cast == CAST_LIEUTENANT ? 3 : cast == CAST_SPECIALIST ? 2 : 0;
}

/* How many more of a part the faction's level has room for: > 0 bounds
 * an optional group of it (0: none left, so it is one of the band, or
 * no bound). */
static int few_room(const struct level_plan *lp, int faction, enum site_cast cast)
{
	int left = few_most(cast) - lp->few[faction][cast];
	return few_most(cast) > 0 && left > 0 ? left : 0;
}

/* A group of a faction's members in a room of the given use. */
static void faction_group(struct level_plan *lp, struct room_groups *rg, int faction, enum site_role role)
{
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	int m = site_member_fit(lp, f, role, &lp->rng);
	if (m < 0 || f->ndoing[role] == 0)
		return;
	int setting = site_setting_of(&lp->lv->map);
	/* a beast of the faction's that lives elsewhere (a hydra away from its
	 * pool): another of its members for the role, where one is at home */
	for (int i = 0; !at_home(lp, f->members[m].creature, setting) && i < f->nmembers; i++)
		if ((f->members[i].roles & (1u << role)) && at_home(lp, f->members[i].creature, setting))
			m = i;
	const struct site_member *mb = &f->members[m];
	int count = site_dice_roll(&mb->count, &lp->rng) + (lp->lv->map.depth - 1);
	if (count < 2)
		count = 2;   /* the doing lines speak of a group */
	struct pending *p = add_pending(lp, rg, faction, role, mb->creature, mb->plural, count);
	if (p) {
		p->ft = f;   /* its doing line is drawn when it is sized */
		p->cast = mb->cast;
	}
	/* for a sizer: the faction's other kinds that lead or fight, to
	 * stand over them when the party would find the group alone too easy;
	 * none beside a group of a creature met only in pairs (its count is
	 * fixed: it is the fight), and none of such a creature (a sizer would
	 * bring in as many as the fight holds) */
	for (int j = 0; lp->sizer && p && !p->g.fixed && j < f->nmembers; j++)
		if (strcmp(f->members[j].creature, mb->creature) != 0 && f->members[j].cast != CAST_SERVANT &&
		    f->members[j].cast != CAST_PRISONER && at_home(lp, f->members[j].creature, setting) &&
		    site_creature_most(lp->t, f->members[j].creature, 100) >= 100 &&
		    (!lp->sizer->fits ||
		     lp->sizer->fits(lp->sizer->ctx, f->members[j].creature, f->members[j].cast, lp->lv->map.depth) != 0)) {
			struct pending *o = add_pending(lp, rg, faction, role, f->members[j].creature, f->members[j].plural, 0);
			if (o) {
				o->g.optional = 1;
				o->cast = f->members[j].cast;
				o->g.most = few_room(lp, faction, o->cast);
			}
		}
}

static void leader_room(struct level_plan *lp, struct room_groups *rg, int faction)
{
	const struct faction *fa = &lp->site->factions[faction];
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	struct pending *p = add_pending(lp, rg, faction, ROLE_LEADER, fa->leader_creature, fa->leader_creature, 1);
	if (p) {
		p->g.fixed = 1;
		snprintf(p->who, sizeof p->who, "%s, %s %s,", fa->leader,
			 article_for(fa->leader_creature), fa->leader_creature);
		p->ft = f;
	}
	int guard = rg->n;
	faction_group(lp, rg, faction, ROLE_GUARD);
	for (int i = guard; i < rg->n; i++)
		rg->p[i].g.most = 0;   /* the leader's own lieutenants: as many as its fight needs */
	/* for a sizer: a few of the guard's own kind may stand beside the
	 * leader without the rest of them */
	if (lp->sizer && guard < rg->n && !rg->p[guard].g.fixed) {
		const struct pending *g = &rg->p[guard];
		int m = -1;
		for (int i = 0; i < f->nmembers && m < 0; i++)
			if (!strcmp(f->members[i].creature, g->singular))
				m = i;
		struct pending *o = add_pending(lp, rg, faction, ROLE_GUARD, g->singular, g->plural, 0);
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

/* The facts of a room with an outsider in it. */
static fact_bits with_outsider(const struct level_plan *lp, fact_bits room, const struct site_outsider *o)
{
	return room | FACT_BIT(FACT_OCCUPIED) | (o->visitor ? 0 : FACT_BIT(FACT_VERMIN)) |
	       site_creature_nature(lp->t, o->creature, 0);
}

/* An outsider of the setting (vermin or visitors) in room r, one whose
 * habitat it is and whose line holds there. */
static void outsider_group(struct level_plan *lp, struct room_groups *rg, const struct room_plan *r, fact_bits room,
			   int visitor, const char *prison_of)
{
	int found = -1, n = 0;
	int setting = site_setting_of(&lp->lv->map);
	/* one the document has not met yet, where there is one (vermin
	 * nowhere else, prisoners whoever is left) */
	for (int pass = 0; pass < (prison_of ? 2 : 1) && found < 0; pass++)
		for (int i = 0; i < lp->t->noutsiders; i++) {
			const struct site_outsider *o = &lp->t->outsiders[i];
			if (o->visitor != visitor || !site_outsider_fits(lp, o))
				continue;
			if (!prison_of && (!site_creature_fits(lp->t, o->creature, setting, r->kind, room) ||
					   !fact_cond_holds(&o->cond, with_outsider(lp, room, o))))
				continue;
			if ((pass == 1 || !key_said_marked(lp->said, o->text)) && rng_range(&lp->rng, 0, n++) == 0)
				found = i;
		}
	if (found < 0)
		return;
	const struct site_outsider *o = &lp->t->outsiders[found];
	key_said_mark(lp->said, o->text);
	int count = prison_of ? 1 + rng_range(&lp->rng, 0, 1) : site_dice_roll(&o->count, &lp->rng);
	struct pending *p = add_pending(lp, rg, -1, prison_of ? ROLE_PRISON : ROLE_NONE, o->creature, o->plural, count);
	if (!p)
		return;
	p->line = o->text;
	p->prison_of = prison_of;
	p->visitor = o->visitor;
	p->g.fixed |= prison_of != NULL;   /* and a creature met only in pairs is fixed already */
}

/* Cells: their jailers, where the faction keeps any, and a prisoner or two. */
static void prison(struct level_plan *lp, struct room_groups *rg, const struct room_plan *r, fact_bits room,
		   int faction)
{
	faction_group(lp, rg, faction, ROLE_PRISON);
	outsider_group(lp, rg, r, room, 1, lp->site->factions[faction].name);
}

/* The floor of room r in squares of 5 ft: a creature stands on each. */
static long room_floor(const struct level_plan *lp, const struct room_plan *r)
{
	long side = lp->lv->map.square_feet > 0 ? lp->lv->map.square_feet : 10;
	long floor = (long)r->area * side * side / 25;
	/* a person of the premise's threads met here stands on it too */
	const struct site_plan *sp = lp->site;
	int number = lp->lv->key.entries[r->entry].number;
	for (int i = 0; i < sp->nthreads; i++)
		if (sp->threads[i].place == THREAD_WHO && sp->threads[i].creature &&
		    sp->placed[i].level == lp->lv->map.depth && sp->placed[i].room == number)
			floor -= site_creature_space(lp->t, sp->threads[i].creature);
	return floor;
}

/* The floor the groups g[0..n) take, at count each (those with a count). */
static long groups_space(const struct level_plan *lp, const struct site_group *g, int n)
{
	long sq = 0;
	for (int i = 0; i < n; i++)
		sq += (long)(g[i].count > 0 ? g[i].count : 0) * site_creature_space(lp->t, g[i].creature);
	return sq;
}

/* The group of g[0..n) to shrink for the floor: the one of the rank and
 * file (neither fixed nor optional) whose count takes the most floor and
 * can lose one and keep one; -1 when none can. */
static int group_to_shrink(const struct level_plan *lp, const struct site_group *g, int n)
{
	int big = -1;
	long most = 0;
	for (int i = 0; i < n; i++) {
		long sq = (long)g[i].count * site_creature_space(lp->t, g[i].creature);
		if (!g[i].fixed && !g[i].optional && g[i].count > 1 && sq > most)
			big = i, most = sq;
	}
	return big;
}

/* The room's groups as rolled, fewer where its floor cannot hold them
 * all: the biggest group gives one at a time, each keeping one. */
static void fit_floor(const struct level_plan *lp, struct room_groups *rg, long floor)
{
	struct site_group g[ROOM_GROUPS];
	for (int i = 0; i < rg->n; i++)
		g[i] = rg->p[i].g;
	for (int tries = 0; tries < 100 && groups_space(lp, g, rg->n) > floor; tries++) {
		int big = group_to_shrink(lp, g, rg->n);
		if (big < 0)
			break;
		rg->p[big].g.count = rg->p[big].g.rolled = --g[big].count;
	}
}

/* The room's fight sized by the system, when there is one: prisoners are
 * not in it, but stand on the floor it may take. Writes the "Encounter:"
 * line. */
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
	/* the floor the fight may take: the room's, but for its prisoners' */
	long floor = room_floor(lp, r);
	for (int i = 0; i < rg->n; i++)
		if (rg->p[i].prison_of)
			floor -= (long)rg->p[i].g.count * site_creature_space(lp->t, rg->p[i].g.creature);
	struct site_meeting at = { lp->lv->map.depth, r->leader, 0, r->leader ? 0 : lp->ceiling, &lp->rng,
				   floor > 0 ? floor : 1 };
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

/* The room's groups sized: each of a few part (a lieutenant's kind) is
 * that part in the leader's room (sized first) and while the level has
 * room for it, else one of the band. */
static void few_parts(struct level_plan *lp, struct room_groups *rg, int leader)
{
	for (int i = 0; i < rg->n; i++) {
		struct pending *p = &rg->p[i];
		int most = few_most(p->cast);
		if (p->faction < 0 || p->g.fixed || p->g.count <= 0 || most == 0)
			continue;
		if (leader || lp->few[p->faction][p->cast] + p->g.count <= most)
			lp->few[p->faction][p->cast] += p->g.count;   /* the leader's own, whatever their number */
		else
			p->band = 1;
	}
}

/* Writes group p of a room whose facts are room (the doing lines hold
 * there with the group in it). */
static int write_group(struct level_plan *lp, struct key_entry *en, const struct pending *p, fact_bits room,
		       int alone, struct err *e)
{
	if (p->g.count <= 0)
		return 0;
	add_occupant(en, p->faction, p->singular, p->g.count, p->role, p->band);
	char buf[16];
	const char *one = article_for(p->singular);
	const char *n = p->g.count == 1 ? one : site_number_word(p->g.count, buf, sizeof buf);
	struct who_fill f = { n, p->g.count == 1 ? p->singular : p->plural, p->prison_of };
	int single = p->g.count == 1;
	/* a stronger kind: on its own, one of the band, beside a leader with
	 * no rank and file, else by its part of the cast (a beast at their
	 * heels, a specialist apart, a lieutenant over them) */
	fact_bits its = with_member(lp, room, p->singular, 0);
	if (p->g.optional)
		return add_company(lp, en,
				   alone == 2		       ? COMPANY_ALONE
				   : p->band		       ? COMPANY_AMONG
				   : alone		       ? COMPANY_BESIDE
				   : p->cast == CAST_BEAST      ? COMPANY_BEAST
				   : p->cast == CAST_SPECIALIST ? COMPANY_APART
								: COMPANY_OVER,
				   single, its, &f, e);
	if (p->who[0]) {
		struct who_fill leader = { "", p->who, NULL };
		return add_doing(lp, en, p->ft, ROLE_LEADER, NULL, with_member(lp, room, p->singular, 1), &leader, e);
	}
	if (p->prison_of)
		return add_company(lp, en, COMPANY_CAPTIVE, single,
				   room | FACT_BIT(FACT_OCCUPIED) | site_creature_nature(lp->t, p->singular, 0), &f, e);
	f.n = site_number_word(p->g.count, buf, sizeof buf);
	if (p->ft)
		return add_doing(lp, en, p->ft, p->role, p->singular, with_member(lp, room, p->singular, 0), &f, e);
	return add_who(lp, en, p->line, f.n, f.who, e);
}

static char *fill_find(void *ctx, const char *text)
{
	(void)ctx;
	return labelled("Worth taking: ", site_fill(text, NULL, NULL, 0));
}

/* Something worth taking that the room's kind holds, in about one room in
 * three: "Worth taking: a silver censer on a chain." */
static int worth_taking(struct level_plan *lp, struct key_entry *en, const struct site_kind *k, fact_bits facts,
			struct err *e)
{
	if (k->nfinds == 0 || !rng_chance(&lp->rng, 1.0 / 3))
		return 0;
	char *line = NULL;
	int fresh;
	if (!site_fit_text(lp, k->finds, k->finds_cond, k->nfinds, facts, fill_find, NULL, &line, &fresh))
		return 0;
	if (!line)
		return err_set(e, "out of memory writing the key");
	int rc = fresh ? site_add_said(lp, en, line, e) : 0;   /* nothing new: nothing said */
	free(line);
	return rc;
}

/* What is seen on entering: a seen line of a kind, its feature (in the
 * words drawn for the room) named in it or after it. */
struct seen_fill {
	const char *feature;    /* NULL: the kind has none */
};

static char *fill_seen(void *ctx, const char *text)
{
	const struct seen_fill *sf = ctx;
	const char *names[] = { "feature" };
	const char *values[] = { sf->feature ? sf->feature : "" };
	char *line = site_fill(text, names, values, 1);
	if (!line || !sf->feature || strstr(text, "{feature}"))
		return line;
	/* "LINE FEATURE." in the line's block */
	char *more = site_fill(sf->feature, NULL, NULL, 0);
	size_t len = strlen(line), add = more ? strlen(more) : 0;
	char *both = more ? realloc(line, len + add + 3) : NULL;
	if (!both) {
		free(more);
		free(line);
		return NULL;
	}
	both[len] = ' ';
	memcpy(both + len + 1, more, add);
	memcpy(both + len + 1 + add, ".", 2);
	free(more);
	return both;
}

/* What is seen on entering: a line of the kind's that holds there (facts),
 * its feature named in it or after it where it is drawn, in the kind's
 * most specific words for it that hold there (a line naming {feature}
 * needs it drawn), each drawn fresh for the document. */
static int seen_line(struct level_plan *lp, struct key_entry *en, const struct site_kind *k, fact_bits facts,
		     struct err *e)
{
	int drawn = k->feature != FEATURE_NONE && (facts & FACT_BIT(FACT_FEATURE + k->feature - 1));
	struct seen_fill sf = { NULL };
	if (drawn) {
		/* only the most specific words that hold ("a squat gate pillar"
		 * where one is drawn, never the pair), fresh among them */
		int fit[FEATURE_WORDS], nfit = site_fit_lines(k->ftexts_cond, k->nftexts, facts, fit, FEATURE_WORDS);
		char *words[FEATURE_WORDS];
		for (int i = 0; i < nfit; i++)
			words[i] = k->ftexts[fit[i]];
		sf.feature = nfit > 0 ? site_fresh_line(lp, words, nfit) : k->feature_text;
	}
	struct fact_cond *conds = k->nseen > 0 ? malloc((size_t)k->nseen * sizeof *conds) : NULL;
	if (k->nseen > 0 && !conds)
		return err_set(e, "out of memory writing the key");
	for (int i = 0; i < k->nseen; i++) {
		conds[i] = k->seen_cond[i];
		if (!drawn && strstr(k->seen[i], "{feature}"))
			conds[i].need |= FACT_BIT(FACT_FEATURE + (k->feature > FEATURE_NONE ? k->feature - 1 : 0));
	}
	char *line = NULL;
	int fresh;
	const char *text = site_fit_text(lp, k->seen, conds, k->nseen, facts, fill_seen, &sf, &line, &fresh);
	free(conds);
	if (!text)
		return 0;   /* none holds: the stocking's dressing says what is seen */
	if (!line)
		return err_set(e, "out of memory writing the key");
	/* every line of the kind said: the feature alone, or a room with none
	 * goes by its name rather than say a line again */
	if (!fresh && sf.feature) {
		char *alone = site_fill(sf.feature, NULL, NULL, 0);
		size_t len = alone ? strlen(alone) + 2 : 0;
		char *bare = alone ? malloc(len) : NULL;
		if (bare) {
			snprintf(bare, len, "%s.", alone);
			bare[0] = (char)toupper((unsigned char)bare[0]);
		}
		free(alone);
		if (!bare) {
			free(line);
			return err_set(e, "out of memory writing the key");
		}
		if (!key_said_any(lp->said, bare)) {
			free(line);
			line = bare;
			fresh = 1;
		} else {
			free(bare);
		}
	}
	int say = fresh || sf.feature;
	int rc = say ? site_add_said(lp, en, line, e) : 0;
	en->seen = say && rc == 0;
	free(line);
	return rc;
}

/* Who is in room r: drawn, sized and written. */
static int occupy_room(struct level_plan *lp, const struct room_plan *r, int *visitor_done, struct err *e)
{
	struct key_entry *en = &lp->lv->key.entries[r->entry];
	fact_bits room = site_room_facts(lp, r);
	lp->here_kind = r->kind;
	lp->here_facts = room;
	const struct site_kind *k = r->kind >= 0 ? &lp->t->kinds[r->kind] : NULL;
	struct room_groups rg = { .n = 0 };
	if (k && k->contents[0])
		;   /* the stocking rolls what the kind holds (a trap) */
	else if (r->leader && r->faction >= 0)
		leader_room(lp, &rg, r->faction);
	else if (r->role == ROLE_PRISON && r->faction >= 0)
		prison(lp, &rg, r, room, r->faction);
	else if (r->role == ROLE_STORE && rng_chance(&lp->rng, 0.5))
		;
	else if (r->role != ROLE_NONE && r->faction >= 0)
		faction_group(lp, &rg, r->faction, r->role);
	else if (!*visitor_done && r->dist > 0 && rng_chance(&lp->rng, 0.08))
		outsider_group(lp, &rg, r, room, 1, NULL), *visitor_done = 1;
	else if (r->dist > 0 && rng_chance(&lp->rng, 0.25))
		outsider_group(lp, &rg, r, room, 0, NULL);
	/* who is here, as facts: what is seen and found suits them, and a
	 * person a thread brings (the cook the secret names) */
	fact_bits facts = room;
	const char *person = site_threads_person(lp->site, lp->lv->map.depth, en->number);
	if (person)
		facts |= FACT_BIT(FACT_OCCUPIED) | site_creature_nature(lp->t, person, 0);
	for (int i = 0; i < rg.n; i++)
		if (!rg.p[i].g.optional && !rg.p[i].prison_of)
			facts |= rg.p[i].faction >= 0 ? with_member(lp, room, rg.p[i].singular, rg.p[i].role == ROLE_LEADER)
						       : room | FACT_BIT(FACT_OCCUPIED) |
							     (rg.p[i].role == ROLE_NONE && !rg.p[i].visitor ? FACT_BIT(FACT_VERMIN) : 0) |
							     site_creature_nature(lp->t, rg.p[i].singular, 0);
	if ((k && seen_line(lp, en, k, facts, e) < 0) || site_also_here(lp, en, k, e) < 0)
		return -1;
	if (!lp->sizer)
		fit_floor(lp, &rg, room_floor(lp, r));
	else if (size_room(lp, &rg, r, en, e) < 0)
		return -1;
	few_parts(lp, &rg, r->leader);
	int alone = 1;   /* no group of the rank and file or an outsider's in the room (2: nor a leader) */
	for (int i = 0; i < rg.n; i++)
		alone &= rg.p[i].g.count <= 0 || rg.p[i].g.optional || rg.p[i].g.fixed;
	if (alone && !r->leader)
		alone = 2;   /* a stronger kind on its own, no leader beside */
	for (int i = 0; i < rg.n; i++)
		if (write_group(lp, en, &rg.p[i], room, alone, e) < 0)
			return -1;
	if (k && k->contents[0])
		snprintf(en->contents_kind, sizeof en->contents_kind, "%s", k->contents);
	/* what the stocking rolls for (a treasure's holder) suits who is here
	 * once the groups are sized: a stronger kind the sizer set in, not
	 * a group it took away */
	if (lp->sizer) {
		facts &= ~(FACTS_WHO & ~FACT_BIT(FACT_OCCUPIED));
		if (person)
			facts |= site_creature_nature(lp->t, person, 0);
		for (int i = 0; i < rg.n; i++)
			if (rg.p[i].g.count > 0 && !rg.p[i].prison_of)
				facts |= rg.p[i].faction >= 0
						 ? with_member(lp, room, rg.p[i].singular, rg.p[i].role == ROLE_LEADER)
						 : site_creature_nature(lp->t, rg.p[i].singular, 0) |
							   (rg.p[i].role == ROLE_NONE && !rg.p[i].visitor ? FACT_BIT(FACT_VERMIN) : 0);
	}
	en->facts = facts | FACT_BIT(site_setting_of(&lp->lv->map));
	return k ? worth_taking(lp, en, k, facts, e) : 0;
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
