/* walls.c: merging wall edges into polylines. The corners of the grid are
 * the nodes (w+1 by h+1); each corner records which of its four unit edges
 * are walls; chains are walked from every corner that is not a plain
 * pass-through, then what is left are closed loops. */
#include "export/walls.h"

#include <stdlib.h>
#include <string.h>

enum { DIR_N = 1, DIR_E = 2, DIR_S = 4, DIR_W = 8 };

int walls_door_is_portal(enum door_kind k)
{
	return k != DOOR_SECRET;
}

/* Is the unit edge on `side` of square (x, y) a wall (seen from either side)?
 * With secret_open, a secret door is not. */
static int edge_is_wall(const struct map *m, int x, int y, enum side side, int secret_open)
{
	int nx = x + side_dx[side], ny = y + side_dy[side];
	if (!map_in(m, x, y) && !map_in(m, nx, ny))
		return 0;
	if (map_at(m, x, y) == map_at(m, nx, ny))
		return 0;
	int sx = map_in(m, x, y) ? x : nx, sy = map_in(m, x, y) ? y : ny;
	enum side ss = map_in(m, x, y) ? side : side_opposite(side);
	int d = map_find_door(m, sx, sy, ss);
	return d < 0 || (!walls_door_is_portal(m->doors[d].kind) && !secret_open);
}

static int push_point(struct walls *w, long *cap, long *n, int x, int y)
{
	if (*n == *cap) {
		long ncap = *cap ? *cap * 2 : 256;
		struct wall_point *p = realloc(w->points, (size_t)ncap * sizeof *p);
		if (!p)
			return -1;
		w->points = p;
		*cap = ncap;
	}
	w->points[*n] = (struct wall_point){ x, y };
	(*n)++;
	return 0;
}

static int pop_count(unsigned char v)
{
	return (v & 1) + ((v >> 1) & 1) + ((v >> 2) & 1) + ((v >> 3) & 1);
}

int walls_build(struct walls *w, const struct map *m, struct err *e)
{
	return walls_build_open(w, m, 0, e);
}

int walls_build_open(struct walls *w, const struct map *m, int secret_open, struct err *e)
{
	int cw = m->w + 1, ch = m->h + 1;
	memset(w, 0, sizeof *w);
	unsigned char *deg = calloc((size_t)cw * (size_t)ch, 1);
	long pcap = 0, pn = 0;
	int scap = 64;
	w->start = malloc((size_t)scap * sizeof *w->start);
	if (!deg || !w->start)
		goto oom;
#define CORNER(x, y) deg[(size_t)(y) * (size_t)cw + (size_t)(x)]
	/* the north edge of (x, y) joins corners (x, y)-(x+1, y); the west edge (x, y)-(x, y+1) */
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x <= m->w; x++) {
			if (x < m->w && edge_is_wall(m, x, y, SIDE_N, secret_open)) {
				CORNER(x, y) |= DIR_E;
				CORNER(x + 1, y) |= DIR_W;
				w->segments++;
			}
			if (y < m->h && edge_is_wall(m, x, y, SIDE_W, secret_open)) {
				CORNER(x, y) |= DIR_S;
				CORNER(x, y + 1) |= DIR_N;
				w->segments++;
			}
		}
	static const int step_x[9] = { 0, 0, 1, 0, 0, 0, 0, 0, -1 }, step_y[9] = { 0, -1, 0, 0, 1, 0, 0, 0, 0 };
	static const unsigned char back[9] = { 0, DIR_S, DIR_W, 0, DIR_N, 0, 0, 0, DIR_E };
	/* Two passes: chains from corners that are not pass-throughs, then loops. */
	for (int pass = 0; pass < 2; pass++)
		for (int y = 0; y < ch; y++)
			for (int x = 0; x < cw; x++) {
				while (CORNER(x, y) && (pass == 1 || pop_count(CORNER(x, y)) != 2)) {
					if (w->n + 1 >= scap) {
						int *p = realloc(w->start, (size_t)scap * 2 * sizeof *p);
						if (!p)
							goto oom;
						w->start = p;
						scap *= 2;
					}
					w->start[w->n] = (int)pn;
					if (push_point(w, &pcap, &pn, x, y) < 0)
						goto oom;
					int cx = x, cy = y, dir = 0;
					for (;;) {
						unsigned char here = CORNER(cx, cy);
						/* go straight on where the wall does, else turn */
						int next = (here & dir) ? dir
							   : (here & DIR_N) ? DIR_N : (here & DIR_E) ? DIR_E
							   : (here & DIR_S) ? DIR_S : DIR_W;
						if (dir && next != dir && push_point(w, &pcap, &pn, cx, cy) < 0)
							goto oom;
						CORNER(cx, cy) &= (unsigned char)~next;
						cx += step_x[next];
						cy += step_y[next];
						CORNER(cx, cy) &= (unsigned char)~back[next];
						dir = next;
						/* a corner with one edge left was a pass-through: go on;
						 * stop at an end, a junction, or back at the start */
						if (pop_count(CORNER(cx, cy)) != 1 || (cx == x && cy == y))
							break;
					}
					if (push_point(w, &pcap, &pn, cx, cy) < 0)
						goto oom;
					w->n++;
				}
			}
#undef CORNER
	w->start[w->n] = (int)pn;
	free(deg);
	return 0;
oom:
	free(deg);
	walls_free(w);
	return err_set(e, "out of memory while tracing walls");
}

void walls_free(struct walls *w)
{
	free(w->points);
	free(w->start);
	memset(w, 0, sizeof *w);
}
