/* map_check.c: verifies that a map meets the contract in map.h. */
#include "model/map_check.h"

#include "model/connect.h"

#include <stdlib.h>
#include <string.h>

/* Every region's squares form one 4-connected piece. */
static int check_regions_connected(const struct map *m, struct err *e)
{
	size_t n = (size_t)m->w * (size_t)m->h;
	unsigned char *seen = calloc(n, 1);
	int *stack = malloc(n * sizeof *stack);
	unsigned char *done = calloc((size_t)m->nregions + 1, 1);
	int rc = 0;
	if (!seen || !stack || !done) {
		rc = err_set(e, "out of memory while checking regions");
		goto out;
	}
	for (int y = 0; y < m->h && rc == 0; y++) {
		for (int x = 0; x < m->w && rc == 0; x++) {
			int id = map_at(m, x, y);
			if (id == 0 || seen[(size_t)y * m->w + x])
				continue;
			if (done[id]) {
				rc = err_set(e, "region %d is in two pieces (square %d,%d)", id, x, y);
				break;
			}
			done[id] = 1;
			int top = 0;
			stack[top++] = y * m->w + x;
			seen[(size_t)y * m->w + x] = 1;
			while (top > 0) {
				int c = stack[--top], cx = c % m->w, cy = c / m->w;
				for (int s = 0; s < SIDE_COUNT; s++) {
					int nx = cx + side_dx[s], ny = cy + side_dy[s];
					if (map_at(m, nx, ny) == id && !seen[(size_t)ny * m->w + nx]) {
						seen[(size_t)ny * m->w + nx] = 1;
						stack[top++] = ny * m->w + nx;
					}
				}
			}
		}
	}
	for (int id = 1; id <= m->nregions && rc == 0; id++)
		if (!done[id])
			rc = err_set(e, "region %d has no squares", id);
out:
	free(seen);
	free(stack);
	free(done);
	return rc;
}

static int check_cells(const struct map *m, struct err *e)
{
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			int id = map_at(m, x, y);
			if (id < 0 || id > m->nregions)
				return err_set(e, "square %d,%d holds unknown region %d", x, y, id);
		}
	return 0;
}

/* A door to region 0 is allowed only on the entrance's edge to the outside. */
static int is_entrance_edge(const struct map *m, const struct door *d)
{
	return m->entrance.set && m->entrance.side >= 0 &&
	       map_find_door(m, m->entrance.x, m->entrance.y, (enum side)m->entrance.side) ==
		       (int)(d - m->doors);
}

static int check_doors(const struct map *m, struct err *e)
{
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		if (!map_in(m, d->x, d->y) || (unsigned)d->side >= SIDE_COUNT)
			return err_set(e, "door %d at %d,%d is off the grid", i, d->x, d->y);
		if ((unsigned)d->kind >= DOOR_KIND_COUNT)
			return err_set(e, "door %d has unknown kind %d", i, (int)d->kind);
		int a, b;
		map_door_regions(m, d, &a, &b);
		if (a == b)
			return err_set(e, "door %d at %d,%d %s has region %d on both sides",
				       i, d->x, d->y, side_name(d->side), a);
		if ((a == 0 || b == 0) && !is_entrance_edge(m, d))
			return err_set(e, "door %d at %d,%d %s opens onto solid rock", i, d->x, d->y,
				       side_name(d->side));
		if (map_find_door(m, d->x, d->y, d->side) != i)
			return err_set(e, "door %d at %d,%d %s is a duplicate", i, d->x, d->y, side_name(d->side));
		/* a locked door's key may be nowhere on the map (lock -1): picked or forced */
		if (d->kind == DOOR_LOCKED) {
			if (d->lock < -1 || d->lock >= m->nlocks || (d->lock >= 0 && m->locks[d->lock].door != i))
				return err_set(e, "locked door %d at %d,%d names lock %d, which is not its own", i, d->x,
					       d->y, d->lock);
		} else if (d->lock != -1) {
			return err_set(e, "door %d is not locked but names lock %d", i, d->lock);
		}
	}
	for (int k = 0; k < m->nlocks; k++) {
		const struct lock *l = &m->locks[k];
		if (l->door < 0 || l->door >= m->ndoors || m->doors[l->door].lock != k)
			return err_set(e, "key %d (%s) opens no door", k, l->name);
		if (l->region <= 0 || l->region > m->nregions)
			return err_set(e, "key %d (%s) lies in no region", k, l->name);
	}
	return 0;
}

