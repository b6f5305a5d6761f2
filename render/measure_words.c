/* measure_words.c: the quick way to set a paragraph (see measure_int.h).
 * Each word is shaped once per font (HarfBuzz, as Pango would shape it)
 * and kept for the rest of the run, lines
 * are broken greedily at spaces, and each line's runs are glued together
 * from the kept glyphs, so a key of a thousand rooms shapes its few
 * thousand distinct words instead of every line twice over. Text this way
 * cannot set as Pango's layout would (other scripts, control characters,
 * glyphs the font lacks, a word wider than the line) is left to it. */
#include "measure_int.h"

#include "glyph_run.h"
#include "measure_fonts.h"

#include <hb.h>
#include <pango/pangocairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_MIN_SLOTS 1024
#define ARENA_CHUNK (64 * 1024)

/* A word (or a run of spaces) shaped in one font; text and glyphs live in
 * the cache's arena. */
struct shaped_word {
	char *text;                     /* NULL: an empty slot */
	size_t len;
	uint32_t hash;
	int font;
	struct glyph_pos *g;
	int n;
	int width;                      /* Pango units */
	int complete;                   /* every glyph is in the font and visible */
};

/* Memory for the words, released all at once. */
struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	unsigned char data[];
};

struct word_cache {
	struct font_set fonts;
	struct shaped_word *slots;
	size_t nslots, used;
	struct arena_chunk *arena;
	hb_buffer_t *buffer;            /* HarfBuzz shapes in it */
};

/* A piece of a token in one font; a token is a word or a run of spaces. */
struct piece {
	size_t start, len;
	int font;
	const struct glyph_pos *g;      /* the word's (slots move as the cache grows) */
	int n;
	int width;
};

enum token_kind { TOKEN_WORD, TOKEN_SPACE, TOKEN_NEWLINE };

struct token {
	int first_piece, npieces;
	enum token_kind kind;
	size_t start;           /* its first byte */
	int width;
	int tail;               /* spaces: the width of all but the last */
};

struct word_cache *word_cache_new(void)
{
	return calloc(1, sizeof(struct word_cache));
}

void word_cache_free(struct word_cache *c)
{
	if (!c)
		return;
	while (c->arena) {
		struct arena_chunk *next = c->arena->next;
		free(c->arena);
		c->arena = next;
	}
	hb_buffer_destroy(c->buffer);
	font_set_free(&c->fonts);
	free(c->slots);
	free(c);
}

/* The character at *p (UTF-8, already validated) before end, or 0 at the
 * end; moves *p past it. */
static gunichar next_char(const char **p, const char *end)
{
	if (*p >= end)
		return 0;
	unsigned char c = (unsigned char)**p;
	if (c < 0x80) {
		(*p)++;
		return c;
	}
	gunichar u = g_utf8_get_char(*p);
	*p = g_utf8_next_char(*p);
	return u;
}

static int is_alnum(gunichar u)
{
	if (u < 0x80)
		return (u >= '0' && u <= '9') || ((u | 0x20) >= 'a' && (u | 0x20) <= 'z');
	return g_unichar_isalnum(u);
}

static int is_quote(gunichar c)
{
	return c == '\'' || c == '"' || (c >= 0x2018 && c <= 0x201d) || c == 0xab || c == 0xbb;
}

/* Punctuation that may stand next to other punctuation without Pango
 * finding a place to break between them: a stop or comma against a
 * closing bracket or quote ("end.)", "said,\u201d"), and quotes together. */
static int quiet_pair(gunichar a, gunichar b)
{
	static const char stops[] = ".,;:!?";
	int a_stop = a < 0x80 && strchr(stops, (int)a), b_stop = b < 0x80 && strchr(stops, (int)b);
	int a_close = a == ')' || a == ']' || a == '\'' || a == '"' || a == 0x2019 || a == 0x201d || a == 0xbb;
	int b_close = b == ')' || b == ']' || b == '\'' || b == '"' || b == 0x2019 || b == 0x201d || b == 0xbb;
	return (a_stop && b_close) || (a_close && b_stop) || (is_quote(a) && is_quote(b));
}

