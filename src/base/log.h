/* log.h: the roll log and warnings. A caller-owned sink passed to the
 * generators: `steps` receives every roll and decision in words (--log), and
 * `warn` receives warnings such as "ended early" (stderr unless --quiet).
 * Either stream may be NULL; a NULL struct log * is also accepted. */
#ifndef MAPSHEET_LOG_H
#define MAPSHEET_LOG_H

#include <stdio.h>

struct log {
	FILE *steps;     /* the roll log, or NULL */
	FILE *warn;      /* warnings, or NULL */
	int warnings;    /* how many warnings were given */
};

/* One line of the roll log; a newline is added. */
void log_step(struct log *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A warning: "mapsheet: warning: ..." on the warn stream and in the roll log. */
void log_warn(struct log *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* True when a roll log is being kept (to skip building costly messages). */
int log_on(const struct log *l);

#endif
