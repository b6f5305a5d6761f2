/* haru_text.h: text items in the booklet (haru_text.c), placed as Pango
 * placed their characters. */
#ifndef MAPSHEET_HARU_TEXT_H
#define MAPSHEET_HARU_TEXT_H

#include "haru/haru_int.h"

/* Draws a text item (one BT/ET: the run in parts placed as Pango placed
 * its characters). Returns 0 or -1 with h->e set. */
int haru_draw_text(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it);

#endif
