/* stock_encounter.c: sizing the site's groups for a party
 * (stock_encounter.h): the difficulties in the order the mix wants them,
 * each one's band of XP filled from the room's groups and the cast's
 * stronger kinds, the first band filled kept, and the line of figures a
 * GM runs the fight with; and whether a creature fits its part of a
 * cast. */
#include "stock/stock_encounter.h"

#include "base/thousands.h"
#include "stock/stock_valued.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A group's smallest number: the site's lines speak of a group. */
#define GROUP_MIN 2
/* A group's largest: this many times what the site's own dice rolled for
 * it, so that a nest of three swarms does not become twelve. */
#define GROUP_GROWTH 3
/* The most of one stronger kind keeping a room without the rank and file. */
#define SOLO_MOST 3

/* The most creatures a fight holds for a party, at `each` a character:
 * never fewer than a group and one standing over it. */
static int crowd_of(int each, int party)
{
	return each * party > GROUP_MIN + 2 ? each * party : GROUP_MIN + 2;
}

static int group_most(const struct site_group *g)
{
	int most = g->rolled * GROUP_GROWTH;
	return most < GROUP_MIN ? GROUP_MIN : most;
}

/* The most of optional group g a fight may hold: k, or fewer where its
 * level has fewer of its part left. */
static int optional_most(const struct site_group *g, int k)
{
	return g->most > 0 && g->most < k ? g->most : k;
}

int stock_sizes_fights(const struct stock_tables *t)
{
	return t->fig.has_budget && t->fig.ncreatures > 0;
}

/* The difficulties a room's fight is built for, the one wanted first:
 * the leader's high, a wandering group's low, the rest whichever the
 * fights said so far (p's tally) fall shortest of the mix by, so that the
 * mix holds over the levels whatever the groups a band cannot hold came
 * to; ties go to the rng. */
