/* atomic_target.h: where an output is really written: through symbolic
 * links to the file they lead to, keeping the old file's mode, owner,
 * extended attributes and access control list. */
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

/* Gives the temporary file fd the extended attributes of the file at
 * old_path, its access control list among them (system.posix_acl_access):
 * after atomic_keep_mode, since setting the mode rewrites the list's mask.
 * An attribute the file system of fd cannot hold, or that this process
 * may not set outside the user's and the ACL's names (security.*,
 * trusted.*), is left; any other failure returns -1 with errno set. */
int atomic_keep_xattrs(int fd, const char *old_path);

#endif
