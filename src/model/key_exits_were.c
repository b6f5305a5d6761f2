/* key_exits_were.c: whether an entry's exits as written are what its map
 * gave before one door on the room's walls changed kind (a door made
 * secret, locked or opened by hand in a map file): such a text was never
 * touched, and the key follows its changed map without a word; a text no
 * such door gives was written by hand. */
#include "model/key_follow.h"

#include "model/key_int.h"

#include <stdlib.h>
#include <string.h>

int key_exits_were(struct map *m, const struct graph *g, int id, const char *written, const struct key_options *o,
		   struct err *e)
{
	int *stack = malloc(2 * ((size_t)m->nregions + 1) * sizeof *stack);
	unsigned char *seen = calloc((size_t)m->nregions + 1, 1);
	int found = 0, rc = 0;
	if (!stack || !seen)
		rc = err_set(e, "out of memory for the key");
	for (int k = g->first[id]; rc == 0 && !found && k < g->first[id + 1]; k++) {
		struct door *d = &m->doors[g->edges[k]];
		enum door_kind was = d->kind;
		for (int kind = 0; rc == 0 && !found && kind < DOOR_KIND_COUNT; kind++) {
			if (kind == (int)was)
				continue;
			struct key_entry en = { 0 };
			d->kind = (enum door_kind)kind;
			rc = key_exits_build(&en, m, g, id, o, stack, seen, e);
			d->kind = was;
			found = rc == 0 && strcmp(en.exits, written) == 0;
			free(en.exits);
			free(en.exit_list);
		}
	}
	free(stack);
	free(seen);
	return rc < 0 ? -1 : found;
}
