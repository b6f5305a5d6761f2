/* haru_pen.c: the booklet's fill and stroke colours and line style (see
 * haru_pen.h), each written to the page only when it differs from what
 * the page's graphics state already holds. */
#include "haru/haru_pen.h"

#include <math.h>
#include <string.h>

static double clamp01(double v)
{
	return v < 0 ? 0 : (v > 1 ? 1 : v);
}

static void clamp_rgb(const struct colour *c, double rgb[3])
{
	rgb[0] = clamp01(c->r);
	rgb[1] = clamp01(c->g);
	rgb[2] = clamp01(c->b);
}

void haru_fill_colour(struct haru *h, HPDF_Page pg, const struct colour *c)
{
	double rgb[3];
	clamp_rgb(c, rgb);
	if (h->pen.fill_set && memcmp(rgb, h->pen.fill, sizeof rgb) == 0)
		return;
	HPDF_Page_SetRGBFill(pg, (HPDF_REAL)rgb[0], (HPDF_REAL)rgb[1], (HPDF_REAL)rgb[2]);
	memcpy(h->pen.fill, rgb, sizeof rgb);
	h->pen.fill_set = 1;
}

void haru_stroke_colour(struct haru *h, HPDF_Page pg, const struct colour *c)
{
	double rgb[3];
	clamp_rgb(c, rgb);
	if (h->pen.stroke_set && memcmp(rgb, h->pen.stroke, sizeof rgb) == 0)
		return;
	HPDF_Page_SetRGBStroke(pg, (HPDF_REAL)rgb[0], (HPDF_REAL)rgb[1], (HPDF_REAL)rgb[2]);
	memcpy(h->pen.stroke, rgb, sizeof rgb);
	h->pen.stroke_set = 1;
}

void haru_line_style(struct haru *h, HPDF_Page pg, double width, HPDF_LineCap cap, HPDF_LineJoin join)
{
	width = fmin(width, HPDF_MAX_LINEWIDTH);
	if (!h->pen.line_set || h->pen.width != width)
		HPDF_Page_SetLineWidth(pg, (HPDF_REAL)width);
	if (!h->pen.line_set || h->pen.cap != (int)cap)
		HPDF_Page_SetLineCap(pg, cap);
	if (!h->pen.line_set || h->pen.join != (int)join)
		HPDF_Page_SetLineJoin(pg, join);
	h->pen.line_set = 1;
	h->pen.width = width;
	h->pen.cap = (int)cap;
	h->pen.join = (int)join;
}
