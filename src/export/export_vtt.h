/* export_vtt.h: one level as Universal VTT JSON (.dd2vtt, .uvtt; format 0.3),
 * the file Foundry VTT importers, Arkenforge and Dungeondraft read: walls as
 * merged polylines in squares, doors as portals, and the players' map image. */
#ifndef MAPSHEET_EXPORT_VTT_H
#define MAPSHEET_EXPORT_VTT_H

#include "model/map.h"

#include <stddef.h>
#include <stdio.h>

/* Writes m to f with the PNG image png (len bytes, the players' map drawn
 * at pixels_per_grid pixels a square, m->w by m->h squares). about (or
 * NULL) is written first, under the key FILESET_MARK: which level of how
 * many and the seed, by which a later run knows the file (see fileset.h).
 * Returns 0 or -1 with e set. */
int export_vtt(FILE *f, const struct map *m, int pixels_per_grid, const unsigned char *png, size_t len,
	       const char *about, struct err *e);

/* The outline of a feature that blocks sight on square (x, y) of m, as the
 * sheet draws it (render/layout/layout_symbols.c, layout_furniture.c): a
 * pillar's circle of 0.3 squares inside an octagon round it; a statue's
 * five-pointed star inside the pentagon of its tips; a shelf's box, along
 * its wall as feature_place says; in squares from the grid's corner.
 * Returns the corners written to px, py (at most 8), or 0 when the feature
 * does not block sight (or m has no features). */
int export_vtt_blocker_outline(const struct map *m, int x, int y, double *px, double *py);

/* Appends base64 of data to out (4 * ceil(len / 3) characters, no newlines). */
struct sbuf;
void export_base64(struct sbuf *out, const unsigned char *data, size_t len);

#endif
