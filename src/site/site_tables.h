/* site_tables.h: the site model's words, read from templates/site/: the
 * premises (who built a place, what befell it, a hook), the factions that
 * hold places (their names, leaders, rank and file, what they want and what
 * they do in each kind of room), the room kinds (names, the feature drawn,
 * what is seen on entering, what may be found) and the outsiders (vermin and
 * visitors). A faction and an outsider suit a range of party levels, so a
 * site built for a party is held by inhabitants that fit it. Loaded once a
 * run; a line naming an unknown setting, role, feature or type is refused
 * with file:line:col. */
#ifndef MAPSHEET_SITE_TABLES_H
#define MAPSHEET_SITE_TABLES_H

#include "base/err.h"
#include "model/map.h"
#include "site/room_facts.h"
#include "site/site_words.h"

#define SITE_WORD 48           /* a creature's or a leader's name */

/* How a premise line's thread is met in a room (a thread: line). */
enum site_thread_place {
	THREAD_NONE,            /* no thread line: the site model's own words */
	THREAD_WHO,             /* a person: an occupant of the room */
	THREAD_FIND,            /* a thing to take away */
	THREAD_FEATURE,         /* a thing in the room that stays */
	THREAD_LEADER           /* the leader of the holders, in the leader's room */
};

/* The most wordings one thread's room line has (thread: lines of one line). */
#define SITE_THREAD_WORDINGS 4

struct site_line {
	char *text;
	unsigned settings;     /* bits of enum site_setting */
	struct fact_cond cond; /* what the line needs ("[building]") */
	char *place_name;      /* built: the site's name it gives (a place: line), or NULL */
	enum site_thread_place thread;
	char *words;           /* the thread's words, as the text says them */
	char *creature;        /* THREAD_WHO: what the person is, for the roster ("commoner") */
	char *entries[SITE_THREAD_WORDINGS];   /* the room's line in its wordings, each saying the words */
	struct fact_cond entry_conds[SITE_THREAD_WORDINGS];   /* the room each wording needs ("[grand]") */
	int nentries;
	const char *file;      /* where the line is: one of the tables' files */
	int line;
};

struct site_member {
	char creature[SITE_WORD], plural[SITE_WORD];
	struct site_dice count;
	unsigned roles;        /* bits of enum site_role it fills */
	enum site_cast cast;   /* its part of the faction's cast (rank and file
				  unless its line says) */
};

/* What a creature is and where it lives (creatures.site): nature holds
 * the facts of who is in a room it is in (beast, undead, living, ...);
 * it is met only in rooms of the kinds or settings of its habitat. */
struct site_creature {
	char name[SITE_WORD];
	fact_bits nature;
	unsigned settings;     /* settings of its habitat (bits of enum site_setting) */
	char **kinds; int nkinds;   /* kind ids of its habitat */
	fact_bits home;             /* a room with any of these facts is of its
				       habitat too ("wet": where water is) */
	fact_bits never;            /* never met in a room with any of these
				       ("!warm": no ice devil in a forge) */
	int most;                   /* > 0: never more than this many together
				       (oozes and big beasts come alone or in pairs) */
	int space;                  /* squares of 5 ft one takes on the floor
				       (size:large 4, huge 9, gargantuan 16); 0: one */
	int *kind_index;            /* beside kinds, once loaded: the kind's index, or -1 */
	const char *file;
	int line;
};

struct site_leader {
	char name[SITE_WORD], creature[SITE_WORD];
};

struct site_faction_type {
	char id[32];
	char type[16];         /* tribe, cult, household, brood, dead, band */
	unsigned settings;
	/* each list of lines has its lines' conditions beside it (X_cond) */
	char **called; int ncalled; struct fact_cond *called_cond;
	char **holds; int nholds; struct fact_cond *holds_cond;
	struct site_leader *leaders; int nleaders;
	struct site_member *members; int nmembers;
	char **wants; int nwants; struct fact_cond *wants_cond;
	char **secrets; int nsecrets; struct fact_cond *secrets_cond;
	char **clues; int nclues;   /* clue lines, facts a party finds that */
	int *clue_of;               /* point at secret clue_of[i] */
	char **doing[ROLE_COUNT]; int ndoing[ROLE_COUNT];
	struct fact_cond *doing_cond[ROLE_COUNT];   /* with a needs:FEATURE line's feature */
	enum feature *doing_needs[ROLE_COUNT];  /* beside doing: the feature a line names
						   and so needs in its room, or FEATURE_NONE */
	int level_lo, level_hi; /* the party levels it suits (levels:LO-HI) */
	const char *file;      /* where its faction line is: one of the tables' files */
	int line;
};

