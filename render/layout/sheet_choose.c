/* sheet_choose.c: which arrangement of a level's sheet is printed (see
 * sheet_plan.h). Each orientation allowed is planned at the map's scale;
 * a fitted map with a key also at the finer standard scales that keep its
 * squares at least SHEET_SHRINK_MIN as large as the largest that fit (and
 * no finer than SHEET_SHRINK_SCALE_MAX), and each plan with its key
 * around the map too. The key of each is flowed into its columns as the
 * sheet sets it (layout_keypages.c) to count the pages; the plan printing
 * the fewest wins, then the one with the largest squares. A smaller map
 * is taken only when no more room numbers are crowded on it. So a key
 * that would spill a few lines onto a page of their own is set beside and
 * under a smaller map, and a key page is added only for a key that needs
 * it, and then holds more than a remainder. */
#include "layout/sheet_plan.h"

#include "layout/layout_text.h"
#include "layout/sheet_dress.h"
#include "text/measure.h"

#include <math.h>
#include <string.h>

#define CAND_MAX 32             /* plans compared */

int sheet_key_frames(struct layout_ctx *c, const struct sheet_plan *pl, struct key_pages *kp, struct err *e)
{
	const struct rect_pt *box = &pl->parts.content;
	memset(kp, 0, sizeof *kp);
	kp->col_w = pl->col_w;
	kp->gap = SHEET_GAP;
	kp->first = pl->first;
	kp->nfirst = pl->nfirst;
	kp->ncols = (int)((box->w + SHEET_GAP) / (pl->col_w + SHEET_GAP) + 1e-6);
	if (kp->ncols < 1)
		kp->ncols = 1;
	for (int k = 0; k < 2; k++) {
		char head[300];
		sheet_key_heading(c, k + 1, head, sizeof head);
		/* measured in the regular weight, as it always has been, though
		 * it is drawn bold */
		struct text_style measured = sheet_key_heading_style(c);
		measured.bold = 0;
		double hh = layout_text_height(c, head, measured, box->w, e);
		if (hh < 0)
			return -1;
		kp->page_area[k] = (struct rect_pt){ box->x, box->y + hh + SHEET_GAP, box->w,
						     box->h - hh - SHEET_GAP - pl->parts.footer_h - SHEET_GAP };
	}
	return 0;
}

/* The key measured at the column widths the plans ask for, each once. */
struct measured {
	double w[CAND_MAX];
	struct key_text *kt[CAND_MAX];
	int n;
};

static void measured_free(struct measured *ms)
{
	for (int i = 0; i < ms->n; i++)
		key_text_free(ms->kt[i]);
	ms->n = 0;
}

/* The pages plan pl prints: its map page and the key pages its key needs.
 * Returns them, or -1 with e set. */
static int pages_of(struct layout_ctx *c, const struct sheet_plan *pl, struct measured *ms, struct err *e)
{
	if (!c->with_key)
		return 1;
	struct key_text *kt = NULL;
	for (int i = 0; i < ms->n && !kt; i++)
		if (fabs(ms->w[i] - pl->col_w) < 1e-6)
			kt = ms->kt[i];
	if (!kt) {
		if (ms->n == CAND_MAX)
			return err_set(e, "too many key widths tried while laying out the sheet");
		if (key_text_build(&kt, c, pl->col_w, e) < 0)
			return -1;
		ms->w[ms->n] = pl->col_w;
		ms->kt[ms->n++] = kt;
	}
	struct key_pages kp;
	if (sheet_key_frames(c, pl, &kp, e) < 0)
		return -1;
	struct key_fit fit = { 1, 1 };
	int n = key_pages_balance(&kp, kt, &fit, e);
	if (n < 0)
		return -1;
	return 1 + key_pages_page(&kp, n - 1);
}

/* How many room numbers find no place of their own on the map at pl's
 * scale (layout_labels, on a scratch page). Returns the count or -1 with
 * e set. */
static int crowded_numbers(const struct layout_ctx *c, const struct sheet_plan *pl, struct err *e)
{
	struct scene scratch;
	scene_init(&scratch);
	struct layout_ctx tc = *c;
	tc.sc = &scratch;
	struct scene_page *p = scene_add_page(&scratch, pl->parts.pw, pl->parts.ph, c->m->depth, PAGE_MAP);
	int n = -1;
	if (p) {
		layout_pens(&tc, pl->f.s);
		n = layout_labels(&tc, p, &pl->f);
	}
	if (scene_ok(&scratch, e) < 0 || !p)
		n = err_set(e, "out of memory while laying out the sheet");
	scene_free(&scratch);
	return n;
}

/* The room plan pl leaves the key on the map page: its columns and the
 * gaps between those side by side. */
static double first_area(const struct sheet_plan *pl)
{
	double a = 0;
	for (int i = 0; i < pl->nfirst; i++) {
		const struct rect_pt *r = &pl->first[i];
		a += r->w * r->h;
		if (i > 0 && fabs(r->y - pl->first[i - 1].y) < 1e-6 && fabs(r->h - pl->first[i - 1].h) < 1e-6)
			a += SHEET_GAP * r->h;
	}
	return a;
}

/* Whether plan a (printing pa pages) is better than b (pb pages). */
static int better(const struct sheet_plan *a, int pa, const struct sheet_plan *b, int pb)
{
	if (pa != pb)
		return pa < pb;
	if (fabs(a->f.s - b->f.s) > 1e-9)
		return a->f.s > b->f.s;
	if ((a->where == KEY_AROUND) != (b->where == KEY_AROUND))
		return b->where == KEY_AROUND;
	return first_area(a) > first_area(b) + 1;
}

