/* haru_font.h: the booklet's fonts (haru_font.c): found with fontconfig,
 * embedded once per document, and measured as the PDF's widths give them. */
#ifndef MAPSHEET_HARU_FONT_H
#define MAPSHEET_HARU_FONT_H

#include "haru/haru_int.h"

#include <stddef.h>

/* The embedded font for family at that weight and slant, loaded once per
 * document; NULL with h->e set when fontconfig has none or it cannot be
 * embedded. */
const struct haru_font *haru_font_get(struct haru *h, const char *family, int bold, int italic);
/* The advance of UTF-8 text[0..len) in f, thousandths of the font size. */
double haru_font_advance(const struct haru_font *f, const char *text, size_t len);
/* Writes each font's widths for the codes its text used (before the
 * document is saved): 0, or -1 with h->e set. */
int haru_fonts_finish(struct haru *h);
void haru_fonts_free(struct haru *h);

#endif
