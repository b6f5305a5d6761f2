/* site_reach.c: how deep each room lies, in doors passed from the way in
 * or from another room (see site_int.h). */
#include "site/site_int.h"

#include "model/connect.h"

int site_door_distances_from(const struct map *m, int start, int *dist, struct err *e)
{
	struct graph g;
	if (graph_build(&g, m, e) < 0)
		return -1;
	int rc = connect_distances(m, &g, start, dist, e);
	graph_free(&g);
	return rc;
}

int site_door_distances(const struct map *m, int *dist, struct err *e)
{
	int start = connect_entrance_region(m);
	for (int id = 1; start == 0 && id <= m->nregions; id++)
		if (m->regions[id].number == 1)
			start = id;
	if (start > 0)
		return site_door_distances_from(m, start, dist, e);
	for (int id = 0; id <= m->nregions; id++)
		dist[id] = 0;
	return 0;
}
