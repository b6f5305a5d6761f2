/* haru_backend.c: scenes to one PDF through libharu (see haru_backend.h).
 * Scene coordinates have y downwards from the page's top; PDF's go up from
 * its foot, so every y becomes h - y. libharu reports errors through a
 * handler: ours records the first one in the writer's state, and every step
 * checks it (and every returned object) before going on. Page labels that
 * are a bare prefix ("1-map") need libharu's dictionary calls, which its
 * public API wraps only with a numbering style. Fonts are in haru_font.c,
 * the pen in haru_pen.c, text runs in haru_text.c, the status check in
 * haru_int.c. */
#include "haru/haru_backend.h"

#include "haru/haru_font.h"
#include "haru/haru_int.h"
#include "haru/haru_pen.h"
#include "haru/haru_text.h"
#include "text/measure.h"
#include "base/report.h"

#include <hpdf.h>
#include <hpdf_catalog.h>
#include <hpdf_doc.h>
#include <hpdf_objects.h>
#include <hpdf_page_label.h>
#include <hpdf_streams.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- drawing ------------------------------------------------------------ */

/* Sets the constant alpha for what follows (inside a GSave); 1: nothing. */
static int set_alpha(struct haru *h, HPDF_Page pg, double a)
{
	if (a >= 1)
		return 0;
	a = round(a * 255) / 255;
	HPDF_ExtGState gs = NULL;
	for (int i = 0; i < h->nalphas && !gs; i++)
		if (h->alphas[i].a == a)
			gs = h->alphas[i].gs;
	if (!gs) {
		if (h->nalphas == HARU_MAX_ALPHAS)
			return err_set(h->e, "more than %d kinds of transparency on the pages", HARU_MAX_ALPHAS);
		gs = HPDF_CreateExtGState(h->pdf);
		if (!gs)
			return haru_check(h, 1, "making a transparency state");
		HPDF_ExtGState_SetAlphaFill(gs, (HPDF_REAL)a);
		HPDF_ExtGState_SetAlphaStroke(gs, (HPDF_REAL)a);
		h->alphas[h->nalphas++] = (struct haru_alpha){ a, gs };
	}
	HPDF_Page_SetExtGState(pg, gs);
	return haru_check(h, 0, "setting transparency");
}

/* Adds the item's path, every coordinate multiplied by k (y flipped). */
static void build_path(HPDF_Page pg, const struct scene_page *p, const struct scene_item *it, double k)
{
	int started = 0;
	for (size_t i = it->op_start; i < it->op_start + it->nops; i++) {
		const struct scene_op *op = &p->ops[i];
		double x0 = op->x[0] * k, y0 = (p->h - op->y[0]) * k;
		switch (op->kind) {
		case SCENE_MOVE:
			HPDF_Page_MoveTo(pg, (HPDF_REAL)x0, (HPDF_REAL)y0);
			started = 1;
			break;
		case SCENE_LINE:
			/* like Cairo, a line with no current point starts the path */
			if (started)
				HPDF_Page_LineTo(pg, (HPDF_REAL)x0, (HPDF_REAL)y0);
			else
				HPDF_Page_MoveTo(pg, (HPDF_REAL)x0, (HPDF_REAL)y0);
			started = 1;
			break;
		case SCENE_CURVE:
			if (!started)
				HPDF_Page_MoveTo(pg, (HPDF_REAL)x0, (HPDF_REAL)y0);
			HPDF_Page_CurveTo(pg, (HPDF_REAL)x0, (HPDF_REAL)y0, (HPDF_REAL)(op->x[1] * k),
					  (HPDF_REAL)((p->h - op->y[1]) * k), (HPDF_REAL)(op->x[2] * k),
					  (HPDF_REAL)((p->h - op->y[2]) * k));
			started = 1;
			break;
		case SCENE_CLOSE:
			if (started)
				HPDF_Page_ClosePath(pg);
			break;
		}
	}
}

/* True when the item's path draws something (a MOVE alone does not). */
static int has_path(const struct scene_page *p, const struct scene_item *it)
{
	for (size_t i = it->op_start; i < it->op_start + it->nops; i++)
		if (p->ops[i].kind == SCENE_LINE || p->ops[i].kind == SCENE_CURVE)
			return 1;
	return 0;
}

