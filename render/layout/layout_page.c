/* layout_page.c: one level's sheet. Chooses the orientation and scale,
 * places the title, the map, the legend with scale bar and compass, the
 * footer, and starts the key beside or below the map when the map leaves
 * room for a column there (or on the next page), continuing it on further
 * pages in columns of the same width (layout_keypages.c balances them). */
#include "layout/layout.h"
#include "base/plural.h"

#include "base/sbuf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define GAP 14.0            /* between the map, key columns and bands */
#define COL_MIN 150.0       /* key column widths */
#define COL_MAX 250.0
#define COL_BESIDE_MIN 120.0 /* a column beside the map may be narrower */
#define BELOW_MIN 60.0      /* room under the map for a key there: five lines or so */
#define LEGEND_SWATCH 12.0
#define SCALE_BLOCK 130.0   /* width of the scale bar block */
#define COMPASS_BLOCK 40.0
#define MAP_AREA_MIN 72.0   /* the least room for the map: an inch each way */
#define LEGIBLE_SCALE 16.0  /* the finest scale a fitted map is printed at */

enum key_where { KEY_NEXT_PAGE, KEY_BESIDE, KEY_BELOW };

struct plan {
	enum orientation o;
	double pw, ph;
	struct rect_pt content, map_area, key_area;
	double header_h, band_h, footer_h;
	double subtitle_h;      /* the subtitle's reserved height, under the title */
	struct map_frame f;
	double map_w, map_h;
	enum key_where where;
	double col_w;
	int fits;
};

static int is_white(struct colour c)
{
	return c.a == 0 || (c.r > 0.995 && c.g > 0.995 && c.b > 0.995);
}

void layout_viewport(const struct map *m, int *vx, int *vy, int *vw, int *vh)
{
	int x0 = m->w, y0 = m->h, x1 = -1, y1 = -1;
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->area <= 0)
			continue;
		if (r->bounds.x < x0)
			x0 = r->bounds.x;
		if (r->bounds.y < y0)
			y0 = r->bounds.y;
		if (r->bounds.x + r->bounds.w - 1 > x1)
			x1 = r->bounds.x + r->bounds.w - 1;
		if (r->bounds.y + r->bounds.h - 1 > y1)
			y1 = r->bounds.y + r->bounds.h - 1;
	}
	if (x1 < 0) {
		x0 = y0 = 0;
		x1 = m->w - 1;
		y1 = m->h - 1;
	}
	*vx = x0 - 1;
	*vy = y0 - 1;
	*vw = x1 - x0 + 3;
	*vh = y1 - y0 + 3;
}

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

static void title_text(const struct layout_ctx *c, char *out, size_t size)
{
	layout_sheet_title(c->d, c->m, c->player, out, size);
}

static void subtitle_text(const struct layout_ctx *c, const struct plan *pl, char *out, size_t size)
{
	const struct map *m = c->m;
	char scale[64];
	if (pl->f.standard)
		snprintf(scale, sizeof scale, "%g squares to the inch", pl->f.scale);
	else
		snprintf(scale, sizeof scale, "%.2f squares to the inch (fitted)", pl->f.scale);
	snprintf(out, size, "%sLevel %d%s%d \xc3\x97 %d squares \xc2\xb7 %d room%s \xc2\xb7 %s",
		 c->player ? "Players' map \xc2\xb7 " : "", m->depth, c->d->nlevels > 1 ? " \xc2\xb7 " : " \xc2\xb7 ",
		 m->w, m->h, c->lv->key.n, plural_s(c->lv->key.n), scale);
}

static int footer_text(const struct layout_ctx *c, int page, int npages, struct sbuf *s)
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

static double text_height(struct layout_ctx *c, const char *text, const char *family, double size, double width,
			  struct err *e)
{
	struct text_block b;
	if (measure_block(c->ms, &b, text, family, size, 0, width, e) < 0)
		return -1;
	double h = b.height;
	text_block_free(&b);
	return h;
}

