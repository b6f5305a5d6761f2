/* measure_state.c: starting and stopping the text measurer (see
 * measure_state.h). */
#include "text/measure_state.h"

#include "text/para_cache.h"
#include "text/word_cache.h"

#include <pango/pangocairo.h>
#include <string.h>

int measure_init(struct measure *m, struct err *e)
{
	memset(m, 0, sizeof *m);
	/* Pango's shared font map: the Cairo backend draws with it too, so each
	 * font is found and loaded once per process, not once per use */
	PangoFontMap *fm = pango_cairo_font_map_get_default();
	if (!fm)
		return err_set(e, "cannot start Pango (no font map)");
	g_object_ref(fm);
	PangoContext *ctx = pango_font_map_create_context(fm);
	cairo_font_options_t *fo = cairo_font_options_create();
	if (!ctx || !fo || cairo_font_options_status(fo) != CAIRO_STATUS_SUCCESS) {
		if (ctx)
			g_object_unref(ctx);
		g_object_unref(fm);
		cairo_font_options_destroy(fo);
		return err_set(e, "cannot start Pango (no context)");
	}
	/* Unhinted metrics at 72 dpi: one Pango unit of size is one point on
	 * every output, whatever its resolution. */
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(ctx, 72);
	/* glyphs where the font puts them, not rounded to whole points */
	pango_context_set_round_glyph_positions(ctx, FALSE);
	m->fontmap = fm;
	m->context = ctx;
	m->words = word_cache_new();
	if (!m->words) {
		measure_free(m);
		return err_set(e, "out of memory while starting Pango");
	}
	return 0;
}

void measure_free(struct measure *m)
{
	if (m->context)
		g_object_unref(m->context);
	if (m->fontmap)
		g_object_unref(m->fontmap);
	word_cache_free(m->words);
	para_cache_free(m->paras);
	m->context = m->fontmap = NULL;
	m->words = NULL;
	m->paras = NULL;
	m->paras_asked = 0;
}
