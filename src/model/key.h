/* key.h: the numbered room key. key_number() gives every room, hall and
 * bridge its number; key_build() writes an entry per numbered region: its
 * name, size, exits (which wall, which door, where it leads), stairs and the
 * keys that lie there; stock_key() (stock.h) then adds its contents from the
 * stocking tables. The text exporters, the renderer and the booklet all
 * print this one structure. */
#ifndef MAPSHEET_KEY_H
#define MAPSHEET_KEY_H

#include "model/map.h"

enum key_numbering {
	KEY_NUMBER_ENTRANCE,    /* breadth-first from the entrance (default) */
	KEY_NUMBER_READING      /* top to bottom, left to right */
};

struct key_exit {
	int door;               /* index in map.doors */
	enum side wall;         /* the wall of this room it is on */
	enum door_kind kind;
	int to_region;          /* the region just beyond (0: the outside) */
	int via_corridor;       /* 1 when a corridor lies between */
	int leads[8];           /* numbers of the rooms it leads to */
	enum door_kind far[8];  /* through a corridor: the door into each of
				   them at the corridor's far end */
	int nleads;
};

/* Who is in a room (the site model's occupants): a group of one creature. */
#define KEY_MAX_OCCUPANTS 4
struct key_occupant {
	int faction;            /* index in the document's factions, or -1 (vermin, a visitor) */
	char creature[48];      /* singular: "goblin" */
	int count;
	char role[16];          /* what they are there for: "guard", "leader", ... or "" */
	int band;               /* of a lieutenant's or specialist's kind, past the few
				   of that part its level has: among the rank and file */
};

/* A fight sized for a party by a system with figures (stock_encounter.h):
 * its creatures, their figures as the system gives them, and the XP in
 * all against the budget of the difficulty it was built for. */
struct key_foe {
	char name[64];          /* the system's name: "Troll" */
	int count;
	char cr[8];             /* "5", "1/4" */
	int xp, ac, hp;         /* each */
	char hit_dice[16];      /* "2d6" */
	char actor[24];         /* its Actor's id in the system's compendium
				   (key_compendium), or "": none */
};

struct key_encounter {
	char difficulty[12];    /* "low", "moderate", "high"; "" none */
	int xp;                 /* the sum over the creatures */
	int budget;             /* the most the difficulty allows */
	int party, party_level; /* whom it was built for */
	struct key_foe foes[KEY_MAX_OCCUPANTS];
	int nfoes;
};

/* A trap with figures: its danger, a save DC or an attack bonus, damage. */
struct key_trap {
	char danger[12];        /* "setback", "dangerous", "deadly"; "" none */
	int dc;                 /* 0: no save */
	int attack;             /* 0: no attack roll */
	char damage[16];        /* "2d10" */
};

struct key_entry {
	int region;
	int number;
	char title[64];         /* the region's name, or "Room", "Hallway", "Bridge" */
	char size[64];          /* "30 x 20 ft" */
	char *exits;            /* one paragraph: "North: door to 2. East: ..." */
	struct key_exit *exit_list;
	int nexits;
	char **lines;           /* further paragraphs: stairs, keys, contents */
	int nlines;
	char contents_kind[16]; /* "empty", "monster", "trap", ... ("" unstocked) */
	char kind[32];          /* the room's kind in the site model ("chapel"), or "" */
	struct key_occupant occupants[KEY_MAX_OCCUPANTS];
	int noccupants;
	struct key_encounter encounter;   /* difficulty "": not sized */
	struct key_trap trap;             /* danger "": no figures */
	long treasure_gp;                 /* what its treasure is worth in gp; 0: not valued */
	unsigned long long facts;         /* the room's facts as the site found them
					     (site/room_facts.h bits); 0: none */
	int seen;                         /* the site wrote what is seen on entering */
};

/* One group of a level's adversary roster: the room it is met in, its
 * creature and count as the room's occupants say, and its part in the
 * cast (key_occupant_role). */
struct key_group {
	int room;               /* the key number of its room */
	char creature[48];
	int count;
	char role[16];
};

struct key {
	struct key_entry *entries;  /* in number order */
	int n;
	char **footer;              /* the map's notes and key statistics */
	int nfooter;
	char **wandering;           /* wandering monster table lines, or none */
	int nwandering;
	char wandering_die[16];     /* "d6" */
	struct key_group *roster;   /* every group the level's rooms hold, in room order */
	int nroster;
	char *alarm;                /* what raises the alarm and who answers it, or NULL */
	char **adversaries;         /* the roster and the alarm as the key prints them */
	int nadversaries;
};

