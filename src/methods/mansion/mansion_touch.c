/* mansion_touch.c: which spaces of the mansion share a wall, found from
 * their rectangles without reading the grid. Every space's top and bottom
 * edges are listed by their line (the row between two rows of squares),
 * and its left and right edges by theirs (a column line), each line's
 * edges in order along it. On each line the edges facing down are merged
 * with those facing up (and the right-facing with the left-facing), as
 * two sorted lists of intervals: every overlap is a shared wall. The walls
 * are counted, then put straight into the order the door stages roll in:
 * by the lower id, its side (N, E, S, W), and along the side. */
#include "methods/mansion/mansion_int.h"

#include <stdlib.h>

/* One edge of a space on a line: squares lo .. hi - 1 along it. */
struct edge {
	int lo, hi;
	int id;                 /* region id */
};

/* The edges of one kind by line: edges[first[k] .. first[k + 1] - 1] lie on
 * line k, in order along it. */
struct edge_index {
	int *first;             /* lines + 1 offsets */
	struct edge *edges;
};

/* The line of side s of r: for N its top row, for S the row below it, for
 * W its left column, for E the column right of it. */
static int edge_line(struct rect r, enum side s)
{
	switch (s) {
	case SIDE_N: return r.y;
	case SIDE_S: return r.y + r.h;
	case SIDE_W: return r.x;
	default: return r.x + r.w;
	}
}

/* Lists side s of every space by its line (0 .. lines - 1), taking the
 * spaces in `order` (0-based, in order along the lines) so each line's
 * edges come in order. */
static int index_build(struct edge_index *ix, const struct mansion *ms, const int *order, enum side s, int lines,
		       struct err *e)
{
	int n = ms->nspaces, along_x = s == SIDE_N || s == SIDE_S;
	ix->first = calloc((size_t)lines + 2, sizeof *ix->first);
	ix->edges = malloc(((size_t)n + 1) * sizeof *ix->edges);
	if (!ix->first || !ix->edges)
		return err_set(e, "out of memory for the walls between spaces");
	for (int i = 0; i < n; i++)
		ix->first[edge_line(ms->spaces[i].r, s) + 1]++;
	for (int k = 0; k < lines; k++)
		ix->first[k + 1] += ix->first[k];
	/* first[k] is now where line k starts; it moves on as the line
	 * fills and ends where line k + 1 starts, then shifts back */
	for (int i = 0; i < n; i++) {
		struct rect r = ms->spaces[order[i]].r;
		int lo = along_x ? r.x : r.y;
		ix->edges[ix->first[edge_line(r, s)]++] =
			(struct edge){ lo, lo + (along_x ? r.w : r.h), order[i] + 1 };
	}
	for (int k = lines; k > 0; k--)
		ix->first[k] = ix->first[k - 1];
	ix->first[0] = 0;
	return 0;
}

static void index_free(struct edge_index *ix)
{
	free(ix->first);
	free(ix->edges);
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

/* The walls on line k between the spaces whose side `before` lies on it
 * (above it or left of it) and those whose side `after` does: the two
 * lists of intervals merged. Each wall goes to the lower id, on its side
 * of the line; (x, y) is that space's first square along the wall. With
 * out NULL the walls are only counted, at[key + 1] for each, the key being
 * the owner's id * SIDE_COUNT + its side; else wall goes to out[at[key]++]. */
static void line_walls(const struct edge_index *ib, const struct edge_index *ia, int k, enum side before,
		       enum side after, int *at, struct mansion_touch *out)
{
	int along_x = before == SIDE_S;
	int i = ib->first[k], iend = ib->first[k + 1], j = ia->first[k], jend = ia->first[k + 1];
	while (i < iend && j < jend) {
		const struct edge *u = &ib->edges[i], *d = &ia->edges[j];
		int start = u->lo > d->lo ? u->lo : d->lo, end = u->hi < d->hi ? u->hi : d->hi;
		if (start < end) {
			int low_first = u->id < d->id;
			int owner = low_first ? u->id : d->id;
			enum side side = low_first ? before : after;
			int key = owner * SIDE_COUNT + (int)side;
			if (!out) {
				at[key + 1]++;
			} else {
				/* the square on the owner's side of line k */
				int across = low_first ? k - 1 : k;
				out[at[key]++] = (struct mansion_touch){ owner, low_first ? d->id : u->id,
									 along_x ? start : across,
									 along_x ? across : start,
									 (unsigned char)(end - start), (unsigned char)side,
									 0, 0, DOOR_PLAIN };
			}
		}
		/* the interval that ends first has no more overlaps */
		if (u->hi <= d->hi)
			i++;
		if (d->hi <= u->hi)
			j++;
	}
}

/* Every line's walls, counted (out NULL) or placed. */
static void all_walls(const struct edge_index ix[SIDE_COUNT], int w, int h, int *at, struct mansion_touch *out)
{
	/* row lines: bottoms of the spaces above against tops of those below;
	 * column lines: right sides against left sides */
	for (int k = 0; k <= h; k++)
		line_walls(&ix[SIDE_S], &ix[SIDE_N], k, SIDE_S, SIDE_N, at, out);
	for (int k = 0; k <= w; k++)
		line_walls(&ix[SIDE_E], &ix[SIDE_W], k, SIDE_E, SIDE_W, at, out);
}

/* Every wall shared by two spaces, in order of the lower id, then of its
 * side (N, E, S, W), then along the side: counted by that key first, then
 * each put in its place (a counting sort; along a side the merge gives
 * them in order). */
static int list_touches(struct mansion *ms, struct err *e)
{
	struct edge_index ix[SIDE_COUNT] = { { NULL, NULL } };
	int *by_x = NULL, *by_y = NULL, *at = NULL, rc = -1;
	int w = ms->m->w, h = ms->m->h, nkeys = (ms->nspaces + 1) * SIDE_COUNT;
	if (order_by(ms, 1, w, &by_x, e) < 0 || order_by(ms, 0, h, &by_y, e) < 0)
		goto out;
	/* ix[s]: side s of every space, by its line */
	for (int s = 0; s < SIDE_COUNT; s++) {
		int along_x = s == SIDE_N || s == SIDE_S;
		if (index_build(&ix[s], ms, along_x ? by_x : by_y, (enum side)s, (along_x ? h : w) + 1, e) < 0)
			goto out;
	}
	at = calloc((size_t)nkeys + 1, sizeof *at);
	if (!at) {
		err_set(e, "out of memory for the walls between spaces");
		goto out;
	}
	all_walls(ix, w, h, at, NULL);
	for (int k = 0; k < nkeys; k++)
		at[k + 1] += at[k];
	ms->touch = malloc(((size_t)at[nkeys] + 1) * sizeof *ms->touch);
	if (!ms->touch) {
		err_set(e, "out of memory for the walls between spaces");
		goto out;
	}
	ms->ntouch = at[nkeys];
	all_walls(ix, w, h, at, ms->touch);
	rc = 0;
out:
	for (int s = 0; s < SIDE_COUNT; s++)
		index_free(&ix[s]);
	free(by_x);
	free(by_y);
	free(at);
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
