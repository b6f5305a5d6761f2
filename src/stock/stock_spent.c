/* stock_spent.c: whether a table is spent for a document: every line it
 * could give a room says a sentence the document has said, so rolling
 * again (stock.c rolls a line again while it repeats) cannot help. A
 * line's words are known as far as its first call on another table: its
 * text, its values, each result of its dice; a sentence that lies wholly
 * there (model/key_said.h) and was said makes every roll of the line a
 * repeat. Since the said set only grows, what is learnt of a line that
 * names no value is kept in the memory for the rest of the document. */
#include "stock/stock_table.h"

#include "base/article.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The longest head of a line looked at, and the most results of its dice
 * tried; past them a line is taken as not spent. */
#define HEAD_MAX 1024
#define DICE_RESULTS_MAX 256

/* A line being put together: the label's and the entry's known words. */
struct head {
	const struct key_said *said;
	const struct stock_vars *v;
	const struct stock_table *tint;
	const char *text;          /* the entry's */
	const struct stock_tok *toks;
	int ntoks;
	char buf[HEAD_MAX];
	size_t at;                 /* where the entry's words start (capitalised) */
	int results;               /* dice results left to try */
	struct sbuf fixed;         /* the head as the line has it */
};

static int head_said(struct head *h, size_t len, enum key_said_next next)
{
	/* as stock_roll and add_rolled write the line: the roll's articles
	 * set right (those of whole sentences are known here), then its
	 * first letter a capital */
	struct sbuf *f = &h->fixed;
	sbuf_reset(f);
	sbuf_addn(f, h->buf, len);
	article_fix(f, h->at);
	if (sbuf_failed(f))
		return 0;
	if (f->len > h->at && islower((unsigned char)f->data[h->at]))
		f->data[h->at] = (char)toupper((unsigned char)f->data[h->at]);
	return key_said_head(h->said, f->data ? f->data : "", f->len, next);
}

static int append(struct head *h, size_t *len, const char *s, size_t n)
{
	if (*len + n >= HEAD_MAX)
		return -1;
	memcpy(h->buf + *len, s, n);
	*len += n;
	return 0;
}

/* Whether every way of going on from token k, the head being len long,
 * says a sentence said. */
static int rest_said(struct head *h, int k, size_t len)
{
	for (; k < h->ntoks; k++) {
		const struct stock_tok *tok = &h->toks[k];
		const char *value = NULL;
		switch (tok->kind) {
		case STOCK_TOK_TEXT:
			if (append(h, &len, h->text + tok->start, tok->len) < 0)
				return head_said(h, len, KEY_SAID_UNKNOWN);
			continue;
		case STOCK_TOK_VAR:
			value = h->v->v[tok->var] ? h->v->v[tok->var] : "";
			break;
		case STOCK_TOK_CALL:
			if (!(tok->treasure && h->v->treasure && !h->v->treasure_roll))
				return head_said(h, len, tok->opens ? KEY_SAID_OPENS : KEY_SAID_UNKNOWN);
			value = h->v->treasure;
			break;
		case STOCK_TOK_DICE: {
			int lo = stock_dice_min(&tok->dice);
			if (head_said(h, len, lo >= 0 ? KEY_SAID_OPENS : KEY_SAID_UNKNOWN))
				return 1;
			const struct stock_dice *d = &tok->dice;
			for (int sum = d->count; sum <= d->count * d->sides; sum++) {
				if (--h->results < 0)
					return 0;
				char number[24];
				int n = snprintf(number, sizeof number, "%d", (sum + d->add) * d->mul);
				size_t more = len;
				if (append(h, &more, number, (size_t)n) < 0 || !rest_said(h, k + 1, more))
					return 0;
			}
			return 1;
		}
		}
		if (append(h, &len, value, strlen(value)) < 0)
			return head_said(h, len, KEY_SAID_UNKNOWN);
	}
	if (!h->tint)
		return head_said(h, len, KEY_SAID_END);
	if (append(h, &len, " ", 1) < 0)
		return head_said(h, len, KEY_SAID_UNKNOWN);
	return head_said(h, len, h->tint->opens ? KEY_SAID_OPENS : KEY_SAID_UNKNOWN);
}

