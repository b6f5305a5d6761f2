/* stock_fit.c: a pick among a conditioned table's entries that hold
 * (stock_pick_fit, stock_expand.c's rolls), and the same for a line rolled
 * again and again on one table in one room (stock.c), with which entries
 * hold and how much they weigh read once (stock_pick_fit_again): both
 * draw from the pools of entries by how specific they are in one routine,
 * pick_pooled, so they make the same draws. */
#include "stock/stock_table.h"

#include <string.h>

/* The weight of entry i of tab in a draw among the fit ones. */
static long fit_weight(const struct stock_table *tab, int i)
{
	return tab->die.sides > 0 ? tab->entries[i].hi - tab->entries[i].lo + 1 : tab->entries[i].weight;
}

/* Whether entry i of tab holds for facts with spec condition words and,
 * where used is given, is not used yet. */
static int in_pool(const struct stock_table *tab, int i, fact_bits facts, int spec, const unsigned char *used)
{
	return tab->entries[i].cond.n == spec && fact_cond_holds(&tab->entries[i].cond, facts) && !(used && used[i]);
}

/* The weight of the entries in_pool. */
static long pool_weight(const struct stock_table *tab, fact_bits facts, int spec, const unsigned char *used)
{
	long total = 0;
	for (int i = 0; i < tab->n; i++)
		if (in_pool(tab, i, facts, spec, used))
			total += fit_weight(tab, i);
	return total;
}

/* The pick among tab's entries that hold for facts, the most specific of
 * which have best condition words (>= 0): held[i] is entry i's words
 * where it holds (-1: it does not; FACT_COUNT + 1: more than FACT_COUNT)
 * and weight[i] its weight (weight NULL: the table's), read once; held NULL (a long table), or best
 * past FACT_COUNT: each pool read from the conditions as it is weighed.
 * The most specific entries not used first; those all used, a less
 * specific one rather than one again; every one used, the most specific
 * again. The pick is marked used, and the table's marks cleared when
 * every entry is. */
static int pick_pooled(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
		       const signed char *held, const int *weight, fact_bits facts, int best, struct rng *rng)
{
	int ti = (int)(tab - t->tables);
	unsigned char *used = mem && ti >= 0 && ti < mem->ntables ? mem->used[ti] : NULL;
	int small = held && best <= FACT_COUNT;
	long fresh[FACT_COUNT + 2] = { 0 }, all[FACT_COUNT + 2] = { 0 };
	for (int i = 0; small && i < tab->n; i++) {
		int h = held[i];
		if (h < 0 || h > FACT_COUNT)
			continue;
		long w = weight ? weight[i] : fit_weight(tab, i);
		all[h] += w;
		if (used && !used[i])
			fresh[h] += w;
	}
	int spec = best;
	long total = 0;
	for (; used && spec >= 0 && (total = small ? fresh[spec] : pool_weight(tab, facts, spec, used)) <= 0; spec--)
		;
	const unsigned char *skip = used;
	if (total <= 0) {
		spec = best;
		skip = NULL;
		total = small ? all[spec] : pool_weight(tab, facts, spec, NULL);
	}
	if (total <= 0)
		return stock_pick_fresh(t, tab, mem, rng);
	int pick = -1;
	long r = (long)rng_range(rng, 1, (int)(total > 1000000000L ? 1000000000L : total));
	for (int i = 0; i < tab->n && r > 0; i++)
		if (small ? held[i] == spec && !(skip && skip[i]) : in_pool(tab, i, facts, spec, skip)) {
			r -= small && weight ? weight[i] : fit_weight(tab, i);
			if (r <= 0)
				pick = i;
		}
	if (used && pick >= 0 && !used[pick]) {
		used[pick] = 1;
		if (++mem->nused[ti] >= tab->n) {
			memset(used, 0, (size_t)tab->n);
			mem->nused[ti] = 0;
		}
	}
	return pick;
}

/* Reads which entries of tab hold for facts into fit: each one's
 * condition words where it holds, and its weight. */
static void fit_read(struct stock_fit *fit, const struct stock_table *tab, fact_bits facts)
{
	fit->tab = tab;
	fit->facts = facts;
	fit->best = -1;
	for (int i = 0; i < tab->n; i++) {
		const struct fact_cond *c = &tab->entries[i].cond;
		int h = fact_cond_holds(c, facts) ? c->n : -1;
		if (h > fit->best)
			fit->best = h;
		fit->held[i] = (signed char)(h <= FACT_COUNT ? h : FACT_COUNT + 1);
		fit->weight[i] = (int)fit_weight(tab, i);
	}
}

int stock_pick_fit(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
		   fact_bits facts, struct rng *rng)
{
	if (!tab->conditioned)
		return stock_pick_fresh(t, tab, mem, rng);
	/* each entry's words where it holds, on the stack for a short table */
	signed char held[STOCK_FIT_SMALL];
	int small = tab->n <= STOCK_FIT_SMALL, best = -1;
	for (int i = 0; i < tab->n; i++) {
		const struct fact_cond *c = &tab->entries[i].cond;
		int h = fact_cond_holds(c, facts) ? c->n : -1;
		if (h > best)
			best = h;
		if (small)
			held[i] = (signed char)(h <= FACT_COUNT ? h : FACT_COUNT + 1);
	}
	if (best < 0)
		return stock_pick_fresh(t, tab, mem, rng);
	return pick_pooled(t, tab, mem, small ? held : NULL, NULL, facts, best, rng);
}

int stock_pick_fit_again(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
			 fact_bits facts, struct stock_fit *fit, struct rng *rng)
{
	if (!fit || !tab->conditioned || tab->n > STOCK_FIT_SMALL)
		return stock_pick_fit(t, tab, mem, facts, rng);
	if (fit->tab != tab || fit->facts != facts)
		fit_read(fit, tab, facts);
	if (fit->best < 0)
		return stock_pick_fresh(t, tab, mem, rng);
	return pick_pooled(t, tab, mem, fit->held, fit->weight, facts, fit->best, rng);
}
