/* word_break.c: the quick way's line breaking (see word_break.h): greedy,
 * at runs of spaces, and after a hyphen inside a word when that lets more
 * of it on the line, measured as Pango measures the parts of a word it
 * breaks. */
#include "text/word_break.h"

#include "text/plain_text.h"
#include "text/word_shape.h"

size_t word_token_end(const struct breaking *br, int t)
{
	const struct piece *p = &br->pc[br->tok[t].first_piece + br->tok[t].npieces - 1];
	return p->start + p->len;
}

/* The byte after the first word hyphen of word token t past byte from, or 0. */
static size_t next_hyphen(const struct breaking *br, int t, size_t from)
{
	size_t end = word_token_end(br, t);
	for (size_t i = from + 1; i + 1 < end; i++)
		if (br->text[i] == '-' && word_hyphen(g_utf8_get_char(g_utf8_prev_char(br->text + i)),
						      g_utf8_get_char(br->text + i + 1)))
			return i + 1;
	return 0;
}

/* The text [a, b) of word token t as a piece shaped on its own (as Pango
 * shapes the part of a word either side of a break). Returns 1, 0 when a
 * glyph is missing, -1 without memory. */
int word_fragment(const struct breaking *br, int t, size_t a, size_t b, struct piece *p)
{
	int font = br->pc[br->tok[t].first_piece].font;
	const struct shaped_word *w = word_shaped(br->c, br->text + a, b - a, font);
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
	int rc = word_fragment(br, t, from, word_token_end(br, t), &rest);
	for (; rc == 1 && p; p = next_hyphen(br, t, p)) {
		int within = 0;
		for (int i = 0; i < rest.n; i++)
			if ((size_t)rest.g[i].cluster < p - from)
				within += rest.g[i].width;
		if (within > room)
			break;
		rc = word_fragment(br, t, from, p, &part);
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
int word_break_lines(struct breaking *br)
{
	const struct token *tok = br->tok;
	int nt = br->nt, width = br->width;
	size_t head = NO_CUT;   /* the next line starts inside word tok[t] */
	for (int t = 0; t < nt;) {
		int w = 0, f = t, l = t - 1;
		size_t line_head = head, cut = NO_CUT;
		if (head != NO_CUT) {
			struct piece rest;
			int rc = word_fragment(br, t, head, word_token_end(br, t), &rest);
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

/* Whether each of the nl lines fits in width (Pango units), with all the
 * spaces that end it. */
int word_lines_fit(const struct token *tok, int nt, const int *first, const int *last, int nl, int width)
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
