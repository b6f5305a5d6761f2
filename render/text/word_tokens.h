/* word_tokens.h: the tokens the quick way of setting text breaks lines
 * between: words, runs of spaces and newlines, each cut into pieces of one
 * font (a bold head ends inside a token) with their shaped glyphs. */
#ifndef MAPSHEET_WORD_TOKENS_H
#define MAPSHEET_WORD_TOKENS_H

#include "text/word_cache.h"

#include <stddef.h>

/* A piece of a token in one font; a token is a word or a run of spaces. */
struct piece {
	size_t start, len;
	int font;
	const struct glyph_pos *g;      /* the word's (slots move as the cache grows) */
	int n;
	int width;
};

enum token_kind { TOKEN_WORD, TOKEN_SPACE, TOKEN_NEWLINE };

struct token {
	int first_piece, npieces;
	enum token_kind kind;
	size_t start;           /* its first byte */
	int width;
	int tail;               /* spaces: the width of all but the last */
};

/* Splits text into tokens (words and runs of spaces) and each token into
 * pieces of one font at bold_end (font[1] before it, font[0] after), and
 * shapes the pieces (the words not met before together); tok has room
 * for a token per byte, pc and slot for two pieces per byte. Returns the
 * token count, 0 when a glyph is missing, -1 without memory. */
int word_tokenize(struct word_cache *c, const char *text, size_t len, size_t bold_end, const int font[2],
		  struct token *tok, struct piece *pc, struct shaped_word **slot);

#endif
