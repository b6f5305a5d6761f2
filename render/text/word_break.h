/* word_break.h: where the quick way of setting text breaks a paragraph's
 * tokens (word_tokens.h) into lines. */
#ifndef MAPSHEET_WORD_BREAK_H
#define MAPSHEET_WORD_BREAK_H

#include "text/word_tokens.h"

#include <stddef.h>

#define NO_CUT ((size_t)-1)

/* Where the lines break: line i holds tokens first[i]..last[i]; it starts
 * inside its first word at byte head[i] and ends inside its last at byte
 * cut[i] when those are not NO_CUT (after a hyphen). */
struct breaking {
	struct word_cache *c;
	const char *text;
	const struct token *tok;
	const struct piece *pc;
	int nt;
	int width;                      /* Pango units; 0: no wrapping */
	int *first, *last;
	size_t *head, *cut;
	int nl;
};

/* The byte after the last of word token t's text. */
size_t word_token_end(const struct breaking *br, int t);

/* The text [a, b) of word token t as a piece shaped on its own (as Pango
 * shapes the part of a word either side of a break). Returns 1, 0 when a
 * glyph is missing, -1 without memory. */
int word_fragment(const struct breaking *br, int t, size_t a, size_t b, struct piece *p);

/* Breaks br's tokens into lines (br->first .. br->cut, br->nl), greedily.
 * Returns the line count, 0 when the quick way cannot set the text as
 * Pango would (Pango breaks inside a word), -1 without memory. */
int word_break_lines(struct breaking *br);

/* Whether each of the nl lines fits in width (Pango units), with all the
 * spaces that end it. */
int word_lines_fit(const struct token *tok, int nt, const int *first, const int *last, int nl, int width);

#endif
