/* stock_valued.c: a trap's figures and a treasure's worth for a party
 * (stock_valued.h). */
#include "stock/stock_valued.h"
#include "stock/stock_worth.h"

#include "base/thousands.h"

#include <stdio.h>
#include <string.h>

int stock_level_for(const struct stock_figures *f, int party_level, int depth)
{
	int level = party_level + f->deeper * (depth > 1 ? depth - 1 : 0);
	if (level < 1)
		level = 1;
	return level > FIG_LEVELS ? FIG_LEVELS : level;
}

int stock_has_trap_figures(const struct stock_figures *f)
{
	for (int d = 0; d < FIG_DANGERS; d++)
		if (f->danger_weight[d] > 0)
			return 1;
	return 0;
}

int stock_has_treasure_figures(const struct stock_figures *f)
{
	return f->ncoins > 0;
}

static enum fig_danger roll_danger(const struct stock_figures *f, struct rng *rng)
{
	double total = 0;
	for (int d = 0; d < FIG_DANGERS; d++)
		total += f->danger_weight[d];
	double r = rng_unit(rng) * total;
	for (int d = 0; d < FIG_DANGERS; d++) {
		r -= f->danger_weight[d];
		if (r < 0 && f->danger_weight[d] > 0)
			return (enum fig_danger)d;
	}
	for (int d = FIG_DANGERS - 1; d >= 0; d--)
		if (f->danger_weight[d] > 0)
			return (enum fig_danger)d;
	return FIG_SETBACK;
}

void stock_trap_roll(const struct stock_figures *f, int level, struct rng *rng, struct key_trap *tr, char *dc,
		     char *attack, char *damage, size_t size)
{
	enum fig_danger d = roll_danger(f, rng);
	memset(tr, 0, sizeof *tr);
	snprintf(tr->danger, sizeof tr->danger, "%s", fig_danger_name(d));
	int save = rng_range(rng, f->save_lo[d], f->save_hi[d]);
	int bonus = rng_range(rng, f->attack_lo[d], f->attack_hi[d]);
	const char *dice = "";
	for (int i = 0; i < f->ndamage; i++)
		if (level >= f->damage[i].lo && level <= f->damage[i].hi)
			dice = f->damage[i].dice[d];
	tr->dc = save;
	tr->attack = bonus;
	snprintf(tr->damage, sizeof tr->damage, "%s", dice);
	snprintf(dc, size, "DC %d", save);
	snprintf(attack, size, "+%d to hit", bonus);
	snprintf(damage, size, "%s", dice);
}

/* "very_rare" said "very rare". */
static void rarity_words(const char *name, char *out, size_t size)
{
	snprintf(out, size, "%s", name);
	for (char *p = out; *p; p++)
		if (*p == '_')
			*p = ' ';
}

static int roll_named(const struct stock_tables *t, const char *table, struct stock_memory *mem, fact_bits facts,
		      struct rng *rng, struct sbuf *out, struct err *e)
{
	const struct stock_table *tab = stock_table_find(t, table);
	if (!tab)
		return err_usage(e, "%s: the treasure names a table '%s' that the system lacks",
				 t->nfiles > 0 ? t->files[0] : "the tables", table);
	struct stock_vars v = { .memory = mem, .facts = facts };
	return stock_roll(t, tab, &v, 0, rng, out, e);
}

/* What the rest of a hoard (its valuable and magic) comes to, rolled
 * before its coin so that the coin can bring it past the richest. */
struct valued_part {
	int valuable, worth;
	const struct fig_rarity *magic;
};

/* Which of a band's n values or rarities (dearest last) a treasure at
 * dungeon level depth takes: one roll, moved a place toward the dearest
 * for each level down past the second and toward the cheapest on the
 * first, so the first level never has the band's dearest of two and the
 * third always has it. */
static int dearer_deeper(struct rng *rng, int n, int depth)
{
	int i = rng_range(rng, 0, n - 1) + depth - 2;
	return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
}

