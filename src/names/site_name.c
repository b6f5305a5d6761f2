/* site_name.c: reads the site-name parts (templates/names/sites.parts) and
 * draws the name of a map's site from them (see site_name.h). */
#include "names/site_name.h"

#include "base/paths.h"
#include "template/template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The random stream of site names: apart from every level's map (stream
 * 1, 2, ...) and contents (1000 + level), so a name never moves a wall. */
#define SITE_NAME_STREAM 2000u

/* Grows an array of n elements of size sz to hold one more; 0 or -1. */
static int grow(void **p, int *cap, int n, size_t sz, struct err *e)
{
	if (n < *cap)
		return 0;
	int ncap = *cap ? *cap * 2 : 32;
	void *q = realloc(*p, (size_t)ncap * sz);
	if (!q)
		return err_set(e, "out of memory for the site-name table");
	*p = q;
	*cap = ncap;
	return 0;
}

/* Checks a field fits max - 1 characters and is not empty. */
static int check_len(const struct tpl_pos *pos, const struct tpl_field *f, size_t max, struct err *e)
{
	size_t len = strlen(f->text);
	if (len == 0)
		return tpl_error(e, pos, f->col, "empty field");
	if (len >= max)
		return tpl_error(e, pos, f->col, "'%s' is longer than %zu characters", f->text, max - 1);
	return 0;
}

/* Checks a pattern's braces: every '{' closes with '}' around a list name
 * of letters, digits and '-'. Returns 0, or -1 naming the column. */
static int check_pattern(const struct tpl_pos *pos, const struct tpl_field *f, struct err *e)
{
	const char *s = f->text;
	for (const char *p = s; *p; p++) {
		if (*p == '}')
			return tpl_error(e, pos, f->col + (int)(p - s), "a '}' without its '{'");
		if (*p != '{')
			continue;
		const char *q = p + 1;
		while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '-')
			q++;
		if (*q != '}' || q == p + 1 || q - p - 1 >= SITE_WORD_LEN)
			return tpl_error(e, pos, f->col + (int)(p - s),
					 "expected {LIST}, a list name of letters, digits and '-', closed by '}'");
		p = q;
	}
	return 0;
}

static int on_site(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct site_parts *t = ctx;
	(void)nf;
	if (check_len(pos, &f[0], sizeof t->forms->method, e) < 0)
		return -1;
	if (f[1].i < 1)
		return tpl_error(e, pos, f[1].col, "the weight must be at least 1");
	if (check_len(pos, &f[2], SITE_NAME_LEN, e) < 0 || check_pattern(pos, &f[2], e) < 0)
		return -1;
	if (grow((void **)&t->forms, &t->forms_cap, t->nforms, sizeof *t->forms, e) < 0)
		return -1;
	struct site_form *sf = &t->forms[t->nforms++];
	snprintf(sf->method, sizeof sf->method, "%s", f[0].text);
	sf->weight = (int)f[1].i;
	sf->line = pos->line;
	sf->col = f[2].col;
	snprintf(sf->pattern, sizeof sf->pattern, "%s", f[2].text);
	return 0;
}

static int on_word(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct site_parts *t = ctx;
	(void)nf;
	if (check_len(pos, &f[0], SITE_WORD_LEN, e) < 0 || check_len(pos, &f[1], SITE_WORD_LEN, e) < 0)
		return -1;
	if (grow((void **)&t->words, &t->words_cap, t->nwords, sizeof *t->words, e) < 0)
		return -1;
	struct site_word *w = &t->words[t->nwords++];
	snprintf(w->list, sizeof w->list, "%s", f[0].text);
	snprintf(w->word, sizeof w->word, "%s", f[1].text);
	return 0;
}

static const struct tpl_directive directives[] = {
	{ "site", "str int text", on_site, 0 },
	{ "word", "str text", on_word, 0 },
	{ NULL, NULL, NULL, 0 }
};

