/* word_tokens.c: a paragraph cut into tokens (words, runs of spaces,
 * newlines) and pieces of one font, shaped from the word cache (see
 * word_tokens.h). */
#include "text/word_tokens.h"

#include "text/word_shape.h"

/* Splits text into tokens (words and runs of spaces) and each token into
 * pieces of one font at bold_end, and shapes the pieces (the words not
 * met before together, word_shape_pending()); slot has room for a word per
 * piece. Returns the token count, 0 when a glyph is missing, -1 without
 * memory. */
int word_tokenize(struct word_cache *c, const char *text, size_t len, size_t bold_end, const int font[2],
		  struct token *tok, struct piece *pc, struct shaped_word **slot)
{
	int nt = 0, np = 0;
	for (size_t i = 0; i < len;) {
		enum token_kind kind = text[i] == '\n' ? TOKEN_NEWLINE : text[i] == ' ' ? TOKEN_SPACE : TOKEN_WORD;
		size_t j = i + 1;
		while (kind != TOKEN_NEWLINE && j < len && text[j] != '\n' && (text[j] == ' ') == (kind == TOKEN_SPACE))
			j++;
		struct token *t = &tok[nt++];
		t->first_piece = np;
		t->kind = kind;
		t->start = i;
		t->width = t->tail = 0;
		for (size_t a = i; a < j && kind != TOKEN_NEWLINE;) {
			int bold = a < bold_end;
			size_t b = bold && bold_end < j ? bold_end : j;
			pc[np++] = (struct piece){ .start = a, .len = b - a, .font = font[bold] };
			a = b;
		}
		t->npieces = np - t->first_piece;
		i = j;
	}
	int pending = 0;
	if (word_cache_reserve(c, (size_t)np) < 0)
		return -1;
	for (int i = 0; i < np; i++) {
		if (!(slot[i] = word_cache_slot(c, text + pc[i].start, pc[i].len, pc[i].font)))
			return -1;
		pending |= slot[i]->n < 0;
	}
	if (pending && word_shape_pending(c, slot, np) < 0)
		return -1;
	int complete = 1;
	for (int i = 0; i < np; i++) {
		pc[i].g = slot[i]->g;
		pc[i].n = slot[i]->n;
		pc[i].width = slot[i]->width;
		complete &= slot[i]->complete;
	}
	if (!complete)
		return 0;
	for (int i = 0; i < nt; i++) {
		struct token *t = &tok[i];
		for (int k = t->first_piece; k < t->first_piece + t->npieces; k++)
			t->width += pc[k].width;
		if (t->kind == TOKEN_SPACE) {
			const struct piece *last = &pc[t->first_piece + t->npieces - 1];
			t->tail = t->width - last->g[last->n - 1].width;
		}
	}
	return nt;
}