int stock_treasure_coin(const struct stock_tables *t, int level, enum stock_holder holder, double scale,
			struct rng *rng, long *coin, struct err *e)
{
	const struct stock_figures *f = &t->fig;
	const struct fig_band *coins = stock_band_at(f->coins, f->ncoins, level);
	*coin = 0;
	if (!coins)
		return 0;
	struct stock_dice d;
	if (stock_dice_scan(coins->dice, &d) <= 0)
		return err_set(e, "the coins of levels %d-%d are not dice", coins->lo, coins->hi);
	long c = stock_dice_roll(&d, rng);
	c = holder == HOLDER_PURSE ? (c + 9) / 10 : holder == HOLDER_HOARD ? 3 * c : c;
	*coin = stock_worth_coin(c, scale);
	return 0;
}

int stock_treasure_valued(const struct stock_tables *t, int level, int depth, enum stock_holder holder, double scale,
			  long coin, long richest, struct stock_memory *mem, fact_bits facts, struct rng *rng,
			  struct sbuf *out, long *gp, struct err *e)
{
	const struct stock_figures *f = &t->fig;
	char num[32];
	int parts = 0;
	*gp = 0;
	const struct fig_band *coins = stock_band_at(f->coins, f->ncoins, level);
	int deep = holder == HOLDER_HOARD ? depth + 1 : depth;   /* a hoard as if a level down */
	struct valued_part part = { 0, 0, NULL };
	const struct fig_band *val = stock_band_at(f->valuables, f->nvaluables, level);
	double val_chance = val ? val->chance * scale : 0;
	if (holder != HOLDER_PURSE && val && val->nvalues > 0 &&
	    (holder == HOLDER_HOARD || rng_chance(rng, val_chance > 1 ? 1 : val_chance))) {
		part.valuable = 1;
		part.worth = val->values[dearer_deeper(rng, val->nvalues, deep)];
	}
	const struct fig_band *magic = stock_band_at(f->magic, f->nmagic, level);
	double magic_chance = magic ? (holder == HOLDER_HOARD ? 2 * magic->chance : magic->chance) * scale : 0;
	if (holder != HOLDER_PURSE && magic && magic->nvalues > 0 && rng_chance(rng, magic_chance > 1 ? 1 : magic_chance))
		part.magic = &f->rarities[magic->values[dearer_deeper(rng, magic->nvalues, deep)]];
	long rest = part.worth + (part.magic ? part.magic->value : 0);
	if (holder == HOLDER_HOARD && coins && coin + rest <= richest)
		coin += (richest - coin - rest) / 100 * 100 + 100;   /* the level's richest, in round hundreds more */
	if (coins) {
		*gp += coin;
		parts++;
		sbuf_printf(out, "%s gold pieces", thousands(coin, num, sizeof num));
	}
	if (part.valuable) {
		if (out->len)
			sbuf_add(out, "; ");
		if (roll_named(t, "valuable", mem, facts, rng, out, e) < 0)
			return -1;
		sbuf_printf(out, " worth %s gp", thousands(part.worth, num, sizeof num));
		*gp += part.worth;
		parts++;
	}
	if (part.magic) {
		char table[64], words[32];
		snprintf(table, sizeof table, "magic_%s", part.magic->name);
		rarity_words(part.magic->name, words, sizeof words);
		if (out->len)
			sbuf_add(out, "; ");
		if (roll_named(t, table, mem, facts, rng, out, e) < 0)
			return -1;
		sbuf_printf(out, " (%s, %s gp)", words, thousands(part.magic->value, num, sizeof num));
		*gp += part.magic->value;
		parts++;
	}
	if (parts > 1)
		sbuf_printf(out, "; %s gp in all", thousands(*gp, num, sizeof num));
	if (sbuf_failed(out))
		return err_set(e, "out of memory valuing treasure");
	return 0;
}