static void set_pen(struct haru *h, HPDF_Page pg, const struct scene_item *it, double width)
{
	haru_line_style(h, pg, width,
			it->cap == SCENE_CAP_ROUND ? HPDF_ROUND_END
			: it->cap == SCENE_CAP_SQUARE ? HPDF_PROJECTING_SCUARE_END : HPDF_BUTT_END,
			it->join == SCENE_JOIN_ROUND ? HPDF_ROUND_JOIN
			: it->join == SCENE_JOIN_BEVEL ? HPDF_BEVEL_JOIN : HPDF_MITER_JOIN);
}

/* A stroke. libharu takes dash lengths as whole numbers up to 100, so a
 * dashed stroke is drawn in a space scaled by k, where the dash and the pen
 * are whole numbers within range (to 0.5% of the longest dash). */
static void draw_stroke(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	haru_stroke_colour(h, pg, &it->colour);
	if (it->dash[0] > 0 && it->dash[1] > 0) {
		double big = fmax(fmax(it->dash[0], it->dash[1]), it->width);
		double k = HPDF_MAX_DASH_PATTERN / big;
		HPDF_UINT16 dash[2];
		for (int i = 0; i < 2; i++) {
			double v = round(it->dash[i] * k);
			dash[i] = (HPDF_UINT16)(v < 1 ? 1 : (v > HPDF_MAX_DASH_PATTERN ? HPDF_MAX_DASH_PATTERN : v));
		}
		struct haru_pen saved = h->pen;
		HPDF_Page_GSave(pg);
		HPDF_Page_Concat(pg, (HPDF_REAL)(1 / k), 0, 0, (HPDF_REAL)(1 / k), 0, 0);
		set_pen(h, pg, it, it->width * k);
		HPDF_Page_SetDash(pg, dash, 2, 0);
		build_path(pg, p, it, k);
		HPDF_Page_Stroke(pg);
		HPDF_Page_GRestore(pg);
		h->pen = saved;
		return;
	}
	set_pen(h, pg, it, it->width);
	build_path(pg, p, it, 1);
	HPDF_Page_Stroke(pg);
}

static void hatch_line(void *arg, double x0, double y0, double x1, double y1)
{
	void **a = arg;
	HPDF_Page pg = a[0];
	const struct scene_page *p = a[1];
	HPDF_Page_MoveTo(pg, (HPDF_REAL)x0, (HPDF_REAL)(p->h - y0));
	HPDF_Page_LineTo(pg, (HPDF_REAL)x1, (HPDF_REAL)(p->h - y1));
}

static void draw_hatch(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	struct haru_pen saved = h->pen;
	HPDF_Page_GSave(pg);
	build_path(pg, p, it, 1);
	HPDF_Page_Clip(pg);
	HPDF_Page_EndPath(pg);
	haru_stroke_colour(h, pg, &it->colour);
	haru_line_style(h, pg, it->width, HPDF_BUTT_END, h->pen.line_set ? (HPDF_LineJoin)h->pen.join : HPDF_MITER_JOIN);
	void *arg[2] = { pg, (void *)p };
	if (scene_hatch_lines(p, it, hatch_line, arg) > 0)
		HPDF_Page_Stroke(pg);
	HPDF_Page_GRestore(pg);
	h->pen = saved;
}

