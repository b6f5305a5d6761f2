/* connect.c: reachability through doors, honouring locks and keys. */
#include "model/connect.h"

#include <stdlib.h>
#include <string.h>

int graph_build(struct graph *g, const struct map *m, struct err *e)
{
	int n = m->nregions;
	memset(g, 0, sizeof *g);
	g->nregions = n;
	g->first = calloc((size_t)n + 2, sizeof *g->first);
	g->edges = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *g->edges);
	g->other = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *g->other);
	/* the regions on both sides of each door, read from the grid once */
	int *sides = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *sides);
	int *fill = calloc((size_t)n + 1, sizeof *fill);
	if (!g->first || !g->edges || !g->other || !sides || !fill) {
		free(sides);
		free(fill);
		graph_free(g);
		return err_set(e, "out of memory for the door graph");
	}
	for (int i = 0; i < m->ndoors; i++) {
		int a, b;
		/* doors lie all over the grid: their squares are asked for a few
		 * doors ahead, so the loads overlap */
		if (i + 8 < m->ndoors)
			map_prefetch_door(m, m->doors[i + 8].x, m->doors[i + 8].y, m->doors[i + 8].side);
		map_door_regions(m, &m->doors[i], &a, &b);
		sides[2 * i] = a;
		sides[2 * i + 1] = b;
		g->first[a + 1]++;
		g->first[b + 1]++;
	}
	for (int r = 0; r <= n; r++)
		g->first[r + 1] += g->first[r];
	for (int i = 0; i < m->ndoors; i++) {
		int a = sides[2 * i], b = sides[2 * i + 1];
		int ka = g->first[a] + fill[a]++;
		g->edges[ka] = i;
		g->other[ka] = b;
		int kb = g->first[b] + fill[b]++;
		g->edges[kb] = i;
		g->other[kb] = a;
	}
	free(sides);
	free(fill);
	return 0;
}

void graph_free(struct graph *g)
{
	free(g->first);
	free(g->edges);
	free(g->other);
	memset(g, 0, sizeof *g);
}

int connect_entrance_region(const struct map *m)
{
	if (!m->entrance.set)
		return 0;
	return map_at(m, m->entrance.x, m->entrance.y);
}

int connect_reach(const struct map *m, const struct graph *g, int start, int honour_locks,
		  unsigned char *seen, struct err *e)
{
	int n = m->nregions;
	memset(seen, 0, (size_t)n + 1);
	if (start <= 0 || start > n)
		return 0;
	int *queue = malloc(((size_t)n + 1) * sizeof *queue);
	if (!queue)
		return err_set(e, "out of memory for the reachability search");
	int count = 0, head = 0, tail = 0;
	seen[start] = 1;
	queue[tail++] = start;
	count = 1;
	/* Each round walks as far as the keys in hand allow; a round that opens
	 * no new lock ends the search. Rounds are bounded by nlocks + 1. */
	for (int round = 0; round <= m->nlocks; round++) {
		while (head < tail) {
			int r = queue[head++];
			for (int k = g->first[r]; k < g->first[r + 1]; k++) {
				const struct door *d = &m->doors[g->edges[k]];
				int o = g->other[k];
				if (o <= 0 || seen[o])
					continue;
				if (honour_locks && d->kind == DOOR_LOCKED && d->lock >= 0 &&
				    !seen[m->locks[d->lock].region])
					continue;
				seen[o] = 1;
				queue[tail++] = o;
				count++;
			}
		}
		if (!honour_locks || m->nlocks == 0)
			break;
		/* Re-scan the regions reached for locked doors whose keys are now in hand. */
		int opened = 0;
		for (int i = 0; i < m->nlocks; i++) {
			int di = m->locks[i].door;
			if (di < 0 || !seen[m->locks[i].region])
				continue;
			int a, b;
			map_door_regions(m, &m->doors[di], &a, &b);
			if (seen[a] && b > 0 && !seen[b]) {
				seen[b] = 1;
				queue[tail++] = b;
				count++;
				opened = 1;
			} else if (seen[b] && a > 0 && !seen[a]) {
				seen[a] = 1;
				queue[tail++] = a;
				count++;
				opened = 1;
			}
		}
		if (!opened)
			break;
	}
	free(queue);
	return count;
}

int connect_distances(const struct map *m, const struct graph *g, int start, int *dist, struct err *e)
{
	int n = m->nregions;
	for (int i = 0; i <= n; i++)
		dist[i] = -1;
	if (start <= 0 || start > n)
		return 0;
	int *queue = malloc(((size_t)n + 1) * sizeof *queue);
	if (!queue)
		return err_set(e, "out of memory for the distance search");
	int head = 0, tail = 0;
	dist[start] = 0;
	queue[tail++] = start;
	while (head < tail) {
		int r = queue[head++];
		for (int k = g->first[r]; k < g->first[r + 1]; k++) {
			int o = g->other[k];
			if (o > 0 && dist[o] < 0) {
				dist[o] = dist[r] + 1;
				queue[tail++] = o;
			}
		}
	}
	free(queue);
	return 0;
}
