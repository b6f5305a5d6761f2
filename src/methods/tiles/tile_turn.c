/* tile_turn.c: the doors and floor pieces of a turned copy of a tile,
 * carried over from the tile's own reading instead of found afresh.
 * Turning and mirroring keep every square's neighbours, so a turned copy
 * has the same pieces and doors; only their numbering and order follow the
 * new drawing. tile_analyse numbers pieces by their first square in row
 * order and lists doors by their first square (the west or north end) in
 * row order; this file does the same, so its result equals tile_analyse's
 * on the turned drawing (tests/check_tiles.c compares the two). */
#include "methods/tiles/tile.h"
#include "methods/turn.h"

#include <stdlib.h>
#include <string.h>

/* Square (x, y) of src (any integers: the turn is affine) in the copy. */
static void turned(const struct tile *src, int turn, int x, int y, int *nx, int *ny)
{
	int nw, nh;
	turn_point(src->w, src->h, turn, x, y, nx, ny, &nw, &nh);
}

/* The side a step from (x0, y0) to (x1, y1) goes towards. */
static int side_of_step(int x0, int y0, int x1, int y1)
{
	for (int s = 0; s < SIDE_COUNT; s++)
		if (x1 - x0 == side_dx[s] && y1 - y0 == side_dy[s])
			return s;
	return -1;
}

/* Numbers the copy's pieces in row order of their first square and fills
 * out->comp and out->comp_area; renum[c] gets the new number of src's
 * piece c. Returns 0 or -1 (out of memory). */
static int carry_pieces(const struct tile *src, int turn, struct tile *out, int *renum)
{
	size_t n = (size_t)out->w * (size_t)out->h;
	out->comp = malloc((n ? n : 1) * sizeof *out->comp);
	out->comp_area = malloc((size_t)(src->ncomp ? src->ncomp : 1) * sizeof *out->comp_area);
	if (!out->comp || !out->comp_area)
		return -1;
	int nw, nh;
	long at0, step_x, step_y;
	turn_steps(src->w, src->h, turn, &at0, &step_x, &step_y, &nw, &nh);
	for (int y = 0; y < src->h; y++) {
		long at = at0 + y * step_y;
		for (int x = 0; x < src->w; x++, at += step_x) {
			/* floor keeps its piece; inner doors are set with their door */
			int i = y * src->w + x;
			out->comp[at] = tile_square_of(src->cells[i]) == TSQ_FLOOR ? src->comp[i] : -1;
		}
	}
	for (int c = 0; c < src->ncomp; c++)
		renum[c] = -1;
	int next = 0;
	for (size_t i = 0; i < n; i++) {
		int c = out->comp[i];
		if (c < 0)
			continue;
		if (renum[c] < 0) {
			renum[c] = next++;
			out->comp_area[renum[c]] = src->comp_area[c];
		}
		out->comp[i] = renum[c];
	}
	out->ncomp = next;
	return 0;
}

/* Door d of src in the copy. */
static struct tile_door carry_door(const struct tile *src, int turn, const struct tile *out, const struct tile_door *d,
				   const int *renum)
{
	int dx = d->axis == TILE_AXIS_H, dy = !dx, ax, ay, bx, by;
	turned(src, turn, d->x, d->y, &ax, &ay);
	turned(src, turn, d->x + (d->width - 1) * dx, d->y + (d->width - 1) * dy, &bx, &by);
	struct tile_door nd = *d;
	/* the first square is the west or north end of the turned run */
	nd.x = ax < bx ? ax : bx;
	nd.y = ay < by ? ay : by;
	nd.axis = turn % 2 ? (d->axis == TILE_AXIS_H ? TILE_AXIS_V : TILE_AXIS_H) : d->axis;
	if (d->facing >= 0) {
		int fx, fy;
		turned(src, turn, d->x + side_dx[d->facing], d->y + side_dy[d->facing], &fx, &fy);
		nd.facing = side_of_step(ax, ay, fx, fy);
		nd.comp = renum[d->comp];
		return nd;
	}
	/* inner: its squares belong to the piece north (or west) of it now */
	enum side s1 = nd.axis == TILE_AXIS_H ? SIDE_N : SIDE_W, s2 = side_opposite(s1);
	nd.comp = out->comp[(nd.y + side_dy[s1]) * out->w + nd.x + side_dx[s1]];
	nd.comp2 = out->comp[(nd.y + side_dy[s2]) * out->w + nd.x + side_dx[s2]];
	return nd;
}

int tile_turn_analysis(const struct tile *src, int turn, struct tile *out, struct err *e)
{
	int *renum = malloc((size_t)(src->ncomp ? src->ncomp : 1) * sizeof *renum);
	out->doors = malloc((size_t)(src->ndoors ? src->ndoors : 1) * sizeof *out->doors);
	if (!renum || !out->doors || carry_pieces(src, turn, out, renum) < 0) {
		free(renum);
		return err_set(e, "out of memory turning tile '%s'", src->name);
	}
	out->ndoors = 0;
	for (int k = 0; k < src->ndoors; k++) {
		struct tile_door nd = carry_door(src, turn, out, &src->doors[k], renum);
		if (nd.facing < 0)
			for (int j = 0; j < nd.width; j++)
				out->comp[(nd.y + j * (nd.axis == TILE_AXIS_V)) * out->w + nd.x + j * (nd.axis == TILE_AXIS_H)] =
					nd.comp;
		/* kept in row order of the first square (a tile has few doors) */
		int at = out->ndoors++;
		for (; at > 0; at--) {
			const struct tile_door *p = &out->doors[at - 1];
			if (p->y < nd.y || (p->y == nd.y && p->x < nd.x))
				break;
			out->doors[at] = *p;
		}
		out->doors[at] = nd;
	}
	free(renum);
	return 0;
}