/* Columns of at least col_min points (COL_MIN on key pages) in width. */
static int key_columns(double width, double col_min, double *col_w)
{
	if (width < col_min)
		return 0;
	int n = (int)((width + GAP) / (col_min + GAP));
	int want = (int)ceil((width + GAP) / (COL_MAX + GAP));
	if (want < n)
		n = want;
	if (n < 1)
		n = 1;
	*col_w = (width - (n - 1) * GAP) / n;
	return n;
}

/* Works out a plan for orientation o. Returns 0 or -1 with e set. */
static int make_plan(struct layout_ctx *c, enum orientation o, const struct paper *paper, double scale,
		     struct plan *pl, struct err *e)
{
	const struct style *st = c->st;
	memset(pl, 0, sizeof *pl);
	pl->o = o;
	paper_oriented(paper, o, &pl->pw, &pl->ph);
	pl->content = (struct rect_pt){ PAPER_MARGIN, PAPER_MARGIN, pl->pw - 2 * PAPER_MARGIN, pl->ph - 2 * PAPER_MARGIN };
	/* the subtitle may wrap on narrow paper: room for it at its longest
	 * scale wording, before the scale is known */
	struct plan widest = { .f = { .scale = 99.99, .standard = 0 } };
	char subtitle[400];
	subtitle_text(c, &widest, subtitle, sizeof subtitle);
	double th = text_height(c, "Ag", st->font_title, st->size_title, 0, e);
	double sh = text_height(c, subtitle, st->font_text, st->size_small, pl->content.w, e);
	if (th < 0 || sh < 0)
		return -1;
	pl->subtitle_h = sh;
	pl->header_h = th + sh + 8;
	struct sbuf s;
	sbuf_init(&s);
	if (footer_text(c, 99, 99, &s) < 0) {
		sbuf_free(&s);
		return err_set(e, "out of memory while laying out the sheet");
	}
	pl->footer_h = text_height(c, sbuf_cstr(&s), st->font_text, st->size_small, pl->content.w, e);
	sbuf_free(&s);
	if (pl->footer_h < 0)
		return -1;
	double label_w[LEGEND_MAX];
	int rows = legend_rows(c, pl->content.w - SCALE_BLOCK - COMPASS_BLOCK - 2 * GAP, label_w);
	pl->band_h = fmax(44, rows * (LEGEND_SWATCH + 5) + 4);
	pl->map_area = (struct rect_pt){ pl->content.x, pl->content.y + pl->header_h, pl->content.w,
					 pl->content.h - pl->header_h - pl->band_h - pl->footer_h - 2 * GAP };
	struct map_frame *f = &pl->f;
	layout_viewport(c->m, &f->vx, &f->vy, &f->vw, &f->vh);
	/* the squares' numbers, when printed, stand left of and above the map */
	double coord_l, coord_t;
	layout_coords_margin(c, &coord_l, &coord_t);
	if (scale > 0) {
		f->scale = scale;
		f->standard = 1;
	} else {
		f->scale = paper_fit_scale(pl->map_area.w - coord_l, pl->map_area.h - coord_t, f->vw, f->vh,
					   &f->standard);
	}
	f->s = paper_square_pt(f->scale);
	pl->map_w = f->vw * f->s + coord_l;
	pl->map_h = f->vh * f->s + coord_t;
	pl->fits = pl->map_area.w >= MAP_AREA_MIN && pl->map_area.h >= MAP_AREA_MIN &&
		   pl->map_w <= pl->map_area.w + 1e-6 && pl->map_h <= pl->map_area.h + 1e-6 &&
		   (scale > 0 || f->scale <= LEGIBLE_SCALE + 1e-9);
	pl->where = KEY_NEXT_PAGE;
	if (c->with_key) {
		double bw = pl->map_area.w - pl->map_w - GAP, bh = pl->map_area.h - pl->map_h - GAP;
		double cw_b = 0, cw_u = 0;
		int nb = key_columns(bw, COL_BESIDE_MIN, &cw_b);
		int nu = bh >= BELOW_MIN ? key_columns(pl->map_area.w, COL_MIN, &cw_u) : 0;
		double area_b = nb ? bw * pl->map_area.h : 0, area_u = nu ? bh * pl->map_area.w : 0;
		/* a column narrower than the key pages' narrows them too: it
		 * wins over the room under the map only when twice as large */
		if (nb && cw_b < COL_MIN)
			area_b /= 2;
		if (area_b > 0 && area_b >= area_u) {
			pl->where = KEY_BESIDE;
			pl->col_w = cw_b;
			pl->key_area = (struct rect_pt){ pl->map_area.x + pl->map_w + GAP, pl->map_area.y, bw, pl->map_area.h };
		} else if (area_u > 0) {
			pl->where = KEY_BELOW;
			pl->col_w = cw_u;
			pl->key_area = (struct rect_pt){ pl->map_area.x, pl->map_area.y + pl->map_h + GAP, pl->map_area.w, bh };
		} else {
			key_columns(pl->content.w, COL_MIN, &pl->col_w);
		}
	}
	/* the map's place: left of a key beside it, else centred; at the top
	 * unless the page holds nothing else */
	double mx = pl->where == KEY_BESIDE ? pl->map_area.x : pl->map_area.x + (pl->map_area.w - pl->map_w) / 2;
	double my = pl->where == KEY_NEXT_PAGE && pl->fits ? pl->map_area.y + (pl->map_area.h - pl->map_h) / 2
							     : pl->map_area.y;
	f->ox = mx + coord_l - f->vx * f->s;
	f->oy = my + coord_t - f->vy * f->s;
	return 0;
}

