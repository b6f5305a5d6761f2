/* mansion_doors.c: the door stages of the mansion method. Given the pairs
 * of touching spaces (mansion_touch.c), every room gets a door to each
 * hallway it borders, touching hallways open into each other, and two
 * touching rooms get a door with the --touch-door-prob chance; a last pass
 * adds doors between groups that are still cut off, until every space is
 * reachable from the Entrance Hall. Then the stairs down. */
#include "methods/mansion/mansion_int.h"
#include "base/plural.h"

#include "model/connect.h"

#include <stdlib.h>

static const char *kind_word(enum region_kind k)
{
	return k == REGION_HALL ? "hallway" : "room";
}

/* Chooses a door of the kind on the shared wall of touch t, away from the
 * wall's ends where it is long enough; the map gets it from door_add. The
 * place is rolled even when the wall has its door already. Returns 1 when
 * the wall had none. */
static int door_pick(struct mansion *ms, struct mansion_touch *t, enum door_kind kind)
{
	int i = t->len >= 3 ? rng_range(ms->rng, 1, t->len - 2) : rng_range(ms->rng, 0, t->len - 1);
	if (t->door)
		return 0;
	t->door = 1;
	t->at = (unsigned char)i;
	t->kind = (unsigned char)kind;
	return 1;
}

/* Puts the door chosen for touch t on the map. */
static int door_add(struct mansion *ms, const struct mansion_touch *t, struct err *e)
{
	int dx = t->side == SIDE_N || t->side == SIDE_S, dy = !dx;
	return map_add_door(ms->m, t->x + t->at * dx, t->y + t->at * dy, (enum side)t->side, (enum door_kind)t->kind,
			    e) < 0 ? -1 : 0;
}

/* A door of the kind on touch t's wall, on the map at once. */
static int door_on(struct mansion *ms, struct mansion_touch *t, enum door_kind kind, struct err *e)
{
	return door_pick(ms, t, kind) ? door_add(ms, t, e) : 0;
}