static int check_stairs_entrance(const struct map *m, struct err *e)
{
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *s = &m->stairs[i];
		if (map_at(m, s->x, s->y) <= 0)
			return err_set(e, "stairs %d at %d,%d are not on a floor", i, s->x, s->y);
	}
	if (!m->entrance.set)
		return err_set(e, "the map has no entrance");
	if (map_at(m, m->entrance.x, m->entrance.y) <= 0)
		return err_set(e, "the entrance at %d,%d is not on a floor", m->entrance.x, m->entrance.y);
	return 0;
}

/* Each mark on a floor square; marks of one label (one thing in several
 * places) say the same. */
static int check_marks(const struct map *m, struct err *e)
{
	for (int i = 0; i < m->nmarks; i++) {
		const struct map_mark *k = &m->marks[i];
		if (map_at(m, k->x, k->y) <= 0)
			return err_set(e, "mark %s at %d,%d is not on a floor", k->label, k->x, k->y);
		for (int j = 0; j < i; j++)
			if (strcmp(m->marks[j].label, k->label) == 0 && strcmp(m->marks[j].text, k->text) != 0)
				return err_set(e, "the marks %s at %d,%d and %d,%d say different things", k->label,
					       m->marks[j].x, m->marks[j].y, k->x, k->y);
	}
	return 0;
}

static int check_numbers(const struct map *m, struct err *e)
{
	int keyed = 0;
	for (int id = 1; id <= m->nregions; id++)
		if (region_is_keyed(m->regions[id].kind))
			keyed++;
	unsigned char *used = calloc((size_t)keyed + 1, 1);
	if (!used)
		return err_set(e, "out of memory while checking numbers");
	int rc = 0;
	for (int id = 1; id <= m->nregions && rc == 0; id++) {
		const struct region *r = &m->regions[id];
		if (!region_is_keyed(r->kind)) {
			if (r->number != 0)
				rc = err_set(e, "%s region %d is numbered %d", region_kind_name(r->kind), id, r->number);
			continue;
		}
		if (r->number < 1 || r->number > keyed)
			rc = err_set(e, "region %d has number %d, outside 1..%d", id, r->number, keyed);
		else if (used[r->number])
			rc = err_set(e, "number %d is given twice", r->number);
		else
			used[r->number] = 1;
	}
	free(used);
	return rc;
}

static int check_reachable(const struct map *m, struct err *e)
{
	struct graph g;
	if (graph_build(&g, m, e) < 0)
		return -1;
	unsigned char *seen = malloc((size_t)m->nregions + 1);
	if (!seen) {
		graph_free(&g);
		return err_set(e, "out of memory while checking reachability");
	}
	int rc = connect_reach(m, &g, connect_entrance_region(m), 1, seen, e);
	for (int id = 1; id <= m->nregions && rc >= 0; id++)
		if (!seen[id])
			rc = err_set(e, "%s region %d (number %d) cannot be reached from the entrance",
				     region_kind_name(m->regions[id].kind), id, m->regions[id].number);
	free(seen);
	graph_free(&g);
	return rc < 0 ? -1 : 0;
}

int map_check(const struct map *m, struct err *e)
{
	if (m->w <= 0 || m->h <= 0 || !m->cells)
		return err_set(e, "the map has no grid");
	if (check_cells(m, e) < 0 || check_regions_connected(m, e) < 0 || check_doors(m, e) < 0 ||
	    check_stairs_entrance(m, e) < 0 || check_marks(m, e) < 0 || check_numbers(m, e) < 0 || check_reachable(m, e) < 0)
		return -1;
	return 0;
}
