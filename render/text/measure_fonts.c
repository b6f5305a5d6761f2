/* measure_fonts.c: the quick way's fonts (see measure_fonts.h). */
#include "text/measure_fonts.h"

#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A family and weight as Pango found it at MEASURE_FACE_SIZE. */
struct word_face {
	char family[64];
	int bold;
	char actual[64];
	int actual_bold, actual_italic;
	int pango_size;                 /* the size Pango loaded, Pango units */
	cairo_font_face_t *face;
	cairo_font_options_t *options;
	cairo_matrix_t font_matrix, ctm;        /* Cairo's, at pango_size */
	hb_face_t *hb_face;
	int hb_scale_x, hb_scale_y;     /* HarfBuzz's scale at pango_size */
	hb_script_t script;
	hb_language_t language;
};

static int grow(void **array, int *cap, int n, size_t size)
{
	if (n < *cap)
		return 0;
	int c = *cap ? *cap * 2 : 8;
	void *p = realloc(*array, (size_t)c * size);
	if (!p)
		return -1;
	*array = p;
	*cap = c;
	return 0;
}

static int pango_units(double size)
{
	return (int)(size * PANGO_SCALE + 0.5);
}

/* The font Pango's itemizer gives a letter of family in context. */
static PangoItem *itemize(void *context, const char *family, int pango_size, int bold, GList **items)
{
	PangoFontDescription *d = pango_font_description_new();
	PangoAttrList *attrs = pango_attr_list_new();
	PangoAttribute *a = NULL;
	*items = NULL;
	if (d && attrs) {
		pango_font_description_set_family(d, family);
		pango_font_description_set_size(d, pango_size);
		pango_font_description_set_weight(d, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
		a = pango_attr_font_desc_new(d);
	}
	if (a) {
		pango_attr_list_insert(attrs, a);
		*items = pango_itemize(context, "a", 0, 1, attrs, NULL);
	}
	if (attrs)
		pango_attr_list_unref(attrs);
	if (d)
		pango_font_description_free(d);
	PangoItem *it = *items ? (*items)->data : NULL;
	return it && it->analysis.font ? it : NULL;
}

int font_set_has_family(void *context, const char *family)
{
	GList *items;
	PangoItem *it = itemize(context, family, pango_units(MEASURE_FACE_SIZE), 0, &items);
	PangoFontDescription *got = it ? pango_font_describe(it->analysis.font) : NULL;
	const char *name = got ? pango_font_description_get_family(got) : NULL;
	int ok = name && g_ascii_strcasecmp(name, family) == 0;
	if (got)
		pango_font_description_free(got);
	g_list_free_full(items, (GDestroyNotify)pango_item_free);
	return ok;
}

static void face_free(struct word_face *f)
{
	if (f->face)
		cairo_font_face_destroy(f->face);
	if (f->options)
		cairo_font_options_destroy(f->options);
	if (f->hb_face)
		hb_face_destroy(f->hb_face);
}

/* Finds family and weight through Pango at size; returns its index or -1. */
static int face_get(struct font_set *fs, void *context, const char *family, int pango_size, int bold)
{
	for (int i = 0; i < fs->nfaces; i++)
		if (fs->faces[i].bold == bold && strcmp(fs->faces[i].family, family) == 0)
			return i;
	if (strlen(family) >= sizeof fs->faces[0].family ||
	    grow((void **)&fs->faces, &fs->capfaces, fs->nfaces, sizeof *fs->faces) < 0)
		return -1;
	GList *items;
	PangoItem *it = itemize(context, family, pango_size, bold, &items);
	PangoFont *pf = it ? it->analysis.font : NULL;
	cairo_scaled_font_t *sf = pf ? pango_cairo_font_get_scaled_font((PangoCairoFont *)pf) : NULL;
	hb_font_t *hb = pf ? pango_font_get_hb_font(pf) : NULL;
	struct word_face *f = &fs->faces[fs->nfaces];
	memset(f, 0, sizeof *f);
	int rc = -1;
	if (sf && hb && cairo_scaled_font_status(sf) == CAIRO_STATUS_SUCCESS) {
		snprintf(f->family, sizeof f->family, "%s", family);
		f->bold = bold;
		f->pango_size = pango_size;
		f->face = cairo_font_face_reference(cairo_scaled_font_get_font_face(sf));
		f->options = cairo_font_options_create();
		cairo_scaled_font_get_font_options(sf, f->options);
		cairo_scaled_font_get_font_matrix(sf, &f->font_matrix);
		cairo_scaled_font_get_ctm(sf, &f->ctm);
		f->hb_face = hb_face_reference(hb_font_get_face(hb));
		hb_font_get_scale(hb, &f->hb_scale_x, &f->hb_scale_y);
		f->script = hb_script_from_iso15924_tag(g_unicode_script_to_iso15924((GUnicodeScript)it->analysis.script));
		f->language = hb_language_from_string(pango_language_to_string(it->analysis.language), -1);
		PangoFontDescription *got = pango_font_describe(pf);
		const char *fam = got ? pango_font_description_get_family(got) : NULL;
		snprintf(f->actual, sizeof f->actual, "%s", fam ? fam : family);
		if (got) {
			f->actual_bold = pango_font_description_get_weight(got) >= PANGO_WEIGHT_SEMIBOLD;
			f->actual_italic = pango_font_description_get_style(got) != PANGO_STYLE_NORMAL;
			pango_font_description_free(got);
		}
		if (cairo_font_options_status(f->options) == CAIRO_STATUS_SUCCESS)
			rc = fs->nfaces++;
		else
			face_free(f);
	}
	g_list_free_full(items, (GDestroyNotify)pango_item_free);
	return rc;
}

int font_set_get(struct font_set *fs, void *context, const char *family, double size, int bold)
{
	for (int i = 0; i < fs->nfonts; i++)
		if (fs->fonts[i].size == size && fs->fonts[i].bold == bold && strcmp(fs->fonts[i].family, family) == 0)
			return i;
	int psize = pango_units(size);
	int fi = face_get(fs, context, family, pango_units(MEASURE_FACE_SIZE), bold);
	if (fi < 0 || grow((void **)&fs->fonts, &fs->capfonts, fs->nfonts, sizeof *fs->fonts) < 0)
		return -1;
	const struct word_face *face = &fs->faces[fi];
	struct word_font *f = &fs->fonts[fs->nfonts];
	memset(f, 0, sizeof *f);
	snprintf(f->family, sizeof f->family, "%s", family);
	f->size = size;
	f->bold = bold;
	f->face = fi;
	snprintf(f->actual, sizeof f->actual, "%s", face->actual);
	f->actual_bold = face->actual_bold;
	f->actual_italic = face->actual_italic;
	f->script = face->script;
	f->language = face->language;
	/* Cairo's font and HarfBuzz's scale grow with the size as Pango's do */
	double k = psize / (double)face->pango_size;
	cairo_matrix_t fm = face->font_matrix;
	cairo_matrix_scale(&fm, k, k);
	f->scaled = cairo_scaled_font_create(face->face, &fm, &face->ctm, face->options);
	f->hb = hb_font_create(face->hb_face);
	if (cairo_scaled_font_status(f->scaled) != CAIRO_STATUS_SUCCESS || f->hb == hb_font_get_empty()) {
		cairo_scaled_font_destroy(f->scaled);
		hb_font_destroy(f->hb);
		return -1;
	}
	hb_font_set_scale(f->hb, (int)(face->hb_scale_x * k + 0.5), (int)(face->hb_scale_y * k + 0.5));
	hb_segment_properties_t props = { HB_DIRECTION_LTR, f->script, f->language, NULL, NULL };
	f->plan = hb_shape_plan_create_cached(face->hb_face, &props, NULL, 0, NULL);
	if (f->plan == hb_shape_plan_get_empty()) {
		cairo_scaled_font_destroy(f->scaled);
		hb_font_destroy(f->hb);
		return -1;
	}
	/* a line's height as Pango's layout takes it: the font's extents */
	hb_font_extents_t ext;
	hb_font_get_h_extents(f->hb, &ext);
	f->ascent = ext.ascender;
	f->descent = -ext.descender;
	return fs->nfonts++;
}

void font_set_free(struct font_set *fs)
{
	for (int i = 0; i < fs->nfonts; i++) {
		cairo_scaled_font_destroy(fs->fonts[i].scaled);
		hb_font_destroy(fs->fonts[i].hb);
		hb_shape_plan_destroy(fs->fonts[i].plan);
	}
	for (int i = 0; i < fs->nfaces; i++)
		face_free(&fs->faces[i]);
	free(fs->fonts);
	free(fs->faces);
	memset(fs, 0, sizeof *fs);
}
