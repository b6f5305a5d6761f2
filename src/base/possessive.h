/* possessive.h: a thing said as someone's, the way a careful writer says
 * it: "Vark's orders", but "the orders of the Lady of Tigers" and "the
 * orders of Mogha Two-Axes", where "'s" after a title, an epithet or a
 * final s reads oddly. */
#ifndef MAPSHEET_POSSESSIVE_H
#define MAPSHEET_POSSESSIVE_H

#include <stddef.h>

/* Whether owner is better said with "of" than with "'s": a name that ends
 * in an s, x or z, or one with a title or an epithet in it ("the Sage of
 * Nine Keys", "Mrs Hobb the Housekeeper", "Lord Malphezar, Duke of
 * Chains"). */
int possessive_by_of(const char *owner);

/* Writes "OWNER's THING" or "the THING of OWNER" into out (size bytes,
 * cut short where it does not fit). */
void possessive(char *out, size_t size, const char *owner, const char *thing);

#endif
