/* site_place.c: the kind's feature drawn in its room (the third stage of
 * planning a level), unless the method drew it there: an altar, a throne, a
 * well or a table at the middle; beds, coffins, crates, shelves and cages
 * along the walls; statues and pillars in pairs; a pool or a pit at the
 * middle; rubble in a corner; a hearth against a wall; beside whatever
 * else a method drew (a card's pillars). Never on a square beside a door,
 * on stairs or the entrance, nor in a room narrower than two squares, so
 * no way through a room is blocked. */
#include "site/site_rooms.h"

#include <stdlib.h>

struct spot {
	int x, y;
	int walls;      /* sides of the square on the room's edge */
	long score;     /* lower is better */
};

static int region_at(const struct map *m, int x, int y)
{
	return map_at(m, x, y);
}

/* Whether a feature may stand on (x, y) of region id. */
static int square_free(const struct map *m, int id, int x, int y)
{
	if (region_at(m, x, y) != id || m->features[(long)y * m->w + x] != FEATURE_NONE)
		return 0;
	for (int s = 0; s < SIDE_COUNT; s++)
		if (map_find_door(m, x, y, (enum side)s) >= 0)
			return 0;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].x == x && m->stairs[i].y == y)
			return 0;
	if (m->entrance.set && m->entrance.x == x && m->entrance.y == y)
		return 0;
	return 1;
}

static int wall_sides(const struct map *m, int id, int x, int y)
{
	int n = 0;
	for (int s = 0; s < SIDE_COUNT; s++)
		n += region_at(m, x + side_dx[s], y + side_dy[s]) != id;
	return n;
}

static int cmp_spot(const void *a, const void *b)
{
	const struct spot *p = a, *q = b;
	if (p->score != q->score)
		return p->score < q->score ? -1 : 1;
	return p->y != q->y ? (p->y < q->y ? -1 : 1) : (p->x > q->x) - (p->x < q->x);
}

enum placement { AT_MIDDLE, ALONG_WALLS, IN_PAIRS, IN_CORNER };

static enum placement placement_of(enum feature f)
{
	switch (f) {
	case FEATURE_BED:
	case FEATURE_COFFIN:
	case FEATURE_CRATE:
	case FEATURE_SHELF:
	case FEATURE_CAGE:
	case FEATURE_HEARTH:
		return ALONG_WALLS;
	case FEATURE_STATUE:
	case FEATURE_PILLAR:
		return IN_PAIRS;
	case FEATURE_RUBBLE:
		return IN_CORNER;
	default:
		return AT_MIDDLE;
	}
}

/* How many squares the feature takes in a room of area squares. */
static int how_many(enum feature f, enum placement p, int area)
{
	if (f == FEATURE_HEARTH || p == AT_MIDDLE)
		return f == FEATURE_WATER && area >= 30 ? 4 : 1;
	if (p == IN_PAIRS)
		return area >= 24 ? 4 : 2;
	int n = area / 8;
	return n < 1 ? 1 : n > 6 ? 6 : n;
}

/* The room's free squares scored for the placement. */
static int gather(const struct map *m, int id, enum placement p, struct spot *out, int cap)
{
	const struct rect *b = &m->regions[id].bounds;
	long cx2 = 2L * b->x + b->w - 1, cy2 = 2L * b->y + b->h - 1;   /* twice the centre */
	int n = 0;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w && n < cap; x++) {
			if (!square_free(m, id, x, y))
				continue;
			int walls = wall_sides(m, id, x, y);
			long dx = 2L * x - cx2, dy = 2L * y - cy2, centre = dx * dx + dy * dy;
			long score = centre;
			int ok;
			if (p == ALONG_WALLS) {
				ok = walls >= 1;
				score = walls == 1 ? centre : centre + 100000;
			} else if (p == IN_CORNER) {
				ok = walls >= 2;
				score = -centre;
			} else if (p == IN_PAIRS) {
				ok = walls == 0;
			} else {
				ok = 1;
				score = walls == 0 ? centre : centre + 100000;
			}
			if (ok)
				out[n++] = (struct spot){ x, y, walls, score };
		}
	return n;
}

/* Whether (x, y) touches a square already given the feature. */
static int touches(const struct map *m, int x, int y, enum feature f)
{
	for (int s = 0; s < SIDE_COUNT; s++) {
		int nx = x + side_dx[s], ny = y + side_dy[s];
		if (map_in(m, nx, ny) && m->features[(long)ny * m->w + nx] == f)
			return 1;
	}
	return 0;
}

/* Statues and pillars one square in from the room's corners, facing each
 * other; returns how many stood. */
static int place_pairs(struct map *m, const struct room_plan *r, enum feature f, int want)
{
	const struct rect *b = &m->regions[r->region].bounds;
	if (b->w < 3 || b->h < 3)
		return 0;
	int xs[2] = { b->x + 1, b->x + b->w - 2 }, ys[2] = { b->y + 1, b->y + b->h - 2 };
	int placed = 0;
	for (int k = 0; k < 4 && placed < want; k++) {
		int x = xs[k % 2], y = ys[k / 2];
		if ((xs[0] == xs[1] && k % 2) || (ys[0] == ys[1] && k / 2))
			continue;
		if (square_free(m, r->region, x, y) && wall_sides(m, r->region, x, y) == 0) {
			m->features[(long)y * m->w + x] = (unsigned char)f;
			placed++;
		}
	}
	return placed;
}

static int place_one(struct map *m, const struct room_plan *r, enum feature f, struct err *e)
{
	const struct rect *b = &m->regions[r->region].bounds;
	if (b->w < 2 || b->h < 2 || r->area < 4)
		return 0;
	enum placement p = placement_of(f);
	if (p == IN_PAIRS && place_pairs(m, r, f, how_many(f, p, r->area)) >= 2)
		return 0;
	int cap = r->area;
	struct spot *spots = malloc((size_t)cap * sizeof *spots);
	if (!spots)
		return err_set(e, "out of memory placing the rooms' features");
	int n = gather(m, r->region, p, spots, cap);
	qsort(spots, (size_t)n, sizeof *spots, cmp_spot);
	int want = how_many(f, p, r->area), placed = 0;
	int grouped = f == FEATURE_WATER;   /* a pool is one patch; the rest stand apart */
	for (int i = 0; i < n && placed < want; i++) {
		int near = touches(m, spots[i].x, spots[i].y, f);
		if (placed > 0 && near != grouped)
			continue;
		m->features[(long)spots[i].y * m->w + spots[i].x] = (unsigned char)f;
		placed++;
	}
	free(spots);
	return 0;
}

int site_room_has(const struct map *m, int id, enum feature f)
{
	if (!m->features)
		return 0;
	const struct rect *b = &m->regions[id].bounds;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++)
			if (map_at(m, x, y) == id && m->features[(long)y * m->w + x] == f)
				return 1;
	return 0;
}

int site_features_place(struct level_plan *lp, struct err *e)
{
	struct map *m = &lp->lv->map;
	if (!m->features)
		return 0;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->kind < 0 || lp->t->kinds[r->kind].feature == FEATURE_NONE ||
		    m->regions[r->region].kind == REGION_CORRIDOR)
			continue;
		enum feature f = lp->t->kinds[r->kind].feature;
		/* unless the method drew it already (a card's altar) */
		if (!site_room_has(m, r->region, f) && place_one(m, r, f, e) < 0)
			return -1;
	}
	return 0;
}
