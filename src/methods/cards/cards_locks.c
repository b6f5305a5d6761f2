/* cards_locks.c: locks and keys of the cards method. The doors into zone z
 * (its bridge door, the door where a tumor joins, every piece of a
 * multi-tumor, an island's landing) are locked, and the key lies in a room
 * of zone z - 1. Zones are joined in order, each only to zones before it, so
 * walking from the entrance with the keys picked up so far reaches every
 * room; cards_walk_keys() proves that on the finished map. */
#include "methods/cards/cards_int.h"

#include "model/connect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cards_choose_key(struct cards_state *st, int z)
{
	struct cards_zone *zn = &st->zones[z];
	const struct cards_zone *prev = &st->zones[z - 1];
	const struct cards_themes *t = st->themes;
	int i = (z - 1) % t->nkeys, round = (z - 1) / t->nkeys;
	const char *name = t->key[st->key_order[i]];
	if (round == 0)
		snprintf(zn->key_name, sizeof zn->key_name, "%s", name);
	else
		snprintf(zn->key_name, sizeof zn->key_name, "%s no. %d", name, round + 1);
	/* A room (not the bridge) of the zone before. */
	int k = prev->first_card + rng_range(st->rng, 0, prev->ncards - 1);
	if (st->cards[k].kind == REGION_BRIDGE && prev->ncards > 1)
		k = prev->first_card + 1;
	zn->key_card = k;
	zn->key_region = st->cards[k].region;
	zn->locks = 0;
}

int cards_lock(struct cards_state *st, int z, int door)
{
	struct cards_zone *zn = &st->zones[z];
	if (zn->key_region <= 0)
		return err_set(st->e, "internal error: zone %d has no key", z + 1);
	if (map_add_lock(st->m, door, zn->key_region, zn->key_name, st->e) < 0)
		return -1;
	zn->locks++;
	const struct door *d = &st->m->doors[door];
	const struct cards_card *kc = &st->cards[zn->key_card];
	log_step(st->log, "lock: the door at %d,%d (%s edge) into zone %d, opened by the %s, which lies in card %d (zone %d) at cell %d,%d",
		 d->x, d->y, side_name(d->side), z + 1, zn->key_name, zn->key_card + 1, kc->zone + 1,
		 cards_cell_x(st, kc->cell), cards_cell_y(st, kc->cell));
	return 0;
}

static int other_side(const struct map *m, const struct door *d, int r)
{
	int a, b;
	map_door_regions(m, d, &a, &b);
	return a == r ? b : a;
}

/* Breadth-first from the entrance. A locked door met before its key is in
 * hand waits; picking up a key opens its door if a side was reached. Every
 * region, door and key is handled a bounded number of times. */
int cards_walk_keys(const struct map *m, struct err *e)
{
	int n = m->nregions;
	struct graph g;
	if (graph_build(&g, m, e) < 0)
		return -1;
	unsigned char *reached = calloc((size_t)n + 1, 1);
	unsigned char *open = calloc((size_t)m->nlocks + 1, 1);
	unsigned char *waiting = calloc((size_t)m->ndoors + 1, 1);
	int *queue = malloc(((size_t)n + 1) * sizeof *queue);
	int *key_first = calloc((size_t)n + 2, sizeof *key_first);
	int *key_list = malloc(((size_t)m->nlocks + 1) * sizeof *key_list);
	int count = -1;
	if (!reached || !open || !waiting || !queue || !key_first || !key_list) {
		err_set(e, "out of memory for the walk through the keys");
		goto out;
	}
	/* keys by the region they lie in */
	for (int i = 0; i < m->nlocks; i++)
		if (m->locks[i].region > 0 && m->locks[i].region <= n)
			key_first[m->locks[i].region + 1]++;
	for (int r = 0; r <= n; r++)
		key_first[r + 1] += key_first[r];
	int *fill = calloc((size_t)n + 1, sizeof *fill);
	if (!fill) {
		err_set(e, "out of memory for the walk through the keys");
		goto out;
	}
	for (int i = 0; i < m->nlocks; i++) {
		int r = m->locks[i].region;
		if (r > 0 && r <= n)
			key_list[key_first[r] + fill[r]++] = i;
	}
	free(fill);

	int head = 0, tail = 0, start = connect_entrance_region(m);
	count = 0;
	if (start <= 0)
		goto out;
	reached[start] = 1;
	queue[tail++] = start;
	while (head < tail) {
		int r = queue[head++];
		count++;
		/* pick up the keys lying here; each opens a door met already */
		for (int i = key_first[r]; i < key_first[r + 1]; i++) {
			int l = key_list[i], di = m->locks[l].door;
			open[l] = 1;
			if (di < 0 || !waiting[di])
				continue;
			int a, b;
			map_door_regions(m, &m->doors[di], &a, &b);
			int far = reached[a] ? b : a;
			if (far > 0 && !reached[far]) {
				reached[far] = 1;
				queue[tail++] = far;
			}
		}
		for (int k = g.first[r]; k < g.first[r + 1]; k++) {
			int di = g.edges[k];
			const struct door *d = &m->doors[di];
			int o = other_side(m, d, r);
			if (o <= 0 || reached[o])
				continue;
			if (d->kind == DOOR_LOCKED && d->lock >= 0 && d->lock < m->nlocks && !open[d->lock]) {
				waiting[di] = 1;
				continue;
			}
			reached[o] = 1;
			queue[tail++] = o;
		}
	}
out:
	free(reached);
	free(open);
	free(waiting);
	free(queue);
	free(key_first);
	free(key_list);
	graph_free(&g);
	return count;
}
