/* slurp.c: a file read whole into memory (slurp.h). */
#include "base/slurp.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

/* The first block when the size is not known (standard input). */
#define SLURP_FIRST_BLOCK 65536

/* Frees buf and fails with errno err. */
static int fail(char *buf, int err)
{
	free(buf);
	errno = err;
	return -1;
}

int slurp_fd(int fd, size_t size_hint, size_t max, char **out, size_t *len)
{
	if (size_hint > max)
		return fail(NULL, EFBIG);
	/* room for the NUL, and one byte more so that the read that finds
	 * the end of a file of the hinted size needs no larger block */
	size_t cap = size_hint > 0 ? size_hint + 2 : SLURP_FIRST_BLOCK, n = 0;
	char *buf = malloc(cap);
	if (!buf)
		return fail(NULL, ENOMEM);
	for (;;) {
		if (n + 1 == cap) {
			/* full but for the NUL: more than max already, or a block
			 * twice the size, never more than max + 1 bytes and the NUL */
			if (n > max)
				return fail(buf, EFBIG);
			size_t more = cap <= (max + 2) / 2 ? cap * 2 : max + 2;
			char *p = realloc(buf, more);
			if (!p)
				return fail(buf, ENOMEM);
			buf = p;
			cap = more;
		}
		ssize_t got = read(fd, buf + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return fail(buf, errno);
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (n > max)
		return fail(buf, EFBIG);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}
