/* stock_encounter.h: the site's groups sized for a party by a system with
 * figures (a budget and creatures: the 5e system). Each room's fight is
 * built for a difficulty (the leader's room high and first, a wandering
 * group low, the rest whichever the fights so far fall shortest of the
 * system's mix by) within that difficulty's band of XP for the party,
 * from its groups and a few of the faction's stronger kinds standing over
 * them, never more than `crowd` creatures a character (three at least)
 * nor more than the room's floor holds (struct site_meeting's floor: fewer
 * creatures, or bigger ones, or smaller kinds, where it is small);
 * the difficulty said is the lowest whose budget holds the XP spent. A
 * fight with a creature the system lacks is left as the site rolled it. */
#ifndef MAPSHEET_STOCK_ENCOUNTER_H
#define MAPSHEET_STOCK_ENCOUNTER_H

#include "site/site.h"
#include "stock/stock_table.h"

struct stock_party {
	const struct stock_tables *t;
	int party;              /* characters */
	int level;              /* their level at the top of the site */
	/* creatures the site named that the system lacks: their groups stay
	 * as the site rolled them, unsized, and the run warns of each */
	char missing[8][64];
	int nmissing;
	int said[3];            /* the rooms' fights so far by the difficulty
				   said (the leaders' aside): the mix is kept */
};

/* Whether t can size fights (a budget for every level and creatures). */
int stock_sizes_fights(const struct stock_tables *t);

/* The sizer for site_level_key, sizing for p (which must outlive it). */
struct site_sizer stock_sizer(struct stock_party *p);

/* The sizer's work, for the tests: see struct site_sizer. */
int stock_size_groups(void *ctx, struct site_group *g, int n, const struct site_meeting *at, struct key_entry *en,
		      char *figures, size_t size, struct err *e);

/* The sizer's fits (see struct site_sizer), for the tests: ctx is a
 * struct stock_party. */
int stock_cast_fits(void *ctx, const char *creature, enum site_cast cast, int depth);

/* The least challenge rating a part of a cast has for a party of level. */
double stock_cast_floor(enum site_cast cast, int level);

#endif
