/* mansion_rows.c: the mansion packer's used squares as rows of bits, with
 * a border of used squares around the grid, so the fitter reads the 25x25
 * squares around a candidate as 25 words (a few shifts each) instead of
 * 625 bytes, and tests a shape against a row with a mask. */
#include "methods/mansion/mansion_int.h"

#include <stdlib.h>
#include <string.h>

/* Square (x, y) of the grid is bit x + MROWS_PAD of row y + MROWS_PAD. */
#define MROWS_PAD 16

int mrows_init(struct mrows *b, int w, int h, struct err *e)
{
	memset(b, 0, sizeof *b);
	b->w = w;
	b->h = h;
	/* one spare word a row: a window read takes two words */
	b->stride = (w + 2 * MROWS_PAD + 63) / 64 + 1;
	size_t rows = (size_t)h + 2 * MROWS_PAD;
	b->bits = malloc(rows * (size_t)b->stride * sizeof *b->bits);
	if (!b->bits)
		return err_set(e, "out of memory for the used squares of a %dx%d grid", w, h);
	/* Everything off the grid counts as used: all ones, then the grid's
	 * squares cleared, whole words in the middle of a row. */
	memset(b->bits, 0xff, rows * (size_t)b->stride * sizeof *b->bits);
	int x0 = MROWS_PAD, x1 = MROWS_PAD + w;         /* bits to clear: [x0, x1) */
	int w0 = x0 >> 6, w1 = x1 >> 6;
	uint64_t first = ~(~(uint64_t)0 << (x0 & 63)), last = ~(uint64_t)0 << (x1 & 63);
	for (int y = 0; y < h; y++) {
		uint64_t *row = b->bits + (size_t)(y + MROWS_PAD) * b->stride;
		if (w0 == w1) {
			row[w0] &= first | last;
			continue;
		}
		row[w0] &= first;
		for (int i = w0 + 1; i < w1; i++)
			row[i] = 0;
		row[w1] &= last;
	}
	return 0;
}

void mrows_free(struct mrows *b)
{
	free(b->bits);
	memset(b, 0, sizeof *b);
}

void mrows_use_rect(struct mrows *b, struct rect r)
{
	int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
	int x1 = r.x + r.w > b->w ? b->w : r.x + r.w;
	int y1 = r.y + r.h > b->h ? b->h : r.y + r.h;
	for (int y = y0; y < y1; y++) {
		uint64_t *row = b->bits + (size_t)(y + MROWS_PAD) * b->stride;
		for (int x = x0 + MROWS_PAD; x < x1 + MROWS_PAD; x++)
			row[x >> 6] |= (uint64_t)1 << (x & 63);
	}
}

void mrows_window(const struct mrows *b, int cx, int cy, int from, int to, uint32_t out[MROWS_WIN])
{
	const uint32_t outside = ~(uint32_t)0 << MROWS_WIN;
	int bx = cx - MROWS_R + MROWS_PAD, word = bx >> 6, shift = bx & 63;
	const uint64_t *row = b->bits + (size_t)(cy - MROWS_R + from + MROWS_PAD) * b->stride + word;
	for (int k = from; k <= to; k++, row += b->stride) {
		uint64_t v = row[0] >> shift;
		if (shift)
			v |= row[1] << (64 - shift);
		out[k] = (uint32_t)v | outside;
	}
}
