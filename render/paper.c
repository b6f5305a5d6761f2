/* paper.c: paper names and WxH sizes, the standard sizes in the order a
 * refusal suggests them, orientation, the fit scale. */
#include "paper.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The papers known by name: the North American sizes, then the ISO A and
 * B series (portrait; ledger is tabloid turned, statement another name of
 * half-letter). `offered`: a map too large for its paper is offered it
 * (paper_standard), in this order; the others are taken when named. */
static const struct named_paper {
	struct paper paper;
	int offered;
} named[] = {
	{ { "letter", 612, 792 }, 1 },
	{ { "legal", 612, 1008 }, 1 },
	{ { "tabloid", 792, 1224 }, 1 },
	{ { "ledger", 1224, 792 }, 0 },
	{ { "half-letter", 396, 612 }, 0 },
	{ { "statement", 396, 612 }, 0 },
	{ { "executive", 522, 756 }, 0 },
	{ { "a4", 595.276, 841.890 }, 1 },
	{ { "a3", 841.890, 1190.551 }, 1 },
	{ { "a2", 1190.551, 1683.780 }, 1 },
	{ { "a1", 1683.780, 2383.937 }, 1 },
	{ { "a0", 2383.937, 3370.394 }, 1 },
	{ { "a5", 419.528, 595.276 }, 0 },
	{ { "a6", 297.638, 419.528 }, 0 },
	{ { "a7", 209.764, 297.638 }, 0 },
	{ { "a8", 147.402, 209.764 }, 0 },
	{ { "a9", 104.882, 147.402 }, 0 },
	{ { "a10", 73.701, 104.882 }, 0 },
	{ { "b0", 2834.646, 4008.189 }, 0 },
	{ { "b1", 2004.094, 2834.646 }, 0 },
	{ { "b2", 1417.323, 2004.094 }, 0 },
	{ { "b3", 1000.630, 1417.323 }, 0 },
	{ { "b4", 708.661, 1000.630 }, 0 },
	{ { "b5", 498.898, 708.661 }, 0 },
	{ { "b6", 354.331, 498.898 }, 0 },
	{ { "b7", 249.449, 354.331 }, 0 },
	{ { "b8", 175.748, 249.449 }, 0 },
	{ { "b9", 124.724, 175.748 }, 0 },
	{ { "b10", 87.874, 124.724 }, 0 },
};
#define NNAMED (sizeof named / sizeof named[0])

/* A page must hold its margins, title and a map: 3 inches a side at least. */
#define PAPER_MIN_SIDE (3 * 72)

#define ACCEPTED "letter, legal, tabloid, ledger, half-letter, statement, executive, a0 to a10, b0 to b10, or WxH " \
		 "with mm or in such as 210x297mm or 8.5x11in"

/* Metric paper: an A size, or a size given in mm. */
static int is_metric(const struct paper *p)
{
	size_t n = strlen(p->name);
	if ((n == 2 || n == 3) && strchr("aAbB", p->name[0]) && p->name[1] >= '0' && p->name[1] <= '9')
		return 1;
	return n > 2 && strcasecmp(p->name + n - 2, "mm") == 0;
}

const struct paper *paper_standard(const struct paper *asked, int i)
{
	/* the asked paper's family first, then the other */
	int metric = asked && is_metric(asked);
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < NNAMED; k++) {
			if (!named[k].offered || is_metric(&named[k].paper) != (pass == 0 ? metric : !metric))
				continue;
			if (i-- == 0)
				return &named[k].paper;
		}
	return NULL;
}

