/* handout.c: the players' view of a map and of a document's levels (see
 * handout.h). */
#include "model/handout.h"

#include "model/connect.h"

#include <stdlib.h>
#include <string.h>

/* Marks in reached[0..m->nregions] the regions reached from m's entrance
 * through doors that are not secret. Returns how many, or -1 with e set. */
static int handout_reach(const struct map *m, unsigned char *reached, struct err *e)
{
	memset(reached, 0, (size_t)m->nregions + 1);
	int start = connect_entrance_region(m);
	if (start <= 0)
		return 0;
	struct graph g;
	if (graph_build(&g, m, e) < 0)
		return -1;
	int *queue = malloc(((size_t)m->nregions + 1) * sizeof *queue);
	if (!queue) {
		graph_free(&g);
		return err_set(e, "out of memory for the players' map");
	}
	int head = 0, tail = 0;
	reached[start] = 1;
	queue[tail++] = start;
	while (head < tail) {
		int r = queue[head++];
		for (int k = g.first[r]; k < g.first[r + 1]; k++) {
			int o = g.other[k];
			if (o <= 0 || reached[o] || m->doors[g.edges[k]].kind == DOOR_SECRET)
				continue;
			reached[o] = 1;
			queue[tail++] = o;
		}
	}
	free(queue);
	graph_free(&g);
	return tail;
}

/* Copies the regions shown (shown[id]) into out, filling new_id[] with
 * each one's id there (0: left out), then the squares and their features. */
static int copy_regions(struct map *out, const struct map *in, const unsigned char *shown, int *new_id,
			struct err *e)
{
	new_id[0] = 0;
	int kept = 0;
	for (int id = 1; id <= in->nregions; id++)
		kept += shown[id] && in->regions[id].area > 0;
	if (map_reserve(out, kept + 1, in->ndoors, e) < 0)
		return -1;
	for (int id = 1; id <= in->nregions; id++) {
		new_id[id] = 0;
		if (!shown[id] || in->regions[id].area <= 0)
			continue;
		int k = map_add_region(out, in->regions[id].kind, e);
		if (k < 0)
			return -1;
		out->regions[k] = in->regions[id];
		new_id[id] = k;
	}
	size_t n = (size_t)in->w * (size_t)in->h;
	for (size_t i = 0; i < n; i++) {
		int k = new_id[in->cells[i]];
		out->cells[i] = k;
		out->features[i] = k > 0 ? in->features[i] : FEATURE_NONE;
	}
	return 0;
}

/* The doors players see between the regions kept: no secret door, no lock. */
static int copy_doors(struct map *out, const struct map *in, const int *new_id, struct err *e)
{
	for (int i = 0; i < in->ndoors; i++) {
		const struct door *d = &in->doors[i];
		if (d->kind == DOOR_SECRET)
			continue;
		int a, b;
		map_door_regions(in, d, &a, &b);
		if ((a > 0 && !new_id[a]) || (b > 0 && !new_id[b]))
			continue;
		enum door_kind kind = d->kind == DOOR_LOCKED ? DOOR_PLAIN : d->kind;
		if (map_add_door(out, d->x, d->y, d->side, kind, e) < 0)
			return -1;
	}
	return 0;
}

static int copy_stairs(struct map *out, const struct map *in, const int *new_id, int hidden_from, struct err *e)
{
	for (int i = 0; i < in->nstairs; i++) {
		const struct stair *s = &in->stairs[i];
		if (!new_id[map_at(in, s->x, s->y)] || (hidden_from > 0 && s->to_level >= hidden_from))
			continue;
		int k = map_add_stair(out, s->x, s->y, s->dir, s->to_level, e);
		if (k < 0)
			return -1;
		out->stairs[k].to_room = s->to_room;
	}
	return 0;
}

/* The marks players may see: none that is secret (a trap), none off the
 * regions kept. */
static int copy_marks(struct map *out, const struct map *in, const int *new_id, struct err *e)
{
	for (int i = 0; i < in->nmarks; i++) {
		const struct map_mark *k = &in->marks[i];
		if (!k->secret && new_id[map_at(in, k->x, k->y)] &&
		    map_add_mark(out, k->x, k->y, k->label, 0, k->text, e) < 0)
			return -1;
	}
	return 0;
}

int handout_map(struct map *out, const struct map *in, int keep_hidden, int hidden_from, struct err *e)
{
	if (map_init(out, in->w, in->h, e) < 0)
		return -1;
	out->square_feet = in->square_feet;
	out->depth = in->depth;
	out->method = in->method;
	unsigned char *shown = malloc((size_t)in->nregions + 1);
	int *new_id = malloc(((size_t)in->nregions + 1) * sizeof *new_id);
	int rc = -1;
	if (!shown || !new_id) {
		err_set(e, "out of memory for the players' map");
		goto out;
	}
	if (keep_hidden)
		memset(shown, 1, (size_t)in->nregions + 1);
	else if (handout_reach(in, shown, e) < 0)
		goto out;
	if (copy_regions(out, in, shown, new_id, e) < 0 || copy_doors(out, in, new_id, e) < 0 ||
	    copy_stairs(out, in, new_id, hidden_from, e) < 0 || copy_marks(out, in, new_id, e) < 0)
		goto out;
	for (int z = 0; z < in->nzones; z++)
		if (map_add_zone(out, in->zones[z].theme, e) < 0)
			goto out;
	if (in->entrance.set)
		map_set_entrance(out, in->entrance.x, in->entrance.y, in->entrance.side);
	map_recount(out);
	rc = 0;
out:
	free(shown);
	free(new_id);
	return rc;
}

/* True when stairs of m leading to depth `to` stand in a region players
 * reach. */
static int stairs_reached(const struct map *m, int to, struct err *e)
{
	unsigned char *reached = malloc((size_t)m->nregions + 1);
	if (!reached)
		return err_set(e, "out of memory for the players' map");
	int found = handout_reach(m, reached, e);
	for (int i = 0; found > 0 && i < m->nstairs; i++)
		if (m->stairs[i].to_level == to && reached[map_at(m, m->stairs[i].x, m->stairs[i].y)]) {
			free(reached);
			return 1;
		}
	free(reached);
	return found < 0 ? -1 : 0;
}

int handout_levels(struct level *levels, int n, int keep_hidden, struct err *e)
{
	for (int k = 0; k < n; k++) {
		struct map *m = &levels[k].map;
		int next_shown = 1;
		if (!keep_hidden && k + 1 < n && (next_shown = stairs_reached(m, m->depth + 1, e)) < 0)
			return -1;
		struct map view;
		if (handout_map(&view, m, keep_hidden, next_shown ? 0 : m->depth + 1, e) < 0) {
			map_free(&view);
			return -1;
		}
		map_free(m);
		*m = view;
		free(levels[k].uses);   /* by the whole map's region ids */
		levels[k].uses = NULL;
		if (!next_shown)
			return k + 1;
	}
	return n;
}
