/* site_premise.c: a document's site plan (see site.h): its setting, the
 * factions that hold it, and the premise written from the tables: who
 * built the place and for what, what befell it, who holds it now and what
 * they want, and a hook for the party. */
#include "site/site_int.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum site_setting site_setting_of(const struct map *m)
{
	const char *method = m->method ? m->method : "";
	if (!strcmp(method, "mansion") || !strcmp(method, "house"))
		return SETTING_BUILDING;
	int crypt = 0, cave = 0;
	for (int z = 0; z < m->nzones; z++) {
		const char *t = m->zones[z].theme;
		crypt += strstr(t, "Crypt") || strstr(t, "Tomb") || strstr(t, "Catacomb") || strstr(t, "Ossuar");
		cave += strstr(t, "Cave") || strstr(t, "Mine") || strstr(t, "Grotto") || strstr(t, "Warren");
	}
	if (m->nzones > 0 && 2 * crypt > m->nzones)
		return SETTING_CRYPT;
	if (m->nzones > 0 && 2 * cave > m->nzones)
		return SETTING_CAVE;
	return SETTING_DUNGEON;
}

/* The settings of every level of the document, as bits. */
static unsigned document_settings(const struct level *levels, int n)
{
	unsigned bits = 0;
	for (int k = 0; k < n; k++)
		bits |= 1u << site_setting_of(&levels[k].map);
	return bits;
}

/* The dungeon level where a faction in slot (0: the first) keeps its
 * leader: the first's on the deepest level, the second's on the first. */
/* The rooms numbered on a level. */
static int numbered_rooms(const struct level *lv)
{
	int n = 0;
	for (int id = 1; id <= lv->map.nregions; id++)
		n += lv->map.regions[id].number > 0;
	return n;
}

/* The depths the leaders live on (p->leader_level): the first faction's
 * the deepest level with two rooms or more, the second's the first such
 * (the deepest and the first when none has), so a one-room level never
 * leaves a leader out. */
static void leader_levels(struct site_plan *p, const struct level *levels, int n)
{
	int deepest = n, first = 1;
	for (int f = 0; f < SITE_MAX_FACTIONS; f++)
		p->leader_level[f] = 1;
	if (n <= 0)
		return;
	while (deepest > 1 && numbered_rooms(&levels[deepest - 1]) < 2)
		deepest--;
	while (first < n && numbered_rooms(&levels[first - 1]) < 2)
		first++;
	if (numbered_rooms(&levels[deepest - 1]) < 2)
		deepest = n;
	if (numbered_rooms(&levels[first - 1]) < 2)
		first = 1;
	for (int f = 0; f < SITE_MAX_FACTIONS; f++)
		p->leader_level[f] = f == 0 ? levels[deepest - 1].map.depth : levels[first - 1].map.depth;
}

static int leader_depth(int slot, const int *leader_level)
{
	return leader_level[slot < SITE_MAX_FACTIONS ? slot : 0];
}

/* Whether a leader line of f fits the party where it is met: 2 as a
 * fight in itself, 1 fits, 0 not. */
static int leader_fits(const struct site_leader *l, const struct site_sizer *sz, int depth)
{
	int fit = !sz || !sz->fits ? 1 : sz->fits(sz->ctx, l->creature, CAST_LEADER, depth);
	return fit > 0 ? fit : 0;
}

/* Whether faction type f fits the party in slot: a leader strong enough
 * where it is met, and rank and file neither too weak on the deepest
 * level nor too strong on the first. */
static int faction_fits(const struct site_faction_type *f, const struct site_sizer *sz, int slot, int levels,
			const int *leader_level)
{
	if (!sz || !sz->fits)
		return 1;
	int leader = 0, rank = 0;
	for (int i = 0; i < f->nleaders && !leader; i++)
		leader = leader_fits(&f->leaders[i], sz, leader_depth(slot, leader_level));
	for (int i = 0; i < f->nmembers && !rank; i++)
		rank = f->members[i].cast == CAST_RANK && sz->fits(sz->ctx, f->members[i].creature, CAST_RANK, 1) == 1 &&
		       sz->fits(sz->ctx, f->members[i].creature, CAST_RANK, levels) == 1;
	return leader && rank;
}

