/* measure_words.c: the quick way to set a paragraph (see measure_words.h).
 * Each word is shaped once per font (HarfBuzz, as Pango would shape it)
 * and kept for the rest of the run, lines are broken greedily at spaces
 * (and after a hyphen inside a word when that lets more of it on the
 * line), and each line's runs are glued together from the kept glyphs, so
 * a key of a thousand rooms shapes its few thousand distinct words instead
 * of every line twice over. Text this way cannot set as Pango's layout
 * would (other scripts, control characters, glyphs the font lacks, a word
 * wider than the line) is left to it. Here the lines are assembled:
 * plain_text.c decides which text the quick way takes, word_cache.c and
 * word_shape.c keep and shape the words, word_tokens.c cuts the text into
 * them and word_break.c finds the breaks. */
#include "text/measure_words.h"

#include "text/glyph_run.h"
#include "text/measure_fonts.h"
#include "text/para_cache.h"
#include "text/plain_text.h"
#include "text/word_break.h"

#include <pango/pango.h>
#include <stdlib.h>
#include <string.h>

/* Glues pieces [from, to) (one font, contiguous text) into a run. */
static int make_run(const struct word_cache *c, const struct piece *pc, int from, int to, struct text_run *r)
{
	const struct word_font *f = &c->fonts.fonts[pc[from].font];
	int nglyphs = 0, width = 0;
	for (int i = from; i < to; i++) {
		nglyphs += pc[i].n;
		width += pc[i].width;
	}
	memset(r, 0, sizeof *r);
	r->start = pc[from].start;
	r->len = pc[to - 1].start + pc[to - 1].len - r->start;
	r->w = width / (double)PANGO_SCALE;
	/* the family's name, cut to fit as snprintf would (without its cost:
	 * a key of a thousand rooms makes tens of thousands of runs) */
	size_t flen = strlen(f->actual);
	if (flen >= sizeof r->family)
		flen = sizeof r->family - 1;
	memcpy(r->family, f->actual, flen);
	r->bold = f->actual_bold;
	r->italic = f->actual_italic;
	r->glyphs = glyph_run_new(f->scaled, nglyphs);
	if (!r->glyphs)
		return -1;
	struct glyph_pos *g = r->glyphs->g;
	for (int i = from; i < to; i++) {
		int32_t offset = (int32_t)(pc[i].start - r->start);
		for (int k = 0; k < pc[i].n; k++) {
			*g = pc[i].g[k];
			g->cluster += offset;
			g++;
		}
	}
	return 0;
}

/* The height of a line as Pango's layout takes it: the largest ascent and
 * descent among the fonts of its pieces [from, end), or of empty_font. */
static void line_metrics(const struct font_set *fs, const struct piece *pc, int from, int end, int empty_font,
			 int *ascent, int *descent)
{
	*ascent = *descent = 0;
	for (int i = from; i <= end; i++) {
		int f = i < end ? pc[i].font : from == end ? empty_font : -1;
		if (f < 0)
			continue;
		if (fs->fonts[f].ascent > *ascent)
			*ascent = fs->fonts[f].ascent;
		if (fs->fonts[f].descent > *descent)
			*descent = fs->fonts[f].descent;
	}
}

/* Adds line li of br below the lines before it (*top, in Pango units,
 * moves down past it). An empty line takes the height of empty_font. */
