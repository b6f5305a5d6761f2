/* cairo_backend.c: scenes to PDF, SVG and PNG through Cairo; text as the
 * glyphs the layout shaped, or through Pango with the same unhinted 72-dpi
 * metrics the layout measured with.
 * Every Cairo status is checked; output goes to the caller's FILE (an
 * atomic temporary file). */
#include "cairo/cairo_backend.h"

#include "text/glyph_run.h"
#include "page_meta.h"
#include "cairo/png_phys.h"
#include "base/sbuf.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
	FILE *f = closure;
	if (length > 0 && fwrite(data, 1, length, f) != length)
		return CAIRO_STATUS_WRITE_ERROR;
	return CAIRO_STATUS_SUCCESS;
}

static cairo_status_t write_sbuf(void *closure, const unsigned char *data, unsigned int length)
{
	struct sbuf *sb = closure;
	sbuf_addn(sb, (const char *)data, length);
	return sbuf_failed(sb) ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

/* Cairo names the SVG's page group after a process-wide surface counter
 * ("surface13"); a fixed name keeps the same page giving the same bytes.
 * The page's metadata goes after the <svg> tag. */
static int write_svg_fixed(struct sbuf *sb, const struct page_meta *meta, FILE *out, struct err *e)
{
	const char *text = sbuf_cstr(sb);
	if (!text)
		return err_set(e, "out of memory while writing the SVG");
	const char *at = strstr(text, "id=\"surface");
	if (!at)
		return page_meta_write_svg(text, sb->len, meta, out, e);
	const char *digits = at + strlen("id=\"surface"), *end = digits + strspn(digits, "0123456789");
	struct sbuf fixed;
	sbuf_init(&fixed);
	sbuf_addn(&fixed, text, (size_t)(digits - text));
	sbuf_addc(&fixed, '1');
	sbuf_addn(&fixed, end, sb->len - (size_t)(end - text));
	const char *ft = sbuf_cstr(&fixed);
	int rc = ft ? page_meta_write_svg(ft, fixed.len, meta, out, e)
		    : err_set(e, "out of memory while writing the SVG");
	sbuf_free(&fixed);
	return rc;
}

static void set_colour(cairo_t *cr, struct colour c)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

static void build_path(cairo_t *cr, const struct scene_page *p, const struct scene_item *it)
{
	cairo_new_path(cr);
	for (size_t k = it->op_start; k < it->op_start + it->nops; k++) {
		const struct scene_op *op = &p->ops[k];
		switch (op->kind) {
		case SCENE_MOVE: cairo_move_to(cr, op->x[0], op->y[0]); break;
		case SCENE_LINE: cairo_line_to(cr, op->x[0], op->y[0]); break;
		case SCENE_CURVE:
			cairo_curve_to(cr, op->x[0], op->y[0], op->x[1], op->y[1], op->x[2], op->y[2]);
			break;
		case SCENE_CLOSE: cairo_close_path(cr); break;
		}
	}
}

static void hatch_line(void *arg, double x0, double y0, double x1, double y1)
{
	cairo_t *cr = arg;
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/* Text without glyphs from the layout step is set with one PangoLayout per
 * page, made when first needed; its font changes only when an item's does. */
struct text_ctx {
	PangoLayout *layout;
	PangoFontDescription *desc;
	const struct scene_item *last;  /* the item whose font desc holds */
	int failed;
};

static int text_init(cairo_t *cr, struct text_ctx *t)
{
	t->layout = pango_cairo_create_layout(cr);
	t->desc = pango_font_description_new();
	cairo_font_options_t *fo = cairo_font_options_create();
	if (!t->layout || !t->desc || !fo || cairo_font_options_status(fo) != CAIRO_STATUS_SUCCESS) {
		cairo_font_options_destroy(fo);
		return -1;
	}
	/* the metrics the layout step measured with (see measure.c) */
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	PangoContext *pc = pango_layout_get_context(t->layout);
	pango_cairo_context_set_font_options(pc, fo);
	pango_cairo_context_set_resolution(pc, 72);
	pango_layout_context_changed(t->layout);
	cairo_font_options_destroy(fo);
	return 0;
}

static void text_free(struct text_ctx *t)
{
	if (t->layout)
		g_object_unref(t->layout);
	if (t->desc)
		pango_font_description_free(t->desc);
}

static int same_font(const struct scene_item *a, const struct scene_item *b)
{
	return a && a->size == b->size && a->bold == b->bold && a->italic == b->italic && strcmp(a->family, b->family) == 0;
}

#define STACK_GLYPHS 128

/* Shows the glyphs the layout attached to it straight through Cairo, with
 * their clusters so the PDF keeps the text. Returns 0, or -1 when they
 * cannot be shown (no font, no memory) and the text must be shaped. */
static int show_glyphs(cairo_t *cr, const struct scene_item *it)
{
	const struct glyph_run *r = it->glyphs;
	int n = r->n, len = (int)strlen(it->text);
	cairo_scaled_font_t *sf = r->font;
	if (n == 0 || !sf)
		return -1;
	cairo_glyph_t stack_glyphs[STACK_GLYPHS], *glyphs = stack_glyphs;
	cairo_text_cluster_t stack_clusters[STACK_GLYPHS], *clusters = stack_clusters;
	if (n > STACK_GLYPHS) {
		glyphs = malloc((size_t)n * sizeof *glyphs);
		clusters = malloc((size_t)n * sizeof *clusters);
		if (!glyphs || !clusters) {
			free(glyphs);
			free(clusters);
			return -1;
		}
	}
	int nclusters = 0;
	double x = it->x;
	for (int i = 0; i < n; i++) {
		const struct glyph_pos *g = &r->g[i];
		glyphs[i].index = g->glyph;
		glyphs[i].x = x + g->x_offset / (double)PANGO_SCALE;
		glyphs[i].y = it->y + g->y_offset / (double)PANGO_SCALE;
		x += g->width / (double)PANGO_SCALE;
		if (i == 0 || g->cluster != r->g[i - 1].cluster) {
			if (nclusters > 0)
				clusters[nclusters - 1].num_bytes = g->cluster - r->g[i - 1].cluster;
			clusters[nclusters].num_glyphs = 0;
			nclusters++;
		}
		clusters[nclusters - 1].num_glyphs++;
	}
	clusters[nclusters - 1].num_bytes = len - r->g[n - 1].cluster;
	cairo_set_scaled_font(cr, sf);
	cairo_show_text_glyphs(cr, it->text, len, glyphs, n, clusters, nclusters, 0);
	if (glyphs != stack_glyphs) {
		free(glyphs);
		free(clusters);
	}
	return 0;
}

static void draw_text(cairo_t *cr, struct text_ctx *t, const struct scene_item *it)
{
	set_colour(cr, it->colour);
	/* the glyphs the layout measured: placed, not shaped again */
	if (it->glyphs && show_glyphs(cr, it) == 0)
		return;
	if (!t->layout && !t->failed && text_init(cr, t) < 0)
		t->failed = 1;
	if (t->failed)
		return;
	if (!same_font(t->last, it)) {
		pango_font_description_set_family(t->desc, it->family);
		pango_font_description_set_size(t->desc, (gint)(it->size * PANGO_SCALE + 0.5));
		pango_font_description_set_weight(t->desc, it->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
		pango_font_description_set_style(t->desc, it->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
		pango_layout_set_font_description(t->layout, t->desc);
		t->last = it;
	}
	pango_layout_set_text(t->layout, it->text, -1);
	double base = pango_layout_get_baseline(t->layout) / (double)PANGO_SCALE;
	cairo_move_to(cr, it->x, it->y - base);
	pango_cairo_update_layout(cr, t->layout);
	pango_cairo_show_layout(cr, t->layout);
}

/* Draws one page's items; the surface is already the page's size. */
static int draw_page(cairo_t *cr, const struct scene_page *p, struct err *e)
{
	struct text_ctx t = { NULL, NULL, NULL, 0 };
	/* the sheet of paper itself */
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	for (size_t i = 0; i < p->nitems; i++) {
		const struct scene_item *it = &p->items[i];
		switch (it->kind) {
		case SCENE_FILL:
			build_path(cr, p, it);
			set_colour(cr, it->colour);
			cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
			cairo_fill(cr);
			break;
		case SCENE_STROKE:
			build_path(cr, p, it);
			set_colour(cr, it->colour);
			cairo_set_line_width(cr, it->width);
			cairo_set_line_cap(cr, it->cap == SCENE_CAP_ROUND ? CAIRO_LINE_CAP_ROUND
					   : it->cap == SCENE_CAP_SQUARE ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT);
			cairo_set_line_join(cr, it->join == SCENE_JOIN_ROUND ? CAIRO_LINE_JOIN_ROUND
					    : it->join == SCENE_JOIN_BEVEL ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER);
			if (it->dash[0] > 0 || it->dash[1] > 0)
				cairo_set_dash(cr, it->dash, 2, 0);
			else
				cairo_set_dash(cr, NULL, 0, 0);
			cairo_stroke(cr);
			break;
		case SCENE_HATCH:
			cairo_save(cr);
			build_path(cr, p, it);
			cairo_clip(cr);
			cairo_new_path(cr);
			scene_hatch_lines(p, it, hatch_line, cr);
			set_colour(cr, it->colour);
			cairo_set_line_width(cr, it->width);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_stroke(cr);
			cairo_restore(cr);
			break;
		case SCENE_TEXT:
			draw_text(cr, &t, it);
			break;
		case SCENE_CLIP:
			cairo_save(cr);
			build_path(cr, p, it);
			cairo_clip(cr);
			break;
		case SCENE_UNCLIP:
			cairo_restore(cr);
			break;
		case SCENE_ANCHOR:
		case SCENE_LINK:
			/* the booklet backend turns these into PDF destinations and links */
			break;
		}
		if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
			break;
	}
	text_free(&t);
	if (t.failed)
		return err_set(e, "cannot set up Pango for drawing");
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		return err_set(e, "drawing failed: %s", cairo_status_to_string(cairo_status(cr)));
	return 0;
}

static int finish(cairo_surface_t *surf, struct err *e)
{
	cairo_surface_finish(surf);
	cairo_status_t st = cairo_surface_status(surf);
	cairo_surface_destroy(surf);
	if (st != CAIRO_STATUS_SUCCESS)
		return err_set(e, "cannot write the sheet: %s", cairo_status_to_string(st));
	return 0;
}

/* The PDF's dates: SOURCE_DATE_EPOCH's when it is set, else none at all
 * (Cairo would write the current time), so that the same command gives
 * the same bytes. */
static void set_dates(cairo_surface_t *surf)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char date[32] = "";
	char *end;
	long long v = sde && *sde ? strtoll(sde, &end, 10) : -1;
	if (v >= 0 && *end == '\0') {
		time_t t = (time_t)v;
		struct tm tm;
		if (!gmtime_r(&t, &tm) || strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
			date[0] = '\0';
	}
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_MOD_DATE, date);
}

static int write_vector(const struct scene *sc, int first, int n, enum cairo_format fmt,
			const struct page_meta *meta, FILE *out, struct err *e)
{
	const struct scene_page *p0 = &sc->pages[first];
	struct sbuf svg;
	sbuf_init(&svg);
	cairo_surface_t *surf = fmt == CAIRO_OUT_PDF ? cairo_pdf_surface_create_for_stream(write_stream, out, p0->w, p0->h)
						     : cairo_svg_surface_create_for_stream(write_sbuf, &svg, p0->w, p0->h);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		cairo_status_t st = cairo_surface_status(surf);
		cairo_surface_destroy(surf);
		return err_set(e, "cannot start the sheet: %s", cairo_status_to_string(st));
	}
	if (fmt == CAIRO_OUT_PDF) {
		cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE,
					       meta && meta->title ? meta->title : "map");
		cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "mapsheet " MAPSHEET_VERSION);
		set_dates(surf);
	} else {
		cairo_svg_surface_restrict_to_version(surf, CAIRO_SVG_VERSION_1_1);
		cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PT);
	}
	cairo_t *cr = cairo_create(surf);
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		const struct scene_page *p = &sc->pages[first + i];
		if (fmt == CAIRO_OUT_PDF)
			cairo_pdf_surface_set_size(surf, p->w, p->h);
		rc = draw_page(cr, p, e);
		cairo_show_page(cr);
		if (rc == 0 && cairo_status(cr) != CAIRO_STATUS_SUCCESS)
			rc = err_set(e, "cannot write the sheet: %s", cairo_status_to_string(cairo_status(cr)));
	}
	cairo_destroy(cr);
	if (finish(surf, rc == 0 ? e : NULL) < 0)
		rc = -1;
	if (rc == 0 && fmt == CAIRO_OUT_SVG)
		rc = write_svg_fixed(&svg, meta, out, e);
	sbuf_free(&svg);
	return rc;
}

