/* tabletop.h: what the tabletop modules (Foundry VTT, EncounterPlus) and
 * the Universal VTT file agree on, so that a level plays the same in each:
 *   ids      drawn from a hash of the module's content (every map, every
 *            key's word, the party, the system, whose copy, the picture's
 *            options), so the same command gives the same ids and a module
 *            that differs in anything gets its own;
 *   margin   the squares of solid ground round a module's level picture;
 *   grid     how many grid squares a side of one map square is (two under a
 *            system of 5-ft squares for a map of 10-ft squares);
 *   light    which levels are dark, and where a light burns: every hearth,
 *            and the room whose key names a fire that is lit;
 *   sight    which doors sight passes (openings and portcullises) and what
 *            stands high enough to hide what is behind it (pillars, statues,
 *            shelves: export_vtt_blocker_outline). */
#ifndef MAPSHEET_TABLETOP_H
#define MAPSHEET_TABLETOP_H

#include "model/doc.h"

#include <stdint.h>

/* Map squares of solid ground added round every level of a module */
#define TABLETOP_MARGIN 1

/* The hash of everything that makes a module what it is. */
uint64_t tabletop_content_hash(const struct doc *d);

/* Grid squares along one side of a map square of m: d->grid_feet divides
 * the map's square into n x n (10-ft squares under 5-ft: 2); 1 when the
 * system keeps the map's squares. */
int tabletop_split(const struct doc *d, const struct map *m);

/* Is the level dark (no daylight; token vision and the lights show it)?
 * Dungeons, caves and crypts are; a building (the house and mansion
 * methods) is lit. */
int tabletop_dark(const struct map *m);

/* Does a closed door of kind k block sight (and light)? An opening and a
 * portcullis do not; every other door does. */
int tabletop_door_blocks_sight(enum door_kind k);

/* A light on the level: the middle of square (x, y), and its reach. */
struct tabletop_light {
	int x, y;
	int hearth;         /* a hearth (bright 1.5 squares, dim 3); else a
			       brazier, lamp or torches the key names (bright 1,
			       dim 2) */
};

/* The lights of level li: one on each hearth, then one in each room whose
 * key names a fire that burns (a brazier, lamp, lantern, candles, torches
 * or a forge, not cold, empty or unlit), at the room's middle square.
 * *out is malloc'd (NULL when there are none). Returns how many, or -1
 * with e set. */
int tabletop_lights(const struct doc *d, int li, struct tabletop_light **out, struct err *e);

/* A row of a wandering table as the key prints it, "3. text" or
 * "2-3. text": its range into lo, hi and its words into text; 0 when the
 * line is not so numbered. */
int tabletop_table_row(const char *line, int *lo, int *hi, const char **text);

#endif
