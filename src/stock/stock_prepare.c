/* stock_prepare.c: what the stocking tables resolve once, at load, so a
 * roll does no reading: each entry's text in pieces (stock_text_next) with
 * its calls pointing at their tables, the running sums of a weighted
 * table's weights, and which tables open a sentence (every roll on them
 * starts with a capital or a digit). */
#include "stock/stock_table.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void stock_tables_unprepare(struct stock_tables *t)
{
	for (int i = 0; i < t->ntables; i++) {
		struct stock_table *tab = &t->tables[i];
		for (int j = 0; j < tab->n; j++) {
			free(tab->entries[j].toks);
			tab->entries[j].toks = NULL;
			tab->entries[j].ntoks = 0;
		}
		free(tab->upto);
		tab->upto = NULL;
	}
}

/* The deepest N for which the tables have NAME_levelN (N from 2), 0 when
 * none: the names are sorted, so those starting NAME_level sit together. */
static int deepest_level(const struct stock_tables *t, const char *name)
{
	char prefix[STOCK_NAME_MAX + 8];
	size_t len = strlen(name);
	if (len + 6 >= sizeof prefix)
		return 0;
	memcpy(prefix, name, len);
	memcpy(prefix + len, "_level", 7);
	len += 6;
	int lo = 0, hi = t->nnames;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (strcmp(t->names[mid].name, prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	int deepest = 0;
	for (int i = lo; i < t->nnames && strncmp(t->names[i].name, prefix, len) == 0; i++) {
		const char *d = t->names[i].name + len;
		if (d[0] < '1' || d[0] > '9' || strlen(d) > 6)
			continue;   /* "_level03" is never looked up */
		int n = 0;
		for (; isdigit((unsigned char)*d); d++)
			n = n * 10 + (*d - '0');
		if (!*d && n >= 2 && n > deepest)
			deepest = n;
	}
	return deepest;
}

/* Reads entry text into tokens. Returns the count, or -1 out of memory
 * (the text was checked at load, so it reads). */
static int tokenize(const char *text, struct stock_tok **out)
{
	int n = 0, cap = 4;
	struct stock_tok *toks = malloc((size_t)cap * sizeof *toks);
	if (!toks)
		return -1;
	size_t i = 0;
	const char *why = NULL;
	struct stock_tok tok;
	memset(&tok, 0, sizeof tok);
	while (stock_text_next(text, &i, &tok, &why) > 0) {
		if (n == cap) {
			cap *= 2;
			struct stock_tok *p = realloc(toks, (size_t)cap * sizeof *p);
			if (!p) {
				free(toks);
				return -1;
			}
			toks = p;
		}
		tok.sub = -1;
		tok.deepest = 0;
		tok.treasure = tok.kind == STOCK_TOK_CALL && strcmp(tok.name, "treasure") == 0;
		tok.opens = 0;
		toks[n++] = tok;
	}
	*out = toks;
	return n;
}

enum { OPENS_UNKNOWN, OPENS_BUSY, OPENS_NO, OPENS_YES };

static int table_opens(const struct stock_tables *t, int ti, unsigned char *state);

/* Whether what token k expands to (in a roll, not kept as dice) surely
 * starts with a capital or a digit. */
static int tok_opens(const struct stock_tables *t, const char *text, const struct stock_tok *k,
		     unsigned char *state)
{
	switch (k->kind) {
	case STOCK_TOK_TEXT:
		return isupper((unsigned char)text[k->start]) || isdigit((unsigned char)text[k->start]);
	case STOCK_TOK_DICE:
		return stock_dice_min(&k->dice) >= 0;
	case STOCK_TOK_VAR:
		return 0;
	case STOCK_TOK_CALL:
		/* {treasure} may be a valued text; a deeper table is not
		 * followed here */
		return !k->treasure && k->deepest == 0 && k->sub >= 0 && table_opens(t, k->sub, state);
	}
	return 0;
}

static int table_opens(const struct stock_tables *t, int ti, unsigned char *state)
{
	if (state[ti] == OPENS_BUSY)
		return 0;   /* a loop: refused at resolve */
	if (state[ti] != OPENS_UNKNOWN)
		return state[ti] == OPENS_YES;
	state[ti] = OPENS_BUSY;
	const struct stock_table *tab = &t->tables[ti];
	int opens = tab->n > 0;
	for (int j = 0; j < tab->n && opens; j++) {
		const struct stock_entry *en = &tab->entries[j];
		opens = en->ntoks > 0 && tok_opens(t, en->text, &en->toks[0], state);
	}
	state[ti] = opens ? OPENS_YES : OPENS_NO;
	return opens;
}

int stock_tables_prepare(struct stock_tables *t, struct err *e)
{
	stock_tables_unprepare(t);
	for (int i = 0; i < t->ntables; i++) {
		struct stock_table *tab = &t->tables[i];
		for (int j = 0; j < tab->n; j++) {
			struct stock_entry *en = &tab->entries[j];
			if ((en->ntoks = tokenize(en->text, &en->toks)) < 0) {
				en->ntoks = 0;
				return err_set(e, "out of memory reading tables");
			}
			en->varies = 0;
			for (int k = 0; k < en->ntoks; k++) {
				struct stock_tok *tok = &en->toks[k];
				if (tok->kind == STOCK_TOK_CALL) {
					const struct stock_table *sub = stock_table_find(t, tok->name);
					tok->sub = sub ? (int)(sub - t->tables) : -1;
					tok->deepest = deepest_level(t, tok->name);
				}
				en->varies |= tok->kind == STOCK_TOK_VAR || tok->treasure;
			}
		}
		if (tab->die.sides == 0) {
			if (!(tab->upto = malloc((size_t)tab->n * sizeof *tab->upto)))
				return err_set(e, "out of memory reading tables");
			long sum = 0;
			for (int j = 0; j < tab->n; j++)
				tab->upto[j] = sum += tab->entries[j].weight;
		}
	}
	unsigned char *state = calloc((size_t)t->ntables + 1, 1);
	if (!state)
		return err_set(e, "out of memory reading tables");
	for (int i = 0; i < t->ntables; i++)
		t->tables[i].opens = table_opens(t, i, state);
	for (int i = 0; i < t->ntables; i++)
		for (int j = 0; j < t->tables[i].n; j++)
			for (int k = 0; k < t->tables[i].entries[j].ntoks; k++) {
				struct stock_tok *tok = &t->tables[i].entries[j].toks[k];
				if (tok->kind == STOCK_TOK_CALL)
					tok->opens = tok_opens(t, t->tables[i].entries[j].text, tok, state);
			}
	free(state);
	return 0;
}
