/* level_join.c: two levels made apart joined by stairs (level_join.h).
 * The procedure, as the methods place their own stairs: the upper level's
 * stairs down in the room farthest by doors from its way in that players
 * reach without a secret door, on free floor along a wall; the lower
 * level's stairs up at its way in, which they become. Then both keys say
 * it (key_follow.h), and both maps are checked against the contract.
 * Cost: a few passes over each grid and two key builds a level. */
#include "model/level_join.h"

#include "model/connect.h"
#include "model/key_follow.h"
#include "model/map_check.h"

#include <stdlib.h>
#include <string.h>

/* The squares stairs may not take: other stairs, marks, the way in. */
static unsigned char *taken_squares(const struct map *m, struct err *e)
{
	unsigned char *t = calloc((size_t)m->w * (size_t)m->h, 1);
	if (!t) {
		err_set(e, "out of memory joining the levels");
		return NULL;
	}
	for (int i = 0; i < m->nstairs; i++)
		if (map_in(m, m->stairs[i].x, m->stairs[i].y))
			t[(long)m->stairs[i].y * m->w + m->stairs[i].x] = 1;
	for (int i = 0; i < m->nmarks; i++)
		if (map_in(m, m->marks[i].x, m->marks[i].y))
			t[(long)m->marks[i].y * m->w + m->marks[i].x] = 1;
	if (m->entrance.set && map_in(m, m->entrance.x, m->entrance.y) && !t[(long)m->entrance.y * m->w + m->entrance.x])
		t[(long)m->entrance.y * m->w + m->entrance.x] = 2;
	return t;
}

/* Free floor of region id for stairs: nothing stands there, and no door
 * but door `except` (-1: none) is on its edges. way_in: the way in's
 * square counts as free (the stairs become it). */
static int square_free(const struct map *m, const unsigned char *taken, int x, int y, int id, int except, int way_in)
{
	long at = (long)y * m->w + x;
	if (map_at(m, x, y) != id || m->features[at] != FEATURE_NONE || (taken[at] && !(way_in && taken[at] == 2)))
		return 0;
	for (int s = 0; s < SIDE_COUNT; s++) {
		int d = map_find_door(m, x, y, (enum side)s);
		if (d >= 0 && d != except)
			return 0;
	}
	return 1;
}

/* How well a free square of region id suits stairs, lower is better:
 * along one wall, then in a corner, then open floor, then a square with
 * walls on two opposite sides (a passage the stairs would fill). */
static int square_class(const struct map *m, int x, int y, int id)
{
	int wall[SIDE_COUNT], n = 0;
	for (int s = 0; s < SIDE_COUNT; s++) {
		wall[s] = map_at(m, x + side_dx[s], y + side_dy[s]) != id;
		n += wall[s];
	}
	if (n == 1)
		return 0;
	if (n == 2 && !(wall[SIDE_N] && wall[SIDE_S]) && !(wall[SIDE_E] && wall[SIDE_W]))
		return 1;
	return n == 0 ? 2 : 3;
}

/* The best free square of region id (square_class, then nearest the
 * middle of its bounds, then the first in reading order): 1 and *x, *y,
 * or 0 when it has none. */
static int best_square(const struct map *m, const unsigned char *taken, int id, int *x, int *y)
{
	const struct rect *b = &m->regions[id].bounds;
	long best = -1;
	for (int sy = b->y; sy < b->y + b->h; sy++)
		for (int sx = b->x; sx < b->x + b->w; sx++) {
			if (!square_free(m, taken, sx, sy, id, -1, 0))
				continue;
			long dx = 2L * sx + 1 - (2L * b->x + b->w), dy = 2L * sy + 1 - (2L * b->y + b->h);
			long score = (long)square_class(m, sx, sy, id) * 64L * MAP_MAX_AREA + dx * dx + dy * dy;
			if (best < 0 || score < best) {
				best = score;
				*x = sx;
				*y = sy;
			}
		}
	return best >= 0;
}

/* Door distances from region `start` into dist (nregions + 1, -1 where
 * not reached), through secret doors only with `secret`. queue: nregions
 * + 1 ints. */
static void door_distances(const struct map *m, const struct graph *g, int start, int secret, int *dist, int *queue)
{
	for (int id = 0; id <= m->nregions; id++)
		dist[id] = -1;
	if (start <= 0)
		return;
	int head = 0, tail = 0;
	dist[start] = 0;
	queue[tail++] = start;
	while (head < tail) {
		int r = queue[head++];
		for (int k = g->first[r]; k < g->first[r + 1]; k++) {
			int o = g->other[k];
			if (o <= 0 || dist[o] >= 0 || (!secret && m->doors[g->edges[k]].kind == DOOR_SECRET))
				continue;
			dist[o] = dist[r] + 1;
			queue[tail++] = o;
		}
	}
}

/* A keyed region in the order stairs down are tried. */
struct candidate {
	int id, tier, dist, number;
};

