/* tile_pick.c: picking tiles by weight (see tile_pick.h): one pick from a
 * list of weights (the entrance tile), and the order of the tiles tried at
 * an open door. The tiles that can join a door of one facing and width
 * are tried in a weighted random order: pick one with chance proportional
 * to its weight, set its weight to nil, pick again. A picker keeps the
 * weights in a Fenwick tree (each node the sum of a run of weights), so a
 * pick or a removal costs log n steps instead of a walk over every weight,
 * and picks exactly the tile tj_pick would: the first whose running sum of
 * weights exceeds the roll. Each level lays out every candidate list's
 * starting tree once; a door copies its list's tree. Beside it, each
 * group's lines of squares straight in from the door, ANDed: when the run
 * of empty ground ahead of a door ends on a square every copy of the tile
 * needs, the tile is out without trying its copies. */
#include "methods/tiles/tile_pick.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int tj_pick(struct rng *rng, const int *w, int n)
{
	long total = 0;
	for (int i = 0; i < n; i++)
		total += w[i];
	if (total <= 0)
		return -1;
	long x = (long)(rng_unit(rng) * (double)total);
	for (int i = 0; i < n; i++) {
		if (x < w[i])
			return i;
		x -= w[i];
	}
	for (int i = n - 1; i >= 0; i--)
		if (w[i] > 0)
			return i;
	return -1;
}

/* The size of a tree of n weights: the next power of two above n, so the
 * search below never looks past it. */
static int tree_size(int n)
{
	int size = 1;
	while (size <= n)
		size *= 2;
	return size;
}

/* Fills tree[1..n] (tree[0] unused) from w[0..n-1]; the nodes past n, up
 * to tree_size(n), hold more than any roll so the search never stops there. */
static void tree_build(int *tree, const int *w, int n)
{
	int size = tree_size(n);
	tree[0] = 0;
	for (int i = 1; i < size; i++)
		tree[i] = i <= n ? w[i - 1] : INT_MAX;
	for (int i = 1; i <= n; i++) {
		int j = i + (i & -i);
		if (j <= n)
			tree[j] += tree[i];
	}
}

int tj_picks_init(struct tile_level *lv, struct err *e)
{
	const struct tile_set *set = lv->set;
	size_t n = 0;
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++)
			n += (size_t)set->ngroups[f][w] + (size_t)tree_size(set->ngroups[f][w]);
	size_t ngroups = 0;
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++)
			ngroups += (size_t)set->ngroups[f][w];
	lv->pick_data = malloc(n * sizeof *lv->pick_data);
	lv->group_line = malloc((ngroups ? ngroups : 1) * sizeof *lv->group_line);
	if (!lv->pick_data || !lv->group_line)
		return err_set(e, "out of memory for the tile weights");
	n = ngroups = 0;
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++) {
			int ng = set->ngroups[f][w];
			int *weights = lv->pick_data + n;
			long total = 0;
			lv->pick_first[f][w] = (int)n;
			for (int g = 0; g < ng; g++)
				total += weights[g] = set->tiles[set->groups[f][w][g].tile].weight;
			tree_build(weights + ng, weights, ng);
			lv->pick_total[f][w] = total;
			lv->group_first[f][w] = (int)ngroups;
			for (int g = 0; g < ng; g++, ngroups++) {
				const struct tile_group *tg = &set->groups[f][w][g];
				uint64_t all = ~0ULL;
				for (int k = 0; k < tg->count; k++)
					all &= lv->cands[lv->cand_first[f][w] + tg->first + k].line;
				lv->group_line[ngroups] = all;
			}
			n += (size_t)ng + (size_t)tree_size(ng);
		}
	return 0;
}

void tj_picks_free(struct tile_level *lv)
{
	free(lv->pick_data);
	free(lv->group_line);
	lv->pick_data = NULL;
	lv->group_line = NULL;
}

void tj_picker_start(struct tj_picker *pk, const struct tile_level *lv, int f, int w, int *weights, int *tree)
{
	int n = lv->set->ngroups[f][w];
	const int *src = lv->pick_data + lv->pick_first[f][w];
	memcpy(weights, src, (size_t)n * sizeof *weights);
	pk->top = tree_size(n) / 2;
	memcpy(tree, src + n, (size_t)pk->top * 2 * sizeof *tree);
	pk->w = weights;
	pk->tree = tree;
	pk->n = n;
	pk->total = lv->pick_total[f][w];
}

int tj_picker_take(struct tj_picker *pk, struct rng *rng)
{
	if (pk->total <= 0)
		return -1;
	int *tree = pk->tree, *w = pk->w, n = pk->n;
	long x = (long)(rng_unit(rng) * (double)pk->total);
	/* the longest prefix of weights whose sum is at most x */
	int pos = 0;
	for (int step = pk->top; step > 0; step >>= 1) {
		/* without a branch: which way it goes is the roll's to say */
		long t = tree[pos + step], in = -(long)(t <= x);   /* all ones or nil */
		pos += (int)(step & in);
		x -= t & in;
	}
	int i = pos;
	if (i >= n)   /* the roll at the very end: the last weight left */
		for (i = n - 1; i >= 0 && w[i] == 0; i--)
			;
	if (i < 0)
		return -1;
	int wi = w[i];
	w[i] = 0;
	pk->total -= wi;
	for (int j = i + 1; j <= n; j += j & -j)
		tree[j] -= wi;
	return i;
}
