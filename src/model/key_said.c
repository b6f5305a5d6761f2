/* key_said.c: the sentences a document's keys have said (key_said.h), a
 * hash set of strings: each sentence of a line, and each table line
 * marked, under a prefix of its own. */
#include "model/key_said.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Prefixes keeping sentences and marked table lines apart. */
#define SAID_SENTENCE 's'
#define SAID_MARK 'm'

void key_said_init(struct key_said *s)
{
	memset(s, 0, sizeof *s);
}

void key_said_free(struct key_said *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slot[i]);
	free(s->slot);
	free(s->hash);
	memset(s, 0, sizeof *s);
}

static uint64_t hash(char kind, const char *text, size_t len)
{
	uint64_t h = 1469598103934665603ull ^ (unsigned char)kind;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
	return h;
}

/* The slot of (kind, text[0..len)) whose hash is h: where it is, or the
 * empty one where it would go. */
static size_t find(const struct key_said *s, uint64_t h, char kind, const char *text, size_t len)
{
	size_t mask = s->cap - 1, i = (size_t)h & mask;
	while (s->slot[i] && !(s->hash[i] == h && s->slot[i][0] == kind && strncmp(s->slot[i] + 1, text, len) == 0 &&
			       s->slot[i][len + 1] == '\0'))
		i = (i + 1) & mask;
	return i;
}

static int has(const struct key_said *s, char kind, const char *text, size_t len)
{
	return s && s->cap > 0 && s->slot[find(s, hash(kind, text, len), kind, text, len)] != NULL;
}

static int grow(struct key_said *s)
{
	size_t cap = s->cap ? s->cap * 2 : 256;
	char **slot = calloc(cap, sizeof *slot);
	uint64_t *hashes = calloc(cap, sizeof *hashes);
	if (!slot || !hashes) {
		free(slot);
		free(hashes);
		return -1;
	}
	for (size_t i = 0; i < s->cap; i++)
		if (s->slot[i]) {
			size_t at = (size_t)s->hash[i] & (cap - 1);
			while (slot[at])
				at = (at + 1) & (cap - 1);
			slot[at] = s->slot[i];
			hashes[at] = s->hash[i];
		}
	free(s->slot);
	free(s->hash);
	s->slot = slot;
	s->hash = hashes;
	s->cap = cap;
	return 0;
}

static int put(struct key_said *s, char kind, const char *text, size_t len)
{
	uint64_t h = hash(kind, text, len);
	if (s->cap > 0 && s->slot[find(s, h, kind, text, len)])
		return 0;
	if ((s->n + 1) * 2 > s->cap && grow(s) < 0) {
		s->failed = 1;
		return -1;
	}
	char *copy = malloc(len + 2);
	if (!copy) {
		s->failed = 1;
		return -1;
	}
	copy[0] = kind;
	memcpy(copy + 1, text, len);
	copy[len + 1] = '\0';
	size_t at = find(s, h, kind, text, len);
	s->slot[at] = copy;
	s->hash[at] = h;
	s->n++;
	return 0;
}

/* Past a line's label ("Who: ", "Trap (deadly): ", a short head of words
 * before ": ") or a wandering row's number ("3. "). */
static const char *body_of(const char *line)
{
	const char *p = line;
	while (isdigit((unsigned char)*p))
		p++;
	if (p > line && p[0] == '.' && p[1] == ' ')
		return p + 2;
	const char *colon = strstr(line, ": ");
	if (colon && colon - line <= 24) {
		for (p = line; p < colon; p++)
			if (!isalpha((unsigned char)*p) && !strchr(" ()-", *p))
				return line;
		return colon + 2;
	}
	return line;
}

/* The end of the sentence starting at p: after its full stop (or ! ?)
 * where a space and a capital or a digit follow, or the line's end. */
static const char *sentence_end(const char *p)
{
	for (; *p; p++)
		if ((*p == '.' || *p == '!' || *p == '?') && p[1] == ' ' &&
		    (isupper((unsigned char)p[2]) || isdigit((unsigned char)p[2])))
			return p + 1;
	return p;
}

/* Calls each sentence of line in turn: stops at the first for which fn
 * returns nonzero, and returns that. */
static int each_sentence(const char *line, int (*fn)(void *, const char *, size_t), void *ctx)
{
	for (const char *p = body_of(line); *p;) {
		while (*p == ' ')
			p++;
		const char *end = sentence_end(p);
		if (end > p) {
			int r = fn(ctx, p, (size_t)(end - p));
			if (r)
				return r;
		}
		p = end;
	}
	return 0;
}

static int said_before(void *ctx, const char *text, size_t len)
{
	return has(ctx, SAID_SENTENCE, text, len);
}

static int record(void *ctx, const char *text, size_t len)
{
	return put(ctx, SAID_SENTENCE, text, len) < 0 ? -1 : 0;
}

int key_said_any(const struct key_said *s, const char *line)
{
	return s && s->cap > 0 && each_sentence(line, said_before, (void *)s);
}

int key_said_add(struct key_said *s, const char *line)
{
	return s ? each_sentence(line, record, s) : 0;
}

int key_said_marked(const struct key_said *s, const char *table_line)
{
	return has(s, SAID_MARK, table_line, strlen(table_line));
}

int key_said_mark(struct key_said *s, const char *table_line)
{
	return s ? put(s, SAID_MARK, table_line, strlen(table_line)) : 0;
}
