/* house_measure.c: how house-like or maze-like a plan is. The doors passed
 * on the shortest way between two rooms (breadth-first over the door graph;
 * the hallway is a region like any other, so walking along it costs
 * nothing), the longest such way, the independent loops of the door graph
 * and the dead-end rooms.
 *
 * The searches run over one flat int array, not over the grid. A room with
 * a single door (most dead ends) is not in it: the way to it is the way to
 * its neighbour and one door more, so its neighbour counts it. Each other
 * region is a header (its neighbours, whether it is a room, its one-door
 * rooms) followed by its neighbours' numbers, all in breadth-first order
 * from the first region so neighbours sit close. A search walks level by
 * level with a byte per region for "reached" and writes no distances, so a
 * search on a 10,000-room plan works in a few tens of kilobytes. */
#include "methods/house/house_measure.h"

#include "model/map.h"

#include <stdlib.h>
#include <string.h>

/* Union-find root with path halving. */
static int find_root(int *parent, int v)
{
	while (parent[v] != v) {
		parent[v] = parent[parent[v]];
		v = parent[v];
	}
	return v;
}

/* The door graph laid out for the searches (see the top of the file). */
struct door_graph {
	int *data;              /* per laid-out region: header, leaf rooms, neighbours' numbers */
	int *pos;               /* per number: where its header is in data */
	int *at;                /* per region id: its number, -1 for a leaf */
	int *hang;              /* per region id: for a leaf, the region it hangs on */
	int count;              /* regions laid out */
	unsigned char *seen;    /* per number: reached in this search */
	int *queue;             /* numbers in the order reached */
};

/* Lays out the regions 1..n and the door pairs ends[2i], ends[2i+1] (deg:
 * each region's pairs; first, list: scratch of n + 2 and 2 * npairs ints).
 * A leaf, a region with one door whose neighbour has more, is left out and
 * counted in its neighbour's header when it is a room. The rest are
 * numbered breadth-first from the lowest id. */
static void lay_out_graph(struct door_graph *g, int n, const int *ends, int npairs, const int *deg,
			  const unsigned char *room, int *first, int *list)
{
	memset(first, 0, ((size_t)n + 2) * sizeof *first);
	for (int i = 0; i < 2 * npairs; i++)
		first[ends[i] + 1]++;
	for (int r = 0; r <= n; r++)
		first[r + 1] += first[r];
	for (int i = 0; i < npairs; i++) {
		list[first[ends[2 * i]]++] = ends[2 * i + 1];
		list[first[ends[2 * i + 1]]++] = ends[2 * i];
	}
	for (int r = n; r > 0; r--)     /* first[r] was moved on to first[r + 1] */
		first[r] = first[r - 1];
	first[0] = 0;
	for (int r = 0; r <= n; r++) {
		g->hang[r] = deg[r] == 1 && deg[list[first[r]]] > 1 ? list[first[r]] : 0;
		g->at[r] = -1;
	}
	/* the queue of region ids gives the numbers: number k is queue[k] */
	int pos = 0, tail = 0;
	for (int s = 1; s <= n; s++) {
		if (g->at[s] >= 0 || g->hang[s])
			continue;
		int head = tail;
		g->at[s] = tail;
		g->queue[tail++] = s;
		while (head < tail) {
			int r = g->queue[head], core = 0, leaves = 0;
			for (int k = first[r]; k < first[r + 1]; k++) {
				int o = list[k];
				if (g->hang[o]) {
					leaves += room[o];
					continue;
				}
				core++;
				if (g->at[o] < 0) {
					g->at[o] = tail;
					g->queue[tail++] = o;
				}
			}
			g->pos[head++] = pos;
			g->data[pos] = core << 1 | room[r];
			g->data[pos + 1] = leaves;
			pos += 2 + core;
		}
	}
	g->count = tail;
	/* the neighbours between laid-out regions, in the order of the doors */
	for (int k = 0; k < g->count; k++)
		first[k] = g->pos[k] + 2;
	for (int i = 0; i < npairs; i++) {
		int a = ends[2 * i], b = ends[2 * i + 1];
		if (g->hang[a] || g->hang[b])
			continue;
		g->data[first[g->at[a]]++] = g->at[b];
		g->data[first[g->at[b]]++] = g->at[a];
	}
}

/* One search from region number `from`, `level` doors from the room
 * measured from; `skip` rooms among from's leaves are not counted (the room
 * measured from, when it is one of them). Adds the doors passed to every
 * other room reached to *sum, counts them in *pairs and raises *longest. */
