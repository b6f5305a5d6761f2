/* site_held.h: how many of a creature each room of a level holds, by its
 * key entry's occupants as written (its leader, prisoners and a person a
 * thread has the party seek aside: none of them walks with a patrol),
 * worked out once a creature while the wandering table is written (the
 * entries do not change meanwhile), so that finding the rooms a patrol
 * comes from costs a look-up, not a pass over the level's rooms. */
#ifndef MAPSHEET_SITE_HELD_H
#define MAPSHEET_SITE_HELD_H

#include "site/site_rooms.h"

struct site_held_room {
	int number;             /* the key entry's number */
	int room;               /* its index in the level plan's rooms */
};

struct site_held_creature {
	const char *creature;   /* the tables' own string */
	int *by_room;           /* by index in the plan's rooms: how many all
				   rooms with that room's number hold */
};

struct site_held {
	const struct level_plan *lp;
	struct site_held_room *by_number;   /* the rooms sorted by number, then index */
	struct site_held_creature *creatures;
	int ncreatures;
};

/* Prepares h for the level plan lp (its rooms and their key entries).
 * Returns 0 or -1 with e set. */
int site_held_init(struct site_held *h, const struct level_plan *lp, struct err *e);
void site_held_free(struct site_held *h);

/* How many of creature each of the plan's rooms holds, with every other
 * room of the same number (lp->n of them, by index); NULL with e set
 * when out of memory. */
const int *site_held_by_room(struct site_held *h, const char *creature, struct err *e);

/* The last of the plan's rooms numbered `number`, or -1 when none is. */
int site_held_room(const struct site_held *h, int number);

#endif
