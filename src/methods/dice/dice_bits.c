/* dice_bits.c: a grid of one bit a square, kept as rows of 64-bit words,
 * for the dice method's placement and corridor tests: a rectangle is set or
 * tested a row at a time with one or two word masks instead of a byte or an
 * int a square. */
#include "methods/dice/dice_int.h"

#include <stdlib.h>

int dice_bits_init(struct dice_bits *b, int w, int h)
{
	b->stride = (w + 63) / 64;
	b->h = h;
	b->word = calloc((size_t)b->stride * (size_t)h, sizeof *b->word);
	return b->word ? 0 : -1;
}

void dice_bits_free(struct dice_bits *b)
{
	free(b->word);
	b->word = NULL;
}

/* The mask of bits lo..hi-1 of a word (0 <= lo < hi <= 64). */
static uint64_t span_mask(int lo, int hi)
{
	uint64_t upper = hi == 64 ? ~(uint64_t)0 : ((uint64_t)1 << hi) - 1;
	return upper & ~(((uint64_t)1 << lo) - 1);
}

void dice_bits_set(struct dice_bits *b, struct rect r)
{
	int x1 = r.x + r.w, w0 = r.x >> 6, w1 = (x1 - 1) >> 6;
	if (r.w <= 0)
		return;
	if (w0 == w1) {
		/* the common case: the rectangle within one word of each row */
		uint64_t mask = span_mask(r.x & 63, ((x1 - 1) & 63) + 1), *row = b->word + (long)r.y * b->stride + w0;
		for (int y = 0; y < r.h; y++, row += b->stride)
			*row |= mask;
		return;
	}
	for (int y = r.y; y < r.y + r.h; y++) {
		uint64_t *row = b->word + (long)y * b->stride;
		for (int wi = w0; wi <= w1; wi++) {
			int lo = wi == w0 ? r.x & 63 : 0;
			int hi = wi == w1 ? ((x1 - 1) & 63) + 1 : 64;
			row[wi] |= span_mask(lo, hi);
		}
	}
}

int dice_bits_any_wide(const struct dice_bits *b, struct rect r)
{
	int x1 = r.x + r.w, w0 = r.x >> 6, w1 = (x1 - 1) >> 6;
	for (int y = r.y; y < r.y + r.h; y++) {
		const uint64_t *row = b->word + (long)y * b->stride;
		for (int wi = w0; wi <= w1; wi++) {
			int lo = wi == w0 ? r.x & 63 : 0;
			int hi = wi == w1 ? ((x1 - 1) & 63) + 1 : 64;
			if (row[wi] & span_mask(lo, hi))
				return 1;
		}
	}
	return 0;
}
