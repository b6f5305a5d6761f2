/* layout_onepage.c: --one-page, a level's map and its whole key on one
 * sheet in the manner of the One Page Dungeon format. The map stands at the
 * top right of the page; the key runs in columns down its left and on under
 * it, above the band (scale bar, legend, compass). When the key does not
 * fit, its text is set smaller in steps of half a point down to
 * LAYOUT_ONEPAGE_MIN_PT, then the map is drawn at the next smaller standard
 * scale, down to LAYOUT_ONEPAGE_MIN_SCALE squares per inch (never one at
 * which a room number finds no place), in each orientation allowed. Each
 * try sets the compact key (layout_onekey.c) into a scratch scene; the
 * first that holds it whole is drawn, with the level's adversary roster
 * and alarm after the key where that arrangement holds them too. */
#include "layout/layout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define GAP 14.0            /* between the map and the key's columns */
#define COL_MIN 150.0       /* key column widths at the style's text size */
#define COL_MAX 250.0
#define TEXT_STEP 0.5       /* points the key's text is lowered by a step */
#define MAX_FRAMES 16       /* key columns on a page */
#define FRAME_MIN_LINES 4   /* a column under the map holds at least this */
#define MAX_TEXT_STEPS 64

/* One arrangement tried: orientation, text sizes, scale, key columns. */
struct onepage_try {
	struct style st;        /* the style at this try's text sizes */
	struct sheet_parts sp;
	struct map_frame f;
	struct rect_pt frames[MAX_FRAMES];
	int nframes;
};

/* The key's flow over the try's columns; no further page. */
struct frame_walk {
	const struct onepage_try *t;
	int next;
	int overflow;           /* the key asked for a column more */
};

static int walk_next(struct key_flow *kf, struct err *e)
{
	struct frame_walk *w = kf->arg;
	if (w->next >= w->t->nframes) {
		w->overflow = 1;
		return err_set(e, "the key does not fit on one page");
	}
	kf->frame = w->t->frames[w->next++];
	kf->y = kf->frame.y;
	kf->started = 0;
	return 0;
}

/* The style with its text lowered to body size `text` (the others in
 * proportion, none below the minimum unless the style sets it lower). */
static void scaled_style(const struct style *base, double text, struct style *out)
{
	*out = *base;
	double k = text / base->size_text;
	double floor_pt = LAYOUT_ONEPAGE_MIN_PT;
	out->size_text = text;
	out->size_heading = fmax(fmin(base->size_heading, floor_pt), base->size_heading * k);
	out->size_small = fmax(fmin(base->size_small, floor_pt), base->size_small * k);
	out->size_title = fmax(fmin(base->size_title, floor_pt), base->size_title * k);
}

/* The key's columns around a map of mw x mh points at the top right of
 * the map area. Sets t->frames and the map's place in t->f. */
static void arrange(struct onepage_try *t, double mw, double mh, double k)
{
	const struct rect_pt *a = &t->sp.map_area;
	double cmin = COL_MIN * k, cmax = COL_MAX * k;
	int n = (int)((a->w + GAP) / (cmin + GAP));
	int want = (int)ceil((a->w + GAP) / (cmax + GAP));
	if (want < n)
		n = want;
	if (n < 1)
		n = 1;
	if (n > MAX_FRAMES)
		n = MAX_FRAMES;
	double col_w = (a->w - (n - 1) * GAP) / n;
	int span = (int)ceil((mw + GAP) / (col_w + GAP) - 1e-9);
	if (span < 1)
		span = 1;
	if (span > n)
		span = n;
	double span_x = a->x + (n - span) * (col_w + GAP), span_w = span * col_w + (span - 1) * GAP;
	double mx = span_x + (span_w - mw) / 2, my = a->y;
	t->f.ox = mx - t->f.vx * t->f.s;
	t->f.oy = my - t->f.vy * t->f.s;
	double below_y = a->y + mh + GAP, below_h = a->y + a->h - below_y;
	t->nframes = 0;
	for (int i = 0; i < n; i++) {
		double x = a->x + i * (col_w + GAP);
		if (i < n - span)
			t->frames[t->nframes++] = (struct rect_pt){ x, a->y, col_w, a->h };
		else if (below_h >= FRAME_MIN_LINES * t->st.size_text * 1.25)
			t->frames[t->nframes++] = (struct rect_pt){ x, below_y, col_w, below_h };
	}
}

/* True when every text item of page p from item `from` on lies inside one
 * of the frames. */
static int inside_frames(const struct scene_page *p, size_t from, const struct onepage_try *t)
{
	for (size_t i = from; i < p->nitems; i++) {
		double x0, y0, x1, y1;
		if (p->items[i].kind != SCENE_TEXT || !scene_item_bounds(p, &p->items[i], &x0, &y0, &x1, &y1))
			continue;
		int in = 0;
		for (int k = 0; k < t->nframes && !in; k++) {
			const struct rect_pt *r = &t->frames[k];
			in = x0 >= r->x - 0.5 && x1 <= r->x + r->w + 0.5 && y0 >= r->y - 0.5 && y1 <= r->y + r->h + 0.5;
		}
		if (!in)
			return 0;
	}
	return 1;
}