struct site_kind {
	char id[32];
	unsigned settings;
	enum site_role role;
	char **names; int nnames; struct fact_cond *names_cond;
	char **match; int nmatch;          /* lowercase words */
	enum feature feature;              /* FEATURE_NONE: none */
	char *feature_text;                /* "a black stone altar" (the first feature line's) */
	char **ftexts; int nftexts;        /* every feature line's text, with its condition */
	struct fact_cond *ftexts_cond;     /* ("[!pillars]a fluted pillar" where one is drawn;
					      lines without one: other words, drawn fresh) */
	fact_bits facts;                   /* facts:WORDS: its floor, air, light (a floor word
					      replaces the setting's) */
	char contents[16];                 /* contents:KIND: what the stocking rolls there ("trap") */
	char **seen; int nseen; struct fact_cond *seen_cond;
	char **finds; int nfinds; struct fact_cond *finds_cond;
	const char *file;                  /* where its kind line is: one of the tables' files */
	int line;
};

struct site_outsider {
	int visitor;                       /* 0: vermin */
	unsigned settings;
	char creature[SITE_WORD], plural[SITE_WORD];
	struct site_dice count;
	char *text;
	struct fact_cond cond;
	int level_lo, level_hi;            /* the party levels it suits (levels:LO-HI) */
};

/* Whether a faction or an outsider that suits party levels lo..hi fits a
 * party of level (1 to SITE_LEVEL_MAX). Level 0 is the neutral system's,
 * which has no party: it takes those that suit a party of low level (lo at
 * most SITE_LEVELS_HI), the inhabitants it has always drawn. */
static inline int site_fits_level(int lo, int hi, int level)
{
	return level == 0 ? lo <= SITE_LEVELS_HI : lo <= level && level <= hi;
}

/* The company a group keeps (company.site): what a few of a faction's
 * stronger kind are doing beside the rest, and the prisoners in a
 * faction's cells, each in the singular and the plural. */
enum site_company {
	COMPANY_OVER,           /* a lieutenant's kind over the rank and file */
	COMPANY_ALONE,          /* a few of a stronger kind keeping a room alone */
	COMPANY_AMONG,          /* a lieutenant's kind past the level's few: one of the band */
	COMPANY_BESIDE,         /* beside the leader, with no rank and file */
	COMPANY_BEAST,          /* a faction's beast at their heels */
	COMPANY_APART,          /* a specialist apart from the rest */
	COMPANY_CAPTIVE,        /* a faction's prisoners ({whose}: the faction) */
	COMPANY_COUNT
};
/* the company's part as a company: line names it ("over"), or NULL */
const char *site_company_name(enum site_company c);

struct site_company_lines {
	char **text; int n;
	struct fact_cond *cond;
};

struct site_tables {
	struct site_line *built, *befell, *hooks;
	int nbuilt, nbefell, nhooks;
	struct site_faction_type *factions; int nfactions;
	struct site_kind *kinds; int nkinds;
	struct site_outsider *outsiders; int noutsiders;
	struct site_creature *creatures; int ncreatures;
	struct site_company_lines company[COMPANY_COUNT][2];   /* [0] one, [1] many */
	int creatures_sorted;              /* by name, once loaded (looked up by bisection) */
	char **files; int nfiles;          /* the names of the files read, for messages */
};

/* Reads the files of site/ along the template search path dirs.
 * Returns 0, or -1 with e set (file:line:col for a bad line; a usage error
 * naming what is missing when a table lacks what every site needs) and t
 * empty. */
int site_tables_load(struct site_tables *t, const char *const *dirs, struct err *e);
void site_tables_free(struct site_tables *t);

/* Once t is read and checked: its creatures sorted by name and their
 * habitats' kinds resolved to indices, so a room looks them up quickly.
 * Returns 0 or -1 with e set (out of memory). */
int site_tables_index(struct site_tables *t, struct err *e);

/* Parses one file's text (named name in messages) into t, which may hold
 * other files' lines already. For the tests and the fuzz harness. */
int site_tables_parse(struct site_tables *t, const char *name, const char *text, size_t len, struct err *e);

/* Checks t holds what a site is built from: every faction its lines (a
 * doing line for each role its members fill), every kind a name and a seen
 * line (and a feature when a seen line names it), and for every setting a
 * premise of each part, a faction, vermin, and kinds in the guard, lair,
 * leader and none roles, and for every party level (1 to SITE_LEVEL_MAX) a
 * faction and vermin that fit it. Returns 0 or -1 with a usage error, one
 * line (FILE:LINE:1: for a faction or a kind). */
int site_tables_check(const struct site_tables *t, struct err *e);

#endif
