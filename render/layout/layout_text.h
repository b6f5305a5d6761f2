/* layout_text.h: text as layout sets it on its pages, in a text style
 * (struct text_style, scene.h): a paragraph measured and emitted in one
 * step, a paragraph already measured emitted whole, and the width and
 * height text takes. */
#ifndef MAPSHEET_LAYOUT_TEXT_H
#define MAPSHEET_LAYOUT_TEXT_H

#include "layout/layout.h"

/* Sets text in style ts with its top-left corner at (x, y), wrapped in
 * width points (0: one line). Returns 0 or -1 with e set. */
int layout_text(struct layout_ctx *c, struct scene_page *p, const char *text, struct text_style ts, double x,
		double y, double width, struct err *e);

/* Emits every line of b (measured already) with its top-left corner at
 * (x, y), in colour. */
void layout_text_block(struct scene *sc, struct scene_page *p, struct text_block *b, double x, double y,
		       struct colour colour);

/* The width of text set on one line in style ts (its colour unused) in *w.
 * Returns 0, or -1 when it cannot be measured. */
int layout_text_width(struct layout_ctx *c, const char *text, struct text_style ts, double *w);

/* The height of text in style ts wrapped in width points (0: one line), or
 * -1 with e set. */
double layout_text_height(struct layout_ctx *c, const char *text, struct text_style ts, double width,
			  struct err *e);

#endif
