/* key_int.h: what the parts of key_build share: key_build.c makes each
 * entry from key_exits.c's exits paragraph and key_lines.c's further
 * paragraphs, and key_way_in.c names a way in that lies in a corridor. */
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
 * keys lying there, the way in, a hallway's runs, a card room's features.
 * Returns 0 or -1 with e set. */
int key_entry_lines(struct key_entry *en, const struct map *m, int id, struct err *e);

/* A hallway this big, or of this many runs, gets a line of how its runs go. */
#define KEY_HALL_MIN_SQUARES 20
#define KEY_HALL_MIN_RUNS 3

/* Adds to the entry of hallway id (REGION_HALL) the line of its runs
 * (key_hall.c: "The hall runs north from the front door for 40 ft, then
 * branches east (30 ft, to rooms 3, 5 and 8) and west (50 ft, ...)."),
 * from en's exits, when it is that big and its squares are a network of
 * narrow runs; other regions get nothing. Returns 0 or -1 with e set. */
int key_hall_line(struct key_entry *en, const struct map *m, int id, struct err *e);

/* Adds the line of a way in that lies in a corridor to the entry of the
 * numbered room nearest to it (key_way_in.c): "The way in: stairs up in
 * the corridor north of this room." Nothing when the way in is in a
 * numbered room (key_entry_lines says so there). Returns 0 or -1 with e
 * set. */
int key_way_in_line(struct key *k, const struct map *m, struct err *e);

#endif