/* The smallest paper, no smaller than the one asked for, on which the map
 * fits at scale, in tenths of an inch: sizes grow from the overhead the plan
 * on paper measured (margins, title, legend, footer) plus the map, then by
 * a tenth while text that wraps on narrow paper leaves too little room. */
static int smallest_paper(struct layout_ctx *c, const struct paper *paper, const struct plan *pl, double scale,
			  double *w, double *h, struct err *e)
{
	double s = paper_square_pt(scale);
	/* the map at scale with the squares' numbers beside it, if any */
	double map_w = pl->f.vw * s + (pl->map_w - pl->f.vw * pl->f.s);
	double map_h = pl->f.vh * s + (pl->map_h - pl->f.vh * pl->f.s);
	double need_w = fmax(map_w, MAP_AREA_MIN) + (pl->pw - pl->map_area.w);
	double need_h = fmax(map_h, MAP_AREA_MIN) + (pl->ph - pl->map_area.h);
	need_w = fmax(need_w, pl->pw);   /* no side smaller than the paper asked for */
	need_h = fmax(need_h, pl->ph);
	for (int step = 0; step < 400; step++) {
		need_w = ceil(need_w / 7.2 - 1e-6) * 7.2;
		need_h = ceil(need_h / 7.2 - 1e-6) * 7.2;
		struct paper tmp = *paper;
		tmp.w = pl->o == ORIENT_LANDSCAPE ? need_h : need_w;
		tmp.h = pl->o == ORIENT_LANDSCAPE ? need_w : need_h;
		struct plan trial;
		if (make_plan(c, pl->o, &tmp, scale, &trial, e) < 0)
			return -1;
		if (trial.fits) {
			*w = trial.pw;
			*h = trial.ph;
			return 0;
		}
		if (trial.map_area.w < fmax(map_w, MAP_AREA_MIN))
			need_w += 7.2;
		if (trial.map_area.h < fmax(map_h, MAP_AREA_MIN))
			need_h += 7.2;
	}
	*w = need_w;
	*h = need_h;
	return 0;
}

