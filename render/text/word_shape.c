/* word_shape.c: shaping words with HarfBuzz as Pango would shape them,
 * into the word cache (see word_shape.h): alone, or many at once in one
 * buffer, a space between each, cut apart by cluster. */
#include "text/word_shape.h"

#include "text/plain_text.h"

#include <pango/pango.h>
#include <string.h>

/* Shapes text[0..len) in font f into c's buffer, as Pango shapes a
 * paragraph of its own: the same font, script, language, cluster level
 * and flags, no extra features. Returns the glyph count, -1 without
 * memory. */
static int shape_text(struct word_cache *c, int f, const char *text, size_t len)
{
	if (!c->buffer && !hb_buffer_allocation_successful(c->buffer = hb_buffer_create()))
		return -1;
	const struct word_font *wf = &c->fonts.fonts[f];
	hb_buffer_t *buf = c->buffer;
	hb_buffer_clear_contents(buf);
	hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
	hb_buffer_set_script(buf, wf->script);
	hb_buffer_set_language(buf, wf->language);
	hb_buffer_set_cluster_level(buf, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
	hb_buffer_set_flags(buf, HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT);
	hb_buffer_set_invisible_glyph(buf, PANGO_GLYPH_EMPTY);
	hb_buffer_add_utf8(buf, text, (int)len, 0, (int)len);
	hb_shape_plan_execute(wf->plan, wf->hb, buf, NULL, 0);
	unsigned n = hb_buffer_get_length(buf);
	return hb_buffer_allocation_successful(buf) ? (int)n : -1;
}

/* Gives w the glyphs [from, to) of c's buffer, their clusters counted
 * from byte base. Returns 0, -1 without memory. */
static int keep_glyphs(struct word_cache *c, struct shaped_word *w, unsigned from, unsigned to, uint32_t base)
{
	const hb_glyph_info_t *info = hb_buffer_get_glyph_infos(c->buffer, NULL);
	const hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(c->buffer, NULL);
	w->n = (int)(to - from);
	w->g = word_cache_alloc(c, (size_t)w->n * sizeof *w->g);
	if (!w->g && w->n > 0)
		return -1;
	w->width = 0;
	w->complete = w->n > 0;
	for (unsigned i = from; i < to; i++) {
		w->g[i - from] = (struct glyph_pos){ info[i].codepoint, pos[i].x_advance, pos[i].x_offset,
						     -pos[i].y_offset, (int32_t)(info[i].cluster - base) };
		w->width += pos[i].x_advance;
		if (info[i].codepoint == 0 || info[i].codepoint == PANGO_GLYPH_EMPTY)
			w->complete = 0;
	}
	return 0;
}

/* The word text[0..len) shaped in font f, from the cache or shaped now. */
const struct shaped_word *word_shaped(struct word_cache *c, const char *text, size_t len, int f)
{
	if (word_cache_reserve(c, 1) < 0)
		return NULL;
	struct shaped_word *w = word_cache_slot(c, text, len, f);
	if (!w || w->n >= 0)
		return w;
	int n = shape_text(c, f, w->text, len);
	if (n < 0 || keep_glyphs(c, w, 0, (unsigned)n, 0) < 0)
		return NULL;
	return w;
}

#define BATCH_BYTES 4096

/* Shapes the words slot[0..np) that are not yet shaped: those that
 * word_batchable() allows in one buffer per font (a space between each, cut
 * apart by cluster), the rest alone. Returns 0, -1 without memory. */
int word_shape_pending(struct word_cache *c, struct shaped_word **slot, int np)
{
	char text[BATCH_BYTES];
	for (int i = 0; i < np; i++) {
		struct shaped_word *w = slot[i];
		if (w->n >= 0)
			continue;
		if (!word_batchable(w->text, w->len) || w->len + 1 > BATCH_BYTES) {
			int n = shape_text(c, w->font, w->text, w->len);
			if (n < 0 || keep_glyphs(c, w, 0, (unsigned)n, 0) < 0)
				return -1;
			continue;
		}
		/* this word and the later ones of its font that still wait (a
		 * word in the batch is marked -2, so that it goes in once) */
		int members[BATCH_BYTES / 2], nm = 0;
		size_t used = 0;
		w->n = -1;
		for (int k = i; k < np && used + slot[k]->len + 1 <= BATCH_BYTES; k++) {
			struct shaped_word *x = slot[k];
			if (x->n != -1 || x->font != w->font || !word_batchable(x->text, x->len))
				continue;
			memcpy(text + used, x->text, x->len);
			used += x->len;
			text[used++] = ' ';
			x->n = -2;
			members[nm++] = k;
		}
		int n = shape_text(c, w->font, text, used - 1);
		if (n < 0)
			return -1;
		const hb_glyph_info_t *info = hb_buffer_get_glyph_infos(c->buffer, NULL);
		unsigned g = 0;
		uint32_t base = 0;
		for (int q = 0; q < nm; q++) {
			struct shaped_word *x = slot[members[q]];
			unsigned from = g;
			while (g < (unsigned)n && info[g].cluster < base + x->len)
				g++;
			if (keep_glyphs(c, x, from, g, base) < 0)
				return -1;
			base += (uint32_t)x->len + 1;
			while (g < (unsigned)n && info[g].cluster < base)
				g++;
		}
	}
	return 0;
}
