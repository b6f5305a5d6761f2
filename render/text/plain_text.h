/* plain_text.h: what the quick way of setting text (measure_words.c) can
 * set as Pango's layout would: the characters it knows, the places it
 * breaks lines at, the words it may shape side by side. */
#ifndef MAPSHEET_PLAIN_TEXT_H
#define MAPSHEET_PLAIN_TEXT_H

#include <glib.h>
#include <stddef.h>

/* A hyphen between a letter or digit (before) and a letter (after)
 * ("rust-red", "3-headed"): Pango may break after it, and so does the
 * quick way. */
int word_hyphen(gunichar before, gunichar after);

/* Text the quick way sets as Pango would: left-to-right scripts without
 * complex shaping, no control characters but newlines, no invisible or
 * bidi marks. For wrapped text, *breaks_known tells whether Pango would
 * break it only at spaces and word hyphens; unwrapped text is not asked. */
int plain_text(const char *text, size_t len, int wrapped, int *breaks_known);

/* Whether a word may be shaped in one buffer with others, a space between
 * each (Latin letters, digits and punctuation). */
int word_batchable(const char *text, size_t len);

#endif
