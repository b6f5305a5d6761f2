/* measure_words.h: the quick way of setting text (measure_words.c), which
 * measure_block() tries before Pango's layout: words shaped once and kept,
 * lines broken at spaces. */
#ifndef MAPSHEET_MEASURE_WORDS_H
#define MAPSHEET_MEASURE_WORDS_H

#include "text/measure_state.h"
#include "text/text_block.h"

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

#endif