/* The heading the key prints the roster and the alarm under (the GM's
 * copy only: the players' key has neither). */
#define KEY_ADVERSARIES_HEADING "Adversaries and the alarm"

/* Where a system's creatures are in a virtual tabletop (the `compendium`
 * directive): Foundry VTT's pack of the game system that holds them, and
 * the version of that system the ids were taken from. */
struct key_compendium {
	char pack[64];              /* "dnd5e.monsters"; "": none */
	char system[32];            /* the Foundry system's id: "dnd5e" */
	char version[16];           /* "5.3.3" */
};

/* The party a document's keys were stocked for, by a system with figures:
 * its name, the characters and their level, and the notice the system's
 * data asks to be printed. Nothing when party is 0. */
struct key_party {
	char system[64];
	int party, level;       /* the characters, their level at the top */
	int deeper;             /* party levels added a dungeon level down */
	char *credit;           /* the system's notice, or NULL */
	struct key_compendium compendium;
};

struct stock_tables;

/* How the run's keys are made: numbered (key_number), built for the
 * referee or the players (key_build), stocked (stock_key, stock.h). */
struct key_options {
	enum key_numbering numbering;
	int stock;                  /* roll contents from the stocking tables */
	const char *system;         /* table set name ("neutral") */
	const char *const *template_dirs;
	int player;                 /* the players' version: no secrets */
	const struct stock_tables *tables; /* the system's tables, loaded once for
					      the run, or NULL: stock_key loads them */
	int party;                  /* characters, for a system with figures; 0: 4 */
	int party_level;            /* their level, 1 to 20; 0: 1 */
};

#define KEY_PARTY_DEFAULT 4
#define KEY_PARTY_MAX 12
#define KEY_PARTY_LEVEL_MAX 20

/* Numbers the keyed regions of m 1..n (see enum key_numbering). Corridors
 * get 0. Returns 0 or -1 with e set. */
int key_number(struct map *m, enum key_numbering mode, struct err *e);

/* Builds the key of a numbered map, an entry per number in number order
 * (numbers may be missing: the players' map leaves out the rooms behind
 * secret doors), without contents: nothing is rolled. On failure returns
 * -1 with e set and leaves k empty (key_free is safe). */
int key_build(struct key *k, const struct map *m, const struct key_options *o, struct err *e);
void key_free(struct key *k);

/* Appends a paragraph to an entry (copied). Returns 0 or -1 with e set. */
int key_entry_add_line(struct key_entry *en, const char *text, struct err *e);

/* A square's number along its row or column as the sheets print it on the
 * map's edges and the key names it: counted from 1 at the grid's top left,
 * the same on every level of a run ("at column 23, row 14"). */
static inline int key_square_number(int index)
{
	return index + 1;
}

/* The key's paragraph for stairs st ("Stairs down to level 2, room 5, at
 * column 23, row 14."), into buf. */
void key_stair_line(const struct stair *st, char *buf, size_t size);

/* The entry of key number `number`, or NULL. */
const struct key_entry *key_find(const struct key *k, int number);

/* An occupant's part in the cast as the roster gives it: a room's use
 * becomes the cast's word ("lair": "rank and file"; "prison": "jailer",
 * or "prisoner" for one of no faction), any other role stays as it is;
 * without one, "outsider" for a group of no faction, "member" for one of
 * a faction. */
const char *key_occupant_role(const struct key_occupant *o);

/* Sets k's roster from its entries' occupants (room order, then as the
 * room lists them). Returns 0 or -1 with e set. */
int key_roster_from_rooms(struct key *k, struct err *e);

/* Sets k->adversaries, the lines the key prints under
 * KEY_ADVERSARIES_HEADING, from k->roster and k->alarm: a line a room
 * ("Room 8: 1 x goblin (leader); 3 x goblin (guard).", a part that says
 * nothing the creature does not, such as the rank and file's, left out)
 * and the alarm last; none when both are empty. Returns 0 or -1 with e set. */
int key_adversary_lines(struct key *k, struct err *e);

/* Default title for a region without a name. */
const char *key_default_title(enum region_kind kind);

#endif
