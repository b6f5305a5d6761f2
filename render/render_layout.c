/* render_layout.c: a document laid out into one scene (render_lay_out):
 * its levels one after another, after a booklet's cover; a booklet bound
 * in the orientation that prints it on the fewest pages, chosen from both
 * orientations planned, then laid out by the plans of the one chosen. */
#include "render_int.h"

#include "base/report.h"
#include "layout/layout.h"
#include "paper.h"

#include <stdlib.h>
#include <string.h>

/* What each level printed, said to -v. */
static void tell_level(const struct doc *d, const struct paper *paper, int i, int poster,
		       const struct layout_result *res)
{
	if (poster) {
		report_info(d->report, "level %d poster: %s %s, %g square%s to the inch, %d piece%s printed of %d x %d, "
			    "%d page%s", i + 1, paper->name, res->orientation == ORIENT_LANDSCAPE ? "landscape" : "portrait",
			    res->frame.scale, res->frame.scale == 1 ? "" : "s", res->pieces, res->pieces == 1 ? "" : "s",
			    res->piece_rows, res->piece_cols, res->npages, res->npages == 1 ? "" : "s");
		return;
	}
	report_info(d->report, "level %d sheet: %s %s, %s%g squares to the inch, map %.1f x %.1f in, %d page%s", i + 1,
		    paper->name, res->orientation == ORIENT_LANDSCAPE ? "landscape" : "portrait",
		    res->frame.standard ? "" : "fitted at ", res->frame.scale, res->frame.vw * res->frame.s / 72,
		    res->frame.vh * res->frame.s / 72, res->npages, res->npages == 1 ? "" : "s");
}

/* A booklet laid out in one orientation: its scene, its pages (cover
 * included), how much of them its maps cover (the sum over levels of the
 * map's share of its page; a poster's counts nothing), and what each level
 * printed (said to -v once the orientation is chosen). */
struct booklet_try {
	struct scene sc;
	double map_share;
	struct layout_result *res;
	int *poster;
	int ok;
};

/* Lays out every level of d into sc on paper, after a cover when `cover`;
 * footers kept in folios when not NULL; each level's result said to -v,
 * or kept in *bt when bt is not NULL; each level's sheet by plans[i] when
 * plans is not NULL (taken from it). Returns 0 or -1 with e set. */
static int lay_out_levels(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
			  const struct paper *paper, int cover, struct folios *folios, struct booklet_try *bt,
			  struct level_plan **plans, struct err *e)
{
	for (int i = 0; i < d->nlevels; i++) {
		struct layout_ctx c;
		if (report_step(d->report, e, "level %d of %d: laying out the sheet...", i + 1, d->nlevels) < 0 ||
		    layout_ctx_init(&c, d, &d->levels[i], st, ms, sc, e) < 0)
			return -1;
		c.folios = folios;
		if (plans) {
			c.plan = plans[i];
			plans[i] = NULL;
		}
		/* a cover holds the premise and the secret; the levels do not repeat them */
		if (cover)
			c.intro = 0;
		struct layout_result res;
		int poster = layout_poster_wanted(&c, paper, e);
		int rc = poster < 0	       ? -1
			 : poster	       ? layout_poster(&c, paper, &res, e)
			 : d->sheet.one_page ? layout_one_page(&c, paper, &res, e)
					     : layout_level(&c, paper, &res, e);
		layout_ctx_free(&c);
		if (rc < 0)
			return -1;
		if (!bt) {
			tell_level(d, paper, i, poster, &res);
			continue;
		}
		bt->res[i] = res;
		bt->poster[i] = poster;
		if (!poster && res.page_w > 0 && res.page_h > 0)
			bt->map_share += res.frame.vw * res.frame.s * res.frame.vh * res.frame.s / (res.page_w * res.page_h);
	}
	return scene_ok(sc, e);
}

/* The whole document laid out once into sc (see render_lay_out). */
static int lay_out_once(const struct doc *d, const struct style *st, struct measure *ms, const struct paper *paper,
			int cover, struct booklet_try *bt, struct level_plan **plans, struct scene *sc, struct err *e)
{
	/* a booklet numbers its pages through the whole of it, and its cover
	 * names the page each level starts on, once they are all laid out */
	struct page_refs refs = { NULL, 0, 0 };
	struct folios folios = { NULL, 0, 0 };
	int rc = cover ? layout_cover(d, st, ms, sc, paper, &refs, e) : 0;
	if (rc == 0)
		rc = lay_out_levels(d, st, ms, sc, paper, cover, cover ? &folios : NULL, bt, plans, e);
	if (rc == 0 && cover)
		rc = layout_folios(d, st, ms, sc, &folios, e);
	if (rc == 0 && cover)
		rc = layout_page_refs(sc, ms, &refs, e);
	free(folios.v);
	free(refs.v);
	return rc < 0 ? -1 : scene_ok(sc, e);
}

