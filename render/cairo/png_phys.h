/* png_phys.h: a PNG's resolution. Cairo writes PNGs without a pHYs chunk,
 * so a printer or image viewer cannot tell their size on paper; this
 * stream filter sits between Cairo's PNG writer and the file and adds the
 * chunk (pixels per metre from dots per inch) right after IHDR. */
#ifndef MAPSHEET_PNG_PHYS_H
#define MAPSHEET_PNG_PHYS_H

#include <cairo.h>
#include <stdio.h>

/* 8-byte signature + IHDR (4 length, 4 type, 13 data, 4 CRC) */
#define PNG_PHYS_HEAD 33
/* the pHYs chunk: 4 length, 4 type, 9 data, 4 CRC */
#define PNG_PHYS_CHUNK 21

struct png_phys_stream {
	FILE *out;
	int dpi;
	unsigned char head[PNG_PHYS_HEAD];
	size_t seen;            /* bytes received from Cairo so far */
	int failed;             /* not a PNG as Cairo writes them, or a write failed */
};

/* Prepares s to pass a PNG to out with a pHYs chunk for dpi added. */
void png_phys_init(struct png_phys_stream *s, FILE *out, int dpi);

/* A cairo_write_func_t: give it to cairo_surface_write_to_png_stream with
 * a struct png_phys_stream as closure. */
cairo_status_t png_phys_write(void *closure, const unsigned char *data, unsigned int length);

/* Sets the resolution of a PNG in memory, written through this filter
 * (its pHYs chunk right after IHDR), to dpi. Returns 0, or -1 when png has
 * no pHYs chunk there. */
int png_phys_set(unsigned char *png, size_t len, int dpi);

/* After Cairo has finished: 0 when the whole PNG went out with its pHYs
 * chunk, -1 when it did not (write error, or a stream too short or not
 * starting with a PNG signature and IHDR). */
int png_phys_finish(const struct png_phys_stream *s);

#endif
