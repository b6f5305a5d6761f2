/* sheet_plan.c: how a level's sheet is arranged (see sheet_plan.h). For
 * an orientation the page's fixed parts are measured (the header with its
 * subtitle, the band, the footer), the map is fitted or set at its scale
 * into the room left, and the key starts beside or below the map when the
 * map leaves room for a column there, or on the next page; or, asked,
 * around the map. When no plan fits, the usage error names the paper that
 * would do. sheet_choose.c picks among the plans. */
#include "layout/sheet_plan.h"

#include "layout/layout_intro.h"
#include "layout/layout_text.h"
#include "layout/sheet_dress.h"
#include "base/sbuf.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define COL_MIN 150.0       /* key column widths */
#define COL_MAX 250.0
#define COL_BESIDE_MIN 120.0 /* a column beside the map may be narrower */
#define BELOW_MIN 60.0      /* room under the map for a key there: five lines or so */
#define MAP_AREA_MIN 72.0   /* the least room for the map: an inch each way */

/* The floor's bounding box grown by one square (see layout.h). */
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

/* Columns of at least col_min points (COL_MIN on key pages) in width. */
static int key_columns(double width, double col_min, double *col_w)
{
	if (width < col_min)
		return 0;
	int n = (int)((width + SHEET_GAP) / (col_min + SHEET_GAP));
	int want = (int)ceil((width + SHEET_GAP) / (COL_MAX + SHEET_GAP));
	if (want < n)
		n = want;
	if (n < 1)
		n = 1;
	*col_w = (width - (n - 1) * SHEET_GAP) / n;
	return n;
}

/* Columns beside the map in width `room`, as wide as the key pages'
 * columns, so that those fill their page from margin to margin: the
 * widest of the page's tilings (content width `page_w`, columns of at
 * least COL_BESIDE_MIN) of which one or more fit. Returns how many fit
 * there (0: none) and sets *col_w. */
static int beside_columns(double room, double page_w, double *col_w)
{
	double w;
	int n = key_columns(page_w, COL_MIN, &w);
	for (n = n < 1 ? 1 : n; n <= SHEET_FIRST_MAX; n++) {
		w = (page_w - (n - 1) * SHEET_GAP) / n;
		if (w < COL_BESIDE_MIN - 1e-9)
			return 0;
		int fit = (int)((room + SHEET_GAP) / (w + SHEET_GAP) + 1e-9);
		if (fit >= 1) {
			*col_w = w;
			return fit;
		}
	}
	return 0;
}

/* Sets the map's top-left corner (its squares' numbers included) at mx, my. */
static void place_map(struct sheet_plan *pl, double mx, double my)
{
	struct map_frame *f = &pl->f;
	f->ox = mx + pl->coord_l - f->vx * f->s;
	f->oy = my + pl->coord_t - f->vy * f->s;
}

/* Adds n key columns of pl->col_w from x on, at y, h high. */
static void add_columns(struct sheet_plan *pl, int n, double x, double y, double h)
{
	for (int i = 0; i < n && pl->nfirst < SHEET_FIRST_MAX; i++)
		pl->first[pl->nfirst++] = (struct rect_pt){ x + i * (pl->col_w + SHEET_GAP), y, pl->col_w, h };
}

/* Where the key starts on a sheet with key: right of the map or under it,
 * whichever leaves it more room (a column narrower than the key pages'
 * counts half), else on the next page; the map at the top, left of a key
 * beside it, else centred, and in the page's middle when alone on it. */
static void arrange(struct sheet_plan *pl, int with_key)
{
	const struct sheet_parts *sp = &pl->parts;
	pl->where = KEY_NEXT_PAGE;
	pl->nfirst = 0;
	key_columns(sp->content.w, COL_MIN, &pl->col_w);
	if (with_key) {
		double bw = sp->map_area.w - pl->map_w - SHEET_GAP, bh = sp->map_area.h - pl->map_h - SHEET_GAP;
		double cw_b = 0, cw_u = 0;
		int nb = beside_columns(bw, sp->content.w, &cw_b);
		int nu = bh >= BELOW_MIN ? key_columns(sp->map_area.w, COL_MIN, &cw_u) : 0;
		double area_b = nb ? bw * sp->map_area.h : 0, area_u = nu ? bh * sp->map_area.w : 0;
		/* a column narrower than the key pages' narrows them too: it
		 * wins over the room under the map only when twice as large */
		if (nb && cw_b < COL_MIN)
			area_b /= 2;
		if (area_b > 0 && area_b >= area_u) {
			pl->where = KEY_BESIDE;
			pl->col_w = cw_b;
			add_columns(pl, nb, sp->map_area.x + pl->map_w + SHEET_GAP, sp->map_area.y, sp->map_area.h);
		} else if (area_u > 0) {
			pl->where = KEY_BELOW;
			pl->col_w = cw_u;
			add_columns(pl, nu, sp->map_area.x, sp->map_area.y + pl->map_h + SHEET_GAP, bh);
		}
	}
	double mx = pl->where == KEY_BESIDE ? sp->map_area.x : sp->map_area.x + (sp->map_area.w - pl->map_w) / 2;
	double my = pl->where == KEY_NEXT_PAGE && pl->fits ? sp->map_area.y + (sp->map_area.h - pl->map_h) / 2
							     : sp->map_area.y;
	place_map(pl, mx, my);
}

