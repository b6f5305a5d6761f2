/* bench_floor_haru.c: libharu's own floor for the booklet, for `make
 * bench`, the counterpart of bench_floor.c's Cairo floor. The pages of a
 * laid-out scene are first copied into plain arrays (untimed): per page
 * its filled and stroked paths, hatched areas (their lines computed) and
 * text labels with their fonts and positions; the font files are found
 * through fontconfig here too. The timed part makes a new HPDF document
 * with the booklet's settings (everything compressed, UTF-8 codes), embeds
 * the same TrueType fonts the same way, draws the arrays straight into its
 * pages (each label one BT/Tf/Td/Tj/ET, as libharu sets it: no kerning)
 * and saves it as the program does: into libharu's memory stream, copied
 * to a temporary file that is synced and renamed. No measuring, layout,
 * bookmarks, links or mended font tables: what the booklet costs above
 * this is what our layout and backend add. */
#include "bench.h"

#include "base/atomic.h"

#include <fontconfig/fontconfig.h>
#include <hpdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HFLOOR_FONTS 32

enum hprim_kind { HPRIM_FILL, HPRIM_STROKE, HPRIM_HATCH, HPRIM_TEXT };

struct hprim {
	enum hprim_kind kind;
	float r, g, b, a, width;
	HPDF_LineCap cap;
	HPDF_LineJoin join;
	HPDF_UINT16 dash[2];    /* whole points, 0: solid */
	size_t op0, nops;       /* into the page's ops */
	size_t hl0, nhl;        /* hatch: lines (x0, y0, x1, y1), PDF space */
	float x, y, size;       /* text: baseline start, PDF space */
	const char *text;
	int font;
};

struct hpage {
	double w, h;
	struct hprim *prims;
	size_t nprims;
	struct scene_op *ops;   /* y already flipped */
	float *hatch;
	size_t nhatch, hatch_cap;
};

struct hfont {
	char family[64];
	int bold, italic, index;
	char file[4096];
};

struct haru_floor {
	struct hpage *pages;
	int npages;
	struct hfont fonts[HFLOOR_FONTS];
	int nfonts;
};

