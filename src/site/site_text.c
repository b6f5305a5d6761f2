/* site_text.c: picking the site tables' lines and filling them in (see
 * site_int.h). */
#include "site/site_int.h"

#include "base/article.h"
#include "base/sbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Whether premise line l suits settings: one of its settings, and its
 * condition holds for the site's story's facts. */
static int line_suits(const struct site_line *l, unsigned settings, fact_bits facts)
{
	return (l->settings & settings) && fact_cond_holds(&l->cond, facts);
}

int site_pick_line(const struct site_line *lines, int n, unsigned settings, fact_bits facts, struct rng *rng)
{
	int suit = 0;
	for (int i = 0; i < n; i++)
		suit += line_suits(&lines[i], settings, facts);
	if (suit == 0)
		return -1;
	int k = rng_range(rng, 0, suit - 1);
	for (int i = 0; i < n; i++)
		if (line_suits(&lines[i], settings, facts) && k-- == 0)
			return i;
	return -1;
}

int site_pick(int n, struct rng *rng)
{
	return n > 0 ? rng_range(rng, 0, n - 1) : -1;
}

/* A capital after the start and after ". ", "! ", "? ". */
static void sentence_capitals(char *s)
{
	int start = 1;
	for (char *p = s; *p; p++) {
		if (!start) {
			/* inside a sentence only its end changes anything */
			if (!(p = strpbrk(p, ".!?")))
				return;
			start = p[1] == ' ';
		} else if (isalpha((unsigned char)*p)) {
			*p = (char)toupper((unsigned char)*p);
			start = 0;
		} else if (*p == '.' || *p == '!' || *p == '?') {
			start = p[1] == ' ';
		} else if (*p != ' ' && *p != '"' && *p != '\'') {
			start = 0;
		}
	}
}

char *site_fill(const char *text, const char *const *names, const char *const *values, int n)
{
	struct sbuf s;
	sbuf_init(&s);
	/* room for the text with each value once, allocated in one go */
	size_t room = strlen(text) + 16;
	for (int i = 0; i < n; i++)
		room += strlen(values[i]);
	sbuf_grow(&s, room);
	for (const char *p = text; *p;) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		int done = 0;
		for (int i = 0; close && i < n && !done; i++)
			if ((size_t)(close - p - 1) == strlen(names[i]) && !strncmp(p + 1, names[i], strlen(names[i]))) {
				sbuf_add(&s, values[i]);
				p = close + 1;
				done = 1;
			}
		if (!done) {
			/* up to the next brace, copied whole */
			const char *brace = strchr(p + 1, '{');
			size_t span = brace ? (size_t)(brace - p) : strlen(p);
			sbuf_addn(&s, p, span);
			p += span;
		}
	}
	article_fix(&s, 0);   /* "a {creature}" said "an otyugh" */
	char *out = sbuf_take(&s);
	if (out)
		sentence_capitals(out);
	return out;
}

int site_ends_sentence(const char *text)
{
	size_t n = strlen(text);
	while (n > 0 && (text[n - 1] == ' ' || text[n - 1] == '"' || text[n - 1] == '\''))
		n--;
	return n > 0 && strchr(".!?", text[n - 1]) != NULL;
}

const char *site_number_word(int n, char *buf, size_t size)
{
	static const char *const words[] = { "no",     "one",     "two",       "three",    "four",
					     "five",   "six",     "seven",     "eight",    "nine",
					     "ten",    "eleven",  "twelve",    "thirteen", "fourteen",
					     "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
					     "twenty" };
	if (n >= 0 && n <= 20)
		return words[n];
	snprintf(buf, size, "%d", n);
	return buf;
}
