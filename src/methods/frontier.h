/* frontier.h: the unused squares that border used ones, kept in buckets by
 * how many of their four neighbours are used (1 to 4), updated as squares
 * are used, so a packer picks its next square without scanning the grid.
 *
 * A square is free, used, or dropped (a free square the packer gave up on:
 * it is never a candidate again). Marking a square used costs O(1); a
 * placement of a w x h rectangle costs O(w*h) plus its perimeter; memory
 * grows with the squares used and their neighbours. */
#ifndef MAPSHEET_FRONTIER_H
#define MAPSHEET_FRONTIER_H

#include "base/err.h"
#include "model/map.h"

#define FRONTIER_BUCKETS 5      /* buckets 1..4 by used neighbours; 0 unused */

/* Bits of frontier.cell[]: the used-neighbour count and two flags. */
enum {
	FRONTIER_COUNT = 0x07,
	FRONTIER_USED = 0x10,
	FRONTIER_DROPPED = 0x20
};

/* Squares are kept in chunks of FRONTIER_CHUNK consecutive cells (index
 * y*w + x), made when a square of theirs is first written, so the memory
 * follows the squares the packer reaches, not the whole grid. */
#define FRONTIER_CHUNK 64
struct frontier_chunk {
	unsigned char cell[FRONTIER_CHUNK];     /* used neighbours in the low bits, flags above */
	int pos[FRONTIER_CHUNK];        /* index + 1 within its bucket, 0 when in none */
};

#define FRONTIER_BLOCK 64  /* chunks allocated together; they never move */
struct frontier {
	int w, h;
	int *chunk;             /* per chunk of the grid: 1 + its number, 0 if none yet */
	struct frontier_chunk **block;  /* chunk k is block[k / FRONTIER_BLOCK][k % FRONTIER_BLOCK] */
	int nchunks, nblocks, block_cap;
	int *bucket[FRONTIER_BUCKETS];   /* cell indices y*w + x */
	int n[FRONTIER_BUCKETS], cap[FRONTIER_BUCKETS];
};

/* Sets up a w x h grid with every square free. Returns 0, or -1 with e set
 * (and f freeable). */
int frontier_init(struct frontier *f, int w, int h, struct err *e);
void frontier_free(struct frontier *f);

/* Marks every square of r (inside the grid) used and moves its free
 * neighbours up a bucket. Returns 0, or -1 with e set (out of memory). */
int frontier_use_rect(struct frontier *f, struct rect r, struct err *e);
/* Drops free square (x, y): it leaves its bucket for good. Returns 0, or
 * -1 with e set (out of memory). */
int frontier_drop(struct frontier *f, int x, int y, struct err *e);

/* Candidates with exactly k used neighbours (1..4). */
static inline int frontier_count(const struct frontier *f, int k)
{
	return f->n[k];
}
/* The i-th candidate (0-based) of bucket k, as a cell index y*w + x. */
static inline int frontier_get(const struct frontier *f, int k, int i)
{
	return f->bucket[k][i];
}

#endif
