/* render.h: printable sheets, the API the command line calls. A document's
 * levels are laid out (render/layout_*.c) into scenes and drawn by the Cairo
 * backend as PDF (every page in one file), SVG or PNG (one file per page:
 * NAME.svg, NAME-2.svg, ...), or by the libharu backend as a booklet. */
#ifndef MAPSHEET_RENDER_H
#define MAPSHEET_RENDER_H

#include "model/doc.h"
#include "base/err.h"

#include <stddef.h>

#define RENDER_DPI_DEFAULT 150
#define RENDER_DPI_MIN 30
#define RENDER_DPI_MAX 1200

/* Checks the sheet options before anything is generated: the paper, the
 * style (loaded, fonts present), the scale and the dpi (0 means the
 * default). Returns 0, or -1 with a usage error naming the option, the value
 * and what is accepted. */
int render_validate(const struct sheet_options *o, const char *const *template_dirs, struct err *e);

/* Writes all of d's levels to path in format "pdf", "svg" or "png" (see
 * above for the page files), or "pdf-cairo": one PDF of every level after
 * a cover when there are several, drawn by Cairo without bookmarks and
 * links (the booklet's pages, to compare with render_write_booklet). Every file is written to a temporary file and
 * renamed into place once all pages are complete; on failure no file is
 * changed. Returns 0, or -1 with e set (a usage error when the map does not
 * fit at the asked scale). */
int render_write(const struct doc *d, const char *path, const char *format, struct err *e);

/* Writes the booklet of d's levels to path through libharu: a cover, then
 * each level's map page and key pages, drawn from the same scenes as the
 * sheets, with bookmarks (each level, its map and every room), links (room
 * numbers to the key and back, stairs to the room they reach), page labels
 * ("cover", "1-map", "1-key", "1-key-2"), document info, and dates from
 * SOURCE_DATE_EPOCH when it is set, none otherwise (the same command gives
 * the same bytes). Fonts are the files fontconfig gives for the style's families,
 * embedded, with UTF-8 text. Written atomically like render_write.
 * Returns 0, or -1 with e set. */
int render_write_booklet(const struct doc *d, const char *path, struct err *e);

/* Lists the styles along the template path, one "name  description" line
 * each, into out. Returns the number of styles. */
int render_list_styles(const char *const *template_dirs, char *out, size_t size);

/* The file name of page `page` (1-based) for a per-page format: page 1 is
 * path itself, page k is path with "-k" before its extension. */
void render_page_path(const char *path, int page, char *out, size_t size);

/* Releases the font map Pango shares in this process, with the fonts and
 * font patterns it caches (the sheets, the booklet and the tabletop image
 * all measure and draw through it). main() calls it before exit, so that a
 * leak checker sees only fontconfig's configuration and cairo's static
 * caches, both kept for the process: FcFini and
 * cairo_debug_reset_static_data would race the threads in which Pango
 * loads fonts and frees them (an abort, seen). It first waits (at most a
 * second) for those threads to end: a font map released while one still
 * runs outlives the process, and all it holds shows as lost (seen once in
 * a valgrind run). Nothing may be drawn afterwards. */
void render_release_fonts(void);
/* Creates Pango's font map now: fontconfig then reads its configuration in
 * Pango's own thread while the caller goes on (the first text measured
 * waits for it). */
void render_start_fonts(void);

#endif
