/* site_words.h: the words of the site tables that are not text: where a
 * site lies (its setting), what a room is used for (its role), and a
 * count of creatures as dice; with their names and the roll. */
#ifndef MAPSHEET_SITE_WORDS_H
#define MAPSHEET_SITE_WORDS_H

#include "base/rng.h"

/* Where a site lies; a line suits a set of them (a bit each). */
enum site_setting { SETTING_DUNGEON, SETTING_CRYPT, SETTING_CAVE, SETTING_BUILDING, SETTING_COUNT };

/* What the inhabitants use a room for. */
enum site_role {
	ROLE_NONE,      /* serves no one now */
	ROLE_GUARD,     /* a watch near the way in or at a chokepoint */
	ROLE_LAIR,      /* where the rank and file sleep and eat */
	ROLE_LEADER,    /* the leader's own room, deep inside */
	ROLE_SHRINE,
	ROLE_PRISON,
	ROLE_STORE,
	ROLE_WORK,
	ROLE_WANDER,    /* not a room: the wandering table */
	ROLE_COUNT
};

/* The part a faction's member plays in its cast (member:...:CAST): the
 * leader is the faction's leader line; prisoners are the visitors its
 * cells hold. */
enum site_cast {
	CAST_LEADER,
	CAST_LIEUTENANT,   /* a few stronger ones who stand over the rest */
	CAST_RANK,         /* the rank and file */
	CAST_SPECIALIST,   /* a priest, a mage, a trapmaker */
	CAST_BEAST,        /* beasts or pets */
	CAST_SERVANT,      /* servants or thralls */
	CAST_PRISONER,
	CAST_COUNT
};

/* The party levels a faction or an outsider suits (levels:LO-HI): from 1
 * to SITE_LEVEL_MAX; without a levels line, SITE_LEVELS_LO to
 * SITE_LEVELS_HI, the low levels the neutral system's inhabitants suit. */
#define SITE_LEVEL_MAX 20
#define SITE_LEVELS_LO 1
#define SITE_LEVELS_HI 4

/* A count of creatures as dice: n d sides + plus. */
struct site_dice {
	int n, sides, plus;
};

const char *site_setting_name(enum site_setting s);
const char *site_role_name(enum site_role r);
/* "leader", "lieutenant", "rank and file", "specialist", "beast",
 * "servant", "prisoner". */
const char *site_cast_name(enum site_cast c);

/* A count of creatures rolled; at least 1. */
int site_dice_roll(const struct site_dice *d, struct rng *rng);

#endif
