/* log.c: the roll log and warning sink. Write errors are caught by the
 * caller, which checks ferror() on its streams before it exits. */
#include "base/log.h"

#include <stdarg.h>

int log_on(const struct log *l)
{
	return l && l->steps;
}

void log_step(struct log *l, const char *fmt, ...)
{
	va_list ap;
	if (!log_on(l))
		return;
	va_start(ap, fmt);
	vfprintf(l->steps, fmt, ap);
	va_end(ap);
	fputc('\n', l->steps);
}

void log_warn(struct log *l, const char *fmt, ...)
{
	va_list ap;
	if (!l)
		return;
	l->warnings++;
	if (l->warn) {
		fputs("mapsheet: warning: ", l->warn);
		va_start(ap, fmt);
		vfprintf(l->warn, fmt, ap);
		va_end(ap);
		fputc('\n', l->warn);
	}
	if (l->steps && l->steps != l->warn) {
		fputs("Warning: ", l->steps);
		va_start(ap, fmt);
		vfprintf(l->steps, fmt, ap);
		va_end(ap);
		fputc('\n', l->steps);
	}
}