/* Whether Pango's line breaking (Unicode's rules) would break text only at
 * its runs of spaces, as the quick way does. It may also break inside a
 * word at a hyphen, slash, dash or ellipsis, after ! or ? or | followed by
 * more of the word, between a letter's comma or stop and a digit, and
 * between many pairs of punctuation (".+"); and it keeps a space unbroken
 * before closing punctuation (" .", " )"), after opening punctuation
 * ("( ") and between a quote and an opening bracket. Text with any of those goes to Pango (tests/check_render_text.c
 * holds the rule to Pango's own breaks). */
static int breaks_only_at_spaces(const char *text, size_t len)
{
	gunichar prev = ' ', before_spaces = '\n';
	const char *end = text + len, *p = text;
	gunichar next = next_char(&p, end);
	while (next) {
		gunichar u = next;
		next = next_char(&p, end);
		int space_after = next == 0 || next == ' ' || next == '\n';
		if (u == ' ' && prev != ' ')
			before_spaces = prev;
		/* a quote, spaces, an opening bracket: no break there */
		if (prev == ' ' && (u == '(' || u == '[' || u == '{') && is_quote(before_spaces))
			return 0;
		if (u != ' ' && u != '\n' && prev != ' ' && prev != '\n' && !is_alnum(u) && !is_alnum(prev) &&
		    !quiet_pair(prev, u))
			return 0;
		switch (u) {
		case '-': case '/': case '|': case '{': case '}':
		case 0xa1: case 0xad: case 0xb4: case 0xbf: case 0x201a: case 0x201e: case 0x2026:
			return 0;
		case '(': case '[':
			if (space_after)
				return 0;
			break;
		case ')': case ']':
			if (prev == ' ')
				return 0;
			break;
		case ',': case '.': case ':': case ';':
			if (prev == ' ' || (next >= '0' && next <= '9' && !(prev >= '0' && prev <= '9')))
				return 0;
			break;
		case '!': case '?':
			if (prev == ' ' || !space_after)
				return 0;
			break;
		default:
			if (u >= 0x2010 && u <= 0x2015)
				return 0;
			break;
		}
		prev = u;
	}
	return 1;
}

/* Latin letters, digits and the punctuation around them: the characters
 * whose line breaking breaks_only_at_spaces() was written (and is tested)
 * for. */
static int known_breaking(gunichar u)
{
	return (u >= 0x20 && u < 0x7f) || (u >= 0xa0 && u <= 0x24f) || (u >= 0x2018 && u <= 0x201f) || u == 0x2022 ||
	       u == 0x2026 || (u >= 0x2030 && u <= 0x2033) || u == 0x20ac || u == 0x2122;
}

/* Text the quick way sets as Pango would: left-to-right scripts without
 * complex shaping, no control characters but newlines, no invisible or
 * bidi marks. For wrapped text, *breaks_known tells whether Pango would
 * break it only at spaces (Latin text that breaks_only_at_spaces()
 * passes); unwrapped text is not asked. */
static int plain_text(const char *text, size_t len, int wrapped, int *breaks_known)
{
	*breaks_known = 0;
	if (len == 0 || !g_utf8_validate(text, (gssize)len, NULL))
		return 0;
	int known = 1;
	const char *end = text + len, *p = text;
	for (gunichar u = next_char(&p, end); u; u = next_char(&p, end)) {
		if ((u < 0x20 && u != '\n') || u == 0x7f || (u >= 0x80 && u < 0xa0) || u == 0xad)
			return 0;
		if (u != '\n' && !known_breaking(u))
			known = 0;
		if (u < 0x0590)
			continue;
		if ((u >= 0x2010 && u <= 0x2027) || (u >= 0x2030 && u <= 0x205e) || (u >= 0x2070 && u <= 0x2bff))
			continue;
		return 0;
	}
	/* only wrapped text needs its breaks (a pass of its own) */
	*breaks_known = wrapped && known && breaks_only_at_spaces(text, len);
	return 1;
}

