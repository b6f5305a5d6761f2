/* key_said.h: the sentences a document's keys have said. The site model
 * and the stocking tables write each descriptive line through it: a line
 * with a sentence said before in the same document (a booklet is one) is
 * drawn again, so a GM never reads one sentence twice in a key. A line's
 * sentences are compared word for word, without its label ("Who: ",
 * "Treasure: ", "Trap (deadly): ") or a wandering row's number ("3. ").
 * The site also marks the table lines it has drawn (key_said_mark), so a
 * line is not drawn twice even where its blanks are filled otherwise. */
#ifndef MAPSHEET_KEY_SAID_H
#define MAPSHEET_KEY_SAID_H

#include <stddef.h>
#include <stdint.h>

struct key_said {
	char **slot;            /* open addressing, NULL: empty */
	uint64_t *hash;         /* each full slot's hash, compared before its text */
	size_t cap, n;
	int failed;             /* an allocation failed: later additions are lost */
};

void key_said_init(struct key_said *s);
void key_said_free(struct key_said *s);

/* Whether a sentence of line was said before (s NULL: never). */
int key_said_any(const struct key_said *s, const char *line);
/* Records the sentences of line. Returns 0, or -1 when out of memory. */
int key_said_add(struct key_said *s, const char *line);

/* What follows the first len characters of a line whose rest is not
 * known yet: nothing (the line ends), a capital or a digit, or anything. */
enum key_said_next { KEY_SAID_END, KEY_SAID_OPENS, KEY_SAID_UNKNOWN };

/* Whether a sentence of a line starting with head[0..len), one that lies
 * wholly there whatever follows (next), was said before. */
int key_said_head(const struct key_said *s, const char *head, size_t len, enum key_said_next next);

/* A table line drawn (its text as the table has it, blanks unfilled):
 * whether it was marked before, and marking it. */
int key_said_marked(const struct key_said *s, const char *table_line);
int key_said_mark(struct key_said *s, const char *table_line);

/* A note the writers keep for the document (site_stale.h: a list whose
 * every line, filled alike, was said): whether it was noted, and noting
 * it. */
int key_said_noted(const struct key_said *s, const char *note);
int key_said_note(struct key_said *s, const char *note);

#endif
