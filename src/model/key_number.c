/* key_number.c: numbering the keyed regions of a map (key_number in
 * key.h): by distance from the entrance or in reading order. */
#include "model/key.h"

#include "model/connect.h"

#include <stdlib.h>

/* Numbers the keyed regions by distance from the entrance region (or all
 * at distance 0 in reading order), then by their first square in reading
 * order, then by id. The regions are listed in order of first square by
 * one pass over the grid's runs (regions without squares first, by id),
 * then put in order of distance by a stable counting sort: no comparison
 * sort. */
int key_number(struct map *m, enum key_numbering mode, struct err *e)
{
	int n = m->nregions;
	int *order = malloc(((size_t)n + 1) * sizeof *order);
	int *sorted = malloc(((size_t)n + 1) * sizeof *sorted);
	int *dist = malloc(((size_t)n + 1) * sizeof *dist);
	int *count = calloc((size_t)n + 3, sizeof *count);
	unsigned char *seen = calloc((size_t)n + 1, 1);
	struct graph g = { 0 };
	int rc = -1;
	if (!order || !sorted || !dist || !count || !seen) {
		err_set(e, "out of memory while numbering rooms");
		goto out;
	}
	/* the regions by their first square in reading order */
	int nseen = 0;
	for (int y = 0; y < m->h; y++) {
		const int *row = m->cells + (long)y * m->w;
		for (int x = map_row_skip_ground(row, 0, m->w); x < m->w; x = map_row_skip_ground(row, x, m->w)) {
			int id = row[x];
			x = map_row_run_end(row, x + 1, m->w, id);
			if (id > 0 && id <= n && !seen[id]) {
				seen[id] = 1;
				order[nseen++] = id;
			}
		}
	}
	if (mode == KEY_NUMBER_ENTRANCE) {
		if (graph_build(&g, m, e) < 0 ||
		    connect_distances(m, &g, connect_entrance_region(m), dist, e) < 0)
			goto out;
	}
	/* keyed regions without squares first (by id), then the others by
	 * first square; each keeps its distance (unreached: after all) */
	int count_keyed = 0;
	for (int id = 1; id <= n; id++) {
		int keyed = region_is_keyed(m->regions[id].kind);
		if (!seen[id] && keyed)
			sorted[count_keyed++] = id;
		seen[id] = (unsigned char)keyed;   /* from here on: keyed or not */
	}
	for (int i = 0; i < nseen; i++)
		if (seen[order[i]])
			sorted[count_keyed++] = order[i];
	for (int i = 0; i < count_keyed; i++) {
		int id = sorted[i], d = mode == KEY_NUMBER_ENTRANCE ? dist[id] : 0;
		dist[id] = d < 0 || d > n ? n + 1 : d;
		count[dist[id] + 1]++;
	}
	for (int d = 0; d <= n + 1; d++)
		count[d + 1] += count[d];
	for (int i = 0; i < count_keyed; i++)
		order[count[dist[sorted[i]]]++] = sorted[i];
	/* the numbers by region (dist is free again), then written in one pass
	 * over the regions' records */
	for (int id = 1; id <= n; id++)
		dist[id] = 0;
	for (int i = 0; i < count_keyed; i++)
		dist[order[i]] = i + 1;
	for (int id = 1; id <= n; id++)
		m->regions[id].number = dist[id];
	rc = 0;
out:
	graph_free(&g);
	free(order);
	free(sorted);
	free(dist);
	free(count);
	free(seen);
	return rc;
}