static uint32_t word_hash(const char *s, size_t len, int font)
{
	uint32_t h = 2166136261u ^ (uint32_t)font;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

static int cache_grow(struct word_cache *c)
{
	size_t n = c->nslots ? c->nslots * 2 : CACHE_MIN_SLOTS;
	struct shaped_word *s = calloc(n, sizeof *s);
	if (!s)
		return -1;
	for (size_t i = 0; i < c->nslots; i++) {
		if (!c->slots[i].text)
			continue;
		size_t k = c->slots[i].hash & (n - 1);
		while (s[k].text)
			k = (k + 1) & (n - 1);
		s[k] = c->slots[i];
	}
	free(c->slots);
	c->slots = s;
	c->nslots = n;
	return 0;
}

static void *arena_alloc(struct word_cache *c, size_t size)
{
	size = (size + 7) & ~(size_t)7;
	if (!c->arena || c->arena->used + size > c->arena->cap) {
		size_t cap = size > ARENA_CHUNK ? size : ARENA_CHUNK;
		struct arena_chunk *k = malloc(sizeof *k + cap);
		if (!k)
			return NULL;
		k->next = c->arena;
		k->used = 0;
		k->cap = cap;
		c->arena = k;
	}
	void *p = c->arena->data + c->arena->used;
	c->arena->used += size;
	return p;
}

/* The word text[0..len) shaped in font f, from the cache or shaped now. */
static const struct shaped_word *shaped(struct measure *m, const char *text, size_t len, int f)
{
	struct word_cache *c = m->words;
	if ((c->used + 1) * 4 > c->nslots * 3 && cache_grow(c) < 0)
		return NULL;
	uint32_t h = word_hash(text, len, f);
	size_t k = h & (c->nslots - 1);
	for (; c->slots[k].text; k = (k + 1) & (c->nslots - 1)) {
		struct shaped_word *w = &c->slots[k];
		if (w->hash == h && w->font == f && w->len == len && memcmp(w->text, text, len) == 0)
			return w;
	}
	struct shaped_word w = { .len = len, .hash = h, .font = f };
	w.text = arena_alloc(c, len + 1);
	if (!w.text || (!c->buffer && !hb_buffer_allocation_successful(c->buffer = hb_buffer_create())))
		return NULL;
	memcpy(w.text, text, len);
	w.text[len] = '\0';
	/* shaped as Pango shapes a paragraph of its own: the same font,
	 * script, language, cluster level and flags, no extra features */
	const struct word_font *wf = &c->fonts.fonts[f];
	hb_buffer_t *buf = c->buffer;
	hb_buffer_clear_contents(buf);
	hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
	hb_buffer_set_script(buf, wf->script);
	hb_buffer_set_language(buf, wf->language);
	hb_buffer_set_cluster_level(buf, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
	hb_buffer_set_flags(buf, HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT);
	hb_buffer_set_invisible_glyph(buf, PANGO_GLYPH_EMPTY);
	hb_buffer_add_utf8(buf, w.text, (int)len, 0, (int)len);
	hb_shape_plan_execute(wf->plan, wf->hb, buf, NULL, 0);
	unsigned n = 0;
	const hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &n);
	const hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, NULL);
	if (!hb_buffer_allocation_successful(buf) || !info || !pos)
		return NULL;
	w.n = (int)n;
	w.g = arena_alloc(c, (size_t)n * sizeof *w.g);
	if (!w.g)
		return NULL;
	w.complete = n > 0;
	for (unsigned i = 0; i < n; i++) {
		w.g[i] = (struct glyph_pos){ info[i].codepoint, pos[i].x_advance, pos[i].x_offset, -pos[i].y_offset,
					     (int32_t)info[i].cluster };
		w.width += pos[i].x_advance;
		if (info[i].codepoint == 0 || info[i].codepoint == PANGO_GLYPH_EMPTY)
			w.complete = 0;
	}
	c->slots[k] = w;
	c->used++;
	return &c->slots[k];
}

/* Splits text into tokens (words and runs of spaces) and each token into
 * pieces of one font at bold_end, and shapes the pieces. Returns the token
 * count, 0 when a glyph is missing, -1 without memory. */
