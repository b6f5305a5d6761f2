/* atomic_target.c: where an output file really goes and what it keeps (see
 * atomic_target.h): a symbolic link is followed to the file it names, and a
 * file written over keeps its permissions, its owner and group as far as
 * the system lets this process give them, and its extended attributes
 * (its access control list too), copied with the C library's calls. */
#define _DEFAULT_SOURCE
#include "base/atomic_target.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#define XATTR_LIST_MAX_BYTES (64 * 1024)    /* the kernel's own limits */
#define XATTR_VALUE_MAX_BYTES (64 * 1024)

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

/* Whether a failure to set attribute name may be passed over: the file
 * system holds no such attribute, or it is one this user may not set
 * that is neither the user's own nor the access control list. */
static int may_skip(const char *name, int err)
{
	if (err == ENOTSUP || err == EOPNOTSUPP)
		return 1;
	int owned = strncmp(name, "user.", 5) == 0 || strncmp(name, "system.posix_acl_", 17) == 0;
	return !owned && (err == EPERM || err == EACCES);
}

int atomic_keep_xattrs(int fd, const char *old_path)
{
	ssize_t len = listxattr(old_path, NULL, 0);
	if (len < 0)
		return errno == ENOTSUP || errno == EOPNOTSUPP ? 0 : -1;
	if (len == 0)
		return 0;
	if (len > XATTR_LIST_MAX_BYTES)
		len = XATTR_LIST_MAX_BYTES;
	char *names = malloc((size_t)len), *value = malloc(XATTR_VALUE_MAX_BYTES);
	int rc = 0;
	if (!names || !value || (len = listxattr(old_path, names, (size_t)len)) < 0)
		rc = -1;
	for (ssize_t at = 0; rc == 0 && at < len; at += (ssize_t)strlen(names + at) + 1) {
		const char *name = names + at;
		ssize_t n = getxattr(old_path, name, value, XATTR_VALUE_MAX_BYTES);
		if (n < 0) {
			/* gone since it was listed, or not ours to read */
			if (errno != ENODATA && !may_skip(name, errno))
				rc = -1;
			continue;
		}
		if (fsetxattr(fd, name, value, (size_t)n, 0) < 0 && !may_skip(name, errno))
			rc = -1;
	}
	int saved = errno;
	free(names);
	free(value);
	errno = saved;
	return rc;
}
