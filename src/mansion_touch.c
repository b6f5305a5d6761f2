/* mansion_touch.c: which spaces of the mansion share a wall, found from
 * their rectangles. The spaces are put in buckets by each edge's line
 * (the row of their top, of their bottom, the column of their left, of
 * their right side), each bucket in order along the line, so a space's
 * neighbours on a side are the few in the bucket of the line beyond it
 * that overlap it: no square of the grid is read. */
#include "mansion_int.h"

#include <stdlib.h>

/* The spaces by one edge's line: ids[first[k] .. first[k + 1] - 1] are the
 * spaces (0-based) whose edge lies on line k, in order along it. */
struct edge_index {
	int *first;             /* lines + 1 offsets */
	int *ids;
};

/* A space's edge line for side s of it: for N its top row, for S the row
 * below it, for W its left column, for E the column right of it. */
static int edge_line(struct rect r, enum side s)
{
	switch (s) {
	case SIDE_N: return r.y;
	case SIDE_S: return r.y + r.h;
	case SIDE_W: return r.x;
	default: return r.x + r.w;
	}
}

/* Buckets the spaces in `order` (0-based ids in order along the lines) by
 * the line of their side s, keeping that order within a bucket. */
static int index_build(struct edge_index *ix, const struct mansion *ms, const int *order, enum side s, int lines,
		       struct err *e)
{
	int n = ms->nspaces;
	ix->first = calloc((size_t)lines + 2, sizeof *ix->first);
	ix->ids = malloc(((size_t)n + 1) * sizeof *ix->ids);
	if (!ix->first || !ix->ids)
		return err_set(e, "out of memory for the walls between spaces");
	for (int i = 0; i < n; i++)
		ix->first[edge_line(ms->spaces[i].r, s) + 1]++;
	for (int k = 0; k < lines; k++)
		ix->first[k + 1] += ix->first[k];
	/* first[k] is now where line k starts; it moves on as the bucket
	 * fills and ends where line k + 1 starts, then shifts back */
	for (int i = 0; i < n; i++) {
		int id = order[i];
		ix->ids[ix->first[edge_line(ms->spaces[id].r, s)]++] = id;
	}
	for (int k = lines; k > 0; k--)
		ix->first[k] = ix->first[k - 1];
	ix->first[0] = 0;
	return 0;
}

static void index_free(struct edge_index *ix)
{
	free(ix->first);
	free(ix->ids);
}

/* The 0-based spaces in order of their rectangles' coordinate (x when
 * `by_x`, else y): a counting sort. */
static int order_by(const struct mansion *ms, int by_x, int size, int **out, struct err *e)
{
	int n = ms->nspaces;
	int *count = calloc((size_t)size + 1, sizeof *count);
	int *order = malloc(((size_t)n + 1) * sizeof *order);
	if (!count || !order) {
		free(count);
		free(order);
		return err_set(e, "out of memory for the walls between spaces");
	}
	for (int i = 0; i < n; i++)
		count[(by_x ? ms->spaces[i].r.x : ms->spaces[i].r.y) + 1]++;
	for (int k = 0; k < size; k++)
		count[k + 1] += count[k];
	for (int i = 0; i < n; i++)
		order[count[by_x ? ms->spaces[i].r.x : ms->spaces[i].r.y]++] = i;
	free(count);
	*out = order;
	return 0;
}

