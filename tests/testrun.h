/* testrun.h: running the program under limits, for the robustness suites:
 * an alarm bounds its run time (a hang ends in SIGALRM instead of stalling
 * the suite), a file-size limit stands in for a full disk, and the
 * environment can point XDG_CONFIG_HOME at a test's own config. */
#ifndef MAPSHEET_TESTRUN_H
#define MAPSHEET_TESTRUN_H

#include <stddef.h>

struct test_limits {
	unsigned seconds;       /* alarm in the child; 0: 60 */
	long fsize;             /* RLIMIT_FSIZE in bytes (SIGXFSZ ignored); 0: none */
	const char *config_home;  /* XDG_CONFIG_HOME; NULL: build/tests/xdg (empty) */
};

/* Runs "./mapsheet ARGS" ($MAPSHEET_BIN if set) through /bin/sh from the
 * repository root, stdout and stderr to the named files (NULL: /dev/null).
 * Returns its exit status, 128 + N when signal N ended it (128 + SIGALRM:
 * it ran past the alarm), or -1 when it could not be started. */
int test_run_limited(const char *args, const struct test_limits *lim, const char *out_file,
		     const char *err_file);

/* Appends a snapshot of everything under dir (names, sizes, link targets
 * and a hash of each file's bytes, sorted) to a malloc'ed string; compare
 * two snapshots to see that nothing appeared, vanished or changed. */
char *test_snapshot(const char *dir);

/* Writes text (len bytes) to path, making its folder; returns 0 or -1. */
int test_write_file(const char *path, const char *text, size_t len);

#endif