/* A faction type suiting the first level's setting and the party's level,
 * preferring one whose cast fits the party (faction_fits), then one that
 * suits every level's setting; not one of taken[0..ntaken). -1 when none
 * suits. */
static int pick_faction(const struct site_tables *t, enum site_setting first, unsigned all, int party_level,
			const int *taken, int ntaken, const struct site_sizer *sz, int levels, const int *leader_level,
			struct rng *rng)
{
	int best = -1, nbest = 0;
	/* a second faction only if one fits: the first whatever there is */
	for (int pass = 0; pass < (ntaken > 0 && sz && sz->fits ? 2 : 4) && best < 0; pass++)
		for (int i = 0; i < t->nfactions; i++) {
			const struct site_faction_type *f = &t->factions[i];
			int used = 0;
			for (int j = 0; j < ntaken; j++)
				used |= taken[j] == i;
			if (used || !(f->settings & (1u << first)) || (pass % 2 == 0 && (f->settings & all) != all) ||
			    !site_fits_level(f->level_lo, f->level_hi, party_level) ||
			    (pass < 2 && !faction_fits(f, sz, ntaken, levels, leader_level)))
				continue;
			if (rng_range(rng, 0, nbest++) == 0)   /* one of the suitable, each as likely */
				best = i;
		}
	return best;
}

/* One of a faction's lines whose condition holds for the site's story
 * (facts: site_story_facts), each as likely; any when none does. */
static int pick_for(const struct fact_cond *conds, int n, fact_bits facts, struct rng *rng)
{
	int hold = 0;
	for (int i = 0; i < n; i++)
		hold += fact_cond_holds(&conds[i], facts);
	if (hold == 0)
		return site_pick(n, rng);
	int k = rng_range(rng, 0, hold - 1);
	for (int i = 0; i < n; i++)
		if (fact_cond_holds(&conds[i], facts) && k-- == 0)
			return i;
	return site_pick(n, rng);
}

/* The facts the site's story knows (its premise and its factions' lines):
 * where the first level lies and that level's own (a level below or
 * above it), and each thing of the map (a feature, stairs, a door of a
 * kind) drawn in some room of one of the n levels. */
static fact_bits story_facts(const struct level *levels, int n, enum site_setting setting)
{
	static const enum fact door_fact[DOOR_KIND_COUNT] = { FACT_OPENING, FACT_DOOR, FACT_LOCKED, FACT_SECRET,
							      FACT_PORTCULLIS };
	fact_bits b = room_facts_of_level(&levels[0].map, setting);
	for (int k = 0; k < n; k++) {
		const struct map *m = &levels[k].map;
		for (int i = 0; i < m->ndoors; i++)
			if (m->doors[i].kind >= 0 && m->doors[i].kind < DOOR_KIND_COUNT)
				b |= FACT_BIT(door_fact[m->doors[i].kind]);
		if (m->nstairs > 0)
			b |= FACT_BIT(FACT_STAIRS);
		for (long i = 0; m->features && i < (long)m->w * m->h; i++)
			if (m->features[i] > FEATURE_NONE && m->features[i] < FEATURE_COUNT && m->cells[i] > 0)
				b |= FACT_BIT(FACT_FEATURE + m->features[i] - 1);
	}
	return b;
}

/* The faction's name and its leader: one strong enough for the party
 * where it is met, where the faction has one. */