/* The usage error when no plan fits: paper too small for the sheet's
 * furniture, a scale the user gave that is too large, or a map that would
 * only fit finer than LEGIBLE_SCALE. Names the smallest paper that works. */
static int no_plan(struct layout_ctx *c, const struct paper *paper, const struct plan *cand, int n, struct err *e)
{
	const struct plan *p = &cand[0];
	for (int i = 1; i < n; i++)
		if (cand[i].map_area.w * cand[i].map_area.h > p->map_area.w * p->map_area.h)
			p = &cand[i];
	double given = c->d->sheet.scale;
	double w, h;
	if (smallest_paper(c, paper, p, given > 0 ? given : LEGIBLE_SCALE, &w, &h, e) < 0)
		return -1;
	double pw = p->o == ORIENT_LANDSCAPE ? h : w, ph = p->o == ORIENT_LANDSCAPE ? w : h;
	if (p->map_area.w < MAP_AREA_MIN || p->map_area.h < MAP_AREA_MIN)
		return err_usage(e, "--paper %s: the paper is too small for the sheet's margins, title, legend and footer "
				 "with room for the map; this map needs at least %.1fx%.1fin paper%s", paper->name, pw / 72,
				 ph / 72, given > 0 ? "" : " (at 16 squares to the inch)");
	if (given > 0)
		return err_usage(e, "--scale %g: the map (%d x %d squares, %.1f x %.1f in) does not fit on %s paper "
				 "(%.1f x %.1f in for the map); use --scale fit, a smaller scale, or --paper %.1fx%.1fin "
				 "or larger", given, p->f.vw, p->f.vh, p->map_w / 72, p->map_h / 72, paper->name,
				 p->map_area.w / 72, p->map_area.h / 72, pw / 72, ph / 72);
	return err_usage(e, "the map (%d x %d squares) fits %s paper only at %.0f squares to the inch, finer than "
			 "%g, the finest that stays legible: use --paper %.1fx%.1fin or larger, or --scale %g with that paper, "
			 "or a --scale to print it across several sheets as a poster", p->f.vw, p->f.vh,
			 paper->name, ceil(p->f.scale), LEGIBLE_SCALE, pw / 72, ph / 72, LEGIBLE_SCALE);
}

/* Picks the plan: the one that fits with the largest squares, then the one
 * leaving more room for the key on the map page, then portrait. */
static int choose_plan(struct layout_ctx *c, const struct paper *paper, struct plan *out, struct err *e)
{
	enum orientation want = c->d->sheet.orientation;
	struct plan cand[2];
	int n = 0;
	if (want == ORIENT_AUTO || want == ORIENT_PORTRAIT) {
		if (make_plan(c, ORIENT_PORTRAIT, paper, c->d->sheet.scale, &cand[n++], e) < 0)
			return -1;
	}
	if (want == ORIENT_AUTO || want == ORIENT_LANDSCAPE) {
		if (make_plan(c, ORIENT_LANDSCAPE, paper, c->d->sheet.scale, &cand[n++], e) < 0)
			return -1;
	}
	int best = -1;
	for (int i = 0; i < n; i++) {
		if (!cand[i].fits)
			continue;
		if (best < 0) {
			best = i;
			continue;
		}
		const struct plan *a = &cand[i], *b = &cand[best];
		double ka = a->where == KEY_NEXT_PAGE ? 0 : a->key_area.w * a->key_area.h;
		double kb = b->where == KEY_NEXT_PAGE ? 0 : b->key_area.w * b->key_area.h;
		if (a->f.s > b->f.s + 1e-9 || (fabs(a->f.s - b->f.s) <= 1e-9 && ka > kb + 1))
			best = i;
	}
	if (best < 0)
		return no_plan(c, paper, cand, n, e);
	*out = cand[best];
	return 0;
}

static void emit_block_at(struct layout_ctx *c, struct scene_page *p, struct text_block *b, double x,
			  double y, struct colour col)
{
	for (int i = 0; i < b->nlines; i++)
		measure_emit_line(c->sc, p, b, i, x, y + b->lines[i].baseline, col);
}

