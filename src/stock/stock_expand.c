/* stock_expand.c: rolling on stocking tables: reading entry text into
 * pieces (plain text, {table} calls, {$value}s, dice), rolling dice and
 * expanding calls into finished text. Loading lives in stock_table.c. */
#include "stock/stock_table.h"

#include "base/article.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STOCK_MAX_DEPTH 40
#define STOCK_MAX_TEXT 65536
/* Table calls in one expansion: calls that add no text (a variable that is
 * empty) would otherwise let a few lines of tables run for hours. */
#define STOCK_MAX_CALLS 20000

static const char *const var_names[STOCK_VAR_COUNT] = { "theme", "key", "room", "dc", "attack", "damage",
									"wall", "force", "door" };

/* Reads up to maxdigits digits at *p into *out; returns how many were read. */
static int read_number(const char **p, int maxdigits, long *out)
{
	int n = 0;
	long v = 0;
	while (isdigit((unsigned char)**p)) {
		if (n < maxdigits)
			v = v * 10 + (**p - '0');
		n++;
		(*p)++;
	}
	*out = n > maxdigits ? -1 : v;
	return n;
}

int stock_dice_scan(const char *s, struct stock_dice *d)
{
	const char *p = s;
	long count = 1, sides, add = 0, mul = 1;
	if (isdigit((unsigned char)*p) && read_number(&p, 4, &count) == 0)
		return 0;
	if (*p != 'd' || !isdigit((unsigned char)p[1]))
		return 0;
	p++;
	read_number(&p, 5, &sides);
	if ((*p == '+' || *p == '-') && isdigit((unsigned char)p[1])) {
		int neg = *p == '-';
		p++;
		read_number(&p, 6, &add);
		if (add >= 0 && neg)
			add = -add;
		else if (add < 0)
			add = 100000;   /* too many digits: out of range below */
	}
	if (*p == 'x' && isdigit((unsigned char)p[1])) {
		p++;
		read_number(&p, 6, &mul);
	}
	if (isalnum((unsigned char)*p) || *p == '_')
		return 0;   /* part of a longer word ("d6s") */
	if (count < 1 || count > 100 || sides < 2 || sides > 1000 || add < -10000 || add > 10000 || mul < 1 ||
	    mul > 10000)
		return -1;
	d->count = (int)count;
	d->sides = (int)sides;
	d->add = (int)add;
	d->mul = (int)mul;
	return (int)(p - s);
}

int stock_dice_roll(const struct stock_dice *d, struct rng *rng)
{
	int sum = 0;
	for (int i = 0; i < d->count; i++)
		sum += rng_die(rng, d->sides);
	return (sum + d->add) * d->mul;
}

int stock_dice_min(const struct stock_dice *d)
{
	return (d->count + d->add) * d->mul;
}

int stock_dice_max(const struct stock_dice *d)
{
	return (d->count * d->sides + d->add) * d->mul;
}

static int word_start(const char *text, size_t i)
{
	return i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_');
}

static int may_start_dice(const char *text, size_t i)
{
	return word_start(text, i) && (isdigit((unsigned char)text[i]) || text[i] == 'd');
}