/* Sets the key into the try's columns of page p through c (its scene and
 * style). Returns 1 when it fits, 0 when not, -1 on failure with e set. */
static int set_key(struct layout_ctx *c, struct scene_page *p, const struct onepage_try *t, struct err *e)
{
	struct frame_walk w = { t, 0, 0 };
	size_t from = p->nitems;
	struct key_flow kf = { c, p, { 0, 0, 0, 0 }, 0, 0, walk_next, &w };
	if (walk_next(&kf, e) < 0)
		return 0;
	struct err e2;
	if (layout_key_compact(&kf, &e2) < 0) {
		if (!w.overflow) {
			*e = e2;
			return -1;
		}
		return scene_ok(c->sc, e) < 0 ? -1 : 0;
	}
	return inside_frames(p, from, t);
}

/* Tries t on a scratch scene: 1 when the key fits, 0, or -1 with e set. */
static int key_fits(const struct layout_ctx *c, const struct onepage_try *t, struct err *e)
{
	struct scene scratch;
	scene_init(&scratch);
	struct layout_ctx tc = *c;
	tc.st = &t->st;
	tc.sc = &scratch;
	struct scene_page *p = scene_add_page(&scratch, t->sp.pw, t->sp.ph, c->m->depth, PAGE_MAP);
	int rc = p ? set_key(&tc, p, t, e) : err_set(e, "out of memory while laying out the sheet");
	scene_free(&scratch);
	return rc;
}

/* How many room numbers find no place of their own on the map at t's
 * scale (layout_labels, on a scratch page). Returns the count or -1. */
static int crowded_numbers(const struct layout_ctx *c, const struct onepage_try *t, struct err *e)
{
	struct scene scratch;
	scene_init(&scratch);
	struct layout_ctx tc = *c;
	tc.st = &t->st;
	tc.sc = &scratch;
	struct scene_page *p = scene_add_page(&scratch, t->sp.pw, t->sp.ph, c->m->depth, PAGE_MAP);
	int n = -1;
	if (p) {
		layout_pens(&tc, t->f.s);
		n = layout_labels(&tc, p, &t->f);
	}
	if (scene_ok(&scratch, e) < 0 || !p)
		n = err_set(e, "out of memory while laying out the sheet");
	scene_free(&scratch);
	return n;
}

/* Fills t for orientation o, body text `text` and `scale` squares per
 * inch: 1 when the map fits its box, 0 when not, -1 with e set. */
static int make_try(const struct layout_ctx *c, enum orientation o, const struct paper *paper, double text,
		    double scale, struct onepage_try *t, struct err *e)
{
	memset(t, 0, sizeof *t);
	scaled_style(c->st, text, &t->st);
	struct layout_ctx tc = *c;
	tc.st = &t->st;
	if (layout_sheet_parts(&tc, o, paper, &t->sp, e) < 0)
		return -1;
	struct map_frame *f = &t->f;
	layout_viewport(c->m, &f->vx, &f->vy, &f->vw, &f->vh);
	f->scale = scale;
	f->standard = 1;
	f->s = paper_square_pt(scale);
	/* the squares' numbers, when printed, stand left of and above the map */
	double coord_l, coord_t;
	layout_coords_margin(&tc, &coord_l, &coord_t);
	double mw = f->vw * f->s + coord_l, mh = f->vh * f->s + coord_t;
	if (mw > t->sp.map_area.w + 1e-6 || mh > t->sp.map_area.h + 1e-6)
		return 0;
	arrange(t, mw, mh, text / c->st->size_text);
	f->ox += coord_l;
	f->oy += coord_t;
	return 1;
}

