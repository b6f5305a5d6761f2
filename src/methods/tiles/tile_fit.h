/* tile_fit.h: the overlap test of the tiles method (tile_fit.c) on the
 * level's occupancy grid, kept as bit rows.
 *
 * Overlap rules: a tile's floor and door squares need empty squares of the
 * grid; its rock may lie on empty squares, on other tiles' rock (two tiles
 * share a wall) or beyond the grid's edge; its outside squares (' ') take
 * nothing. */
#ifndef MAPSHEET_TILE_FIT_H
#define MAPSHEET_TILE_FIT_H

#include "methods/tiles/tile_level.h"

/* What a square of the grid holds. */
enum tj_occ { TJ_EMPTY, TJ_ROCK, TJ_FLOOR, TJ_DOOR };

/* Builds the bit rows of the empty grid and of every variant (tj_init
 * calls it). Returns 0 or -1 with e set. */
int tj_shapes_init(struct tile_level *lv, struct err *e);
void tj_shapes_free(struct tile_level *lv);
/* Sets square (x, y) of the grid to o. */
static inline void tj_occ_put(struct tile_level *lv, int x, int y, enum tj_occ o)
{
	size_t wi = (size_t)y * (size_t)lv->row_words + (size_t)(x / 64);
	uint64_t bit = 1ULL << (x % 64);
	lv->taken[wi] = o == TJ_EMPTY ? lv->taken[wi] & ~bit : lv->taken[wi] | bit;
	lv->hard[wi] = o == TJ_FLOOR || o == TJ_DOOR ? lv->hard[wi] | bit : lv->hard[wi] & ~bit;
	lv->door[wi] = o == TJ_DOOR ? lv->door[wi] | bit : lv->door[wi] & ~bit;
}
/* What square (x, y) of the grid (on it) holds. */
static inline enum tj_occ tj_occ_at(const struct tile_level *lv, int x, int y)
{
	size_t wi = (size_t)y * (size_t)lv->row_words + (size_t)(x / 64);
	int b = x % 64;
	if (!(lv->taken[wi] >> b & 1))
		return TJ_EMPTY;
	if (!(lv->hard[wi] >> b & 1))
		return TJ_ROCK;
	return lv->door[wi] >> b & 1 ? TJ_DOOR : TJ_FLOOR;
}
/* How many squares of empty ground (up to lv->run_limit, at most 64) lie
 * in a row on the grid from (x, y) towards f, (x, y) itself not counted. */
int tj_empty_run(const struct tile_level *lv, int x, int y, enum side f);
/* 64 squares of grid row y from column x on, bit k for column x + k;
 * columns off the grid read as `pad` (one bit each). */
static inline uint64_t tj_row_bits(const struct tile_level *lv, const uint64_t *bits, int y, int x, int pad)
{
	const uint64_t *row = bits + (size_t)y * lv->row_words;
	int wi = x >= 0 ? x / 64 : -((63 - x) / 64), sh = x - wi * 64;
	if (wi >= 0 && wi + 1 < lv->row_words)
		return sh ? row[wi] >> sh | row[wi + 1] << (64 - sh) : row[wi];
	uint64_t fill = pad ? ~0ULL : 0;
	uint64_t lo = wi >= 0 && wi < lv->row_words ? row[wi] : fill;
	uint64_t hi = wi + 1 >= 0 && wi + 1 < lv->row_words ? row[wi + 1] : fill;
	return sh ? lo >> sh | hi << (64 - sh) : lo;
}

/* True when candidate c fits with its door on the open door at (x, y):
 * tj_fits for its variant, door and TJ_ENTRY_NONE. run is
 * tj_empty_run(lv, x, y, facing of the open door). Inline: the joiner
 * tries some 25 candidates for every tile it places. */
static inline int tj_cand_fits(const struct tile_level *lv, const struct tj_cand *c, int x, int y, int run)
{
	/* the square just past the empty run straight ahead of the door */
	if (run < 64 && (c->line >> run & 1))
		return 0;
	int ox = x - c->dx, oy = y - c->dy, y0 = 0, y1 = c->h;
	/* rows off the grid take rock only */
	for (; y0 < y1 && oy + y0 < 0; y0++)
		if (c->need[y0])
			return 0;
	for (; y1 > y0 && oy + y1 > lv->m->h; y1--)
		if (c->need[y1 - 1])
			return 0;
	for (int ty = y0; ty < y1; ty++) {
		if (tj_row_bits(lv, lv->taken, oy + ty, ox, 1) & c->need[ty])
			return 0;
		if (c->rock[ty] && (tj_row_bits(lv, lv->hard, oy + ty, ox, 0) & c->rock[ty]))
			return 0;
	}
	return 1;
}
/* True when variant v fits with its north-west corner at (ox, oy); squares
 * of `matched` (a door of v) may lie on an open door's squares. */
int tj_fits(const struct tile_level *lv, int v, int ox, int oy, const struct tile_door *matched,
	    enum tj_entry entry);

#endif