static int add_line(struct text_block *b, const struct breaking *br, int li, int empty_font, int *top, int *cap)
{
	const struct token *tok = br->tok;
	int first = br->first[li], last = br->last[li];
	struct text_line *tl = &b->lines[li];
	int from = 0, end = 0, ascent, descent;
	const struct piece *pc = br->pc;
	struct piece *cut_pc = NULL;
	if (last >= first) {
		from = tok[first].first_piece;
		end = tok[last].first_piece + tok[last].npieces;
	}
	if (br->head[li] != NO_CUT || br->cut[li] != NO_CUT) {
		/* a line that starts or ends inside a word: its parts shaped alone */
		cut_pc = malloc((size_t)(end - from) * sizeof *cut_pc);
		if (!cut_pc)
			return -1;
		memcpy(cut_pc, pc + from, (size_t)(end - from) * sizeof *cut_pc);
		size_t a = br->head[li] != NO_CUT ? br->head[li] : tok[first].start;
		size_t z = br->cut[li] != NO_CUT && first == last ? br->cut[li] : word_token_end(br, first);
		if (br->head[li] != NO_CUT && word_fragment(br, first, a, z, &cut_pc[0]) < 0)
			goto fail;
		if (br->cut[li] != NO_CUT &&
		    word_fragment(br, last, first == last ? a : tok[last].start, br->cut[li], &cut_pc[end - from - 1]) < 0)
			goto fail;
		pc = cut_pc;
		end -= from;
		from = 0;
	}
	line_metrics(&br->c->fonts, pc, from, end, empty_font, &ascent, &descent);
	tl->top = *top / (double)PANGO_SCALE;
	tl->height = (ascent + descent) / (double)PANGO_SCALE;
	tl->baseline = (*top + ascent) / (double)PANGO_SCALE;
	*top += ascent + descent;
	tl->first_run = b->nruns;
	double x = 0;
	while (from < end) {
		int to = from + 1;
		while (to < end && pc[to].font == pc[from].font)
			to++;
		struct text_run r;
		if (make_run(br->c, pc, from, to, &r) < 0)
			goto fail;
		r.x = x;
		x += r.w;
		if (text_block_add_run(b, cap, &r) < 0) {
			glyph_run_free(r.glyphs);
			goto fail;
		}
		from = to;
	}
	free(cut_pc);
	tl->nruns = b->nruns - tl->first_run;
	tl->width = x;
	if (tl->width > b->width)
		b->width = tl->width;
	return 0;
fail:
	free(cut_pc);
	return -1;
}

/* The paragraph cut into tokens: kept (m->paras) or cut now into c's
 * scratch (and kept when asked), in *out; out->plain 0 when the quick way
 * cannot set it, out->nt 0 when a glyph is missing. Returns 0, -1 without
 * memory. */
static int cut_paragraph(struct measure *m, const char *text, size_t len, const char *family, double size,
			 size_t bold_end, int wrapped, struct para_entry *out)
{
	const struct para_entry *kept =
		m->paras ? para_cache_find(m->paras, text, len, wrapped, family, size, bold_end) : NULL;
	if (kept) {
		*out = *kept;
		return 0;
	}
	*out = (struct para_entry){ .text = text, .len = len, .bold_end = bold_end, .family = family, .size = size,
				    .wrapped = wrapped, .font = { -1, -1 } };
	out->plain = plain_text(text, len, wrapped, &out->breaks_known);
	struct font_set *fs = &m->words->fonts;
	if (out->plain) {
		out->font[0] = bold_end < len ? font_set_get(fs, m->context, family, size, 0) : -1;
		out->font[1] = bold_end > 0 ? font_set_get(fs, m->context, family, size, 1) : -1;
		out->plain = !((bold_end < len && out->font[0] < 0) || (bold_end > 0 && out->font[1] < 0));
	}
	if (out->plain) {
		/* at most one token per byte, two pieces per token, one line per
		 * token or hyphen and one more after a closing newline (the lines
		 * measure_words_block keeps after them) */
		size_t maxl = 2 * len + 1;
		struct token *tok = word_cache_scratch(m->words, len * sizeof *tok +
								 2 * len * (sizeof(struct piece) + sizeof(void *)) +
								 2 * maxl * (sizeof(size_t) + sizeof(int)));
		if (!tok)
			return -1;
		struct piece *pc = (struct piece *)(tok + len);
		struct shaped_word **slot = (struct shaped_word **)(pc + 2 * len);
		out->nt = word_tokenize(m->words, text, len, bold_end, out->font, tok, pc, slot);
		if (out->nt < 0)
			return -1;
		out->tok = tok;
		out->pc = pc;
		out->np = out->nt > 0 ? tok[out->nt - 1].first_piece + tok[out->nt - 1].npieces : 0;
	}
	return m->paras ? para_cache_add(m->paras, out) : 0;
}

