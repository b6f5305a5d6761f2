/* stock_encounter.c: sizing the site's groups for a party
 * (stock_encounter.h): the difficulty drawn, the budget it allows, the
 * groups filled up to it, and the line of figures a GM runs the fight
 * with. */
#include "stock/stock_encounter.h"

#include "base/thousands.h"
#include "stock/stock_valued.h"

#include <stdio.h>
#include <string.h>

/* A group's smallest number: the site's lines speak of a group. */
#define GROUP_MIN 2
/* A group's largest: this many times what the site's own dice rolled for
 * it, so that a nest of three swarms does not become twelve. */
#define GROUP_GROWTH 3

static int group_most(const struct site_group *g)
{
	int most = g->rolled * GROUP_GROWTH;
	return most < GROUP_MIN ? GROUP_MIN : most;
}

int stock_sizes_fights(const struct stock_tables *t)
{
	return t->fig.has_budget && t->fig.ncreatures > 0;
}

static enum fig_difficulty draw_difficulty(const struct stock_figures *f, const struct site_meeting *at)
{
	if (at->wandering)
		return FIG_LOW;
	if (at->leader)
		return FIG_HIGH;
	double total = 0;
	for (int d = 0; d < FIG_DIFFICULTIES; d++)
		total += f->mix[d];
	if (!(total > 0))
		return FIG_MODERATE;
	double r = rng_unit(at->rng) * total;
	for (int d = 0; d < FIG_DIFFICULTIES; d++) {
		r -= f->mix[d];
		if (r < 0 && f->mix[d] > 0)
			return (enum fig_difficulty)d;
	}
	return FIG_HIGH;
}

/* Fills the groups up to budget XP and cap creatures: the fixed ones as
 * they are where they fit, each other one two at first where two fit,
 * then one more at a time, round the groups, while any fits. Returns the
 * XP spent. */
static long fill(struct site_group *g, const struct fig_creature *const *c, int n, long budget, int cap)
{
	long xp = 0;
	int creatures = 0;
	for (int i = 0; i < n; i++) {
		g[i].count = 0;
		if (!g[i].fixed || !c[i])
			continue;
		long cost = (long)c[i]->xp * g[i].rolled;
		if (g[i].rolled > 0 && xp + cost <= budget && creatures + g[i].rolled <= cap) {
			g[i].count = g[i].rolled;
			xp += cost;
			creatures += g[i].rolled;
		}
	}
	for (int i = 0; i < n; i++) {
		if (g[i].optional || !c[i])
			continue;
		long cost = (long)c[i]->xp * GROUP_MIN;
		if (!g[i].fixed && xp + cost <= budget && creatures + GROUP_MIN <= cap) {
			g[i].count = GROUP_MIN;
			xp += cost;
			creatures += GROUP_MIN;
		}
	}
	for (int grew = 1; grew && creatures < cap;) {
		grew = 0;
		for (int i = 0; i < n && creatures < cap; i++)
			if (!g[i].fixed && !g[i].optional && g[i].count > 0 && g[i].count < group_most(&g[i]) &&
			    xp + c[i]->xp <= budget) {
				g[i].count++;
				xp += c[i]->xp;
				creatures++;
				grew = 1;
			}
	}
	return xp;
}

/* "3 × Troll (CR 5; AC 15, HP 84 each) and Bugbear (CR 1; AC 16, HP 27)
 * · 5,400 XP, moderate for 4 characters of level 8" */
