/* report.c: --verbose lines, warnings from writers, the in-place
 * progress line and the steps that check the server's deadline. */
#include "base/report.h"

#include <stdarg.h>
#include <string.h>

void report_done(struct report *r)
{
	if (!r || !r->progress || r->progress_len <= 0)
		return;
	fprintf(r->progress, "%*s\r", r->progress_len, "");
	fflush(r->progress);
	r->progress_len = 0;
}

void report_info(struct report *r, const char *fmt, ...)
{
	va_list ap;
	if (!r || !r->info)
		return;
	if (r->progress == r->info)
		report_done(r);
	fputs("mapsheet: ", r->info);
	va_start(ap, fmt);
	vfprintf(r->info, fmt, ap);
	va_end(ap);
	fputc('\n', r->info);
	fflush(r->info);
}

void report_warn(struct report *r, const char *fmt, ...)
{
	va_list ap;
	char text[400];
	if (!r || !r->log)
		return;
	report_done(r);
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	log_warn(r->log, "%s", text);
}

static void show_progress(struct report *r, const char *fmt, va_list ap)
{
	char text[160];
	if (!r || !r->progress)
		return;
	int n = vsnprintf(text, sizeof text, fmt, ap);
	if (n < 0)
		return;
	n = (int)strlen(text) + (int)strlen("mapsheet: ");
	/* spaces over whatever is left of a longer line before it */
	fprintf(r->progress, "mapsheet: %s%*s\r", text, r->progress_len > n ? r->progress_len - n : 0, "");
	fflush(r->progress);
	if (n > r->progress_len)
		r->progress_len = n;
}

int report_step(struct report *r, struct err *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	show_progress(r, fmt, ap);
	va_end(ap);
	return r ? deadline_check(r->deadline, e) : 0;
}
