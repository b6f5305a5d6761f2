/* stock_figures.h: the numbers of a game system, read from the same *.table
 * files as its stocking tables: its creatures (challenge rating, XP, armour
 * class, hit points), the XP a fight may hold by the party's level, the
 * mix of difficulties, the danger, save DC, attack bonus and damage of its
 * traps, and what its treasure is worth. A system without them (neutral)
 * stocks in words alone; one with a `budget` sizes every group for the
 * party (stock_encounter.h). Directives are documented under SYSTEMS in
 * mapsheet-templates(5). */
#ifndef MAPSHEET_STOCK_FIGURES_H
#define MAPSHEET_STOCK_FIGURES_H

#include "base/err.h"
#include "model/key.h"
#include "template/template.h"

#define FIG_LEVELS 20           /* party levels 1..20 */
#define FIG_NAME 64

enum fig_difficulty { FIG_LOW, FIG_MODERATE, FIG_HIGH, FIG_DIFFICULTIES };
enum fig_danger { FIG_SETBACK, FIG_DANGEROUS, FIG_DEADLY, FIG_DANGERS };

struct fig_creature {
	char name[FIG_NAME];    /* "Deep Gnome (Svirfneblin)" */
	char cr[8];             /* "1/2" */
	double cr_value;        /* the rating as a number ("1/4": 0.25), -1 for another
				   rating; read once at load */
	int xp, ac, hp;
	char hit_dice[16];
	char actor[24];         /* its Actor's id in the system's compendium for
				   Foundry VTT (`actor`), or "" */
};

/* A row that holds for a band of party levels. */
struct fig_band {
	int lo, hi;
	double chance;
	char dice[48];          /* coins: the dice of gold pieces; magic: the
				   rarities' names until they are resolved */
	int values[8];          /* valuable: worth in gp; magic: rarity indices */
	int nvalues;
};

/* A trap's damage dice for a band of party levels, by danger. */
struct fig_damage {
	int lo, hi;
	char dice[FIG_DANGERS][16];
};

struct fig_rarity {
	char name[24];          /* "very_rare" */
	long value;             /* gp */
};

struct stock_figures {
	struct fig_creature *creatures;
	int ncreatures, creatures_cap;
	int creatures_sorted;

	int has_budget;                                 /* every level given */
	int budget[FIG_LEVELS + 1][FIG_DIFFICULTIES];   /* XP a character, by level */
	int crowd;                                      /* creatures a character, at most */
	int swarm;                                      /* the same when all are fragile:
							   CR at most an eighth of the level */
	double mix[FIG_DIFFICULTIES];                   /* chances; 0 0 0: moderate */
	int deeper;                                     /* party levels a level down */

	double danger_weight[FIG_DANGERS];
	int save_lo[FIG_DANGERS], save_hi[FIG_DANGERS];
	int attack_lo[FIG_DANGERS], attack_hi[FIG_DANGERS];
	struct fig_damage damage[8];
	int ndamage;

	struct fig_band coins[8], valuables[8], magic[8];
	int ncoins, nvaluables, nmagic;
	struct fig_rarity rarities[8];
	int nrarities;

	char *credit;                                   /* the system's notice, or NULL */
	char base[64];                                  /* the system it builds on, or "" */
	char rating[8];                                 /* the creatures' rating ("CR") */
	int deeper_given, crowd_given;
	int square_feet;                                /* a square of the tabletop grid
							   (`square`); 0: the map's own */
	struct key_compendium compendium;               /* `compendium`: where `actor` ids are */
};

void stock_figures_free(struct stock_figures *f);

/* The directives of figures (creature, actor, compendium, square, budget, crowd, mix, deeper, danger,
 * trap_save, trap_attack, trap_damage, coins, valuable, magic, rarity,
 * credit, base), for the tables' parser; their ctx is the struct
 * stock_figures. Ends with a {NULL} entry. */
extern const struct tpl_directive stock_figure_directives[];

/* Fills what own does not give from base (a base system's figures): its
 * creatures that own has not, and each of budget, crowd, mix, deeper,
 * traps, treasure and rating as a whole where own gives none of it; the
 * credits join, own's first. Returns 0 or -1 with e set. */
int stock_figures_merge(struct stock_figures *own, const struct stock_figures *base, struct err *e);

/* Checks figures loaded from the files named in files: a budget gives
 * every level 1..20, a trap danger every figure, treasure rows name known
 * rarities. Returns 0 or -1 with a usage error. */
int stock_figures_check(struct stock_figures *f, const char *where, struct err *e);

/* The creature called name (case ignored; a part in brackets of the
 * table's name may be left out; a creature of several forms, "Vampire,
 * Vampire Form", is found by its name alone), or NULL. */
const struct fig_creature *stock_creature_find(const struct stock_figures *f, const char *name);

/* A chance field, "1/3", "25%", "0.5" or "0", into *out (0 to 1). Returns
 * 0, or -1 with e set to file:line:column; for every table file. */
int stock_parse_chance(const struct tpl_pos *pos, const struct tpl_field *f, double *out, struct err *e);

/* The row of bands[0..n) that holds level, or NULL. */
const struct fig_band *stock_band_at(const struct fig_band *bands, int n, int level);

/* "low", "moderate", "high"; "setback", "dangerous", "deadly". */
const char *fig_difficulty_name(enum fig_difficulty d);
const char *fig_danger_name(enum fig_danger d);

#endif
