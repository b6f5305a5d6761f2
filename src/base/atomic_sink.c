/* atomic_sink.c: the stdio stream an output file is written through (see
 * atomic_sink.h). It writes to its descriptor with write(2) and keeps the
 * system's reason for the first write that failed: Cairo and libharu say
 * only that a write failed, and by the time their caller hears of it errno
 * has long been overwritten. */
#define _GNU_SOURCE
#include "base/atomic_sink.h"

#include <errno.h>
#include <unistd.h>

static ssize_t sink_write(void *cookie, const char *buf, size_t size)
{
	struct atomic_sink *s = cookie;
	size_t done = 0;
	while (done < size) {
		ssize_t n = write(s->fd, buf + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!s->err)
				s->err = n < 0 ? errno : EIO;
			/* fopencookie(3): a short count is the error */
			return 0;
		}
		done += (size_t)n;
	}
	return (ssize_t)size;
}

static int sink_close(void *cookie)
{
	struct atomic_sink *s = cookie;
	if (!s->owns_fd)
		return 0;
	int rc = close(s->fd);
	if (rc < 0 && !s->err)
		s->err = errno;
	s->fd = -1;
	return rc < 0 ? -1 : 0;
}

FILE *atomic_sink_open(struct atomic_sink *s, int fd, int owns_fd)
{
	s->fd = fd;
	s->owns_fd = owns_fd;
	s->err = 0;
	cookie_io_functions_t io = { .read = NULL, .write = sink_write, .seek = NULL, .close = sink_close };
	return fopencookie(s, "w", io);
}
