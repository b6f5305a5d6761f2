/* word_cache.c: the words the quick way of setting text has shaped, kept
 * for the rest of the run (see word_cache.h): an open-addressed table of
 * words by text and font, their text and glyphs in an arena released all
 * at once, and scratch memory a call reuses. */
#include "text/word_cache.h"

#include <stdlib.h>
#include <string.h>

#define CACHE_MIN_SLOTS 1024
#define ARENA_CHUNK (64 * 1024)

/* Memory for the words, released all at once. */
struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	unsigned char data[];
};

struct word_cache *word_cache_new(void)
{
	return calloc(1, sizeof(struct word_cache));
}

void word_cache_free(struct word_cache *c)
{
	if (!c)
		return;
	while (c->arena) {
		struct arena_chunk *next = c->arena->next;
		free(c->arena);
		c->arena = next;
	}
	hb_buffer_destroy(c->buffer);
	free(c->scratch);
	font_set_free(&c->fonts);
	free(c->slots);
	free(c);
}

static uint32_t word_hash(const char *s, size_t len, int font)
{
	uint32_t h = 2166136261u ^ (uint32_t)font;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

static int cache_grow(struct word_cache *c)
{
	size_t n = c->nslots ? c->nslots * 2 : CACHE_MIN_SLOTS;
	struct shaped_word *s = calloc(n, sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < c->nslots; i++) {
		if (!c->slots[i].text)
			continue;
		size_t k = c->slots[i].hash & (n - 1);
		while (s[k].text)
			k = (k + 1) & (n - 1);
		s[k] = c->slots[i];
	}
	free(c->slots);
	c->slots = s;
	c->nslots = n;
	return 0;
}

void *word_cache_alloc(struct word_cache *c, size_t size)
{
	size = (size + 7) & ~(size_t)7;
	if (!c->arena || c->arena->used + size > c->arena->cap) {
		size_t cap = size > ARENA_CHUNK ? size : ARENA_CHUNK;
		struct arena_chunk *k = malloc(sizeof *k + cap);
		if (!k)
			return NULL;
		k->next = c->arena;
		k->used = 0;
		k->cap = cap;
		c->arena = k;
	}
	void *p = c->arena->data + c->arena->used;
	c->arena->used += size;
	return p;
}

/* The cache's scratch memory, at least size bytes (its contents are not
 * kept); NULL without memory. */
void *word_cache_scratch(struct word_cache *c, size_t size)
{
	if (size > c->scratch_size) {
		size_t n = size > 2 * c->scratch_size ? size : 2 * c->scratch_size;
		void *p = malloc(n);
		if (!p)
			return NULL;
		free(c->scratch);
		c->scratch = p;
		c->scratch_size = n;
	}
	return c->scratch;
}

/* Makes room for n more words without moving the slots while they are
 * added. */
int word_cache_reserve(struct word_cache *c, size_t n)
{
	while ((c->used + n + 1) * 4 > c->nslots * 3)
		if (cache_grow(c) < 0)
			return -1;
	return 0;
}

/* The slot of the word text[0..len) in font f: the word shaped before, or a
 * new slot holding its text, not yet shaped (n < 0). Room must have been
 * made for it. Returns NULL without memory. */
struct shaped_word *word_cache_slot(struct word_cache *c, const char *text, size_t len, int f)
{
	uint32_t h = word_hash(text, len, f);
	size_t k = h & (c->nslots - 1);
	for (; c->slots[k].text; k = (k + 1) & (c->nslots - 1)) {
		struct shaped_word *w = &c->slots[k];
		if (w->hash == h && w->font == f && w->len == len && memcmp(w->text, text, len) == 0)
			return w;
	}
	struct shaped_word *w = &c->slots[k];
	char *copy = word_cache_alloc(c, len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, text, len);
	copy[len] = '\0';
	*w = (struct shaped_word){ .text = copy, .len = len, .hash = h, .font = f, .n = -1 };
	c->used++;
	return w;
}
