/* plain_text.c: which text the quick way of setting it (measure_words.c)
 * may take: plain left-to-right text without control characters, whose
 * line breaks Pango would put only where the quick way does (at runs of
 * spaces and after a hyphen inside a word), and which words may be shaped
 * together in one buffer (see plain_text.h). */
#include "text/plain_text.h"

#include <glib.h>
#include <string.h>

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
int word_hyphen(gunichar before, gunichar after)
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
int plain_text(const char *text, size_t len, int wrapped, int *breaks_known)
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

/* Whether a word may be shaped in one buffer with others, a space between
 * each: Latin letters, digits and punctuation, which neither join nor kern
 * across a space, so each comes out as it would alone. */
int word_batchable(const char *text, size_t len)
{
	const char *end = text + len, *p = text;
	for (gunichar u = next_char(&p, end); u; u = next_char(&p, end))
		if (u == ' ' || (u >= 0x7f && u < 0xa0) || u > 0x24f)
			return 0;
	return len > 0;
}
