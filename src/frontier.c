/* frontier.c: candidate squares in buckets by used neighbours (see
 * frontier.h). Each bucket is an unordered array; a square's position in it
 * is kept in pos[] so removal is a swap with the last element. */
#include "frontier.h"

#include <stdlib.h>
#include <string.h>

int frontier_init(struct frontier *f, int w, int h, struct err *e)
{
	memset(f, 0, sizeof *f);
	if (w <= 0 || h <= 0)
		return err_set(e, "frontier of an empty %dx%d grid", w, h);
	f->w = w;
	f->h = h;
	f->cell = calloc((size_t)w * (size_t)h, 1);
	f->pos = calloc((size_t)w * (size_t)h, sizeof *f->pos);
	if (!f->cell || !f->pos) {
		frontier_free(f);
		return err_set(e, "out of memory for the candidate squares of a %dx%d grid", w, h);
	}
	return 0;
}

void frontier_free(struct frontier *f)
{
	free(f->cell);
	free(f->pos);
	for (int k = 0; k < FRONTIER_BUCKETS; k++)
		free(f->bucket[k]);
	memset(f, 0, sizeof *f);
}

int frontier_used(const struct frontier *f, int x, int y)
{
	return x >= 0 && y >= 0 && x < f->w && y < f->h && (f->cell[(long)y * f->w + x] & FRONTIER_USED);
}

/* Takes cell c out of whatever bucket holds it. */
static void unlink_cell(struct frontier *f, int c)
{
	int p = f->pos[c];
	if (!p)
		return;
	int k = f->cell[c] & FRONTIER_COUNT;
	int last = f->bucket[k][--f->n[k]];
	f->bucket[k][p - 1] = last;
	f->pos[last] = p;
	f->pos[c] = 0;
}

static int link_cell(struct frontier *f, int c, int k, struct err *e)
{
	if (f->n[k] == f->cap[k]) {
		int ncap = f->cap[k] ? f->cap[k] * 2 : 64;
		int *b = realloc(f->bucket[k], (size_t)ncap * sizeof *b);
		if (!b)
			return err_set(e, "out of memory for the candidate squares");
		f->bucket[k] = b;
		f->cap[k] = ncap;
	}
	f->bucket[k][f->n[k]++] = c;
	f->pos[c] = f->n[k];
	return 0;
}

/* One more used neighbour for free cell c: it moves up a bucket. */
static int bump(struct frontier *f, int c, struct err *e)
{
	unsigned char v = f->cell[c];
	if (v & FRONTIER_USED)
		return 0;
	unlink_cell(f, c);
	int k = (v & FRONTIER_COUNT) + 1;
	f->cell[c] = (unsigned char)((v & ~FRONTIER_COUNT) | k);
	if (v & FRONTIER_DROPPED)
		return 0;
	return link_cell(f, c, k, e);
}

int frontier_use_rect(struct frontier *f, struct rect r, struct err *e)
{
	int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
	int x1 = r.x + r.w > f->w ? f->w : r.x + r.w;
	int y1 = r.y + r.h > f->h ? f->h : r.y + r.h;
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++) {
			int c = y * f->w + x;
			unlink_cell(f, c);
			f->cell[c] |= FRONTIER_USED;
		}
	/* The squares just outside each side gain one used neighbour per
	 * square of the rectangle they touch (corners touch none). */
	for (int x = x0; x < x1; x++) {
		if (y0 > 0 && bump(f, (y0 - 1) * f->w + x, e) < 0)
			return -1;
		if (y1 < f->h && bump(f, y1 * f->w + x, e) < 0)
			return -1;
	}
	for (int y = y0; y < y1; y++) {
		if (x0 > 0 && bump(f, y * f->w + x0 - 1, e) < 0)
			return -1;
		if (x1 < f->w && bump(f, y * f->w + x1, e) < 0)
			return -1;
	}
	return 0;
}

void frontier_drop(struct frontier *f, int x, int y)
{
	if (x < 0 || y < 0 || x >= f->w || y >= f->h)
		return;
	int c = y * f->w + x;
	if (f->cell[c] & FRONTIER_USED)
		return;
	unlink_cell(f, c);
	f->cell[c] |= FRONTIER_DROPPED;
}
