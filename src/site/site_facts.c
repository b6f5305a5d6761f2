/* site_facts.c: the site's use of the rooms' facts (room_facts.h): which
 * of a list's lines hold in a room, what a creature is and whether a room
 * is of its habitat, and who is in a room as facts. */
#include "site/site_rooms.h"

#include <string.h>

int site_fit_lines(const struct fact_cond *conds, int n, fact_bits facts, int *fit, int cap)
{
	int best = -1, nfit = 0;
	for (int i = 0; i < n; i++) {
		const struct fact_cond *c = conds ? &conds[i] : NULL;
		if (c && !fact_cond_holds(c, facts))
			continue;
		int spec = c ? c->n : 0;
		if (spec < best)
			continue;
		if (spec > best) {
			best = spec;
			nfit = 0;
		}
		if (nfit < cap)
			fit[nfit++] = i;
	}
	return nfit;
}

int site_pick_fit(const struct fact_cond *conds, int n, fact_bits facts, struct rng *rng)
{
	int fit[256];
	int nfit = site_fit_lines(conds, n, facts, fit, 256);
	return nfit > 0 ? fit[rng_range(rng, 0, nfit - 1)] : -1;
}

const struct site_creature *site_creature_find(const struct site_tables *t, const char *name)
{
	if (t->creatures_sorted) {
		int lo = 0, hi = t->ncreatures - 1;
		while (lo <= hi) {
			int mid = lo + (hi - lo) / 2, c = strcmp(t->creatures[mid].name, name);
			if (c == 0)
				return &t->creatures[mid];
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid - 1;
		}
		return NULL;
	}
	for (int i = 0; i < t->ncreatures; i++)
		if (!strcmp(t->creatures[i].name, name))
			return &t->creatures[i];
	return NULL;
}

fact_bits site_creature_nature(const struct site_tables *t, const char *name, int member)
{
	const struct site_creature *c = site_creature_find(t, name);
	if (c)
		return c->nature;
	/* a creature the tables say nothing of: a faction's member is a
	 * person, an outsider a living thing */
	return FACT_BIT(FACT_LIVING) | (member ? FACT_BIT(FACT_THINKING) : 0);
}

int site_creature_fits(const struct site_tables *t, const char *name, int setting, int kind, fact_bits facts)
{
	const struct site_creature *c = site_creature_find(t, name);
	if (!c)
		return 1;
	if (c->never & facts)
		return 0;
	if ((c->settings & (1u << setting)) || (c->home & facts))
		return 1;
	for (int i = 0; kind >= 0 && i < c->nkinds; i++)
		if (c->kind_index ? c->kind_index[i] == kind : !strcmp(c->kinds[i], t->kinds[kind].id))
			return 1;
	return 0;
}

/* What site_faction_who says, worked out. */
static fact_bits faction_who(const struct level_plan *lp, int faction, enum site_role role)
{
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	fact_bits who = FACT_BIT(FACT_OCCUPIED) | FACT_BIT(FACT_FACTION), shared = ~(fact_bits)0;
	int any = 0;
	if (role == ROLE_LEADER) {
		who |= FACT_BIT(FACT_LEADER);
		shared &= site_creature_nature(lp->t, lp->site->factions[faction].leader_creature, 1);
		any = 1;
	}
	for (int i = 0; i < f->nmembers; i++)
		if (f->members[i].roles & (1u << (role == ROLE_LEADER ? ROLE_GUARD : role))) {
			shared &= site_creature_nature(lp->t, f->members[i].creature, 1);
			any = 1;
		}
	return any ? who | shared : who;
}

fact_bits site_faction_who(struct level_plan *lp, int faction, enum site_role role)
{
	if (faction < 0 || faction >= SITE_MAX_FACTIONS || role == ROLE_NONE || (unsigned)role >= ROLE_COUNT)
		return 0;
	if (!lp->who_known[faction][role]) {   /* worked out once a level */
		lp->who[faction][role] = faction_who(lp, faction, role);
		lp->who_known[faction][role] = 1;
	}
	return lp->who[faction][role];
}

fact_bits site_room_facts(const struct level_plan *lp, const struct room_plan *r)
{
	fact_bits b = lp->facts ? lp->facts[r->region].bits : FACT_BIT(site_setting_of(&lp->lv->map));
	if (r->kind >= 0) {
		const struct site_kind *k = &lp->t->kinds[r->kind];
		if (k->facts & FACTS_FLOOR)
			b &= ~FACTS_FLOOR;
		b |= k->facts;
		/* planning: the feature as it will be drawn, where the room can
		 * hold it (site_place.c) */
		const struct region *reg = &lp->lv->map.regions[r->region];
		if (!lp->drawn && k->feature != FEATURE_NONE && lp->lv->map.features && reg->bounds.w >= 2 &&
		    reg->bounds.h >= 2 && reg->area >= 4 && reg->kind != REGION_CORRIDOR)
			b |= FACT_BIT(FACT_FEATURE + k->feature - 1);
		if (k->contents[0] == 't')   /* contents:trap */
			b |= FACT_BIT(FACT_TRAP);
	}
	return b;
}

int site_creature_space(const struct site_tables *t, const char *name)
{
	const struct site_creature *c = site_creature_find(t, name);
	return c && c->space > 1 ? c->space : 1;
}

int site_creature_most(const struct site_tables *t, const char *name, int count)
{
	const struct site_creature *c = site_creature_find(t, name);
	return c && c->most > 0 && count > c->most ? c->most : count;
}
