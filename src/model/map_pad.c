/* map_pad.c: a map inside a border of solid ground (map_pad.h). */
#include "model/map_pad.h"

#include <string.h>

int map_pad(struct map *out, const struct map *in, int margin, struct err *e)
{
	if (map_init(out, in->w + 2 * margin, in->h + 2 * margin, e) < 0)
		return -1;
	out->square_feet = in->square_feet;
	out->depth = in->depth;
	out->method = in->method;
	if (map_reserve(out, in->nregions + 1, in->ndoors, e) < 0)
		return -1;
	for (int id = 1; id <= in->nregions; id++)
		if (map_add_region(out, in->regions[id].kind, e) < 0)
			return -1;
	for (int id = 1; id <= in->nregions; id++) {
		struct region *r = &out->regions[id];
		const struct region *o = &in->regions[id];
		r->number = o->number;
		r->zone = o->zone;
		r->flags = o->flags;
		memcpy(r->name, o->name, sizeof r->name);
		memcpy(r->card, o->card, sizeof r->card);
	}
	for (int y = 0; y < in->h; y++) {
		memcpy(&out->cells[(long)(y + margin) * out->w + margin], &in->cells[(long)y * in->w],
		       (size_t)in->w * sizeof *in->cells);
		if (in->features)
			memcpy(&out->features[(long)(y + margin) * out->w + margin], &in->features[(long)y * in->w],
			       (size_t)in->w);
	}
	for (int i = 0; i < in->ndoors; i++) {
		const struct door *d = &in->doors[i];
		int k = map_add_door(out, d->x + margin, d->y + margin, d->side, d->kind, e);
		if (k < 0)
			return -1;
		if (k != i)
			return err_set(e, "internal error: two doors on one edge at (%d, %d)", d->x, d->y);
	}
	/* the keys of doors that are still on the map */
	for (int i = 0; i < in->nlocks; i++) {
		const struct lock *l = &in->locks[i];
		if (l->door >= 0 && map_add_lock(out, l->door, l->region, l->name, e) < 0)
			return -1;
	}
	for (int i = 0; i < in->nstairs; i++) {
		const struct stair *s = &in->stairs[i];
		int k = map_add_stair(out, s->x + margin, s->y + margin, s->dir, s->to_level, e);
		if (k < 0)
			return -1;
		out->stairs[k].to_room = s->to_room;
	}
	for (int z = 0; z < in->nzones; z++)
		if (map_add_zone(out, in->zones[z].theme, e) < 0)
			return -1;
	for (int i = 0; i < in->nmarks; i++) {
		const struct map_mark *k = &in->marks[i];
		if (map_add_mark(out, k->x + margin, k->y + margin, k->label, k->secret, k->text, e) < 0)
			return -1;
	}
	if (in->entrance.set)
		map_set_entrance(out, in->entrance.x + margin, in->entrance.y + margin, in->entrance.side);
	memcpy(out->notes, in->notes, sizeof out->notes);
	out->nnotes = in->nnotes;
	memcpy(out->figures, in->figures, sizeof out->figures);
	out->nfigures = in->nfigures;
	map_recount(out);
	return 0;
}
