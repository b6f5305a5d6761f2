/* glyph_run.c: shaped text kept with scene items (see glyph_run.h). */
#include "text/glyph_run.h"

#include <pango/pangocairo.h>
#include <stdlib.h>

struct glyph_run *glyph_run_new(void *font, int n)
{
	struct glyph_run *r = malloc(sizeof *r + (size_t)(n > 0 ? n : 0) * sizeof r->g[0]);
	if (!r)
		return NULL;
	r->font = cairo_scaled_font_reference(font);
	r->n = n;
	return r;
}

void glyph_run_free(struct glyph_run *r)
{
	if (!r)
		return;
	cairo_scaled_font_destroy(r->font);
	free(r);
}

struct glyph_run *glyph_run_from_pango(const void *glyph_item)
{
	const PangoGlyphItem *gi = glyph_item;
	if (!gi || !gi->item || !gi->glyphs || !gi->item->analysis.font || gi->item->analysis.level % 2)
		return NULL;
	const PangoGlyphString *gs = gi->glyphs;
	for (int i = 0; i < gs->num_glyphs; i++)
		if (gs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG || gs->glyphs[i].glyph == PANGO_GLYPH_EMPTY)
			return NULL;
	cairo_scaled_font_t *sf = pango_cairo_font_get_scaled_font((PangoCairoFont *)gi->item->analysis.font);
	if (!sf)
		return NULL;
	struct glyph_run *r = glyph_run_new(sf, gs->num_glyphs);
	if (!r)
		return NULL;
	for (int i = 0; i < gs->num_glyphs; i++) {
		const PangoGlyphInfo *g = &gs->glyphs[i];
		r->g[i] = (struct glyph_pos){ g->glyph, g->geometry.width, g->geometry.x_offset, g->geometry.y_offset,
					      gs->log_clusters[i] };
	}
	return r;
}

struct glyph_run *glyph_run_prefix(const struct glyph_run *r, size_t len)
{
	int n = 0;
	while (n < r->n && (size_t)r->g[n].cluster < len)
		n++;
	struct glyph_run *p = glyph_run_new(r->font, n);
	if (!p)
		return NULL;
	for (int i = 0; i < n; i++)
		p->g[i] = r->g[i];
	return p;
}

int glyph_run_clusters(const struct glyph_run *r, size_t *starts, double *xs, int max)
{
	int n = 0, x = 0;
	for (int i = 0; i < r->n; i++) {
		if (n < max && (n == 0 || (size_t)r->g[i].cluster > starts[n - 1])) {
			starts[n] = (size_t)r->g[i].cluster;
			xs[n++] = x / (double)PANGO_SCALE;
		}
		x += r->g[i].width;
	}
	return n;
}
