/* para_cache.h: paragraphs the quick way of setting text (measure_words.c)
 * has already cut into tokens, kept while a caller measures the same text
 * at several widths (a key measured for each column width a sheet's plans
 * ask, a booklet planned in both orientations): each paragraph's tokens
 * and pieces, whose glyphs the word cache keeps, by its text, wrapping,
 * family, size and bold part (para_cache.c). Held to PARA_CACHE_MAX bytes;
 * past that, paragraphs are cut again each time. */
#ifndef MAPSHEET_PARA_CACHE_H
#define MAPSHEET_PARA_CACHE_H

#include "text/word_tokens.h"

#include <stddef.h>
#include <stdint.h>

#define PARA_CACHE_MAX (4 << 20)

/* A paragraph as the quick way found it: whether it takes it (plain, its
 * breaks known when wrapped) and, when it does, its tokens (nt: 0 when a
 * glyph is missing) and pieces. */
struct para_entry {
	const char *text;
	size_t len, bold_end;
	const char *family;
	double size;
	int wrapped;
	uint32_t hash;
	int plain, breaks_known;
	int font[2];
	int nt, np;
	struct token *tok;
	struct piece *pc;
};

struct para_cache;

/* An empty cache, or NULL without memory; para_cache_free releases it. */
struct para_cache *para_cache_new(void);
void para_cache_free(struct para_cache *pc);
/* The paragraph kept for these, or NULL. */
const struct para_entry *para_cache_find(const struct para_cache *pc, const char *text, size_t len, int wrapped,
					 const char *family, double size, size_t bold_end);
/* Keeps a copy of e (its text, tokens and pieces) unless the cache is full.
 * Returns 0, -1 without memory. */
int para_cache_add(struct para_cache *pc, const struct para_entry *e);

#endif
