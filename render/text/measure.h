/* measure.h: measuring and breaking text with Pango for the layout step.
 * Text is measured once here, at 72 units per inch with unhinted metrics, so
 * a line's width is the same in points on every output; layout turns the
 * broken lines into scene text items (one per run of one font), and the
 * backends only place them. The measurer's state is measure_state.h, a
 * set paragraph text_block.h; the two ways of setting text are
 * measure_words.h (the quick way) and measure_pango.h (Pango's layout). */
#ifndef MAPSHEET_MEASURE_H
#define MAPSHEET_MEASURE_H

#include "base/err.h"
#include "scene.h"
#include "text/measure_state.h"
#include "text/text_block.h"

#include <stddef.h>

/* True when fontconfig has the family itself (not a substitute). */
int measure_has_family(struct measure *m, const char *family);

/* Breaks text into lines of at most `width` points (<= 0: one line), in
 * family at size points; the first bold_len bytes are set in bold (all
 * when bold_len < 0). Plain text (Latin and similar scripts) is set from
 * words shaped once and kept, broken at spaces; other text through Pango's
 * layout. Returns 0, or -1 with e set. */
int measure_block(struct measure *m, struct text_block *b, const char *text, const char *family,
		  double size, int bold_len, double width, struct err *e);

/* Keeps the paragraphs measured from now on cut into words (on: 1), so
 * that measuring them again at another width skips the cutting, while
 * some caller asks; off (0) ends one caller's asking, and the paragraphs
 * are dropped once none asks. Without memory for them nothing is kept.
 * What is measured is the same either way. */
void measure_keep_paragraphs(struct measure *m, int on);

/* The advance width of a single line. Returns a negative number on failure. */
double measure_width(struct measure *m, const char *text, const char *family, double size, int bold);

/* Emits line `i` of b as text items with its baseline at y and its left end
 * at x. Each item takes the glyphs shaped here (scene_item.glyphs; b gives
 * them up), so a backend draws them without shaping the text again. */
void measure_emit_line(struct scene *sc, struct scene_page *p, struct text_block *b, int i, double x,
		       double y, struct colour c);

/* Where each cluster (a character and its marks) of a text item starts:
 * its byte index in starts[] and its x offset in points in xs[], in order,
 * at most max; read from the glyphs the layout attached to it when it has
 * them, from Pango's layout of the run otherwise (measure_clusters()). A
 * backend that places glyphs itself (libharu does not kern) puts them
 * where Pango, and so the Cairo backend, does. Returns the count, or -1 on
 * failure. */
int measure_item_clusters(struct measure *m, const struct scene_item *it, size_t *starts, double *xs, int max);
/* Shapes the text of an item made by scene_text() (one line, its family,
 * size and weight) and attaches the glyphs to it, as measure_emit_line
 * does, when they come out as one run of that font. The item is otherwise
 * unchanged; without glyphs a backend shapes the text itself. */
void measure_shape_item(struct measure *m, struct scene_item *it);
/* Gives the glyphs of b (already measured in the item's font, one line,
 * one run, the item's whole text) to it (b no longer holds them);
 * otherwise leaves both as they are. */
void measure_attach(struct scene_item *it, struct text_block *b);

#endif
