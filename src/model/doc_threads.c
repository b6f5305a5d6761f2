/* doc_threads.c: the premise and the secret as the game master reads
 * them, each thread's room named after the sentence that speaks of it
 * (doc.h). */
#include "model/doc.h"

#include "base/sbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where needle is in hay, case ignored, or NULL. */
static const char *find_words(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	if (n == 0)
		return NULL;
	for (const char *p = hay; *p; p++)
		if (strncasecmp(p, needle, n) == 0)
			return p;
	return NULL;
}

/* The end of the sentence at p: its final mark, or the text's end. */
static const char *sentence_end(const char *p)
{
	for (; *p; p++)
		if ((*p == '.' || *p == '!' || *p == '?') && (p[1] == '\0' || isspace((unsigned char)p[1])))
			return p;
	return p;
}

/* How many words of five letters or more of words the sentence
 * [from, to) says. */
static int shared_words(const char *words, const char *from, const char *to)
{
	int shared = 0;
	for (const char *q = words; *q;) {
		size_t len = 0;
		while (isalpha((unsigned char)q[len]))
			len++;
		if (len == 0) {
			q++;
			continue;
		}
		for (const char *p = from; len >= 5 && p + len <= to; p++)
			if (strncasecmp(p, q, len) == 0) {
				shared++;
				break;
			}
		q += len;
	}
	return shared;
}

/* The end of the sentence of text that shares the most words with
 * words (a clue that points at it, in words of its own), or NULL when
 * none shares one. */
static const char *pointed_at(const char *text, const char *words)
{
	const char *best = NULL;
	int most = 0;
	for (const char *from = text; *from;) {
		const char *end = sentence_end(from);
		int shared = shared_words(words, from, end);
		if (shared > most) {
			most = shared;
			best = end;
		}
		from = *end ? end + 1 : end;
	}
	return best;
}

/* text with the rooms of the threads found in it named; NULL (and *found
 * 0) when none is found. A thread whose words are neither in text nor in
 * elsewhere (a clue, unless NULL) is named after the sentence of text it
 * shares the most words with. */
static char *annotate(const char *text, const char *elsewhere, const struct doc_thread *t, int n, int *found)
{
	*found = 0;
	if (!text)
		return NULL;
	size_t len = strlen(text);
	/* the end of the sentence each thread is found in, or NULL */
	const char **at = calloc((size_t)n + 1, sizeof *at);
	if (!at) {
		*found = -1;
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		const char *p = t[i].text && t[i].room > 0 ? find_words(text, t[i].text) : NULL;
		if (p)
			at[i] = sentence_end(p + strlen(t[i].text) - 1);
		else if (elsewhere && t[i].text && t[i].room > 0 && !find_words(elsewhere, t[i].text))
			at[i] = pointed_at(text, t[i].text);
		*found += at[i] != NULL;
	}
	if (*found == 0) {
		free(at);
		return NULL;
	}
	struct sbuf s;
	sbuf_init(&s);
	const char *from = text;
	for (const char *end = text; end <= text + len; end++) {
		/* the rooms of the threads of this sentence, by level and room,
		 * each once */
		int open = 0, last_level = 0, last_room = 0;
		for (;;) {
			int next = -1;
			for (int i = 0; i < n; i++) {
				if (at[i] != end || t[i].room <= 0)
					continue;
				int after = t[i].level > last_level || (t[i].level == last_level && t[i].room > last_room);
				if (after && (next < 0 || t[i].level < t[next].level ||
					      (t[i].level == t[next].level && t[i].room < t[next].room)))
					next = i;
			}
			if (next < 0)
				break;
			if (!open) {
				sbuf_addn(&s, from, (size_t)(end - from));
				sbuf_add(&s, " (");
				from = end;
			}
			sbuf_printf(&s, "%slevel %d, room %d", open ? "; " : "", t[next].level, t[next].room);
			last_level = t[next].level;
			last_room = t[next].room;
			open = 1;
		}
		if (open)
			sbuf_addc(&s, ')');
	}
	sbuf_add(&s, from);
	free(at);
	char *out = sbuf_take(&s);
	if (!out)
		*found = -1;
	return out;
}

int doc_threads_annotate(const struct doc *d, char **story, char **secret, struct err *e)
{
	*story = *secret = NULL;
	if (d->nthreads == 0)
		return 0;
	int found;
	*story = annotate(d->story, NULL, d->threads, d->nthreads, &found);
	if (found < 0)
		return err_set(e, "out of memory writing the premise");
	*secret = annotate(d->secret, d->story ? d->story : "", d->threads, d->nthreads, &found);
	if (found < 0) {
		free(*story);
		*story = NULL;
		return err_set(e, "out of memory writing the premise");
	}
	return 0;
}
