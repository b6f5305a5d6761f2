/* haru_backend.c: scenes to one PDF through libharu (see haru_backend.h).
 * Scene coordinates have y downwards from the page's top; PDF's go up from
 * its foot, so every y becomes h - y. libharu reports errors through a
 * handler: ours records the first one in the writer's state, and every step
 * checks it (and every returned object) before going on. Page labels that
 * are a bare prefix ("1-map") need libharu's dictionary calls, which its
 * public API wraps only with a numbering style. */
#include "haru_backend.h"

#include "measure.h"

#include <fontconfig/fontconfig.h>
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

#define HARU_MAX_FONTS 32
#define HARU_MAX_ALPHAS 32

struct haru_font {
	char family[64];
	int bold, italic;
	HPDF_Font font;
};

struct haru_alpha {
	double a;
	HPDF_ExtGState gs;
};

/* A named destination: the anchor's page and point. */
struct haru_anchor {
	const char *name;
	int page;
	double x, y;
};

struct haru {
	HPDF_Doc pdf;
	HPDF_STATUS error_no, detail_no;    /* the first error libharu reported */
	const struct scene *sc;
	HPDF_Page *pages;
	struct haru_font fonts[HARU_MAX_FONTS];
	int nfonts;
	struct haru_alpha alphas[HARU_MAX_ALPHAS];
	int nalphas;
	struct haru_anchor *anchors;
	size_t nanchors;
	struct measure *ms;
	struct err *e;
};

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
	struct haru *h = user;
	if (h->error_no == 0) {
		h->error_no = error_no;
		h->detail_no = detail_no;
	}
}

/* Returns -1 with e set when libharu has reported an error (or `bad`). */
static int check(struct haru *h, int bad, const char *what)
{
	if (h->error_no == 0 && !bad)
		return 0;
	return err_set(h->e, "libharu failed while %s (error 0x%04X, detail %u)", what, (unsigned)h->error_no,
		       (unsigned)h->detail_no);
}

static double clamp01(double v)
{
	return v < 0 ? 0 : (v > 1 ? 1 : v);
}

/* ---- fonts -------------------------------------------------------------- */