static int write_png(const struct scene_page *p, int dpi, const struct page_meta *meta, FILE *out, struct err *e)
{
	double k = dpi / 72.0;
	int w = (int)ceil(p->w * k - 1e-6), h = (int)ceil(p->h * k - 1e-6);
	if (w <= 0 || h <= 0 || (double)w * h > 400e6)
		return err_usage(e, "--dpi %d: a %.1f x %.1f in page would be %d x %d pixels, too large for PNG", dpi,
				 p->w / 72, p->h / 72, w, h);
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		return err_set(e, "cannot make a %d x %d image (out of memory?)", w, h);
	}
	cairo_t *cr = cairo_create(surf);
	cairo_scale(cr, k, k);
	int rc = draw_page(cr, p, e);
	cairo_destroy(cr);
	if (rc == 0) {
		cairo_surface_flush(surf);
		/* with its resolution, so that it prints at its size, then with
		 * the page's metadata */
		char *png = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&png, &len);
		if (!mem) {
			rc = err_set(e, "out of memory while writing the PNG");
		} else {
			struct png_phys_stream ps;
			png_phys_init(&ps, mem, dpi);
			cairo_status_t st = cairo_surface_write_to_png_stream(surf, png_phys_write, &ps);
			int closed = fclose(mem);
			if (st != CAIRO_STATUS_SUCCESS)
				rc = err_set(e, "cannot write the PNG: %s", cairo_status_to_string(st));
			else if (png_phys_finish(&ps) < 0 || closed != 0)
				rc = err_set(e, "cannot write the PNG with its resolution");
			else
				rc = page_meta_write_png((const unsigned char *)png, len, meta, out, e);
		}
		free(png);
	}
	cairo_surface_destroy(surf);
	return rc;
}

int cairo_backend_write(const struct scene *sc, int first, int n, enum cairo_format fmt, int dpi,
			const struct page_meta *meta, FILE *out, struct err *e)
{
	if (first < 0 || n < 1 || first + n > sc->npages || (fmt != CAIRO_OUT_PDF && n != 1))
		return err_set(e, "internal error: bad page range %d+%d of %d", first, n, sc->npages);
	if (fmt == CAIRO_OUT_PNG)
		return write_png(&sc->pages[first], dpi, meta, out, e);
	return write_vector(sc, first, n, fmt, meta, out, e);
}