/* The font file fontconfig gives, as the booklet looks it up. */
static int find_file(struct hfont *f)
{
	FcPattern *pat = FcPatternCreate();
	if (!pat)
		return -1;
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)f->family);
	FcPatternAddInteger(pat, FC_WEIGHT, f->bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
	FcPatternAddInteger(pat, FC_SLANT, f->italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	FcResult res;
	FcPattern *match = FcFontMatch(NULL, pat, &res);
	FcPatternDestroy(pat);
	FcChar8 *file = NULL;
	int rc = match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch ? 0 : -1;
	if (rc == 0) {
		snprintf(f->file, sizeof f->file, "%s", (const char *)file);
		if (FcPatternGetInteger(match, FC_INDEX, 0, &f->index) != FcResultMatch)
			f->index = 0;
	}
	if (match)
		FcPatternDestroy(match);
	return rc;
}

static int font_index(struct haru_floor *hf, const struct scene_item *it)
{
	for (int i = 0; i < hf->nfonts; i++)
		if (hf->fonts[i].bold == it->bold && hf->fonts[i].italic == it->italic &&
		    strcmp(hf->fonts[i].family, it->family) == 0)
			return i;
	if (hf->nfonts == HFLOOR_FONTS)
		return -1;
	struct hfont *f = &hf->fonts[hf->nfonts];
	snprintf(f->family, sizeof f->family, "%s", it->family);
	f->bold = it->bold;
	f->italic = it->italic;
	return find_file(f) < 0 ? -1 : hf->nfonts++;
}

static void add_hatch(void *arg, double x0, double y0, double x1, double y1)
{
	struct hpage *hp = arg;
	if (hp->nhatch + 4 > hp->hatch_cap) {
		size_t cap = hp->hatch_cap ? hp->hatch_cap * 2 : 1024;
		float *n = realloc(hp->hatch, cap * sizeof *n);
		if (!n)
			return;
		hp->hatch = n;
		hp->hatch_cap = cap;
	}
	float *l = hp->hatch + hp->nhatch;
	l[0] = (float)x0, l[1] = (float)(hp->h - y0), l[2] = (float)x1, l[3] = (float)(hp->h - y1);
	hp->nhatch += 4;
}

/* True when the item's path draws something (a MOVE alone does not). */
static int has_path(const struct scene_page *p, const struct scene_item *it)
{
	for (size_t i = it->op_start; i < it->op_start + it->nops; i++)
		if (p->ops[i].kind == SCENE_LINE || p->ops[i].kind == SCENE_CURVE)
			return 1;
	return 0;
}

/* Copies one scene item into the next primitive of hp; 0: nothing drawn. */
static int copy_item(struct haru_floor *hf, const struct scene_page *p, struct hpage *hp, const struct scene_item *it)
{
	struct hprim *pr = &hp->prims[hp->nprims];
	pr->r = (float)it->colour.r, pr->g = (float)it->colour.g, pr->b = (float)it->colour.b;
	pr->a = (float)it->colour.a;
	pr->width = (float)fmin(it->width, HPDF_MAX_LINEWIDTH);
	pr->op0 = it->op_start;
	pr->nops = it->nops;
	pr->cap = it->cap == SCENE_CAP_ROUND ? HPDF_ROUND_END
		  : it->cap == SCENE_CAP_SQUARE ? HPDF_PROJECTING_SCUARE_END : HPDF_BUTT_END;
	pr->join = it->join == SCENE_JOIN_ROUND ? HPDF_ROUND_JOIN
		   : it->join == SCENE_JOIN_BEVEL ? HPDF_BEVEL_JOIN : HPDF_MITER_JOIN;
	for (int i = 0; i < 2; i++) {
		double v = round(it->dash[i]);
		pr->dash[i] = (HPDF_UINT16)(v < 1 ? 1 : v > HPDF_MAX_DASH_PATTERN ? HPDF_MAX_DASH_PATTERN : v);
	}
	if (!(it->dash[0] > 0 && it->dash[1] > 0))
		pr->dash[0] = pr->dash[1] = 0;
	if (it->colour.a <= 0)
		return 0;
	switch (it->kind) {
	case SCENE_FILL: pr->kind = HPRIM_FILL; return has_path(p, it);
	case SCENE_STROKE: pr->kind = HPRIM_STROKE; return has_path(p, it);
	case SCENE_HATCH:
		pr->kind = HPRIM_HATCH;
		pr->hl0 = hp->nhatch;
		scene_hatch_lines(p, it, add_hatch, hp);
		pr->nhl = (hp->nhatch - pr->hl0) / 4;
		return has_path(p, it);
	case SCENE_TEXT:
		pr->kind = HPRIM_TEXT;
		pr->text = it->text;
		pr->x = (float)it->x;
		pr->y = (float)(p->h - it->y);
		pr->size = (float)it->size;
		pr->font = font_index(hf, it);
		return it->text[0] && pr->font >= 0;
	default:
		return 0;       /* anchors and links draw nothing */
	}
}

struct haru_floor *bench_haru_floor_prepare(const struct scene *sc)
{
	struct haru_floor *hf = calloc(1, sizeof *hf);
	if (!hf || !(hf->pages = calloc((size_t)sc->npages, sizeof *hf->pages))) {
		free(hf);
		return NULL;
	}
	hf->npages = sc->npages;
	for (int i = 0; i < sc->npages; i++) {
		const struct scene_page *p = &sc->pages[i];
		struct hpage *hp = &hf->pages[i];
		hp->w = p->w;
		hp->h = p->h;
		hp->prims = calloc(p->nitems + 1, sizeof *hp->prims);
		hp->ops = malloc((p->nops + 1) * sizeof *hp->ops);
		if (!hp->prims || !hp->ops) {
			bench_haru_floor_free(hf);
			return NULL;
		}
		for (size_t k = 0; k < p->nops; k++) {
			hp->ops[k] = p->ops[k];
			for (int j = 0; j < 3; j++)
				hp->ops[k].y[j] = p->h - p->ops[k].y[j];
		}
		for (size_t k = 0; k < p->nitems; k++)
			hp->nprims += (size_t)copy_item(hf, p, hp, &p->items[k]);
	}
	return hf;
}

void bench_haru_floor_free(struct haru_floor *hf)
{
	if (!hf)
		return;
	for (int i = 0; i < hf->npages; i++) {
		free(hf->pages[i].prims);
		free(hf->pages[i].ops);
		free(hf->pages[i].hatch);
	}
	free(hf->pages);
	free(hf);
}

static void path(HPDF_Page pg, const struct hpage *hp, const struct hprim *pr)
{
	int started = 0;
	for (size_t k = pr->op0; k < pr->op0 + pr->nops; k++) {
		const struct scene_op *op = &hp->ops[k];
		HPDF_REAL x = (HPDF_REAL)op->x[0], y = (HPDF_REAL)op->y[0];
		switch (op->kind) {
		case SCENE_MOVE: HPDF_Page_MoveTo(pg, x, y); break;
		case SCENE_LINE:
			if (started)
				HPDF_Page_LineTo(pg, x, y);
			else
				HPDF_Page_MoveTo(pg, x, y);
			break;
		case SCENE_CURVE:
			if (!started)
				HPDF_Page_MoveTo(pg, x, y);
			HPDF_Page_CurveTo(pg, x, y, (HPDF_REAL)op->x[1], (HPDF_REAL)op->y[1], (HPDF_REAL)op->x[2],
					  (HPDF_REAL)op->y[2]);
			break;
		case SCENE_CLOSE:
			if (started)
				HPDF_Page_ClosePath(pg);
			break;
		}
		started |= op->kind != SCENE_CLOSE;
	}
}

/* One transparency state per alpha value, made as the pages need them. */
struct alphas {
	float a[64];
	HPDF_ExtGState gs[64];
	int n;
};

static HPDF_ExtGState alpha_state(HPDF_Doc pdf, struct alphas *al, float a)
{
	for (int i = 0; i < al->n; i++)
		if (al->a[i] == a)
			return al->gs[i];
	HPDF_ExtGState gs = HPDF_CreateExtGState(pdf);
	HPDF_ExtGState_SetAlphaFill(gs, a);
	HPDF_ExtGState_SetAlphaStroke(gs, a);
	if (al->n < 64) {
		al->a[al->n] = a;
		al->gs[al->n++] = gs;
	}
	return gs;
}

static void draw_prim(HPDF_Doc pdf, struct alphas *al, HPDF_Page pg, HPDF_Font *fonts, const struct hpage *hp,
		      const struct hprim *pr)
{
	int alpha = pr->a < 1;
	if (alpha) {
		HPDF_ExtGState gs = alpha_state(pdf, al, roundf(pr->a * 255) / 255);
		HPDF_Page_GSave(pg);
		HPDF_Page_SetExtGState(pg, gs);
	}
	switch (pr->kind) {
	case HPRIM_FILL:
		HPDF_Page_SetRGBFill(pg, pr->r, pr->g, pr->b);
		path(pg, hp, pr);
		HPDF_Page_Fill(pg);
		break;
	case HPRIM_STROKE:
		HPDF_Page_SetRGBStroke(pg, pr->r, pr->g, pr->b);
		HPDF_Page_SetLineWidth(pg, pr->width);
		HPDF_Page_SetLineCap(pg, pr->cap);
		HPDF_Page_SetLineJoin(pg, pr->join);
		HPDF_Page_SetDash(pg, pr->dash[0] ? pr->dash : NULL, pr->dash[0] ? 2 : 0, 0);
		path(pg, hp, pr);
		HPDF_Page_Stroke(pg);
		break;
	case HPRIM_HATCH:
		HPDF_Page_GSave(pg);
		path(pg, hp, pr);
		HPDF_Page_Clip(pg);
		HPDF_Page_EndPath(pg);
		HPDF_Page_SetRGBStroke(pg, pr->r, pr->g, pr->b);
		HPDF_Page_SetLineWidth(pg, pr->width);
		HPDF_Page_SetLineCap(pg, HPDF_BUTT_END);
		for (size_t k = 0; k < pr->nhl; k++) {
			const float *l = hp->hatch + pr->hl0 + 4 * k;
			HPDF_Page_MoveTo(pg, l[0], l[1]);
			HPDF_Page_LineTo(pg, l[2], l[3]);
		}
		if (pr->nhl > 0)
			HPDF_Page_Stroke(pg);
		HPDF_Page_GRestore(pg);
		break;
	case HPRIM_TEXT:
		HPDF_Page_SetRGBFill(pg, pr->r, pr->g, pr->b);
		HPDF_Page_BeginText(pg);
		HPDF_Page_SetFontAndSize(pg, fonts[pr->font], pr->size);
		HPDF_Page_MoveTextPos(pg, pr->x, pr->y);
		HPDF_Page_ShowText(pg, pr->text);
		HPDF_Page_EndText(pg);
		break;
	}
	if (alpha)
		HPDF_Page_GRestore(pg);
}

/* Saves into libharu's memory stream and copies it to f, as the booklet does. */
static int save(HPDF_Doc pdf, FILE *f)
{
	if (HPDF_SaveToStream(pdf) != HPDF_OK || HPDF_ResetStream(pdf) != HPDF_OK)
		return -1;
	unsigned char buf[65536];
	HPDF_UINT32 size = HPDF_GetStreamSize(pdf), done = 0;
	while (done < size) {
		HPDF_UINT32 n = size - done < sizeof buf ? size - done : (HPDF_UINT32)sizeof buf;
		HPDF_STATUS st = HPDF_ReadFromStream(pdf, buf, &n);
		if ((st != HPDF_OK && st != HPDF_STREAM_EOF) || n == 0 || fwrite(buf, 1, n, f) != n)
			return -1;
		done += n;
	}
	return 0;
}

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
	int *failed = user;
	(void)detail_no;
	if (error_no != HPDF_STREAM_EOF)
		*failed = 1;
}

