/* key_said.c: the sentences a document's keys have said (key_said.h), a
 * hash set of strings: each sentence of a line, each table line marked
 * and each note, under a prefix of its own. */
#include "model/key_said.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Prefixes keeping sentences and marked table lines apart. */
#define SAID_SENTENCE 's'
#define SAID_MARK 'm'
#define SAID_NOTE 'n'

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

/* Eight bytes at a time, then the last few: a sentence is hashed on
 * every question asked of the set. */
static uint64_t hash(char kind, const char *text, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ (unsigned char)kind ^ ((uint64_t)len << 8);
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, text + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	uint64_t tail = 0;
	for (size_t k = 0; i + k < len; k++)
		tail |= (uint64_t)(unsigned char)text[i + k] << (8 * k);
	h = (h ^ tail) * 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 29;
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
	/* a label's colon stands within its first 25 characters */
	const char *colon = NULL;
	for (p = line; !colon && p - line <= 24 && *p; p++)
		if (p[0] == ':' && p[1] == ' ')
			colon = p;
	if (colon) {
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
	for (const char *q; (q = strpbrk(p, ".!?")) != NULL; p = q + 1)
		if (q[1] == ' ' && (isupper((unsigned char)q[2]) || isdigit((unsigned char)q[2])))
			return q + 1;
	return p + strlen(p);
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

/* ---- the head of a line whose rest is not known ---- */

/* A line's first len characters (h) and what follows them. */
struct head {
	const char *h;
	size_t len;
	enum key_said_next next;
};

/* Where body_of puts the body of a line starting with the head, or -1
 * when what follows the head could change it. */
static long head_body(const struct head *l)
{
	const char *h = l->h;
	size_t len = l->len, q = 0;
	int end = l->next == KEY_SAID_END;
	while (q < len && isdigit((unsigned char)h[q]))
		q++;
	if (q > 0) {
		if (q + 1 < len && h[q] == '.' && h[q + 1] == ' ')
			return (long)q + 2;
		if (q + 1 >= len && !end)
			return -1;
	}
	int plain = 1;   /* every character so far may stand before a label's colon */
	for (size_t c = 0; c < len; c++) {
		if (h[c] == ':' && (c + 1 < len ? h[c + 1] == ' ' : l->next == KEY_SAID_UNKNOWN)) {
			if (c + 1 >= len)
				return -1;   /* a colon the rest may follow with a space */
			return c <= 24 && plain ? (long)c + 2 : 0;
		}
		if (!isalpha((unsigned char)h[c]) && !strchr(" ()-", h[c]))
			plain = 0;
	}
	/* no ": " in the head: one later stands past 24, or after a character
	 * no label has, or there is none */
	return len >= 25 || !plain || end ? 0 : -1;
}

/* The first '.', '!' or '?' of h[from..len), or len. */
static size_t stop_at(const char *h, size_t from, size_t len)
{
	size_t at = len;
	const char *q;
	if ((q = memchr(h + from, '.', len - from)) != NULL)
		at = (size_t)(q - h);
	if (at > from && (q = memchr(h + from, '!', at - from)) != NULL)
		at = (size_t)(q - h);
	if (at > from && (q = memchr(h + from, '?', at - from)) != NULL)
		at = (size_t)(q - h);
	return at;
}

/* The end of the sentence starting at p, as sentence_end finds it in the
 * whole line, or -1 when what follows the head could change it. */
static long head_sentence_end(const struct head *l, size_t p)
{
	const char *h = l->h;
	size_t len = l->len;
	for (size_t q = p; q < len; q++) {
		q = stop_at(h, q, len);
		if (q >= len)
			break;
		if (q + 1 >= len) {
			if (l->next == KEY_SAID_UNKNOWN)
				return -1;
			continue;   /* the line ends, or a capital follows at once */
		}
		if (h[q + 1] != ' ')
			continue;
		if (q + 2 < len) {
			if (isupper((unsigned char)h[q + 2]) || isdigit((unsigned char)h[q + 2]))
				return (long)q + 1;
			continue;
		}
		if (l->next == KEY_SAID_OPENS)
			return (long)q + 1;
		if (l->next == KEY_SAID_UNKNOWN)
			return -1;
	}
	return l->next == KEY_SAID_END ? (long)len : -1;
}

int key_said_head(const struct key_said *s, const char *head, size_t len, enum key_said_next next)
{
	if (!s || s->cap == 0)
		return 0;
	struct head l = { head, len, next };
	long p = head_body(&l);
	while (p >= 0 && (size_t)p < len) {
		while ((size_t)p < len && head[p] == ' ')
			p++;
		if ((size_t)p >= len)
			break;
		long end = head_sentence_end(&l, (size_t)p);
		if (end < 0)
			break;
		if (end > p && has(s, SAID_SENTENCE, head + p, (size_t)(end - p)))
			return 1;
		p = end;
	}
	return 0;
}

int key_said_marked(const struct key_said *s, const char *table_line)
{
	return has(s, SAID_MARK, table_line, strlen(table_line));
}

int key_said_mark(struct key_said *s, const char *table_line)
{
	return s ? put(s, SAID_MARK, table_line, strlen(table_line)) : 0;
}

int key_said_noted(const struct key_said *s, const char *note)
{
	return has(s, SAID_NOTE, note, strlen(note));
}

int key_said_note(struct key_said *s, const char *note)
{
	return s ? put(s, SAID_NOTE, note, strlen(note)) : 0;
}