/* Reads the inside of {...} starting at text[*i] == '{'. */
static int read_braces(const char *text, size_t *i, struct stock_tok *tok, const char **why)
{
	size_t open = *i, p = open + 1;
	int is_var = text[p] == '$';
	if (is_var)
		p++;
	size_t name_start = p;
	while (text[p] && text[p] != '}') {
		char c = text[p];
		if (!(islower((unsigned char)c) || isdigit((unsigned char)c) || c == '_')) {
			*i = p;
			*why = c == '{' ? "'{' inside a call: a call is closed by '}' first"
					: "a table name uses only a-z, 0-9 and '_'";
			return -1;
		}
		p++;
	}
	if (!text[p]) {
		*i = open;
		*why = "'{' is not closed by '}'";
		return -1;
	}
	size_t len = p - name_start;
	if (len == 0 || len >= STOCK_NAME_MAX) {
		*i = open;
		*why = len == 0 ? "empty '{}': name a table inside the braces" : "table name too long";
		return -1;
	}
	memcpy(tok->name, text + name_start, len);
	tok->name[len] = '\0';
	if (is_var) {
		int found = -1;
		for (int v = 0; v < STOCK_VAR_COUNT; v++)
			if (strcmp(var_names[v], tok->name) == 0)
				found = v;
		if (found < 0) {
			*i = open;
			*why = "unknown value: the values are {$theme}, {$key}, {$room}, {$dc}, {$attack}, {$damage}, {$wall}, {$force} and {$door}";
			return -1;
		}
		tok->kind = STOCK_TOK_VAR;
		tok->var = (enum stock_var)found;
	} else {
		tok->kind = STOCK_TOK_CALL;
	}
	tok->start = open;
	tok->len = p + 1 - open;
	*i = p + 1;
	return 1;
}

int stock_text_next(const char *text, size_t *i, struct stock_tok *tok, const char **why)
{
	size_t p = *i;
	if (!text[p])
		return 0;
	if (text[p] == '{')
		return read_braces(text, i, tok, why);
	if (text[p] == '}') {
		*why = "'}' without '{'";
		return -1;
	}
	if (may_start_dice(text, p)) {
		int n = stock_dice_scan(text + p, &tok->dice);
		if (n < 0) {
			*why = "dice out of range (1 to 100 dice of 2 to 1000 sides)";
			return -1;
		}
		if (n > 0) {
			tok->kind = STOCK_TOK_DICE;
			tok->start = p;
			tok->len = (size_t)n;
			*i = p + (size_t)n;
			return 1;
		}
	}
	/* plain text up to the next brace or possible dice */
	size_t q = p + 1;
	while (text[q] && text[q] != '{' && text[q] != '}' && !may_start_dice(text, q))
		q++;
	tok->kind = STOCK_TOK_TEXT;
	tok->start = p;
	tok->len = q - p;
	*i = q;
	return 1;
}

static int cmp_name_key(const void *key, const void *elem)
{
	return strcmp(key, ((const struct stock_name *)elem)->name);
}

const struct stock_table *stock_table_find(const struct stock_tables *t, const char *name)
{
	if (!t->sorted || t->nnames == 0)
		return NULL;
	const struct stock_name *n = bsearch(name, t->names, (size_t)t->nnames, sizeof *t->names, cmp_name_key);
	return n ? &t->tables[n->table] : NULL;
}

const struct stock_table *stock_table_at_depth(const struct stock_tables *t, const char *name, int depth)
{
	for (int level = depth; level >= 2; level--) {
		char deeper[STOCK_NAME_MAX + 16];
		int n = snprintf(deeper, sizeof deeper, "%s_level%d", name, level);
		const struct stock_table *tab = n > 0 && n < STOCK_NAME_MAX ? stock_table_find(t, deeper) : NULL;
		if (tab)
			return tab;
	}
	return stock_table_find(t, name);
}

int stock_pick(const struct stock_table *tab, struct rng *rng)
{
	if (tab->n <= 0)
		return -1;
	if (tab->die.sides > 0) {
		int r = stock_dice_roll(&tab->die, rng);
		for (int i = 0; i < tab->n; i++)
			if (r >= tab->entries[i].lo && r <= tab->entries[i].hi)
				return i;
		return -1;
	}
	long r = tab->total_weight > 0 ? (long)rng_range(rng, 1, (int)tab->total_weight) : 1;
	if (tab->upto) {
		/* the first entry whose running sum reaches r */
		int lo = 0, hi = tab->n - 1;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			if (tab->upto[mid] >= r)
				hi = mid;
			else
				lo = mid + 1;
		}
		return lo;
	}
	for (int i = 0; i < tab->n; i++) {
		r -= tab->entries[i].weight;
		if (r <= 0)
			return i;
	}
	return tab->n - 1;
}

