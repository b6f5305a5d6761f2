/* house_measure.c: how house-like or maze-like a plan is. The doors passed
 * on the shortest way between two rooms (breadth-first over the door graph;
 * the hallway is a region like any other, so walking along it costs
 * nothing), the longest such way, the independent loops of the door graph
 * and the dead-end rooms. The searches run over a compact list of each
 * region's neighbours through doors, not over the grid, so a plan of 10,000
 * rooms is measured in milliseconds. */
#include "house.h"

#include "map.h"

#include <stdlib.h>

/* Union-find root with path halving. */
static int find_root(int *parent, int v)
{
	while (parent[v] != v) {
		parent[v] = parent[parent[v]];
		v = parent[v];
	}
	return v;
}

int house_measure(const struct map *m, struct house_measures *out, struct err *e)
{
	int n = m->nregions;
	int *dist = malloc(((size_t)n + 1) * sizeof *dist);
	int *queue = malloc(((size_t)n + 1) * sizeof *queue);
	int *parent = malloc(((size_t)n + 1) * sizeof *parent);
	int *degree = calloc((size_t)n + 2, sizeof *degree);
	int *first = calloc((size_t)n + 2, sizeof *first);
	int *adj = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *adj);
	unsigned char *room = calloc((size_t)n + 1, 1);
	int rc = -1;
	*out = (struct house_measures){ 0 };
	if (!dist || !queue || !parent || !degree || !first || !adj || !room) {
		err_set(e, "out of memory for the maze measures");
		goto out;
	}
	out->regions = n;
	for (int r = 0; r <= n; r++)
		parent[r] = r;
	int components = n;
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		degree[a]++;
		degree[b]++;
		if (a <= 0 || b <= 0)
			continue;
		out->doors++;
		first[a + 1]++;
		first[b + 1]++;
		int ra = find_root(parent, a), rb = find_root(parent, b);
		if (ra != rb) {
			parent[ra] = rb;
			components--;
		}
	}
	out->loops = out->doors - n + components;
	/* first[r] .. first[r + 1]: the regions beyond r's doors. */
	for (int r = 0; r <= n; r++)
		first[r + 1] += first[r];
	for (int r = 0; r <= n; r++)
		dist[r] = first[r];     /* fill positions until the searches */
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		map_door_regions(m, &m->doors[i], &a, &b);
		if (a <= 0 || b <= 0)
			continue;
		adj[dist[a]++] = b;
		adj[dist[b]++] = a;
	}
	for (int r = 1; r <= n; r++) {
		if (m->regions[r].kind != REGION_ROOM)
			continue;
		out->rooms++;
		room[r] = 1;
		if (degree[r] == 1)
			out->dead_ends++;
	}
	/* Shortest ways from every room, or from rooms spread evenly over the
	 * region ids on a big plan. */
	long want = out->rooms > HOUSE_MEASURE_EXACT ? HOUSE_MEASURE_SAMPLE : out->rooms;
	double sum = 0;
	long pairs = 0;
	int seen_rooms = 0;
	for (int r = 0; r <= n; r++)
		dist[r] = -1;
	for (int s = 1; s <= n; s++) {
		/* room k is a source when k * want mod rooms < want: exactly
		 * `want` sources, evenly spread */
		if (!room[s] || ((long)seen_rooms++ * want) % out->rooms >= want)
			continue;
		int head = 0, tail = 0;
		dist[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			int r = queue[head++];
			if (room[r] && r != s) {
				sum += dist[r];
				pairs++;
				if (dist[r] > out->longest)
					out->longest = dist[r];
			}
			for (int k = first[r]; k < first[r + 1]; k++)
				if (dist[adj[k]] < 0) {
					dist[adj[k]] = dist[r] + 1;
					queue[tail++] = adj[k];
				}
		}
		for (int k = 0; k < tail; k++)     /* clear what this search reached */
			dist[queue[k]] = -1;
		out->sources++;
	}
	out->avg_doors = pairs ? sum / (double)pairs : 0.0;
	out->sampled = out->sources < out->rooms;
	rc = 0;
out:
	free(dist);
	free(queue);
	free(first);
	free(adj);
	free(room);
	free(parent);
	free(degree);
	return rc;
}
