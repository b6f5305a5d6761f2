/* export.h: the text exporters. Each writes a whole document to a stream;
 * the caller opens and commits the file (src/atomic.h). They return 0, or -1
 * with e set when memory runs out; write errors are caught at commit. */
#ifndef MAPSHEET_EXPORT_H
#define MAPSHEET_EXPORT_H

#include "model/doc.h"

#include <stdio.h>

/* The ASCII preview of each level followed by its numbered key. */
int export_txt(FILE *f, const struct doc *d, struct err *e);
/* The numbered key of each level alone, as export_txt writes it, under
 * the title, the premise, the secret (the referee's copy) and a line
 * naming each level (the local server's key). The players' copy
 * (d->sheet.player) names the levels without their keys. */
int export_txt_key(FILE *f, const struct doc *d, struct err *e);
/* The same without the title, premise and secret: the levels' lines and
 * keys alone (the page sets the premise itself). */
int export_txt_levels_key(FILE *f, const struct doc *d, struct err *e);
/* The whole model as JSON (format "mapsheet", version DOC_JSON_VERSION). */
int export_json(FILE *f, const struct doc *d, struct err *e);

/* The room key as Markdown: a heading per level, images[l] (a path
 * relative to the .md, or NULL for none) as level l's map, a numbered
 * heading per room. With d->sheet.player only the maps, without the key. */
int export_md(FILE *f, const struct doc *d, const char *const *images, struct err *e);
struct sbuf;
/* Appends text with every Markdown special character escaped; line_start:
 * the text begins a line, so what would open a heading or list is escaped
 * too. */
void md_escape(struct sbuf *s, const char *text, int line_start);

/* The ASCII drawing of one map alone (src/export/txt_map.c; used by the
 * preview and the tests): the floor's bounding box, each square 3, 2 or 1
 * characters wide, the widest at which the drawing fits `width` columns.
 * Returns the columns the drawing takes (more than width when it does not
 * fit even at 1), or -1 with e set. */
int export_txt_map(FILE *f, const struct map *m, int width, struct err *e);
/* The legend of the drawing export_txt_map makes of m for `width`
 * columns, appended to out: each symbol drawn on it and only those
 * ("Doors: D door, L locked. E entrance. Features: o pillar, * pit.").
 * Returns 0, or -1 with e set. */
int export_txt_legend(const struct map *m, int width, struct sbuf *out, struct err *e);
/* The character the preview draws feature f with in the middle of its
 * square (' ' for none or a value out of range). */
char export_txt_feature_char(enum feature f);

#endif
