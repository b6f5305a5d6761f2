/* scene.h: the display list a page is drawn from. Layout (render/layout_*.c)
 * decides everything and measures text; a backend (Cairo here, libharu for
 * the booklet) only walks the items of each page in order and draws them.
 * All coordinates are in points (1/72 in), origin at the page's top-left
 * corner, y downwards. */
#ifndef MAPSHEET_SCENE_H
#define MAPSHEET_SCENE_H

#include "base/err.h"

#include <stddef.h>

struct colour {
	double r, g, b, a;      /* 0..1 each */
};

/* How a run of text looks, as scene_text() and layout's text functions
 * take it; written with designated initialisers, for example
 * (struct text_style){ .family = st->font_text, .size = 9, .colour = st->text }.
 * Fields left out take their zero defaults:
 *   family  the font family ("DejaVu Sans"); always given
 *   size    in points; always given
 *   bold    0: regular weight (the default), 1: bold
 *   italic  0: upright (the default), 1: italic
 *   colour  the ink; always given for text that is drawn (left out it is
 *           transparent, and the text invisible; measuring ignores it) */
struct text_style {
	const char *family;
	double size;
	int bold, italic;
	struct colour colour;
};

enum scene_op_kind { SCENE_MOVE, SCENE_LINE, SCENE_CURVE, SCENE_CLOSE };

/* One path step. SCENE_CURVE is a cubic Bezier through control points
 * (x[0], y[0]), (x[1], y[1]) to (x[2], y[2]); the others use x[0], y[0]. */
struct scene_op {
	enum scene_op_kind kind;
	double x[3], y[3];
};

enum scene_kind {
	SCENE_FILL,     /* fill the path (nonzero rule) with colour */
	SCENE_STROKE,   /* stroke the path: colour, width, cap, join, dash */
	SCENE_HATCH,    /* parallel lines at `angle`, `spacing` apart, clipped to the path */
	SCENE_TEXT,     /* one run of text on one line, already broken by layout */
	SCENE_ANCHOR,   /* a named link destination at (x, y) */
	SCENE_LINK,     /* the rectangle x, y, w, h links to the anchor named `name` */
	SCENE_CLIP,     /* the items up to the next SCENE_UNCLIP are clipped to the path */
	SCENE_UNCLIP    /* ends the clip a SCENE_CLIP began */
};

enum scene_cap { SCENE_CAP_BUTT, SCENE_CAP_ROUND, SCENE_CAP_SQUARE };
enum scene_join { SCENE_JOIN_MITER, SCENE_JOIN_ROUND, SCENE_JOIN_BEVEL };

/* Shaped text (text/glyph_run.h): the glyphs layout attached to a text
 * item, which a backend draws as they are. */
struct glyph_run;

struct scene_item {
	enum scene_kind kind;
	struct colour colour;
	/* paths (fill, stroke, hatch): ops[op_start .. op_start + nops) of the page */
	size_t op_start, nops;
	double width;                   /* stroke and hatch line width */
	enum scene_cap cap;
	enum scene_join join;
	double dash[2];                 /* on, off; both 0: solid */
	double angle, spacing;          /* hatch: degrees from the x axis, distance */
	double hatch_x, hatch_y;        /* hatch: the point its lines are anchored to (0, 0 unless moved) */
	/* text: the run's text (UTF-8) with its left end of the baseline at
	 * (x, y); anchors and links: a point or a rectangle */
	double x, y, w, h;
	char *text;                     /* text; anchor and link: the name */
	char *family;                   /* text: font family, "DejaVu Sans" */
	double size;                    /* text: font size in points */
	double ascent, descent;         /* text: extent above and below the baseline */
	int bold, italic;               /* text */
	/* text: the glyphs the layout step shaped, their clusters indexing
	 * `text`, owned by the item and released with glyphs_free; NULL when
	 * a backend must shape the text itself */
	struct glyph_run *glyphs;
	void (*glyphs_free)(struct glyph_run *glyphs);
};

enum page_kind { PAGE_MAP, PAGE_KEY, PAGE_COVER };

