/* paper.h: paper sizes, orientation and map scale for printed sheets.
 * Everything is in points (1/72 in). A scale is given in squares per inch,
 * so one square measures exactly 72 / N points on the page. */
#ifndef MAPSHEET_PAPER_H
#define MAPSHEET_PAPER_H

#include "model/doc.h"
#include "base/err.h"

/* Margins on every side: 0.4 in, safe for ordinary printers (>= 0.25 in). */
#define PAPER_MARGIN 28.8

struct paper {
	char name[32];          /* "letter", "a4", "210x297mm" */
	double w, h;            /* as named (portrait for the standard sizes) */
};

/* Parses a paper's name in any case (letter, legal, tabloid, ledger,
 * half-letter, statement, executive, the ISO A and B series; those under 3
 * in a side, a7 to a10 and b8 to b10, are refused as too small) or WxH with
 * a unit mm or in ("8.5x11in", "210x297mm"); NULL gives letter. Sizes from
 * 3 to 200 in on a side. Returns 0, or -1 with a usage error naming --paper. */
int paper_parse(const char *text, struct paper *p, struct err *e);

/* The standard papers in the order to suggest them for a map too large for
 * `asked`: letter, legal, tabloid, then a4 to a0; metric first (a4 to a0,
 * then letter, legal, tabloid) when asked is an A size or given in mm.
 * Entry i, or NULL past the last. */
const struct paper *paper_standard(const struct paper *asked, int i);

/* Parses a length for option `option` ("--overlap"): a number with a unit
 * in, mm, cm or pt ("0.25in", "6mm", "18pt"), from 0 to 10 in. Returns 0
 * and *pt, or -1 with a usage error naming the option. */
int paper_parse_length(const char *option, const char *text, double *pt, struct err *e);

/* The page size for an orientation (auto keeps the paper as named). */
void paper_oriented(const struct paper *p, enum orientation o, double *w, double *h);

/* Size of one square in points at n squares per inch. */
double paper_square_pt(double squares_per_inch);

/* Checks a --scale value: 0 (fit) or 1 to 16 squares per inch (see
 * sheet_scale_check). */
int paper_check_scale(double scale, struct err *e);

/* The scale for `fit`: the first standard scale (4, 5, 6, 8, 10, 12 or 16
 * squares per inch) at which cols x rows squares fit in avail_w x avail_h
 * points. When none fits, the exact scale that just
 * fits, and *standard is set to 0. */
double paper_fit_scale(double avail_w, double avail_h, double cols, double rows, int *standard);

/* The same from the standard scale `coarsest` on (1, 2 or 3 squares to
 * the inch come before 4): a players' map is printed as large as its page
 * allows, up to one inch a square. */
#define PAPER_FIT_COARSEST 4
double paper_fit_scale_from(double coarsest, double avail_w, double avail_h, double cols, double rows,
			    int *standard);

/* The first standard scale finer than squares_per_inch (more squares to
 * the inch), or 0 past 16. */
double paper_finer_scale(double squares_per_inch);

#endif
