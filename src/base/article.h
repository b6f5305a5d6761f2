/* article.h: "a" or "an" by the sound of the word that follows ("an
 * amber", "a unicorn", "an hour", "a ewer"), and the articles of a text
 * set right where tables put "a" before a word drawn later. */
#ifndef MAPSHEET_ARTICLE_H
#define MAPSHEET_ARTICLE_H

#include "base/sbuf.h"

#include <stddef.h>

/* "an" when word starts with a vowel sound, else "a". */
const char *article_for(const char *word);

/* Sets right each article "a"/"an" of s from byte from on: a lowercase
 * one anywhere, a capital one at the start of a sentence (the text's
 * start, or after ". ", ": ", "; ", "! ", "? "). Latches on a failed
 * allocation as sbuf does. */
void article_fix(struct sbuf *s, size_t from);

#endif
