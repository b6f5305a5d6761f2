/* atomic.h: writing an output file safely. Data goes to a temporary file in
 * the target's folder, which is flushed, synced and renamed over the target
 * only when complete; on any failure the temporary file is removed and an
 * existing file at the target is left exactly as it was. The path "-" writes
 * to standard output instead, and an existing target that is not a regular
 * file (/dev/null, a pipe) is written in place.
 *
 * A target that is a symbolic link is written through: the link is followed
 * (to ATOMIC_MAX_LINKS links) to the file it names, and the temporary file
 * is made and renamed in that file's folder, so the link stays a link. A file
 * written over keeps its permissions (and, as root, its owner and group); a
 * new one gets 0666 less the umask. Renaming breaks a hard link: the other
 * names keep the old contents.
 *
 * Every write failure names the file and the system's reason ("cannot write
 * map.pdf: No space left on device"): the stream keeps the errno of the
 * first write that failed, since the libraries writing through it (Cairo,
 * libharu) report only that a write failed.
 *
 * The temporary file is ".NAME.mapsheet-PID.tmp" beside NAME, locked with
 * flock(2) while it is written; atomic_open() first removes the leftovers of
 * killed runs for the same NAME (their process gone and their lock free). */
#ifndef MAPSHEET_ATOMIC_H
#define MAPSHEET_ATOMIC_H

#include "base/err.h"
#include "base/memfiles.h"

#include "base/atomic_sink.h"

#include <stdio.h>


/* Opened by atomic_open(); it must stay where it is (not be copied) until
 * it is committed or abandoned, as its stream points into it. */
struct atomic_file {
	FILE *f;                /* write here */
	char path[4096];        /* the target as given, for messages and sets */
	char dest[4096];        /* the file renamed over: path, links followed */
	char tmp[4096];         /* the temporary file, "" for stdout */
	struct atomic_sink sink;
	int sunk;               /* f writes through sink (not a terminal, not memory) */
	int is_stdout;
	int is_device;          /* an existing device or pipe, written in place */
	struct memfiles *mem;   /* not NULL: written to memory, placed there */
	char *buf;              /* the memory written to (open_memstream) */
	size_t len;
};

/* Opens a temporary file beside path. Returns 0, or -1 with e set (folder
 * missing or not writable: a run-time error naming the path). */
int atomic_open(struct atomic_file *af, const char *path, struct err *e);
/* As atomic_open(), or, when mem is not NULL, in memory: nothing is
 * written to disk and placing the file adds it to mem under path. */
int atomic_open_in(struct atomic_file *af, const char *path, struct memfiles *mem, struct err *e);
/* Flushes, syncs and closes the temporary file, leaving it to be placed.
 * Returns 0, or -1 with e set after removing it. */
int atomic_settle(struct atomic_file *af, struct err *e);
/* Renames a settled temporary file into place. Returns 0, or -1 with e set
 * after removing it. */
int atomic_place(struct atomic_file *af, struct err *e);
/* atomic_settle() then atomic_place(). Returns 0, or -1 with e set
 * (a write error such as a full disk), after removing the temporary file. */
int atomic_commit(struct atomic_file *af, struct err *e);
/* Abandons the write: closes and removes the temporary file. */
void atomic_abort(struct atomic_file *af);
/* After a writer into the n files af failed: when a write to one of them
 * failed (a full disk), e is set to name the first such file and the
 * system's reason, in place of what the writer said of it ("error while
 * writing to output stream"); else e is left as it is. Returns -1. */
int atomic_blame(const struct atomic_file *af, int n, struct err *e);
/* Finishes a set of n files written together (the pages of a sheet, the
 * files of a booklet's levels): when rc is 0 each is committed in turn,
 * else (with e set by atomic_blame), and after the first commit that
 * fails, the rest are abandoned. Returns 0, or -1 with e set. */
int atomic_finish_all(struct atomic_file *af, int n, int rc, struct err *e);

/* Removes, in path's folder, the temporary files of processes that are gone
 * and whose lock is free, for the targets belongs() accepts (by last name;
 * belongs NULL: path's own last name only). Returns how many it removed. */
int atomic_sweep(const char *path, int (*belongs)(const char *target, void *arg), void *arg);

#endif