#define STOCK_FRESH_TRIES 8

int stock_memory_init(struct stock_memory *mem, const struct stock_tables *t, struct err *e)
{
	memset(mem, 0, sizeof *mem);
	mem->used = calloc((size_t)t->ntables + 1, sizeof *mem->used);
	mem->nused = calloc((size_t)t->ntables + 1, sizeof *mem->nused);
	mem->spent = calloc((size_t)t->ntables + 1, sizeof *mem->spent);
	if (!mem->used || !mem->nused || !mem->spent) {
		stock_memory_free(mem);
		return err_set(e, "out of memory for the stocking tables");
	}
	mem->ntables = t->ntables;
	for (int i = 0; i < t->ntables; i++)
		if (!(mem->used[i] = calloc((size_t)t->tables[i].n + 1, 1)) ||
		    !(mem->spent[i] = calloc((size_t)t->tables[i].n + 1, 1))) {
			stock_memory_free(mem);
			return err_set(e, "out of memory for the stocking tables");
		}
	return 0;
}

void stock_memory_free(struct stock_memory *mem)
{
	for (int i = 0; mem->used && i < mem->ntables; i++)
		free(mem->used[i]);
	for (int i = 0; mem->spent && i < mem->ntables; i++)
		free(mem->spent[i]);
	free(mem->used);
	free(mem->spent);
	free(mem->nused);
	memset(mem, 0, sizeof *mem);
}

int stock_pick_fresh(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
		     struct rng *rng)
{
	int ti = (int)(tab - t->tables);
	if (!mem || tab->die.sides > 0 || ti < 0 || ti >= mem->ntables)
		return stock_pick(tab, rng);
	unsigned char *used = mem->used[ti];
	if (mem->nused[ti] >= tab->n) {
		memset(used, 0, (size_t)tab->n);
		mem->nused[ti] = 0;
	}
	int i = stock_pick(tab, rng);
	for (int tries = 0; tries < STOCK_FRESH_TRIES && i >= 0 && used[i]; tries++)
		i = stock_pick(tab, rng);
	if (i >= 0 && !used[i]) {
		used[i] = 1;
		mem->nused[ti]++;
	}
	return i;
}

static int expand(const struct stock_tables *t, const char *text, const struct stock_tok *toks, int ntoks,
		  const struct stock_vars *v, int flags, struct rng *rng, struct sbuf *out, int depth, long *calls,
		  struct err *e);

static int roll(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
		int flags, struct rng *rng, struct sbuf *out, int depth, long *calls, struct err *e)
{
	fact_bits facts = v ? v->facts : 0;
	int i = stock_pick_fit(t, tab, v ? v->memory : NULL, facts | tab->claims, rng);
	if (i < 0)
		return err_set(e, "table '%s' has no entry for that roll", tab->name);
	const struct stock_entry *en = &tab->entries[i];
	fact_bits claimed = en->cond.need & tab->claims;
	if (v && claimed) {   /* "[carried]In a purse: {treasure}": what it calls is carried */
		struct stock_vars with = *v;
		with.facts |= claimed;
		return expand(t, en->text, en->toks, en->ntoks, &with, flags, rng, out, depth, calls, e);
	}
	return expand(t, en->text, en->toks, en->ntoks, v, flags, rng, out, depth, calls, e);
}

/* The table call tok rolls on at the roll's depth. */
static const struct stock_table *call_table(const struct stock_tables *t, const struct stock_tok *tok,
					     const struct stock_vars *v)
{
	int depth = v ? v->depth : 0;
	if (tok->sub >= 0 && (tok->deepest < 2 || depth < 2))
		return &t->tables[tok->sub];
	return stock_table_at_depth(t, tok->name, tok->deepest && tok->deepest < depth ? tok->deepest : depth);
}