static int emit_text(struct layout_ctx *c, struct scene_page *p, const char *text, const char *family, double size,
		     int bold, double x, double y, double width, struct colour col, struct err *e)
{
	struct text_block b;
	if (measure_block(c->ms, &b, text, family, size, bold ? -1 : 0, width, e) < 0)
		return -1;
	emit_block_at(c, p, &b, x, y, col);
	text_block_free(&b);
	return 0;
}

static struct scene_page *new_page(struct layout_ctx *c, const struct plan *pl, enum page_kind kind, int n)
{
	struct scene_page *p = scene_add_page(c->sc, pl->pw, pl->ph, c->m->depth, kind);
	if (!p)
		return NULL;
	if (kind == PAGE_MAP)
		snprintf(p->label, sizeof p->label, "%d-map", c->m->depth);
	else if (n <= 1)
		snprintf(p->label, sizeof p->label, "%d-key", c->m->depth);
	else
		snprintf(p->label, sizeof p->label, "%d-key-%d", c->m->depth, n);
	if (!is_white(c->st->paper)) {
		scene_rect_path(c->sc, p, pl->content.x, pl->content.y, pl->content.w, pl->content.h);
		scene_fill(c->sc, p, c->st->paper);
	}
	return p;
}

static int draw_scale_bar(struct layout_ctx *c, struct scene_page *p, const struct plan *pl, double x, double y,
			  struct err *e)
{
	const struct style *st = c->st;
	double s = pl->f.s;
	int n = 5;
	x += 0.5;   /* the bar's outline stays inside the margin */
	while (n > 1 && n * s > SCALE_BLOCK - 10)
		n--;
	while (n * s < 36 && n < 100000)
		n = n < 5 ? 5 : n * 2;
	char text[80];
	snprintf(text, sizeof text, "1 square = %d ft", c->m->square_feet);
	if (emit_text(c, p, text, st->font_text, st->size_small + 1, 1, x, y, 0, st->text, e) < 0)
		return -1;
	double by = y + st->size_small * 1.6 + 2, bh = 4;
	int marks = n <= 10 ? n : 5;
	double step = n * s / marks;
	for (int i = 0; i < marks; i += 2)
		scene_rect_path(c->sc, p, x + i * step, by, step, bh);
	scene_fill(c->sc, p, st->title);
	scene_rect_path(c->sc, p, x, by, n * s, bh);
	scene_stroke(c->sc, p, st->title, 0.5, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	if (emit_text(c, p, "0", st->font_text, st->size_small, 0, x, by + bh + 1, 0, st->text, e) < 0)
		return -1;
	snprintf(text, sizeof text, "%d ft", n * c->m->square_feet);
	double tw = measure_width(c->ms, text, st->font_text, st->size_small, 0);
	if (tw < 0)
		return err_set(e, "cannot measure text");
	return emit_text(c, p, text, st->font_text, st->size_small, 0, x + n * s - tw, by + bh + 1, 0, st->text, e);
}

static int draw_legend(struct layout_ctx *c, struct scene_page *p, double x0, double y0, double w, struct err *e)
{
	const struct style *st = c->st;
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
		if (emit_text(c, p, label, st->font_text, st->size_small, 0, x + LEGEND_SWATCH * 1.6 + 4,
			      y + LEGEND_SWATCH / 2 - st->size_small * 0.62, 0, st->text, e) < 0)
			return -1;
		x += item;
	}
	return 0;
}