int sheet_plan_around(struct sheet_plan *pl)
{
	const struct rect_pt *a = &pl->parts.map_area;
	double col_w;
	int n = key_columns(a->w, COL_MIN, &col_w);
	if (n < 2)
		return 0;
	/* the columns the map spans at the right, and the room under it */
	int span = (int)ceil((pl->map_w + SHEET_GAP) / (col_w + SHEET_GAP) - 1e-9);
	double below_h = a->h - pl->map_h - SHEET_GAP;
	if (span < 1 || span >= n || below_h < BELOW_MIN || n > SHEET_FIRST_MAX)
		return 0;
	pl->where = KEY_AROUND;
	pl->col_w = col_w;
	pl->nfirst = 0;
	add_columns(pl, n - span, a->x, a->y, a->h);
	double span_x = a->x + (n - span) * (col_w + SHEET_GAP), span_w = span * col_w + (span - 1) * SHEET_GAP;
	add_columns(pl, span, span_x, a->y + pl->map_h + SHEET_GAP, below_h);
	place_map(pl, span_x + (span_w - pl->map_w) / 2, a->y);
	return 1;
}

/* The plan, with the premise in the header of a sheet without key when
 * `intro` is set. */
static int plan_make(struct layout_ctx *c, enum orientation o, const struct paper *paper, double scale, int intro,
		     struct sheet_plan *pl, struct err *e)
{
	const struct style *st = c->st;
	memset(pl, 0, sizeof *pl);
	struct sheet_parts *sp = &pl->parts;
	sp->o = o;
	paper_oriented(paper, o, &sp->pw, &sp->ph);
	sp->content = (struct rect_pt){ PAPER_MARGIN, PAPER_MARGIN, sp->pw - 2 * PAPER_MARGIN,
					sp->ph - 2 * PAPER_MARGIN };
	/* the subtitle may wrap on narrow paper: room for it at its longest
	 * scale wording, before the scale is known */
	struct map_frame widest = { .scale = 99.99, .standard = 0 };
	char subtitle[400];
	sheet_subtitle(c, &widest, 0, subtitle, sizeof subtitle);
	struct text_style title = { .family = st->font_title, .size = st->size_title };
	struct text_style small = { .family = st->font_text, .size = st->size_small };
	double th = layout_text_height(c, "Ag", title, 0, e);
	double sh = layout_text_height(c, subtitle, small, sp->content.w, e);
	if (th < 0 || sh < 0)
		return -1;
	pl->subtitle_h = sh;
	/* a sheet without key (the players' handout, --no-key) is the only
	 * page of its level, so its header carries the premise */
	if (intro && c->intro && !c->with_key) {
		double ih = layout_intro_height(c, sheet_intro_style(c), sp->content.w, SHEET_INTRO_SPACE, e);
		if (ih < 0)
			return -1;
		sp->intro_h = ih > 0 ? ih + SHEET_INTRO_GAP : 0;
	}
	sp->header_h = th + sh + 8 + sp->intro_h;
	struct sbuf s;
	sbuf_init(&s);
	/* the longest page numbers: a sheet's own, or a booklet's */
	int most = c->folios ? 9999 : 99;
	if (sheet_footer_text(c, most, most, &s) < 0) {
		sbuf_free(&s);
		return err_set(e, "out of memory while laying out the sheet");
	}
	sp->footer_h = layout_text_height(c, sbuf_cstr(&s), small, sp->content.w, e);
	sbuf_free(&s);
	if (sp->footer_h < 0)
		return -1;
	sp->band_h = sheet_band_height(c, sp->content.w);
	sp->map_area = (struct rect_pt){ sp->content.x, sp->content.y + sp->header_h, sp->content.w,
					 sp->content.h - sp->header_h - sp->band_h - sp->footer_h - 2 * SHEET_GAP };
	struct map_frame *f = &pl->f;
	layout_viewport(c->m, &f->vx, &f->vy, &f->vw, &f->vh);
	/* the squares' numbers, when printed, stand left of and above the map */
	double coord_l, coord_t;
	layout_coords_margin(c, &coord_l, &coord_t);
	if (scale > 0) {
		f->scale = scale;
		f->standard = 1;
	} else {
		/* the players' map of the part they know, as large as the page
		 * allows: up to one inch a square */
		double coarsest = c->player && !c->with_key ? 1 : PAPER_FIT_COARSEST;
		f->scale = paper_fit_scale_from(coarsest, sp->map_area.w - coord_l, sp->map_area.h - coord_t, f->vw,
						f->vh, &f->standard);
	}
	f->s = paper_square_pt(f->scale);
	pl->map_w = f->vw * f->s + coord_l;
	pl->map_h = f->vh * f->s + coord_t;
	pl->fits = sp->map_area.w >= MAP_AREA_MIN && sp->map_area.h >= MAP_AREA_MIN &&
		   pl->map_w <= sp->map_area.w + 1e-6 && pl->map_h <= sp->map_area.h + 1e-6 &&
		   (scale > 0 || f->scale <= SHEET_SCALE_MAX + 1e-9);
	pl->coord_l = coord_l;
	pl->coord_t = coord_t;
	arrange(pl, c->with_key);
	return 0;
}

