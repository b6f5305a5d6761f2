/* page_meta.h: what a page file says about itself in its metadata: its
 * title and a line naming the program, the page number, the page count and
 * the seed, which carries FILESET_MARK (see fileset.h). SVG gets <title>
 * and <metadata> after its <svg> tag; PNG gets text chunks ("Title",
 * "Software" and the mark; tEXt, or iTXt for text beyond ASCII) after its
 * header. */
#ifndef MAPSHEET_PAGE_META_H
#define MAPSHEET_PAGE_META_H

#include "base/err.h"

#include <stdio.h>
#include <stddef.h>

struct page_meta {
	const char *title;      /* the document's or page's title, or NULL */
	const char *about;      /* "page 2 of 16, seed abc", or NULL: no mark */
};

/* Writes the SVG text svg (len bytes, as Cairo made it) to out with the
 * metadata after its <svg ...> tag. Returns 0, or -1 with e set. */
int page_meta_write_svg(const char *svg, size_t len, const struct page_meta *meta, FILE *out, struct err *e);
/* Writes the PNG png (len bytes, as Cairo made it) to out with the
 * metadata as text chunks after its IHDR. Returns 0, or -1 with e set. */
int page_meta_write_png(const unsigned char *png, size_t len, const struct page_meta *meta, FILE *out,
			struct err *e);

#endif
