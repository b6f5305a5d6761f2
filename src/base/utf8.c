/* utf8.c: the UTF-8 well-formedness check (the table of RFC 3629 section 4). */
#include "base/utf8.h"

int utf8_seq_len(const unsigned char *s, size_t n)
{
	if (n == 0)
		return 0;
	unsigned c = s[0];
	if (c < 0x80)
		return 1;
	int len;
	unsigned lo = 0x80, hi = 0xbf;   /* the second byte's range */
	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c == 0xe0)
		len = 3, lo = 0xa0;        /* no overlong three-byte forms */
	else if (c == 0xed)
		len = 3, hi = 0x9f;        /* no surrogates U+D800..U+DFFF */
	else if (c >= 0xe1 && c <= 0xef)
		len = 3;
	else if (c == 0xf0)
		len = 4, lo = 0x90;        /* no overlong four-byte forms */
	else if (c == 0xf4)
		len = 4, hi = 0x8f;        /* nothing above U+10FFFF */
	else if (c >= 0xf1 && c <= 0xf3)
		len = 4;
	else
		return 0;                  /* 80..C1 (continuation, overlong), F5..FF */
	if ((size_t)len > n || s[1] < lo || s[1] > hi)
		return 0;
	for (int i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

size_t utf8_first_bad(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		int len = utf8_seq_len(u + i, n - i);
		if (len == 0)
			return i;
		i += (size_t)len;
	}
	return n;
}

size_t utf8_floor(const char *s, size_t len, size_t n)
{
	if (n >= len)
		return len;
	/* back over continuation bytes (10xxxxxx) to the start of the
	 * character the cut would split, at most three of them */
	size_t k = n;
	for (int back = 0; back < 3 && k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80; back++)
		k--;
	return ((unsigned char)s[k] & 0xc0) == 0x80 ? n : k;
}
