/* site_rooms.h: one level's rooms as the site model plans them (the files
 * site_level.c, site_roles.c, site_kinds.c, site_place.c, site_occupy.c
 * and site_wander.c share it). */
#ifndef MAPSHEET_SITE_ROOMS_H
#define MAPSHEET_SITE_ROOMS_H

#include "model/key_said.h"
#include "site/site_int.h"

struct room_plan {
	int region;
	int entry;              /* index in the level's key (the key stages) */
	int dist;               /* doors from the entrance; -1 unreached */
	int area;
	int doors;              /* doors on its walls */
	enum site_role role;
	int kind;               /* index in the tables' kinds, or -1 */
	int named;              /* the method named it (its name stays) */
	int faction;            /* whose room it is, or -1 */
	int leader;             /* the faction leader's own room */
};

struct level_plan {
	const struct site_plan *site;
	const struct site_tables *t;
	struct level *lv;
	unsigned setting;       /* the level's setting, as a bit */
	struct room_plan *rooms;
	int n;
	struct rng rng;
	struct key_said *said;  /* what the document's keys have said already */
	const struct site_sizer *sizer;   /* NULL: counts as rolled */
	int ceiling;            /* the level's leaders' fight: others stay under it */
	struct room_facts *facts;   /* by region id: what the map gives each room */
	int drawn;              /* the kinds' features are drawn (the key's stages) */
	int here_kind;          /* the kind of the room being occupied, or -1 */
	int few[SITE_MAX_FACTIONS][CAST_COUNT];         /* creatures of each part of a cast placed on
							   the level so far (lieutenants are few) */
	fact_bits here_facts;   /* and its facts */
	fact_bits who[SITE_MAX_FACTIONS][ROLE_COUNT];   /* site_faction_who's, once worked out */
	unsigned char who_known[SITE_MAX_FACTIONS][ROLE_COUNT];
};

/* The facts of room r: the map's, its kind's (its floor, air and light,
 * its feature as it will be drawn, a trap it holds), and who keeps it as
 * far as the plan knows (a faction's members fit for its use). */
fact_bits site_room_facts(const struct level_plan *lp, const struct room_plan *r);
/* Who the faction's members fit for role are, as facts shared by them all. */
fact_bits site_faction_who(struct level_plan *lp, int faction, enum site_role role);

/* The member of faction type f fit for role, the first listed more often;
 * -1 when none is. */
int site_member_for(const struct site_faction_type *f, enum site_role role, struct rng *rng);

/* The same, preferring a member strong enough for its part of the cast
 * on this level (the sizer's fits), where the level is sized. */
int site_member_fit(const struct level_plan *lp, const struct site_faction_type *f, enum site_role role,
		    struct rng *rng);

/* Whether outsider o may be met on this level: its setting and the
 * party's level. */
int site_outsider_fits(const struct level_plan *lp, const struct site_outsider *o);

/* One of lines[0..n) the document has not drawn yet, where there is one,
 * marked drawn. */
const char *site_fresh_line(struct level_plan *lp, char *const *lines, int n);

/* Fills a line drawn into the text the key says (caller frees), NULL when
 * out of memory. */
typedef char *site_filler(void *ctx, const char *line);

/* As site_fresh_line, filled: a line not drawn yet whose text says no
 * sentence the document has said, tried from a random one on; else any
 * line whose text says none; else the first not drawn, else any. The
 * line, its text in *text (caller frees), in *fresh (unless NULL) whether
 * the text is new. NULL when out of memory. */
const char *site_fresh_text(struct level_plan *lp, char *const *lines, int n, site_filler *fill, void *ctx,
			    char **text, int *fresh);

/* As site_fresh_text among the lines that hold for facts (conds[0..n),
 * NULL: none has a condition), the most specific first: a less specific
 * line whose text is new rather than a sentence again, else the most
 * specific again. NULL when no line holds; with fill, *text NULL when out
 * of memory. */
const char *site_fit_text(struct level_plan *lp, char *const *lines, const struct fact_cond *conds, int n,
			  fact_bits facts, site_filler *fill, void *ctx, char **text, int *fresh);

/* Adds line to en, and its sentences to what the document has said.
 * Returns 0 or -1 with e set. */
int site_add_said(struct level_plan *lp, struct key_entry *en, const char *line, struct err *e);

/* The kind whose match word is in name (words of letters, case ignored),
 * one suiting settings first; -1 when none. */
int site_kind_by_name(const struct site_tables *t, const char *name, unsigned settings);

/* Whether region id of m has feature f drawn on one of its squares. */
int site_room_has(const struct map *m, int id, enum feature f);

/* Lists after what is seen in en ("Also here: statues and a table.") what
 * the map draws in its room that none of its lines names (k: its kind,
 * or NULL). Returns 0 or -1 with e set. */
int site_also_here(const struct level_plan *lp, struct key_entry *en, const struct site_kind *k, struct err *e);

/* Stages of site_level_build, in order. Each returns 0 or -1 with e set. */
int site_roles_assign(struct level_plan *lp, struct err *e);
int site_kinds_assign(struct level_plan *lp, struct err *e);
int site_features_place(struct level_plan *lp, struct err *e);
/* After the features are drawn (lp->facts read again, lp->drawn set): a
 * room whose name promises what the map does not have ("Gallery of
 * Statues" with one statue) takes another name of its kind. */
int site_names_check(struct level_plan *lp, struct err *e);
int site_occupants_place(struct level_plan *lp, struct err *e);
int site_wandering_table(struct level_plan *lp, struct err *e);
/* The premise's threads placed on this level, written into their rooms
 * (site_threads.c). */
int site_threads_write(struct level_plan *lp, struct err *e);
/* The creature of a person a thread places in room number of the level
 * at depth (who is met there besides its groups), or NULL. */
const char *site_threads_person(const struct site_plan *p, int depth, int number);
/* The secret's words for the person a thread of a secret places in room
 * number of the level at depth ("cook", "goblin drudge"), or NULL. */
const char *site_threads_named(const struct site_plan *p, int depth, int number);
/* The level's adversary roster and what its alarm brings (site_alarm.c). */
int site_alarm_write(struct level_plan *lp, struct err *e);

/* A row of the wandering table numbered row that meets nobody, a sign of
 * the place the document has not said (site_signs.c), into *out (caller
 * frees). Returns 0, 1 when every sign is said (*out NULL), or -1 with e
 * set. */
int site_sign_row(struct level_plan *lp, int row, char **out, struct err *e);

#endif
