/* input_join.c: the files of a booklet joined by stairs (input_join.h):
 * level_join on each pair of a file's last level and the next file's
 * first, told in the roll log when joined, in a warning when not. */
#include "app/input_join.h"

#include "model/level_join.h"

#include <stdio.h>

/* The roll log's line of a join made. */
static void log_join(struct log *log, const struct map *a, const struct map *b, const char *pa, const char *pb,
		     const struct level_join *j)
{
	char door[80] = "";
	if (j->door_removed)
		snprintf(door, sizeof door, ", where its door to the outside on the %s was",
			 side_name((enum side)j->door_side));
	log_step(log, "Level %d (%s) joined to level %d (%s): stairs down in room %d at column %d, row %d%s; "
		 "stairs up in room %d at column %d, row %d%s%s.", a->depth, pa, b->depth, pb, j->down_room,
		 key_square_number(j->down_x), key_square_number(j->down_y), j->placed_down ? "" : " (the map's own)",
		 j->up_room, key_square_number(j->up_x), key_square_number(j->up_y),
		 j->placed_up ? "" : " (the map's own)", door);
}

int input_join(struct read_json_doc *out, const char *const *paths, const int *first, int n, unsigned char *starts,
	       struct log *log, struct err *e)
{
	if (out->nlevels > 0)
		starts[0] = 1;
	for (int f = 1; f < n; f++) {
		int k = first[f];
		if (k <= 0 || k >= out->nlevels)
			continue;
		struct level *above = &out->levels[k - 1], *below = &out->levels[k];
		struct level_join j;
		if (level_join(above, below, &j, e) < 0)
			return -1;
		if (j.outcome == LEVEL_JOINED) {
			if (!j.already)
				log_join(log, &above->map, &below->map, paths[f - 1], paths[f], &j);
			continue;
		}
		starts[k] = 1;
		if (j.outcome == LEVEL_JOIN_NO_ROOM_ABOVE)
			log_warn(log, "%s and %s are not joined by stairs: no room of level %d (%s) has a square of free floor "
				 "for stairs down; each keeps its own way in, as the cover and both keys say", paths[f - 1],
				 paths[f], above->map.depth, paths[f - 1]);
		else
			log_warn(log, "%s and %s are not joined by stairs: the room of level %d's way in (%s) has no free floor "
				 "for stairs up; each keeps its own way in, as the cover and both keys say", paths[f - 1],
				 paths[f], below->map.depth, paths[f]);
	}
	return 0;
}
