/* key_int.h: what the parts of key_build share: key_build.c makes each
 * entry from key_exits.c's exits paragraph and key_lines.c's further
 * paragraphs. */
#ifndef MAPSHEET_KEY_INT_H
#define MAPSHEET_KEY_INT_H

#include "model/connect.h"
#include "model/key.h"

/* Collects the exits of region id through the door graph g of m (without
 * the secret doors for o->player), sorted by wall, and writes en's exits
 * paragraph. stack (2 x (nregions + 1) ints) and seen (nregions + 1
 * bytes, all 0, left so) are scratch. Returns 0 or -1 with e set. */
int key_exits_build(struct key_entry *en, const struct map *m, const struct graph *g, int id,
		    const struct key_options *o, int *stack, unsigned char *seen, struct err *e);

/* Adds en's paragraphs after its exits for region id of m: its stairs, the
 * keys lying there, the way in, a card room's features. Returns 0 or -1
 * with e set. */
int key_entry_lines(struct key_entry *en, const struct map *m, int id, struct err *e);

#endif
