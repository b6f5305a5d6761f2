/* map_image.h: one level's map alone as an image, without the sheet around
 * it (no margins, title, legend or key): the picture inside a tabletop
 * export and the map written beside a Markdown key. Both draw with the
 * sheet's own map drawing (layout_map) and the Cairo backend, so they look
 * like the printed map. */
#ifndef MAPSHEET_MAP_IMAGE_H
#define MAPSHEET_MAP_IMAGE_H

#include "model/doc.h"
#include "base/err.h"

#include <stddef.h>
#include <stdio.h>

/* Pixels per square of a tabletop image unless --grid-pixels says: 70 is
 * Roll20's grid and within the 50 to 100 most tabletops default to (Foundry
 * 100, Owlbear Rodeo and Fantasy Grounds fit any), a square large enough for
 * a token's art while a 40 x 30 map stays a 2800 x 2100 picture. */
#define MAP_IMAGE_PPG_DEFAULT 70
#define MAP_IMAGE_PPG_MAX 300
/* No side of a tabletop or Markdown image is larger: the largest texture
 * many graphics cards (and so browser tabletops such as Foundry) load. */
#define MAP_IMAGE_MAX_SIDE 8192

/* The pixels per square a tabletop image of m gets when `want` are asked
 * for (0: the default): want, made smaller so that neither side of the
 * image exceeds MAP_IMAGE_MAX_SIDE; at least 1. */
int map_image_vtt_ppg(const struct map *m, int want);

/* The players' map of level li of d over its whole grid (w x h squares,
 * square (0, 0) at pixel (0, 0)) as a PNG of exactly w * ppg by h * ppg
 * pixels: secret doors drawn as wall, hidden stairs left out, no room
 * numbers, no grid lines unless d->sheet.vtt_grid, in d's style; its
 * resolution is ppg dots per inch, so that printed at its size a square is
 * an inch. *png is malloc'd (the caller frees it). Returns 0,
 * or -1 with e set. */
int render_map_png(const struct doc *d, int li, int ppg, unsigned char **png, size_t *len, struct err *e);

enum map_image_format { MAP_IMAGE_SVG, MAP_IMAGE_PNG };

/* Level li of d as the referee's map (the players' with d->sheet.player)
 * with its room numbers, cropped to the floor and one square around it,
 * 18 points (1/4 in) a square, written to out as SVG, or as PNG at
 * d->sheet.dpi (lowered for a large map so that no side exceeds
 * MAP_IMAGE_MAX_SIDE pixels). Returns 0, or -1 with e set. */
int render_map_image(const struct doc *d, int li, enum map_image_format fmt, FILE *out, struct err *e);

#endif
