/* serve_query.c: a request's query string ("seed=x&rooms=5&player")
 * split into its parameters and unescaped strictly, from the bytes the
 * client sent (libmicrohttpd hands them over before its own parse, which
 * would cut a value at %00 and keep a bad escape as it is): '+' is a
 * space, %XY the byte XY; a %00, a % not followed by two hex digits, and a
 * name given twice are refused, naming the parameter. */
#include "serve/serve_int.h"

#include <stdlib.h>
#include <string.h>

static int hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* How messages name a parameter: as the option it stands for ("--title"),
 * format= as itself. */
static void label_of(const char *name, char *out, size_t size)
{
	if (strcmp(name, "format") == 0)
		snprintf(out, size, "format=");
	else
		snprintf(out, size, "--%.60s", name);
}

/* Unescapes s in place ('+' a space, %XY a byte). 0, or -1 with a usage
 * error naming `label` when it holds %00 or a % that is no escape. */
static int unescape(char *s, const char *label, struct err *e)
{
	char *out = s;
	for (const char *p = s; *p; p++) {
		if (*p == '+') {
			*out++ = ' ';
			continue;
		}
		if (*p != '%') {
			*out++ = *p;
			continue;
		}
		int hi = hex_digit(p[1]), lo = hi < 0 ? -1 : hex_digit(p[2]);
		if (hi < 0 || lo < 0)
			return err_usage(e, "%s: '%.3s' is not an escape; a %% is followed by two hex digits (%%25 for a %% "
					 "itself)", label, p);
		if (hi == 0 && lo == 0)
			return err_usage(e, "%s: the value holds %%00, a NUL byte; a value is text without NUL bytes",
					 label);
		*out++ = (char)(hi * 16 + lo);
		p += 2;
	}
	*out = '\0';
	return 0;
}

/* One "name=value" or "name" of the query, in place. */
static void take_piece(struct serve_query *q, char *piece)
{
	char label[80];
	char *value = strchr(piece, '=');
	if (value)
		*value++ = '\0';
	if (unescape(piece, "a parameter's name", &q->bad) < 0) {
		q->failed = 1;
		return;
	}
	label_of(piece, label, sizeof label);
	if (value && unescape(value, label, &q->bad) < 0) {
		q->failed = 1;
		return;
	}
	q->bytes += strlen(piece) + (value ? strlen(value) + 1 : 0) + 1;
	for (int i = 0; i < q->n && i < SERVE_MAX_PARAMS; i++) {
		if (strcmp(q->names[i], piece) != 0)
			continue;
		q->failed = 1;
		err_usage(&q->bad, "%s: given twice ('%.40s', then '%.40s'); the page takes each parameter once", label,
			  q->values[i] ? q->values[i] : "", value ? value : "");
		return;
	}
	if (q->n < SERVE_MAX_PARAMS) {
		q->names[q->n] = piece;
		q->values[q->n] = value;
	}
	q->n++;
}

int serve_query_parse(const char *raw, struct serve_query *q)
{
	memset(q, 0, sizeof *q);
	q->buf = strdup(raw ? raw : "");
	if (!q->buf)
		return -1;
	char *piece = q->buf;
	for (char *p = q->buf;; p++) {
		if (*p != '&' && *p != '\0')
			continue;
		int end = *p == '\0';
		*p = '\0';
		/* the first refusal stands; the rest are still counted */
		if (*piece && q->failed) {
			q->n++;
			q->bytes += strlen(piece) + 1;
		} else if (*piece) {
			take_piece(q, piece);
		}
		if (end)
			break;
		piece = p + 1;
	}
	return 0;
}

void serve_query_free(struct serve_query *q)
{
	free(q->buf);
	q->buf = NULL;
}