/* Draws try t into c's scene. Returns 0 or -1 with e set. */
static int draw(struct layout_ctx *c, const struct onepage_try *t, struct layout_result *res, struct err *e)
{
	struct layout_ctx tc = *c;
	tc.st = &t->st;
	int first = c->sc->npages;
	struct scene_page *p = layout_sheet_page(&tc, &t->sp);
	if (!p)
		return scene_ok(c->sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the sheet");
	layout_pens(&tc, t->f.s);
	layout_map(&tc, p, &t->f);
	if (layout_coords(&tc, p, &t->f, e) < 0)
		return -1;
	int crowded = layout_labels(&tc, p, &t->f);
	layout_stair_links(&tc, p, &t->f);
	int fits = set_key(&tc, p, t, e);
	if (fits < 0)
		return -1;
	if (!fits)
		return err_set(e, "the key no longer fits on the page it was measured for");
	if (layout_sheet_dress(&tc, p, &t->sp, &t->f, crowded, e) < 0)
		return -1;
	if (res) {
		memset(res, 0, sizeof *res);
		res->frame = t->f;
		res->orientation = t->sp.o;
		res->page_w = t->sp.pw;
		res->page_h = t->sp.ph;
		res->first_page = first;
		res->npages = 1;
		res->key_beside = t->nframes > 0 && t->frames[0].y <= t->sp.map_area.y + 1e-6;
		res->key_below = t->nframes > 0 && t->frames[t->nframes - 1].y > t->sp.map_area.y + 1e-6;
		res->map_area = t->sp.map_area;
	}
	return scene_ok(c->sc, e);
}

/* Searches the arrangements on paper, largest squares first, then largest
 * text, portrait first: 1 with *t set to the first that holds the key, 0
 * when none does (*map_fits: the map alone fitted at some scale), or -1
 * with e set. */
static int search(struct layout_ctx *c, const struct paper *paper, struct onepage_try *t, int *map_fits,
		  struct err *e)
{
	static const double standard[] = { 4, 5, 6, 8, 10, 12, 16, 20, 24, 32 };
	double asked = c->d->sheet.scale;
	int nscales = asked > 0 ? 1 : (int)(sizeof standard / sizeof standard[0]);
	enum orientation want = c->d->sheet.orientation;
	enum orientation orient[2] = { ORIENT_PORTRAIT, ORIENT_LANDSCAPE };
	int o0 = want == ORIENT_LANDSCAPE ? 1 : 0, o1 = want == ORIENT_PORTRAIT ? 0 : 1;
	double top = c->st->size_text;
	int steps = top > LAYOUT_ONEPAGE_MIN_PT ? (int)floor((top - LAYOUT_ONEPAGE_MIN_PT) / TEXT_STEP + 1e-9) + 1 : 1;
	if (steps > MAX_TEXT_STEPS)
		steps = MAX_TEXT_STEPS;
	*map_fits = 0;
	for (int si = 0; si < nscales; si++) {
		double scale = asked > 0 ? asked : standard[si];
		if (asked <= 0 && scale > LAYOUT_ONEPAGE_MIN_SCALE)
			break;
		int crowded = -2;       /* not yet counted at this scale */
		for (int k = 0; k < steps; k++) {
			double text = k == steps - 1 && top > LAYOUT_ONEPAGE_MIN_PT ? LAYOUT_ONEPAGE_MIN_PT
										: top - k * TEXT_STEP;
			for (int oi = o0; oi <= o1; oi++) {
				int rc = make_try(c, orient[oi], paper, text, scale, t, e);
				if (rc < 0)
					return -1;
				if (rc == 0)
					continue;
				/* a scale at which a room number finds no place is not legible */
				if (crowded == -2 && (crowded = crowded_numbers(c, t, e)) < 0)
					return -1;
				if (crowded > 0 && asked <= 0)
					break;
				*map_fits = 1;
				rc = key_fits(c, t, e);
				if (rc != 0)
					return rc;
			}
		}
	}
	return 0;
}

/* The first larger standard paper on which the level fits on one page, in
 * out ("" when none). Returns 0 or -1 with e set. */
static int larger_paper(struct layout_ctx *c, const struct paper *paper, char *out, size_t size, struct err *e)
{
	static const char *const names[] = { "legal", "tabloid", "a3" };
	out[0] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct paper bigger;
		if (paper_parse(names[i], &bigger, e) < 0)
			return -1;
		if (bigger.w * bigger.h <= paper->w * paper->h + 1)
			continue;
		struct onepage_try t;
		int map_fits, rc = search(c, &bigger, &t, &map_fits, e);
		if (rc < 0)
			return -1;
		if (rc > 0) {
			snprintf(out, size, " (it fits on %s)", names[i]);
			return 0;
		}
	}
	return 0;
}

int layout_one_page(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e)
{
	if (!c->with_key)
		return layout_level(c, paper, res, e);
	layout_map_symbols(c);
	struct onepage_try t;
	c->onepage_roster = 0;
	int map_fits, rc = search(c, paper, &t, &map_fits, e);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		/* the roster and the alarm where the arrangement found holds them
		 * too, at the same scale and text size */
		struct layout_ctx with = *c;
		with.onepage_roster = 1;
		int fits = c->lv->key.nadversaries > 0 && !c->player ? key_fits(&with, &t, e) : 0;
		if (fits < 0)
			return -1;
		c->onepage_roster = fits;
		return draw(c, &t, res, e);
	}
	char scale_text[64], hint[64];
	double asked = c->d->sheet.scale;
	snprintf(scale_text, sizeof scale_text, "%g", asked > 0 ? asked : LAYOUT_ONEPAGE_MIN_SCALE);
	if (larger_paper(c, paper, hint, sizeof hint, e) < 0)
		return -1;
	if (!map_fits)
		return err_usage(e, "--one-page: the map of level %d (%d rooms) does not fit on one %s page at %s squares "
				 "to the inch; use fewer --rooms, larger --paper%s, or leave out --one-page",
				 c->m->depth, c->lv->key.n, paper->name, scale_text, hint);
	return err_usage(e, "--one-page: the key of level %d (%d rooms) does not fit on one %s page beside its map, "
			 "even at %g pt text and %s squares to the inch; use fewer --rooms, larger --paper%s, or leave out "
			 "--one-page", c->m->depth, c->lv->key.n, paper->name, fmin(c->st->size_text, LAYOUT_ONEPAGE_MIN_PT),
			 scale_text, hint);
}