static int candidate_order(const void *a, const void *b)
{
	const struct candidate *p = a, *q = b;
	if (p->tier != q->tier)
		return p->tier - q->tier;
	if (p->dist != q->dist)
		return q->dist - p->dist;
	return p->number - q->number;
}

/* Where new stairs down go on m (level_join.h): 1 and the square, 0 when
 * no keyed region has free floor, -1 with e set. */
static int place_down(const struct map *m, int *x, int *y, struct err *e)
{
	struct graph g;
	if (graph_build(&g, m, e) < 0)
		return -1;
	size_t n = (size_t)m->nregions + 1;
	int *open = malloc(n * sizeof *open), *all = malloc(n * sizeof *all), *queue = malloc(n * sizeof *queue);
	struct candidate *c = malloc(n * sizeof *c);
	unsigned char *taken = taken_squares(m, e);
	int rc = -1, nc = 0;
	if (!open || !all || !queue || !c || !taken) {
		if (taken)
			err_set(e, "out of memory joining the levels");
		goto out;
	}
	int entry = connect_entrance_region(m);
	door_distances(m, &g, entry, 0, open, queue);
	door_distances(m, &g, entry, 1, all, queue);
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->number <= 0)
			continue;
		int tier = open[id] < 0 ? (all[id] < 0 ? 4 : 3) : id == entry ? 2 : r->kind == REGION_ROOM ? 0 : 1;
		c[nc++] = (struct candidate){ id, tier, open[id] >= 0 ? open[id] : all[id], r->number };
	}
	qsort(c, (size_t)nc, sizeof *c, candidate_order);
	rc = 0;
	for (int i = 0; i < nc && rc == 0; i++)
		rc = best_square(m, taken, c[i].id, x, y);
out:
	free(open);
	free(all);
	free(queue);
	free(c);
	free(taken);
	graph_free(&g);
	return rc;
}

/* Where new stairs up go on m: the free square of the way in's region
 * nearest the way in, walking square to square inside it (door `except`,
 * the door out, does not count). 1 and the square, 0 for none, -1. */
static int place_up(const struct map *m, int except, int *x, int *y, struct err *e)
{
	int id = connect_entrance_region(m);
	if (id <= 0)
		return 0;
	size_t n = (size_t)m->w * (size_t)m->h;
	unsigned char *taken = taken_squares(m, e);
	unsigned char *seen = calloc(n, 1);
	int *queue = malloc(n * sizeof *queue);
	int found = 0;
	if (!taken || !seen || !queue) {
		free(taken);
		free(seen);
		free(queue);
		return err_set(e, "out of memory joining the levels");
	}
	long head = 0, tail = 0, start = (long)m->entrance.y * m->w + m->entrance.x;
	seen[start] = 1;
	queue[tail++] = (int)start;
	while (head < tail && !found) {
		int at = queue[head++], sx = at % m->w, sy = at / m->w;
		if (square_free(m, taken, sx, sy, id, except, 1)) {
			*x = sx;
			*y = sy;
			found = 1;
			break;
		}
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nx = sx + side_dx[s], ny = sy + side_dy[s];
			if (map_at(m, nx, ny) != id || seen[(long)ny * m->w + nx])
				continue;
			seen[(long)ny * m->w + nx] = 1;
			queue[tail++] = ny * m->w + nx;
		}
	}
	free(taken);
	free(seen);
	free(queue);
	return found;
}

/* The first stairs of m going dir that lead nowhere or to level `to`;
 * for stairs up, only those at the way in. -1 for none. */
static int stairs_to_take(const struct map *m, enum stair_dir dir, int to)
{
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *s = &m->stairs[i];
		if (s->dir != dir || (s->to_level != 0 && s->to_level != to))
			continue;
		if (dir == STAIR_UP && (!m->entrance.set || s->x != m->entrance.x || s->y != m->entrance.y))
			continue;
		return i;
	}
	return -1;
}

int levels_joined(const struct map *above, const struct map *below)
{
	int down = 0, up = 0;
	for (int i = 0; i < above->nstairs; i++)
		down |= above->stairs[i].dir == STAIR_DOWN && above->stairs[i].to_level == below->depth;
	for (int i = 0; i < below->nstairs; i++)
		up |= below->stairs[i].dir == STAIR_UP && below->stairs[i].to_level == above->depth;
	return down && up;
}

/* A note on lv's map and in its key's footer, each once. */
static int note_once(struct level *lv, const char *text, struct err *e)
{
	struct map *m = &lv->map;
	int noted = 0;
	for (int i = 0; i < m->nnotes; i++)
		noted |= strcmp(m->notes[i], text) == 0;
	if (!noted)
		map_add_note(m, "%s", text);
	struct key *k = &lv->key;
	for (int i = 0; i < k->nfooter; i++)
		if (strcmp(k->footer[i], text) == 0)
			return 0;
	char **grown = realloc(k->footer, ((size_t)k->nfooter + 1) * sizeof *grown);
	if (!grown)
		return err_set(e, "out of memory joining the levels");
	k->footer = grown;
	if (!(k->footer[k->nfooter] = strdup(text)))
		return err_set(e, "out of memory joining the levels");
	k->nfooter++;
	return 0;
}

