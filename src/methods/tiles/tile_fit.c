/* tile_fit.c: the overlap test of the tiles method (see tile_fit.h), done
 * a row at a time on bits. Each turned copy of a tile keeps, per row, a bit
 * for every square that needs empty ground on the grid (floor, doors) and
 * every square of rock; the level keeps, per grid row, a bit for every
 * square that is taken (anything but empty ground) and every square of
 * floor or door. A tile fits when no row's "needs empty" bits meet taken
 * squares and no row's rock bits meet floor or doors: a few word
 * operations a row instead of a look-up per square. A third bit grid
 * marks doors, so the three tell every square's enum tj_occ (tj_occ_at)
 * without a byte grid beside them.
 * Each level also lays the candidate lists of the library out flat, the
 * door's offset beside its variant, so trying a candidate follows no
 * pointers into the library. */
#include "methods/tiles/tile_fit.h"

#include <stdlib.h>

/* The bits of row y of a tile that door d's squares take. */
static uint64_t door_bits(const struct tile_door *d, int y)
{
	if (d->axis == TILE_AXIS_H)
		return y == d->y ? ((1ULL << d->width) - 1) << d->x : 0;
	return y >= d->y && y < d->y + d->width ? 1ULL << d->x : 0;
}

/* Bit k-1 for the square k squares from candidate c's door (its first
 * square) into the tile, when that square needs empty ground. */
static uint64_t line_bits(const struct tj_cand *c, int w, enum side in)
{
	uint64_t line = 0;
	for (int k = 1; k <= 64; k++) {
		int x = c->dx + k * side_dx[in], y = c->dy + k * side_dy[in];
		if (x < 0 || y < 0 || x >= w || y >= c->h)
			break;
		if (c->need[y] >> x & 1)
			line |= 1ULL << (k - 1);
	}
	return line;
}

int tj_shapes_init(struct tile_level *lv, struct err *e)
{
	const struct tile_set *set = lv->set;
	const struct map *m = lv->m;
	lv->row_words = (m->w + 63) / 64;
	size_t words = (size_t)lv->row_words * (size_t)m->h;
	lv->taken = calloc(words ? words : 1, sizeof *lv->taken);
	lv->hard = calloc(words ? words : 1, sizeof *lv->hard);
	lv->door = calloc(words ? words : 1, sizeof *lv->door);
	lv->shapes = calloc(set->nvariants ? (size_t)set->nvariants : 1, sizeof *lv->shapes);
	if (!lv->taken || !lv->hard || !lv->door || !lv->shapes)
		return err_set(e, "out of memory for a %dx%d tile map", m->w, m->h);
	/* squares past the east edge in each row's last word count as taken */
	if (m->w % 64)
		for (int y = 0; y < m->h; y++)
			lv->taken[(size_t)y * lv->row_words + lv->row_words - 1] = ~0ULL << (m->w % 64);
	for (int v = 0; v < set->nvariants; v++) {
		const struct tile *t = &set->variants[v].t;
		struct tj_shape *s = &lv->shapes[v];
		s->h = t->h;
		s->need = calloc((size_t)t->h * 4, sizeof *s->need);
		if (!s->need)
			return err_set(e, "out of memory for tile '%s'", t->name);
		s->rock = s->need + t->h;
		s->entry = s->rock + t->h;
		s->door = s->entry + t->h;
		for (int y = 0; y < t->h; y++)
			for (int x = 0; x < t->w; x++) {
				uint64_t bit = 1ULL << x;
				switch (tile_square_of(t->cells[y * t->w + x])) {
				case TSQ_ROCK:
					s->rock[y] |= bit;
					break;
				case TSQ_FLOOR:
					s->need[y] |= bit;
					break;
				case TSQ_DOOR:
					s->need[y] |= bit;
					if (t->comp[y * t->w + x] < 0)   /* outer; inner doors are floor */
						s->door[y] |= bit;
					break;
				case TSQ_ENTRY:
					s->entry[y] |= bit;
					break;
				default:
					break;
				}
			}
	}
	size_t ncands = 0, nrows = 0;
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++)
			for (int k = 0; k < set->ncands[f][w]; k++, ncands++)
				nrows += 2 * (size_t)lv->shapes[set->cands[f][w][k].variant].h;
	lv->cands = malloc((ncands ? ncands : 1) * sizeof *lv->cands);
	if (!lv->cands)
		return err_set(e, "out of memory for the tile candidates");
	lv->cand_rows = malloc((nrows ? nrows : 1) * sizeof *lv->cand_rows);
	if (!lv->cand_rows)
		return err_set(e, "out of memory for the tile candidates");
	ncands = nrows = 0;
	lv->run_limit = 0;
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++) {
			lv->cand_first[f][w] = (int)ncands;
			for (int k = 0; k < set->ncands[f][w]; k++) {
				const struct tile_cand *c = &set->cands[f][w][k];
				const struct tile_door *d = &set->variants[c->variant].t.doors[c->door];
				const struct tj_shape *sh = &lv->shapes[c->variant];
				struct tj_cand *cd = &lv->cands[ncands++];
				uint64_t *rows = lv->cand_rows + nrows;
				nrows += 2 * (size_t)sh->h;
				*cd = (struct tj_cand){ c->variant, d->x, d->y, d, sh->h, rows, rows + sh->h, 0 };
				for (int y = 0; y < sh->h; y++) {
					cd->need[y] = (sh->need[y] | sh->entry[y]) & ~door_bits(d, y);
					cd->rock[y] = sh->rock[y];
				}
				cd->line = line_bits(cd, set->variants[c->variant].t.w, side_opposite((enum side)d->facing));
				/* a run of empty ground as long as the longest line
				 * rules nothing more out than a longer one */
				int reach = cd->line ? 64 - __builtin_clzll(cd->line) : 0;
				if (reach > lv->run_limit)
					lv->run_limit = reach;
			}
		}
	return 0;
}

