/* cairo_backend.h: draws scene pages with Cairo and Pango into PDF (all
 * pages in one file), SVG or PNG (one page per file). It makes no layout
 * decision: it paints each page's items in order. */
#ifndef MAPSHEET_CAIRO_BACKEND_H
#define MAPSHEET_CAIRO_BACKEND_H

#include "base/err.h"
#include "page_meta.h"
#include "scene.h"

#include <stdio.h>

enum cairo_format { CAIRO_OUT_PDF, CAIRO_OUT_SVG, CAIRO_OUT_PNG };

/* Writes pages first .. first + n - 1 of sc to out (PDF: all of them; SVG
 * and PNG: n must be 1). dpi is for PNG. meta (or NULL) gives the PDF's
 * title, and the title and mark an SVG or PNG page carries.
 * Returns 0, or -1 with e set (a Cairo error or a failed write). */
int cairo_backend_write(const struct scene *sc, int first, int n, enum cairo_format fmt, int dpi,
			const struct page_meta *meta, FILE *out, struct err *e);

#endif
