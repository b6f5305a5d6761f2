/* render.c: the sheet API: checks the options, lays out every level into
 * one scene, and has the Cairo backend write it, atomically. */
#include "render.h"

#include "base/atomic.h"
#include "cairo/cairo_backend.h"
#include "base/fileset.h"
#include "layout/layout.h"
#include "text/measure.h"
#include "paper.h"
#include "base/paths.h"
#include "render_int.h"
#include "style.h"

#include <ctype.h>
#include <dirent.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int render_load_style(struct style *st, const char *name, const char *const *dirs, struct measure *ms,
		      struct err *e)
{
	if (style_load(st, name, dirs, e) < 0)
		return -1;
	const char *fonts[3] = { st->font_text, st->font_title, st->font_number };
	for (int i = 0; i < 3; i++)
		if (!measure_has_family(ms, fonts[i]))
			return err_usage(e, "--style %s: font '%s' is not installed (fontconfig has no such family; "
					 "the DejaVu fonts come with fonts-dejavu-core)", st->name, fonts[i]);
	return 0;
}

int render_validate(const struct sheet_options *o, const char *const *template_dirs, struct err *e)
{
	struct paper paper;
	if (paper_parse(o->paper, &paper, e) < 0 || paper_check_scale(o->scale, e) < 0)
		return -1;
	if (o->dpi != 0 && (o->dpi < RENDER_DPI_MIN || o->dpi > RENDER_DPI_MAX))
		return err_usage(e, "--dpi: '%d' is out of range (expected %d to %d)", o->dpi, RENDER_DPI_MIN,
				 RENDER_DPI_MAX);
	if (o->poster && o->scale <= 0)
		return err_usage(e, "--poster: needs a scale (expected --scale N, squares per inch; --scale 1 for one "
				 "inch a square)");
	double length;
	if (o->overlap && paper_parse_length("--overlap", o->overlap, &length, e) < 0)
		return -1;
	if (o->margin && paper_parse_length("--margin", o->margin, &length, e) < 0)
		return -1;
	if (o->orientation != ORIENT_AUTO && o->orientation != ORIENT_PORTRAIT && o->orientation != ORIENT_LANDSCAPE)
		return err_usage(e, "orientation: expected --portrait or --landscape");
	struct measure ms;
	if (measure_init(&ms, e) < 0)
		return -1;
	struct style st;
	int rc = render_load_style(&st, o->style, template_dirs, &ms, e);
	measure_free(&ms);
	return rc;
}

void render_page_path(const char *path, int page, char *out, size_t size)
{
	if (page <= 1) {
		snprintf(out, size, "%s", path);
		return;
	}
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(path, '.');
	if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
		snprintf(out, size, "%s-%d", path, page);
	else
		snprintf(out, size, "%.*s-%d%s", (int)(dot - path), path, page, dot);
}

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

/* What page i of n says of itself in its file's metadata: the document's
 * title and the page, and (on the referee's sheet) the seed. */
static void page_about(const struct doc *d, const char *doc_title, int page, int npages, char *title, size_t tsize,
		       char *about, size_t asize)
{
	snprintf(title, tsize, "%s, page %d of %d", doc_title, page, npages);
	if (d->sheet.player)
		snprintf(about, asize, "page %d of %d, players' map", page, npages);
	else
		snprintf(about, asize, "page %d of %d, seed %s", page, npages, d->seed ? d->seed : "unknown");
}

/* Writes the files: one for PDF, one per page otherwise. All are written to
 * temporary files first and placed only when every one is complete, as one
 * set (see fileset.h). */
