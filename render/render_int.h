/* render_int.h: what the sheet writer (render.c) shares with the booklet
 * writer (booklet.c): loading the style and laying a document out. */
#ifndef MAPSHEET_RENDER_INT_H
#define MAPSHEET_RENDER_INT_H

#include "model/doc.h"
#include "text/measure.h"
#include "scene.h"
#include "style.h"

/* Loads the style and checks that fontconfig has its fonts. Returns 0, or
 * -1 with a usage error naming the style and the missing font. */
int render_load_style(struct style *st, const char *name, const char *const *dirs, struct measure *ms,
		      struct err *e);

/* Lays out every level of d into sc, after a cover when `cover` is set.
 * Returns 0 or -1 with e set. */
int render_lay_out(const struct doc *d, const struct style *st, struct measure *ms, int cover, struct scene *sc,
		   struct err *e);

#endif