/* Whether a label stands apart from the line's sentences ("Trap
 * (deadly): ..."), as key_said.c reads a label. */
static int label_apart(const char *label)
{
	size_t n = strlen(label);
	if (n > 24)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)label[i]) && !strchr(" ()-", label[i]))
			return 0;
	return 1;
}

/* In which setting (a bit) lines alike in label and what follows them
 * are, 0 when the label's words are part of the line's first sentence. */
static unsigned char setting_of(const char *label, const struct stock_table *tint)
{
	int apart = label && label_apart(label);
	if (label && !apart)
		return 0;
	return (unsigned char)(1u << ((apart ? 3 : 0) + (!tint ? 0 : tint->opens ? 1 : 2)));
}

/* The words a line starts with: its label's ("Trap: "), put together
 * when first needed. */
struct lead {
	const char *label;
	char text[HEAD_MAX];
	int n;                  /* -1: not yet */
};

/* Whether entry i of tab says a sentence said, whatever it rolls. */
static int entry_said(const struct stock_table *tab, int i, const struct stock_vars *v, struct lead *lead,
		      const struct stock_table *tint, unsigned char *known, unsigned char setting)
{
	const struct stock_entry *en = &tab->entries[i];
	int keep = known && setting && !en->varies;
	if (keep && (known[i] & setting))
		return 1;
	if (!en->toks)
		return 0;   /* not prepared: nothing known */
	if (lead->n < 0)
		lead->n = lead->label ? snprintf(lead->text, sizeof lead->text, "%s: ", lead->label) : 0;
	size_t nlead = (size_t)lead->n;
	struct head h;
	h.said = v->memory->said;
	h.v = v;
	h.tint = tint;
	h.text = en->text;
	h.toks = en->toks;
	h.ntoks = en->ntoks;
	h.results = DICE_RESULTS_MAX;
	if (lead->n < 0 || nlead >= sizeof h.buf)
		return 0;
	memcpy(h.buf, lead->text, nlead);
	h.at = nlead;
	sbuf_init(&h.fixed);
	int said = rest_said(&h, 0, h.at);
	sbuf_free(&h.fixed);
	if (said && keep)
		known[i] |= setting;
	return said;
}

/* The memory's knowledge of tab, or NULL. */
static unsigned char *known_of(const struct stock_tables *t, const struct stock_table *tab,
			       const struct stock_memory *mem)
{
	int ti = (int)(tab - t->tables);
	return mem->spent && ti >= 0 && ti < mem->ntables ? mem->spent[ti] : NULL;
}

int stock_entry_said(const struct stock_tables *t, const struct stock_table *tab, int i, const struct stock_vars *v,
		     const char *label, const struct stock_table *tint)
{
	struct stock_memory *mem = v ? v->memory : NULL;
	if (!mem || !mem->said || mem->said->cap == 0 || i < 0 || i >= tab->n)
		return 0;
	struct lead lead;
	lead.label = label;
	lead.n = -1;
	return entry_said(tab, i, v, &lead, tint, known_of(t, tab, mem), setting_of(label, tint));
}

int stock_spent(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
		const char *label, const struct stock_table *tint)
{
	struct stock_memory *mem = v ? v->memory : NULL;
	if (!mem || !mem->said || mem->said->cap == 0)
		return 0;
	unsigned char *known = known_of(t, tab, mem), setting = setting_of(label, tint);
	struct lead lead;
	lead.label = label;
	lead.n = -1;
	/* the lines it could give: those whose conditions hold, or all */
	fact_bits facts = v->facts | tab->claims;   /* as roll picks */
	int any_holds = 0;
	for (int i = 0; tab->conditioned && i < tab->n && !any_holds; i++)
		any_holds = fact_cond_holds(&tab->entries[i].cond, facts);
	for (int i = 0; i < tab->n; i++)
		if (!(any_holds && !fact_cond_holds(&tab->entries[i].cond, facts)) &&
		    !entry_said(tab, i, v, &lead, tint, known, setting))
			return 0;
	return 1;
}
