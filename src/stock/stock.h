/* stock.h: the contents of the room key, rolled on the stocking tables of a
 * system (stock_table.h): for every keyed room a line of dressing (what the
 * senses find, by method, room kind and name, tinted by the zone's theme),
 * what it holds (the contents roll: empty, monster, trap, special; treasure
 * more likely with monsters), where its keys lie, and a wandering monster
 * table for the level. */
#ifndef MAPSHEET_STOCK_H
#define MAPSHEET_STOCK_H

#include "model/key.h"
#include "stock/stock_table.h"

/* Stocks k (built by key_build for m) as o asks: nothing without o->stock
 * or for the players' version (o->player: the key keeps its secrets); else
 * from o->tables, or the system o->system ("neutral" when NULL) loaded
 * along o->template_dirs, with stock_key_with(). Returns 0, or -1 with e
 * set; on failure entries may hold some contents lines (key_free still
 * frees everything). */
int stock_key(struct key *k, const struct map *m, const struct key_options *o, struct rng *rng,
	      struct err *e);
/* The same, a level of a document whose keys have said the sentences in
 * said (see stock_key_with). */
int stock_key_said(struct key *k, const struct map *m, const struct key_options *o, struct key_said *said,
		   struct rng *rng, struct err *e);

/* Stocks k from tables already loaded, rolling only with rng: appends the
 * dressing, contents, treasure and key-place paragraphs to each entry, sets
 * entry.contents_kind, and fills k->wandering and k->wandering_die. A
 * system with figures gives traps their numbers and treasure its worth for
 * a party of party_level (0: 1) on m's dungeon level; a table NAME_levelN
 * stands in for NAME from dungeon level N down. A line that says a
 * sentence in said (the document's; NULL: the level's own) is rolled
 * again, a few times at most. */
int stock_key_with(struct key *k, const struct map *m, const struct stock_tables *t, int party_level,
		   struct key_said *said, struct rng *rng, struct err *e);

/* Checks that loaded tables have what stocking needs: a contents roll whose
 * kinds name tables (all but "empty"), "treasure" when a kind can hold
 * treasure, "dress", and "wandering" when the wandering size is set. */
int stock_check_system(const struct stock_tables *t, struct err *e);

/* The table that dresses region id of m: by the room's name for mansion and
 * house (room_NAME, matching words), else dress_METHOD_KIND, dress_METHOD,
 * dress_KIND, dress. NULL only when the tables have no "dress". */
const struct stock_table *stock_dressing_table(const struct stock_tables *t, const struct map *m, int id);

/* The table that tints dressing for a zone theme: theme_WORD for the first
 * word of the theme that has one, else theme_tint; NULL if neither exists
 * or the theme is empty. */
const struct stock_table *stock_theme_table(const struct stock_tables *t, const char *theme);

#endif
