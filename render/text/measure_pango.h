/* measure_pango.h: text set through Pango's own layout: the way for text
 * the quick way (measure_words.h) leaves, what tests hold the quick way
 * against, and the glyph positions of a run for a backend that places
 * glyphs itself. */
#ifndef MAPSHEET_MEASURE_PANGO_H
#define MAPSHEET_MEASURE_PANGO_H

#include "base/err.h"
#include "text/measure_state.h"
#include "text/text_block.h"

#include <stddef.h>

/* Sets text as measure_block() does, always through Pango's layout.
 * Returns 0, or -1 with e set. */
int measure_pango_block(struct measure *m, struct text_block *b, const char *text, const char *family,
			double size, int bold_len, double width, struct err *e);

/* Where each cluster (a character and its marks) of text starts when the
 * run is set alone in family at size: its byte index in starts[] and its
 * x offset in points in xs[], in order, at most max. A backend that places
 * glyphs itself (libharu does not kern) puts them where Pango, and so the
 * Cairo backend, does. Returns the count, or -1 on failure. */
int measure_clusters(struct measure *m, const char *text, const char *family, double size, int bold, int italic,
		     size_t *starts, double *xs, int max);

#endif
