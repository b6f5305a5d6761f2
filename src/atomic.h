/* atomic.h: writing an output file safely. Data goes to a temporary file in
 * the target's folder, which is flushed, synced and renamed over the target
 * only when complete; on any failure the temporary file is removed and an
 * existing file at the target is left exactly as it was. The path "-" writes
 * to standard output instead, and an existing target that is not a regular
 * file (/dev/null, a pipe) is written in place. */
#ifndef MAPSHEET_ATOMIC_H
#define MAPSHEET_ATOMIC_H

#include "err.h"

#include <stdio.h>

struct atomic_file {
	FILE *f;                /* write here */
	char path[4096];        /* the target */
	char tmp[4096];         /* the temporary file, "" for stdout */
	int is_stdout;
	int is_device;          /* an existing device or pipe, written in place */
};

/* Opens a temporary file beside path. Returns 0, or -1 with e set (folder
 * missing or not writable: a run-time error naming the path). */
int atomic_open(struct atomic_file *af, const char *path, struct err *e);
/* Flushes, syncs, closes and renames into place. Returns 0, or -1 with e set
 * (a write error such as a full disk), after removing the temporary file. */
int atomic_commit(struct atomic_file *af, struct err *e);
/* Abandons the write: closes and removes the temporary file. */
void atomic_abort(struct atomic_file *af);
/* Finishes a set of n files written together (the pages of a sheet, the
 * files of a booklet's levels): when rc is 0 each is committed in turn,
 * else, and after the first commit that fails, the rest are abandoned.
 * Returns 0, or -1 with e set. */
int atomic_finish_all(struct atomic_file *af, int n, int rc, struct err *e);

#endif