/* A booklet is bound in one orientation: without --portrait or
 * --landscape, the one whose levels all fit and print the fewest pages,
 * cover included, then whose maps cover more of their pages, then
 * portrait; its layout becomes sc. When neither holds every level, each
 * level takes its own as on sheets. Here both are laid out whole, for a
 * booklet with a poster or one-page level (lay_out_booklet plans the
 * others first). Returns 0 or -1 with e set. */
static int lay_out_booklet_whole(const struct doc *d, const struct style *st, struct measure *ms,
			   const struct paper *paper, struct scene *sc, struct err *e)
{
	enum orientation tries[2] = { ORIENT_PORTRAIT, ORIENT_LANDSCAPE };
	struct booklet_try bt[2];
	int rc = 0;
	for (int k = 0; k < 2; k++) {
		memset(&bt[k], 0, sizeof bt[k]);
		scene_init(&bt[k].sc);
		bt[k].res = calloc((size_t)d->nlevels, sizeof *bt[k].res);
		bt[k].poster = calloc((size_t)d->nlevels, sizeof *bt[k].poster);
		if (!bt[k].res || !bt[k].poster) {
			rc = err_set(e, "out of memory while laying out the booklet");
			continue;
		}
		struct doc one = *d;
		one.sheet.orientation = tries[k];
		struct err te = { 0 };
		bt[k].ok = lay_out_once(&one, st, ms, paper, 1, &bt[k], NULL, &bt[k].sc, &te) == 0;
		if (!bt[k].ok && te.kind != ERR_USAGE && rc == 0)
			rc = err_set(e, "%s", te.msg);
	}
	int pick = -1;
	if (rc == 0 && bt[0].ok && bt[1].ok) {
		if (bt[0].sc.npages != bt[1].sc.npages)
			pick = bt[0].sc.npages < bt[1].sc.npages ? 0 : 1;
		else
			pick = bt[1].map_share > bt[0].map_share + 1e-9 ? 1 : 0;
	} else if (rc == 0) {
		pick = bt[0].ok ? 0 : bt[1].ok ? 1 : -1;
	}
	if (pick >= 0) {
		scene_free(sc);
		*sc = bt[pick].sc;
		scene_init(&bt[pick].sc);
		for (int i = 0; i < d->nlevels; i++)
			tell_level(d, paper, i, bt[pick].poster[i], &bt[pick].res[i]);
	}
	for (int k = 0; k < 2; k++) {
		scene_free(&bt[k].sc);
		free(bt[k].res);
		free(bt[k].poster);
	}
	if (rc < 0)
		return -1;
	/* neither orientation holds every level: each its own */
	return pick >= 0 ? scene_ok(sc, e) : lay_out_once(d, st, ms, paper, 1, NULL, NULL, sc, e);
}

/* One orientation of a booklet planned, not laid out: its cover's pages
 * counted, each level's plan (layout_level_plan) and what it prints. */
struct booklet_plan {
	struct level_plan **plans;
	struct layout_result *res;
	int npages;
	double map_share;       /* as struct booklet_try's */
	int ok;
};

static void booklet_plan_free(struct booklet_plan *bp, int nlevels)
{
	for (int i = 0; bp->plans && i < nlevels; i++)
		layout_level_plan_free(bp->plans[i]);
	free(bp->plans);
	free(bp->res);
}

/* Plans d's booklet in d's orientation into bp: 1, or 0 when a level is a
 * poster or the sheets are one page each (then the orientations are laid
 * out whole), or -1 with e set. bp->ok tells whether every level holds in
 * it; a usage error, which says that one does not, is not returned. */
static int plan_booklet(const struct doc *d, const struct style *st, struct measure *ms, const struct paper *paper,
			struct booklet_plan *bp, struct err *e)
{
	memset(bp, 0, sizeof *bp);
	if (d->sheet.one_page)
		return 0;
	bp->plans = calloc((size_t)d->nlevels, sizeof *bp->plans);
	bp->res = calloc((size_t)d->nlevels, sizeof *bp->res);
	if (!bp->plans || !bp->res)
		return err_set(e, "out of memory while laying out the booklet");
	/* the cover's pages, as lay_out_once lays it out first */
	struct scene scratch;
	struct page_refs refs = { NULL, 0, 0 };
	struct err te = { 0 };
	scene_init(&scratch);
	int rc = layout_cover(d, st, ms, &scratch, paper, &refs, &te) < 0 ? -1 : scene_ok(&scratch, &te);
	bp->npages = scratch.npages;
	free(refs.v);
	for (int i = 0; rc == 0 && i < d->nlevels; i++) {
		struct layout_ctx c;
		if (layout_ctx_init(&c, d, &d->levels[i], st, ms, &scratch, &te) < 0) {
			rc = -1;
			break;
		}
		/* as lay_out_levels sets it for a booklet */
		c.intro = 0;
		int poster = layout_poster_wanted(&c, paper, &te);
		if (poster != 0) {
			layout_ctx_free(&c);
			scene_free(&scratch);
			return poster < 0 ? err_set(e, "%s", te.msg) : 0;
		}
		rc = layout_level_plan(&c, paper, &bp->plans[i], &bp->res[i], &te);
		layout_ctx_free(&c);
		if (rc < 0)
			break;
		const struct layout_result *res = &bp->res[i];
		bp->npages += res->npages;
		if (res->page_w > 0 && res->page_h > 0)
			bp->map_share += res->frame.vw * res->frame.s * res->frame.vh * res->frame.s / (res->page_w * res->page_h);
	}
	scene_free(&scratch);
	bp->ok = rc == 0;
	if (!bp->ok && te.kind != ERR_USAGE)
		return err_set(e, "%s", te.msg);
	return 1;
}

