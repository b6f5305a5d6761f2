/* haru_int.h: what the libharu backend's files share: the writer's state
 * (haru_backend.c), its fonts (haru_font.c) and its text (haru_text.c).
 * The state also remembers what the page's graphics state already holds
 * (fill colour, font and size), so a run of text items sets each once. */
#ifndef MAPSHEET_HARU_INT_H
#define MAPSHEET_HARU_INT_H

#include "base/err.h"
#include "text/measure.h"
#include "scene.h"

#include <hpdf.h>

#define HARU_MAX_FONTS 32
#define HARU_MAX_ALPHAS 32

/* An embedded font and the advance of every character code (the codes are
 * the Basic Multilingual Plane's characters), in thousandths of the font
 * size, exactly as the font's widths in the PDF give them. */
struct haru_font {
	char family[64];
	int bold, italic;
	HPDF_Font font;
	float *advance;         /* 65536 entries */
};

struct haru_alpha {
	double a;
	HPDF_ExtGState gs;
};

/* A named destination: the anchor's page and point, and the PDF
 * destination made for it (once, shared by every link and bookmark). */
struct haru_anchor {
	const char *name;
	int page;
	double x, y;
	HPDF_Destination dst;
};

/* What the current page's graphics state holds, so that it is set only
 * when it changes; a flag at 0: not known (a new page). Whoever wraps
 * drawing in q/Q saves this before the q and puts it back after the Q. */
struct haru_pen {
	int fill_set, stroke_set, line_set;
	double fill[3], stroke[3];      /* clamped RGB */
	double width;                   /* line width, cap and join */
	int cap, join;
	const struct haru_font *font;   /* NULL: not known */
	double size;
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
	HPDF_Destination *fits;         /* per page: showing it whole, made once */
	struct haru_pen pen;
	struct haru_pen clip_pen;       /* the pen when a clip began, back when it ends */
	struct measure *ms;
	struct err *e;
};

/* Returns -1 with e set when libharu has reported an error (or `bad`). */
int haru_check(struct haru *h, int bad, const char *what);

/* The embedded font for family at that weight and slant, loaded once per
 * document; NULL with h->e set when fontconfig has none or it cannot be
 * embedded. */
const struct haru_font *haru_font_get(struct haru *h, const char *family, int bold, int italic);
/* The advance of UTF-8 text[0..len) in f, thousandths of the font size. */
double haru_font_advance(const struct haru_font *f, const char *text, size_t len);
void haru_fonts_free(struct haru *h);

/* Set the fill or stroke colour, or the line width, cap and join, unless
 * the page's state already holds them. */
void haru_fill_colour(struct haru *h, HPDF_Page pg, const struct colour *c);
void haru_stroke_colour(struct haru *h, HPDF_Page pg, const struct colour *c);
void haru_line_style(struct haru *h, HPDF_Page pg, double width, HPDF_LineCap cap, HPDF_LineJoin join);
/* Draws a text item (one BT/ET: the run in parts placed as Pango placed
 * its characters). Returns 0 or -1 with h->e set. */
int haru_draw_text(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it);

#endif
