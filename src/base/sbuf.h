/* sbuf.h: a growable string, for building key text, JSON and previews.
 * A failed allocation latches: later appends do nothing and sbuf_failed()
 * reports it, so a caller checks once at the end. */
#ifndef MAPSHEET_SBUF_H
#define MAPSHEET_SBUF_H

#include <stddef.h>

struct sbuf {
	char *data;     /* NUL-terminated when len > 0 or after sbuf_cstr() */
	size_t len, cap;
	int failed;
};

void sbuf_init(struct sbuf *s);
void sbuf_free(struct sbuf *s);
void sbuf_reset(struct sbuf *s);           /* length 0, memory kept */
void sbuf_grow(struct sbuf *s, size_t extra);   /* room for extra more bytes, allocated now */
void sbuf_add(struct sbuf *s, const char *text);
void sbuf_addn(struct sbuf *s, const char *text, size_t n);
void sbuf_addc(struct sbuf *s, char c);
void sbuf_printf(struct sbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends text as a JSON string literal, quotes included: control
 * characters and DEL escaped, and each byte that is not part of valid UTF-8
 * written as U+FFFD, so the result is always valid UTF-8 JSON. */
void sbuf_add_json(struct sbuf *s, const char *text);
/* Appends v in decimal, as printf's "%ld" writes it. */
void sbuf_add_int(struct sbuf *s, long v);
/* The text so far ("" when empty); NULL only if an allocation failed. */
const char *sbuf_cstr(struct sbuf *s);
/* Hands the buffer to the caller (free() it); NULL if an allocation failed.
 * The sbuf is left empty. */
char *sbuf_take(struct sbuf *s);
int sbuf_failed(const struct sbuf *s);

#endif