/* Appends what token tok of text gives. Returns 0 or -1 with e set. */
static int put_token(const struct stock_tables *t, const char *text, const struct stock_tok *tok,
		     const struct stock_vars *v, int flags, struct rng *rng, struct sbuf *out, int depth,
		     long *calls, struct err *e)
{
	switch (tok->kind) {
	case STOCK_TOK_TEXT:
		sbuf_addn(out, text + tok->start, tok->len);
		break;
	case STOCK_TOK_VAR:
		if (v && v->v[tok->var])
			sbuf_add(out, v->v[tok->var]);
		if (v && v->used)
			*v->used |= 1u << tok->var;
		break;
	case STOCK_TOK_DICE:
		if (flags & STOCK_KEEP_DICE)
			sbuf_addn(out, text + tok->start, tok->len);
		else
			sbuf_printf(out, "%d", stock_dice_roll(&tok->dice, rng));
		break;
	case STOCK_TOK_CALL: {
		if (v && v->treasure_roll && tok->treasure) {
			if (v->treasure_roll(v->treasure_ctx, v->facts, out, e) < 0)
				return -1;
			break;
		}
		if (v && v->treasure && tok->treasure) {
			sbuf_add(out, v->treasure);
			break;
		}
		const struct stock_table *sub = call_table(t, tok, v);
		if (!sub)
			return err_set(e, "no stocking table '%s'", tok->name);
		if (++*calls > STOCK_MAX_CALLS)
			return err_set(e, "stocking tables call tables more than %d times for one line (at '%s')",
				       STOCK_MAX_CALLS, tok->name);
		if (roll(t, sub, v, flags, rng, out, depth + 1, calls, e) < 0)
			return -1;
		break;
	}
	}
	if (out->len > STOCK_MAX_TEXT)
		return err_set(e, "stocking tables expand to more than %d characters", STOCK_MAX_TEXT);
	return 0;
}

/* Expands text, from its tokens read at load (toks) or read now (toks
 * NULL). */
static int expand(const struct stock_tables *t, const char *text, const struct stock_tok *toks, int ntoks,
		  const struct stock_vars *v, int flags, struct rng *rng, struct sbuf *out, int depth, long *calls,
		  struct err *e)
{
	if (depth > STOCK_MAX_DEPTH)
		return err_set(e, "stocking tables call each other more than %d deep", STOCK_MAX_DEPTH);
	if (toks) {
		for (int k = 0; k < ntoks; k++)
			if (put_token(t, text, &toks[k], v, flags, rng, out, depth, calls, e) < 0)
				return -1;
	} else {
		size_t i = 0;
		struct stock_tok tok;
		const char *why = NULL;
		int r;
		while ((r = stock_text_next(text, &i, &tok, &why)) > 0) {
			tok.sub = -1;
			tok.deepest = 0;
			tok.treasure = tok.kind == STOCK_TOK_CALL && strcmp(tok.name, "treasure") == 0;
			if (put_token(t, text, &tok, v, flags, rng, out, depth, calls, e) < 0)
				return -1;
		}
		if (r < 0)
			return err_set(e, "bad stocking text at character %zu: %s", i + 1, why);
	}
	if (sbuf_failed(out))
		return err_set(e, "out of memory expanding stocking tables");
	return 0;
}

int stock_expand(const struct stock_tables *t, const char *text, const struct stock_vars *v, int flags,
		 struct rng *rng, struct sbuf *out, struct err *e)
{
	long calls = 0;
	size_t from = out->len;
	if (expand(t, text, NULL, 0, v, flags, rng, out, 0, &calls, e) < 0)
		return -1;
	article_fix(out, from);   /* "a {gem_kind}" said "an amber" */
	return 0;
}

int stock_roll(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
	       int flags, struct rng *rng, struct sbuf *out, struct err *e)
{
	long calls = 0;
	size_t from = out->len;
	if (roll(t, tab, v, flags, rng, out, 0, &calls, e) < 0)
		return -1;
	article_fix(out, from);
	return 0;
}

static int roll_entry_dry(const struct stock_tables *t, const struct stock_table *tab, int i,
			  const struct stock_vars *v, int flags, struct rng *rng, int depth, long *calls, struct err *e);