struct scene_page {
	double w, h;                    /* page size in points */
	int level;                      /* 1-based level this page belongs to (0: cover) */
	enum page_kind kind;
	char label[32];                 /* "1-map", "1-key", "1-key-2", "cover" */
	struct scene_item *items;
	size_t nitems, items_cap;
	struct scene_op *ops;
	size_t nops, ops_cap;
	size_t path_start;              /* first op of the path being built */
};

/* A document: its pages in order. A failed allocation latches (`failed`);
 * scene_ok() reports it so builders can check once at the end. */
struct scene_strings;

struct scene {
	struct scene_page *pages;
	int npages, pages_cap;
	int failed;
	struct scene_strings *strings;  /* the items' texts and family names */
};

void scene_init(struct scene *sc);
void scene_free(struct scene *sc);
/* Appends a page and returns it (NULL when out of memory). */
struct scene_page *scene_add_page(struct scene *sc, double w, double h, int level, enum page_kind kind);
/* Returns 0, or -1 with e set when an allocation failed while building. */
int scene_ok(const struct scene *sc, struct err *e);

/* Path building on the page's current path: the next fill/stroke/hatch item
 * takes every op added since the previous item. */
void scene_move(struct scene *sc, struct scene_page *p, double x, double y);
void scene_line(struct scene *sc, struct scene_page *p, double x, double y);
void scene_curve(struct scene *sc, struct scene_page *p, double x1, double y1, double x2, double y2,
		 double x3, double y3);
void scene_close(struct scene *sc, struct scene_page *p);
void scene_rect_path(struct scene *sc, struct scene_page *p, double x, double y, double w, double h);
/* A full circle as four Bezier curves. */
void scene_circle_path(struct scene *sc, struct scene_page *p, double cx, double cy, double r);

/* Items from the pending path; each returns the item or NULL (latched). */
struct scene_item *scene_fill(struct scene *sc, struct scene_page *p, struct colour c);
struct scene_item *scene_stroke(struct scene *sc, struct scene_page *p, struct colour c, double width,
				enum scene_cap cap, enum scene_join join);
struct scene_item *scene_hatch(struct scene *sc, struct scene_page *p, struct colour c, double width,
			       double angle, double spacing);
/* A run of text[0..len) in style ts, baseline starting at (x, y); w is
 * its measured advance. */
struct scene_item *scene_text(struct scene *sc, struct scene_page *p, const char *text, size_t len,
			      struct text_style ts, double x, double y, double w);
/* Clips the items that follow to the pending path, until scene_unclip
 * (clips do not nest). */
struct scene_item *scene_clip(struct scene *sc, struct scene_page *p);
struct scene_item *scene_unclip(struct scene *sc, struct scene_page *p);
/* Adds to page dst a copy of item it of page src, moved by (dx, dy): its
 * text (with its glyphs) or name, or the parts of its path (each piece
 * begun by a move) whose points, pen included, come within the box win
 * (x0, y0, x1, y1 on src; NULL: all of it). A hatch keeps its lines where
 * they were relative to the item. Returns 1, 0 when no part of a path is
 * in win (nothing added), or -1 when out of memory (latched). */
int scene_copy_item(struct scene *sc, struct scene_page *dst, const struct scene_page *src,
		    const struct scene_item *it, double dx, double dy, const double *win);
struct scene_item *scene_anchor(struct scene *sc, struct scene_page *p, const char *name, double x, double y);
struct scene_item *scene_link(struct scene *sc, struct scene_page *p, const char *target, double x, double y,
			      double w, double h);

/* Bounding box of an item's ink (paths: their points, pen included; text:
 * x..x+w, ascent above and descent below the baseline). Returns 0 when the item has no extent. */
int scene_item_bounds(const struct scene_page *p, const struct scene_item *it, double *x0, double *y0,
		      double *x1, double *y1);

/* The lines of a SCENE_HATCH item, before clipping to its path: parallel
 * lines at it->angle, it->spacing apart, anchored to the page (at
 * it->hatch_x, it->hatch_y, the origin unless the item was moved) so that
 * neighbouring regions line up, long enough to cross the path's bounds.
 * Calls fn once per line; returns the number of lines. */
int scene_hatch_lines(const struct scene_page *p, const struct scene_item *it,
		      void (*fn)(void *arg, double x0, double y0, double x1, double y1), void *arg);

#endif