static int draw_header(struct layout_ctx *c, struct scene_page *p, const struct plan *pl, const char *subtitle,
		       struct err *e)
{
	const struct style *st = c->st;
	char title[256];
	title_text(c, title, sizeof title);
	struct text_block b;
	if (measure_block(c->ms, &b, title, st->font_title, st->size_title, -1, 0, e) < 0)
		return -1;
	/* a title too long for one line is set smaller */
	if (b.width > pl->content.w) {
		double size = fmax(8, st->size_title * pl->content.w / b.width);
		text_block_free(&b);
		if (measure_block(c->ms, &b, title, st->font_title, size, -1, 0, e) < 0)
			return -1;
	}
	emit_block_at(c, p, &b, pl->content.x, pl->content.y, st->title);
	double th = b.lines[0].height;
	text_block_free(&b);
	return emit_text(c, p, subtitle, st->font_text, st->size_small, 0, pl->content.x, pl->content.y + th + 2,
			 pl->content.w, st->accent, e);
}

/* The key page's heading text (kp >= 1). */
static void key_page_heading(const struct layout_ctx *c, int kp, char *out, size_t size)
{
	char title[256];
	title_text(c, title, sizeof title);
	snprintf(out, size, "%s \xe2\x80\x94 key%s", title, kp > 1 ? ", continued" : "");
}

struct emit_pages {
	const struct key_pages *kp;
	struct scene *sc;
	int first_page;
};

static struct scene_page *emit_page(void *arg, int frame)
{
	struct emit_pages *ep = arg;
	return &ep->sc->pages[ep->first_page + key_pages_page(ep->kp, frame)];
}

/* Lays out the key of c's level: its frames, the key pages it needs with
 * their headings, and its lines. Returns 0 or -1 with e set. */
