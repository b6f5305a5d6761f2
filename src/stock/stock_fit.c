/* stock_fit.c: a pick among a conditioned table's entries that hold, for
 * a line rolled again and again on one table in one room (stock.c): which
 * entries hold and how much they weigh read once, the pick itself the
 * one stock_pick_fit makes (stock_expand.c), draw for draw. */
#include "stock/stock_table.h"

#include <string.h>

/* Reads which entries of tab hold for facts into fit. */
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
		fit->weight[i] = tab->die.sides > 0 ? tab->entries[i].hi - tab->entries[i].lo + 1 : tab->entries[i].weight;
	}
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
	if (fit->best > FACT_COUNT)
		return stock_pick_fit(t, tab, mem, facts, rng);
	int ti = (int)(tab - t->tables);
	unsigned char *used = mem && ti >= 0 && ti < mem->ntables ? mem->used[ti] : NULL;
	long fresh[FACT_COUNT + 2] = { 0 }, all[FACT_COUNT + 2] = { 0 };
	for (int i = 0; i < tab->n; i++) {
		int h = fit->held[i];
		if (h < 0 || h > FACT_COUNT)
			continue;
		all[h] += fit->weight[i];
		if (used && !used[i])
			fresh[h] += fit->weight[i];
	}
	/* as stock_pick_fit: the most specific entries not used, else less
	 * specific ones, else the most specific again */
	int spec = fit->best;
	long total = 0;
	for (; used && spec >= 0 && (total = fresh[spec]) <= 0; spec--)
		;
	const unsigned char *skip = used;
	if (total <= 0) {
		spec = fit->best;
		skip = NULL;
		total = all[spec];
	}
	if (total <= 0)
		return stock_pick_fresh(t, tab, mem, rng);
	int pick = -1;
	long r = (long)rng_range(rng, 1, (int)(total > 1000000000L ? 1000000000L : total));
	for (int i = 0; i < tab->n && r > 0; i++)
		if (fit->held[i] == spec && !(skip && skip[i])) {
			r -= fit->weight[i];
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
