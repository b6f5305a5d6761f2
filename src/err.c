/* err.c: filling the caller-owned error value. */
#include "err.h"

#include <stdio.h>

int err_vset(struct err *e, enum err_kind kind, const char *fmt, va_list ap)
{
	if (!e)
		return -1;
	e->kind = kind;
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
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
	char what[400];
	va_list ap;
	if (!e)
		return -1;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	e->kind = ERR_USAGE;
	snprintf(e->msg, sizeof e->msg, "%s:%d:%d: %s", file, line, col, what);
	return -1;
}

void err_clear(struct err *e)
{
	if (e) {
		e->kind = ERR_NONE;
		e->msg[0] = '\0';
	}
}
