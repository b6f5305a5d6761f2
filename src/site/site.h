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
#include "model/key_said.h"
#include "site/site_tables.h"

#define SITE_MAX_FACTIONS 2
#define SITE_MAX_THREADS 12

/* What a thread of the premise is (site_threads.c). */
enum site_thread_kind { THREAD_HOOK, THREAD_WANT, THREAD_TRACES, THREAD_REMAINS, THREAD_CLUE };

/* A thread: the premise's (or the secret's) words for it, where it is
 * and the line its room's entry gives. */
struct site_thread {
	enum site_thread_kind kind;
	enum site_thread_place place;
	char *entry;                        /* the room's line, its label first */
	const char *creature;               /* a person met (THREAD_WHO): the roster's creature */
	int faction;                        /* a clue or a want: whose */
	int clue;                           /* a clue: which of its secret's clue lines, -1: the secret told whole */
	const struct site_line *line;       /* a line's own thread: its line, whose wordings are drawn where it is placed */
	const char *label;                  /* and the entry's label ("Traces: ") */
};

struct site_plan {
	enum site_setting setting;          /* of the first level */
	char *premise;                      /* the story: built, befell, who holds it, a hook */
	char *secret;                       /* the game master's: who is really behind what */
	char name[64];                      /* the site's name, from its story (its builder or purpose) */
	struct site_thread threads[SITE_MAX_THREADS];
	struct doc_thread placed[SITE_MAX_THREADS];  /* beside threads: words, level, room (0: unplaced) */
	int nthreads;
	struct faction factions[SITE_MAX_FACTIONS];
	int faction_type[SITE_MAX_FACTIONS]; /* index in the tables' factions */
	int nfactions;
	int levels;                         /* levels of the document */
	int leader_level[SITE_MAX_FACTIONS]; /* the depth each faction's leader lives on: the
					       first's the deepest level of two rooms or more,
					       the second's the first such */
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

/* Places the plan's threads in rooms of levels[0..n) (planned by
 * site_level_plan from tables t): the hook's person or thing deep down,
 * the holders' want in their leader's room, the traces of what befell the
 * place and the remains of what it was built for in rooms nobody keeps,
 * and up to three clues to the secret in rooms of its own; a thread that
 * names a place of the site (the old chapel) in a room of that kind or
 * use. Returns 0 or -1 with e set. */
int site_threads_place(struct site_plan *p, const struct site_tables *t, const struct level *levels, int n,
		       const char *seed, struct err *e);

/* The placed threads as a document gives them: *n of them. */
const struct doc_thread *site_threads_placed(const struct site_plan *p, int *n);

/* Plans level lv (numbered, its key not yet built): each room's use, its
 * kind and name, the kind's feature drawn; lv->uses keeps what the key
 * needs of it. Run on the whole level, before the players' view is taken,
 * so both copies name and draw the rooms alike. Returns 0 or -1 with e
 * set. */
int site_level_plan(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		    struct err *e);

/* A group the site puts in a room or a wandering row: one creature, as
 * many as the site's dice rolled, or a number that stays (a leader). */
struct site_group {
	const char *creature;   /* singular, as the site's tables name it */
	int rolled;             /* the site's own count (a wandering row: its dice's most) */
	int fixed;              /* the count stays as rolled (a leader) */
	int count;              /* the sizer's: 0 leaves the group out */
	int optional;           /* a stronger kind of the faction the sizer may
				   add, to bring the fight up to its difficulty
				   (of two kinds at most; beside a leader, its
				   guard's own kind too) */
	int most;               /* > 0: the most of an optional group the sizer
				   may add (the lieutenants its level has left) */
	int space;              /* the squares of 5 ft one of it takes (0 or 1:
				   medium or smaller, 4 large, 9 huge, 16
				   gargantuan) */
};

/* Where a group is met, for the sizer. */
struct site_meeting {
	int depth;              /* the dungeon level, 1 at the top */
	int leader;             /* the faction leader's own room */
	int wandering;          /* a row of the wandering table */
	int ceiling;            /* > 0: the XP the fight must stay under (the
				   level's leader's fight is the hardest) */
	struct rng *rng;        /* the site's stream: the difficulty's draw */
	long floor;             /* > 0: the squares of 5 ft the room's floor has
				   for the fight; its groups take no more */
};

/* A game system that sizes the site's groups for a party (stock's, for a
 * system with figures); without one, groups are as the site rolled them,
 * more of them deeper down. */
struct site_sizer {
	/* Sets g[0..n).count for a fight at `at` (an optional group's count
	 * is 0 unless the sizer adds it). For a room (en not NULL)
	 * it keeps the fight in en->encounter; for a room and a wandering row
	 * alike it writes what a GM runs it with into figures ("3 x Troll (CR
	 * 5; ...) · 5,400 XP, moderate for 4 characters of level 8"), "" for
	 * no fight. Returns 0, or -1 with e set (a creature the system lacks). */
	int (*size)(void *ctx, struct site_group *g, int n, const struct site_meeting *at, struct key_entry *en,
		    char *figures, size_t size, struct err *e);
	/* Whether creature fits its part of a cast on dungeon level depth,
	 * for the party: 3 a leader that alone is past a moderate fight (one
	 * a party of one can face), 2 a leader that is a fight in itself, 1
	 * yes, 0 too
	 * weak (a warchief that is a plain orc) or too strong (a leader past
	 * a high fight alone), -1 a creature the system lacks. */
	int (*fits)(void *ctx, const char *creature, enum site_cast cast, int depth);
	void *ctx;
};

/* Writes the planned site into lv's key (built from the same map): each
 * entry's kind, and when stocking, what is seen on entering and who is
 * there, and the wandering table; sz (NULL: none) sizes every group for a
 * party. said (NULL: the level's own) holds what the document's keys have
 * said: no sentence is said twice while the tables have another. Returns
 * 0 or -1 with e set. */
int site_level_key(const struct site_plan *p, const struct site_tables *t, struct level *lv, const char *seed,
		   int stock, const struct site_sizer *sz, struct key_said *said, struct err *e);

/* site_plan_make with the sizer of the system the keys will be sized with
 * (NULL: none): a faction is chosen only if its leader and its rank and
 * file are strong enough for the party on the levels they hold (the
 * sizer's fits), where one is, and its leader is one that is. */
int site_plan_make_sized(struct site_plan *p, const struct site_tables *t, const struct level *levels, int n,
			 const char *seed, int party_level, const struct site_sizer *sz, struct err *e);

/* The part of its faction's cast an occupant of a key stocked from plan
 * plays ("leader", "lieutenant", "rank and file", "specialist", "beast",
 * "servant", "prisoner"), or "" for one of no faction's (vermin, a
 * visitor). */
const char *site_occupant_cast(const struct site_plan *plan, const struct site_tables *t,
			       const struct key_occupant *o);

#endif
