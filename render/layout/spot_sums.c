/* spot_sums.c: tables of sums over a map for placing room numbers: the
 * squares open to a number, and the places where a square's right or
 * lower neighbour is of another region, and the squares with door
 * marks. A rectangle is all open floor of
 * one region when it holds as many open squares as squares and no change
 * of region inside it: three look-ups of four corners each, instead of a
 * look at every square. */
#include "layout/spot_sums.h"

#include "model/map.h"

#include <stdlib.h>

int spot_sums_init(struct spot_sums *ss, const struct map *m, const unsigned char *blocked,
		   const unsigned char *door_sides, int vx, int vy, int vw, int vh, int arrow_x, int arrow_y)
{
	size_t n = ((size_t)m->w + 1) * ((size_t)m->h + 1);
	ss->w = m->w;
	ss->h = m->h;
	ss->open = calloc(n, sizeof *ss->open);
	ss->across = calloc(n, sizeof *ss->across);
	ss->down = calloc(n, sizeof *ss->down);
	ss->doors = calloc(n, sizeof *ss->doors);
	if (!ss->open || !ss->across || !ss->down || !ss->doors) {
		spot_sums_free(ss);
		return -1;
	}
	long W = (long)m->w + 1;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			int r = map_at(m, x, y);
			int open = x >= vx && y >= vy && x < vx + vw && y < vy + vh && !(x == arrow_x && y == arrow_y) &&
				   !blocked[(long)y * m->w + x];
			int across = x + 1 < m->w && map_at(m, x + 1, y) != r;
			int down = y + 1 < m->h && map_at(m, x, y + 1) != r;
			int door = door_sides[(long)y * m->w + x] != 0;
			long at = (y + 1) * W + x + 1, up = y * W + x + 1, left = (y + 1) * W + x, corner = y * W + x;
			ss->open[at] = open + ss->open[up] + ss->open[left] - ss->open[corner];
			ss->across[at] = across + ss->across[up] + ss->across[left] - ss->across[corner];
			ss->down[at] = down + ss->down[up] + ss->down[left] - ss->down[corner];
			ss->doors[at] = door + ss->doors[up] + ss->doors[left] - ss->doors[corner];
		}
	return 0;
}

void spot_sums_free(struct spot_sums *ss)
{
	free(ss->open);
	free(ss->across);
	free(ss->down);
	free(ss->doors);
	ss->open = ss->across = ss->down = ss->doors = NULL;
}
