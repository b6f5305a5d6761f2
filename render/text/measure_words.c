/* measure_words.c: the quick way to set a paragraph (see measure_int.h).
 * Each word is shaped once per font (HarfBuzz, as Pango would shape it)
 * and kept for the rest of the run, lines
 * are broken greedily at spaces (and after a hyphen inside a word when
 * that lets more of it on the line), and each line's runs are glued together
 * from the kept glyphs, so a key of a thousand rooms shapes its few
 * thousand distinct words instead of every line twice over. Text this way
 * cannot set as Pango's layout would (other scripts, control characters,
 * glyphs the font lacks, a word wider than the line) is left to it. */
#include "text/measure_int.h"

#include "text/glyph_run.h"
#include "text/measure_fonts.h"

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
	void *scratch;                  /* a call's tokens, pieces and lines, kept for the next */
	size_t scratch_size;
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
	free(c->scratch);
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

/* ASCII letters and digits */
static const unsigned char ascii_alnum[128] = {
	['0'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['A'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['a'] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static int is_alnum(gunichar u)
{
	return u < 0x80 ? ascii_alnum[u] : g_unichar_isalnum(u);
}

static int is_letter(gunichar u)
{
	if (u < 0x80)
		return (u | 0x20) >= 'a' && (u | 0x20) <= 'z';
	return g_unichar_isalpha(u);
}

/* A hyphen between a letter or digit and a letter ("rust-red", "3-headed"):
 * Pango may break after it, and so does the quick way. A hyphen anywhere
 * else leaves wrapped text to Pango. */
static int word_hyphen(gunichar before, gunichar after)
{
	return is_alnum(before) && is_letter(after);
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

/* Whether Pango's line breaking (Unicode's rules) would break text only
 * where the quick way does: at its runs of spaces and after word hyphens
 * (word_hyphen()). It may also break inside a word at another hyphen, a
 * slash, dash or ellipsis, after ! or ? or | followed by more of the word,
 * between a letter's comma or stop and a digit, and between many pairs of
 * punctuation (".+"); and it keeps a space unbroken before closing
 * punctuation (" .", " )"), after opening punctuation ("( ") and between a
 * quote and an opening bracket. Text with any of those goes to Pango
 * (tests/check_render_text.c holds the rule to Pango's own breaks). */
static int breaks_only_at_spaces(const char *text, size_t len)
{
	gunichar prev = ' ', before_spaces = '\n';
	const char *end = text + len, *p = text;
	gunichar next = next_char(&p, end);
	while (next) {
		gunichar u = next;
		next = next_char(&p, end);
		/* a letter or digit after one: nothing to check */
		if (u < 0x80 && prev < 0x80 && ascii_alnum[u] && ascii_alnum[prev]) {
			prev = u;
			continue;
		}
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
		case '-':
			if (!word_hyphen(prev, next))
				return 0;
			break;
		case '/': case '|': case '{': case '}':
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
	/* ASCII first, a byte at a time; the rest validated and decoded */
	size_t i = 0;
	for (; i < len && (unsigned char)text[i] < 0x80; i++)
		if ((text[i] < 0x20 && text[i] != '\n') || text[i] == 0x7f)
			return 0;
	if (len == 0 || !g_utf8_validate(text + i, (gssize)(len - i), NULL))
		return 0;
	int known = 1;
	const char *end = text + len, *p = text + i;
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

/* The cache's scratch memory, at least size bytes (its contents are not
 * kept); NULL without memory. */
static void *scratch(struct word_cache *c, size_t size)
{
	if (size > c->scratch_size) {
		size_t n = size > 2 * c->scratch_size ? size : 2 * c->scratch_size;
		void *p = malloc(n);
		if (!p)
			return NULL;
		free(c->scratch);
		c->scratch = p;
		c->scratch_size = n;
	}
	return c->scratch;
}

/* Makes room for n more words without moving the slots while they are
 * added. */
static int cache_reserve(struct word_cache *c, size_t n)
{
	while ((c->used + n + 1) * 4 > c->nslots * 3)
		if (cache_grow(c) < 0)
			return -1;
	return 0;
}

/* The slot of the word text[0..len) in font f: the word shaped before, or a
 * new slot holding its text, not yet shaped (n < 0). Room must have been
 * made for it. Returns NULL without memory. */
static struct shaped_word *cache_slot(struct word_cache *c, const char *text, size_t len, int f)
{
	uint32_t h = word_hash(text, len, f);
	size_t k = h & (c->nslots - 1);
	for (; c->slots[k].text; k = (k + 1) & (c->nslots - 1)) {
		struct shaped_word *w = &c->slots[k];
		if (w->hash == h && w->font == f && w->len == len && memcmp(w->text, text, len) == 0)
			return w;
	}
	struct shaped_word *w = &c->slots[k];
	char *copy = arena_alloc(c, len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, text, len);
	copy[len] = '\0';
	*w = (struct shaped_word){ .text = copy, .len = len, .hash = h, .font = f, .n = -1 };
	c->used++;
	return w;
}

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
	w->g = arena_alloc(c, (size_t)w->n * sizeof *w->g);
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
static const struct shaped_word *shaped(struct measure *m, const char *text, size_t len, int f)
{
	struct word_cache *c = m->words;
	if (cache_reserve(c, 1) < 0)
		return NULL;
	struct shaped_word *w = cache_slot(c, text, len, f);
	if (!w || w->n >= 0)
		return w;
	int n = shape_text(c, f, w->text, len);
	if (n < 0 || keep_glyphs(c, w, 0, (unsigned)n, 0) < 0)
		return NULL;
	return w;
}

/* Whether a word may be shaped in one buffer with others, a space between
 * each: Latin letters, digits and punctuation, which neither join nor kern
 * across a space, so each comes out as it would alone. */
static int batchable(const char *text, size_t len)
{
	const char *end = text + len, *p = text;
	for (gunichar u = next_char(&p, end); u; u = next_char(&p, end))
		if (u == ' ' || (u >= 0x7f && u < 0xa0) || u > 0x24f)
			return 0;
	return len > 0;
}

#define BATCH_BYTES 4096

/* Shapes the words slot[0..np) that are not yet shaped: those that
 * batchable() allows in one buffer per font (a space between each, cut
 * apart by cluster), the rest alone. Returns 0, -1 without memory. */
static int shape_pending(struct word_cache *c, struct shaped_word **slot, int np)
{
	char text[BATCH_BYTES];
	for (int i = 0; i < np; i++) {
		struct shaped_word *w = slot[i];
		if (w->n >= 0)
			continue;
		if (!batchable(w->text, w->len) || w->len + 1 > BATCH_BYTES) {
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
			if (x->n != -1 || x->font != w->font || !batchable(x->text, x->len))
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

/* Splits text into tokens (words and runs of spaces) and each token into
 * pieces of one font at bold_end, and shapes the pieces (the words not
 * met before together, shape_pending()); slot has room for a word per
 * piece. Returns the token count, 0 when a glyph is missing, -1 without
 * memory. */
static int tokenize(struct measure *m, const char *text, size_t len, size_t bold_end, const int font[2],
		    struct token *tok, struct piece *pc, struct shaped_word **slot)
{
	struct word_cache *c = m->words;
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
			pc[np++] = (struct piece){ .start = a, .len = b - a, .font = font[bold] };
			a = b;
		}
		t->npieces = np - t->first_piece;
		i = j;
	}
	int pending = 0;
	if (cache_reserve(c, (size_t)np) < 0)
		return -1;
	for (int i = 0; i < np; i++) {
		if (!(slot[i] = cache_slot(c, text + pc[i].start, pc[i].len, pc[i].font)))
			return -1;
		pending |= slot[i]->n < 0;
	}
	if (pending && shape_pending(c, slot, np) < 0)
		return -1;
	int complete = 1;
	for (int i = 0; i < np; i++) {
		pc[i].g = slot[i]->g;
		pc[i].n = slot[i]->n;
		pc[i].width = slot[i]->width;
		complete &= slot[i]->complete;
	}
	if (!complete)
		return 0;
	for (int i = 0; i < nt; i++) {
		struct token *t = &tok[i];
		for (int k = t->first_piece; k < t->first_piece + t->npieces; k++)
			t->width += pc[k].width;
		if (t->kind == TOKEN_SPACE) {
			const struct piece *last = &pc[t->first_piece + t->npieces - 1];
			t->tail = t->width - last->g[last->n - 1].width;
		}
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

#define NO_CUT ((size_t)-1)

/* Where the lines break: line i holds tokens first[i]..last[i]; it starts
 * inside its first word at byte head[i] and ends inside its last at byte
 * cut[i] when those are not NO_CUT (after a hyphen). */
struct breaking {
	struct measure *m;
	const char *text;
	const struct token *tok;
	const struct piece *pc;
	int nt;
	int width;                      /* Pango units; 0: no wrapping */
	int *first, *last;
	size_t *head, *cut;
	int nl;
};

static size_t token_end(const struct breaking *br, int t)
{
	const struct piece *p = &br->pc[br->tok[t].first_piece + br->tok[t].npieces - 1];
	return p->start + p->len;
}

/* The byte after the first word hyphen of word token t past byte from, or 0. */
static size_t next_hyphen(const struct breaking *br, int t, size_t from)
{
	size_t end = token_end(br, t);
	for (size_t i = from + 1; i + 1 < end; i++)
		if (br->text[i] == '-' && word_hyphen(g_utf8_get_char(g_utf8_prev_char(br->text + i)),
						      g_utf8_get_char(br->text + i + 1)))
			return i + 1;
	return 0;
}

/* The text [a, b) of word token t as a piece shaped on its own (as Pango
 * shapes the part of a word either side of a break). Returns 1, 0 when a
 * glyph is missing, -1 without memory. */
static int fragment(const struct breaking *br, int t, size_t a, size_t b, struct piece *p)
{
	int font = br->pc[br->tok[t].first_piece].font;
	const struct shaped_word *w = shaped(br->m, br->text + a, b - a, font);
	if (!w)
		return -1;
	*p = (struct piece){ a, b - a, font, w->g, w->n, w->width };
	return w->complete;
}

/* The longest part of word token t from byte from that ends after one of
 * its hyphens and fits in room, found as Pango finds it: measured within
 * the rest of the word, then shaped on its own. Sets *at to its end (0:
 * none fits). Returns 1, 0 when the quick way cannot tell (a word of two
 * fonts, a missing glyph), -1 without memory. */
static int longest_part(const struct breaking *br, int t, size_t from, int room, size_t *at)
{
	*at = 0;
	size_t p = next_hyphen(br, t, from);
	if (!p)
		return 1;
	if (br->tok[t].npieces != 1)
		return 0;
	struct piece rest, part;
	int rc = fragment(br, t, from, token_end(br, t), &rest);
	for (; rc == 1 && p; p = next_hyphen(br, t, p)) {
		int within = 0;
		for (int i = 0; i < rest.n; i++)
			if ((size_t)rest.g[i].cluster < p - from)
				within += rest.g[i].width;
		if (within > room)
			break;
		rc = fragment(br, t, from, p, &part);
		if (rc == 1 && part.width <= room)
			*at = p;
	}
	return rc;
}

static void add_break(struct breaking *br, int f, int l, size_t head, size_t cut)
{
	br->first[br->nl] = f;
	br->last[br->nl] = l;
	br->head[br->nl] = head;
	br->cut[br->nl] = cut;
	br->nl++;
}

/* What the spaces after a line's last word (token t) add to it as Pango
 * counts them: all of them before a newline (there is no break between
 * them and it), else all but the one the line breaks at. */
static int trailing(const struct token *tok, int nt, int t)
{
	if (t >= nt || tok[t].kind != TOKEN_SPACE)
		return 0;
	return t + 1 < nt && tok[t + 1].kind == TOKEN_NEWLINE ? tok[t].width : tok[t].tail;
}

/* Greedy breaking: the first word of a line always goes on it (with the
 * spaces before it at the start of a paragraph); each further word goes on
 * when it, the spaces before it and all but one of the spaces after it
 * fit, or else as much of it as fits up to a hyphen; a newline ends the
 * line, and one ending the text leaves an empty line after it, as in
 * Pango. Returns the line count, 0 when the quick way cannot set it (a
 * word wider than the line and no hyphen to break it at: Pango breaks
 * inside it), -1 without memory. */
static int break_lines(struct breaking *br)
{
	const struct token *tok = br->tok;
	int nt = br->nt, width = br->width;
	size_t head = NO_CUT;   /* the next line starts inside word tok[t] */
	for (int t = 0; t < nt;) {
		int w = 0, f = t, l = t - 1;
		size_t line_head = head, cut = NO_CUT;
		if (head != NO_CUT) {
			struct piece rest;
			int rc = fragment(br, t, head, token_end(br, t), &rest);
			if (rc <= 0)
				return rc;
			w = rest.width;
			l = t++;
		}
		while (head == NO_CUT && t < nt && tok[t].kind != TOKEN_NEWLINE) {
			w += tok[t].width;
			l = t++;
			if (tok[l].kind == TOKEN_WORD)
				break;
		}
		head = NO_CUT;
		/* a first word that fits but for the spaces before a newline:
		 * Pango breaks inside it */
		if (width > 0 && w <= width && l + 2 < nt && tok[l + 1].kind == TOKEN_SPACE &&
		    tok[l + 2].kind == TOKEN_NEWLINE && w + tok[l + 1].width > width)
			return 0;
		if (width > 0 && w > width) {
			/* a first word too wide: as much of it as fits, up to a hyphen */
			if (l != f || tok[l].kind != TOKEN_WORD)
				return 0;
			size_t at;
			int rc = longest_part(br, l, line_head != NO_CUT ? line_head : tok[l].start, width, &at);
			if (rc <= 0 || !at)
				return rc < 0 ? -1 : 0;
			add_break(br, f, l, line_head, at);
			head = at;
			t = l;
			continue;
		}
		while (t + 1 < nt && tok[t].kind == TOKEN_SPACE && tok[t + 1].kind == TOKEN_WORD) {
			int room = width - w - tok[t].width;
			if (width <= 0 || tok[t + 1].width + trailing(tok, nt, t + 2) <= room) {
				w += tok[t].width + tok[t + 1].width;
				l = t + 1;
				t += 2;
				continue;
			}
			size_t at;
			int rc = longest_part(br, t + 1, tok[t + 1].start, room, &at);
			if (rc <= 0)
				return rc;
			if (at) {
				l = t + 1;
				head = cut = at;
			}
			break;
		}
		add_break(br, f, l, line_head, cut);
		if (head != NO_CUT) {
			t = l;
			continue;
		}
		if (t < nt && tok[t].kind == TOKEN_SPACE)
			t++;
		if (t < nt && tok[t].kind == TOKEN_NEWLINE && ++t == nt)
			add_break(br, t, t - 1, NO_CUT, NO_CUT);
	}
	return br->nl;
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
		size_t z = br->cut[li] != NO_CUT && first == last ? br->cut[li] : token_end(br, first);
		if (br->head[li] != NO_CUT && fragment(br, first, a, z, &cut_pc[0]) < 0)
			goto fail;
		if (br->cut[li] != NO_CUT &&
		    fragment(br, last, first == last ? a : tok[last].start, br->cut[li], &cut_pc[end - from - 1]) < 0)
			goto fail;
		pc = cut_pc;
		end -= from;
		from = 0;
	}
	line_metrics(&br->m->words->fonts, pc, from, end, empty_font, &ascent, &descent);
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
		if (make_run(br->m, pc, from, to, &r) < 0)
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
	 * or hyphen and one more after a closing newline */
	size_t maxl = 2 * len + 1;
	struct token *tok = scratch(m->words, len * sizeof *tok + 2 * len * (sizeof(struct piece) + sizeof(void *)) +
					       2 * maxl * (sizeof(size_t) + sizeof(int)));
	if (!tok)
		return -1;
	struct piece *pc = (struct piece *)(tok + len);
	struct shaped_word **slot = (struct shaped_word **)(pc + 2 * len);
	size_t *cuts = (size_t *)(slot + 2 * len);
	int *lines = (int *)(cuts + 2 * maxl);
	int nt = tokenize(m, text, len, bold_end, font, tok, pc, slot);
	if (nt <= 0)
		return nt;
	int width_pu = width > 0 ? (int)(width * PANGO_SCALE) : 0;
	/* where Pango might break otherwise, the text is set the quick way
	 * only when it needs no breaking: every line fits */
	struct breaking br = { m, text, tok, pc, nt, breaks_known ? width_pu : 0, lines, lines + maxl, cuts,
			       cuts + maxl, 0 };
	int nl = break_lines(&br);
	if (nl > 0 && !breaks_known && width_pu > 0 && !lines_fit(tok, nt, br.first, br.last, nl, width_pu))
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
	struct token *tok = scratch(m->words, len * sizeof *tok + 2 * len * (sizeof(struct piece) + sizeof(void *)));
	if (!tok)
		return -1;
	struct piece *pc = (struct piece *)(tok + len);
	int nt = tokenize(m, text, len, bold ? len : 0, font, tok, pc, (struct shaped_word **)(pc + 2 * len));
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
