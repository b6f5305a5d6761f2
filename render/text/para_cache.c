/* para_cache.c: paragraphs kept cut into tokens (see para_cache.h): an
 * open-addressed table of entries whose text, tokens and pieces live in
 * chunks released with the cache. */
#include "text/para_cache.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK (64 * 1024)
#define MIN_SLOTS 256

struct para_chunk {
	struct para_chunk *next;
	size_t used, cap;
	unsigned char data[];
};

struct para_cache {
	struct para_entry **slots;
	size_t nslots, used;
	struct para_chunk *chunks;
	size_t bytes;           /* held in chunks */
};

struct para_cache *para_cache_new(void)
{
	return calloc(1, sizeof(struct para_cache));
}

void para_cache_free(struct para_cache *pc)
{
	if (!pc)
		return;
	while (pc->chunks) {
		struct para_chunk *next = pc->chunks->next;
		free(pc->chunks);
		pc->chunks = next;
	}
	free(pc->slots);
	free(pc);
}

static void *chunk_alloc(struct para_cache *pc, size_t size)
{
	size = (size + 7) & ~(size_t)7;
	if (!pc->chunks || pc->chunks->used + size > pc->chunks->cap) {
		size_t cap = size > CHUNK ? size : CHUNK;
		struct para_chunk *k = malloc(sizeof *k + cap);
		if (!k)
			return NULL;
		k->next = pc->chunks;
		k->used = 0;
		k->cap = cap;
		pc->chunks = k;
		pc->bytes += cap;
	}
	void *p = pc->chunks->data + pc->chunks->used;
	pc->chunks->used += size;
	return p;
}

static uint32_t para_hash(const char *text, size_t len, int wrapped, size_t bold_end)
{
	uint32_t h = 2166136261u ^ (uint32_t)wrapped ^ ((uint32_t)bold_end << 1);
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)text[i];
		h *= 16777619u;
	}
	return h;
}

static int same(const struct para_entry *e, uint32_t h, const char *text, size_t len, int wrapped,
		const char *family, double size, size_t bold_end)
{
	return e->hash == h && e->len == len && e->wrapped == wrapped && e->bold_end == bold_end && e->size == size &&
	       strcmp(e->family, family) == 0 && memcmp(e->text, text, len) == 0;
}

const struct para_entry *para_cache_find(const struct para_cache *pc, const char *text, size_t len, int wrapped,
					 const char *family, double size, size_t bold_end)
{
	if (!pc->nslots)
		return NULL;
	uint32_t h = para_hash(text, len, wrapped, bold_end);
	for (size_t k = h & (pc->nslots - 1); pc->slots[k]; k = (k + 1) & (pc->nslots - 1))
		if (same(pc->slots[k], h, text, len, wrapped, family, size, bold_end))
			return pc->slots[k];
	return NULL;
}

static int grow(struct para_cache *pc)
{
	size_t n = pc->nslots ? pc->nslots * 2 : MIN_SLOTS;
	struct para_entry **s = calloc(n, sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < pc->nslots; i++) {
		if (!pc->slots[i])
			continue;
		size_t k = pc->slots[i]->hash & (n - 1);
		while (s[k])
			k = (k + 1) & (n - 1);
		s[k] = pc->slots[i];
	}
	free(pc->slots);
	pc->slots = s;
	pc->nslots = n;
	return 0;
}

int para_cache_add(struct para_cache *pc, const struct para_entry *e)
{
	size_t need = sizeof *e + e->len + strlen(e->family) + 2 + (size_t)e->nt * sizeof *e->tok +
		      (size_t)e->np * sizeof *e->pc;
	if (pc->bytes + need > PARA_CACHE_MAX)
		return 0;
	if ((pc->used + 1) * 4 > pc->nslots * 3 && grow(pc) < 0)
		return -1;
	struct para_entry *k = chunk_alloc(pc, sizeof *k);
	char *text = chunk_alloc(pc, e->len + 1);
	char *family = chunk_alloc(pc, strlen(e->family) + 1);
	struct token *tok = e->nt > 0 ? chunk_alloc(pc, (size_t)e->nt * sizeof *tok) : NULL;
	struct piece *pcs = e->np > 0 ? chunk_alloc(pc, (size_t)e->np * sizeof *pcs) : NULL;
	if (!k || !text || !family || (e->nt > 0 && !tok) || (e->np > 0 && !pcs))
		return -1;
	*k = *e;
	memcpy(text, e->text, e->len);
	text[e->len] = '\0';
	strcpy(family, e->family);
	if (tok)
		memcpy(tok, e->tok, (size_t)e->nt * sizeof *tok);
	if (pcs)
		memcpy(pcs, e->pc, (size_t)e->np * sizeof *pcs);
	k->text = text;
	k->family = family;
	k->tok = tok;
	k->pc = pcs;
	k->hash = para_hash(e->text, e->len, e->wrapped, e->bold_end);
	size_t at = k->hash & (pc->nslots - 1);
	while (pc->slots[at])
		at = (at + 1) & (pc->nslots - 1);
	pc->slots[at] = k;
	pc->used++;
	return 0;
}
