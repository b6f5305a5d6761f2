/* stock_table.c: loading stocking tables: the directives of a *.table file,
 * a system's folder, and the checks made at load time (calls name real
 * tables, no table calls itself, dice and rolls cover their die). Finding
 * a system's folder is in stock_load.c, rolling in stock_expand.c. */
#include "stock/stock_table.h"

#include "template/template.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void stock_tables_init(struct stock_tables *t)
{
	memset(t, 0, sizeof *t);
	t->current = -1;
}

void stock_tables_free(struct stock_tables *t)
{
	stock_tables_unprepare(t);
	for (int i = 0; i < t->ntables; i++) {
		for (int j = 0; j < t->tables[i].n; j++)
			free(t->tables[i].entries[j].text);
		free(t->tables[i].entries);
	}
	free(t->tables);
	free(t->names);
	for (int i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	free(t->file_system);
	stock_figures_free(&t->fig);
	stock_figures_free(&t->base_fig);
	stock_tables_init(t);
}

/* ---- directives ---- */

static struct stock_tables *ctx_tables(void *ctx)
{
	return ctx;
}

static int valid_name(const char *s, size_t max)
{
	size_t n = strlen(s);
	if (n == 0 || n >= max || !islower((unsigned char)s[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
			return 0;
	return 1;
}

/* Whether the file being read is a base system's. */
static int reading_base(const struct stock_tables *t)
{
	return t->reading_system > 0;
}

static int add_name(struct stock_tables *t, const struct tpl_pos *pos, const struct tpl_field *f, int table,
		    struct err *e)
{
	if (!valid_name(f->text, STOCK_NAME_MAX))
		return tpl_error(e, pos, f->col,
				 "'%s' is not a table name (a-z first, then a-z, 0-9 or '_', at most %d)",
				 f->text, STOCK_NAME_MAX - 1);
	for (int i = 0; i < t->nnames; i++)
		if (strcmp(t->names[i].name, f->text) == 0) {
			if (t->file_system[t->names[i].file] < t->reading_system)
				return 0;   /* the system's own table stands in for the base's */
			return tpl_error(e, pos, f->col, "table '%s' is already defined at %s:%d", f->text,
					 t->files[t->names[i].file], t->names[i].line);
		}
	if (t->nnames == t->names_cap) {
		int cap = t->names_cap ? t->names_cap * 2 : 64;
		struct stock_name *p = realloc(t->names, (size_t)cap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading tables");
		t->names = p;
		t->names_cap = cap;
	}
	struct stock_name *n = &t->names[t->nnames++];
	snprintf(n->name, sizeof n->name, "%s", f->text);
	n->table = table;
	n->file = t->nfiles - 1;
	n->line = pos->line;
	n->col = f->col;
	t->sorted = 0;
	return 0;
}

/* Checks the open table is complete and closes it. */
static int finish_table(struct stock_tables *t, struct err *e)
{
	if (t->current < 0)
		return 0;
	struct stock_table *tab = &t->tables[t->current];
	struct tpl_pos pos = { t->files[tab->file], tab->line };
	t->current = -1;
	if (tab->n == 0)
		return tpl_error(e, &pos, 7, "table '%s' has no entries", tab->name);
	if (tab->die.sides == 0)
		return 0;
	int lo = stock_dice_min(&tab->die), hi = stock_dice_max(&tab->die);
	for (int r = lo; r <= hi; r++) {
		int covered = 0;
		for (int i = 0; i < tab->n && !covered; i++)
			covered = r >= tab->entries[i].lo && r <= tab->entries[i].hi;
		if (!covered)
			return tpl_error(e, &pos, 7, "table '%s' has no roll line for %d (its die gives %d to %d)",
					 tab->name, r, lo, hi);
	}
	return 0;
}

static int d_table(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	if (finish_table(t, e) < 0)
		return -1;
	if (t->ntables == t->tables_cap) {
		int cap = t->tables_cap ? t->tables_cap * 2 : 32;
		struct stock_table *p = realloc(t->tables, (size_t)cap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading tables");
		t->tables = p;
		t->tables_cap = cap;
	}
	if (add_name(t, pos, &f[0], t->ntables, e) < 0)
		return -1;
	struct stock_table *tab = &t->tables[t->ntables];
	memset(tab, 0, sizeof *tab);
	snprintf(tab->name, sizeof tab->name, "%s", f[0].text);
	tab->file = t->nfiles - 1;
	tab->line = pos->line;
	t->current = t->ntables++;
	return 0;
}

static struct stock_table *open_table(struct stock_tables *t, const struct tpl_pos *pos, const char *what,
				      struct err *e)
{
	if (t->current < 0) {
		tpl_error(e, pos, 1, "'%s' outside a table: start one with 'table:NAME'", what);
		return NULL;
	}
	return &t->tables[t->current];
}

static int d_alias(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	if (!open_table(t, pos, "alias", e))
		return -1;
	return add_name(t, pos, &f[0], t->current, e);
}

/* A die for a table or a roll: NdS, no adds or multipliers, 2..1000 results. */
static int parse_die(const struct tpl_pos *pos, const struct tpl_field *f, int max_count, struct stock_dice *d,
		     struct err *e)
{
	int n = stock_dice_scan(f->text, d);
	if (n <= 0 || f->text[n] != '\0' || d->add != 0 || d->mul != 1 || d->count > max_count)
		return tpl_error(e, pos, f->col, "'%s' is not a die (expected dN or NdN, up to %d dice)", f->text,
				 max_count);
	return 0;
}

static int d_die(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	struct stock_table *tab = open_table(t, pos, "die", e);
	if (!tab)
		return -1;
	if (tab->n > 0 || tab->die.sides > 0)
		return tpl_error(e, pos, 1, "'die' comes once, right after 'table:%s'", tab->name);
	return parse_die(pos, &f[0], 10, &tab->die, e);
}

/* "3" or "1-2", within lo..hi. */
static int parse_range(const struct tpl_pos *pos, const struct tpl_field *f, int lo, int hi, int *a, int *b,
		       struct err *e)
{
	char *end;
	long x = strtol(f->text, &end, 10), y = x;
	if (end == f->text)
		goto bad;
	if (*end == '-') {
		char *s = end + 1;
		y = strtol(s, &end, 10);
		if (end == s)
			goto bad;
	}
	if (*end != '\0')
		goto bad;
	if (x > y || x < lo || y > hi)
		return tpl_error(e, pos, f->col, "roll %s is outside %d to %d or runs backwards", f->text, lo, hi);
	*a = (int)x;
	*b = (int)y;
	return 0;
bad:
	return tpl_error(e, pos, f->col, "'%s' is not a roll (expected N or N-M)", f->text);
}

/* Checks the syntax of entry text: braces, names, values, dice. */
static int check_text(const struct tpl_pos *pos, const struct tpl_field *f, struct err *e)
{
	size_t i = 0;
	struct stock_tok tok;
	const char *why = NULL;
	int r;
	while ((r = stock_text_next(f->text, &i, &tok, &why)) > 0)
		;
	if (r < 0)
		return tpl_error(e, pos, f->col + (int)i, "%s", why);
	if (f->text[0] == '\0')
		return tpl_error(e, pos, f->col, "empty entry text");
	return 0;
}

static int add_entry(struct stock_table *tab, const struct tpl_pos *pos,
		     const struct tpl_field *field, int lo, int hi, int weight, struct err *e)
{
	struct fact_cond cond;
	const char *rest;
	if (fact_cond_read(pos, field->text, field->col, &cond, &rest, e) < 0)
		return -1;
	struct tpl_field after = *field;
	after.text = rest;
	after.col = field->col + (int)(rest - field->text);
	const struct tpl_field *text = &after;
	if (check_text(pos, text, e) < 0)
		return -1;
	if (tab->n == tab->cap) {
		int cap = tab->cap ? tab->cap * 2 : 16;
		struct stock_entry *p = realloc(tab->entries, (size_t)cap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading tables");
		tab->entries = p;
		tab->cap = cap;
	}
	struct stock_entry *en = &tab->entries[tab->n];
	en->text = strdup(text->text);
	if (!en->text)
		return err_set(e, "out of memory reading tables");
	en->toks = NULL;
	en->ntoks = 0;
	en->varies = 0;
	en->lo = lo;
	en->hi = hi;
	en->weight = weight;
	en->cond = cond;
	if (cond.need || cond.not)
		tab->conditioned = 1;
	tab->claims |= cond.need & FACTS_CLAIMED;
	en->line = pos->line;
	en->col = text->col;
	tab->n++;
	tab->total_weight += weight;
	return 0;
}

static int d_roll(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	struct stock_table *tab = open_table(t, pos, "roll", e);
	if (!tab)
		return -1;
	if (tab->die.sides == 0)
		return tpl_error(e, pos, 1, "table '%s' has no die: give 'die:d6' first, or use 'entry:WEIGHT:text'",
				 tab->name);
	int lo, hi;
	if (parse_range(pos, &f[0], stock_dice_min(&tab->die), stock_dice_max(&tab->die), &lo, &hi, e) < 0)
		return -1;
	for (int i = 0; i < tab->n; i++)
		if (lo <= tab->entries[i].hi && hi >= tab->entries[i].lo)
			return tpl_error(e, pos, f[0].col, "roll %s overlaps the roll line at line %d", f[0].text,
					 tab->entries[i].line);
	return add_entry(tab, pos, &f[1], lo, hi, 0, e);
}

static int d_entry(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	struct stock_table *tab = open_table(t, pos, "entry", e);
	if (!tab)
		return -1;
	if (tab->die.sides > 0)
		return tpl_error(e, pos, 1, "table '%s' is rolled with %s: use 'roll:N-M:text'", tab->name,
				 tab->die.count > 1 ? "several dice" : "a die");
	if (f[0].i < 1 || f[0].i > 10000)
		return tpl_error(e, pos, f[0].col, "weight %ld is out of range (1 to 10000)", f[0].i);
	if (tab->total_weight + f[0].i > 1000000000L)
		return tpl_error(e, pos, f[0].col, "the weights of table '%s' add up past 1000000000", tab->name);
	return add_entry(tab, pos, &f[1], 0, 0, (int)f[0].i, e);
}

static int d_contents(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	if (finish_table(t, e) < 0)
		return -1;
	if (t->contents_die.sides > 0 && t->contents_system < t->reading_system)
		return 0;   /* the system's own roll stands */
	if (t->contents_die.sides > 0)
		return tpl_error(e, pos, 1, "the contents roll is already given at %s:%d", t->files[t->contents_file],
				 t->contents_line);
	if (parse_die(pos, &f[0], 10, &t->contents_die, e) < 0)
		return -1;
	t->contents_file = t->nfiles - 1;
	t->contents_line = pos->line;
	t->contents_system = t->reading_system;
	return 0;
}

static int d_kind(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	if (finish_table(t, e) < 0)
		return -1;
	if (t->contents_die.sides > 0 && t->contents_system < t->reading_system)
		return 0;
	if (t->contents_die.sides == 0)
		return tpl_error(e, pos, 1, "'kind' needs the contents roll first ('contents:d6')");
	if (t->nkinds >= STOCK_MAX_KINDS)
		return tpl_error(e, pos, 1, "more than %d kinds of contents", STOCK_MAX_KINDS);
	struct stock_kind *k = &t->kinds[t->nkinds];
	if (parse_range(pos, &f[0], stock_dice_min(&t->contents_die), stock_dice_max(&t->contents_die), &k->lo,
			&k->hi, e) < 0)
		return -1;
	for (int i = 0; i < t->nkinds; i++) {
		if (k->lo <= t->kinds[i].hi && k->hi >= t->kinds[i].lo)
			return tpl_error(e, pos, f[0].col, "roll %s overlaps the kind at line %d", f[0].text,
					 t->kinds[i].line);
		if (strcmp(t->kinds[i].name, f[1].text) == 0)
			return tpl_error(e, pos, f[1].col, "kind '%s' is given twice", f[1].text);
	}
	if (!valid_name(f[1].text, sizeof k->name))
		return tpl_error(e, pos, f[1].col, "'%s' is not a kind name (a-z, at most %zu)", f[1].text,
				 sizeof k->name - 1);
	if (stock_parse_chance(pos, &f[2], &k->treasure, e) < 0)
		return -1;
	snprintf(k->name, sizeof k->name, "%s", f[1].text);
	k->file = t->nfiles - 1;
	k->line = pos->line;
	k->col = f[1].col;
	t->nkinds++;
	return 0;
}

static int d_wandering(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_tables *t = ctx_tables(ctx);
	if (finish_table(t, e) < 0)
		return -1;
	struct stock_dice d;
	if (parse_die(pos, &f[0], 1, &d, e) < 0)
		return -1;
	if (t->wandering_die.sides > 0 && t->wandering_system < t->reading_system)
		return 0;
	if (d.sides > 100)
		return tpl_error(e, pos, f[0].col, "a wandering table of %d rows is too long (at most 100)", d.sides);
	t->wandering_die = d;
	t->wandering_system = t->reading_system;
	return 0;
}

static const struct tpl_directive stock_directives[] = {
	{ "table", "str", d_table, 0 },
	{ "alias", "str", d_alias, 0 },
	{ "die", "str", d_die, 0 },
	{ "roll", "str text", d_roll, 0 },
	{ "entry", "int text", d_entry, 0 },
	{ "contents", "str", d_contents, 0 },
	{ "kind", "str str str", d_kind, 0 },
	{ "wandering", "str", d_wandering, 0 },
};

/* The stocking directives and the figures' (stock_figures.h), these given
 * the tables' figures, or a base system's set aside. Returns the count. */
static size_t all_directives(const struct stock_tables *t, struct tpl_directive *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < sizeof stock_directives / sizeof stock_directives[0] && n + 1 < max; i++)
		out[n++] = stock_directives[i];
	size_t at = reading_base(t) ? offsetof(struct stock_tables, base_fig) : offsetof(struct stock_tables, fig);
	for (size_t i = 0; stock_figure_directives[i].name && n + 1 < max; i++) {
		out[n] = stock_figure_directives[i];
		out[n++].ctx_offset = at;
	}
	out[n] = (struct tpl_directive){ NULL, NULL, NULL, 0 };
	return n;
}

int stock_tables_parse_text(struct stock_tables *t, const char *name, const char *text, size_t len,
			    struct err *e)
{
	char **p = realloc(t->files, ((size_t)t->nfiles + 1) * sizeof *p);
	if (!p)
		return err_set(e, "out of memory reading tables");
	t->files = p;
	int *sys = realloc(t->file_system, ((size_t)t->nfiles + 1) * sizeof *sys);
	if (!sys)
		return err_set(e, "out of memory reading tables");
	t->file_system = sys;
	sys[t->nfiles] = t->reading_system;
	if (!(p[t->nfiles] = strdup(name)))
		return err_set(e, "out of memory reading tables");
	t->nfiles++;
	t->current = -1;
	struct tpl_directive dirs[64];
	all_directives(t, dirs, sizeof dirs / sizeof dirs[0]);
	if (tpl_parse_text(p[t->nfiles - 1], text, len, dirs, t, e) < 0)
		return -1;
	return finish_table(t, e);
}

/* ---- checks after loading ---- */

static int cmp_names(const void *a, const void *b)
{
	return strcmp(((const struct stock_name *)a)->name, ((const struct stock_name *)b)->name);
}

enum { WHITE, GREY, BLACK };

struct walk {
	struct stock_tables *t;
	unsigned char *colour;
	int *path;
	int depth;
};

/* Depth-first walk of the call graph from table ti; a call back into a table
 * on the current path is a loop. */
static int walk_calls(struct walk *w, int ti, struct err *e)
{
	struct stock_tables *t = w->t;
	struct stock_table *tab = &t->tables[ti];
	w->colour[ti] = GREY;
	w->path[w->depth++] = ti;
	for (int k = 0; k < tab->n; k++) {
		const struct stock_entry *en = &tab->entries[k];
		size_t i = 0;
		struct stock_tok tok;
		const char *why;
		while (stock_text_next(en->text, &i, &tok, &why) > 0) {
			if (tok.kind != STOCK_TOK_CALL)
				continue;
			struct tpl_pos pos = { t->files[tab->file], en->line };
			int col = en->col + (int)tok.start;
			const struct stock_table *sub = stock_table_find(t, tok.name);
			if (!sub)
				return tpl_error(e, &pos, col, "table '%s' calls '%s', which is not a table", tab->name,
						 tok.name);
			int tj = (int)(sub - t->tables);
			if (w->colour[tj] == GREY) {
				char chain[400];
				size_t used = 0;
				int from = 0;
				while (w->path[from] != tj)
					from++;
				chain[0] = '\0';
				for (int p = from; p < w->depth && used + 1 < sizeof chain; p++) {
					int m = snprintf(chain + used, sizeof chain - used, "%s -> ",
							 t->tables[w->path[p]].name);
					if (m > 0)
						used += (size_t)m;
				}
				if (used < sizeof chain)
					snprintf(chain + used, sizeof chain - used, "%s", sub->name);
				return tpl_error(e, &pos, col, "table '%s' calls itself in a loop: %s", sub->name, chain);
			}
			if (w->colour[tj] == WHITE && walk_calls(w, tj, e) < 0)
				return -1;
		}
	}
	w->colour[ti] = BLACK;
	w->depth--;
	return 0;
}

int stock_tables_resolve(struct stock_tables *t, struct err *e)
{
	if (finish_table(t, e) < 0 ||
	    stock_figures_check(&t->fig, t->nfiles > 0 ? t->files[0] : "the tables", e) < 0)
		return -1;
	if (t->nnames > 1)
		qsort(t->names, (size_t)t->nnames, sizeof *t->names, cmp_names);
	t->sorted = 1;
	struct walk w = { t, calloc((size_t)t->ntables + 1, 1), malloc(((size_t)t->ntables + 1) * sizeof(int)), 0 };
	int rc = 0;
	if (!w.colour || !w.path) {
		rc = err_set(e, "out of memory checking tables");
	} else {
		for (int i = 0; i < t->ntables && rc == 0; i++)
			if (w.colour[i] == WHITE)
				rc = walk_calls(&w, i, e);
	}
	free(w.colour);
	free(w.path);
	if (rc == 0)
		rc = stock_tables_prepare(t, e);
	if (rc < 0 || t->contents_die.sides == 0)
		return rc;
	int lo = stock_dice_min(&t->contents_die), hi = stock_dice_max(&t->contents_die);
	for (int r = lo; r <= hi; r++) {
		int covered = 0;
		for (int i = 0; i < t->nkinds && !covered; i++)
			covered = r >= t->kinds[i].lo && r <= t->kinds[i].hi;
		if (!covered) {
			struct tpl_pos pos = { t->files[t->contents_file], t->contents_line };
			return tpl_error(e, &pos, 10, "the contents roll has no kind for %d", r);
		}
	}
	return 0;
}