/* The font file fontconfig gives for family at that weight and slant. */
static int font_file(const char *family, int bold, int italic, char *path, size_t size, int *index, struct err *e)
{
	FcPattern *pat = FcPatternCreate();
	if (!pat)
		return err_set(e, "out of memory looking up font '%s'", family);
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
	FcPatternAddInteger(pat, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
	FcPatternAddInteger(pat, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	FcResult res;
	FcPattern *match = FcFontMatch(NULL, pat, &res);
	FcPatternDestroy(pat);
	FcChar8 *file = NULL, *format = NULL;
	int rc = 0;
	if (!match || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch)
		rc = err_set(e, "fontconfig has no font for '%s'%s%s", family, bold ? " bold" : "", italic ? " italic" : "");
	else if (FcPatternGetString(match, FC_FONTFORMAT, 0, &format) == FcResultMatch &&
		 strcmp((const char *)format, "TrueType") != 0)
		rc = err_set(e, "font '%s' is %s (%s); the booklet embeds TrueType fonts only: choose a style whose "
			     "fonts are TrueType, or print with --format pdf-cairo", family, (const char *)format,
			     (const char *)file);
	else if (strlen((const char *)file) >= size)
		rc = err_set(e, "font file name too long: %s", (const char *)file);
	if (rc == 0) {
		snprintf(path, size, "%s", (const char *)file);
		if (FcPatternGetInteger(match, FC_INDEX, 0, index) != FcResultMatch)
			*index = 0;
	}
	if (match)
		FcPatternDestroy(match);
	return rc;
}

/* libharu 2.3.0 gives a UTF-8 font a ToUnicode map written as a CID range,
 * which readers reject ("Invalid 'begincidrange' operator in ToUnicode
 * CMap"), so copying and searching text may fail. Its codes are the
 * characters' own Unicode values, so the right map is the identity over
 * the Basic Multilingual Plane: this rewrites the stream to say that. */
static int fix_to_unicode(struct haru *h, HPDF_Font font)
{
	HPDF_Dict tu = HPDF_Dict_GetItem((HPDF_Dict)font, "ToUnicode", HPDF_OCLASS_DICT);
	if (!tu || !tu->stream) {
		/* no map to mend: the lookup's miss is no error (libharu would
		 * refuse every later call while it stands) */
		HPDF_ResetError(h->pdf);
		h->error_no = 0;
		return 0;
	}
	HPDF_MemStream_FreeData(tu->stream);
	HPDF_STATUS st = HPDF_Stream_WriteStr(tu->stream,
		"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
	int n = 0;
	char line[64];
	for (int hi = 0; hi < 256 && st == HPDF_OK; hi++) {
		if (hi >= 0xD8 && hi <= 0xDF)
			continue;   /* surrogates are no characters */
		if (n % 100 == 0) {
			int left = 248 - n;
			snprintf(line, sizeof line, "%d beginbfrange\n", left < 100 ? left : 100);
			st = HPDF_Stream_WriteStr(tu->stream, line);
		}
		snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", hi, hi, hi);
		if (st == HPDF_OK)
			st = HPDF_Stream_WriteStr(tu->stream, line);
		if (++n % 100 == 0 || n == 248)
			st = st == HPDF_OK ? HPDF_Stream_WriteStr(tu->stream, "endbfrange\n") : st;
	}
	if (st == HPDF_OK)
		st = HPDF_Stream_WriteStr(tu->stream,
					  "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
	return check(h, st != HPDF_OK, "writing a font's ToUnicode map");
}

static HPDF_Font get_font(struct haru *h, const char *family, int bold, int italic)
{
	for (int i = 0; i < h->nfonts; i++)
		if (h->fonts[i].bold == bold && h->fonts[i].italic == italic && strcmp(h->fonts[i].family, family) == 0)
			return h->fonts[i].font;
	if (h->nfonts == HARU_MAX_FONTS) {
		err_set(h->e, "more than %d fonts on the pages", HARU_MAX_FONTS);
		return NULL;
	}
	char path[4096];
	int index = 0;
	if (font_file(family, bold, italic, path, sizeof path, &index, h->e) < 0)
		return NULL;
	size_t len = strlen(path);
	int collection = len > 4 && (strcmp(path + len - 4, ".ttc") == 0 || strcmp(path + len - 4, ".TTC") == 0);
	const char *name = collection ? HPDF_LoadTTFontFromFile2(h->pdf, path, (HPDF_UINT)index, HPDF_TRUE)
				      : HPDF_LoadTTFontFromFile(h->pdf, path, HPDF_TRUE);
	HPDF_Font font = name ? HPDF_GetFont(h->pdf, name, "UTF-8") : NULL;
	if (!font || h->error_no) {
		err_set(h->e, "cannot embed font %s (for '%s'): libharu error 0x%04X", path, family, (unsigned)h->error_no);
		return NULL;
	}
	if (fix_to_unicode(h, font) < 0)
		return NULL;
	struct haru_font *f = &h->fonts[h->nfonts++];
	snprintf(f->family, sizeof f->family, "%s", family);
	f->bold = bold;
	f->italic = italic;
	f->font = font;
	return font;
}

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
			return check(h, 1, "making a transparency state");
		HPDF_ExtGState_SetAlphaFill(gs, (HPDF_REAL)a);
		HPDF_ExtGState_SetAlphaStroke(gs, (HPDF_REAL)a);
		h->alphas[h->nalphas++] = (struct haru_alpha){ a, gs };
	}
	HPDF_Page_SetExtGState(pg, gs);
	return check(h, 0, "setting transparency");
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

static void set_pen(HPDF_Page pg, const struct scene_item *it, double width)
{
	HPDF_Page_SetLineWidth(pg, (HPDF_REAL)fmin(width, HPDF_MAX_LINEWIDTH));
	HPDF_Page_SetLineCap(pg, it->cap == SCENE_CAP_ROUND ? HPDF_ROUND_END
			     : it->cap == SCENE_CAP_SQUARE ? HPDF_PROJECTING_SCUARE_END : HPDF_BUTT_END);
	HPDF_Page_SetLineJoin(pg, it->join == SCENE_JOIN_ROUND ? HPDF_ROUND_JOIN
			      : it->join == SCENE_JOIN_BEVEL ? HPDF_BEVEL_JOIN : HPDF_MITER_JOIN);
}

/* A stroke. libharu takes dash lengths as whole numbers up to 100, so a
 * dashed stroke is drawn in a space scaled by k, where the dash and the pen
 * are whole numbers within range (to 0.5% of the longest dash). */
static void draw_stroke(HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	HPDF_Page_SetRGBStroke(pg, (HPDF_REAL)clamp01(it->colour.r), (HPDF_REAL)clamp01(it->colour.g),
			       (HPDF_REAL)clamp01(it->colour.b));
	if (it->dash[0] > 0 && it->dash[1] > 0) {
		double big = fmax(fmax(it->dash[0], it->dash[1]), it->width);
		double k = HPDF_MAX_DASH_PATTERN / big;
		HPDF_UINT16 dash[2];
		for (int i = 0; i < 2; i++) {
			double v = round(it->dash[i] * k);
			dash[i] = (HPDF_UINT16)(v < 1 ? 1 : (v > HPDF_MAX_DASH_PATTERN ? HPDF_MAX_DASH_PATTERN : v));
		}
		HPDF_Page_GSave(pg);
		HPDF_Page_Concat(pg, (HPDF_REAL)(1 / k), 0, 0, (HPDF_REAL)(1 / k), 0, 0);
		set_pen(pg, it, it->width * k);
		HPDF_Page_SetDash(pg, dash, 2, 0);
		build_path(pg, p, it, k);
		HPDF_Page_Stroke(pg);
		HPDF_Page_GRestore(pg);
		return;
	}
	set_pen(pg, it, it->width);
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

static void draw_hatch(HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	HPDF_Page_GSave(pg);
	build_path(pg, p, it, 1);
	HPDF_Page_Clip(pg);
	HPDF_Page_EndPath(pg);
	HPDF_Page_SetRGBStroke(pg, (HPDF_REAL)clamp01(it->colour.r), (HPDF_REAL)clamp01(it->colour.g),
			       (HPDF_REAL)clamp01(it->colour.b));
	HPDF_Page_SetLineWidth(pg, (HPDF_REAL)fmin(it->width, HPDF_MAX_LINEWIDTH));
	HPDF_Page_SetLineCap(pg, HPDF_BUTT_END);
	void *arg[2] = { pg, (void *)p };
	if (scene_hatch_lines(p, it, hatch_line, arg) > 0)
		HPDF_Page_Stroke(pg);
	HPDF_Page_GRestore(pg);
}

/* Shows text[from..to) with its baseline's left end at (x, y) (PDF space). */
static void show_part(HPDF_Page pg, const char *text, size_t from, size_t to, double x, double y, char *buf)
{
	memcpy(buf, text + from, to - from);
	buf[to - from] = '\0';
	HPDF_Page_BeginText(pg);
	HPDF_Page_MoveTextPos(pg, (HPDF_REAL)x, (HPDF_REAL)y);
	HPDF_Page_ShowText(pg, buf);
	HPDF_Page_EndText(pg);
}

/* A text run, its baseline's left end at (x, y). libharu does not kern, so
 * the run is shown in parts: a new part starts wherever Pango (and so the
 * Cairo backend) places a character more than 0.01 pt from where libharu's
 * plain advances would put it. */
static int draw_text(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	size_t len = strlen(it->text);
	if (len == 0)
		return 0;
	HPDF_Font font = get_font(h, it->family, it->bold, it->italic);
	if (!font)
		return -1;
	size_t *starts = malloc((len + 1) * sizeof *starts);
	double *xs = malloc((len + 1) * sizeof *xs);
	char *buf = malloc(len + 1);
	int n = starts && xs && buf
			? measure_item_clusters(h->ms, it, starts, xs, (int)len)
			: -1;
	if (n < 1) {
		free(starts);
		free(xs);
		free(buf);
		return err_set(h->e, "cannot place the glyphs of '%s'", it->text);
	}
	starts[n] = len;
	/* the colour and font outlive BT/ET in the graphics state */
	HPDF_Page_SetRGBFill(pg, (HPDF_REAL)clamp01(it->colour.r), (HPDF_REAL)clamp01(it->colour.g),
			     (HPDF_REAL)clamp01(it->colour.b));
	HPDF_Page_BeginText(pg);
	HPDF_Page_SetFontAndSize(pg, font, (HPDF_REAL)it->size);
	HPDF_Page_EndText(pg);
	double y = p->h - it->y, part_x = it->x + xs[0], plain_x = part_x;
	size_t part = starts[0];
	for (int i = 0; i < n; i++) {
		if (i > 0 && fabs(it->x + xs[i] - plain_x) > 0.01) {
			show_part(pg, it->text, part, starts[i], part_x, y, buf);
			part = starts[i];
			part_x = plain_x = it->x + xs[i];
		}
		HPDF_TextWidth tw = HPDF_Font_TextWidth(font, (const HPDF_BYTE *)it->text + starts[i],
							(HPDF_UINT)(starts[i + 1] - starts[i]));
		plain_x += tw.width * it->size / 1000.0;
	}
	show_part(pg, it->text, part, len, part_x, y, buf);
	free(starts);
	free(xs);
	free(buf);
	return check(h, 0, "setting text");
}

static int draw_item(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	if (it->kind == SCENE_ANCHOR || it->kind == SCENE_LINK || it->colour.a <= 0)
		return 0;
	if (it->kind != SCENE_TEXT && !has_path(p, it))
		return 0;
	int alpha = it->colour.a < 1;
	if (alpha) {
		HPDF_Page_GSave(pg);
		if (set_alpha(h, pg, it->colour.a) < 0)
			return -1;
	}
	int rc = 0;
	switch (it->kind) {
	case SCENE_FILL:
		HPDF_Page_SetRGBFill(pg, (HPDF_REAL)clamp01(it->colour.r), (HPDF_REAL)clamp01(it->colour.g),
				     (HPDF_REAL)clamp01(it->colour.b));
		build_path(pg, p, it, 1);
		HPDF_Page_Fill(pg);
		break;
	case SCENE_STROKE:
		draw_stroke(pg, p, it);
		break;
	case SCENE_HATCH:
		draw_hatch(pg, p, it);
		break;
	case SCENE_TEXT:
		rc = draw_text(h, pg, p, it);
		break;
	default:
		break;
	}
	if (alpha)
		HPDF_Page_GRestore(pg);
	return rc < 0 ? -1 : check(h, 0, "drawing a page");
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
				h->anchors[h->nanchors++] = (struct haru_anchor){ it->text, i, it->x, it->y };
		}
	qsort(h->anchors, h->nanchors, sizeof *h->anchors, cmp_anchor);
	return 0;
}

static const struct haru_anchor *find_anchor(const struct haru *h, const char *name)
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
 * at its width from just above y (scene coordinates). */
static HPDF_Destination destination(struct haru *h, int page, double y)
{
	const struct scene_page *p = &h->sc->pages[page];
	HPDF_Destination dst = HPDF_Page_CreateDestination(h->pages[page]);
	if (!dst)
		return NULL;
	if (p->kind == PAGE_KEY && y > 0)
		HPDF_Destination_SetFitH(dst, (HPDF_REAL)fmin(p->h, p->h - y + 6));
	else
		HPDF_Destination_SetFit(dst);
	return h->error_no ? NULL : dst;
}

static int add_links(struct haru *h, int page)
{
	const struct scene_page *p = &h->sc->pages[page];
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_LINK)
			continue;
		const struct haru_anchor *a = find_anchor(h, it->text);
		if (!a)
			continue;   /* a target not in this booklet (a level left out) */
		HPDF_Destination dst = destination(h, a->page, a->y);
		HPDF_Rect r = { (HPDF_REAL)it->x, (HPDF_REAL)(p->h - it->y - it->h), (HPDF_REAL)(it->x + it->w),
				(HPDF_REAL)(p->h - it->y) };
		HPDF_Annotation an = dst ? HPDF_Page_CreateLinkAnnot(h->pages[page], r, dst) : NULL;
		if (!an)
			return check(h, 1, "adding a link");
		HPDF_LinkAnnot_SetBorderStyle(an, 0, 0, 0);
		HPDF_LinkAnnot_SetHighlightMode(an, HPDF_ANNOT_INVERT_BOX);
		if (check(h, 0, "adding a link") < 0)
			return -1;
	}
	return 0;
}

static int add_outline(struct haru *h, const struct haru_bookmark *bm, int nbm)
{
	HPDF_Encoder utf8 = HPDF_GetEncoder(h->pdf, "UTF-8");
	if (!utf8)
		return check(h, 1, "getting the UTF-8 encoder");
	HPDF_Outline parent = NULL;
	int skip_children = 0;
	for (int i = 0; i < nbm; i++) {
		int page = bm[i].page;
		double y = 0;
		if (bm[i].depth > 0 && skip_children)
			continue;
		if (bm[i].anchor[0]) {
			/* a room whose number found no place has nothing to open */
			const struct haru_anchor *a = find_anchor(h, bm[i].anchor);
			if (!a) {
				skip_children = bm[i].depth == 0;
				continue;
			}
			page = a->page;
			y = a->y;
		}
		if (bm[i].depth == 0)
			skip_children = 0;
		if (page < 0 || page >= h->sc->npages)
			return err_set(h->e, "internal error: bookmark '%s' opens page %d of %d", bm[i].title, page + 1,
				       h->sc->npages);
		HPDF_Outline ol = HPDF_CreateOutline(h->pdf, bm[i].depth > 0 ? parent : NULL, bm[i].title, utf8);
		HPDF_Destination dst = ol ? destination(h, page, y) : NULL;
		if (!dst)
			return check(h, 1, "adding a bookmark");
		HPDF_Outline_SetDestination(ol, dst);
		HPDF_Outline_SetOpened(ol, HPDF_FALSE);
		if (bm[i].depth == 0)
			parent = ol;
		if (check(h, 0, "adding a bookmark") < 0)
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
		return check(h, 1, "making a page label");
	if (HPDF_Dict_RemoveElement(d, "S") != HPDF_OK || HPDF_Dict_RemoveElement(d, "St") != HPDF_OK ||
	    HPDF_Catalog_AddPageLabel(h->pdf->catalog, (HPDF_UINT)page, d) != HPDF_OK)
		return check(h, 1, "adding a page label");
	return check(h, 0, "adding a page label");
}

static int set_info(struct haru *h, const struct haru_info *info)
{
	HPDF_SetInfoAttr(h->pdf, HPDF_INFO_TITLE, info->title ? info->title : "map");
	if (info->subject)
		HPDF_SetInfoAttr(h->pdf, HPDF_INFO_SUBJECT, info->subject);
	HPDF_SetInfoAttr(h->pdf, HPDF_INFO_CREATOR, info->creator ? info->creator : "mapsheet");
	time_t t = (time_t)info->epoch;
	struct tm tm;
	if (!gmtime_r(&t, &tm))
		return err_set(h->e, "cannot express the date %lld", info->epoch);
	HPDF_Date date = { tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, 'Z', 0, 0 };
	HPDF_SetInfoDateAttr(h->pdf, HPDF_INFO_CREATION_DATE, date);
	HPDF_SetInfoDateAttr(h->pdf, HPDF_INFO_MOD_DATE, date);
	return check(h, 0, "setting the document info");
}

/* Saves the document into libharu's memory stream and copies it to out. */
static int save(struct haru *h, FILE *out)
{
	if (HPDF_SaveToStream(h->pdf) != HPDF_OK || check(h, 0, "writing the booklet") < 0)
		return check(h, 1, "writing the booklet");
	HPDF_UINT32 size = HPDF_GetStreamSize(h->pdf), done = 0;
	if (HPDF_ResetStream(h->pdf) != HPDF_OK)
		return check(h, 1, "reading the booklet back");
	unsigned char buf[65536];
	while (done < size) {
		HPDF_UINT32 n = size - done < sizeof buf ? size - done : (HPDF_UINT32)sizeof buf;
		HPDF_STATUS st = HPDF_ReadFromStream(h->pdf, buf, &n);
		/* the stream says EOF on its last bytes; any other status is an error */
		if ((st != HPDF_OK && st != HPDF_STREAM_EOF) || n == 0)
			return check(h, 1, "reading the booklet back");
		if (fwrite(buf, 1, n, out) != n)
			return err_set(h->e, "cannot write the booklet");
		done += n;
	}
	if (h->error_no == HPDF_STREAM_EOF)
		h->error_no = 0;
	return check(h, 0, "reading the booklet back");
}

int haru_backend_write(const struct scene *sc, const struct haru_bookmark *bm, int nbm, const struct haru_info *info,
		       struct measure *ms, FILE *out, struct err *e)
{
	if (sc->npages < 1)
		return err_set(e, "internal error: a booklet without pages");
	struct haru h;
	memset(&h, 0, sizeof h);
	h.sc = sc;
	h.ms = ms;
	h.e = e;
	h.pdf = HPDF_New(on_error, &h);
	h.pages = calloc((size_t)sc->npages, sizeof *h.pages);
	int rc = -1;
	if (!h.pdf || !h.pages) {
		err_set(e, "out of memory for the booklet");
		goto out;
	}
	HPDF_SetCompressionMode(h.pdf, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(h.pdf);
	HPDF_SetCurrentEncoder(h.pdf, "UTF-8");
	HPDF_SetPageMode(h.pdf, HPDF_PAGE_MODE_USE_OUTLINE);
	if (check(&h, 0, "starting the booklet") < 0 || collect_anchors(&h) < 0)
		goto out;
	for (int i = 0; i < sc->npages; i++) {
		const struct scene_page *p = &sc->pages[i];
		HPDF_Page pg = h.pages[i] = HPDF_AddPage(h.pdf);
		if (!pg) {
			check(&h, 1, "adding a page");
			goto out;
		}
		HPDF_Page_SetWidth(pg, (HPDF_REAL)p->w);
		HPDF_Page_SetHeight(pg, (HPDF_REAL)p->h);
		if (check(&h, 0, "sizing a page") < 0)
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
	if (add_outline(&h, bm, nbm) < 0 || set_info(&h, info) < 0 || save(&h, out) < 0)
		goto out;
	rc = 0;
out:
	if (h.pdf)
		HPDF_Free(h.pdf);
	free(h.pages);
	free(h.anchors);
	return rc;
}