static int tokenize(struct measure *m, const char *text, size_t len, size_t bold_end, const int font[2],
		    struct token *tok, struct piece *pc)
{
	int nt = 0, np = 0;
	for (size_t i = 0; i < len;) {
		enum token_kind kind = text[i] == '\n' ? TOKEN_NEWLINE : text[i] == ' ' ? TOKEN_SPACE : TOKEN_WORD;
		size_t j = i + 1;
		while (kind != TOKEN_NEWLINE && j < len && text[j] != '\n' && (text[j] == ' ') == (kind == TOKEN_SPACE))
			j++;
		struct token *t = &tok[nt++];
		t->first_piece = np;
		t->kind = kind;
		t->start = i;
		t->width = t->tail = 0;
		for (size_t a = i; a < j && kind != TOKEN_NEWLINE;) {
			int bold = a < bold_end;
			size_t b = bold && bold_end < j ? bold_end : j;
			struct piece *p = &pc[np++];
			p->start = a;
			p->len = b - a;
			p->font = font[bold];
			const struct shaped_word *w = shaped(m, text + a, b - a, p->font);
			if (!w)
				return -1;
			if (!w->complete)
				return 0;
			p->g = w->g;
			p->n = w->n;
			p->width = w->width;
			t->width += w->width;
			a = b;
		}
		t->npieces = np - t->first_piece;
		if (kind == TOKEN_SPACE) {
			const struct piece *last = &pc[np - 1];
			t->tail = t->width - last->g[last->n - 1].width;
		}
		i = j;
	}
	return nt;
}

/* Glues pieces [from, to) (one font, contiguous text) into a run. */
static int make_run(const struct measure *m, const struct piece *pc, int from, int to, struct text_run *r)
{
	const struct word_font *f = &m->words->fonts.fonts[pc[from].font];
	int nglyphs = 0, width = 0;
	for (int i = from; i < to; i++) {
		nglyphs += pc[i].n;
		width += pc[i].width;
	}
	memset(r, 0, sizeof *r);
	r->start = pc[from].start;
	r->len = pc[to - 1].start + pc[to - 1].len - r->start;
	r->w = width / (double)PANGO_SCALE;
	snprintf(r->family, sizeof r->family, "%s", f->actual);
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

/* Adds the runs of tokens [first, last] as line li below the lines before
 * it (*top, in Pango units, moves down past it). An empty line takes the
 * height of empty_font. */
static int add_line(struct text_block *b, const struct measure *m, const struct token *tok, const struct piece *pc,
		    int first, int last, int li, int empty_font, int *top, int *cap)
{
	struct text_line *tl = &b->lines[li];
	int from = 0, end = 0, ascent, descent;
	if (last >= first) {
		from = tok[first].first_piece;
		end = tok[last].first_piece + tok[last].npieces;
	}
	line_metrics(&m->words->fonts, pc, from, end, empty_font, &ascent, &descent);
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
		if (make_run(m, pc, from, to, &r) < 0)
			return -1;
		r.x = x;
		x += r.w;
		if (text_block_add_run(b, cap, &r) < 0) {
			glyph_run_free(r.glyphs);
			return -1;
		}
		from = to;
	}
	tl->nruns = b->nruns - tl->first_run;
	tl->width = x;
	if (tl->width > b->width)
		b->width = tl->width;
	return 0;
}

/* Adds a line of tokens [f, l] (l < f: an empty line). */
static void add_break(int *first, int *last, int *nl, int f, int l)
{
	first[*nl] = f;
	last[*nl] = l;
	(*nl)++;
}

/* What the spaces after a line's last word (token t) add to it: all of
 * them but the one the line breaks at, as Pango counts them. */
static int trailing(const struct token *tok, int nt, int t)
{
	return t < nt && tok[t].kind == TOKEN_SPACE ? tok[t].tail : 0;
}

/* Greedy breaking: the first word of a line always goes on it (with the
 * spaces before it at the start of a paragraph); each further word goes on
 * when it, the spaces before it and all but one of the spaces after it
 * fit; a newline ends the line, and one
 * ending the text leaves an empty line after it, as in Pango. Returns the
 * line count, or 0 when a word alone is wider than the line (Pango breaks
 * inside it). */
