/* layout_keypages.c: where the key's columns stand on a level's sheet
 * (those beside or below the map, then those of each key page) and how its
 * end is balanced: a key page saved by setting the lines a little closer,
 * a last page of a few lines given more from the page before, the last
 * page's columns made even. Each try is a flow of the measured key
 * (layout_key.c) into the columns, some of them shortened. */
#include "layout/layout.h"

#include <string.h>

#define LAST_PAGE_MIN_LINES 6   /* a last key page holds at least this many lines */

int key_pages_page(const struct key_pages *kpg, int i)
{
	return i < kpg->nfirst ? 0 : (i - kpg->nfirst) / kpg->ncols + 1;
}

/* The first frame of key page kp (0: the map page). */
static int page_first_frame(const struct key_pages *kpg, int kp)
{
	return kp == 0 ? 0 : kpg->nfirst + (kp - 1) * kpg->ncols;
}

static int frame_at(void *arg, int i, struct rect_pt *out, double *full_h)
{
	const struct key_pages *kpg = arg;
	int kp = key_pages_page(kpg, i);
	if (kp > KEY_PAGES_MAX)
		return -1;
	if (kp == 0) {
		*out = kpg->first[i];
	} else {
		const struct rect_pt *a = &kpg->page_area[kp > 1];
		int col = (i - kpg->nfirst) % kpg->ncols;
		*out = (struct rect_pt){ a->x + col * (kpg->col_w + kpg->gap), a->y, kpg->col_w, a->h };
	}
	*full_h = out->h;
	if (i >= kpg->cap_from && i < kpg->cap_to && out->h > kpg->cap_h)
		out->h = kpg->cap_h;
	if (i == kpg->cap2 && out->h > kpg->cap2_h)
		out->h = kpg->cap2_h;
	return 0;
}

static int page_at(void *arg, int i)
{
	return key_pages_page(arg, i);
}

static int flow(struct key_pages *kpg, struct key_text *kt, struct key_fit fit)
{
	struct key_frames fr = { frame_at, page_at, kpg };
	return key_text_flow(kt, &fr, fit);
}

/* A flow of a search that changes only the heights of frames from
 * mark->frame on: the first takes the mark, the others start there. */
static int search_flow(struct key_pages *kpg, struct key_text *kt, struct key_fit fit, struct key_flow_mark *mark,
		       int first)
{
	struct key_frames fr = { frame_at, page_at, kpg };
	return first ? key_text_flow_mark(kt, &fr, fit, mark) : key_text_flow_resume(kt, &fr, fit, mark);
}

/* Sets the lowest cap on frames from .. to - 1 (below hi) with which the
 * key still ends on key page `last`: its columns there come out even. */
static void even_columns(struct key_pages *kpg, struct key_text *kt, struct key_fit fit, int from, int to, int last,
			 double hi)
{
	double lo = 0, best = -1;
	/* from is the first frame of page `last` */
	struct key_flow_mark mark = { .frame = from };
	for (int iter = 0; iter < 14 && hi - lo > 0.5; iter++) {
		double mid = (lo + hi) / 2;
		kpg->cap_from = from, kpg->cap_to = to, kpg->cap_h = mid;
		int n = search_flow(kpg, kt, fit, &mark, iter == 0);
		if (n > 0 && key_pages_page(kpg, n - 1) == last) {
			best = mid;
			hi = mid;
		} else {
			lo = mid;
		}
	}
	kpg->cap_h = best;
	if (best < 0)
		kpg->cap_from = kpg->cap_to = 0;
}

/* Flows the key and balances its end: a key page saved by setting lines a
 * little closer, a last page of a few lines given more from the page
 * before, the last page's columns made even. Leaves the caps and *fit of
 * the chosen flow and returns the frames used, or -1 with e set. */
int key_pages_balance(struct key_pages *kpg, struct key_text *kt, struct key_fit *fit, struct err *e)
{
	kpg->cap_from = kpg->cap_to = 0;
	kpg->cap2 = -1;
	int n = flow(kpg, kt, *fit);
	if (n < 0)
		return err_set(e, "the key needs more than %d pages", KEY_PAGES_MAX);
	int last = key_pages_page(kpg, n - 1);
	if (last >= 1) {
		struct key_fit tight = { 0.94, 0.4 };
		int nt = flow(kpg, kt, tight);
		if (nt > 0 && key_pages_page(kpg, nt - 1) < last) {
			*fit = tight;
			n = nt;
			last = key_pages_page(kpg, n - 1);
		}
	}
	int last_first = page_first_frame(kpg, last);
	if (last >= 1 && key_text_lines_in(kt, last_first, n) < LAST_PAGE_MIN_LINES) {
		/* the column before the last page ends early, handing it lines */
		struct rect_pt r;
		double full;
		frame_at(kpg, last_first - 1, &r, &full);
		kpg->cap2 = last_first - 1;
		double lo = r.h * 0.3, hi = r.h, best = -1;
		/* the capped frame ends the page before the last */
		struct key_flow_mark mark = { .frame = page_first_frame(kpg, last - 1) };
		for (int iter = 0; iter < 14 && hi - lo > 0.5; iter++) {
			double mid = (lo + hi) / 2;
			kpg->cap2_h = mid;
			int m = search_flow(kpg, kt, *fit, &mark, iter == 0);
			if (m > 0 && key_pages_page(kpg, m - 1) == last && key_text_lines_in(kt, kpg->cap2, last_first) > 0 &&
			    key_text_lines_in(kt, last_first, m) >= LAST_PAGE_MIN_LINES) {
				best = mid;
				lo = mid;
			} else {
				hi = mid;
			}
		}
		if (best > 0)
			kpg->cap2_h = best;
		else
			kpg->cap2 = -1;
	}
	/* even columns on the last page */
	int page_frames = last == 0 ? kpg->nfirst : kpg->ncols;
	if (page_frames > 1) {
		struct rect_pt r;
		double full;
		frame_at(kpg, last_first, &r, &full);
		even_columns(kpg, kt, *fit, last_first, last_first + page_frames, last, r.h + 1);
	}
	n = flow(kpg, kt, *fit);
	if (n < 0)
		return err_set(e, "the key needs more than %d pages", KEY_PAGES_MAX);
	return n;
}

