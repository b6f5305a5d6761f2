/* name_qualify.h: telling apart rooms of one name on a level by where they
 * lie ("East Storeroom", "North-West Storeroom"), then by order ("Second
 * Storeroom"), never by a number after the name. */
#ifndef MAPSHEET_NAME_QUALIFY_H
#define MAPSHEET_NAME_QUALIFY_H

#include "model/map.h"

#include <stddef.h>

/* Writes the try'th other name for region id of m, named base, into out:
 * tries 0 and 1 name where the room lies on the map (the compass side of
 * the map's centre, then "Inner" or "Outer"), the later ones an ordinal
 * ("Second", ... "Twelfth"). Returns 0, or -1 when tries are used up. */
int name_qualify(const struct map *m, int id, const char *base, int try, char *out, size_t size);

/* Renames every region of m whose name another keyed region of m has
 * already (in region order) with the first qualified name free on the
 * level. Returns 0, or -1 when out of memory. */
int name_make_distinct(struct map *m);

#endif