static void draw_order(const struct stock_figures *f, const struct stock_party *p, const struct site_meeting *at,
		       enum fig_difficulty order[FIG_DIFFICULTIES])
{
	double shortfall[FIG_DIFFICULTIES] = { 0 }, total = 0;
	int fights = 0;
	for (int d = 0; d < FIG_DIFFICULTIES; d++) {
		total += f->mix[d];
		fights += p->said[d];
		order[d] = (enum fig_difficulty)d;
	}
	double tie = rng_unit(at->rng);
	for (int d = 0; d < FIG_DIFFICULTIES; d++)
		shortfall[d] = at->leader	   ? d
			       : at->wandering	   ? -d
			       : !(total > 0)	   ? -abs(d - FIG_MODERATE)
						   : f->mix[d] / total * (fights + 1) - p->said[d] + tie * 1e-3 * (d + 1);
	for (int i = 1; i < FIG_DIFFICULTIES; i++)   /* most short first */
		for (int j = i; j > 0 && shortfall[order[j]] > shortfall[order[j - 1]]; j--) {
			enum fig_difficulty t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
}

/* The squares of 5 ft one of group g takes. */
static long space_of(const struct site_group *g)
{
	return g->space > 1 ? g->space : 1;
}

/* Fills the groups up to budget XP, cap creatures and floor squares of 5
 * ft (0: no bound): the fixed ones as they are where they fit, each other
 * one two at first where two fit, then one more at a time, round the
 * groups, while any fits. Returns the XP spent. */
static long fill(struct site_group *g, const struct fig_creature *const *c, int n, long budget, int cap, long floor)
{
	long xp = 0, squares = 0, room = floor > 0 ? floor : LONG_MAX / 2;
	int creatures = 0;
	for (int i = 0; i < n; i++) {
		g[i].count = 0;
		if (!g[i].fixed || !c[i])
			continue;
		long cost = (long)c[i]->xp * g[i].rolled, sq = space_of(&g[i]) * g[i].rolled;
		if (g[i].rolled > 0 && xp + cost <= budget && creatures + g[i].rolled <= cap && squares + sq <= room) {
			g[i].count = g[i].rolled;
			xp += cost;
			creatures += g[i].rolled;
			squares += sq;
		} else if (!g[i].optional) {
			cap -= g[i].rolled;   /* a leader who is not there leaves no room for a crowd */
			room -= sq;
		}
	}
	for (int i = 0; i < n; i++) {
		if (g[i].optional || !c[i])
			continue;
		long cost = (long)c[i]->xp * GROUP_MIN, sq = space_of(&g[i]) * GROUP_MIN;
		if (!g[i].fixed && xp + cost <= budget && creatures + GROUP_MIN <= cap && squares + sq <= room) {
			g[i].count = GROUP_MIN;
			xp += cost;
			creatures += GROUP_MIN;
			squares += sq;
		}
	}
	for (int grew = 1; grew && creatures < cap;) {
		grew = 0;
		for (int i = 0; i < n && creatures < cap; i++)
			if (!g[i].fixed && !g[i].optional && g[i].count > 0 && g[i].count < group_most(&g[i]) &&
			    xp + c[i]->xp <= budget && squares + space_of(&g[i]) <= room) {
				g[i].count++;
				xp += c[i]->xp;
				creatures++;
				squares += space_of(&g[i]);
				grew = 1;
			}
	}
	return xp;
}

/* The number of kind i's creatures in the fight, counting the later groups
 * of its kind (a leader and one of its own kind beside it); 0 where an
 * earlier group of the kind has counted them. */
static int kind_count(const struct site_group *g, const struct fig_creature *const *c, int n, int i)
{
	if (g[i].count <= 0)
		return 0;
	for (int j = 0; j < i; j++)
		if (g[j].count > 0 && c[j] == c[i])
			return 0;
	int count = 0;
	for (int j = i; j < n; j++)
		count += g[j].count > 0 && c[j] == c[i] ? g[j].count : 0;
	return count;
}

/* "3 × Troll (CR 5; AC 15, HP 84 each) and Bugbear (CR 1; AC 16, HP 27)
 * · 5,400 XP, moderate for 4 characters of level 8" ("past high" for a
 * fight beyond the high budget); each kind once */
static void figures_text(const struct site_group *g, const struct fig_creature *const *c, int n, long xp,
			 enum fig_difficulty d, int past, int party, int level, const char *rating, char *out,
			 size_t size)
{
	size_t at = 0;
	int shown = 0, total = 0;
	for (int i = 0; i < n; i++)
		total += kind_count(g, c, n, i) > 0;
	out[0] = '\0';
	for (int i = 0; i < n && at < size; i++) {
		int count = kind_count(g, c, n, i);
		if (count <= 0)
			continue;
		const char *sep = shown == 0 ? "" : shown == total - 1 ? " and " : ", ";
		int m;
		if (count == 1)
			m = snprintf(out + at, size - at, "%s%s (%s %s; AC %d, HP %d)", sep, c[i]->name, rating, c[i]->cr,
				     c[i]->ac, c[i]->hp);
		else
			m = snprintf(out + at, size - at, "%s%d × %s (%s %s; AC %d, HP %d each)", sep, count,
				     c[i]->name, rating, c[i]->cr, c[i]->ac, c[i]->hp);
		if (m < 0)
			return;
		at += (size_t)m;
		shown++;
	}
	char num[32];
	if (at < size)
		snprintf(out + at, size - at, " · %s XP, %s%s for %d character%s of level %d",
			 thousands(xp, num, sizeof num), past ? "past " : "", fig_difficulty_name(d), party,
			 party == 1 ? "" : "s", level);
}

static void keep_encounter(struct key_entry *en, const struct site_group *g, const struct fig_creature *const *c,
			   int n, long xp, long budget, enum fig_difficulty d, int party, int level)
{
	struct key_encounter *k = &en->encounter;
	memset(k, 0, sizeof *k);
	snprintf(k->difficulty, sizeof k->difficulty, "%s", fig_difficulty_name(d));
	k->xp = (int)xp;
	k->budget = (int)budget;
	k->party = party;
	k->party_level = level;
	for (int i = 0; i < n && k->nfoes < KEY_MAX_OCCUPANTS; i++) {
		if (g[i].count <= 0)
			continue;
		struct key_foe *f = &k->foes[k->nfoes++];
		snprintf(f->name, sizeof f->name, "%s", c[i]->name);
		snprintf(f->cr, sizeof f->cr, "%s", c[i]->cr);
		f->count = g[i].count;
		f->xp = c[i]->xp;
		f->ac = c[i]->ac;
		f->hp = c[i]->hp;
		snprintf(f->hit_dice, sizeof f->hit_dice, "%s", c[i]->hit_dice);
		snprintf(f->actor, sizeof f->actor, "%s", c[i]->actor);
	}
}

/* Whether every creature of the fight (its optional groups aside) is
 * fragile for a party of level: rated by challenge, at most an eighth of
 * the level. */
static int all_fragile(const struct site_group *g, const struct fig_creature *const *c, int n, int level,
		       const struct stock_figures *f)
{
	if (strcmp(f->rating, "CR") != 0)
		return 0;
	for (int i = 0; i < n; i++) {
		if (g[i].optional || !c[i])
			continue;
		double v = c[i]->cr_value;
		if (v < 0 || v > level / 8.0)
			return 0;
	}
	return n > 0;
}

/* The lowest difficulty whose budget holds xp for the party. */
static enum fig_difficulty said_for(const struct stock_figures *f, int party, int level, long xp)
{
	for (int d = FIG_LOW; d < FIG_HIGH; d++)
		if (xp <= (long)party * f->budget[level][d])
			return (enum fig_difficulty)d;
	return FIG_HIGH;
}

/* The search for a fight within a band of XP (compose). */
struct composer {
	const struct site_group *g;
	const struct fig_creature *const *c;
	int n;
	long lo, hi;
	long floor;             /* the squares of 5 ft the fight may take (0: no bound) */
	struct site_group best[KEY_MAX_OCCUPANTS * 2];
	long best_xp;
	int in_band;
	int kinds;              /* the best's kinds of creature */
	int mixed;              /* a fight of more kinds may spend a tenth less
				   (not a leader's: it is built as hard as it goes) */
};

/* The most creatures a fight may hold with optional group i standing in
 * it: an overseer that is not fragile makes the fight a crowd's. */
static int most_with(const struct stock_figures *f, const struct fig_creature *c, int party, int level, int cap,
		     int leaders)
{
	double v = c->cr_value;
	int crowd = crowd_of(f->crowd, party) + leaders;   /* a leader does not count among the crowd */
	return cap > crowd && !(strcmp(f->rating, "CR") == 0 && v >= 0 && v <= level / 8.0) ? crowd : cap;
}

/* The groups filled with ka of optional group a and kb of b (-1: none)
 * standing over the rest, kept when it does better than the best so far:
 * within the band, then more XP. A few stand over a group (or beside a
 * leader), never more of them. */
static void consider(struct composer *cp, int a, int ka, int b, int kb, int most, int alone)
{
	struct site_group t[KEY_MAX_OCCUPANTS * 2];
	int n = cp->n;
	memcpy(t, cp->g, (size_t)n * sizeof *t);
	for (int j = 0; alone && j < n; j++)
		if (!t[j].fixed)
			t[j].optional = 1;   /* the leader and those beside it, without the rank and file */
	if (a >= 0)
		t[a].fixed = 1, t[a].rolled = ka;
	if (b >= 0)
		t[b].fixed = 1, t[b].rolled = kb;
	long x = fill(t, cp->c, n, cp->hi, most, cp->floor);
	if ((a >= 0 && t[a].count == 0) || (b >= 0 && t[b].count == 0))
		return;   /* they do not fit */
	int led = 0;
	for (int j = 0; j < n; j++)
		led |= t[j].fixed && !cp->g[j].optional && t[j].count > 0;
	if (alone == 1 && !led)
		return;   /* no leader there to stand beside (2: a few on their own) */
	int others = 0;
	for (int j = 0; j < n; j++)
		others += j != a && j != b && (!t[j].fixed || !cp->g[j].optional) ? t[j].count : 0;
	if (!alone && others < (a >= 0 ? ka : 0) + (b >= 0 ? kb : 0))
		return;   /* a leader's own guard stands round it in any number */
	int band = x > cp->lo, kinds = 0;
	for (int j = 0; j < n; j++)
		kinds += t[j].count > 0;
	int richer = cp->mixed && band && kinds > cp->kinds ? 10 * x >= 9 * cp->best_xp : x > cp->best_xp;
	if (band > cp->in_band || (band == cp->in_band && richer)) {
		memcpy(cp->best, t, (size_t)n * sizeof *t);
		for (int j = 0; j < n; j++) {
			cp->best[j].fixed = cp->g[j].fixed;
			cp->best[j].rolled = cp->g[j].rolled;
			cp->best[j].optional = cp->g[j].optional;
		}
		cp->best_xp = x;
		cp->in_band = band;
		cp->kinds = kinds;
	}
}

/* The groups filled within the band (lo, hi] of XP: as they are, or with
 * a few of one optional group (a stronger kind of the faction) standing
 * over the rest, or when that does not reach the band, of two (beside a
 * leader, they may stand without the rank and file). Sets g's
 * counts to the fill of most XP within the band (or of more kinds within
 * a tenth of it, but for a leader's) and returns 1; when none
 * lands in it, to the fill of most XP under it and returns 0. */
static int compose(struct site_group *g, const struct fig_creature *const *c, int n,
		   const struct stock_figures *f, int party, int level, long lo, long hi, int cap, long floor,
		   int solo, long *xp_out)
{
	struct composer cp = { g, c, n, lo, hi, floor, { { 0 } }, 0, 0, 0, 1 };
	memcpy(cp.best, g, (size_t)n * sizeof *g);
	cp.best_xp = fill(cp.best, c, n, hi, cap, floor);
	cp.in_band = cp.best_xp > lo;
	for (int i = 0; i < n; i++)
		cp.kinds += cp.best[i].count > 0;
	int weakest = 0;   /* the strongest kind of the rank and file placed (a leader aside) */
	for (int i = 0; i < n; i++)
		if (!g[i].optional && !g[i].fixed && c[i] && cp.best[i].count > 0 && c[i]->xp > weakest)
			weakest = c[i]->xp;
	int leaders = 0;   /* a leader there, whom a few may stand beside without the rank and file */
	for (int i = 0; i < n; i++)
		leaders += g[i].fixed && !g[i].optional && c[i] ? g[i].rolled : 0;
	int leader = leaders > 0;
	cp.mixed = !leader;
	if (cp.in_band && !leader) {
		/* the room's own group lands in the band: no stronger kind is
		 * brought in to stand among them */
		memcpy(g, cp.best, (size_t)n * sizeof *g);
		*xp_out = cp.best_xp;
		return 1;
	}
	int stronger[KEY_MAX_OCCUPANTS * 2], ns = 0;
	for (int i = 0; i < n; i++)   /* beside a leader, any kind (a few lighter ones fill a small room's floor) */
		if (g[i].optional && c[i] && (c[i]->xp > weakest || leader))
			stronger[ns++] = i;
	/* a leader's fight tries both (it is built as hard as its band goes,
	 * so that the level's other high fights have room under it) */
	for (int alone = 0; alone <= leader; alone++) {
		for (int s = 0; s < ns; s++) {
			int i = stronger[s], most = most_with(f, c[i], party, level, cap, leaders);
			for (int k = 1; (alone ? k + leaders : 2 * k) <= most && k <= optional_most(&g[i], 6); k++)
				consider(&cp, i, k, -1, 0, most, alone);
		}
		for (int s = 0; s < ns && !cp.in_band; s++)
			for (int u = s + 1; u < ns; u++) {
				int i = stronger[s], j = stronger[u];
				int mi = most_with(f, c[i], party, level, cap, leaders), mj = most_with(f, c[j], party, level, cap, leaders);
				int most = mi < mj ? mi : mj;
				for (int ki = 1; ki <= optional_most(&g[i], 4); ki++)
					for (int kj = 1; kj <= optional_most(&g[j], 4) &&
							 (alone ? ki + kj + leaders : 2 * (ki + kj)) <= most; kj++)
						consider(&cp, i, ki, j, kj, most, alone);
			}
	}
	/* a room's fight no mix of kinds lands in the band of (a party of one
	 * or two, whose bands are narrow): a few of one stronger kind, or of
	 * two, keep the room on their own */
	for (int s = 0; s < ns && solo && !leader && !cp.in_band; s++)
		for (int k = 1; k <= optional_most(&g[stronger[s]], SOLO_MOST) && k <= cap; k++)
			consider(&cp, stronger[s], k, -1, 0, cap, 2);
	int beside[KEY_MAX_OCCUPANTS * 2], nb = 0;   /* a second kind with them: stronger, or the rank and file */
	for (int i = 0; i < n; i++)
		if (c[i] && (g[i].optional ? c[i]->xp > weakest : !g[i].fixed))
			beside[nb++] = i;
	for (int s = 0; s < ns && solo && !leader && !cp.in_band; s++)
		for (int u = 0; u < nb; u++) {
			int i = stronger[s], j = beside[u];
			if (j == i || (g[j].optional && j < i))
				continue;   /* each pair of stronger kinds once */
			for (int ki = 1; ki <= optional_most(&g[i], SOLO_MOST); ki++)
				for (int kj = 1; kj <= optional_most(&g[j], SOLO_MOST) && ki + kj <= cap; kj++)
					consider(&cp, i, ki, j, kj, cap, 2);
		}
	memcpy(g, cp.best, (size_t)n * sizeof *g);
	*xp_out = cp.best_xp;
	return cp.in_band;
}

static void note_missing(struct stock_party *p, const char *creature)
{
	for (int i = 0; i < p->nmissing; i++)
		if (strcmp(p->missing[i], creature) == 0)
			return;
	if (p->nmissing < (int)(sizeof p->missing / sizeof p->missing[0]))
		snprintf(p->missing[p->nmissing++], sizeof p->missing[0], "%s", creature);
}

int stock_size_groups(void *ctx, struct site_group *g, int n, const struct site_meeting *at, struct key_entry *en,
		      char *figures, size_t size, struct err *e)
{
	struct stock_party *p = ctx;
	const struct stock_figures *f = &p->t->fig;
	const struct fig_creature *c[KEY_MAX_OCCUPANTS * 2];
	if (size > 0)
		figures[0] = '\0';
	if (n > KEY_MAX_OCCUPANTS * 2)
		return err_set(e, "more than %d groups in one fight", KEY_MAX_OCCUPANTS * 2);
	for (int i = 0; i < n; i++)
		if (!(c[i] = stock_creature_find(f, g[i].creature)) && !g[i].optional) {
			note_missing(p, g[i].creature);
			for (int j = 0; j < n; j++)
				g[j].count = g[j].optional ? 0 : g[j].rolled;
			return 0;
		}
	int level = stock_level_for(f, p->level, at->depth);
	int cap = crowd_of(all_fragile(g, c, n, level, f) ? f->swarm : f->crowd, p->party);
	for (int i = 0; i < n; i++)
		if (g[i].fixed && !g[i].optional && g[i].rolled > 0)
			cap += g[i].rolled;   /* a leader does not count among the crowd */
	/* each difficulty's band of XP, under the level's leader's fight:
	 * the first of the order whose band the groups can fill, else the
	 * wanted one's nearest (a group too weak or too strong for it) */
	enum fig_difficulty order[FIG_DIFFICULTIES];
	draw_order(f, p, at, order);
	struct site_group tried[FIG_DIFFICULTIES][KEY_MAX_OCCUPANTS * 2];
	long tried_xp[FIG_DIFFICULTIES];
	int in_band[FIG_DIFFICULTIES];
	for (int d = 0; d < FIG_DIFFICULTIES; d++) {
		long lo = d == FIG_LOW ? 0 : (long)p->party * f->budget[level][d - 1];
		long hi = (long)p->party * f->budget[level][d];
		if (at->ceiling > 0 && hi >= at->ceiling)
			hi = at->ceiling - 1;
		memcpy(tried[d], g, (size_t)n * sizeof *g);
		in_band[d] = 0;
		tried_xp[d] = 0;
		if (hi > lo)
			in_band[d] = compose(tried[d], c, n, f, p->party, level, lo, hi, cap, at->floor,
					     !at->wandering && en != NULL, &tried_xp[d]);
	}
	int pick = -1;
	for (int i = 0; i < FIG_DIFFICULTIES && pick < 0; i++)
		if (in_band[order[i]])
			pick = order[i];
	for (int d = order[0]; d < FIG_DIFFICULTIES && pick < 0; d++)
		if (tried_xp[d] > 0)
			pick = d;   /* a band too small for the least group: the next one up */
	for (int d = order[0]; d >= 0 && pick < 0; d--)
		if (tried_xp[d] > 0)
			pick = d;
	long xp = 0;
	if (pick >= 0) {
		memcpy(g, tried[pick], (size_t)n * sizeof *g);
		xp = tried_xp[pick];
	}
	int leader_in = !at->leader;
	for (int i = 0; i < n && !leader_in; i++)
		leader_in = g[i].fixed && !g[i].optional && g[i].rolled > 0 && (pick < 0 || g[i].count > 0);
	if (!leader_in) {
		/* a leader past every band for the party: there all the same, alone,
		 * a fight to avoid (the figures say it is past high) */
		xp = 0;
		for (int i = 0; i < n; i++) {
			g[i].count = g[i].fixed && !g[i].optional && c[i] ? g[i].rolled : 0;
			xp += c[i] ? (long)c[i]->xp * g[i].count : 0;
		}
		pick = FIG_HIGH;
	}
	if (pick < 0 || xp <= 0) {
		for (int i = 0; i < n; i++)
			g[i].count = 0;
		return 0;
	}
	enum fig_difficulty said = said_for(f, p->party, level, xp);
	if (!at->leader && !at->wandering)
		p->said[said]++;
	long budget = (long)p->party * f->budget[level][said];
	int past = xp > (long)p->party * f->budget[level][FIG_HIGH];   /* a leader too strong to leave out */
	figures_text(g, c, n, xp, said, past, p->party, level, f->rating, figures, size);
	if (en)
		keep_encounter(en, g, c, n, xp, budget, said, p->party, level);
	return 0;
}

/* The least challenge rating of each part of a cast, as a share of the
 * party's level: a leader a third of it (an orc war chief, CR 4, for
 * level 7 or more, never a plain orc), a lieutenant a quarter, a
 * specialist a sixth, the rank and file and beasts a twenty-fourth (a
 * goblin up to level 6, an orc to 12); servants and prisoners any. */
static const double cast_floor[CAST_COUNT] = {
	[CAST_LEADER] = 1.0 / 3,      [CAST_LIEUTENANT] = 1.0 / 4, [CAST_RANK] = 1.0 / 24,
	[CAST_SPECIALIST] = 1.0 / 6,  [CAST_BEAST] = 1.0 / 24,
};

double stock_cast_floor(enum site_cast cast, int level)
{
	return (unsigned)cast < CAST_COUNT ? cast_floor[cast] * level : 0;
}

int stock_cast_fits(void *ctx, const char *creature, enum site_cast cast, int depth)
{
	struct stock_party *p = ctx;
	const struct stock_figures *f = &p->t->fig;
	const struct fig_creature *c = stock_creature_find(f, creature);
	if (!c)
		return -1;
	int level = stock_level_for(f, p->level, depth);
	double v = c->cr_value;
	if (strcmp(f->rating, "CR") == 0 && v >= 0 && v < stock_cast_floor(cast, level))
		return 0;   /* too weak for its part */
	long high = (long)p->party * f->budget[level][FIG_HIGH];
	if (cast == CAST_LEADER ? c->xp > high : cast == CAST_RANK && 2L * c->xp > high)
		return 0;   /* too strong: alone, or two of the rank and file, past a high fight */
	if (cast == CAST_LEADER && c->xp > (long)p->party * f->budget[level][FIG_MODERATE])
		return 3;   /* a high fight alone: beside a few it stays in the band */
	return cast == CAST_LEADER && 8L * c->xp >= high ? 2 : 1;   /* a leader that is a fight in itself */
}

struct site_sizer stock_sizer(struct stock_party *p)
{
	return (struct site_sizer){ stock_size_groups, stock_cast_fits, p };
}
