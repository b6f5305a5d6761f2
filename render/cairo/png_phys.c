/* png_phys.c: adds a pHYs chunk after a PNG's IHDR on its way to a file
 * (see png_phys.h). The first PNG_PHYS_HEAD bytes are held back and checked
 * (signature, then a 13-byte IHDR); the chunk follows them; every later
 * byte is passed straight through. */
#include "cairo/png_phys.h"

#include <string.h>
#include <zlib.h>

static const unsigned char png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
static const unsigned char ihdr_start[8] = { 0, 0, 0, 13, 'I', 'H', 'D', 'R' };

static void put_be32(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* The pixels per metre dpi dots per inch make, rounded (150 -> 5906). */
static unsigned png_phys_ppm(int dpi)
{
	return dpi > 0 ? (unsigned)(dpi / 0.0254 + 0.5) : 0;
}

/* Fills chunk with a complete pHYs chunk for dpi (the same in x and y,
 * unit metre), its CRC included. */
static void png_phys_chunk(int dpi, unsigned char chunk[PNG_PHYS_CHUNK])
{
	unsigned ppm = png_phys_ppm(dpi);
	put_be32(chunk, 9);
	memcpy(chunk + 4, "pHYs", 4);
	put_be32(chunk + 8, ppm);
	put_be32(chunk + 12, ppm);
	chunk[16] = 1; /* unit: the metre */
	/* the CRC covers the type and the data */
	uLong crc = crc32(crc32(0L, Z_NULL, 0), chunk + 4, 13);
	put_be32(chunk + 17, crc);
}

void png_phys_init(struct png_phys_stream *s, FILE *out, int dpi)
{
	memset(s, 0, sizeof *s);
	s->out = out;
	s->dpi = dpi;
}

static int put(struct png_phys_stream *s, const unsigned char *data, size_t n)
{
	if (n > 0 && fwrite(data, 1, n, s->out) != n)
		s->failed = 1;
	return s->failed ? -1 : 0;
}

/* The head is complete: checks it and writes it with the chunk after it. */
static int put_head(struct png_phys_stream *s)
{
	if (memcmp(s->head, png_signature, 8) != 0 || memcmp(s->head + 8, ihdr_start, 8) != 0) {
		s->failed = 1;
		return -1;
	}
	unsigned char chunk[PNG_PHYS_CHUNK];
	png_phys_chunk(s->dpi, chunk);
	if (put(s, s->head, PNG_PHYS_HEAD) < 0)
		return -1;
	return put(s, chunk, sizeof chunk);
}

cairo_status_t png_phys_write(void *closure, const unsigned char *data, unsigned int length)
{
	struct png_phys_stream *s = closure;
	if (s->failed)
		return CAIRO_STATUS_WRITE_ERROR;
	size_t n = length;
	if (s->seen < PNG_PHYS_HEAD) {
		size_t take = PNG_PHYS_HEAD - s->seen < n ? PNG_PHYS_HEAD - s->seen : n;
		memcpy(s->head + s->seen, data, take);
		s->seen += take;
		data += take;
		n -= take;
		if (s->seen == PNG_PHYS_HEAD && put_head(s) < 0)
			return CAIRO_STATUS_WRITE_ERROR;
	}
	if (n > 0) {
		s->seen += n;
		if (put(s, data, n) < 0)
			return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

int png_phys_set(unsigned char *png, size_t len, int dpi)
{
	if (len < PNG_PHYS_HEAD + PNG_PHYS_CHUNK || memcmp(png, png_signature, 8) != 0 ||
	    memcmp(png + 8, ihdr_start, 8) != 0 || memcmp(png + PNG_PHYS_HEAD, "\0\0\0\tpHYs", 8) != 0)
		return -1;
	png_phys_chunk(dpi, png + PNG_PHYS_HEAD);
	return 0;
}

int png_phys_finish(const struct png_phys_stream *s)
{
	return s->failed || s->seen <= PNG_PHYS_HEAD ? -1 : 0;
}