static int draw_item(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	if (it->kind == SCENE_CLIP) {
		h->clip_pen = h->pen;
		HPDF_Page_GSave(pg);
		build_path(pg, p, it, 1);
		HPDF_Page_Clip(pg);
		HPDF_Page_EndPath(pg);
		return haru_check(h, 0, "drawing a page");
	}
	if (it->kind == SCENE_UNCLIP) {
		HPDF_Page_GRestore(pg);
		h->pen = h->clip_pen;
		return haru_check(h, 0, "drawing a page");
	}
	if (it->kind == SCENE_ANCHOR || it->kind == SCENE_LINK || it->colour.a <= 0)
		return 0;
	if (it->kind != SCENE_TEXT && !has_path(p, it))
		return 0;
	int alpha = it->colour.a < 1;
	struct haru_pen saved = h->pen;
	if (alpha) {
		HPDF_Page_GSave(pg);
		if (set_alpha(h, pg, it->colour.a) < 0)
			return -1;
	}
	int rc = 0;
	switch (it->kind) {
	case SCENE_FILL:
		haru_fill_colour(h, pg, &it->colour);
		build_path(pg, p, it, 1);
		HPDF_Page_Fill(pg);
		break;
	case SCENE_STROKE:
		draw_stroke(h, pg, p, it);
		break;
	case SCENE_HATCH:
		draw_hatch(h, pg, p, it);
		break;
	case SCENE_TEXT:
		rc = haru_draw_text(h, pg, p, it);
		break;
	default:
		break;
	}
	if (alpha) {
		HPDF_Page_GRestore(pg);
		h->pen = saved;
	}
	return rc < 0 ? -1 : haru_check(h, 0, "drawing a page");
}

/* ---- anchors, links, outline, labels ------------------------------------ */

static int cmp_anchor(const void *a, const void *b)
{
	const struct haru_anchor *p = a, *q = b;
	int c = strcmp(p->name, q->name);
	if (c)
		return c;
	return p->page != q->page ? (p->page < q->page ? -1 : 1) : 0;
}

static int collect_anchors(struct haru *h)
{
	const struct scene *sc = h->sc;
	size_t n = 0;
	for (int i = 0; i < sc->npages; i++)
		for (size_t k = 0; k < sc->pages[i].nitems; k++)
			n += sc->pages[i].items[k].kind == SCENE_ANCHOR;
	h->anchors = malloc((n ? n : 1) * sizeof *h->anchors);
	if (!h->anchors)
		return err_set(h->e, "out of memory for the booklet's links");
	for (int i = 0; i < sc->npages; i++)
		for (size_t k = 0; k < sc->pages[i].nitems; k++) {
			const struct scene_item *it = &sc->pages[i].items[k];
			if (it->kind == SCENE_ANCHOR)
				h->anchors[h->nanchors++] = (struct haru_anchor){ it->text, i, it->x, it->y, NULL };
		}
	qsort(h->anchors, h->nanchors, sizeof *h->anchors, cmp_anchor);
	return 0;
}

static struct haru_anchor *find_anchor(const struct haru *h, const char *name)
{
	size_t lo = 0, hi = h->nanchors;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(h->anchors[mid].name, name);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < h->nanchors && strcmp(h->anchors[lo].name, name) == 0 ? &h->anchors[lo] : NULL;
}

/* A destination showing page `page`: a map or the cover whole, a key page
 * at its width from just above y (scene coordinates). Each is made once:
 * the whole page's in h->fits, an anchor's in *slot. */
static HPDF_Destination destination(struct haru *h, int page, double y, HPDF_Destination *slot)
{
	const struct scene_page *p = &h->sc->pages[page];
	int whole = !(p->kind == PAGE_KEY && y > 0);
	if (whole || !slot)
		slot = &h->fits[page];
	if (*slot)
		return *slot;
	HPDF_Destination dst = HPDF_Page_CreateDestination(h->pages[page]);
	if (!dst)
		return NULL;
	if (whole)
		HPDF_Destination_SetFit(dst);
	else
		HPDF_Destination_SetFitH(dst, (HPDF_REAL)fmin(p->h, p->h - y + 6));
	if (h->error_no)
		return NULL;
	*slot = dst;
	return dst;
}