/* Rolls what the tokens of an entry roll (dice, calls, a valued treasure)
 * and names (values), writing nothing: the draws expand makes. */
static int roll_dry(const struct stock_tables *t, const struct stock_entry *en, const struct stock_vars *v,
		    int flags, struct rng *rng, int depth, long *calls, struct err *e)
{
	if (depth > STOCK_MAX_DEPTH)
		return err_set(e, "stocking tables call each other more than %d deep", STOCK_MAX_DEPTH);
	for (int k = 0; k < en->ntoks; k++) {
		const struct stock_tok *tok = &en->toks[k];
		if (tok->kind == STOCK_TOK_VAR && v && v->used)
			*v->used |= 1u << tok->var;
		if (tok->kind == STOCK_TOK_DICE && !(flags & STOCK_KEEP_DICE))
			stock_dice_roll(&tok->dice, rng);
		if (tok->kind != STOCK_TOK_CALL)
			continue;
		if (v && v->treasure_roll && tok->treasure) {
			/* valued as expand values it: the same draws, the same worth kept */
			struct sbuf scratch;
			sbuf_init(&scratch);
			int rc = v->treasure_roll(v->treasure_ctx, v->facts, &scratch, e);
			sbuf_free(&scratch);
			if (rc < 0)
				return -1;
			continue;
		}
		if (v && v->treasure && tok->treasure)
			continue;
		const struct stock_table *sub = call_table(t, tok, v);
		if (!sub)
			return err_set(e, "no stocking table '%s'", tok->name);
		if (++*calls > STOCK_MAX_CALLS)
			return err_set(e, "stocking tables call tables more than %d times for one line (at '%s')",
				       STOCK_MAX_CALLS, tok->name);
		int i = stock_pick_fit(t, sub, v ? v->memory : NULL, (v ? v->facts : 0) | sub->claims, rng);
		if (i < 0)
			return err_set(e, "table '%s' has no entry for that roll", sub->name);
		if (roll_entry_dry(t, sub, i, v, flags, rng, depth + 1, calls, e) < 0)
			return -1;
	}
	return 0;
}

/* roll_dry on entry i of tab, with the facts it claims for what it calls,
 * as roll expands it. */
static int roll_entry_dry(const struct stock_tables *t, const struct stock_table *tab, int i,
			  const struct stock_vars *v, int flags, struct rng *rng, int depth, long *calls, struct err *e)
{
	fact_bits claimed = tab->entries[i].cond.need & tab->claims;
	if (v && claimed) {
		struct stock_vars with = *v;
		with.facts |= claimed;
		return roll_dry(t, &tab->entries[i], &with, flags, rng, depth, calls, e);
	}
	return roll_dry(t, &tab->entries[i], v, flags, rng, depth, calls, e);
}

int stock_roll_unless(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
		      int flags, int (*skip)(void *ctx, int entry), void *ctx, struct stock_fit *fit, struct rng *rng,
		      struct sbuf *out, struct err *e)
{
	long calls = 0;
	int i = stock_pick_fit_again(t, tab, v ? v->memory : NULL, (v ? v->facts : 0) | tab->claims, fit, rng);
	if (i < 0)
		return err_set(e, "table '%s' has no entry for that roll", tab->name);
	const struct stock_entry *en = &tab->entries[i];
	if (en->toks && skip && skip(ctx, i))
		return roll_entry_dry(t, tab, i, v, flags, rng, 0, &calls, e) < 0 ? -1 : 1;
	/* as roll and stock_roll write it */
	size_t from = out->len;
	fact_bits claimed = en->cond.need & tab->claims;
	struct stock_vars with;
	if (v && claimed) {
		with = *v;
		with.facts |= claimed;
		v = &with;
	}
	if (expand(t, en->text, en->toks, en->ntoks, v, flags, rng, out, 0, &calls, e) < 0)
		return -1;
	article_fix(out, from);
	return 0;
}
