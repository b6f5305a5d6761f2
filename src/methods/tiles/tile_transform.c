/* tile_transform.c: turning and mirroring tiles. A turn number 0..7 is a
 * mirror west to east when it is 4 or more, followed by (turn % 4) quarter
 * turns clockwise; the eight numbers give every way a tile can lie on the
 * grid. The doors of the new copy are found afresh from its drawing, so a
 * turned tile obeys exactly the rules a drawn one does. */
#include "methods/tiles/tile.h"

#include <stdlib.h>
#include <string.h>

void tile_turn_point(int w, int h, int turn, int x, int y, int *nx, int *ny, int *nw, int *nh)
{
	if (turn >= 4)
		x = w - 1 - x;
	for (int q = 0; q < turn % 4; q++) {
		/* a quarter turn clockwise: the west column becomes the north row */
		int tx = h - 1 - y, ty = x;
		int t = w;
		w = h;
		h = t;
		x = tx;
		y = ty;
	}
	*nx = x;
	*ny = y;
	*nw = w;
	*nh = h;
}

void tile_turn_steps(int w, int h, int turn, long *at0, long *step_x, long *step_y, int *nw, int *nh)
{
	/* the turn is affine: where (0, 0) goes and where one step east or
	 * south moves it */
	int x0, y0, x1, y1, x2, y2;
	tile_turn_point(w, h, turn, 0, 0, &x0, &y0, nw, nh);
	tile_turn_point(w, h, turn, 1, 0, &x1, &y1, nw, nh);
	tile_turn_point(w, h, turn, 0, 1, &x2, &y2, nw, nh);
	*at0 = (long)y0 * *nw + x0;
	*step_x = (long)(y1 - y0) * *nw + (x1 - x0);
	*step_y = (long)(y2 - y0) * *nw + (x2 - x0);
}

int tile_turn_drawing(const struct tile *src, int turn, struct tile *out, struct err *e)
{
	memset(out, 0, sizeof *out);
	memcpy(out->name, src->name, sizeof out->name);
	memcpy(out->title, src->title, sizeof out->title);
	memcpy(out->file, src->file, sizeof out->file);
	out->kind = src->kind;
	out->weight = src->weight;
	out->line = src->line;
	out->source = src->source;
	int nw, nh;
	long at0, step_x, step_y;
	tile_turn_steps(src->w, src->h, turn, &at0, &step_x, &step_y, &nw, &nh);
	out->w = nw;
	out->h = nh;
	out->cells = malloc((size_t)nw * (size_t)nh);
	if (!out->cells)
		return err_set(e, "out of memory turning tile '%s'", src->name);
	for (int y = 0; y < src->h; y++) {
		long at = at0 + y * step_y;
		for (int x = 0; x < src->w; x++, at += step_x)
			out->cells[at] = src->cells[y * src->w + x];
	}
	return 0;
}

int tile_transform(const struct tile *src, int turn, struct tile *out, struct err *e)
{
	if (tile_turn_drawing(src, turn, out, e) < 0)
		return -1;
	if (tile_analyse(out, e) < 0) {
		tile_free(out);
		return -1;
	}
	return 0;
}
