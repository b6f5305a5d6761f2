/* export_foundry.h: a document as a Foundry VTT module (versions 12 and
 * 13): module.json, one compendium pack holding an Adventure, and each
 * level's picture. The Adventure holds a Scene per level (the picture, the
 * grid, walls, doors, lights, a Note per numbered room and per stair), the
 * key as one JournalEntry per level (a page per room, the premise, the
 * wandering monsters, the level's notes) and a folder for each. Every id
 * comes from the seed, so the same command gives the same module.
 * mapsheet(1), FOUNDRY VTT, says how a GM installs it. */
#ifndef MAPSHEET_EXPORT_FOUNDRY_H
#define MAPSHEET_EXPORT_FOUNDRY_H

#include "base/memfiles.h"
#include "model/doc.h"

#include <stddef.h>

/* One level's pictures: the map at ppg pixels a square (the players' map:
 * secret doors drawn as wall, no room numbers), and a small copy for the
 * scene's thumbnail; both PNG, malloc'd. */
struct foundry_picture {
	unsigned char *png;
	size_t len;
	unsigned char *thumb;
	size_t thumb_len;
	int ppg;
};

/* Foundry's smallest grid: a scene of fewer pixels a square is refused */
#define FOUNDRY_GRID_MIN 20

/* Adds the module's files to files, each named by its path in the
 * module's zip ("ID/module.json", "ID/packs/adventure/CURRENT",
 * "ID/scenes/level-1.png", ...), ID being the module's id. pics holds
 * d->nlevels pictures, which are taken (their pointers set to NULL)
 * whatever the result. Returns 0, or -1 with e set. */
int export_foundry(const struct doc *d, struct foundry_picture *pics, struct memfiles *files, struct err *e);

#endif
