/* export_eplus.h: the document as an EncounterPlus module (a .module
 * archive). The archive's files are made here, in memory; the caller draws
 * each level's picture first and writes the files as one zip
 * (zip_archive.h). What each file holds, field by field, is in
 * mapsheet(1), FORMATS, and tests/encounterplus.schema.json. */
#ifndef MAPSHEET_EXPORT_EPLUS_H
#define MAPSHEET_EXPORT_EPLUS_H

#include "base/memfiles.h"
#include "model/doc.h"

#include <stddef.h>

/* A level's picture: the players' map over its whole grid, ppg pixels a
 * square (map_image.h, render_map_png). */
struct eplus_picture {
	unsigned char *png;     /* malloc'd; the module takes it */
	size_t len;
	int ppg;
};

/* Adds the module of d to files (initialised by the caller; empty): at the
 * archive's root module.json (the module), groups.json (a group per
 * level), maps.json (a map per level: its grid, walls, doors, a marker on
 * every numbered room opening its page and on every stair opening the
 * other level's map), pages.json (the premise, each room's key entry, each
 * level's wandering table and notes), and maps/level-N.png, pics[l]'s
 * bytes for level l. The players' copy (d->sheet.player) has no text the
 * players do not see on their map. Every id and slug derives from the
 * command (or the seed), so the same command gives the same files. Takes
 * pics[0 .. d->nlevels)'s PNGs whatever the result (each png is NULL
 * after). Returns 0, or -1 with e set (out of memory; files is then to be
 * freed by the caller). */
int export_eplus(const struct doc *d, struct eplus_picture *pics, struct memfiles *files, struct err *e);

#endif
