/* measure.c: Pango line breaking and measurement (see measure.h). */
#include "text/measure_int.h"

#include "text/glyph_run.h"
#include "text/measure_fonts.h"

#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
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
	m->context = m->fontmap = NULL;
	m->words = NULL;
}

static PangoFontDescription *make_desc(const char *family, double size, int bold)
{
	PangoFontDescription *d = pango_font_description_new();
	if (!d)
		return NULL;
	pango_font_description_set_family(d, family);
	pango_font_description_set_size(d, (gint)(size * PANGO_SCALE + 0.5));
	pango_font_description_set_weight(d, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	return d;
}

int measure_has_family(struct measure *m, const char *family)
{
	return font_set_has_family(m->context, family);
}

void text_block_free(struct text_block *b)
{
	for (int i = 0; i < b->nruns; i++)
		glyph_run_free(b->runs[i].glyphs);
	free(b->text);
	free(b->lines);
	free(b->runs);
	memset(b, 0, sizeof *b);
}

int text_block_add_run(struct text_block *b, int *cap, const struct text_run *r)
{
	if (b->nruns == *cap) {
		int n = *cap ? *cap * 2 : 16;
		struct text_run *p = realloc(b->runs, (size_t)n * sizeof *p);
		if (!p)
			return -1;
		b->runs = p;
		*cap = n;
	}
	b->runs[b->nruns++] = *r;
	return 0;
}

/* Records each line of a laid-out Pango layout and its runs, in visual
 * order, with their fonts (fallback fonts included) and advances. */
static int collect(struct text_block *b, PangoLayout *lay)
{
	int nlines = pango_layout_get_line_count(lay), cap = 0;
	b->lines = calloc((size_t)nlines + 1, sizeof *b->lines);
	PangoLayoutIter *it = b->lines ? pango_layout_get_iter(lay) : NULL;
	if (!it)
		return -1;
	int li = 0;
	do {
		PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
		struct text_line *tl = &b->lines[li];
		PangoRectangle logical;
		pango_layout_iter_get_line_extents(it, NULL, &logical);
		tl->top = logical.y / (double)PANGO_SCALE;
		tl->height = logical.height / (double)PANGO_SCALE;
		tl->width = logical.width / (double)PANGO_SCALE;
		tl->baseline = pango_layout_iter_get_baseline(it) / (double)PANGO_SCALE;
		tl->first_run = b->nruns;
		double x = 0;
		for (GSList *r = line ? line->runs : NULL; r; r = r->next) {
			PangoGlyphItem *gi = r->data;
			PangoRectangle rl;
			pango_glyph_string_extents(gi->glyphs, gi->item->analysis.font, NULL, &rl);
			struct text_run tr = { 0 };
			tr.start = (size_t)gi->item->offset;
			tr.len = (size_t)gi->item->length;
			tr.x = x;
			tr.w = rl.width / (double)PANGO_SCALE;
			x += tr.w;
			PangoFontDescription *fd = pango_font_describe(gi->item->analysis.font);
			const char *fam = fd ? pango_font_description_get_family(fd) : NULL;
			snprintf(tr.family, sizeof tr.family, "%s", fam ? fam : "DejaVu Sans");
			tr.glyphs = glyph_run_from_pango(gi);
			if (fd) {
				tr.bold = pango_font_description_get_weight(fd) >= PANGO_WEIGHT_SEMIBOLD;
				tr.italic = pango_font_description_get_style(fd) != PANGO_STYLE_NORMAL;
				pango_font_description_free(fd);
			}
			if (text_block_add_run(b, &cap, &tr) < 0) {
				glyph_run_free(tr.glyphs);
				pango_layout_iter_free(it);
				return -1;
			}
		}
		tl->nruns = b->nruns - tl->first_run;
		li++;
	} while (li < nlines && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	b->nlines = li;
	return 0;
}

int measure_block(struct measure *m, struct text_block *b, const char *text, const char *family,
		  double size, int bold_len, double width, struct err *e)
{
	int quick = measure_words_block(m, b, text, family, size, bold_len, width);
	if (quick > 0)
		return 0;
	if (quick < 0)
		return err_set(e, "out of memory while setting text");
	return measure_pango_block(m, b, text, family, size, bold_len, width, e);
}

int measure_pango_block(struct measure *m, struct text_block *b, const char *text, const char *family,
			double size, int bold_len, double width, struct err *e)
{
	memset(b, 0, sizeof *b);
	b->size = size;
	b->text = strdup(text);
	PangoLayout *lay = pango_layout_new(m->context);
	PangoFontDescription *d = make_desc(family, size, bold_len < 0);
	PangoAttrList *attrs = pango_attr_list_new();
	if (!b->text || !lay || !d || !attrs)
		goto oom;
	pango_layout_set_font_description(lay, d);
	if (bold_len > 0) {
		PangoAttribute *a = pango_attr_weight_new(PANGO_WEIGHT_BOLD);
		if (!a)
			goto oom;
		a->start_index = 0;
		a->end_index = (guint)bold_len;
		pango_attr_list_insert(attrs, a);
	}
	pango_layout_set_attributes(lay, attrs);
	if (width > 0) {
		pango_layout_set_width(lay, (int)(width * PANGO_SCALE));
		pango_layout_set_wrap(lay, PANGO_WRAP_WORD_CHAR);
	}
	pango_layout_set_text(lay, text, -1);
	if (collect(b, lay) < 0)
		goto oom;
	PangoRectangle logical;
	pango_layout_get_extents(lay, NULL, &logical);
	b->height = logical.height / (double)PANGO_SCALE;
	b->width = 0;
	for (int i = 0; i < b->nlines; i++)
		if (b->lines[i].width > b->width)
			b->width = b->lines[i].width;
	pango_attr_list_unref(attrs);
	pango_font_description_free(d);
	g_object_unref(lay);
	return 0;
oom:
	if (attrs)
		pango_attr_list_unref(attrs);
	if (d)
		pango_font_description_free(d);
	if (lay)
		g_object_unref(lay);
	text_block_free(b);
	return err_set(e, "out of memory while setting text");
}

double measure_width(struct measure *m, const char *text, const char *family, double size, int bold)
{
	struct text_block b;
	struct err e;
	double w;
	int quick = measure_words_width(m, text, family, size, bold, &w);
	if (quick != 0)
		return quick > 0 ? w : -1;
	if (measure_block(m, &b, text, family, size, bold ? -1 : 0, 0, &e) < 0)
		return -1;
	w = b.width;
	text_block_free(&b);
	return w;
}

/* Gives item `it` the glyphs of run r for its first len bytes (without the
 * line break's space): the run's own when it is shown whole (the block no
 * longer holds them), a copy of its head otherwise. Without memory the
 * item simply goes without (the backend shapes it). */
static void attach_glyphs(struct scene_item *it, struct text_run *r, size_t len)
{
	if (!r->glyphs)
		return;
	if (len >= r->len) {
		it->glyphs = r->glyphs;
		r->glyphs = NULL;
	} else {
		it->glyphs = glyph_run_prefix(r->glyphs, len);
	}
	if (it->glyphs)
		it->glyphs_free = glyph_run_free;
}

void measure_emit_line(struct scene *sc, struct scene_page *p, struct text_block *b, int i, double x,
		       double y, struct colour c)
{
	const struct text_line *tl = &b->lines[i];
	for (int k = tl->first_run; k < tl->first_run + tl->nruns; k++) {
		struct text_run *r = &b->runs[k];
		size_t len = r->len;
		/* a run ending the line may carry the break's space or newline */
		while (len > 0 && (b->text[r->start + len - 1] == ' ' || b->text[r->start + len - 1] == '\n'))
			len--;
		if (len == 0)
			continue;
		struct scene_item *it = scene_text(sc, p, b->text + r->start, len, r->family, b->size, r->bold,
						   r->italic, c, x + r->x, y, r->w);
		if (it) {
			it->ascent = tl->baseline - tl->top;
			it->descent = tl->height - it->ascent;
			attach_glyphs(it, r, len);
		}
	}
}

/* ---- glyph positions for backends that place glyphs themselves ---- */

int measure_clusters(struct measure *m, const char *text, const char *family, double size, int bold, int italic,
		     size_t *starts, double *xs, int max)
{
	PangoLayout *l = pango_layout_new(m->context);
	PangoFontDescription *d = make_desc(family, size, bold);
	if (!l || !d) {
		if (l)
			g_object_unref(l);
		if (d)
			pango_font_description_free(d);
		return -1;
	}
	pango_font_description_set_style(d, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	pango_layout_set_font_description(l, d);
	pango_font_description_free(d);
	pango_layout_set_text(l, text, -1);
	PangoLayoutIter *it = pango_layout_get_iter(l);
	int n = 0;
	if (it) {
		do {
			PangoRectangle logical;
			pango_layout_iter_get_cluster_extents(it, NULL, &logical);
			int index = pango_layout_iter_get_index(it);
			if (n < max && (size_t)index < strlen(text)) {
				starts[n] = (size_t)index;
				xs[n++] = logical.x / (double)PANGO_SCALE;
			}
		} while (pango_layout_iter_next_cluster(it));
		pango_layout_iter_free(it);
	}
	g_object_unref(l);
	return it ? n : -1;
}

int measure_item_clusters(struct measure *m, const struct scene_item *it, size_t *starts, double *xs, int max)
{
	if (it->glyphs)
		return glyph_run_clusters(it->glyphs, starts, xs, max);
	return measure_clusters(m, it->text, it->family, it->size, it->bold, it->italic, starts, xs, max);
}

void measure_shape_item(struct measure *m, struct scene_item *it)
{
	struct text_block b;
	struct err e;
	if (!it || it->kind != SCENE_TEXT || it->glyphs || !it->text[0])
		return;
	if (measure_block(m, &b, it->text, it->family, it->size, it->bold ? -1 : 0, 0, &e) < 0)
		return;
	measure_attach(it, &b);
	text_block_free(&b);
}

void measure_attach(struct scene_item *it, struct text_block *b)
{
	if (!it || it->kind != SCENE_TEXT || it->glyphs || !b->text || b->size != it->size)
		return;
	if (b->nlines == 1 && b->nruns == 1 && b->runs[0].start == 0 && b->runs[0].len == strlen(it->text) &&
	    strcmp(b->text, it->text) == 0 && strcmp(b->runs[0].family, it->family) == 0 &&
	    b->runs[0].bold == it->bold && b->runs[0].italic == it->italic)
		attach_glyphs(it, &b->runs[0], b->runs[0].len);
}