int sheet_plan_make(struct layout_ctx *c, enum orientation o, const struct paper *paper, double scale,
		    struct sheet_plan *pl, struct err *e)
{
	if (plan_make(c, o, paper, scale, 1, pl, e) < 0)
		return -1;
	/* the premise never costs a map its sheet: where the map fits only
	 * without it, the header goes without */
	if (!pl->fits && pl->parts.intro_h > 0) {
		struct sheet_plan bare;
		if (plan_make(c, o, paper, scale, 0, &bare, e) < 0)
			return -1;
		if (bare.fits)
			*pl = bare;
	}
	return 0;
}

/* The smallest paper, no smaller than the one asked for, on which the map
 * fits at scale, in tenths of an inch: sizes grow from the overhead the plan
 * on paper measured (margins, title, legend, footer) plus the map, then by
 * a tenth while text that wraps on narrow paper leaves too little room. */
static int smallest_paper(struct layout_ctx *c, const struct paper *paper, const struct sheet_plan *pl,
			  double scale, double *w, double *h, struct err *e)
{
	const struct sheet_parts *sp = &pl->parts;
	double s = paper_square_pt(scale);
	/* the map at scale with the squares' numbers beside it, if any */
	double map_w = pl->f.vw * s + (pl->map_w - pl->f.vw * pl->f.s);
	double map_h = pl->f.vh * s + (pl->map_h - pl->f.vh * pl->f.s);
	double need_w = fmax(map_w, MAP_AREA_MIN) + (sp->pw - sp->map_area.w);
	double need_h = fmax(map_h, MAP_AREA_MIN) + (sp->ph - sp->map_area.h);
	need_w = fmax(need_w, sp->pw);   /* no side smaller than the paper asked for */
	need_h = fmax(need_h, sp->ph);
	for (int step = 0; step < 400; step++) {
		need_w = ceil(need_w / 7.2 - 1e-6) * 7.2;
		need_h = ceil(need_h / 7.2 - 1e-6) * 7.2;
		struct paper tmp = *paper;
		tmp.w = sp->o == ORIENT_LANDSCAPE ? need_h : need_w;
		tmp.h = sp->o == ORIENT_LANDSCAPE ? need_w : need_h;
		struct sheet_plan trial;
		if (sheet_plan_make(c, sp->o, &tmp, scale, &trial, e) < 0)
			return -1;
		if (trial.fits) {
			*w = trial.parts.pw;
			*h = trial.parts.ph;
			return 0;
		}
		if (trial.parts.map_area.w < fmax(map_w, MAP_AREA_MIN))
			need_w += 7.2;
		if (trial.parts.map_area.h < fmax(map_h, MAP_AREA_MIN))
			need_h += 7.2;
	}
	*w = need_w;
	*h = need_h;
	return 0;
}

/* Whether the map fits `paper` at scale (0: fitted) in an orientation
 * allowed: 1, 0, or -1 with e set. */