/* A booklet is bound in one orientation: without --portrait or
 * --landscape, the one whose levels all fit and print the fewest pages,
 * cover included, then whose maps cover more of their pages, then
 * portrait; its layout becomes sc. When neither holds every level, each
 * level takes its own as on sheets. Both orientations are planned (each
 * level's plan chosen, its key measured) and only the one chosen is laid
 * out, by its plans. Returns 0 or -1 with e set. */
static int lay_out_booklet(const struct doc *d, const struct style *st, struct measure *ms,
			   const struct paper *paper, struct scene *sc, struct err *e)
{
	enum orientation tries[2] = { ORIENT_PORTRAIT, ORIENT_LANDSCAPE };
	struct booklet_plan bp[2];
	struct doc one[2];
	int planned = 1, rc = 0;
	memset(bp, 0, sizeof bp);
	/* each level's key is measured in both: cut into words once */
	measure_keep_paragraphs(ms, 1);
	for (int k = 0; k < 2 && rc == 0 && planned > 0; k++) {
		one[k] = *d;
		one[k].sheet.orientation = tries[k];
		planned = plan_booklet(&one[k], st, ms, paper, &bp[k], e);
		rc = planned < 0 ? -1 : 0;
	}
	measure_keep_paragraphs(ms, 0);
	int pick = -1;
	if (rc == 0 && planned > 0) {
		if (bp[0].ok && bp[1].ok)
			pick = bp[0].npages != bp[1].npages ? (bp[0].npages < bp[1].npages ? 0 : 1)
							    : (bp[1].map_share > bp[0].map_share + 1e-9 ? 1 : 0);
		else
			pick = bp[0].ok ? 0 : bp[1].ok ? 1 : -1;
	}
	struct booklet_try bt;
	memset(&bt, 0, sizeof bt);
	scene_init(&bt.sc);
	if (pick >= 0) {
		bt.res = calloc((size_t)d->nlevels, sizeof *bt.res);
		bt.poster = calloc((size_t)d->nlevels, sizeof *bt.poster);
		rc = !bt.res || !bt.poster ? err_set(e, "out of memory while laying out the booklet")
					   : lay_out_once(&one[pick], st, ms, paper, 1, &bt, bp[pick].plans, &bt.sc, e);
		/* the plans count the pages as the layout makes them; should they
		 * ever not, both orientations are laid out whole */
		if (rc == 0 && bt.sc.npages != bp[pick].npages)
			planned = 0;
	}
	for (int k = 0; k < 2; k++)
		booklet_plan_free(&bp[k], d->nlevels);
	if (rc == 0 && pick >= 0 && planned > 0) {
		scene_free(sc);
		*sc = bt.sc;
		scene_init(&bt.sc);
		for (int i = 0; i < d->nlevels; i++)
			tell_level(d, paper, i, 0, &bt.res[i]);
	}
	scene_free(&bt.sc);
	free(bt.res);
	free(bt.poster);
	if (rc < 0)
		return -1;
	if (planned == 0)
		return lay_out_booklet_whole(d, st, ms, paper, sc, e);
	/* neither orientation holds every level: each its own */
	return pick >= 0 ? scene_ok(sc, e) : lay_out_once(d, st, ms, paper, 1, NULL, NULL, sc, e);
}

int render_lay_out(const struct doc *d, const struct style *st, struct measure *ms, int cover, struct scene *sc,
		   struct err *e)
{
	struct paper paper;
	if (paper_parse(d->sheet.paper, &paper, e) < 0)
		return -1;
	if (!cover || d->sheet.orientation != ORIENT_AUTO || d->nlevels < 1)
		return lay_out_once(d, st, ms, &paper, cover, NULL, NULL, sc, e);
	return lay_out_booklet(d, st, ms, &paper, sc, e);
}

