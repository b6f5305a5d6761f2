/* tile_read.h: reading tile files (see mapsheet-templates(5), TILES), and
 * loading a run's library from the shipped folder and the user's.
 *
 * A tile file holds one or more tiles in the template syntax:
 *   tile:NAME            starts a tile (letters, digits, '-' and '_')
 *   title:TEXT           the name the room key gives it (optional)
 *   kind:KIND            room, hall, corridor, stairs or entrance (default room)
 *   weight:N             how often it is picked, 1 to 1000 (default 10)
 *   row:SQUARES          one row of the drawing, north to south
 * Each finished tile goes through tile_analyse() before it is added. */
#ifndef MAPSHEET_TILE_READ_H
#define MAPSHEET_TILE_READ_H

#include "methods/tiles/tile.h"

#include <stddef.h>

struct tile_set;

/* Reads the tiles in text (named `name` in messages) into s, marking them
 * as coming from folder number `source`. A tile named like one from an
 * earlier folder replaces it; the same name twice from one folder is an
 * error. Returns 0, or -1 with a usage error "file:line:column: message". */
int tile_read_text(struct tile_set *s, const char *name, const char *text, size_t len, int source,
		   struct err *e);
/* Loads the library once: the shipped tiles (templates/tiles along dirs)
 * and, with user_dir "DIR", that folder instead, or with "+DIR" that folder
 * beside them (its tiles replace shipped ones of the same name); then its
 * copies and index (tile_set_index). Does nothing when s is already loaded
 * for the same user_dir. s must start zeroed. Returns 0 or -1 with e set;
 * tile_set_free() is always safe. */
int tile_set_load(struct tile_set *s, const char *const *dirs, const char *user_dir, struct err *e);

#endif
