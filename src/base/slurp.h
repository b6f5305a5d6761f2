/* slurp.h: a file read whole into memory, the one loop every reader of a
 * whole file uses (a map file for --input, a template). The caller opens
 * the file and says what is wrong in its own words. */
#ifndef MAPSHEET_SLURP_H
#define MAPSHEET_SLURP_H

#include <stddef.h>

/* Reads fd to its end into a malloc'd buffer with a NUL after the bytes.
 * size_hint: the file's size when known (a regular file: one block, filled
 * by one read; more than max fails at once), else 0. Reads at most max + 1
 * bytes. Returns 0 with *out and *len (the bytes, without the NUL), or -1
 * with errno: EFBIG when the file holds more than max bytes, ENOMEM, or the
 * read's error. */
int slurp_fd(int fd, size_t size_hint, size_t max, char **out, size_t *len);

#endif
