/* err.h: the caller-owned error value every library function reports through.
 * Library code never prints; it fills a struct err and returns a failure code.
 * Only main() prints the message ("mapsheet: ...") and picks the exit status. */
#ifndef MAPSHEET_ERR_H
#define MAPSHEET_ERR_H

enum err_kind { ERR_NONE = 0, ERR_USAGE = 2, ERR_RUNTIME = 1 };

struct err {
	enum err_kind kind;   /* ERR_USAGE for bad input, ERR_RUNTIME for faults */
	char msg[1024];
};

/* Sets a run-time error message (printf style). Always returns -1 so callers
 * can write `return err_set(e, ...)`. e may be NULL. */
int err_set(struct err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Same, but marks the error as a usage error (exit status 2). */
int err_usage(struct err *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets "file:line:column: message", for template files (a usage error). */
int err_at(struct err *e, const char *file, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void err_clear(struct err *e);

#endif
