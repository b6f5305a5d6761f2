/* atomic_int.h: what atomic.c shares with its helpers: the stream that
 * keeps a failed write's reason (atomic_sink.c), and following links and
 * keeping an old file's mode (atomic_target.c). */
#ifndef MAPSHEET_ATOMIC_INT_H
#define MAPSHEET_ATOMIC_INT_H

#include "atomic.h"

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

/* How many symbolic links an output path may go through (Linux's own
 * limit for a path's lookup). */
#define ATOMIC_MAX_LINKS 40

/* A stdio stream writing to fd (closing it when closed, when owns_fd) that
 * records in s->err the errno of the first write or close that failed.
 * s must stay where it is until the stream is closed. Returns NULL with
 * errno set when the stream cannot be made. */
FILE *atomic_sink_open(struct atomic_sink *s, int fd, int owns_fd);

/* Follows path through symbolic links, as many as ATOMIC_MAX_LINKS, to the
 * name of the file it leads to (which need not exist: a dangling link's
 * target) into out (size bytes). Only the last part of each name is
 * followed; folders on the way stay as they are. Returns 0, or -1 with
 * errno set (ELOOP: too many links; ENAMETOOLONG). */
int atomic_follow_links(const char *path, char *out, size_t size);

/* Gives the temporary file fd what the old file old had: its permission
 * bits, and as root its owner and group, else its group when this user
 * belongs to it. Returns 0, or -1 with errno set. */
int atomic_keep_mode(int fd, const struct stat *old);

#endif
