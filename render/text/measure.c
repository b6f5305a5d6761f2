/* measure.c: setting text for layout (see measure.h): the quick way
 * (measure_words.c) when it can, Pango's layout (measure_pango.c)
 * otherwise; lines emitted as scene text items that carry their glyphs;
 * and the glyph positions of an item for a backend. */
#include "text/measure.h"

#include "text/glyph_run.h"
#include "text/measure_fonts.h"
#include "text/measure_pango.h"
#include "text/measure_words.h"
#include "text/para_cache.h"

#include <string.h>

int measure_has_family(struct measure *m, const char *family)
{
	return font_set_has_family(m->context, family);
}

int measure_block(struct measure *m, struct text_block *b, const char *text, const char *family,
		  double size, int bold_len, double width, struct err *e)
{
	int quick = measure_words_block(m, b, text, family, size, bold_len, width);
	if (quick > 0)
		return 0;
	if (quick < 0)
		return err_set(e, "out of memory while setting text");
	return measure_pango_block(m, b, text, family, size, bold_len, width, e);
}

void measure_keep_paragraphs(struct measure *m, int on)
{
	if (on) {
		if (m->paras_asked++ == 0)
			m->paras = para_cache_new();
		return;
	}
	if (m->paras_asked > 0 && --m->paras_asked == 0) {
		para_cache_free(m->paras);
		m->paras = NULL;
	}
}

double measure_width(struct measure *m, const char *text, const char *family, double size, int bold)
{
	struct text_block b;
	struct err e;
	double w;
	int quick = measure_words_width(m, text, family, size, bold, &w);
	if (quick != 0)
		return quick > 0 ? w : -1;
	if (measure_block(m, &b, text, family, size, bold ? -1 : 0, 0, &e) < 0)
		return -1;
	w = b.width;
	text_block_free(&b);
	return w;
}

/* Gives item `it` the glyphs of run r for its first len bytes (without the
 * line break's space): the run's own when it is shown whole (the block no
 * longer holds them), a copy of its head otherwise. Without memory the
 * item simply goes without (the backend shapes it). */
static void attach_glyphs(struct scene_item *it, struct text_run *r, size_t len)
{
	if (!r->glyphs)
		return;
	if (len >= r->len) {
		it->glyphs = r->glyphs;
		r->glyphs = NULL;
	} else {
		it->glyphs = glyph_run_prefix(r->glyphs, len);
	}
	if (it->glyphs)
		it->glyphs_free = glyph_run_free;
}

void measure_emit_line(struct scene *sc, struct scene_page *p, struct text_block *b, int i, double x,
		       double y, struct colour c)
{
	const struct text_line *tl = &b->lines[i];
	for (int k = tl->first_run; k < tl->first_run + tl->nruns; k++) {
		struct text_run *r = &b->runs[k];
		size_t len = r->len;
		/* a run ending the line may carry the break's space or newline */
		while (len > 0 && (b->text[r->start + len - 1] == ' ' || b->text[r->start + len - 1] == '\n'))
			len--;
		if (len == 0)
			continue;
		struct text_style ts = { .family = r->family, .size = b->size, .bold = r->bold, .italic = r->italic,
					 .colour = c };
		struct scene_item *it = scene_text(sc, p, b->text + r->start, len, ts, x + r->x, y, r->w);
		if (it) {
			it->ascent = tl->baseline - tl->top;
			it->descent = tl->height - it->ascent;
			attach_glyphs(it, r, len);
		}
	}
}

int measure_item_clusters(struct measure *m, const struct scene_item *it, size_t *starts, double *xs, int max)
{
	if (it->glyphs)
		return glyph_run_clusters(it->glyphs, starts, xs, max);
	return measure_clusters(m, it->text, it->family, it->size, it->bold, it->italic, starts, xs, max);
}

void measure_shape_item(struct measure *m, struct scene_item *it)
{
	struct text_block b;
	struct err e;
	if (!it || it->kind != SCENE_TEXT || it->glyphs || !it->text[0])
		return;
	if (measure_block(m, &b, it->text, it->family, it->size, it->bold ? -1 : 0, 0, &e) < 0)
		return;
	measure_attach(it, &b);
	text_block_free(&b);
}

void measure_attach(struct scene_item *it, struct text_block *b)
{
	if (!it || it->kind != SCENE_TEXT || it->glyphs || !b->text || b->size != it->size)
		return;
	if (b->nlines == 1 && b->nruns == 1 && b->runs[0].start == 0 && b->runs[0].len == strlen(it->text) &&
	    strcmp(b->text, it->text) == 0 && strcmp(b->runs[0].family, it->family) == 0 &&
	    b->runs[0].bold == it->bold && b->runs[0].italic == it->italic)
		attach_glyphs(it, &b->runs[0], b->runs[0].len);
}