static int lay_key(struct layout_ctx *c, struct plan *pl, int first_page, struct err *e)
{
	struct key_pages kp;
	memset(&kp, 0, sizeof kp);
	kp.col_w = pl->col_w;
	kp.gap = GAP;
	if (pl->where != KEY_NEXT_PAGE) {
		kp.first_area = pl->key_area;
		kp.nfirst = (int)((pl->key_area.w + GAP) / (pl->col_w + GAP) + 1e-6);
		if (kp.nfirst < 1)
			kp.nfirst = 1;
	}
	kp.ncols = (int)((pl->content.w + GAP) / (pl->col_w + GAP) + 1e-6);
	if (kp.ncols < 1)
		kp.ncols = 1;
	for (int k = 0; k < 2; k++) {
		char head[300];
		key_page_heading(c, k + 1, head, sizeof head);
		double hh = text_height(c, head, c->st->font_title, c->st->size_heading * 1.3, pl->content.w, e);
		if (hh < 0)
			return -1;
		kp.page_area[k] = (struct rect_pt){ pl->content.x, pl->content.y + hh + GAP, pl->content.w,
						    pl->content.h - hh - GAP - pl->footer_h - GAP };
	}
	struct key_text *kt;
	if (key_text_build(&kt, c, pl->col_w, e) < 0)
		return -1;
	struct key_fit fit = { 1, 1 };
	int n = key_pages_balance(&kp, kt, &fit, e);
	int pages = n < 0 ? 0 : key_pages_page(&kp, n - 1);
	for (int k = 1; k <= pages; k++) {
		struct scene_page *p = new_page(c, pl, PAGE_KEY, k);
		char head[300];
		key_page_heading(c, k, head, sizeof head);
		if (!p) {
			key_text_free(kt);
			return scene_ok(c->sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the sheet");
		}
		if (emit_text(c, p, head, c->st->font_title, c->st->size_heading * 1.3, 1, pl->content.x, pl->content.y,
			      pl->content.w, c->st->title, e) < 0) {
			key_text_free(kt);
			return -1;
		}
	}
	if (n > 0) {
		struct emit_pages ep = { &kp, c->sc, first_page };
		key_text_emit(kt, &fit, emit_page, &ep);
	}
	key_text_free(kt);
	return n < 0 ? -1 : 0;
}

/* The band under the map: scale bar, legend and compass. Returns 0 or -1
 * with e set. */
static int draw_band(struct layout_ctx *c, struct scene_page *p, const struct plan *pl, struct err *e)
{
	double band_y = pl->content.y + pl->content.h - pl->footer_h - GAP - pl->band_h;
	if (draw_scale_bar(c, p, pl, pl->content.x, band_y, e) < 0)
		return -1;
	if (draw_legend(c, p, pl->content.x + SCALE_BLOCK + GAP, band_y,
			pl->content.w - SCALE_BLOCK - COMPASS_BLOCK - 2 * GAP, e) < 0)
		return -1;
	sym_compass(c, p, pl->content.x + pl->content.w - COMPASS_BLOCK / 2, band_y + 22, 17);
	return 0;
}

int layout_level(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e)
{
	struct plan pl;
	layout_map_symbols(c);
	if (choose_plan(c, paper, &pl, e) < 0)
		return -1;
	int first = c->sc->npages;
	struct scene_page *p = new_page(c, &pl, PAGE_MAP, 0);
	if (!p)
		return scene_ok(c->sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the sheet");
	layout_pens(c, pl.f.s);
	layout_map(c, p, &pl.f);
	if (layout_coords(c, p, &pl.f, e) < 0)
		return -1;
	int crowded = layout_labels(c, p, &pl.f);
	layout_stair_links(c, p, &pl.f);
	layout_pens(c, LEGEND_SWATCH * 1.2);
	char subtitle[400];
	subtitle_text(c, &pl, subtitle, sizeof subtitle);
	if (crowded > 0) {
		size_t used = strlen(subtitle);
		snprintf(subtitle + used, sizeof subtitle - used,
			 " \xc2\xb7 %d room number%s too large for %s room%s at this scale: print on larger paper", crowded,
			 crowded == 1 ? " is" : "s are", crowded == 1 ? "its" : "their", crowded == 1 ? "" : "s");
		/* on paper too narrow for the note beside the rest it is left out
		 * rather than run into the map */
		double noted_h = text_height(c, subtitle, c->st->font_text, c->st->size_small, pl.content.w, e);
		if (noted_h < 0)
			return -1;
		if (noted_h > pl.subtitle_h + 0.5)
			subtitle[used] = '\0';
	}
	if (draw_header(c, p, &pl, subtitle, e) < 0)
		return -1;
	if (draw_band(c, p, &pl, e) < 0)
		return -1;
	/* the key */
	if (c->with_key && lay_key(c, &pl, first, e) < 0)
		return -1;
	/* footers, now that the page count is known */
	int n = c->sc->npages - first;
	struct sbuf s;
	sbuf_init(&s);
	for (int i = 0; i < n; i++) {
		if (footer_text(c, i + 1, n, &s) < 0) {
			sbuf_free(&s);
			return err_set(e, "out of memory while laying out the sheet");
		}
		if (emit_text(c, &c->sc->pages[first + i], sbuf_cstr(&s), c->st->font_text, c->st->size_small, 0,
			      pl.content.x, pl.content.y + pl.content.h - pl.footer_h, pl.content.w, c->st->accent, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
	}
	sbuf_free(&s);
	if (res) {
		res->frame = pl.f;
		res->orientation = pl.o;
		res->page_w = pl.pw;
		res->page_h = pl.ph;
		res->first_page = first;
		res->npages = n;
		res->key_beside = pl.where == KEY_BESIDE;
		res->key_below = pl.where == KEY_BELOW;
		res->map_area = pl.map_area;
	}
	return scene_ok(c->sc, e);
}

/* The map page's fixed parts for other sheet layouts (layout_onepage.c):
 * the same header, band and footer as layout_level draws. */
static void plan_from_parts(const struct sheet_parts *sp, const struct map_frame *f, struct plan *pl)
{
	memset(pl, 0, sizeof *pl);
	pl->o = sp->o;
	pl->pw = sp->pw;
	pl->ph = sp->ph;
	pl->content = sp->content;
	pl->map_area = sp->map_area;
	pl->header_h = sp->header_h;
	pl->band_h = sp->band_h;
	pl->footer_h = sp->footer_h;
	if (f)
		pl->f = *f;
}

int layout_sheet_parts(struct layout_ctx *c, enum orientation o, const struct paper *paper, struct sheet_parts *sp,
		       struct err *e)
{
	struct plan pl;
	if (make_plan(c, o, paper, c->d->sheet.scale, &pl, e) < 0)
		return -1;
	*sp = (struct sheet_parts){ o, pl.pw, pl.ph, pl.content, pl.map_area, pl.header_h, pl.band_h, pl.footer_h };
	return 0;
}

struct scene_page *layout_sheet_page(struct layout_ctx *c, const struct sheet_parts *sp)
{
	struct plan pl;
	plan_from_parts(sp, NULL, &pl);
	return new_page(c, &pl, PAGE_MAP, 0);
}

int layout_sheet_dress(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp,
		       const struct map_frame *f, int crowded, struct err *e)
{
	struct plan pl;
	plan_from_parts(sp, f, &pl);
	layout_pens(c, LEGEND_SWATCH * 1.2);
	char subtitle[400];
	subtitle_text(c, &pl, subtitle, sizeof subtitle);
	if (crowded > 0) {
		size_t used = strlen(subtitle);
		snprintf(subtitle + used, sizeof subtitle - used,
			 " \xc2\xb7 %d room number%s too large for %s room%s at this scale: print on larger paper", crowded,
			 crowded == 1 ? " is" : "s are", crowded == 1 ? "its" : "their", crowded == 1 ? "" : "s");
	}
	if (draw_header(c, p, &pl, subtitle, e) < 0)
		return -1;
	if (draw_band(c, p, &pl, e) < 0)
		return -1;
	struct sbuf s;
	sbuf_init(&s);
	if (footer_text(c, 1, 1, &s) < 0) {
		sbuf_free(&s);
		return err_set(e, "out of memory while laying out the sheet");
	}
	int rc = emit_text(c, p, sbuf_cstr(&s), c->st->font_text, c->st->size_small, 0, pl.content.x,
			   pl.content.y + pl.content.h - pl.footer_h, pl.content.w, c->st->accent, e);
	sbuf_free(&s);
	return rc;
}

int layout_sheet_fits(struct layout_ctx *c, const struct paper *paper, struct err *e)
{
	enum orientation want = c->d->sheet.orientation;
	layout_map_symbols(c);
	for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
		if (want != ORIENT_AUTO && want != (enum orientation)o)
			continue;
		struct plan pl;
		if (make_plan(c, (enum orientation)o, paper, c->d->sheet.scale, &pl, e) < 0)
			return -1;
		if (pl.fits)
			return 1;
	}
	return 0;
}

int layout_key_after(struct layout_ctx *c, const struct paper *paper, enum orientation o, struct err *e)
{
	struct plan pl;
	if (make_plan(c, o, paper, c->d->sheet.scale, &pl, e) < 0)
		return -1;
	pl.where = KEY_NEXT_PAGE;
	key_columns(pl.content.w, COL_MIN, &pl.col_w);
	/* the key's pages count from 1 after the page before them */
	int first = c->sc->npages - 1;
	if (lay_key(c, &pl, first, e) < 0)
		return -1;
	int n = c->sc->npages - 1 - first;
	struct sbuf s;
	sbuf_init(&s);
	for (int i = 0; i < n; i++) {
		if (footer_text(c, i + 1, n, &s) < 0) {
			sbuf_free(&s);
			return err_set(e, "out of memory while laying out the key");
		}
		if (emit_text(c, &c->sc->pages[first + 1 + i], sbuf_cstr(&s), c->st->font_text, c->st->size_small, 0,
			      pl.content.x, pl.content.y + pl.content.h - pl.footer_h, pl.content.w, c->st->accent, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
	}
	sbuf_free(&s);
	return scene_ok(c->sc, e);
}