int bench_haru_floor_write(const struct haru_floor *hf, const char *path)
{
	struct atomic_file af;
	struct err e;
	int failed = 0;
	if (atomic_open(&af, path, &e) < 0)
		return -1;
	HPDF_Doc pdf = HPDF_New(on_error, &failed);
	HPDF_Font fonts[HFLOOR_FONTS];
	struct alphas al = { .n = 0 };
	if (!pdf) {
		atomic_abort(&af);
		return -1;
	}
	HPDF_SetCompressionMode(pdf, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(pdf);
	HPDF_SetCurrentEncoder(pdf, "UTF-8");
	for (int i = 0; i < hf->nfonts && !failed; i++) {
		const struct hfont *f = &hf->fonts[i];
		size_t len = strlen(f->file);
		const char *name = len > 4 && strcmp(f->file + len - 4, ".ttc") == 0
					   ? HPDF_LoadTTFontFromFile2(pdf, f->file, (HPDF_UINT)f->index, HPDF_TRUE)
					   : HPDF_LoadTTFontFromFile(pdf, f->file, HPDF_TRUE);
		fonts[i] = name ? HPDF_GetFont(pdf, name, "UTF-8") : NULL;
		failed |= !fonts[i];
	}
	for (int i = 0; i < hf->npages && !failed; i++) {
		const struct hpage *hp = &hf->pages[i];
		HPDF_Page pg = HPDF_AddPage(pdf);
		if (!pg)
			break;
		HPDF_Page_SetWidth(pg, (HPDF_REAL)hp->w);
		HPDF_Page_SetHeight(pg, (HPDF_REAL)hp->h);
		for (size_t k = 0; k < hp->nprims; k++)
			draw_prim(pdf, &al, pg, fonts, hp, &hp->prims[k]);
	}
	int rc = failed ? -1 : save(pdf, af.f);
	if (failed)             /* libharu reported an error while saving */
		rc = -1;
	HPDF_Free(pdf);
	if (rc < 0) {
		atomic_abort(&af);
		return -1;
	}
	return atomic_commit(&af, &e);
}
