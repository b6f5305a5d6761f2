/* atomic_target.h: where an output is really written: through symbolic
 * links to the file they lead to, keeping the old file's mode and owner. */
#ifndef MAPSHEET_ATOMIC_TARGET_H
#define MAPSHEET_ATOMIC_TARGET_H

#include <stddef.h>
#include <sys/stat.h>

/* How many symbolic links an output path may go through (Linux's own
 * limit for a path's lookup). */
#define ATOMIC_MAX_LINKS 40

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
