/* sheet_dress.c: what a level's map page wears around the map (see
 * sheet_dress.h): the title and the subtitle that describes the map (and
 * on a sheet without key, the premise under them), the
 * band under the map (the scale bar, the legend of the symbols used and
 * the zones' tints, the compass) and the footer naming the program, the
 * seed and the page. */
#include "layout/sheet_dress.h"

#include "layout/layout_intro.h"
#include "layout/layout_text.h"
#include "base/plural.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEGEND_SWATCH 12.0  /* a legend symbol's box */
#define SCALE_BLOCK 130.0   /* width of the scale bar block */
#define COMPASS_BLOCK 40.0

void layout_sheet_title(const struct doc *d, const struct map *m, int player, char *out, size_t size)
{
	if (d->sheet.title) {
		snprintf(out, size, "%s", d->sheet.title);
		return;
	}
	/* the site's name; the seed stays in the footer of the referee's copy */
	if (d->site) {
		snprintf(out, size, "%s", d->site);
		return;
	}
	const char *meth = m->method ? m->method : "map";
	char cap = meth[0] >= 'a' && meth[0] <= 'z' ? (char)(meth[0] - 'a' + 'A') : meth[0];
	/* the players' copy names no seed: it would remake the referee's map */
	if (player)
		snprintf(out, size, "%c%s map", cap, meth + 1);
	else
		snprintf(out, size, "%c%s map, seed %s", cap, meth + 1, d->seed ? d->seed : "unknown");
}

void sheet_key_heading(const struct layout_ctx *c, int kp, char *out, size_t size)
{
	char title[256];
	layout_sheet_title(c->d, c->m, c->player, title, sizeof title);
	snprintf(out, size, "%s \xe2\x80\x94 key%s", title, kp > 1 ? ", continued" : "");
}

struct text_style sheet_key_heading_style(const struct layout_ctx *c)
{
	return (struct text_style){ .family = c->st->font_title, .size = c->st->size_heading * 1.3, .bold = 1,
				    .colour = c->st->title };
}

/* What makes room for crowded numbers: larger paper for a fitted map
 * (fit then takes larger squares), larger squares for a scale given. */
static const char *crowded_advice(const struct layout_ctx *c)
{
	return c->d->sheet.scale > 0 ? "use a coarser --scale" : "print on larger paper";
}

size_t sheet_subtitle(const struct layout_ctx *c, const struct map_frame *f, int crowded, char *out, size_t size)
{
	const struct map *m = c->m;
	char scale[64];
	if (f->standard)
		snprintf(scale, sizeof scale, "%g square%s to the inch", f->scale, f->scale == 1 ? "" : "s");
	else
		snprintf(scale, sizeof scale, "%.2f squares to the inch (fitted)", f->scale);
	snprintf(out, size, "%sLevel %d%s%d \xc3\x97 %d squares \xc2\xb7 %d room%s \xc2\xb7 %s",
		 c->player ? "Players' map \xc2\xb7 " : "", m->depth, c->d->nlevels > 1 ? " \xc2\xb7 " : " \xc2\xb7 ",
		 m->w, m->h, c->lv->key.n, plural_s(c->lv->key.n), scale);
	size_t used = strlen(out);
	if (crowded > 0)
		snprintf(out + used, size - used, " \xc2\xb7 %d room number%s too large for %s room%s at this scale: %s",
			 crowded, crowded == 1 ? " is" : "s are", crowded == 1 ? "its" : "their", crowded == 1 ? "" : "s",
			 crowded_advice(c));
	return used;
}

void sheet_warn_crowded(const struct layout_ctx *c, const struct map_frame *f, int crowded)
{
	if (crowded > 0)
		report_warn(c->d->report, "level %d: %d room number%s too large for %s room%s at %g squares to the "
			    "inch; %s", c->m->depth, crowded, crowded == 1 ? " is" : "s are", crowded == 1 ? "its" : "their",
			    crowded == 1 ? "" : "s", f->scale, crowded_advice(c));
}

int sheet_footer_text(const struct layout_ctx *c, int page, int npages, struct sbuf *s)
{
	sbuf_reset(s);
	if (c->m->method)
		sbuf_printf(s, "mapsheet %s \xc2\xb7 method %s", MAPSHEET_VERSION, c->m->method);
	else
		sbuf_printf(s, "mapsheet %s \xc2\xb7 an imported map", MAPSHEET_VERSION);
	if (!c->player) {
		if (!c->d->seed || c->d->seed[0])
			sbuf_printf(s, " \xc2\xb7 seed %s", c->d->seed ? c->d->seed : "?");
		if (doc_total_levels(c->d) > 1)
			sbuf_printf(s, " \xc2\xb7 level %d of %d", c->m->depth, doc_total_levels(c->d));
	}
	sbuf_printf(s, " \xc2\xb7 page %d of %d", page, npages);
	if (!c->player && c->d->command)
		sbuf_printf(s, "\nRemake: %s", c->d->command);
	return sbuf_failed(s) ? -1 : 0;
}

