/* layout_text.c: text set on layout's pages (see layout_text.h). */
#include "layout/layout_text.h"

int layout_text(struct layout_ctx *c, struct scene_page *p, const char *text, struct text_style ts, double x,
		double y, double width, struct err *e)
{
	struct text_block b;
	if (measure_block(c->ms, &b, text, ts.family, ts.size, ts.bold ? -1 : 0, width, e) < 0)
		return -1;
	layout_text_block(c->sc, p, &b, x, y, ts.colour);
	text_block_free(&b);
	return 0;
}

void layout_text_block(struct scene *sc, struct scene_page *p, struct text_block *b, double x, double y,
		       struct colour colour)
{
	for (int i = 0; i < b->nlines; i++)
		measure_emit_line(sc, p, b, i, x, y + b->lines[i].baseline, colour);
}

int layout_text_width(struct layout_ctx *c, const char *text, struct text_style ts, double *w)
{
	*w = measure_width(c->ms, text, ts.family, ts.size, ts.bold);
	return *w < 0 ? -1 : 0;
}

double layout_text_height(struct layout_ctx *c, const char *text, struct text_style ts, double width,
			  struct err *e)
{
	struct text_block b;
	if (measure_block(c->ms, &b, text, ts.family, ts.size, ts.bold ? -1 : 0, width, e) < 0)
		return -1;
	double h = b.height;
	text_block_free(&b);
	return h;
}
