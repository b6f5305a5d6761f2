/* feature.c: where a feature stands in its square, and which features each
 * region holds (see feature.h). */
#include "model/feature.h"

/* The edge on `side` of (x, y) is wall for a feature to stand against. */
static int is_wall(const struct map *m, int x, int y, enum side side)
{
	if (map_at(m, x + side_dx[side], y + side_dy[side]) == map_at(m, x, y))
		return 0;
	int d = map_find_door(m, x, y, side);
	return d < 0 || m->doors[d].kind == DOOR_SECRET;
}

static int same_feature(const struct map *m, int x, int y, enum side side, unsigned char f)
{
	int nx = x + side_dx[side], ny = y + side_dy[side];
	return map_in(m, nx, ny) && m->features[(long)ny * m->w + nx] == f;
}

/* The same feature one or two squares along the wall on `side` of (x, y),
 * either way, in the same region: a row of them along that wall. */
static int row_along(const struct map *m, int x, int y, enum side side, unsigned char f)
{
	int ax = side_dy[side] != 0, ay = side_dx[side] != 0, id = map_at(m, x, y);
	for (int d = -2; d <= 2; d++) {
		int nx = x + d * ax, ny = y + d * ay;
		if (d != 0 && map_at(m, nx, ny) == id && m->features[(long)ny * m->w + nx] == f)
			return 1;
	}
	return 0;
}

void feature_place(const struct map *m, int x, int y, struct feature_place *out)
{
	out->back = -1;
	out->along_ns = 0;
	if (!map_in(m, x, y))
		return;
	unsigned char f = m->features ? m->features[(long)y * m->w + x] : FEATURE_NONE;
	/* twice the square's middle less twice its region's, in squares */
	int id = map_at(m, x, y);
	long ox = 0, oy = 0;
	if (id > 0 && id <= m->nregions) {
		const struct rect *b = &m->regions[id].bounds;
		ox = 2L * x + 1 - (2L * b->x + b->w);
		oy = 2L * y + 1 - (2L * b->y + b->h);
	}
	int best_row = 0;
	long best_away = 0;
	for (int s = SIDE_N; s < SIDE_COUNT; s++) {
		if (!is_wall(m, x, y, (enum side)s))
			continue;
		int row = m->features && f != FEATURE_NONE && row_along(m, x, y, (enum side)s, f);
		long away = side_dx[s] * ox + side_dy[s] * oy;
		if (out->back < 0 || row > best_row || (row == best_row && away > best_away)) {
			out->back = s;
			best_row = row;
			best_away = away;
		}
	}
	if (m->features)
		out->along_ns = (same_feature(m, x, y, SIDE_N, f) || same_feature(m, x, y, SIDE_S, f)) &&
				!same_feature(m, x, y, SIDE_E, f) && !same_feature(m, x, y, SIDE_W, f);
}

void feature_shelf_box(const struct feature_place *pl, double box[4])
{
	/* across: from `near` to `far` from the wall (or about the middle);
	 * along: nearly the square's whole side, so that shelves side by side
	 * read as one long bookcase */
	const double near = 0.05, far = 0.31, end = 0.04;
	double a0 = 0.5 - (far - near) / 2, a1 = 0.5 + (far - near) / 2;
	int along_ns = pl->along_ns;
	switch (pl->back) {
	case SIDE_N:
		a0 = near, a1 = far, along_ns = 0;
		break;
	case SIDE_S:
		a0 = 1 - far, a1 = 1 - near, along_ns = 0;
		break;
	case SIDE_W:
		a0 = near, a1 = far, along_ns = 1;
		break;
	case SIDE_E:
		a0 = 1 - far, a1 = 1 - near, along_ns = 1;
		break;
	default:
		break;
	}
	if (along_ns) {
		box[0] = a0, box[1] = end, box[2] = a1, box[3] = 1 - end;
	} else {
		box[0] = end, box[1] = a0, box[2] = 1 - end, box[3] = a1;
	}
}

int feature_blocks_sight(enum feature f)
{
	return f == FEATURE_PILLAR || f == FEATURE_STATUE || f == FEATURE_SHELF;
}

void feature_sets(const struct map *m, unsigned *sets)
{
	for (int id = 0; id <= m->nregions; id++)
		sets[id] = 0;
	if (!m->features)
		return;
	long n = (long)m->w * m->h;
	for (long i = 0; i < n; i++) {
		unsigned char f = m->features[i];
		int id = m->cells[i];
		if (f != FEATURE_NONE && f < FEATURE_COUNT && id > 0 && id <= m->nregions)
			sets[id] |= 1u << f;
	}
}
