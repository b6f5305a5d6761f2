/* read_watabou_seat.c: which rect each square of a One Page Dungeon
 * export is, and where each door stands, drawn as the generator's own
 * files come. A square two rects share goes to the first, unless a door
 * stands on it and the later rect is a door's one-square rect (the door
 * keeps its seat). A door in no rect, inside a room's rect or second on its
 * square is left out (read_watabou_grid.c leaves out a door with nothing
 * on one side, or with one room or corridor on both). Each change is
 * counted, with its first, for the warning, or for the message when the
 * map fails even so. */
#include "read/read_watabou_int.h"

#include <stdio.h>
#include <stdlib.h>

static int is_square(const struct wb_rect *rc)
{
	return rc->w == 1 && rc->h == 1;
}

void wb_note_change(struct wb_change *c, int first, int x, int y, int other, const char *why)
{
	if (c->n++ == 0)
		*c = (struct wb_change){ 1, first, x, y, other, why };
}

/* Each square to its rect. A square two rects share stays the first's,
 * unless a door stands on it and the later one is a door's one-square
 * rect: then the door keeps its seat. */
int wb_place_rects(struct wb_grid *g)
{
	const struct wb_doc *d = g->d;
	unsigned char *door_here = calloc((size_t)g->m->w * (size_t)g->m->h, 1);
	if (!door_here)
		return err_set(g->r->e, "out of memory reading %s", g->r->name);
	for (int i = 0; i < d->ndoors; i++) {
		int x = d->doors[i].x + g->ox, y = d->doors[i].y + g->oy;
		if (map_in(g->m, x, y))
			door_here[(long)y * g->m->w + x] = 1;
	}
	for (int i = 0; i < d->nrects; i++) {
		const struct wb_rect *rc = &d->rects[i];
		for (int y = rc->y; y < rc->y + rc->h; y++)
			for (int x = rc->x; x < rc->x + rc->w; x++) {
				long at = (long)(y + g->oy) * g->m->w + x + g->ox;
				int *o = &g->owner[at];
				if (*o == 0) {
					*o = i + 1;
					continue;
				}
				int take = door_here[at] && is_square(rc) && !is_square(&d->rects[*o - 1]);
				wb_note_change(&g->lay->shared, take ? *o - 1 : i, x, y, take ? i : *o - 1, NULL);
				if (take)
					*o = i + 1;
			}
	}
	free(door_here);
	for (long k = 0; k < (long)g->m->w * g->m->h; k++)
		if (g->owner[k])
			g->area[g->owner[k] - 1]++;
	return 0;
}

void wb_lose_door(struct wb_grid *g, int i, const char *why)
{
	g->lost[i] = 1;
	wb_note_change(&g->lay->unplaced, i, g->d->doors[i].x, g->d->doors[i].y, -1, why);
}

/* Each door on a one-square rect of its own; a door in no rect, inside a
 * larger rect or second on its square is left out. */
void wb_seat_doors(struct wb_grid *g)
{
	for (int i = 0; i < g->d->ndoors; i++) {
		const struct wb_door *dr = &g->d->doors[i];
		int s = wb_rect_at(g, dr->x, dr->y);
		if (s < 0)
			wb_lose_door(g, i, "in no rect");
		else if (!is_square(&g->d->rects[s]))
			wb_lose_door(g, i, "inside a room's rect, not on a one-square rect of its own");
		else if (g->rect_door[s] >= 0)
			wb_lose_door(g, i, "a second door on its square");
		else
			g->rect_door[s] = i;
	}
}

void wb_clear_rect(struct wb_grid *g, int s)
{
	const struct wb_rect *rc = &g->d->rects[s];
	for (int y = rc->y; y < rc->y + rc->h; y++)
		for (int x = rc->x; x < rc->x + rc->w; x++) {
			int *o = &g->owner[(long)(y + g->oy) * g->m->w + x + g->ox];
			if (*o == s + 1)
				*o = 0;
		}
	g->area[s] = 0;
}

const char *wb_first_change(const struct wb_layout *lay, char *change)
{
	const struct wb_change *c = lay->unplaced.n ? &lay->unplaced : lay->inside.n ? &lay->inside : &lay->shared;
	change[0] = '\0';
	if (c == &lay->shared && c->n)
		snprintf(change, 160, ", with (%d, %d) drawn in rects[%d], not rects[%d]", c->x, c->y, c->other, c->first);
	else if (c->n)
		snprintf(change, 160, ", with doors[%d] at (%d, %d) left out: %s", c->first, c->x, c->y,
			 c == &lay->inside ? "one room or corridor on both sides" : c->why);
	return change;
}
