/* frontier.c: candidate squares in buckets by used neighbours (see
 * frontier.h). Each bucket is an unordered array; a square's position in it
 * is kept with the square so removal is a swap with the last element. The
 * squares' state lives in chunks of consecutive cells, made on first write
 * in blocks that never move: a square never written is free, with no used
 * neighbour, in no bucket. */
#include "methods/frontier.h"

#include <stdlib.h>
#include <string.h>

int frontier_init(struct frontier *f, int w, int h, struct err *e)
{
	memset(f, 0, sizeof *f);
	if (w <= 0 || h <= 0)
		return err_set(e, "frontier of an empty %dx%d grid", w, h);
	f->w = w;
	f->h = h;
	long chunks = ((long)w * h + FRONTIER_CHUNK - 1) / FRONTIER_CHUNK;
	f->chunk = calloc((size_t)chunks, sizeof *f->chunk);
	if (!f->chunk)
		return err_set(e, "out of memory for the candidate squares of a %dx%d grid", w, h);
	return 0;
}

void frontier_free(struct frontier *f)
{
	free(f->chunk);
	for (int b = 0; b < f->nblocks; b++)
		free(f->block[b]);
	free(f->block);
	for (int k = 0; k < FRONTIER_BUCKETS; k++)
		free(f->bucket[k]);
	memset(f, 0, sizeof *f);
}

/* The chunk holding cell c, or NULL when none is made yet. */
static struct frontier_chunk *chunk_at(const struct frontier *f, int c)
{
	unsigned k = (unsigned)f->chunk[(unsigned)c / FRONTIER_CHUNK];
	return k ? &f->block[(k - 1) / FRONTIER_BLOCK][(k - 1) % FRONTIER_BLOCK] : NULL;
}

/* The chunk holding cell c, made (all zero) when missing; NULL with e set
 * when out of memory. */
static struct frontier_chunk *chunk_make(struct frontier *f, int c, struct err *e)
{
	struct frontier_chunk *ch = chunk_at(f, c);
	if (ch)
		return ch;
	unsigned k = (unsigned)f->nchunks;
	if (k % FRONTIER_BLOCK == 0) {
		if (f->nblocks == f->block_cap) {
			int ncap = f->block_cap ? f->block_cap * 2 : 16;
			struct frontier_chunk **b = realloc(f->block, (size_t)ncap * sizeof *b);
			if (!b)
				goto oom;
			f->block = b;
			f->block_cap = ncap;
		}
		f->block[f->nblocks] = malloc(FRONTIER_BLOCK * sizeof **f->block);
		if (!f->block[f->nblocks])
			goto oom;
		f->nblocks++;
	}
	ch = &f->block[k / FRONTIER_BLOCK][k % FRONTIER_BLOCK];
	memset(ch, 0, sizeof *ch);
	f->chunk[(unsigned)c / FRONTIER_CHUNK] = ++f->nchunks;
	return ch;
oom:
	err_set(e, "out of memory for the candidate squares");
	return NULL;
}

/* Takes cell c (of chunk ch) out of whatever bucket holds it. */
static void unlink_cell(struct frontier *f, struct frontier_chunk *ch, int c)
{
	/* only a square with a used neighbour can be in one */
	if (!(ch->cell[(unsigned)c % FRONTIER_CHUNK] & FRONTIER_COUNT))
		return;
	int p = ch->pos[(unsigned)c % FRONTIER_CHUNK];
	if (!p)
		return;
	int k = ch->cell[(unsigned)c % FRONTIER_CHUNK] & FRONTIER_COUNT;
	int last = f->bucket[k][--f->n[k]];
	f->bucket[k][p - 1] = last;
	/* last is in a bucket, so its chunk exists */
	chunk_at(f, last)->pos[(unsigned)last % FRONTIER_CHUNK] = p;
	ch->pos[(unsigned)c % FRONTIER_CHUNK] = 0;
}

static int link_cell(struct frontier *f, struct frontier_chunk *ch, int c, int k, struct err *e)
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
	ch->pos[(unsigned)c % FRONTIER_CHUNK] = f->n[k];
	return 0;
}

/* One more used neighbour for free cell c: it moves up a bucket. */
static int bump(struct frontier *f, int c, struct err *e)
{
	struct frontier_chunk *ch = chunk_make(f, c, e);
	if (!ch)
		return -1;
	unsigned char v = ch->cell[(unsigned)c % FRONTIER_CHUNK];
	if (v & FRONTIER_USED)
		return 0;
	unlink_cell(f, ch, c);
	int k = (v & FRONTIER_COUNT) + 1;
	ch->cell[(unsigned)c % FRONTIER_CHUNK] = (unsigned char)((v & ~FRONTIER_COUNT) | k);
	if (v & FRONTIER_DROPPED)
		return 0;
	return link_cell(f, ch, c, k, e);
}

int frontier_use_rect(struct frontier *f, struct rect r, struct err *e)
{
	int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
	int x1 = r.x + r.w > f->w ? f->w : r.x + r.w;
	int y1 = r.y + r.h > f->h ? f->h : r.y + r.h;
	for (int y = y0; y < y1; y++) {
		/* the row's cells a chunk at a time */
		for (int c = y * f->w + x0, end = y * f->w + x1; c < end;) {
			struct frontier_chunk *ch = chunk_make(f, c, e);
			if (!ch)
				return -1;
			int stop = ((unsigned)c / FRONTIER_CHUNK + 1) * FRONTIER_CHUNK;
			if (stop > end)
				stop = end;
			for (; c < stop; c++) {
				unlink_cell(f, ch, c);
				ch->cell[(unsigned)c % FRONTIER_CHUNK] |= FRONTIER_USED;
			}
		}
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

int frontier_drop(struct frontier *f, int x, int y, struct err *e)
{
	if (x < 0 || y < 0 || x >= f->w || y >= f->h)
		return 0;
	int c = y * f->w + x;
	struct frontier_chunk *ch = chunk_make(f, c, e);
	if (!ch)
		return -1;
	if (ch->cell[(unsigned)c % FRONTIER_CHUNK] & FRONTIER_USED)
		return 0;
	unlink_cell(f, ch, c);
	ch->cell[(unsigned)c % FRONTIER_CHUNK] |= FRONTIER_DROPPED;
	return 0;
}
