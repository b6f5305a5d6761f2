/* read_watabou_notes.c: a One Page Dungeon export's notes placed in the
 * rooms that hold their positions, and the rooms numbered: a room with a
 * note takes its number in the order of the notes' refs (refs 1..n, one a
 * room, give each room its ref), the rooms without one follow, from top to
 * bottom and left to right. */
#include "read/read_watabou_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct wb_order {
	int key1, key2, index;
};

static int order_cmp(const void *a, const void *b)
{
	const struct wb_order *p = a, *q = b;
	if (p->key1 != q->key1)
		return p->key1 < q->key1 ? -1 : 1;
	if (p->key2 != q->key2)
		return p->key2 < q->key2 ? -1 : 1;
	return p->index < q->index ? -1 : p->index > q->index;
}

int wb_place_notes(struct jf *r, const struct wb_doc *d, struct map *m, struct wb_layout *lay,
		   int (*region_at)(const void *, int, int), const void *ctx)
{
	int n = d->nnotes > m->nregions ? d->nnotes : m->nregions;
	struct wb_order *order = malloc(((size_t)n + 1) * sizeof *order);
	if (!order || !(lay->note_region = calloc((size_t)d->nnotes + 1, sizeof *lay->note_region))) {
		free(order);
		return err_set(r->e, "out of memory reading %s", r->name);
	}
	for (int i = 0; i < d->nnotes; i++) {
		const struct wb_note *nt = &d->notes[i];
		int id = region_at(ctx, (int)floor(nt->x), (int)floor(nt->y));
		if (id == 0) {
			char at[32];
			snprintf(at, sizeof at, "notes[%d].pos", i);
			free(order);
			return jf_fail(r, at, "(%g, %g) lies in no rect (a note marks a room)", nt->x, nt->y);
		}
		if (m->regions[id].kind == REGION_CORRIDOR)
			m->regions[id].kind = REGION_HALL;
		lay->note_region[i] = id;
		order[i] = (struct wb_order){ nt->ref, 0, i };
	}
	qsort(order, (size_t)d->nnotes, sizeof *order, order_cmp);
	int number = 0;
	for (int i = 0; i < d->nnotes; i++) {
		struct region *rg = &m->regions[lay->note_region[order[i].index]];
		if (rg->number == 0)
			rg->number = ++number;
	}
	int rest = 0;
	for (int id = 1; id <= m->nregions; id++)
		if (region_is_keyed(m->regions[id].kind) && m->regions[id].number == 0)
			order[rest++] = (struct wb_order){ m->regions[id].bounds.y, m->regions[id].bounds.x, id };
	qsort(order, (size_t)rest, sizeof *order, order_cmp);
	for (int i = 0; i < rest; i++)
		m->regions[order[i].index].number = ++number;
	free(order);
	return 0;
}