static int add_links(struct haru *h, int page)
{
	const struct scene_page *p = &h->sc->pages[page];
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_LINK)
			continue;
		struct haru_anchor *a = find_anchor(h, it->text);
		if (!a)
			continue;   /* a target not in this booklet (a level left out) */
		HPDF_Destination dst = destination(h, a->page, a->y, &a->dst);
		HPDF_Rect r = { (HPDF_REAL)it->x, (HPDF_REAL)(p->h - it->y - it->h), (HPDF_REAL)(it->x + it->w),
				(HPDF_REAL)(p->h - it->y) };
		HPDF_Annotation an = dst ? HPDF_Page_CreateLinkAnnot(h->pages[page], r, dst) : NULL;
		if (!an)
			return haru_check(h, 1, "adding a link");
		HPDF_LinkAnnot_SetBorderStyle(an, 0, 0, 0);
		HPDF_LinkAnnot_SetHighlightMode(an, HPDF_ANNOT_INVERT_BOX);
		if (haru_check(h, 0, "adding a link") < 0)
			return -1;
	}
	return 0;
}

static int add_outline(struct haru *h, const struct haru_bookmark *bm, int nbm)
{
	HPDF_Encoder utf8 = HPDF_GetEncoder(h->pdf, "UTF-8");
	if (!utf8)
		return haru_check(h, 1, "getting the UTF-8 encoder");
	HPDF_Outline parent = NULL;
	int skip_children = 0;
	for (int i = 0; i < nbm; i++) {
		int page = bm[i].page;
		double y = 0;
		HPDF_Destination *slot = NULL;
		if (bm[i].depth > 0 && skip_children)
			continue;
		if (bm[i].anchor[0]) {
			/* a room whose number found no place has nothing to open */
			struct haru_anchor *a = find_anchor(h, bm[i].anchor);
			if (!a) {
				skip_children = bm[i].depth == 0;
				continue;
			}
			page = a->page;
			y = a->y;
			slot = &a->dst;
		}
		if (bm[i].depth == 0)
			skip_children = 0;
		if (page < 0 || page >= h->sc->npages)
			return err_set(h->e, "internal error: bookmark '%s' opens page %d of %d", bm[i].title, page + 1,
				       h->sc->npages);
		HPDF_Outline ol = HPDF_CreateOutline(h->pdf, bm[i].depth > 0 ? parent : NULL, bm[i].title, utf8);
		HPDF_Destination dst = ol ? destination(h, page, y, slot) : NULL;
		if (!dst)
			return haru_check(h, 1, "adding a bookmark");
		HPDF_Outline_SetDestination(ol, dst);
		HPDF_Outline_SetOpened(ol, HPDF_FALSE);
		if (bm[i].depth == 0)
			parent = ol;
		if (haru_check(h, 0, "adding a bookmark") < 0)
			return -1;
	}
	return 0;
}

/* A label that is the page's name alone: libharu's page label with its
 * numbering style taken out again. */
static int add_label(struct haru *h, int page, const char *label)
{
	HPDF_Dict d = HPDF_PageLabel_New(h->pdf, HPDF_PAGE_NUM_STYLE_DECIMAL, 1, label);
	if (!d)
		return haru_check(h, 1, "making a page label");
	if (HPDF_Dict_RemoveElement(d, "S") != HPDF_OK || HPDF_Dict_RemoveElement(d, "St") != HPDF_OK ||
	    HPDF_Catalog_AddPageLabel(h->pdf->catalog, (HPDF_UINT)page, d) != HPDF_OK)
		return haru_check(h, 1, "adding a page label");
	return haru_check(h, 0, "adding a page label");
}

static int set_info(struct haru *h, const struct haru_info *info)
{
	HPDF_SetInfoAttr(h->pdf, HPDF_INFO_TITLE, info->title ? info->title : "map");
	if (info->subject)
		HPDF_SetInfoAttr(h->pdf, HPDF_INFO_SUBJECT, info->subject);
	HPDF_SetInfoAttr(h->pdf, HPDF_INFO_CREATOR, info->creator ? info->creator : "mapsheet");
	if (info->epoch < 0)
		return haru_check(h, 0, "setting the document info");
	time_t t = (time_t)info->epoch;
	struct tm tm;
	if (!gmtime_r(&t, &tm))
		return err_set(h->e, "cannot express the date %lld", info->epoch);
	HPDF_Date date = { tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, 'Z', 0, 0 };
	HPDF_SetInfoDateAttr(h->pdf, HPDF_INFO_CREATION_DATE, date);
	HPDF_SetInfoDateAttr(h->pdf, HPDF_INFO_MOD_DATE, date);
	return haru_check(h, 0, "setting the document info");
}