/* How many words list `name` (len characters) holds. */
static int list_size(const struct site_parts *t, const char *name, size_t len)
{
	int n = 0;
	for (int i = 0; i < t->nwords; i++)
		n += strlen(t->words[i].list) == len && strncmp(t->words[i].list, name, len) == 0;
	return n;
}

/* Every {list} a pattern names has words: checked once the whole file is
 * read, so word lines may come after the patterns. */
static int check_lists(const struct site_parts *t, const char *file, struct err *e)
{
	for (int k = 0; k < t->nforms; k++) {
		const struct site_form *sf = &t->forms[k];
		for (const char *p = strchr(sf->pattern, '{'); p; p = strchr(p + 1, '{')) {
			int n = (int)strcspn(p + 1, "}");
			if (list_size(t, p + 1, (size_t)n) == 0)
				return err_at(e, file, sf->line, sf->col + (int)(p - sf->pattern),
					      "no 'word:%.*s:' line fills {%.*s}", n, p + 1, n, p + 1);
		}
	}
	return 0;
}

int site_parts_parse(struct site_parts *t, const char *file, const char *text, size_t len, struct err *e)
{
	memset(t, 0, sizeof *t);
	if (tpl_parse_text(file, text, len, directives, t, e) < 0 || check_lists(t, file, e) < 0) {
		site_parts_free(t);
		return -1;
	}
	return 0;
}

int site_parts_load(struct site_parts *t, const char *const *dirs, const char *name, struct err *e)
{
	char path[1400];
	memset(t, 0, sizeof *t);
	if (paths_find(dirs, "names", name, "parts", "site-name table", path, sizeof path, e) < 0)
		return -1;
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	int rc = site_parts_parse(t, path, text, len, e);
	free(text);
	return rc;
}

void site_parts_free(struct site_parts *t)
{
	free(t->forms);
	free(t->words);
	memset(t, 0, sizeof *t);
}

int site_name_draw(const struct site_parts *t, const char *method, struct rng *rng, char *out, size_t size,
		   struct err *e)
{
	long sum = 0;
	for (int k = 0; k < t->nforms; k++)
		if (strcmp(t->forms[k].method, method) == 0)
			sum += t->forms[k].weight;
	if (sum == 0)
		return err_usage(e, "the site-name table has no 'site:%s:' line", method);
	long roll = (long)(rng_unit(rng) * (double)sum);
	const struct site_form *form = NULL;
	for (int k = 0; k < t->nforms && !form; k++) {
		if (strcmp(t->forms[k].method, method) != 0)
			continue;
		if (roll < t->forms[k].weight)
			form = &t->forms[k];
		else
			roll -= t->forms[k].weight;
	}
	size_t used = 0;
	out[0] = '\0';
	for (const char *p = form->pattern; *p && used + 1 < size; p++) {
		const char *piece = NULL;
		size_t plen = 1;
		if (*p == '{') {
			size_t n = strcspn(p + 1, "}");
			int pick = rng_range(rng, 0, list_size(t, p + 1, n) - 1);
			for (int i = 0; i < t->nwords && !piece; i++)
				if (strlen(t->words[i].list) == n && strncmp(t->words[i].list, p + 1, n) == 0 && pick-- == 0)
					piece = t->words[i].word;
			plen = strlen(piece);
			p += n + 1;
		} else {
			piece = p;
		}
		if (used + plen >= size)
			plen = size - 1 - used;
		memcpy(out + used, piece, plen);
		used += plen;
		out[used] = '\0';
	}
	return 0;
}

int site_name_make(const char *const *dirs, const char *method, const char *seed, char *out, size_t size,
		   struct err *e)
{
	struct site_parts t;
	if (site_parts_load(&t, dirs, "sites", e) < 0)
		return -1;
	struct rng rng;
	rng_seed_text(&rng, seed ? seed : "", SITE_NAME_STREAM);
	int rc = site_name_draw(&t, method, &rng, out, size, e);
	site_parts_free(&t);
	return rc;
}