static int fits_on(struct layout_ctx *c, const struct paper *paper, double scale, struct err *e)
{
	enum orientation want = c->d->sheet.orientation;
	for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
		if (want != ORIENT_AUTO && want != (enum orientation)o)
			continue;
		struct sheet_plan pl;
		if (sheet_plan_make(c, (enum orientation)o, paper, scale, &pl, e) < 0)
			return -1;
		if (pl.fits)
			return 1;
	}
	return 0;
}

/* What paper to use instead, into out: the first standard paper, in the
 * order paper_standard() suggests them, on which the map fits at scale (0:
 * fitted), and the exact size w x h in inches; "--paper tabloid (or at least
 * 9.3x12.6in)", or "--paper 9.3x12.6in or larger" when none does. Returns 0
 * or -1 with e set. */
static int paper_advice(struct layout_ctx *c, const struct paper *paper, double scale, double w, double h,
			char *out, size_t size, struct err *e)
{
	const struct paper *std;
	for (int i = 0; (std = paper_standard(paper, i)) != NULL; i++) {
		if (strcmp(std->name, paper->name) == 0)
			continue;
		int fits = fits_on(c, std, scale, e);
		if (fits < 0)
			return -1;
		if (fits) {
			snprintf(out, size, "--paper %s (or at least %.1fx%.1fin)", std->name, w, h);
			return 0;
		}
	}
	snprintf(out, size, "--paper %.1fx%.1fin or larger", w, h);
	return 0;
}

/* The usage error when no plan fits: paper too small for the sheet's
 * furniture, a scale the user gave that is too large, or a map that would
 * only fit finer than SHEET_SCALE_MAX, too small to read. Names the
 * smallest standard paper that works and the exact size, and for a fitted
 * map the poster. */
int sheet_plan_refuse(struct layout_ctx *c, const struct paper *paper, const struct sheet_plan *cand, int n,
		      struct err *e)
{
	const struct sheet_plan *p = &cand[0];
	for (int i = 1; i < n; i++)
		if (cand[i].parts.map_area.w * cand[i].parts.map_area.h > p->parts.map_area.w * p->parts.map_area.h)
			p = &cand[i];
	double given = c->d->sheet.scale;
	double w, h;
	if (smallest_paper(c, paper, p, given > 0 ? given : SHEET_SCALE_MAX, &w, &h, e) < 0)
		return -1;
	double pw = p->parts.o == ORIENT_LANDSCAPE ? h : w, ph = p->parts.o == ORIENT_LANDSCAPE ? w : h;
	char use[128];
	if (paper_advice(c, paper, given, pw / 72, ph / 72, use, sizeof use, e) < 0)
		return -1;
	if (p->parts.map_area.w < MAP_AREA_MIN || p->parts.map_area.h < MAP_AREA_MIN)
		return err_usage(e, "--paper %s: the paper is too small for the sheet's margins, title, legend and footer "
				 "with room for the map; use %s", paper->name, use);
	if (given > 0)
		return err_usage(e, "--scale %g: the map (%d x %d squares, %.1f x %.1f in) does not fit on %s paper "
				 "(%.1f x %.1f in for the map); use --scale fit, a smaller scale, or %s", given, p->f.vw,
				 p->f.vh, p->map_w / 72, p->map_h / 72, paper->name, p->parts.map_area.w / 72,
				 p->parts.map_area.h / 72, use);
	return err_usage(e, "the map (%d x %d squares) fits %s paper only at %.0f squares to the inch, squares of "
			 "%.2fin, too small to read; %d squares to the inch is the finest: use %s, or --scale %d "
			 "--poster to print it in pieces", p->f.vw, p->f.vh, paper->name, ceil(p->f.scale),
			 1 / p->f.scale, SHEET_SCALE_MAX, use, SHEET_SCALE_MAX);
}

void sheet_plan_key_after(struct sheet_plan *pl)
{
	pl->where = KEY_NEXT_PAGE;
	pl->nfirst = 0;
	key_columns(pl->parts.content.w, COL_MIN, &pl->col_w);
}

int layout_sheet_parts(struct layout_ctx *c, enum orientation o, const struct paper *paper, struct sheet_parts *sp,
		       struct err *e)
{
	struct sheet_plan pl;
	if (sheet_plan_make(c, o, paper, c->d->sheet.scale, &pl, e) < 0)
		return -1;
	*sp = pl.parts;
	return 0;
}

int layout_sheet_fits(struct layout_ctx *c, const struct paper *paper, struct err *e)
{
	layout_map_symbols(c);
	return fits_on(c, paper, c->d->sheet.scale, e);
}