/* Saves the document into libharu's memory stream and copies it to out. */
static int save(struct haru *h, FILE *out)
{
	if (HPDF_SaveToStream(h->pdf) != HPDF_OK || haru_check(h, 0, "writing the booklet") < 0)
		return haru_check(h, 1, "writing the booklet");
	HPDF_UINT32 size = HPDF_GetStreamSize(h->pdf), done = 0;
	if (HPDF_ResetStream(h->pdf) != HPDF_OK)
		return haru_check(h, 1, "reading the booklet back");
	unsigned char buf[65536];
	while (done < size) {
		HPDF_UINT32 n = size - done < sizeof buf ? size - done : (HPDF_UINT32)sizeof buf;
		HPDF_STATUS st = HPDF_ReadFromStream(h->pdf, buf, &n);
		/* the stream says EOF on its last bytes; any other status is an error */
		if ((st != HPDF_OK && st != HPDF_STREAM_EOF) || n == 0)
			return haru_check(h, 1, "reading the booklet back");
		if (fwrite(buf, 1, n, out) != n)
			return err_set(h->e, "cannot write the booklet");
		done += n;
	}
	if (h->error_no == HPDF_STREAM_EOF)
		h->error_no = 0;
	return haru_check(h, 0, "reading the booklet back");
}

int haru_backend_write(const struct scene *sc, const struct haru_bookmark *bm, int nbm, const struct haru_info *info,
		       struct measure *ms, struct report *rep, FILE *out, struct err *e)
{
	if (sc->npages < 1)
		return err_set(e, "internal error: a booklet without pages");
	struct haru h;
	memset(&h, 0, sizeof h);
	h.sc = sc;
	h.ms = ms;
	h.e = e;
	h.pdf = HPDF_New(haru_on_error, &h);
	h.pages = calloc((size_t)sc->npages, sizeof *h.pages);
	h.fits = calloc((size_t)sc->npages, sizeof *h.fits);
	int rc = -1;
	if (!h.pdf || !h.pages || !h.fits) {
		err_set(e, "out of memory for the booklet");
		goto out;
	}
	HPDF_SetCompressionMode(h.pdf, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(h.pdf);
	HPDF_SetCurrentEncoder(h.pdf, "UTF-8");
	HPDF_SetPageMode(h.pdf, HPDF_PAGE_MODE_USE_OUTLINE);
	if (haru_check(&h, 0, "starting the booklet") < 0 || collect_anchors(&h) < 0)
		goto out;
	for (int i = 0; i < sc->npages; i++) {
		const struct scene_page *p = &sc->pages[i];
		if (report_step(rep, e, "drawing page %d of %d...", i + 1, sc->npages) < 0)
			goto out;
		HPDF_Page pg = h.pages[i] = HPDF_AddPage(h.pdf);
		if (!pg) {
			haru_check(&h, 1, "adding a page");
			goto out;
		}
		memset(&h.pen, 0, sizeof h.pen);     /* a page starts from the default state */
		HPDF_Page_SetWidth(pg, (HPDF_REAL)p->w);
		HPDF_Page_SetHeight(pg, (HPDF_REAL)p->h);
		if (haru_check(&h, 0, "sizing a page") < 0)
			goto out;
		for (size_t k = 0; k < p->nitems; k++)
			if (draw_item(&h, pg, p, &p->items[k]) < 0)
				goto out;
		if (p->label[0] && add_label(&h, i, p->label) < 0)
			goto out;
	}
	for (int i = 0; i < sc->npages; i++)
		if (add_links(&h, i) < 0)
			goto out;
	if (add_outline(&h, bm, nbm) < 0 || set_info(&h, info) < 0 || haru_fonts_finish(&h) < 0 ||
	    save(&h, out) < 0)
		goto out;
	rc = 0;
out:
	if (h.pdf)
		HPDF_Free(h.pdf);
	haru_fonts_free(&h);
	free(h.pages);
	free(h.fits);
	free(h.anchors);
	return rc;
}
