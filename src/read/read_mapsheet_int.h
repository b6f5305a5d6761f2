/* read_mapsheet_int.h: the parts of the reader of mapsheet's own JSON:
 * read_mapsheet.c the file, the document and the key, read_mapsheet_level.c
 * one level's map. */
#ifndef MAPSHEET_READ_MAPSHEET_INT_H
#define MAPSHEET_READ_MAPSHEET_INT_H

#include "model/map.h"
#include "read/json_fields.h"

/* Reads level object lv (levels[index]) into m (map_free it even on
 * failure) and checks the map contract. */
int read_mapsheet_level(struct jf *r, json_t *lv, int index, struct map *m);

#endif
