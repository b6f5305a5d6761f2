/* spot_cands.c: the grid of candidate centres for a number beside its
 * room. spot_beside (layout_spot.c) looks at them in squares of the grid
 * growing around the room's leader end, and stops once every place left
 * is farther than its best: a handful of places instead of every place
 * around the room, with the same winner as a sweep over all of them. */
#include "layout/spot_cands.h"

#include "model/map.h"

#include <stdlib.h>

/* Fills *v with from, from + step, ... up to `to` (accumulated, as a sweep
 * does); returns the count, or -1 when out of memory. */
static int axis(double **v, int *cap, double from, double to, double step)
{
	int n = 0;
	for (double x = from; x <= to; x += step) {
		if (n == *cap) {
			int grown = *cap ? *cap * 2 : 256;
			double *nv = realloc(*v, (size_t)grown * sizeof *nv);
			if (!nv)
				return -1;
			*v = nv;
			*cap = grown;
		}
		(*v)[n++] = x;
	}
	return n;
}

int spot_cands_get(struct spot_cands *sc, const struct map *m, int id, int reach, double step)
{
	if (sc->id == id && sc->reach == reach && sc->step == step)
		return 0;
	const struct rect *b = &m->regions[id].bounds;
	sc->id = -1;
	sc->nx = axis(&sc->xs, &sc->cap_x, b->x - reach, b->x + b->w + reach, step);
	sc->ny = axis(&sc->ys, &sc->cap_y, b->y - reach, b->y + b->h + reach, step);
	if (sc->nx < 0 || sc->ny < 0)
		return -1;
	sc->id = id;
	sc->reach = reach;
	sc->step = step;
	return 0;
}

int spot_cands_index(const double *v, int n, double at)
{
	int lo = 0, hi = n - 1;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (v[mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void spot_cands_free(struct spot_cands *sc)
{
	free(sc->xs);
	free(sc->ys);
	*sc = (struct spot_cands){ .id = -1 };
}