static int add_touch(struct mansion *ms, struct mansion_touch t, struct err *e)
{
	if (ms->ntouch == ms->touch_cap) {
		int ncap = ms->touch_cap ? ms->touch_cap * 2 : 64;
		struct mansion_touch *p = realloc(ms->touch, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory for the walls between spaces");
		ms->touch = p;
		ms->touch_cap = ncap;
	}
	ms->touch[ms->ntouch++] = t;
	return 0;
}

/* Records the walls on side s of space `id` (1-based) shared with spaces
 * of higher ids, in order along the side: the spaces in `beyond` are those
 * whose opposite edge lies on that side's line. Two rectangles share at
 * most one run of wall. */
static int side_touches(struct mansion *ms, int id, enum side s, const struct edge_index *beyond, struct err *e)
{
	struct rect r = ms->spaces[id - 1].r;
	int along_x = s == SIDE_N || s == SIDE_S;
	int line = edge_line(r, s);
	int lo = along_x ? r.x : r.y, hi = lo + (along_x ? r.w : r.h);
	int from = beyond->first[line], to = beyond->first[line + 1];
	/* the bucket's spaces do not overlap one another, so their ends come
	 * in order too: skip to the first that ends past lo */
	while (from < to) {
		int mid = from + (to - from) / 2;
		struct rect b = ms->spaces[beyond->ids[mid]].r;
		if ((along_x ? b.x + b.w : b.y + b.h) <= lo)
			from = mid + 1;
		else
			to = mid;
	}
	for (int i = from; i < beyond->first[line + 1]; i++) {
		int other = beyond->ids[i] + 1;
		struct rect b = ms->spaces[other - 1].r;
		int blo = along_x ? b.x : b.y, bhi = blo + (along_x ? b.w : b.h);
		if (blo >= hi)
			break;
		if (other <= id)
			continue;
		int start = blo > lo ? blo : lo, end = bhi < hi ? bhi : hi;
		struct mansion_touch t = { id, other, 0, 0, end - start, s, 0 };
		t.x = along_x ? start : (s == SIDE_E ? r.x + r.w - 1 : r.x);
		t.y = along_x ? (s == SIDE_S ? r.y + r.h - 1 : r.y) : start;
		if (add_touch(ms, t, e) < 0)
			return -1;
	}
	return 0;
}

/* Every wall shared by two spaces, in order of the lower id, then of its
 * side (N, E, S, W), then along the side. */
static int list_touches(struct mansion *ms, struct err *e)
{
	struct edge_index ix[SIDE_COUNT] = { { NULL, NULL } };
	int *by_x = NULL, *by_y = NULL, rc = -1;
	int w = ms->m->w, h = ms->m->h;
	if (order_by(ms, 1, w, &by_x, e) < 0 || order_by(ms, 0, h, &by_y, e) < 0)
		goto out;
	/* ix[s]: the spaces by the line of their side s */
	for (int s = 0; s < SIDE_COUNT; s++) {
		int along_x = s == SIDE_N || s == SIDE_S;
		if (index_build(&ix[s], ms, along_x ? by_x : by_y, (enum side)s, (along_x ? h : w) + 1, e) < 0)
			goto out;
	}
	/* beyond side s of a space: the spaces whose opposite side is on
	 * the same line (a space's N line is the S line of the one above) */
	static const enum side opposite[SIDE_COUNT] = { SIDE_S, SIDE_W, SIDE_N, SIDE_E };
	for (int id = 1; id <= ms->nspaces; id++)
		for (int s = 0; s < SIDE_COUNT; s++)
			if (side_touches(ms, id, (enum side)s, &ix[opposite[s]], e) < 0)
				goto out;
	rc = 0;
out:
	for (int s = 0; s < SIDE_COUNT; s++)
		index_free(&ix[s]);
	free(by_x);
	free(by_y);
	return rc;
}

int mansion_find_touches(struct mansion *ms, struct err *e)
{
	int n = ms->nspaces;
	if (list_touches(ms, e) < 0)
		return -1;
	ms->adj_first = calloc((size_t)n + 2, sizeof *ms->adj_first);
	ms->adj = malloc(((size_t)ms->ntouch * 2 + 1) * sizeof *ms->adj);
	int *fill = calloc((size_t)n + 1, sizeof *fill);
	if (!ms->adj_first || !ms->adj || !fill) {
		free(fill);
		return err_set(e, "out of memory for the walls between spaces");
	}
	for (int i = 0; i < ms->ntouch; i++) {
		ms->adj_first[ms->touch[i].a + 1]++;
		ms->adj_first[ms->touch[i].b + 1]++;
	}
	for (int id = 0; id <= n; id++)
		ms->adj_first[id + 1] += ms->adj_first[id];
	for (int i = 0; i < ms->ntouch; i++) {
		int a = ms->touch[i].a, b = ms->touch[i].b;
		ms->adj[ms->adj_first[a] + fill[a]++] = b;
		ms->adj[ms->adj_first[b] + fill[b]++] = a;
	}
	free(fill);
	return 0;
}
