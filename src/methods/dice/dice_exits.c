/* dice_exits.c: step 8 of the dice method: the entrance and the stairs
 * down go on rooms at the edge of the layout. A room is at the edge when,
 * looking along some row or column from the edge of the grid, it is the
 * first room seen. The entrance is the room reaching furthest towards a side
 * rolled on a d4; the stairs down go in the edge room the most corridors
 * away from it. With a start square, the first room holds the entrance as a
 * stair up instead. */
#include "methods/dice/dice_int.h"

#include <stdlib.h>

/* Marks in edge[] every room first seen along some row or column. */
static int mark_edge_rooms(struct dice_gen *g, unsigned char *edge)
{
	const int w = g->m->w, h = g->m->h;
	/* lo[k], hi[k]: the room holding the lowest and highest coordinate seen
	 * in row k (k < h) or column k - h. */
	int *lo = malloc((size_t)(w + h) * 2 * sizeof *lo);
	if (!lo)
		return err_set(g->e, "out of memory for the edge rooms");
	int *lov = lo + (w + h), *hi = malloc((size_t)(w + h) * 2 * sizeof *hi);
	if (!hi) {
		free(lo);
		return err_set(g->e, "out of memory for the edge rooms");
	}
	int *hiv = hi + (w + h);
	for (int k = 0; k < w + h; k++)
		lo[k] = hi[k] = -1;
	for (int i = 0; i < g->nrooms; i++) {
		const struct dice_room *r = &g->rooms[i];
		for (int p = 0; p < r->nparts; p++) {
			struct rect q = r->part[p];
			for (int y = q.y; y < q.y + q.h; y++) {
				if (lo[y] < 0 || q.x < lov[y]) { lo[y] = i; lov[y] = q.x; }
				if (hi[y] < 0 || q.x + q.w - 1 > hiv[y]) { hi[y] = i; hiv[y] = q.x + q.w - 1; }
			}
			for (int x = q.x; x < q.x + q.w; x++) {
				int k = h + x;
				if (lo[k] < 0 || q.y < lov[k]) { lo[k] = i; lov[k] = q.y; }
				if (hi[k] < 0 || q.y + q.h - 1 > hiv[k]) { hi[k] = i; hiv[k] = q.y + q.h - 1; }
			}
		}
	}
	for (int k = 0; k < w + h; k++) {
		if (lo[k] >= 0)
			edge[lo[k]] = 1;
		if (hi[k] >= 0)
			edge[hi[k]] = 1;
	}
	free(lo);
	free(hi);
	return 0;
}

/* The entrance when there is no start square: the room reaching furthest
 * towards a rolled side, a square of its outer wall there, and a door to
 * the outside only when that wall is the grid's border. */
static int place_entrance(struct dice_gen *g)
{
	enum side side = (enum side)(rng_die(g->rng, 4) - 1);
	int best = 0;
	for (int i = 1; i < g->nrooms; i++) {
		struct rect a = g->rooms[i].box, b = g->rooms[best].box;
		int further = side == SIDE_N ? a.y < b.y : side == SIDE_S ? a.y + a.h > b.y + b.h
			    : side == SIDE_W ? a.x < b.x : a.x + a.w > b.x + b.w;
		if (further)
			best = i;
	}
	const struct dice_room *r = &g->rooms[best];
	int v = side == SIDE_N || side == SIDE_S;
	int far = side == SIDE_N ? r->box.y : side == SIDE_S ? r->box.y + r->box.h - 1
		: side == SIDE_W ? r->box.x : r->box.x + r->box.w - 1;
	/* The squares of the outer line: the middle one, preferring one with
	 * solid rock beyond it. */
	int lane0 = v ? r->box.x : r->box.y, n = v ? r->box.w : r->box.h;
	int ex = -1, ey = -1, rock = 0;
	for (int k = 0; k < 2 * n; k++) {
		int lane = lane0 + (n - 1) / 2 + (k % 2 ? (k + 1) / 2 : -(k / 2));
		if (lane < lane0 || lane >= lane0 + n ||
		    dice_room_extreme(r->part, r->nparts, lane, side) != far)
			continue;
		int x = v ? lane : far, y = v ? far : lane;
		int beyond = map_at(g->m, x + side_dx[side], y + side_dy[side]) == 0;
		if (ex < 0 || (beyond && !rock)) {
			ex = x;
			ey = y;
			rock = beyond;
		}
		if (rock)
			break;
	}
	g->entrance_room = best;
	map_set_entrance(g->m, ex, ey, side);
	g->m->regions[r->region].flags |= REGION_FLAG_ENTRY;
	int border = !map_in(g->m, ex + side_dx[side], ey + side_dy[side]);
	if (border && map_add_door(g->m, ex, ey, side, DOOR_PLAIN, g->e) < 0)
		return -1;
	log_step(g->log, "Entrance: d4 = %d: %s; room %d reaches furthest %s; the way in is its %s wall at (%d, %d)%s.",
		 (int)side + 1, side_name(side), best + 1, side_name(side), side_name(side), ex, ey,
		 border ? ", a door on the edge of the map" : ", marked as the way in (no door: the wall is not on the map's edge)");
	return 0;
}

