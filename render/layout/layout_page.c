/* layout_page.c: one level's sheet. The plan (sheet_plan.c) chooses the
 * orientation and scale and where the key starts: beside or below the map
 * when the map leaves room for a column there, or on the next page. Here
 * the pages are made: the map page with its map, numbers and links, its
 * title, band and footer (sheet_dress.c), then the key in columns of the
 * same width on further pages (layout_keypages.c balances them), each
 * with its heading and footer. */
#include "layout/layout.h"

#include "layout/layout_text.h"
#include "layout/sheet_dress.h"
#include "layout/sheet_plan.h"
#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_white(struct colour c)
{
	return c.a == 0 || (c.r > 0.995 && c.g > 0.995 && c.b > 0.995);
}

/* Adds a page of the level's sheet: its map page, or key page n
 * (1-based), with the style's paper colour when it is not white. */
static struct scene_page *new_page(struct layout_ctx *c, const struct sheet_parts *sp, enum page_kind kind, int n)
{
	struct scene_page *p = scene_add_page(c->sc, sp->pw, sp->ph, c->m->depth, kind);
	if (!p)
		return NULL;
	if (kind == PAGE_MAP)
		snprintf(p->label, sizeof p->label, "%d-map", c->m->depth);
	else if (n <= 1)
		snprintf(p->label, sizeof p->label, "%d-key", c->m->depth);
	else
		snprintf(p->label, sizeof p->label, "%d-key-%d", c->m->depth, n);
	if (!is_white(c->st->paper)) {
		scene_rect_path(c->sc, p, sp->content.x, sp->content.y, sp->content.w, sp->content.h);
		scene_fill(c->sc, p, c->st->paper);
	}
	return p;
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
 * their headings, and its lines; kt is the key measured at the plan's
 * column width (lay_key frees it), or NULL to measure it here. Returns 0
 * or -1 with e set. */
static int lay_key(struct layout_ctx *c, const struct sheet_plan *pl, int first_page, struct key_text *kt,
		   struct err *e)
{
	const struct rect_pt *box = &pl->parts.content;
	struct text_style heading = sheet_key_heading_style(c);
	struct key_pages kp;
	if (sheet_key_frames(c, pl, &kp, e) < 0) {
		key_text_free(kt);
		return -1;
	}
	if (!kt && key_text_build(&kt, c, pl->col_w, e) < 0)
		return -1;
	struct key_fit fit = { 1, 1 };
	int n = key_pages_balance(&kp, kt, &fit, e);
	int pages = n < 0 ? 0 : key_pages_page(&kp, n - 1);
	for (int k = 1; k <= pages; k++) {
		struct scene_page *p = new_page(c, &pl->parts, PAGE_KEY, k);
		char head[300];
		sheet_key_heading(c, k, head, sizeof head);
		if (!p) {
			key_text_free(kt);
			return scene_ok(c->sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the sheet");
		}
		if (layout_text(c, p, head, heading, box->x, box->y, box->w, e) < 0) {
			key_text_free(kt);
			return -1;
		}
	}
	if (n > 0) {
		struct emit_pages ep = { &kp, c->sc, first_page };
		key_text_emit(kt, c, &fit, emit_page, &ep);
	}
	key_text_free(kt);
	return n < 0 ? -1 : 0;
}

/* The footers of the n pages from scene page first on, "page 1 of n" and
 * on (in a booklet, numbered through it later). Returns 0 or -1 with e
 * set. */
static int footers(struct layout_ctx *c, const struct sheet_parts *sp, int first, int n, struct err *e)
{
	for (int i = 0; i < n; i++)
		if (sheet_draw_footer(c, first + i, sp, i + 1, n, e) < 0)
			return -1;
	return 0;
}

/* The map page of plan pl: the map, its numbers and links, the title and
 * band. Returns 0 or -1 with e set. */
static int lay_map_page(struct layout_ctx *c, const struct sheet_plan *pl, struct err *e)
{
	struct scene_page *p = new_page(c, &pl->parts, PAGE_MAP, 0);
	if (!p)
		return scene_ok(c->sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the sheet");
	layout_pens(c, pl->f.s);
	layout_map(c, p, &pl->f);
	if (layout_coords(c, p, &pl->f, e) < 0)
		return -1;
	int crowded = layout_labels(c, p, &pl->f);
	sheet_warn_crowded(c, &pl->f, crowded);
	layout_stair_links(c, p, &pl->f);
	char subtitle[400];
	size_t used = sheet_subtitle(c, &pl->f, crowded, subtitle, sizeof subtitle);
	if (crowded > 0) {
		/* on paper too narrow for the note beside the rest it is left out
		 * rather than run into the map */
		struct text_style small = { .family = c->st->font_text, .size = c->st->size_small };
		double noted_h = layout_text_height(c, subtitle, small, pl->parts.content.w, e);
		if (noted_h < 0)
			return -1;
		if (noted_h > pl->subtitle_h + 0.5)
			subtitle[used] = '\0';
	}
	if (sheet_draw_header(c, p, &pl->parts, subtitle, e) < 0)
		return -1;
	return sheet_draw_band(c, p, &pl->parts, pl->f.s, e);
}

/* A sheet's plan and its key as measured at the plan's column width. */
struct level_plan {
	struct sheet_plan pl;
	struct key_text *kt;
};

int layout_level_plan(struct layout_ctx *c, const struct paper *paper, struct level_plan **out,
		      struct layout_result *res, struct err *e)
{
	struct level_plan *lp = calloc(1, sizeof *lp);
	if (!lp)
		return err_set(e, "out of memory while laying out the sheet");
	layout_map_symbols(c);
	if (sheet_plan_choose(c, paper, &lp->pl, c->with_key ? &lp->kt : NULL, e) < 0) {
		free(lp);
		return -1;
	}
	memset(res, 0, sizeof *res);
	res->frame = lp->pl.f;
	res->orientation = lp->pl.parts.o;
	res->page_w = lp->pl.parts.pw;
	res->page_h = lp->pl.parts.ph;
	res->npages = lp->pl.pages;
	*out = lp;
	return 0;
}

void layout_level_plan_free(struct level_plan *lp)
{
	if (!lp)
		return;
	key_text_free(lp->kt);
	free(lp);
}

int layout_level(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e)
{
	struct sheet_plan pl;
	struct key_text *kt = NULL;
	layout_map_symbols(c);
	if (c->plan) {
		/* chosen before: the plan and its key as they were */
		pl = c->plan->pl;
		kt = c->plan->kt;
		free(c->plan);
		c->plan = NULL;
	} else if (sheet_plan_choose(c, paper, &pl, c->with_key ? &kt : NULL, e) < 0) {
		/* (the key as measured while choosing the plan is the one set) */
		return -1;
	}
	int first = c->sc->npages;
	if (lay_map_page(c, &pl, e) < 0) {
		key_text_free(kt);
		return -1;
	}
	/* the key */
	if (c->with_key && lay_key(c, &pl, first, kt, e) < 0)
		return -1;
	/* footers, now that the page count is known */
	int n = c->sc->npages - first;
	if (footers(c, &pl.parts, first, n, e) < 0)
		return -1;
	if (res) {
		res->frame = pl.f;
		res->orientation = pl.parts.o;
		res->page_w = pl.parts.pw;
		res->page_h = pl.parts.ph;
		res->first_page = first;
		res->npages = n;
		res->key_beside = pl.where == KEY_BESIDE || pl.where == KEY_AROUND;
		res->key_below = pl.where == KEY_BELOW || pl.where == KEY_AROUND;
		res->map_area = pl.parts.map_area;
	}
	return scene_ok(c->sc, e);
}

struct scene_page *layout_sheet_page(struct layout_ctx *c, const struct sheet_parts *sp)
{
	return new_page(c, sp, PAGE_MAP, 0);
}

int layout_key_after(struct layout_ctx *c, const struct paper *paper, enum orientation o, struct err *e)
{
	struct sheet_plan pl;
	if (sheet_plan_make(c, o, paper, c->d->sheet.scale, &pl, e) < 0)
		return -1;
	sheet_plan_key_after(&pl);
	/* the key's pages count from 1 after the page before them */
	int first = c->sc->npages - 1;
	if (lay_key(c, &pl, first, NULL, e) < 0)
		return -1;
	int n = c->sc->npages - 1 - first;
	if (footers(c, &pl.parts, first + 1, n, e) < 0)
		return -1;
	return scene_ok(c->sc, e);
}
