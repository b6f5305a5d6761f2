/* article.c: "a" or "an" by a word's first sound (article.h). */
#include "base/article.h"

#include <ctype.h>
#include <string.h>

/* Words spelt with a vowel that start with a consonant sound ("a
 * unicorn", "a ewer", "a one-eyed"), and with an h that is not sounded
 * ("an hour"): prefixes, lowercase. */
static const char *const consonant_vowels[] = { "uni", "use", "usu", "uti", "ure", "uri", "eu", "ewe",
						"one", "once", "ubiq", "uvu", "ukel", NULL };
static const char *const silent_h[] = { "hour", "honest", "honour", "honor", "heir", NULL };

static int starts(const char *word, const char *prefix)
{
	for (; *prefix; prefix++, word++)
		if (tolower((unsigned char)*word) != *prefix)
			return 0;
	return 1;
}

static int any_prefix(const char *word, const char *const *list)
{
	for (; *list; list++)
		if (starts(word, *list))
			return 1;
	return 0;
}

const char *article_for(const char *word)
{
	int c = tolower((unsigned char)word[0]);
	if (strchr("aeiou", c) && c)
		return any_prefix(word, consonant_vowels) ? "a" : "an";
	if (c == 'h' && any_prefix(word, silent_h))
		return "an";
	/* a number said as a word starting with a vowel: "an 8", "an 11" */
	if (c == '8' || (c == '1' && word[1] == '1' && !isdigit((unsigned char)word[2])) ||
	    (c == '1' && word[1] == '8' && !isdigit((unsigned char)word[2])))
		return "an";
	return "a";
}

/* Whether s[at] starts a sentence: the text's start or after a stop. */
static int sentence_start(const char *s, size_t from, size_t at)
{
	if (at == from)
		return 1;
	size_t i = at;
	while (i > from && (s[i - 1] == ' ' || s[i - 1] == '"' || s[i - 1] == '\''))
		i--;
	return i == from || (i < at && strchr(".:;!?(", s[i - 1]));
}

void article_fix(struct sbuf *s, size_t from)
{
	if (!s->data || s->failed)
		return;
	/* an article is "a " or "an ": found from space to space (memchr),
	 * not letter by letter */
	for (size_t j = from; j < s->len; j++) {
		char *d = s->data;
		const char *space = memchr(d + j, ' ', s->len - j);
		if (!space)
			return;
		j = (size_t)(space - d);
		size_t i, len;
		if (j >= from + 1 && (d[j - 1] == 'a' || d[j - 1] == 'A')) {
			i = j - 1;
			len = 1;
		} else if (j >= from + 2 && d[j - 1] == 'n' && (d[j - 2] == 'a' || d[j - 2] == 'A')) {
			i = j - 2;
			len = 2;
		} else {
			continue;
		}
		if (i > from && isalpha((unsigned char)d[i - 1]))
			continue;
		if (i + len + 1 >= s->len || !isalnum((unsigned char)d[i + len + 1]))
			continue;
		if (d[i] == 'A' && !sentence_start(d, from, i))
			continue;
		const char *want = article_for(d + i + len + 1);
		size_t wl = strlen(want);
		if (wl == len)
			continue;
		if (wl < len) {   /* "an" to "a" */
			memmove(d + i + 1, d + i + 2, s->len - i - 1);
			s->len--;
			j--;
		} else {   /* "a" to "an" */
			sbuf_addc(s, ' ');
			if (s->failed)
				return;
			d = s->data;
			memmove(d + i + 2, d + i + 1, s->len - i - 2);
			d[i + 1] = 'n';
			j++;
		}
	}
}
