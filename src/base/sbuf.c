/* sbuf.c: growable strings. */
#include "base/sbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sbuf_init(struct sbuf *s)
{
	s->data = NULL;
	s->len = s->cap = 0;
	s->failed = 0;
}

void sbuf_free(struct sbuf *s)
{
	free(s->data);
	sbuf_init(s);
}

void sbuf_reset(struct sbuf *s)
{
	s->len = 0;
	if (s->data)
		s->data[0] = '\0';
}

static int sbuf_reserve(struct sbuf *s, size_t extra)
{
	if (s->failed)
		return -1;
	if (s->len + extra + 1 <= s->cap)
		return 0;
	size_t cap = s->cap ? s->cap : 64;
	while (cap < s->len + extra + 1) {
		if (cap > ((size_t)-1) / 2) {
			s->failed = 1;
			return -1;
		}
		cap *= 2;
	}
	char *p = realloc(s->data, cap);
	if (!p) {
		s->failed = 1;
		return -1;
	}
	s->data = p;
	s->cap = cap;
	return 0;
}

void sbuf_grow(struct sbuf *s, size_t extra)
{
	sbuf_reserve(s, extra);
}

void sbuf_addn(struct sbuf *s, const char *text, size_t n)
{
	if (sbuf_reserve(s, n) < 0)
		return;
	memcpy(s->data + s->len, text, n);
	s->len += n;
	s->data[s->len] = '\0';
}

void sbuf_add(struct sbuf *s, const char *text)
{
	sbuf_addn(s, text, strlen(text));
}

void sbuf_addc(struct sbuf *s, char c)
{
	sbuf_addn(s, &c, 1);
}

void sbuf_printf(struct sbuf *s, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		s->failed = 1;
		return;
	}
	if ((size_t)n < sizeof small) {
		sbuf_addn(s, small, (size_t)n);
		return;
	}
	if (sbuf_reserve(s, (size_t)n) < 0)
		return;
	va_start(ap, fmt);
	vsnprintf(s->data + s->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	s->len += (size_t)n;
}

/* The length of the valid UTF-8 sequence at p (1 to 4), or 0 when the bytes
 * there are not one: a stray continuation byte, a sequence cut short, an
 * overlong form, a UTF-16 surrogate or a code point past U+10FFFF. */
static int utf8_sequence_length(const unsigned char *p)
{
	int n;
	unsigned min;
	unsigned cp;
	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0) {
		n = 2, min = 0x80, cp = p[0] & 0x1fu;
	} else if ((p[0] & 0xf0) == 0xe0) {
		n = 3, min = 0x800, cp = p[0] & 0x0fu;
	} else if ((p[0] & 0xf8) == 0xf0) {
		n = 4, min = 0x10000, cp = p[0] & 0x07u;
	} else {
		return 0;
	}
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)   /* the NUL ending the text stops here too */
			return 0;
		cp = cp << 6 | (p[i] & 0x3fu);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void sbuf_add_json(struct sbuf *s, const char *text)
{
	sbuf_addc(s, '"');
	/* the bytes written as they are, most of any text, go in runs */
	const unsigned char *p = (const unsigned char *)text, *run = p;
	for (;;) {
		unsigned char c = *p;
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			p++;
			continue;
		}
		int n = c >= 0x80 ? utf8_sequence_length(p) : 1;
		if (n > 1) {
			p += n;
			continue;
		}
		sbuf_addn(s, (const char *)run, (size_t)(p - run));
		if (!c)
			break;
		if (n == 0) {
			sbuf_add(s, "\\ufffd");
		} else {
			switch (c) {
			case '"': sbuf_add(s, "\\\""); break;
			case '\\': sbuf_add(s, "\\\\"); break;
			case '\n': sbuf_add(s, "\\n"); break;
			case '\t': sbuf_add(s, "\\t"); break;
			case '\r': sbuf_add(s, "\\r"); break;
			default: sbuf_printf(s, "\\u%04x", c);
			}
		}
		run = ++p;
	}
	sbuf_addc(s, '"');
}

void sbuf_add_int(struct sbuf *s, long v)
{
	char digits[24];
	size_t n = 0;
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
	do
		digits[sizeof digits - ++n] = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		digits[sizeof digits - ++n] = '-';
	sbuf_addn(s, digits + sizeof digits - n, n);
}

const char *sbuf_cstr(struct sbuf *s)
{
	if (s->failed)
		return NULL;
	if (!s->data)
		return "";
	return s->data;
}

char *sbuf_take(struct sbuf *s)
{
	if (s->failed) {
		sbuf_free(s);
		return NULL;
	}
	if (!s->data && sbuf_reserve(s, 0) < 0)
		return NULL;
	s->data[s->len] = '\0';
	char *p = s->data;
	sbuf_init(s);
	return p;
}

int sbuf_failed(const struct sbuf *s)
{
	return s->failed;
}