void tj_shapes_free(struct tile_level *lv)
{
	if (lv->shapes)
		for (int v = 0; v < lv->set->nvariants; v++)
			free(lv->shapes[v].need);
	free(lv->shapes);
	free(lv->cands);
	free(lv->cand_rows);
	free(lv->taken);
	free(lv->hard);
	free(lv->door);
}

int tj_fits(const struct tile_level *lv, int v, int ox, int oy, const struct tile_door *matched,
	    enum tj_entry entry)
{
	const struct tj_shape *s = &lv->shapes[v];
	int walled = entry == TJ_ENTRY_WALL;
	for (int y = 0; y < s->h; y++) {
		uint64_t need = s->need[y] | (walled ? 0 : s->entry[y]);
		uint64_t rock = s->rock[y] | (walled ? s->entry[y] : 0);
		/* the door laid on the open door's squares asks nothing of them */
		if (matched)
			need &= ~door_bits(matched, y);
		int my = oy + y;
		if (my < 0 || my >= lv->m->h) {
			if (need)
				return 0;
			continue;
		}
		if (need && (tj_row_bits(lv, lv->taken, my, ox, 1) & need))
			return 0;
		if (rock && (tj_row_bits(lv, lv->hard, my, ox, 0) & rock))
			return 0;
	}
	return 1;
}

int tj_empty_run(const struct tile_level *lv, int x, int y, enum side f)
{
	const struct map *m = lv->m;
	/* no further than the grid's edge */
	int edge = f == SIDE_E ? m->w - 1 - x : f == SIDE_W ? x : f == SIDE_S ? m->h - 1 - y : y;
	int limit = lv->run_limit < edge ? lv->run_limit : edge;
	/* along the taken bits: a word index and a bit, stepped together */
	long col = x, row = (long)y * lv->row_words, drow = (long)side_dy[f] * lv->row_words;
	int dx = side_dx[f], k = 0;
	for (; k < limit; k++) {
		col += dx;
		row += drow;
		if (lv->taken[row + col / 64] >> (col % 64) & 1)
			break;
	}
	return k;
}
