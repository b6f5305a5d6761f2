/* haru_int.h: what the libharu backend's files share: the writer's state
 * and the check of libharu's status after each step (haru_int.c); the
 * fonts are haru_font.h, the pen haru_pen.h, the text haru_text.h, the
 * pages, links and outline haru_backend.c.
 * The state also remembers what the page's graphics state already holds
 * (fill colour, font and size), so a run of text items sets each once. */
#ifndef MAPSHEET_HARU_INT_H
#define MAPSHEET_HARU_INT_H

#include "base/err.h"
#include "scene.h"

#include <hpdf.h>

struct measure;

#define HARU_MAX_FONTS 32
#define HARU_MAX_ALPHAS 32

/* An embedded font and the advance of each character code its text has
 * used (the codes are the Basic Multilingual Plane's characters), in
 * thousandths of the font size, exactly as the font's widths in the PDF
 * give them; -1 for a code not used yet. */
struct haru_font {
	char family[64];
	int bold, italic;
	HPDF_Font font;
	float *advance;         /* 65536 entries, filled as codes are used */
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

/* libharu's error handler (HPDF_New's, its user data the writer's state):
 * records the first error in h->error_no and h->detail_no. */
void haru_on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user);
/* Returns -1 with e set when libharu has reported an error (or `bad`),
 * naming what was being done; 0 otherwise. */
int haru_check(struct haru *h, int bad, const char *what);

#endif
