/* site_name.h: the name of the place a map shows ("Tomb of the Grey Lady",
 * "Blightfist Chapel"), made from the parts in templates/names/sites.parts
 * (format in mapsheet-templates(5), section SITE NAMES). The name is drawn
 * with its own random stream from the seed, so naming never changes a map. */
#ifndef MAPSHEET_SITE_NAME_H
#define MAPSHEET_SITE_NAME_H

#include "base/err.h"
#include "base/rng.h"

#include <stddef.h>

#define SITE_NAME_LEN 64
#define SITE_WORD_LEN 32

/* One way to name a site of a method: a pattern such as
 * "{place} of the {adjective} {person}", where each {list} is replaced by a
 * word drawn from that list. */
struct site_form {
	char method[16];
	int weight;
	char pattern[SITE_NAME_LEN];
	int line, col;          /* where the pattern stands, for messages */
};

struct site_word {
	char list[SITE_WORD_LEN];
	char word[SITE_WORD_LEN];
};

struct site_parts {
	struct site_form *forms;
	int nforms, forms_cap;
	struct site_word *words;
	int nwords, words_cap;
};

/* Parses a parts table from text (named `file` in messages): a usage error
 * "file:line:col: message" for a malformed line or a pattern naming a list
 * no word line fills. Returns 0 or -1. */
int site_parts_parse(struct site_parts *t, const char *file, const char *text, size_t len, struct err *e);
/* Loads names/NAME.parts along dirs (or a path). Returns 0 or -1. */
int site_parts_load(struct site_parts *t, const char *const *dirs, const char *name, struct err *e);
void site_parts_free(struct site_parts *t);

/* Draws a name for a site of `method` into out: a form of that method by
 * weight, then a word for each {list}. Returns 0, or -1 with e set when the
 * table has no form for the method. */
int site_name_draw(const struct site_parts *t, const char *method, struct rng *rng, char *out, size_t size,
		   struct err *e);

/* The site name of a document: the table "sites" read along dirs, the
 * method of its first level, and the stream of the seed kept for names.
 * Returns 0 or -1 with e set. */
int site_name_make(const char *const *dirs, const char *method, const char *seed, char *out, size_t size,
		   struct err *e);

#endif
