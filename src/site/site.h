/* site.h: the site model between the map and the key. A document's levels
 * share one plan: where the site lies, a premise (who built it, what
 * befell it, who holds it now and what they want, a hook) and the factions
 * that hold it. Each level is then given its rooms' kinds (a name, what is
 * seen on entering, a feature drawn on the map), and its occupants: the
 * factions' guards near the way in, their lairs together, a shrine for a
 * cult, the leader deep inside (by doors from the entrance), prisoners in
 * cells, vermin in the rooms nobody keeps; and a wandering table of the
 * same inhabitants. Only the rng streams of the site are rolled, so a site
 * never moves a wall. */
#ifndef MAPSHEET_SITE_H
#define MAPSHEET_SITE_H

#include "model/doc.h"
#include "site/site_tables.h"

#define SITE_MAX_FACTIONS 2

struct site_plan {
	enum site_setting setting;          /* of the first level */
	char *premise;                      /* the story: built, befell, who holds it, a hook */
	char *secret;                       /* the game master's: who is really behind what */
	struct faction factions[SITE_MAX_FACTIONS];
	int faction_type[SITE_MAX_FACTIONS]; /* index in the tables' factions */
	int nfactions;
	int levels;                         /* levels of the document */
	int party_level;                    /* 1 to SITE_LEVEL_MAX; 0: the neutral system's, no party */
};

/* The setting a level's method and zones make: mansion and house are
 * buildings, the cards zones' themes say crypt or cave, the rest dungeons. */
enum site_setting site_setting_of(const struct map *m);

/* Draws the plan of a document of n levels from the seed, for a party of
 * party_level (0: the neutral system, which has no party; see
 * site_fits_level): its factions, and later its outsiders, are those that
 * fit it. Returns 0, or -1 with e set (out of memory; no faction suits the
 * setting and the level). */
int site_plan_make(struct site_plan *p, const struct site_tables *t, const struct level *levels, int n,
		   const char *seed, int party_level, struct err *e);
void site_plan_free(struct site_plan *p);

/* Plans level lv (numbered, its key not yet built): each room's use, its
 * kind and name, the kind's feature drawn; lv->uses keeps what the key
 * needs of it. Run on the whole level, before the players' view is taken,
 * so both copies name and draw the rooms alike. Returns 0 or -1 with e
 * set. */
int site_level_plan(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		    struct err *e);

/* Writes the planned site into lv's key (built from the same map): each
 * entry's kind, and when stocking, what is seen on entering and who is
 * there, and the wandering table. Returns 0 or -1 with e set. */
int site_level_key(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		   int stock, struct err *e);

#endif