int sheet_draw_footer(struct layout_ctx *c, int index, const struct sheet_parts *sp, int page, int npages,
		      struct err *e)
{
	double x = sp->content.x, y = sp->content.y + sp->content.h - sp->footer_h, w = sp->content.w;
	if (c->folios) {
		struct folios *fo = c->folios;
		if (fo->n == fo->cap) {
			int cap = fo->cap ? 2 * fo->cap : 16;
			struct folio *v = realloc(fo->v, (size_t)cap * sizeof *v);
			if (!v)
				return err_set(e, "out of memory while laying out the booklet");
			fo->v = v;
			fo->cap = cap;
		}
		fo->v[fo->n++] = (struct folio){ index, (int)(c->lv - c->d->levels), x, y, w };
		return 0;
	}
	struct sbuf s;
	sbuf_init(&s);
	if (sheet_footer_text(c, page, npages, &s) < 0) {
		sbuf_free(&s);
		return err_set(e, "out of memory while laying out the sheet");
	}
	struct text_style small = { .family = c->st->font_text, .size = c->st->size_small, .colour = c->st->accent };
	int rc = layout_text(c, &c->sc->pages[index], sbuf_cstr(&s), small, x, y, w, e);
	sbuf_free(&s);
	return rc;
}

/* The legend lists the symbols used on this map, then the zones. */
#define LEGEND_MAX (LEG_COUNT + 32)

static int legend_items(const struct layout_ctx *c)
{
	int nz = layout_zone_count(c);
	return LEG_COUNT + (nz < LEGEND_MAX - LEG_COUNT ? nz : LEGEND_MAX - LEG_COUNT);
}

static int legend_shown(const struct layout_ctx *c, int k)
{
	return k >= LEG_COUNT || c->used[k];
}

static void legend_label(const struct layout_ctx *c, int k, char *out, size_t size)
{
	if (k < LEG_COUNT)
		snprintf(out, size, "%s", sym_legend_label((enum legend_sym)k));
	else
		layout_zone_label(c, k - LEG_COUNT, out, size);
}

/* Rows the legend needs in width w, and each item's label width. */
static int legend_rows(struct layout_ctx *c, double w, double *label_w)
{
	int rows = 0;
	double x = w + 1;
	for (int k = 0; k < legend_items(c); k++) {
		char label[96];
		if (!legend_shown(c, k))
			continue;
		legend_label(c, k, label, sizeof label);
		label_w[k] = measure_width(c->ms, label, c->st->font_text, c->st->size_small, 0);
		double item = LEGEND_SWATCH * 1.6 + 4 + label_w[k] + 12;
		if (x + item > w) {
			rows++;
			x = 0;
		}
		x += item;
	}
	return rows;
}

double sheet_band_height(struct layout_ctx *c, double content_w)
{
	double label_w[LEGEND_MAX];
	int rows = legend_rows(c, content_w - SCALE_BLOCK - COMPASS_BLOCK - 2 * SHEET_GAP, label_w);
	return fmax(44, rows * (LEGEND_SWATCH + 5) + 4);
}

/* The scale bar at (x, y) for squares of s points: the length of a square
 * in feet, a bar of five squares or so and its ends' lengths. Returns 0 or
 * -1 with e set. */
