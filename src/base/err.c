/* err.c: filling the caller-owned error value. A message is always one
 * printable line: whatever it quotes from a file or an argument (a line
 * break, a control character, bytes that are not UTF-8) is written as an
 * escape (\n, \t, \x97). */
#include "base/err.h"

#include "base/utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* text made one printable line into out (size bytes, cut if need be). */
static void one_line(const char *text, char *out, size_t size)
{
	size_t n = 0, len = strlen(text);
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)text[i];
		int seq = c >= 0x80 ? utf8_seq_len((const unsigned char *)text + i, len - i) : 1;
		char esc[8];
		const char *put = text + i;
		size_t k = (size_t)seq;
		if (c == '\n' || c == '\t' || c == '\r') {
			snprintf(esc, sizeof esc, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
			put = esc;
			k = 2;
			seq = 1;
		} else if (c < 0x20 || c == 0x7f || seq == 0) {
			snprintf(esc, sizeof esc, "\\x%02x", c);
			put = esc;
			k = 4;
			seq = 1;
		}
		if (n + k >= size)
			break;
		memcpy(out + n, put, k);
		n += k;
		i += (size_t)seq;
	}
	out[n] = '\0';
}

static int err_vset(struct err *e, enum err_kind kind, const char *fmt, va_list ap)
{
	if (!e)
		return -1;
	char text[sizeof e->msg];
	e->kind = kind;
	vsnprintf(text, sizeof text, fmt, ap);
	one_line(text, e->msg, sizeof e->msg);
	return -1;
}

int err_set(struct err *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vset(e, ERR_RUNTIME, fmt, ap);
	va_end(ap);
	return -1;
}

int err_usage(struct err *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vset(e, ERR_USAGE, fmt, ap);
	va_end(ap);
	return -1;
}

int err_at(struct err *e, const char *file, int line, int col, const char *fmt, ...)
{
	char what[sizeof e->msg];
	va_list ap;
	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return err_usage(e, "%s:%d:%d: %s", file, line, col, what);
}

void err_clear(struct err *e)
{
	if (e) {
		e->kind = ERR_NONE;
		e->msg[0] = '\0';
	}
}
