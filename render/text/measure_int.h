/* measure_int.h: inside the text measurer: the word cache of the quick
 * path (measure_words.c) that measure.c tries before Pango's layout. */
#ifndef MAPSHEET_MEASURE_INT_H
#define MAPSHEET_MEASURE_INT_H

#include "text/measure.h"

struct word_cache *word_cache_new(void);

/* Appends run r to b, growing its array (*cap: its size). Returns 0, or -1
 * without memory (b unchanged). */
int text_block_add_run(struct text_block *b, int *cap, const struct text_run *r);
void word_cache_free(struct word_cache *c);

/* Sets text as measure_block() does, the quick way: returns 1 when it has
 * (b filled, its runs owning their glyphs), 0 when the text needs Pango's
 * layout (b untouched), -1 without memory. */
int measure_words_block(struct measure *m, struct text_block *b, const char *text, const char *family,
			double size, int bold_len, double width);

/* The width measure_width() gives, the quick way, without setting the
 * text: returns 1 with *width set, 0 when the text needs Pango's layout,
 * -1 without memory. */
int measure_words_width(struct measure *m, const char *text, const char *family, double size, int bold,
			double *width);

/* Sets text as measure_block() does, always through Pango's layout (the
 * way for text the quick way leaves, and what tests hold it against). */
int measure_pango_block(struct measure *m, struct text_block *b, const char *text, const char *family,
			double size, int bold_len, double width, struct err *e);

#endif
