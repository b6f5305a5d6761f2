/* haru_pen.h: the page's pen in the booklet (haru_pen.c): colours and
 * line style set only when they change (the state's struct haru_pen). */
#ifndef MAPSHEET_HARU_PEN_H
#define MAPSHEET_HARU_PEN_H

#include "haru/haru_int.h"

/* Set the fill or stroke colour, or the line width, cap and join, unless
 * the page's state already holds them. */
void haru_fill_colour(struct haru *h, HPDF_Page pg, const struct colour *c);
void haru_stroke_colour(struct haru *h, HPDF_Page pg, const struct colour *c);
void haru_line_style(struct haru *h, HPDF_Page pg, double width, HPDF_LineCap cap, HPDF_LineJoin join);

#endif