/* The scales to plan base's orientation at, into out (at most max; 0
 * stands for base's own): the scale asked for; for a fitted map with a
 * key, base's fitted scale and the finer standard scales, each only while
 * its squares are the largest any orientation fits (`largest` points) or
 * at least SHEET_SHRINK_MIN of them at SHEET_SHRINK_SCALE_MAX squares to
 * the inch or coarser. Returns how many. */
static int scales_to_try(const struct layout_ctx *c, const struct sheet_plan *base, double largest, double *out,
			 int max)
{
	if (c->d->sheet.scale > 0 || !c->with_key) {
		out[0] = c->d->sheet.scale;
		return 1;
	}
	int n = 0;
	if (!base->fits)
		return 0;
	if (base->f.s >= largest - 1e-9 ||
	    (base->f.s >= SHEET_SHRINK_MIN * largest - 1e-9 && base->f.scale <= SHEET_SHRINK_SCALE_MAX + 1e-9))
		out[n++] = 0;
	for (double s = paper_finer_scale(base->f.scale); s > 0 && n < max; s = paper_finer_scale(s)) {
		if (paper_square_pt(s) < SHEET_SHRINK_MIN * largest - 1e-9 || s > SHEET_SHRINK_SCALE_MAX + 1e-9)
			break;
		out[n++] = s;
	}
	return n;
}

/* The choice so far: the best plan and the pages it prints. */
struct choice {
	struct layout_ctx *c;
	struct measured ms;
	const struct sheet_plan *largest; /* a plan with the largest squares that fit */
	int largest_crowded;    /* numbers crowded on it (-1: not yet counted) */
	struct sheet_plan best;
	int best_pages;         /* -1: none yet */
};

/* Takes pl when it is better than the choice so far; a plan with squares
 * smaller than the largest only when no more room numbers are crowded on
 * it. Returns 0 or -1 with e set. */
static int consider(struct choice *ch, const struct sheet_plan *pl, struct err *e)
{
	int pages = pages_of(ch->c, pl, &ch->ms, e);
	if (pages < 0)
		return -1;
	if (ch->best_pages >= 0 && !better(pl, pages, &ch->best, ch->best_pages))
		return 0;
	if (pl->f.s < ch->largest->f.s - 1e-9) {
		if (ch->largest_crowded < 0 && (ch->largest_crowded = crowded_numbers(ch->c, ch->largest, e)) < 0)
			return -1;
		int n = crowded_numbers(ch->c, pl, e);
		if (n < 0)
			return -1;
		if (n > ch->largest_crowded)
			return 0;
	}
	ch->best = *pl;
	ch->best_pages = pages;
	return 0;
}

/* Takes out of ms the key measured at exactly width, or NULL. */
static struct key_text *measured_take(struct measured *ms, double width)
{
	for (int i = 0; i < ms->n; i++)
		if (ms->w[i] == width) {
			struct key_text *kt = ms->kt[i];
			ms->kt[i] = ms->kt[ms->n - 1];
			ms->w[i] = ms->w[ms->n - 1];
			ms->n--;
			return kt;
		}
	return NULL;
}

int sheet_plan_choose(struct layout_ctx *c, const struct paper *paper, struct sheet_plan *out, struct key_text **key,
		      struct err *e)
{
	if (key)
		*key = NULL;
	enum orientation want = c->d->sheet.orientation;
	struct sheet_plan base[2];
	int nbase = 0;
	for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
		if (want != ORIENT_AUTO && want != (enum orientation)o)
			continue;
		if (sheet_plan_make(c, (enum orientation)o, paper, c->d->sheet.scale, &base[nbase++], e) < 0)
			return -1;
	}
	struct choice ch = { .c = c, .ms = { .n = 0 }, .largest = NULL, .largest_crowded = -1, .best_pages = -1 };
	for (int i = 0; i < nbase; i++)
		if (base[i].fits && (!ch.largest || base[i].f.s > ch.largest->f.s + 1e-9))
			ch.largest = &base[i];
	if (!ch.largest)
		return sheet_plan_refuse(c, paper, base, nbase, e);
	/* the plans to compare, in order: each that fits, then the same with
	 * its key around the map */
	struct sheet_plan plans[CAND_MAX];
	int nplans = 0, widths = 0;
	for (int i = 0; i < nbase; i++) {
		double scales[8];
		int ns = scales_to_try(c, &base[i], ch.largest->f.s, scales, 8);
		for (int k = 0; k < ns && nplans + 2 <= CAND_MAX; k++) {
			struct sheet_plan *pl = &plans[nplans];
			*pl = base[i];
			if (scales[k] != c->d->sheet.scale &&
			    sheet_plan_make(c, base[i].parts.o, paper, scales[k], pl, e) < 0)
				return -1;
			if (!pl->fits)
				continue;
			nplans++;
			plans[nplans] = *pl;
			if (c->with_key && sheet_plan_around(&plans[nplans]))
				nplans++;
		}
	}
	for (int i = 0; i < nplans; i++) {
		int k = 0;
		while (k < i && plans[k].col_w != plans[i].col_w)
			k++;
		widths += k == i;
	}
	/* a key measured at more than one width is cut into words once */
	int keep = c->with_key && widths > 1;
	if (keep)
		measure_keep_paragraphs(c->ms, 1);
	int rc = 0;
	for (int i = 0; i < nplans && rc == 0; i++)
		rc = consider(&ch, &plans[i], e);
	if (keep)
		measure_keep_paragraphs(c->ms, 0);
	if (rc < 0)
		goto fail;
	*out = ch.best;
	out->pages = ch.best_pages;
	if (key)
		*key = measured_take(&ch.ms, out->col_w);
	measured_free(&ch.ms);
	return 0;
fail:
	measured_free(&ch.ms);
	return -1;
}