int measure_words_block(struct measure *m, struct text_block *b, const char *text, const char *family,
			double size, int bold_len, double width)
{
	size_t len = strlen(text);
	if (!m->words)
		return 0;
	size_t bold_end = bold_len < 0 || (size_t)bold_len > len ? len : (size_t)bold_len;
	struct para_entry pe;
	if (cut_paragraph(m, text, len, family, size, bold_end, width > 0, &pe) < 0)
		return -1;
	if (!pe.plain || pe.nt <= 0)
		return 0;
	int nt = pe.nt, breaks_known = pe.breaks_known;
	const int *font = pe.font;
	const struct token *tok = pe.tok;
	const struct piece *pc = pe.pc;
	/* the lines and cuts, in the scratch after the tokens and pieces */
	size_t maxl = 2 * len + 1;
	struct token *scratch = word_cache_scratch(m->words, len * sizeof *scratch +
								2 * len * (sizeof(struct piece) + sizeof(void *)) +
								2 * maxl * (sizeof(size_t) + sizeof(int)));
	if (!scratch)
		return -1;
	size_t *cuts = (size_t *)((struct shaped_word **)((struct piece *)(scratch + len) + 2 * len) + 2 * len);
	int *lines = (int *)(cuts + 2 * maxl);
	int width_pu = width > 0 ? (int)(width * PANGO_SCALE) : 0;
	/* where Pango might break otherwise, the text is set the quick way
	 * only when it needs no breaking: every line fits */
	struct breaking br = { m->words, text, tok, pc, nt, breaks_known ? width_pu : 0, lines, lines + maxl, cuts,
			       cuts + maxl, 0 };
	int nl = word_break_lines(&br);
	if (nl > 0 && !breaks_known && width_pu > 0 && !word_lines_fit(tok, nt, br.first, br.last, nl, width_pu))
		nl = 0;
	if (nl <= 0)
		return nl;
	memset(b, 0, sizeof *b);
	b->size = size;
	b->text = strdup(text);
	b->lines = calloc((size_t)nl, sizeof *b->lines);
	int cap = 0, top = 0;
	if (!b->text || !b->lines)
		goto fail;
	for (int i = 0; i < nl; i++) {
		/* an empty line is as high as the font at its place in the text
		 * (the end of an all-bold text: the bold one) */
		size_t at = br.first[i] < nt ? tok[br.first[i]].start : len;
		int empty_font = font[at < bold_end] >= 0 ? font[at < bold_end] : font[at >= bold_end];
		if (add_line(b, &br, i, empty_font, &top, &cap) < 0)
			goto fail;
	}
	b->nlines = nl;
	b->height = top / (double)PANGO_SCALE;
	return 1;
fail:
	text_block_free(b);
	return -1;
}

int measure_words_width(struct measure *m, const char *text, const char *family, double size, int bold,
			double *width)
{
	size_t len = strlen(text);
	int breaks_known;
	if (!m->words || !plain_text(text, len, 0, &breaks_known) || memchr(text, '\n', len))
		return 0;
	int font[2] = { bold ? -1 : font_set_get(&m->words->fonts, m->context, family, size, 0),
			bold ? font_set_get(&m->words->fonts, m->context, family, size, 1) : -1 };
	if (font[bold ? 1 : 0] < 0)
		return 0;
	struct token *tok = word_cache_scratch(m->words, len * sizeof *tok + 2 * len * (sizeof(struct piece) + sizeof(void *)));
	if (!tok)
		return -1;
	struct piece *pc = (struct piece *)(tok + len);
	int nt = word_tokenize(m->words, text, len, bold ? len : 0, font, tok, pc, (struct shaped_word **)(pc + 2 * len));
	if (nt <= 0)
		return nt < 0 ? -1 : 0;
	/* as a line of a block: without the spaces that end it */
	int w = 0, end = nt;
	while (end > 0 && tok[end - 1].kind == TOKEN_SPACE)
		end--;
	for (int t = 0; t < end; t++)
		w += tok[t].width;
	*width = w / (double)PANGO_SCALE;
	return 1;
}