static void search(struct door_graph *g, int from, int level, int skip, long long *sum, long *pairs, int *longest)
{
	const int *data = g->data, *pos = g->pos;
	unsigned char *seen = g->seen;
	int *queue = g->queue;
	memset(seen, 0, (size_t)g->count);
	seen[from] = 1;
	queue[0] = from;
	int head = 0, tail = 1;
	long leaves = -skip;    /* leaf rooms one door beyond this level */
	for (long rooms = 0; head < tail || rooms > 0; level++) {
		int end = tail;
		for (; head < end; head++) {
			const int *at = data + pos[queue[head]];
			rooms += at[0] & 1;
			leaves += at[1];
			for (int k = 0, deg = at[0] >> 1; k < deg; k++) {
				int v = at[2 + k];
				queue[tail] = v;        /* kept only when not reached before */
				tail += !seen[v];
				seen[v] = 1;
			}
		}
		if (level > 0 && rooms > 0) {
			*sum += (long long)level * rooms;
			*pairs += rooms;
			*longest = level > *longest ? level : *longest;
		}
		rooms = leaves;
		leaves = 0;
	}
}

int house_measure(const struct map *m, struct house_measures *out, struct err *e)
{
	int n = m->nregions;
	struct door_graph g = { 0 };
	int *ends = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *ends);
	int *parent = malloc(((size_t)n + 1) * sizeof *parent);
	int *degree = calloc((size_t)n + 2, sizeof *degree);
	int *inner = calloc((size_t)n + 2, sizeof *inner);
	int *first = malloc(((size_t)n + 2) * sizeof *first);
	int *list = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *list);
	unsigned char *room = calloc((size_t)n + 1, 1);
	g.at = malloc(((size_t)n + 1) * sizeof *g.at);
	g.pos = malloc(((size_t)n + 1) * sizeof *g.pos);
	g.seen = malloc((size_t)n + 1);
	g.hang = malloc(((size_t)n + 1) * sizeof *g.hang);
	g.queue = malloc(((size_t)n + 1) * sizeof *g.queue);
	int rc = -1;
	*out = (struct house_measures){ 0 };
	if (!ends || !parent || !degree || !inner || !first || !list || !room || !g.at || !g.pos || !g.seen ||
	    !g.hang || !g.queue) {
		err_set(e, "out of memory for the maze measures");
		goto out;
	}
	out->regions = n;
	for (int r = 0; r <= n; r++)
		parent[r] = r;
	int components = n, npairs = 0;
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		degree[a]++;
		degree[b]++;
		if (a <= 0 || b <= 0)
			continue;
		ends[2 * npairs] = a;
		ends[2 * npairs + 1] = b;
		npairs++;
		inner[a]++;
		inner[b]++;
		int ra = find_root(parent, a), rb = find_root(parent, b);
		if (ra != rb) {
			parent[ra] = rb;
			components--;
		}
	}
	out->doors = npairs;
	out->loops = out->doors - n + components;
	for (int r = 1; r <= n; r++) {
		if (m->regions[r].kind != REGION_ROOM)
			continue;
		out->rooms++;
		room[r] = 1;
		if (degree[r] == 1)
			out->dead_ends++;
	}
	g.data = malloc((2 * (size_t)n + 2 * (size_t)npairs + 1) * sizeof *g.data);
	if (!g.data) {
		err_set(e, "out of memory for the maze measures");
		goto out;
	}
	lay_out_graph(&g, n, ends, npairs, inner, room, first, list);
	/* Shortest ways from every room, or from rooms spread evenly over the
	 * region ids on a big plan. */
	long want = out->rooms > HOUSE_MEASURE_EXACT ? HOUSE_MEASURE_SAMPLE : out->rooms;
	long long sum = 0;
	long pairs = 0;
	int seen_rooms = 0;
	for (int s = 1; s <= n; s++) {
		/* room k is a source when k * want mod rooms < want: exactly
		 * `want` sources, evenly spread */
		if (!room[s] || ((long)seen_rooms++ * want) % out->rooms >= want)
			continue;
		if (g.hang[s])  /* a leaf: one door to the region it hangs on */
			search(&g, g.at[g.hang[s]], 1, 1, &sum, &pairs, &out->longest);
		else
			search(&g, g.at[s], 0, 0, &sum, &pairs, &out->longest);
		out->sources++;
	}
	out->avg_doors = pairs ? (double)sum / (double)pairs : 0.0;
	out->sampled = out->sources < out->rooms;
	rc = 0;
out:
	free(ends);
	free(parent);
	free(degree);
	free(inner);
	free(first);
	free(list);
	free(room);
	free(g.at);
	free(g.pos);
	free(g.hang);
	free(g.queue);
	free(g.data);
	free(g.seen);
	return rc;
}