static int fill_faction(struct faction *out, const struct site_faction_type *f, const struct site_sizer *sz,
			int depth, fact_bits settings, struct rng *rng)
{
	snprintf(out->id, sizeof out->id, "%s", f->id);
	snprintf(out->name, sizeof out->name, "%s", f->called[pick_for(f->called_cond, f->ncalled, settings, rng)]);
	int pick = -1, n = 0, best = 1;
	for (int i = 0; sz && sz->fits && i < f->nleaders; i++)
		best = leader_fits(&f->leaders[i], sz, depth) > best ? leader_fits(&f->leaders[i], sz, depth) : best;
	for (int i = 0; sz && sz->fits && i < f->nleaders; i++)
		if (leader_fits(&f->leaders[i], sz, depth) == best && rng_range(rng, 0, n++) == 0)
			pick = i;   /* one of the strongest that fit */
	const struct site_leader *l = &f->leaders[pick >= 0 ? pick : site_pick(f->nleaders, rng)];
	snprintf(out->leader, sizeof out->leader, "%s", l->name);
	snprintf(out->leader_creature, sizeof out->leader_creature, "%s", l->creature);
	return 0;
}

/* Adds text as a sentence (a period added when it has no end mark). */
static void add_sentence(struct sbuf *s, const char *text)
{
	if (!text || !text[0])
		return;
	if (s->len > 0)
		sbuf_addc(s, ' ');
	sbuf_add(s, text);
	char last = text[strlen(text) - 1];
	if (last != '.' && last != '!' && last != '?')
		sbuf_addc(s, '.');
}

/* The faction's sentence of who holds the place, {faction} and {leader}
 * filled in; malloc'd or NULL. */
static char *holds_sentence(const struct site_faction_type *f, const struct faction *fa, fact_bits settings,
			    struct rng *rng)
{
	const char *names[] = { "faction", "leader", "creature" };
	const char *values[] = { fa->name, fa->leader, fa->leader_creature };
	return site_fill(f->holds[pick_for(f->holds_cond, f->nholds, settings, rng)], names, values, 3);
}

/* The premise, from the site's setting (settings, as a bit) and the
 * facts its story knows (story_facts). */
static int write_premise(struct site_plan *p, const struct site_tables *t, unsigned settings, fact_bits facts,
			 struct rng *rng, struct err *e)
{
	int b = site_pick_line(t->built, t->nbuilt, settings, facts, rng);
	int f = site_pick_line(t->befell, t->nbefell, settings, facts, rng);
	int h = site_pick_line(t->hooks, t->nhooks, settings, facts, rng);
	struct sbuf s, secret;
	sbuf_init(&s);
	sbuf_init(&secret);
	add_sentence(&s, b >= 0 ? t->built[b].text : NULL);
	add_sentence(&s, f >= 0 ? t->befell[f].text : NULL);
	const char *want = NULL, *lead = NULL, *secrets[SITE_MAX_FACTIONS] = { NULL };
	const struct site_line *want_line = NULL;
	const struct site_faction_type *types[SITE_MAX_FACTIONS] = { NULL };
	int secret_of[SITE_MAX_FACTIONS] = { 0 };
	for (int i = 0; i < p->nfactions; i++) {
		const struct site_faction_type *ft = &t->factions[p->faction_type[i]];
		char *holds = holds_sentence(ft, &p->factions[i], facts, rng);
		if (!holds) {
			sbuf_free(&s);
			return err_set(e, "out of memory writing the premise");
		}
		add_sentence(&s, holds);
		free(holds);
		if (i == 0) {
			int w = pick_for(ft->wants_cond, ft->nwants, facts, rng);
			add_sentence(&s, want = ft->wants[w]);
			want_line = ft->want_lines ? &ft->want_lines[w] : NULL;
			for (int l = 0; l < ft->nleads; l++)
				if (ft->lead_of[l] == w)
					lead = ft->leads[l];
		}
		types[i] = ft;
		secret_of[i] = pick_for(ft->secrets_cond, ft->nsecrets, facts, rng);
		add_sentence(&secret, secrets[i] = ft->secrets[secret_of[i]]);
	}
	add_sentence(&s, h >= 0 ? t->hooks[h].text : NULL);
	char *premise = sbuf_take(&s), *behind = sbuf_take(&secret);
	if (!premise || !behind) {
		free(premise);
		free(behind);
		return err_set(e, "out of memory writing the premise");
	}
	p->premise = premise;
	p->secret = behind;
	if (b >= 0 && t->built[b].place_name)
		snprintf(p->name, sizeof p->name, "%s", t->built[b].place_name);
	return site_threads_make(p, b >= 0 ? &t->built[b] : NULL, f >= 0 ? &t->befell[f] : NULL,
				 h >= 0 ? &t->hooks[h] : NULL, want, want_line, lead, secrets, types, secret_of, e);
}