/* Union-find over region ids for the connectivity pass. */
static int uf_find(int *parent, int x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

static void uf_join(int *parent, int *size, int a, int b)
{
	a = uf_find(parent, a);
	b = uf_find(parent, b);
	if (a == b)
		return;
	if (size[a] < size[b]) {
		int t = a;
		a = b;
		b = t;
	}
	parent[b] = a;
	size[a] += size[b];
}

/* The rules: room-hallway always, hallway-hallway an opening, room-room by
 * chance. Every door is chosen first, then the map makes room for them all
 * at once and gets them in the same order. */
static int rule_doors(struct mansion *ms, struct err *e)
{
	double p = ms->p->mansion.room_door_prob;
	int chosen = 0;
	for (int i = 0; i < ms->ntouch; i++) {
		struct mansion_touch *t = &ms->touch[i];
		enum region_kind ka = ms->spaces[t->a - 1].kind, kb = ms->spaces[t->b - 1].kind;
		if (ka != kb) {
			chosen += door_pick(ms, t, DOOR_PLAIN);
			log_step(ms->log, "Door: %s %d borders %s %d: a door (every room bordering a hallway gets one)",
				 kind_word(ka), t->a, kind_word(kb), t->b);
		} else if (ka == REGION_HALL) {
			chosen += door_pick(ms, t, DOOR_OPENING);
			log_step(ms->log, "Door: hallways %d and %d meet: an opening", t->a, t->b);
		} else {
			double roll = rng_unit(ms->rng);
			int yes = roll < p;
			if (yes)
				chosen += door_pick(ms, t, DOOR_PLAIN);
			log_step(ms->log, "Door: rooms %d and %d touch: rolled %.2f against %.2f, %s", t->a, t->b,
				 roll, p, yes ? "a door" : "no door");
		}
	}
	if (map_reserve(ms->m, 0, ms->m->ndoors + chosen, e) < 0)
		return -1;
	for (int i = 0; i < ms->ntouch; i++)
		if (ms->touch[i].door && door_add(ms, &ms->touch[i], e) < 0)
			return -1;
	return 0;
}

/* Adds doors across walls between groups that no door joins yet, in random
 * order, until one group holds every space. */
static int connect_groups(struct mansion *ms, struct err *e)
{
	int n = ms->nspaces;
	int *parent = malloc(((size_t)n + 1) * sizeof *parent);
	int *size = malloc(((size_t)n + 1) * sizeof *size);
	int *order = malloc(((size_t)ms->ntouch + 1) * sizeof *order);
	unsigned char *shut = malloc((size_t)ms->ntouch + 1);     /* walls without a door */
	int rc = -1;
	if (!parent || !size || !order || !shut) {
		err_set(e, "out of memory while joining the spaces");
		goto out;
	}
	for (int id = 0; id <= n; id++) {
		parent[id] = id;
		size[id] = 1;
	}
	for (int i = 0; i < ms->ntouch; i++) {
		order[i] = i;
		shut[i] = !ms->touch[i].door;
		if (ms->touch[i].door)
			uf_join(parent, size, ms->touch[i].a, ms->touch[i].b);
	}
	rng_shuffle(ms->rng, order, (size_t)ms->ntouch);
	int groups = 0;
	for (int id = 1; id <= n; id++)
		groups += uf_find(parent, id) == id;
	log_step(ms->log, "Connecting: %d group%s of spaces joined by doors", groups, groups == 1 ? "" : "s");
	for (int k = 0; k < ms->ntouch && groups > 1; k++) {
		/* a wall with a door joins one group already: only the small
		 * array is read for it, not the wall */
		if (!shut[order[k]])
			continue;
		struct mansion_touch *t = &ms->touch[order[k]];
		int ra = uf_find(parent, t->a), rb = uf_find(parent, t->b);
		if (ra == rb)
			continue;
		if (door_on(ms, t, DOOR_PLAIN, e) < 0)
			goto out;
		log_step(ms->log, "Door: %s %d and %s %d: a door joining a group of %d space%s to one of %d",
			 kind_word(ms->spaces[t->a - 1].kind), t->a, kind_word(ms->spaces[t->b - 1].kind), t->b,
			 size[ra], plural_s(size[ra]), size[rb]);
		uf_join(parent, size, ra, rb);
		groups--;
	}
	/* Every space was placed against one already standing, so the walls
	 * join them all and one group must remain. */
	if (groups != 1) {
		err_set(e, "mansion: %d groups of spaces share no wall (a bug)", groups);
		goto out;
	}
	rc = 0;
out:
	free(parent);
	free(size);
	free(order);
	free(shut);
	return rc;
}

int mansion_add_doors(struct mansion *ms, struct err *e)
{
	if (rule_doors(ms, e) < 0)
		return -1;
	return connect_groups(ms, e);
}

int mansion_add_stairs_down(struct mansion *ms, struct err *e)
{
	const struct gen_params *p = ms->p;
	if (p->depth >= p->levels)
		return 0;
	struct graph g;
	int *dist = malloc(((size_t)ms->nspaces + 1) * sizeof *dist);
	if (!dist)
		return err_set(e, "out of memory while placing the stairs");
	if (graph_build(&g, ms->m, e) < 0) {
		free(dist);
		return -1;
	}
	int rc = connect_distances(ms->m, &g, ms->entrance, dist, e);
	graph_free(&g);
	/* The room farthest by doors, ties at random; a hallway only when the
	 * plan has no room. */
	int best = ms->entrance, bestd = -1, ties = 0, dist_best = 0;
	for (int id = 1; rc == 0 && id <= ms->nspaces; id++) {
		int d = dist[id] + (ms->spaces[id - 1].kind == REGION_ROOM ? ms->nspaces + 1 : 0);
		if (id == ms->entrance || d < bestd)
			continue;
		if (d > bestd) {
			dist_best = dist[id];
			best = id;
			bestd = d;
			ties = 1;
		} else if (rng_range(ms->rng, 0, ties++) == 0) {
			best = id;
		}
	}
	free(dist);
	if (rc < 0)
		return -1;
	struct rect r = ms->spaces[best - 1].r;
	int x = r.x + r.w / 2, y = r.y + r.h / 2;
	if (best == ms->entrance && x == p->start_x && y == p->start_y)
		x = x > r.x ? x - 1 : x + 1;
	if (map_add_stair(ms->m, x, y, STAIR_DOWN, p->depth + 1, e) < 0)
		return -1;
	log_step(ms->log, "Stairs down to level %d in %s %d at (%d, %d), %d door%s from the entrance",
		 p->depth + 1, kind_word(ms->spaces[best - 1].kind), best, x, y, bestd < 0 ? 0 : dist_best,
		 plural_s(bestd < 0 ? 0 : dist_best));
	return 0;
}
