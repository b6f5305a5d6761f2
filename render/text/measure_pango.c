/* measure_pango.c: Pango line breaking and measurement (see
 * measure_pango.h): a paragraph laid out by Pango, its lines and runs
 * recorded with their fonts (fallback fonts included) and glyphs. */
#include "text/measure_pango.h"

#include "text/glyph_run.h"

#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Family at size points, bold or regular; NULL without memory. */
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