/* A square of room r for stairs: the middle of its first part, or the
 * nearest other square when that one is taken. */
static void stair_square(const struct dice_gen *g, const struct dice_room *r, int *sx, int *sy)
{
	struct rect q = r->part[0];
	*sx = q.x + q.w / 2;
	*sy = q.y + q.h / 2;
	for (int i = 0; i < g->m->nstairs; i++)
		if (g->m->stairs[i].x == *sx && g->m->stairs[i].y == *sy) {
			*sx = q.x + (q.w / 2 + 1) % q.w;
			break;
		}
	if (*sx == g->m->entrance.x && *sy == g->m->entrance.y)
		*sy = q.y + (q.h / 2 + 1) % q.h;
}

/* Corridors from the entrance to every room into dist (-1: not reached),
 * through secret doors too or (open_only) only through corridors without
 * one. queue holds nrooms room indexes. */
static void corridors_from_entrance(const struct dice_gen *g, int open_only, int *dist, int *queue)
{
	for (int i = 0; i < g->nrooms; i++)
		dist[i] = -1;
	int head = 0, tail = 0;
	dist[g->entrance_room] = 0;
	queue[tail++] = g->entrance_room;
	while (head < tail) {
		int i = queue[head++];
		for (int k = g->link_head[i]; k >= 0; k = g->links[k].next) {
			const struct dice_link *l = &g->links[k];
			if (dist[l->to] < 0 && !(open_only && l->secret)) {
				dist[l->to] = dist[i] + 1;
				queue[tail++] = l->to;
			}
		}
	}
}

/* The edge room the most corridors from the entrance by dist, or the
 * entrance room when dist reaches none. */
static int farthest_edge_room(const struct dice_gen *g, const unsigned char *edge, const int *dist)
{
	int best = g->entrance_room;
	for (int i = 0; i < g->nrooms; i++)
		if (edge[i] && i != g->entrance_room && dist[i] > 0 && (best == g->entrance_room || dist[i] > dist[best]))
			best = i;
	return best;
}

/* The stairs down: the edge room the most corridors from the entrance that
 * the players can reach without finding a secret door, so that a deeper
 * level is found by exploring; behind one only when no edge room is open. */
static int place_stairs_down(struct dice_gen *g, const unsigned char *edge)
{
	int n = g->nrooms;
	int *dist = malloc((size_t)n * sizeof *dist), *queue = malloc((size_t)n * sizeof *queue);
	if (!dist || !queue) {
		free(dist);
		free(queue);
		return err_set(g->e, "out of memory for the stairs");
	}
	corridors_from_entrance(g, 1, dist, queue);
	int best = farthest_edge_room(g, edge, dist), hidden = 0;
	if (best == g->entrance_room) {
		corridors_from_entrance(g, 0, dist, queue);
		best = farthest_edge_room(g, edge, dist);
		hidden = best != g->entrance_room;
	}
	int sx, sy;
	stair_square(g, &g->rooms[best], &sx, &sy);
	int rc = map_add_stair(g->m, sx, sy, STAIR_DOWN, g->p->depth + 1, g->e);
	if (rc >= 0)
		log_step(g->log, "Stairs down: room %d, at the edge of the layout, %d corridor%s from the entrance%s, at (%d, %d).",
			 best + 1, dist[best], dist[best] == 1 ? "" : "s",
			 hidden ? " behind a secret door (no edge room is reached without one)" : "", sx, sy);
	free(dist);
	free(queue);
	return rc < 0 ? -1 : 0;
}

int dice_exits(struct dice_gen *g)
{
	const struct gen_params *p = g->p;
	if (p->start_x >= 0 && p->start_y >= 0) {
		g->entrance_room = 0;
		map_set_entrance(g->m, p->start_x, p->start_y, -1);
		g->m->regions[g->rooms[0].region].flags |= REGION_FLAG_ENTRY;
		if (map_add_stair(g->m, p->start_x, p->start_y, STAIR_UP, p->depth - 1, g->e) < 0)
			return -1;
		log_step(g->log, "Entrance: stairs up at the start square (%d, %d) in room 1.", p->start_x, p->start_y);
	} else if (place_entrance(g) < 0) {
		return -1;
	}
	if (p->depth >= p->levels)
		return 0;
	unsigned char *edge = calloc((size_t)g->nrooms, 1);
	if (!edge)
		return err_set(g->e, "out of memory for the edge rooms");
	int rc = mark_edge_rooms(g, edge);
	if (rc == 0)
		rc = place_stairs_down(g, edge);
	free(edge);
	return rc;
}