static int write_files(const struct doc *d, const struct scene *sc, int skip, const char *path, enum cairo_format fmt,
		       struct err *e)
{
	int nfiles = fmt == CAIRO_OUT_PDF ? 1 : sc->npages - skip;
	if (nfiles > 1 && strcmp(path, "-") == 0)
		return err_usage(e, "-o -: the sheet has %d pages, which need a file each in this format; "
				 "name a file, or use PDF", nfiles);
	struct atomic_file *af = calloc((size_t)nfiles, sizeof *af);
	if (!af)
		return err_set(e, "out of memory");
	int dpi = d->sheet.dpi > 0 ? d->sheet.dpi : RENDER_DPI_DEFAULT;
	/* the PDF's title is the one printed: the sheet's, or the cover's */
	char doc_title[256];
	if (d->nlevels > 1)
		layout_cover_title(d, doc_title, sizeof doc_title);
	else
		layout_sheet_title(d, &d->levels[0].map, d->sheet.player, doc_title, sizeof doc_title);
	/* in memory, the pages asked for only (the preview: the map page) */
	int nwrite = d->memory && d->memory->max_files > 0 && d->memory->max_files < nfiles ? d->memory->max_files
											     : nfiles;
	int opened = 0, rc = 0;
	size_t written = 0;
	for (int i = 0; i < nwrite && rc == 0; i++) {
		/* in memory, the pages so far within the cap on the answer */
		if (i > 0 && d->memory) {
			if (fflush(af[i - 1].f) != 0) {
				rc = err_set(e, "out of memory for %s", af[i - 1].path);
				break;
			}
			written += af[i - 1].len;
			if ((rc = memfiles_room(d->memory, written, e)) < 0)
				break;
		}
		char name[4096], title[600], about[600];
		struct page_meta meta = { title, about };
		render_page_path(path, i + 1, name, sizeof name);
		if (fmt == CAIRO_OUT_PDF)
			meta = (struct page_meta){ doc_title, NULL };
		else
			page_about(d, doc_title, skip + i + 1, sc->npages, title, sizeof title, about, sizeof about);
		if (atomic_open_in(&af[i], name, d->memory, e) < 0) {
			rc = -1;
			break;
		}
		opened++;
		if (fmt == CAIRO_OUT_PDF)
			rc = report_step(d->report, e, "drawing %d page%s...", sc->npages, sc->npages == 1 ? "" : "s");
		else
			rc = report_step(d->report, e, "drawing page %d of %d...", i + 1, nfiles);
		if (rc == 0)
			rc = cairo_backend_write(sc, fmt == CAIRO_OUT_PDF ? 0 : skip + i, fmt == CAIRO_OUT_PDF ? sc->npages : 1, fmt,
					 dpi, &meta, af[i].f, e);
	}
	/* all complete: place them as one set; after a failure, drop them all */
	if (fmt == CAIRO_OUT_PDF)
		rc = atomic_finish_all(af, opened, rc, e);
	else
		rc = fileset_finish(af, opened, 0, path, rc, e);
	free(af);
	return rc;
}

int render_write(const struct doc *d, const char *path, const char *format, struct err *e)
{
	enum cairo_format fmt;
	int cover = 0;
	if (strcmp(format, "pdf") == 0)
		fmt = CAIRO_OUT_PDF;
	else if (strcmp(format, "pdf-cairo") == 0)
		fmt = CAIRO_OUT_PDF, cover = d->nlevels > 1;
	else if (strcmp(format, "svg") == 0)
		fmt = CAIRO_OUT_SVG;
	else if (strcmp(format, "png") == 0)
		fmt = CAIRO_OUT_PNG;
	else
		return err_usage(e, "unknown sheet format '%s' (expected pdf, svg or png; or pdf-cairo)", format);
	if (d->nlevels < 1)
		return err_set(e, "nothing to print: no levels");
	/* the preview of a booklet: its pages as the booklet numbers them,
	 * from the first after the cover */
	int skip = 0;
	if (fmt != CAIRO_OUT_PDF && d->memory && d->memory->booklet_preview && d->nlevels > 1)
		cover = skip = 1;
	struct measure ms;
	if (measure_init(&ms, e) < 0)
		return -1;
	struct style st;
	struct scene sc;
	scene_init(&sc);
	int rc = render_load_style(&st, d->sheet.style, d->template_dirs, &ms, e);
	if (rc == 0)
		rc = render_lay_out(d, &st, &ms, cover, &sc, e);
	if (rc == 0)
		rc = write_files(d, &sc, skip, path, fmt, e);
	scene_free(&sc);
	measure_free(&ms);
	return rc;
}

int render_list_styles(const char *const *template_dirs, char *out, size_t size)
{
	char names[2000];
	int n = paths_list(template_dirs, "styles", "style", names, sizeof names);
	size_t used = 0;
	if (size)
		out[0] = '\0';
	char *save = NULL;
	for (char *name = strtok_r(names, ", ", &save); name; name = strtok_r(NULL, ", ", &save)) {
		struct style st;
		struct err e;
		const char *desc = style_load(&st, name, template_dirs, &e) == 0 ? st.description : e.msg;
		int w = snprintf(out + used, size > used ? size - used : 0, "%-12s %s\n", name, desc);
		if (w > 0 && used + (size_t)w < size)
			used += (size_t)w;
	}
	return n;
}

/* The threads of this process other than the calling one, or -1 when
 * they cannot be counted. */
static int other_threads(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return -1;
	int n = -1;
	for (struct dirent *de = readdir(d); de; de = readdir(d))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

void render_release_fonts(void)
{
	/* Pango matches and sorts fonts in threads it does not wait for; the
	 * font map goes only when they have ended (at most a second), or what
	 * they hold would be lost with them */
	for (int i = 0; i < 1000 && other_threads() > 0; i++)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	pango_cairo_font_map_set_default(NULL);
}

void render_start_fonts(void)
{
	pango_cairo_font_map_get_default();
}