/* Both levels say why they are not joined. */
static int say_not_joined(struct level *above, struct level *below, enum level_join_outcome why, struct err *e)
{
	if (why == LEVEL_JOIN_NO_ROOM_ABOVE)
		return note_once(above, "Not joined to the level below: no room on this level has a square of free floor "
				 "for stairs down.", e) < 0 ||
			       note_once(below, "Not joined to the level above, which has no free floor for stairs down; "
				       "the way in is this level's own.", e) < 0
			       ? -1
			       : 0;
	return note_once(above, "Not joined to the level below, whose way in has no free floor for stairs up.", e) < 0 ||
		       note_once(below, "Not joined to the level above: the room of this level's way in has no free "
			       "floor for stairs up.", e) < 0
		       ? -1
		       : 0;
}

/* The lower level's way in made the stairs at (x, y): its door to the
 * outside walled up, unless a key of the map opens it. */
static void way_in_becomes_stairs(struct map *m, int x, int y, struct level_join *out)
{
	if (m->entrance.side >= 0) {
		int d = map_find_door(m, m->entrance.x, m->entrance.y, (enum side)m->entrance.side);
		if (d >= 0 && m->doors[d].lock >= 0)
			return;
		if (d >= 0) {
			out->door_removed = 1;
			out->door_side = m->entrance.side;
			map_remove_door(m, d);
		}
	}
	map_set_entrance(m, x, y, -1);
}

/* The stairs chosen, placed and named, and both keys following. */
static int apply_join(struct level *above, struct level *below, int down, int up, struct level_join *out,
		      struct err *e)
{
	struct map *a = &above->map, *b = &below->map;
	struct key ka, kb;
	struct key_options o = { .numbering = KEY_NUMBER_ENTRANCE };
	if (key_build(&ka, a, &o, e) < 0)
		return -1;
	if (key_build(&kb, b, &o, e) < 0) {
		key_free(&ka);
		return -1;
	}
	int rc = -1;
	if (down < 0 && (down = map_add_stair(a, out->down_x, out->down_y, STAIR_DOWN, b->depth, e)) < 0)
		goto out;
	if (up < 0 && (up = map_add_stair(b, out->up_x, out->up_y, STAIR_UP, a->depth, e)) < 0)
		goto out;
	struct stair *sd = &a->stairs[down], *su = &b->stairs[up];
	way_in_becomes_stairs(b, su->x, su->y, out);
	out->down_x = sd->x;
	out->down_y = sd->y;
	out->up_x = su->x;
	out->up_y = su->y;
	out->down_room = a->regions[map_at(a, sd->x, sd->y)].number;
	out->up_room = b->regions[map_at(b, su->x, su->y)].number;
	sd->to_level = b->depth;
	sd->to_room = out->up_room;
	su->to_level = a->depth;
	su->to_room = out->down_room;
	struct err check;
	if (key_follow_map(&above->key, &ka, a, e) < 0 || key_follow_map(&below->key, &kb, b, e) < 0)
		goto out;
	if (map_check(a, &check) < 0 || map_check(b, &check) < 0) {
		err_set(e, "internal error: joining levels %d and %d broke a map: %s", a->depth, b->depth, check.msg);
		goto out;
	}
	rc = 0;
out:
	key_free(&ka);
	key_free(&kb);
	return rc;
}

int level_join(struct level *above, struct level *below, struct level_join *out, struct err *e)
{
	struct map *a = &above->map, *b = &below->map;
	memset(out, 0, sizeof *out);
	out->door_side = -1;
	if (levels_joined(a, b)) {
		out->outcome = LEVEL_JOINED;
		out->already = 1;
		return 0;
	}
	int down = stairs_to_take(a, STAIR_DOWN, b->depth), up = stairs_to_take(b, STAIR_UP, a->depth);
	int found_down = down >= 0, found_up = up >= 0;
	if (!found_down && (found_down = place_down(a, &out->down_x, &out->down_y, e)) < 0)
		return -1;
	int except = b->entrance.set && b->entrance.side >= 0
			     ? map_find_door(b, b->entrance.x, b->entrance.y, (enum side)b->entrance.side)
			     : -1;
	if (!found_up && (found_up = place_up(b, except, &out->up_x, &out->up_y, e)) < 0)
		return -1;
	if (!found_down || !found_up) {
		out->outcome = !found_down ? LEVEL_JOIN_NO_ROOM_ABOVE : LEVEL_JOIN_NO_ROOM_BELOW;
		return say_not_joined(above, below, out->outcome, e);
	}
	out->outcome = LEVEL_JOINED;
	out->placed_down = down < 0;
	out->placed_up = up < 0;
	return apply_join(above, below, down, up, out, e);
}
