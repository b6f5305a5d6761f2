/* word_shape.h: the words of the quick way of setting text, shaped in
 * their fonts with HarfBuzz (as Pango shapes a paragraph of its own) and
 * kept in the word cache. */
#ifndef MAPSHEET_WORD_SHAPE_H
#define MAPSHEET_WORD_SHAPE_H

#include "text/word_cache.h"

/* The word text[0..len) shaped in font f (an index into c->fonts), from
 * the cache or shaped now; NULL without memory. */
const struct shaped_word *word_shaped(struct word_cache *c, const char *text, size_t len, int f);

/* Shapes the words slot[0..np) that are not yet shaped: those that
 * word_batchable() allows in one buffer per font, the rest alone. Returns
 * 0, -1 without memory. */
int word_shape_pending(struct word_cache *c, struct shaped_word **slot, int np);

#endif