static void figures_text(const struct site_group *g, const struct fig_creature *const *c, int n, long xp,
			 enum fig_difficulty d, int party, int level, const char *rating, char *out, size_t size)
{
	size_t at = 0;
	int shown = 0, total = 0;
	for (int i = 0; i < n; i++)
		total += g[i].count > 0;
	out[0] = '\0';
	for (int i = 0; i < n && at < size; i++) {
		if (g[i].count <= 0)
			continue;
		const char *sep = shown == 0 ? "" : shown == total - 1 ? " and " : ", ";
		int m;
		if (g[i].count == 1)
			m = snprintf(out + at, size - at, "%s%s (%s %s; AC %d, HP %d)", sep, c[i]->name, rating, c[i]->cr,
				     c[i]->ac, c[i]->hp);
		else
			m = snprintf(out + at, size - at, "%s%d × %s (%s %s; AC %d, HP %d each)", sep, g[i].count,
				     c[i]->name, rating, c[i]->cr, c[i]->ac, c[i]->hp);
		if (m < 0)
			return;
		at += (size_t)m;
		shown++;
	}
	char num[32];
	if (at < size)
		snprintf(out + at, size - at, " · %s XP, %s for %d character%s of level %d",
			 thousands(xp, num, sizeof num), fig_difficulty_name(d), party, party == 1 ? "" : "s", level);
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

/* A challenge rating as a number: "1/4" is 0.25; -1 for another rating. */
static double cr_value(const char *cr)
{
	int a, b;
	char end;
	if (sscanf(cr, "%d/%d%c", &a, &b, &end) == 2 && b > 0)
		return (double)a / b;
	if (sscanf(cr, "%d%c", &a, &end) == 1)
		return a;
	return -1;
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
		double v = cr_value(c[i]->cr);
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

/* A fight that came out easier than wanted: one of the optional groups
 * (a stronger kind of the faction), k of them standing over the rest,
 * with the rest filled around them, whichever comes nearest the wanted
 * difficulty within its budget. Sets g's counts to the best found and
 * returns its XP (the fight as it was when none does better). */
static long add_stronger(struct site_group *g, const struct fig_creature *const *c, int n,
			 const struct stock_figures *f, int party, int level, enum fig_difficulty want, int cap,
			 int ceiling, long xp)
{
	int crowd = f->crowd * party;   /* an overseer that is not fragile makes the fight a crowd's */
	long budget = (long)party * f->budget[level][want];
	if (ceiling > 0 && budget >= ceiling)
		budget = ceiling - 1;
	int weakest = 0;   /* the strongest kind among the groups there already */
	for (int i = 0; i < n; i++)
		if (!g[i].optional && c[i] && g[i].count > 0 && c[i]->xp > weakest)
			weakest = c[i]->xp;
	struct site_group best[KEY_MAX_OCCUPANTS * 2], t[KEY_MAX_OCCUPANTS * 2];
	if (n > (int)(sizeof best / sizeof best[0]))
		return xp;
	memcpy(best, g, (size_t)n * sizeof *g);
	long best_xp = xp;
	for (int i = 0; i < n; i++) {
		if (!g[i].optional || !c[i] || c[i]->xp <= weakest)
			continue;
		double v = cr_value(c[i]->cr);
		int most = cap > crowd && !(strcmp(f->rating, "CR") == 0 && v >= 0 && v <= level / 8.0) ? crowd : cap;
		for (int k = 1; k <= most && k <= 6; k++) {
			memcpy(t, g, (size_t)n * sizeof *g);
			t[i].fixed = 1;
			t[i].rolled = k;
			long x = fill(t, c, n, budget, most);
			if (t[i].count == 0)
				break;   /* k of them no longer fit */
			int others = 0;
			for (int j = 0; j < n; j++)
				others += j != i && !t[j].fixed ? t[j].count : 0;
			if (others < 2 * k)
				continue;   /* a few stand over a group, never as many */
			enum fig_difficulty d = said_for(f, party, level, x), bd = said_for(f, party, level, best_xp);
			if (d > bd || (d == bd && x > best_xp)) {
				memcpy(best, t, (size_t)n * sizeof *t);
				best[i].fixed = 0;
				best[i].rolled = 0;
				best_xp = x;
			}
		}
	}
	memcpy(g, best, (size_t)n * sizeof *g);
	return best_xp;
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
	int cap = (all_fragile(g, c, n, level, f) ? f->swarm : f->crowd) * p->party;
	for (int i = 0; i < n; i++)
		if (g[i].fixed && !g[i].optional && g[i].rolled > 0)
			cap += g[i].rolled;   /* a leader does not count among the crowd */
	enum fig_difficulty want = draw_difficulty(f, at);
	long xp = 0;
	int placed = 0;
	/* a difficulty too small for the least group tries the next one up */
	for (int d = want; d < FIG_DIFFICULTIES && !placed; d++) {
		long budget = (long)p->party * f->budget[level][d];
		if (at->ceiling > 0 && budget >= at->ceiling)
			budget = at->ceiling - 1;
		xp = fill(g, c, n, budget, cap);
		for (int i = 0; i < n; i++)
			placed += g[i].count > 0;
	}
	if (!placed)
		return 0;
	if (said_for(f, p->party, level, xp) < want)
		xp = add_stronger(g, c, n, f, p->party, level, want, cap, at->ceiling, xp);
	enum fig_difficulty said = said_for(f, p->party, level, xp);
	long budget = (long)p->party * f->budget[level][said];
	figures_text(g, c, n, xp, said, p->party, level, f->rating, figures, size);
	if (en)
		keep_encounter(en, g, c, n, xp, budget, said, p->party, level);
	return 0;
}

struct site_sizer stock_sizer(struct stock_party *p)
{
	return (struct site_sizer){ stock_size_groups, p };
}
