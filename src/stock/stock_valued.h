/* stock_valued.h: a system's figures put to a room's trap and treasure:
 * the trap's danger, save DC or attack bonus and damage for the party's
 * level, and a treasure of coin, valuables and magic items whose worth in
 * gold pieces the key states. Used by stock.c when the system has them. */
#ifndef MAPSHEET_STOCK_VALUED_H
#define MAPSHEET_STOCK_VALUED_H

#include "model/key.h"
#include "stock/stock_table.h"

/* The level a party of level party_level meets on dungeon level depth
 * (1 at the top), `deeper` levels higher a level down, at most 20. */
int stock_level_for(const struct stock_figures *f, int party_level, int depth);

/* Whether the tables have traps with figures (danger lines). */
int stock_has_trap_figures(const struct stock_figures *f);

/* Rolls a trap's figures for a party of the given level into tr and the
 * texts {$dc}, {$attack} and {$damage} expand to ("DC 13", "+7 to hit",
 * "2d10"). Only rng is rolled. */
void stock_trap_roll(const struct stock_figures *f, int level, struct rng *rng, struct key_trap *tr,
		     char *dc, char *attack, char *damage, size_t size);

/* Whether the tables value treasure (coins lines). */
int stock_has_treasure_figures(const struct stock_figures *f);

/* Whose a treasure is: a room's, a guard's purse (pocket money: a tenth
 * of the coin, no valuable or magic item), or a leader's hoard (three
 * times the coin, always a valuable, magic twice as often, and more coin
 * than any other treasure of the level holds). */
enum stock_holder { HOLDER_ROOM, HOLDER_PURSE, HOLDER_HOARD };

/* Coin by the thousand: a treasure of this many gold pieces of coin or
 * more is placed only where a line does not refuse the fact hoard (a
 * chest, a strongbox, a cache; not a corner, a sack or a purse). */
#define STOCK_HOARD_GP 1000

/* The coin of a treasure for a party of the given level, held by holder,
 * taken by scale (stock_worth_scale: by depth and toward the leader), in *coin (0 where the system gives
 * the level none): rolled before the line that places it is drawn, so
 * that the line can suit the sum. Returns 0 or -1 with e set. */
int stock_treasure_coin(const struct stock_tables *t, int level, enum stock_holder holder, double scale,
			struct rng *rng, long *coin, struct err *e);

/* A treasure for a party of the given level, held by holder: its coin
 * (rolled by stock_treasure_coin), perhaps a valuable (named from table valuable) and perhaps a magic item
 * (from magic_RARITY), written to out ("230 gold pieces; a carved jade
 * frog worth 50 gp; a bag of holding (uncommon, 400 gp)") with its worth
 * in *gp, its valuable and magic item rolled for the facts (carried:
 * what fits a purse or a belt); its chances taken by scale
 * (stock_worth_inward), and which of
 * its band's values and rarities by dungeon level depth (1 at the top):
 * the cheaper of two on the first level, either on the second, the dearer
 * from the third (a hoard as if a level down). A hoard is worth more than
 * richest gp. Returns 0 or -1 with e set. */
int stock_treasure_valued(const struct stock_tables *t, int level, int depth, enum stock_holder holder, double scale,
			  long coin, long richest, struct stock_memory *mem, fact_bits facts, struct rng *rng,
			  struct sbuf *out, long *gp, struct err *e);

#endif
