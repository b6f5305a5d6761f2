/* glyph_run.h: shaped text as the layout hands it to the backends (a
 * scene text item's glyphs): made from Pango's glyphs, cut, released, and
 * read back as cluster positions. */
#ifndef MAPSHEET_GLYPH_RUN_H
#define MAPSHEET_GLYPH_RUN_H

#include <stddef.h>
#include <stdint.h>

/* A glyph of shaped text: its index in the font, its advance and offsets
 * in Pango units (1/1024 pt), and the byte of the item's text its cluster
 * starts at. */
struct glyph_pos {
	uint32_t glyph;
	int32_t width, x_offset, y_offset;
	int32_t cluster;
};

/* Shaped text, left to right; font is the Cairo scaled font it was shaped
 * in and is drawn with (the run holds a reference). */
struct glyph_run {
	void *font;
	int n;
	struct glyph_pos g[];
};

/* A run of n glyphs in font (a cairo_scaled_font_t, referenced here);
 * NULL without memory. The caller fills g[]. */
struct glyph_run *glyph_run_new(void *font, int n);
void glyph_run_free(struct glyph_run *r);

/* Pango's glyphs for an item (a PangoGlyphItem whose clusters count from
 * its own start) as a run; NULL when they cannot be drawn as they are
 * (right to left, glyphs the font lacks, invisible glyphs) or without
 * memory. */
struct glyph_run *glyph_run_from_pango(const void *glyph_item);

/* The glyphs of r for the first len bytes of its text; NULL without memory. */
struct glyph_run *glyph_run_prefix(const struct glyph_run *r, size_t len);

/* Where each cluster of r starts: its byte in starts[] and its x offset in
 * points in xs[], at most max. Returns the count. */
int glyph_run_clusters(const struct glyph_run *r, size_t *starts, double *xs, int max);

#endif
