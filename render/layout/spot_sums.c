/* spot_sums.c: tables of sums over a map for placing room numbers: the
 * squares open to a number, and the places where a square's right or
 * lower neighbour is of another region. A rectangle is all open floor of
 * one region when it holds as many open squares as squares and no change
 * of region inside it: three look-ups of four corners each, instead of a
 * look at every square. */
#include "layout/spot_sums.h"

#include "model/map.h"

#include <stdlib.h>

/* The sum over x0..x1, y0..y1 (inclusive) of a table of sums of width w. */
static int rect_sum(const int *t, int w, int x0, int y0, int x1, int y1)
{
	if (x1 < x0 || y1 < y0)
		return 0;
	long W = (long)w + 1;
	return t[(y1 + 1) * W + x1 + 1] - t[y0 * W + x1 + 1] - t[(y1 + 1) * W + x0] + t[y0 * W + x0];
}

int spot_sums_init(struct spot_sums *ss, const struct map *m, const unsigned char *blocked, int vx, int vy, int vw,
		   int vh, int arrow_x, int arrow_y)
{
	size_t n = ((size_t)m->w + 1) * ((size_t)m->h + 1);
	ss->w = m->w;
	ss->h = m->h;
	ss->open = calloc(n, sizeof *ss->open);
	ss->across = calloc(n, sizeof *ss->across);
	ss->down = calloc(n, sizeof *ss->down);
	if (!ss->open || !ss->across || !ss->down) {
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
			long at = (y + 1) * W + x + 1, up = y * W + x + 1, left = (y + 1) * W + x, corner = y * W + x;
			ss->open[at] = open + ss->open[up] + ss->open[left] - ss->open[corner];
			ss->across[at] = across + ss->across[up] + ss->across[left] - ss->across[corner];
			ss->down[at] = down + ss->down[up] + ss->down[left] - ss->down[corner];
		}
	return 0;
}

void spot_sums_free(struct spot_sums *ss)
{
	free(ss->open);
	free(ss->across);
	free(ss->down);
	ss->open = ss->across = ss->down = NULL;
}

int spot_sums_open(const struct spot_sums *ss, const struct map *m, int want, int x0, int y0, int x1, int y1)
{
	if (map_at(m, x0, y0) != want)
		return 0;
	long area = (long)(x1 - x0 + 1) * (y1 - y0 + 1);
	return rect_sum(ss->open, ss->w, x0, y0, x1, y1) == area && rect_sum(ss->across, ss->w, x0, y0, x1 - 1, y1) == 0 &&
	       rect_sum(ss->down, ss->w, x0, y0, x1, y1 - 1) == 0;
}