int site_plan_make(struct site_plan *p, const struct site_tables *t, const struct level *levels, int n,
		   const char *seed, int party_level, struct err *e)
{
	return site_plan_make_sized(p, t, levels, n, seed, party_level, NULL, e);
}

int site_plan_make_sized(struct site_plan *p, const struct site_tables *t, const struct level *levels, int n,
			 const char *seed, int party_level, const struct site_sizer *sz, struct err *e)
{
	memset(p, 0, sizeof *p);
	p->levels = n;
	leader_levels(p, levels, n);
	p->party_level = party_level;
	if (n < 1)
		return err_set(e, "a site needs a level");
	if (party_level < 0 || party_level > SITE_LEVEL_MAX)
		return err_usage(e, "a party's level is from 1 to %d, not %d", SITE_LEVEL_MAX, party_level);
	struct rng rng;
	rng_seed_text(&rng, seed ? seed : "", SITE_PLAN_STREAM);
	p->setting = site_setting_of(&levels[0].map);
	unsigned all = document_settings(levels, n);
	fact_bits facts = story_facts(levels, n, p->setting);
	int want = rng_chance(&rng, 0.4) ? 2 : 1;
	for (int i = 0; i < want; i++) {
		int type = pick_faction(t, p->setting, all, party_level, p->faction_type, p->nfactions, sz, n,
					p->leader_level, &rng);
		if (type < 0)
			break;
		p->faction_type[p->nfactions] = type;
		fill_faction(&p->factions[p->nfactions], &t->factions[type], sz, leader_depth(p->nfactions, p->leader_level),
			     facts, &rng);
		p->nfactions++;
	}
	if (p->nfactions == 0 && party_level > 0)
		return err_usage(e, "the site tables have no faction for a party of level %d in the %s setting", party_level,
				 site_setting_name(p->setting));
	if (p->nfactions == 0)
		return err_usage(e, "the site tables have no faction for the %s setting", site_setting_name(p->setting));
	return write_premise(p, t, 1u << p->setting, facts, &rng, e);
}

const char *site_occupant_cast(const struct site_plan *plan, const struct site_tables *t,
			       const struct key_occupant *o)
{
	if (o->faction < 0 || o->faction >= plan->nfactions)
		return !strcmp(o->role, "prison") ? site_cast_name(CAST_PRISONER) : "";
	if (!strcmp(o->role, "leader") && !strcmp(o->creature, plan->factions[o->faction].leader_creature))
		return site_cast_name(CAST_LEADER);
	const struct site_faction_type *f = &t->factions[plan->faction_type[o->faction]];
	for (int i = 0; i < f->nmembers; i++)
		if (!strcmp(f->members[i].creature, o->creature))
			return site_cast_name(f->members[i].cast);
	return "";
}

void site_plan_free(struct site_plan *p)
{
	for (int i = 0; i < p->nthreads; i++) {
		free(p->threads[i].entry);
		free(p->placed[i].text);
	}
	p->nthreads = 0;
	free(p->premise);
	free(p->secret);
	p->premise = p->secret = NULL;
}
