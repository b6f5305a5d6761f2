/* tile_stamp.c: writing a placed tile's squares onto the grid (see
 * tile_stamp.h). Rock and doors are bits of the occupancy grid alone, set a
 * row at a time from the copy's shape. For the map's own squares, each
 * level turns every copy's drawing once into a list of its floor squares
 * and its way in, with their floor piece and feature already looked up and
 * grouped by what they write, so placing a tile walks that list instead of
 * reading the drawing. */
#include "methods/tiles/tile_stamp.h"

#include <stdlib.h>

/* Orders a copy's n squares by what they write, each kind in row order
 * (a counting sort through tmp), so the walk that writes them runs through
 * one kind at a time instead of guessing at every square. */
static void sort_by_op(struct tj_stamp *s, int n, struct tj_stamp *tmp)
{
	int start[TJ_STAMP_ENTRY + 2] = { 0 };
	for (int i = 0; i < n; i++)
		start[s[i].op + 1]++;
	for (int op = 1; op <= TJ_STAMP_ENTRY + 1; op++)
		start[op] += start[op - 1];
	for (int i = 0; i < n; i++)
		tmp[start[s[i].op]++] = s[i];
	for (int i = 0; i < n; i++)
		s[i] = tmp[i];
}

int tj_stamps_init(struct tile_level *lv, struct err *e)
{
	const struct tile_set *set = lv->set;
	size_t n = 0, most = 1;
	for (int v = 0; v < set->nvariants; v++) {
		size_t squares = (size_t)set->variants[v].t.w * (size_t)set->variants[v].t.h;
		n += squares;
		most = squares > most ? squares : most;
	}
	lv->stamps = malloc((n ? n : 1) * sizeof *lv->stamps);
	lv->stamp_first = malloc(((size_t)set->nvariants + 1) * sizeof *lv->stamp_first);
	struct tj_stamp *sorted = malloc(most * sizeof *sorted);
	if (!lv->stamps || !lv->stamp_first || !sorted) {
		free(sorted);
		return err_set(e, "out of memory for the tile drawings");
	}
	n = 0;
	for (int v = 0; v < set->nvariants; v++) {
		const struct tile *t = &set->variants[v].t;
		int entry_piece = -1;
		for (int k = 0; k < t->ndoors; k++)
			if (t->doors[k].entry)
				entry_piece = t->doors[k].comp;   /* the last way in, as stamped before */
		lv->stamp_first[v] = (int)n;
		for (int y = 0; y < t->h; y++)
			for (int x = 0; x < t->w; x++) {
				char ch = t->cells[y * t->w + x];
				int piece = t->comp[y * t->w + x];
				struct tj_stamp s = { (short)x, (short)y, TJ_STAMP_FLOOR, (unsigned char)tile_feature_of(ch), piece };
				switch (tile_square_of(ch)) {
				case TSQ_FLOOR:
					s.op = ch == '>' ? TJ_STAMP_FLOOR_DOWN : TJ_STAMP_FLOOR;
					break;
				case TSQ_DOOR:
					if (piece < 0)
						continue;   /* an outer door: bits alone */
					break;
				case TSQ_ENTRY:
					s.op = TJ_STAMP_ENTRY;
					s.piece = entry_piece;
					break;
				default:
					continue;
				}
				lv->stamps[n++] = s;
			}
		sort_by_op(lv->stamps + lv->stamp_first[v], (int)n - lv->stamp_first[v], sorted);
	}
	lv->stamp_first[set->nvariants] = (int)n;
	free(sorted);
	return 0;
}

void tj_stamps_free(struct tile_level *lv)
{
	free(lv->stamps);
	free(lv->stamp_first);
	lv->stamps = NULL;
	lv->stamp_first = NULL;
}

/* ORs bits (bit k for column x + k) into grid row y of a bit grid,
 * leaving out columns off the grid's west side. */
static void or_row(struct tile_level *lv, uint64_t *grid, int y, int x, uint64_t bits)
{
	uint64_t *row = grid + (size_t)y * (size_t)lv->row_words;
	if (x < 0) {
		if (x <= -64)
			return;
		bits >>= -x;
		x = 0;
	}
	int wi = x / 64, sh = x % 64;
	if (wi < lv->row_words)
		row[wi] |= bits << sh;
	if (sh && wi + 1 < lv->row_words)
		row[wi + 1] |= bits >> (64 - sh);
}

/* The bit grids a row at a time: every square written is taken, floor,
 * doors and the way in (unless walled up) are hard, outer doors are doors.
 * Rock only ever lies on empty ground or rock, whose hard and door bits
 * are clear already; the squares of the matched door are taken, hard and
 * a door already (the open door's), until tj_place joins them; squares
 * past the east edge count as taken anyway. */
static void stamp_bits(struct tile_level *lv, int v, int ox, int oy, enum tj_entry entry)
{
	const struct tj_shape *sh = &lv->shapes[v];
	for (int y = 0; y < sh->h; y++) {
		int my = oy + y;
		if (my < 0 || my >= lv->m->h)
			continue;
		uint64_t hard = sh->need[y] | (entry == TJ_ENTRY_WALL ? 0 : sh->entry[y]);
		or_row(lv, lv->taken, my, ox, hard | sh->rock[y] | sh->entry[y]);
		or_row(lv, lv->hard, my, ox, hard);
		if (sh->door[y])
			or_row(lv, lv->door, my, ox, sh->door[y]);
	}
}

int tj_stamp(struct tile_level *lv, int v, int ox, int oy, enum tj_entry entry, struct err *e)
{
	struct map *m = lv->m;
	stamp_bits(lv, v, ox, oy, entry);
	/* floor and the way in: the map's squares (rock and doors are bits alone) */
	const struct tj_stamp *s = lv->stamps + lv->stamp_first[v], *end = lv->stamps + lv->stamp_first[v + 1];
	for (; s < end; s++) {
		int mx = ox + s->x, my = oy + s->y;
		if (!map_in(m, mx, my))
			continue;
		size_t i = (size_t)my * (size_t)m->w + (size_t)mx;
		switch ((enum tj_stamp_op)s->op) {
		case TJ_STAMP_FLOOR_DOWN:
			if (lv->ndowns == lv->downs_cap) {
				int ncap = lv->downs_cap ? lv->downs_cap * 2 : 64;
				int *p = realloc(lv->downs, (size_t)ncap * sizeof *p);
				if (!p)
					return err_set(e, "out of memory joining tiles");
				lv->downs = p;
				lv->downs_cap = ncap;
			}
			lv->downs[lv->ndowns++] = (int)i;
			/* fall through */
		case TJ_STAMP_FLOOR:
			m->cells[i] = lv->comp_region[s->piece];
			m->features[i] = s->feature;
			break;
		case TJ_STAMP_ENTRY:
			/* the way in from outside: floor of the piece it opens from
			 * (walled up, it is rock) */
			if (entry != TJ_ENTRY_WALL && s->piece >= 0)
				m->cells[i] = lv->comp_region[s->piece];
			break;
		}
	}
	return 0;
}