static int draw_scale_bar(struct layout_ctx *c, struct scene_page *p, double s, double x, double y, struct err *e)
{
	const struct style *st = c->st;
	struct text_style small = { .family = st->font_text, .size = st->size_small, .colour = st->text };
	struct text_style unit = { .family = st->font_text, .size = st->size_small + 1, .bold = 1, .colour = st->text };
	int n = 5;
	x += 0.5;   /* the bar's outline stays inside the margin */
	while (n > 1 && n * s > SCALE_BLOCK - 10)
		n--;
	while (n * s < 36 && n < 100000)
		n = n < 5 ? 5 : n * 2;
	char text[80];
	snprintf(text, sizeof text, "1 square = %d ft", c->m->square_feet);
	if (layout_text(c, p, text, unit, x, y, 0, e) < 0)
		return -1;
	double by = y + st->size_small * 1.6 + 2, bh = 4;
	int marks = n <= 10 ? n : 5;
	double step = n * s / marks;
	for (int i = 0; i < marks; i += 2)
		scene_rect_path(c->sc, p, x + i * step, by, step, bh);
	scene_fill(c->sc, p, st->title);
	scene_rect_path(c->sc, p, x, by, n * s, bh);
	scene_stroke(c->sc, p, st->title, 0.5, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	if (layout_text(c, p, "0", small, x, by + bh + 1, 0, e) < 0)
		return -1;
	snprintf(text, sizeof text, "%d ft", n * c->m->square_feet);
	double tw;
	if (layout_text_width(c, text, small, &tw) < 0)
		return err_set(e, "cannot measure text");
	return layout_text(c, p, text, small, x + n * s - tw, by + bh + 1, 0, e);
}

/* The legend in rows from (x0, y0), w wide: each symbol used and each
 * zone's tint, with its label. Returns 0 or -1 with e set. */
static int draw_legend(struct layout_ctx *c, struct scene_page *p, double x0, double y0, double w, struct err *e)
{
	const struct style *st = c->st;
	struct text_style small = { .family = st->font_text, .size = st->size_small, .colour = st->text };
	double label_w[LEGEND_MAX];
	legend_rows(c, w, label_w);
	double x = x0, y = y0 - (LEGEND_SWATCH + 5);
	int first = 1;
	for (int k = 0; k < legend_items(c); k++) {
		char label[96];
		if (!legend_shown(c, k))
			continue;
		double item = LEGEND_SWATCH * 1.6 + 4 + label_w[k] + 12;
		if (first || x + item > x0 + w) {
			x = x0;
			y += LEGEND_SWATCH + 5;
			first = 0;
		}
		if (k < LEG_COUNT)
			sym_legend(c, p, (enum legend_sym)k, x, y, LEGEND_SWATCH);
		else
			layout_zone_swatch(c, p, k - LEG_COUNT, x, y, LEGEND_SWATCH);
		legend_label(c, k, label, sizeof label);
		double ty = y + LEGEND_SWATCH / 2 - st->size_small * 0.62;
		if (layout_text(c, p, label, small, x + LEGEND_SWATCH * 1.6 + 4, ty, 0, e) < 0)
			return -1;
		x += item;
	}
	return 0;
}

int sheet_draw_header(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp, const char *subtitle,
		      struct err *e)
{
	const struct style *st = c->st;
	char title[256];
	layout_sheet_title(c->d, c->m, c->player, title, sizeof title);
	struct text_block b;
	if (measure_block(c->ms, &b, title, st->font_title, st->size_title, -1, 0, e) < 0)
		return -1;
	/* a title too long for one line is set smaller */
	if (b.width > sp->content.w) {
		double size = fmax(8, st->size_title * sp->content.w / b.width);
		text_block_free(&b);
		if (measure_block(c->ms, &b, title, st->font_title, size, -1, 0, e) < 0)
			return -1;
	}
	layout_text_block(c->sc, p, &b, sp->content.x, sp->content.y, st->title);
	double th = b.lines[0].height;
	text_block_free(&b);
	struct text_style small = { .family = st->font_text, .size = st->size_small, .colour = st->accent };
	if (layout_text(c, p, subtitle, small, sp->content.x, sp->content.y + th + 2, sp->content.w, e) < 0)
		return -1;
	if (sp->intro_h <= 0)
		return 0;
	/* the premise ends where the header does, 6 points above the map's area */
	double ih = sp->intro_h - SHEET_INTRO_GAP, h;
	return layout_intro_paras(c, p, sheet_intro_style(c), sp->content.x, sp->content.y + sp->header_h - ih - 6,
				  sp->content.w, SHEET_INTRO_SPACE, &h, e);
}

struct text_style sheet_intro_style(const struct layout_ctx *c)
{
	return (struct text_style){ .family = c->st->font_title, .size = c->st->size_text + 1, .colour = c->st->text };
}

int sheet_draw_band(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp, double s,
		    struct err *e)
{
	layout_pens(c, LEGEND_SWATCH * 1.2);
	double band_y = sp->content.y + sp->content.h - sp->footer_h - SHEET_GAP - sp->band_h;
	if (draw_scale_bar(c, p, s, sp->content.x, band_y, e) < 0)
		return -1;
	if (draw_legend(c, p, sp->content.x + SCALE_BLOCK + SHEET_GAP, band_y,
			sp->content.w - SCALE_BLOCK - COMPASS_BLOCK - 2 * SHEET_GAP, e) < 0)
		return -1;
	sym_compass(c, p, sp->content.x + sp->content.w - COMPASS_BLOCK / 2, band_y + 22, 17);
	return 0;
}

int layout_sheet_dress(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp,
		       const struct map_frame *f, int crowded, struct err *e)
{
	char subtitle[400];
	sheet_subtitle(c, f, crowded, subtitle, sizeof subtitle);
	sheet_warn_crowded(c, f, crowded);
	if (sheet_draw_header(c, p, sp, subtitle, e) < 0)
		return -1;
	if (sheet_draw_band(c, p, sp, f->s, e) < 0)
		return -1;
	return sheet_draw_footer(c, (int)(p - c->sc->pages), sp, 1, 1, e);
}
