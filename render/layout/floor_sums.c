/* floor_sums.c: the floor of a map's rectangles from a table of sums (see
 * floor_sums.h): sum[y][x] counts the floor squares above and left of the
 * corner (x, y), so any block of whole squares is four look-ups, and a
 * rectangle ending inside a square adds that column's and row's part. */
#include "layout/floor_sums.h"

#include <math.h>
#include <stdlib.h>

int floor_sums_init(struct floor_sums *fs, const struct map *m, struct err *e)
{
	fs->w = m->w;
	fs->h = m->h;
	fs->sum = calloc((size_t)(m->w + 1) * (size_t)(m->h + 1), sizeof *fs->sum);
	if (!fs->sum)
		return err_set(e, "out of memory while planning the poster");
	int stride = m->w + 1;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++)
			fs->sum[(y + 1) * stride + x + 1] = (map_at(m, x, y) > 0) + fs->sum[y * stride + x + 1] +
							    fs->sum[(y + 1) * stride + x] - fs->sum[y * stride + x];
	return 0;
}

void floor_sums_free(struct floor_sums *fs)
{
	free(fs->sum);
	fs->sum = NULL;
}

static int clamp(int v, int hi)
{
	return v < 0 ? 0 : v > hi ? hi : v;
}

/* Floor squares of the block of whole squares x0 .. x1 - 1, y0 .. y1 - 1. */
static long block(const struct floor_sums *fs, int x0, int y0, int x1, int y1)
{
	x0 = clamp(x0, fs->w);
	x1 = clamp(x1, fs->w);
	y0 = clamp(y0, fs->h);
	y1 = clamp(y1, fs->h);
	if (x1 <= x0 || y1 <= y0)
		return 0;
	int stride = fs->w + 1;
	return fs->sum[y1 * stride + x1] - fs->sum[y0 * stride + x1] - fs->sum[y1 * stride + x0] +
	       fs->sum[y0 * stride + x0];
}

double floor_sums_area(const struct floor_sums *fs, int x0, int y0, double x1, double y1)
{
	int ix = (int)floor(x1), iy = (int)floor(y1);
	double fx = x1 - ix, fy = y1 - iy;
	return (double)block(fs, x0, y0, ix, iy) + fx * (double)block(fs, ix, y0, ix + 1, iy) +
	       fy * (double)block(fs, x0, iy, ix, iy + 1) + fx * fy * (double)block(fs, ix, iy, ix + 1, iy + 1);
}
