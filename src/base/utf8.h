/* utf8.h: checking text as UTF-8 (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF, no sequence cut short). */
#ifndef MAPSHEET_UTF8_H
#define MAPSHEET_UTF8_H

#include <stddef.h>

/* The length of the well-formed sequence at s (n bytes available): 1 to 4,
 * or 0 when the bytes there are not UTF-8. */
int utf8_seq_len(const unsigned char *s, size_t n);
/* The offset of the first byte of s[0 .. n) that does not begin a
 * well-formed sequence, or n when all of it is UTF-8. */
size_t utf8_first_bad(const char *s, size_t n);

/* The longest prefix of s (len bytes) of at most n bytes that ends between
 * two characters: a cut there splits no sequence of UTF-8. */
size_t utf8_floor(const char *s, size_t len, size_t n);

#endif
