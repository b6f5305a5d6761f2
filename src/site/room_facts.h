/* room_facts.h: the facts of a room, computed once per room from the map
 * and the site's plan: where the site lies, the features drawn there and
 * how many, what the map has there (stairs, a trap, doors of each kind),
 * its floor, temperature and light, and who is in it (a faction's member,
 * a beast, the undead, ...). Each fact has a word; a line of the site
 * tables or the stocking tables may start with a condition on them,
 * "[table !undead]", resolved to bits when the tables are read, and is
 * said only where its condition holds (mapsheet-templates(5), FACTS). */
#ifndef MAPSHEET_ROOM_FACTS_H
#define MAPSHEET_ROOM_FACTS_H

#include "base/err.h"
#include "model/map.h"
#include "template/template.h"

#include <stdint.h>

enum fact {
	/* where the site lies: in the order of enum site_setting */
	FACT_DUNGEON, FACT_CRYPT, FACT_CAVE, FACT_BUILDING,
	/* a feature drawn: FACT_FEATURE + (enum feature - 1) */
	FACT_FEATURE,
	/* two or more of a feature drawn */
	FACT_PILLARS = FACT_FEATURE + FEATURE_COUNT - 1,
	FACT_STATUES, FACT_COFFINS, FACT_BEDS, FACT_CRATES, FACT_SHELVES, FACT_TABLES, FACT_CAGES,
	/* what the map has there */
	FACT_PAIR,   /* of each of those drawn, exactly two */
	FACT_STAIRS, FACT_TRAP, FACT_DOOR, FACT_OPENING, FACT_LOCKED, FACT_SECRET, FACT_PORTCULLIS,
	/* of the whole level: stairs lead down to a level below it, or up to
	 * a level above it */
	FACT_BELOW, FACT_ABOVE,
	/* its floor, temperature and light */
	FACT_BOARDS, FACT_FLAGSTONES, FACT_EARTH, FACT_COLD, FACT_WARM, FACT_WET, FACT_DARK, FACT_LIT,
	/* who is in it */
	FACT_OCCUPIED, FACT_FACTION, FACT_LEADER, FACT_BEAST, FACT_VERMIN, FACT_UNDEAD, FACT_CONSTRUCT,
	FACT_OOZE, FACT_LIVING, FACT_THINKING,
	/* wears and carries nothing: no belt, purse or pocket (a dragon, a
	 * demon in its own hide, a spirit) */
	FACT_BARE,
	/* what the room is used for, as its kind says (kinds.site facts:) */
	FACT_KITCHEN, FACT_SLEEPING, FACT_STORAGE, FACT_WORSHIP, FACT_WORKSHOP, FACT_GRAND,
	/* not the room's: a line needing it is said anywhere, and what it
	 * calls is carried on a body (a purse, a belt); an item refusing it
	 * ("[!carried]a tapestry") is not rolled there */
	FACT_CARRIED,
	/* not the room's either: the treasure to be placed is coin by the
	 * thousand (STOCK_HOARD_GP or more), which no corner, sack, purse or
	 * crack holds ("[!hoard]Scattered in the filth of a corner") */
	FACT_HOARD,
	FACT_COUNT
};

typedef uint64_t fact_bits;
#define FACT_BIT(f) ((fact_bits)1 << (f))
/* the facts of who is in a room */
#define FACTS_WHO                                                                                            \
	(FACT_BIT(FACT_OCCUPIED) | FACT_BIT(FACT_FACTION) | FACT_BIT(FACT_LEADER) | FACT_BIT(FACT_BEAST) |    \
	 FACT_BIT(FACT_VERMIN) | FACT_BIT(FACT_UNDEAD) | FACT_BIT(FACT_CONSTRUCT) | FACT_BIT(FACT_OOZE) |     \
	 FACT_BIT(FACT_LIVING) | FACT_BIT(FACT_THINKING) | FACT_BIT(FACT_BARE))
#define FACTS_FLOOR (FACT_BIT(FACT_BOARDS) | FACT_BIT(FACT_FLAGSTONES) | FACT_BIT(FACT_EARTH))

#define FACTS_USE                                                                                            \
	(FACT_BIT(FACT_KITCHEN) | FACT_BIT(FACT_SLEEPING) | FACT_BIT(FACT_STORAGE) | FACT_BIT(FACT_WORSHIP) | \
	 FACT_BIT(FACT_WORKSHOP) | FACT_BIT(FACT_GRAND))
/* the facts of a level as a whole, true of each of its rooms and known
 * where no room is (the wandering table); no mark of a line's
 * specificity, needed or refused */
#define FACTS_LEVEL (FACT_BIT(FACT_BELOW) | FACT_BIT(FACT_ABOVE))
/* the facts a line may refuse without becoming more specific: the setting,
 * the floor, the room's use, the treasure's size and the bare */
#define FACTS_REFUSED_FREELY                                                                                 \
	(FACT_BIT(FACT_DUNGEON) | FACT_BIT(FACT_CRYPT) | FACT_BIT(FACT_CAVE) | FACT_BIT(FACT_BUILDING) |     \
	 FACTS_FLOOR | FACTS_USE | FACT_BIT(FACT_HOARD) | FACT_BIT(FACT_BARE))
/* the facts a line claims rather than needs: a table with a line needing
 * one treats it as holding when it draws, and the line drawn expands with
 * it */
#define FACTS_CLAIMED FACT_BIT(FACT_CARRIED)

/* A line's condition: every fact of need holds and none of not. n counts
 * the words but claimed ones (the line's specificity: of the lines that
 * hold, those with the most conditions are said first). */
struct fact_cond {
	fact_bits need, not;
	int n;
};

/* The facts of one room. */
struct room_facts {
	int kind;                       /* index in the site tables' kinds, or -1 */
	int features[FEATURE_COUNT];    /* squares of each feature drawn */
	int stairs;
	int doors[DOOR_KIND_COUNT];     /* doors on its walls, by kind */
	fact_bits bits;
};

const char *fact_name(enum fact f);
/* The fact called word (len bytes), or -1. */
int fact_by_name(const char *word, size_t len);
/* "dungeon, crypt, ...": every fact word, for messages and the docs. */
void fact_list(char *out, size_t size);

static inline int fact_cond_holds(const struct fact_cond *c, fact_bits facts)
{
	return (facts & c->need) == c->need && (facts & c->not) == 0;
}

/* Reads a condition at the start of the text of field f ("[table !undead]
 * Cards lie ..."): into *c (empty when the text has none), and *rest the
 * text after it. A word that names no fact, an empty or unclosed bracket,
 * or a fact both needed and refused is a file:line:col error listing the
 * fact words. Returns 0 or -1. */
int fact_cond_read(const struct tpl_pos *pos, const char *text, int col, struct fact_cond *c, const char **rest,
		   struct err *e);

/* The facts the map alone gives each region of m (setting: where the
 * site lies, an enum site_setting): where it lies, the features drawn and
 * how many, stairs, doors of each kind, a trap the map marks, and a
 * floor, light and air from the setting and the zone's theme. *out gets
 * m->nregions + 1 of them (malloc'd, by region id). Returns 0 or -1 with
 * e set. */
int room_facts_level(const struct map *m, int setting, struct room_facts **out, struct err *e);
/* The facts of level m as a whole: where it lies (setting) and the
 * FACTS_LEVEL the map gives it (a stair down: below; a stair up to a
 * level: above). */
fact_bits room_facts_of_level(const struct map *m, int setting);

#endif
