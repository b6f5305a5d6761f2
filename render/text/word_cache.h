/* word_cache.h: the words shaped so far, per font, by the quick way of
 * setting text (measure_words.c), and the fonts they were shaped in. The
 * cache lives as long as the measurer (text/measure_state.h). */
#ifndef MAPSHEET_WORD_CACHE_H
#define MAPSHEET_WORD_CACHE_H

#include "text/glyph_run.h"
#include "text/measure_fonts.h"

#include <hb.h>
#include <stddef.h>
#include <stdint.h>

/* A word (or a run of spaces) shaped in one font; text and glyphs live in
 * the cache's arena. */
struct shaped_word {
	char *text;                     /* NULL: an empty slot */
	size_t len;
	uint32_t hash;
	int font;
	struct glyph_pos *g;
	int n;
	int width;                      /* Pango units */
	int complete;                   /* every glyph is in the font and visible */
};

struct arena_chunk;

/* The cache: the fonts words are shaped in, the words by text and font
 * (open addressing), and the memory they live in. */
struct word_cache {
	struct font_set fonts;
	struct shaped_word *slots;
	size_t nslots, used;
	struct arena_chunk *arena;
	hb_buffer_t *buffer;            /* HarfBuzz shapes in it */
	void *scratch;                  /* a call's tokens, pieces and lines, kept for the next */
	size_t scratch_size;
};

/* An empty cache (NULL without memory); word_cache_free releases it. */
struct word_cache *word_cache_new(void);
void word_cache_free(struct word_cache *c);

/* size bytes in c's arena, kept until the cache is freed; NULL without
 * memory. */
void *word_cache_alloc(struct word_cache *c, size_t size);

/* The cache's scratch memory, at least size bytes (its contents are not
 * kept from one call to the next); NULL without memory. */
void *word_cache_scratch(struct word_cache *c, size_t size);

/* Makes room for n more words, so that the slots do not move while they
 * are added. Returns 0, -1 without memory. */
int word_cache_reserve(struct word_cache *c, size_t n);

/* The slot of the word text[0..len) in font f: the word shaped before, or a
 * new slot holding its text, not yet shaped (n < 0). Room must have been
 * made for it (word_cache_reserve). Returns NULL without memory. */
struct shaped_word *word_cache_slot(struct word_cache *c, const char *text, size_t len, int f);

#endif
