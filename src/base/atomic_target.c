/* atomic_target.c: where an output file really goes and what it keeps (see
 * atomic_target.h): a symbolic link is followed to the file it names, and a
 * file written over keeps its permissions, and its owner and group as far
 * as the system lets this process give them. */
#define _DEFAULT_SOURCE
#include "base/atomic_target.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_follow_links(const char *path, char *out, size_t size)
{
	size_t len = strlen(path);
	if (len >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(out, path, len + 1);
	for (int hop = 0;; hop++) {
		struct stat st;
		if (lstat(out, &st) < 0 || !S_ISLNK(st.st_mode))
			return 0;
		if (hop == ATOMIC_MAX_LINKS) {
			errno = ELOOP;
			return -1;
		}
		char link[4096];
		ssize_t n = readlink(out, link, sizeof link);
		if (n < 0)
			return -1;
		if ((size_t)n >= sizeof link) {
			errno = ENAMETOOLONG;
			return -1;
		}
		link[n] = '\0';
		/* a relative target is relative to the link's folder */
		const char *slash = strrchr(out, '/');
		size_t keep = link[0] == '/' || !slash ? 0 : (size_t)(slash - out) + 1;
		if (keep + (size_t)n >= size) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(out + keep, link, (size_t)n + 1);
	}
}

int atomic_keep_mode(int fd, const struct stat *old)
{
	struct stat now;
	if (fstat(fd, &now) < 0)
		return -1;
	/* owner and group first: changing them clears set-user-ID bits */
	if (geteuid() == 0) {
		if ((now.st_uid != old->st_uid || now.st_gid != old->st_gid) &&
		    fchown(fd, old->st_uid, old->st_gid) < 0)
			return -1;
	} else if (now.st_gid != old->st_gid && fchown(fd, (uid_t)-1, old->st_gid) < 0 && errno != EPERM) {
		/* a group this user is not in stays the user's own (EPERM) */
		return -1;
	}
	return fchmod(fd, old->st_mode & 07777);
}
