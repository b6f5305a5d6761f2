/* bench_floor.c: Cairo's own floor for a sheet, for `make bench`. The pages
 * of a laid-out scene are first copied into plain arrays (untimed): per page
 * its filled and stroked paths (rectangles, grid lines, walls, symbols),
 * hatched areas and text labels with their fonts. The timed part draws
 * those arrays straight into the same surface type at the same page size
 * (PNG at the same dpi), and writes the files as the program does
 * (temporary file, fsync, rename): no measuring, no layout, no
 * scene. Text labels go through Cairo's own text call, cairo_show_text,
 * in Cairo's font faces for the same families, weights and sizes (glyphs
 * looked up one character at a time, without Pango). What our renderer
 * costs above this is what layout, shaping and our backend add. */
#include "bench.h"

#include "base/atomic.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum floor_kind { FLOOR_FILL, FLOOR_STROKE, FLOOR_HATCH, FLOOR_TEXT };

struct floor_prim {
	enum floor_kind kind;
	double r, g, b, a, width;
	cairo_line_cap_t cap;
	cairo_line_join_t join;
	double dash[2];
	size_t op0, nops;       /* into the page's ops */
	size_t hl0, nhl;        /* hatch: lines (x0, y0, x1, y1) into the page's hatch array */
	double x, y;            /* text: baseline start */
	const char *text;
	int font;               /* text: index into the sheet's font descriptions */
};

struct floor_page {
	double w, h;
	struct floor_prim *prims;
	size_t nprims;
	struct scene_op *ops;   /* the page's path points, as they are */
	double *hatch;
	size_t nhatch, hatch_cap;
};

struct floor_sheet {
	struct floor_page *pages;
	int npages;
	PangoFontDescription *fonts[64];
	cairo_font_face_t *faces[64];   /* Cairo's own face for each */
	int nfonts;
};

