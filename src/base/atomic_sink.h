/* atomic_sink.h: the stream an output file is written through, which
 * keeps the reason of the first write that failed (Cairo and libharu say
 * only that a write failed), so the message can name it. */
#ifndef MAPSHEET_ATOMIC_SINK_H
#define MAPSHEET_ATOMIC_SINK_H

#include <stdio.h>

struct atomic_sink {
	int fd;
	int owns_fd;            /* closed with the stream (not standard output) */
	int err;                /* errno of the first failed write or close; 0: none */
};

/* A stdio stream writing to fd (closing it when closed, when owns_fd) that
 * records in s->err the errno of the first write or close that failed.
 * s must stay where it is until the stream is closed. Returns NULL with
 * errno set when the stream cannot be made. */
FILE *atomic_sink_open(struct atomic_sink *s, int fd, int owns_fd);

#endif