static int break_lines(const struct token *tok, int nt, int width, int *first, int *last)
{
	int nl = 0;
	for (int t = 0; t < nt;) {
		int w = 0, f = t, l = t - 1;
		while (t < nt && tok[t].kind != TOKEN_NEWLINE) {
			w += tok[t].width;
			l = t++;
			if (tok[l].kind == TOKEN_WORD)
				break;
		}
		while (t + 1 < nt && tok[t].kind == TOKEN_SPACE && tok[t + 1].kind == TOKEN_WORD &&
		       (width <= 0 || w + tok[t].width + tok[t + 1].width + trailing(tok, nt, t + 2) <= width)) {
			w += tok[t].width + tok[t + 1].width;
			l = t + 1;
			t += 2;
		}
		if (width > 0 && w > width)
			return 0;
		add_break(first, last, &nl, f, l);
		if (t < nt && tok[t].kind == TOKEN_SPACE)
			t++;
		if (t < nt && tok[t].kind == TOKEN_NEWLINE && ++t == nt)
			add_break(first, last, &nl, t, t - 1);
	}
	return nl;
}

/* Whether each of the nl lines fits in width (Pango units), with all the
 * spaces that end it. */
static int lines_fit(const struct token *tok, int nt, const int *first, const int *last, int nl, int width)
{
	for (int i = 0; i < nl; i++) {
		int w = 0;
		for (int t = first[i]; t <= last[i]; t++)
			w += tok[t].width;
		if (last[i] + 1 < nt && tok[last[i] + 1].kind == TOKEN_SPACE)
			w += tok[last[i] + 1].width;
		if (w > width)
			return 0;
	}
	return 1;
}

int measure_words_block(struct measure *m, struct text_block *b, const char *text, const char *family,
			double size, int bold_len, double width)
{
	size_t len = strlen(text);
	int breaks_known;
	if (!m->words || !plain_text(text, len, width > 0, &breaks_known))
		return 0;
	size_t bold_end = bold_len < 0 || (size_t)bold_len > len ? len : (size_t)bold_len;
	struct font_set *fs = &m->words->fonts;
	int font[2] = { bold_end < len ? font_set_get(fs, m->context, family, size, 0) : -1,
			bold_end > 0 ? font_set_get(fs, m->context, family, size, 1) : -1 };
	if ((bold_end < len && font[0] < 0) || (bold_end > 0 && font[1] < 0))
		return 0;
	/* at most one token per byte, two pieces per token, one line per token
	 * and one more after a closing newline */
	struct token *tok = malloc(len * sizeof *tok);
	struct piece *pc = malloc(2 * len * sizeof *pc);
	int *first = malloc(2 * (len + 1) * sizeof *first);
	int rc = -1;
	if (!tok || !pc || !first)
		goto out;
	int nt = tokenize(m, text, len, bold_end, font, tok, pc);
	if (nt <= 0) {
		rc = nt;
		goto out;
	}
	int *last = first + len + 1;
	int width_pu = width > 0 ? (int)(width * PANGO_SCALE) : 0;
	/* where Pango might break otherwise than at spaces, the text is set
	 * the quick way only when it needs no breaking: every line fits */
	int nl = break_lines(tok, nt, breaks_known ? width_pu : 0, first, last);
	if (!breaks_known && width_pu > 0 && !lines_fit(tok, nt, first, last, nl, width_pu))
		nl = 0;
	if (nl == 0) {
		rc = 0;
		goto out;
	}
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
		size_t at = first[i] < nt ? tok[first[i]].start : len;
		int empty_font = font[at < bold_end] >= 0 ? font[at < bold_end] : font[at >= bold_end];
		if (add_line(b, m, tok, pc, first[i], last[i], i, empty_font, &top, &cap) < 0)
			goto fail;
	}
	b->nlines = nl;
	b->height = top / (double)PANGO_SCALE;
	rc = 1;
	goto out;
fail:
	text_block_free(b);
out:
	free(tok);
	free(pc);
	free(first);
	return rc;
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
	struct token *tok = malloc(len * sizeof *tok);
	struct piece *pc = malloc(2 * len * sizeof *pc);
	int rc = -1;
	if (tok && pc) {
		int nt = tokenize(m, text, len, bold ? len : 0, font, tok, pc);
		rc = nt < 0 ? -1 : 0;
		if (nt > 0) {
			/* as a line of a block: without the spaces that end it */
			int w = 0, end = nt;
			while (end > 0 && tok[end - 1].kind == TOKEN_SPACE)
				end--;
			for (int t = 0; t < end; t++)
				w += tok[t].width;
			*width = w / (double)PANGO_SCALE;
			rc = 1;
		}
	}
	free(tok);
	free(pc);
	return rc;
}
