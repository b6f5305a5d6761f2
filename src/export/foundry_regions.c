/* foundry_regions.c: the stairs of a level as Foundry VTT scene regions
 * (foundry_int.h), version 12's and 13's Region documents. Each stair to a
 * level of the module is a region of its square holding a teleportToken
 * behaviour whose destination is the region on the stair it arrives at:
 * the stair of that level leading back here, in the room the key says the
 * stairs arrive in when there is one, else the nearest such stair. A token
 * that steps on the stairs is moved to the other level's scene, onto the
 * stairs it comes up or down by. The regions show on the regions layer
 * only (the GM's); the stair's note names where it goes. */
#include "export/foundry_int.h"

#include "base/sbuf.h"

#include <stdlib.h>

/* CONST.REGION_VISIBILITY.LAYER */
#define REGION_VISIBILITY_LAYER 0

int foundry_stair_pair(const struct doc *d, int li, int i)
{
	const struct stair *st = &d->levels[li].map.stairs[i];
	int to = st->to_level > 0 ? foundry_level_of_depth(d, st->to_level) : -1;
	if (to < 0)
		return -1;
	const struct map *om = &d->levels[to].map;
	int depth = d->levels[li].map.depth, best = -1;
	long best_score = 0;
	for (int k = 0; k < om->nstairs; k++) {
		const struct stair *o = &om->stairs[k];
		if (o->to_level != depth)
			continue;
		int reg = map_at(om, o->x, o->y);
		int in_room = st->to_room > 0 && reg > 0 && om->regions[reg].number == st->to_room;
		long dx = o->x - st->x, dy = o->y - st->y;
		long score = (in_room ? 0 : 1L << 40) + dx * dx + dy * dy;
		if (best < 0 || score < best_score) {
			best = k;
			best_score = score;
		}
	}
	return best;
}

void foundry_regions_json(struct sbuf *s, const struct doc *d, int li, int ppg, const struct foundry_ids *ids)
{
	const struct map *m = &d->levels[li].map;
	int count = 0;
	sbuf_add(s, "\"regions\": [");
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		int back = foundry_stair_pair(d, li, i);
		if (back < 0)
			continue;
		char id[FOUNDRY_ID_SIZE], behavior[FOUNDRY_ID_SIZE], scene[FOUNDRY_ID_SIZE], dest[FOUNDRY_ID_SIZE];
		foundry_id(ids, id, "region", m->depth, i);
		foundry_id(ids, behavior, "behavior", m->depth, i);
		foundry_id(ids, scene, "scene", st->to_level, 0);
		foundry_id(ids, dest, "region", st->to_level, back);
		const char *way = st->dir == STAIR_UP ? "up" : "down";
		sbuf_printf(s, "%s{\"_id\": \"%s\", \"name\": \"Stairs %s to level %d\", \"color\": \"#b58900\", "
			       "\"shapes\": [{\"type\": \"rectangle\", \"hole\": false, \"x\": %ld, \"y\": %ld, \"width\": %d, "
			       "\"height\": %d, \"rotation\": 0}], \"elevation\": {\"bottom\": null, \"top\": null}, "
			       "\"behaviors\": [{\"_id\": \"%s\", \"name\": \"To level %d\", \"type\": \"teleportToken\", "
			       "\"system\": {\"destination\": \"Scene.%s.Region.%s\", \"choice\": false}, \"disabled\": false, "
			       "\"flags\": {}, ",
			    count ? ", " : "", id, way, st->to_level, (long)st->x * ppg, (long)st->y * ppg, ppg, ppg,
			    behavior, st->to_level, scene, dest);
		foundry_stats_json(s);
		sbuf_printf(s, "}], \"visibility\": %d, \"locked\": false, \"flags\": {}}", REGION_VISIBILITY_LAYER);
		count++;
	}
	sbuf_add(s, "]");
}