int paper_parse(const char *text, struct paper *p, struct err *e)
{
	if (!text)
		text = "letter";
	for (size_t i = 0; i < NNAMED; i++)
		if (strcasecmp(text, named[i].paper.name) == 0) {
			const struct paper *n = &named[i].paper;
			if (n->w < PAPER_MIN_SIDE)
				return err_usage(e, "--paper: %s is %.0f x %.0f mm, smaller than the 3 in (76 mm) a side "
						 "a sheet needs at least (a5 and b6 hold a sheet; a4 or letter is usual)", n->name, n->w * 25.4 / 72, n->h * 25.4 / 72);
			*p = *n;
			return 0;
		}
	char *end;
	double w = strtod(text, &end);
	if (end == text || (*end != 'x' && *end != 'X'))
		return err_usage(e, "--paper: '%s' is not a paper size (expected " ACCEPTED ")", text);
	const char *hs = end + 1;
	double h = strtod(hs, &end);
	if (end == hs)
		return err_usage(e, "--paper: '%s' is not a paper size (expected " ACCEPTED ")", text);
	double unit;
	if (strcasecmp(end, "mm") == 0)
		unit = 72 / 25.4;
	else if (strcasecmp(end, "in") == 0)
		unit = 72;
	else
		return err_usage(e, "--paper: '%s' needs a unit, mm or in (expected " ACCEPTED ")", text);
	w *= unit;
	h *= unit;
	if (!isfinite(w) || !isfinite(h) || w < PAPER_MIN_SIDE || h < PAPER_MIN_SIDE || w > 200 * 72 || h > 200 * 72)
		return err_usage(e, "--paper: '%s' is out of range (expected 3 to 200 in on each side)", text);
	snprintf(p->name, sizeof p->name, "%.31s", text);
	p->w = w;
	p->h = h;
	return 0;
}

int paper_parse_length(const char *option, const char *text, double *pt, struct err *e)
{
	char *end;
	double v = strtod(text, &end);
	double unit = 0;
	if (end != text) {
		if (strcasecmp(end, "in") == 0)
			unit = 72;
		else if (strcasecmp(end, "mm") == 0)
			unit = 72 / 25.4;
		else if (strcasecmp(end, "cm") == 0)
			unit = 72 / 2.54;
		else if (strcasecmp(end, "pt") == 0)
			unit = 1;
	}
	if (unit == 0)
		return err_usage(e, "%s: '%s' is not a length (expected a number with in, mm, cm or pt, such as 0.25in "
				 "or 6mm)", option, text);
	v *= unit;
	if (!isfinite(v) || v < 0 || v > 10 * 72)
		return err_usage(e, "%s: '%s' is out of range (expected 0 to 10 in)", option, text);
	*pt = v;
	return 0;
}

void paper_oriented(const struct paper *p, enum orientation o, double *w, double *h)
{
	double lo = p->w < p->h ? p->w : p->h, hi = p->w < p->h ? p->h : p->w;
	switch (o) {
	case ORIENT_PORTRAIT:
		*w = lo;
		*h = hi;
		break;
	case ORIENT_LANDSCAPE:
		*w = hi;
		*h = lo;
		break;
	default:
		*w = p->w;
		*h = p->h;
	}
}

double paper_square_pt(double squares_per_inch)
{
	return 72.0 / squares_per_inch;
}

int paper_check_scale(double scale, struct err *e)
{
	return scale == 0 ? 0 : sheet_scale_check(scale, e);
}

/* The standard scales up to 16 to the inch (SHEET_SCALE_MAX), the finest a
 * sheet prints a map at (sheet_plan.c refuses finer); a fitted sheet
 * starts at PAPER_FIT_COARSEST, a players' map at one inch a square. */
static const double scales[] = { 1, 2, 3, 4, 5, 6, 8, 10, 12, 16 };

double paper_finer_scale(double squares_per_inch)
{
	for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++)
		if (scales[i] > squares_per_inch + 1e-9)
			return scales[i];
	return 0;
}

double paper_fit_scale(double avail_w, double avail_h, double cols, double rows, int *standard)
{
	return paper_fit_scale_from(PAPER_FIT_COARSEST, avail_w, avail_h, cols, rows, standard);
}

double paper_fit_scale_from(double coarsest, double avail_w, double avail_h, double cols, double rows,
			    int *standard)
{
	for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
		if (scales[i] < coarsest - 1e-9)
			continue;
		double s = paper_square_pt(scales[i]);
		if (cols * s <= avail_w + 1e-9 && rows * s <= avail_h + 1e-9) {
			*standard = 1;
			return scales[i];
		}
	}
	*standard = 0;
	double s = fmin(avail_w / cols, avail_h / rows);
	if (s <= 0)
		return 1e9;
	return 72.0 / s;
}