static int font_index(struct floor_sheet *fs, const struct scene_item *it)
{
	PangoFontDescription *d = pango_font_description_new();
	pango_font_description_set_family(d, it->family);
	pango_font_description_set_size(d, (gint)(it->size * PANGO_SCALE + 0.5));
	pango_font_description_set_weight(d, it->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(d, it->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	for (int i = 0; i < fs->nfonts; i++)
		if (pango_font_description_equal(fs->fonts[i], d)) {
			pango_font_description_free(d);
			return i;
		}
	if (fs->nfonts == 64) {
		pango_font_description_free(d);
		return 0;
	}
	fs->fonts[fs->nfonts] = d;
	fs->faces[fs->nfonts] = cairo_toy_font_face_create(it->family,
							   it->italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
							   it->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	return fs->nfonts++;
}

static void add_hatch(void *arg, double x0, double y0, double x1, double y1)
{
	struct floor_page *fp = arg;
	if (fp->nhatch + 4 > fp->hatch_cap) {
		size_t cap = fp->hatch_cap ? fp->hatch_cap * 2 : 1024;
		double *n = realloc(fp->hatch, cap * sizeof *n);
		if (!n)
			return;
		fp->hatch = n;
		fp->hatch_cap = cap;
	}
	double *h = fp->hatch + fp->nhatch;
	h[0] = x0, h[1] = y0, h[2] = x1, h[3] = y1;
	fp->nhatch += 4;
}

struct floor_sheet *bench_floor_prepare(const struct scene *sc)
{
	struct floor_sheet *fs = calloc(1, sizeof *fs);
	if (!fs || !(fs->pages = calloc((size_t)sc->npages, sizeof *fs->pages))) {
		free(fs);
		return NULL;
	}
	fs->npages = sc->npages;
	for (int i = 0; i < sc->npages; i++) {
		const struct scene_page *p = &sc->pages[i];
		struct floor_page *fp = &fs->pages[i];
		fp->w = p->w;
		fp->h = p->h;
		fp->prims = calloc(p->nitems + 1, sizeof *fp->prims);
		fp->ops = malloc((p->nops + 1) * sizeof *fp->ops);
		if (!fp->prims || !fp->ops)
			return fs;      /* drawn as far as it got */
		memcpy(fp->ops, p->ops, p->nops * sizeof *fp->ops);
		for (size_t k = 0; k < p->nitems; k++) {
			const struct scene_item *it = &p->items[k];
			struct floor_prim *pr = &fp->prims[fp->nprims];
			pr->r = it->colour.r, pr->g = it->colour.g, pr->b = it->colour.b, pr->a = it->colour.a;
			pr->width = it->width;
			pr->op0 = it->op_start;
			pr->nops = it->nops;
			pr->cap = it->cap == SCENE_CAP_ROUND ? CAIRO_LINE_CAP_ROUND
				  : it->cap == SCENE_CAP_SQUARE ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT;
			pr->join = it->join == SCENE_JOIN_ROUND ? CAIRO_LINE_JOIN_ROUND
				   : it->join == SCENE_JOIN_BEVEL ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER;
			pr->dash[0] = it->dash[0];
			pr->dash[1] = it->dash[1];
			switch (it->kind) {
			case SCENE_FILL: pr->kind = FLOOR_FILL; break;
			case SCENE_STROKE: pr->kind = FLOOR_STROKE; break;
			case SCENE_HATCH:
				pr->kind = FLOOR_HATCH;
				pr->hl0 = fp->nhatch;
				scene_hatch_lines(p, it, add_hatch, fp);
				pr->nhl = (fp->nhatch - pr->hl0) / 4;
				break;
			case SCENE_TEXT:
				pr->kind = FLOOR_TEXT;
				pr->text = it->text;
				pr->x = it->x;
				pr->y = it->y;
				pr->font = font_index(fs, it);
				break;
			default: continue;      /* anchors and links draw nothing */
			}
			fp->nprims++;
		}
	}
	return fs;
}

void bench_floor_free(struct floor_sheet *fs)
{
	if (!fs)
		return;
	for (int i = 0; i < fs->npages; i++) {
		free(fs->pages[i].prims);
		free(fs->pages[i].ops);
		free(fs->pages[i].hatch);
	}
	for (int i = 0; i < fs->nfonts; i++) {
		pango_font_description_free(fs->fonts[i]);
		cairo_font_face_destroy(fs->faces[i]);
	}
	free(fs->pages);
	free(fs);
}

static void path(cairo_t *cr, const struct floor_page *fp, const struct floor_prim *pr)
{
	for (size_t k = pr->op0; k < pr->op0 + pr->nops; k++) {
		const struct scene_op *op = &fp->ops[k];
		switch (op->kind) {
		case SCENE_MOVE: cairo_move_to(cr, op->x[0], op->y[0]); break;
		case SCENE_LINE: cairo_line_to(cr, op->x[0], op->y[0]); break;
		case SCENE_CURVE: cairo_curve_to(cr, op->x[0], op->y[0], op->x[1], op->y[1], op->x[2], op->y[2]); break;
		case SCENE_CLOSE: cairo_close_path(cr); break;
		}
	}
}

/* Draws one page: the paper, then every primitive in order. */
static void draw(cairo_t *cr, const struct floor_sheet *fs, const struct floor_page *fp)
{
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	int font = -1;
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	for (size_t i = 0; i < fp->nprims; i++) {
		const struct floor_prim *pr = &fp->prims[i];
		cairo_set_source_rgba(cr, pr->r, pr->g, pr->b, pr->a);
		switch (pr->kind) {
		case FLOOR_FILL:
			path(cr, fp, pr);
			cairo_fill(cr);
			break;
		case FLOOR_STROKE:
			path(cr, fp, pr);
			cairo_set_line_width(cr, pr->width);
			cairo_set_line_cap(cr, pr->cap);
			cairo_set_line_join(cr, pr->join);
			cairo_set_dash(cr, pr->dash, pr->dash[0] > 0 || pr->dash[1] > 0 ? 2 : 0, 0);
			cairo_stroke(cr);
			break;
		case FLOOR_HATCH:
			cairo_save(cr);
			path(cr, fp, pr);
			cairo_clip(cr);
			for (size_t k = 0; k < pr->nhl; k++) {
				const double *h = fp->hatch + pr->hl0 + 4 * k;
				cairo_move_to(cr, h[0], h[1]);
				cairo_line_to(cr, h[2], h[3]);
			}
			cairo_set_line_width(cr, pr->width);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
			cairo_set_dash(cr, NULL, 0, 0);
			cairo_stroke(cr);
			cairo_restore(cr);
			break;
		case FLOOR_TEXT:
			if (pr->font != font) {
				cairo_set_font_face(cr, fs->faces[pr->font]);
				cairo_set_font_size(cr, pango_font_description_get_size(fs->fonts[pr->font]) /
							    (double)PANGO_SCALE);
				font = pr->font;
			}
			cairo_move_to(cr, pr->x, pr->y);
			cairo_show_text(cr, pr->text);
			break;
		}
	}
}

static cairo_status_t to_file(void *closure, const unsigned char *data, unsigned int length)
{
	return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

/* Writes page `first` (or all pages for PDF) to a file named path, the
 * way the program writes its files (a temporary file, flushed to disk and
 * renamed), so that both sides pay for the same safe writing. */
static int write_one(const struct floor_sheet *fs, int first, enum cairo_format fmt, int dpi, const char *name)
{
	struct atomic_file af;
	struct err e;
	if (atomic_open(&af, name, &e) < 0)
		return -1;
	FILE *f = af.f;
	const struct floor_page *p0 = &fs->pages[first];
	cairo_surface_t *surf;
	double k = dpi / 72.0;
	if (fmt == CAIRO_OUT_PDF)
		surf = cairo_pdf_surface_create_for_stream(to_file, f, p0->w, p0->h);
	else if (fmt == CAIRO_OUT_SVG)
		surf = cairo_svg_surface_create_for_stream(to_file, f, p0->w, p0->h);
	else
		surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(p0->w * k - 1e-6),
						  (int)ceil(p0->h * k - 1e-6));
	cairo_t *cr = cairo_create(surf);
	if (fmt == CAIRO_OUT_PNG)
		cairo_scale(cr, k, k);
	int last = fmt == CAIRO_OUT_PDF ? fs->npages : first + 1;
	for (int i = first; i < last; i++) {
		if (fmt == CAIRO_OUT_PDF)
			cairo_pdf_surface_set_size(surf, fs->pages[i].w, fs->pages[i].h);
		draw(cr, fs, &fs->pages[i]);
		if (fmt != CAIRO_OUT_PNG)
			cairo_show_page(cr);
	}
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	if (fmt == CAIRO_OUT_PNG && rc == 0)
		rc = cairo_surface_write_to_png_stream(surf, to_file, f) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_surface_finish(surf);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS)
		rc = -1;
	cairo_surface_destroy(surf);
	if (rc < 0) {
		atomic_abort(&af);
		return -1;
	}
	return atomic_commit(&af, &e);
}

int bench_floor_write(const struct floor_sheet *fs, enum cairo_format fmt, int dpi, const char *path)
{
	int nfiles = fmt == CAIRO_OUT_PDF ? 1 : fs->npages;
	for (int i = 0; i < nfiles; i++) {
		char name[4096];
		render_page_path(path, i + 1, name, sizeof name);
		if (write_one(fs, i, fmt, dpi, name) < 0)
			return -1;
	}
	return 0;
}
