/* cards_int.h: the state the cards method's stage files share (not for
 * other modules). The level is a coarse grid of cells, each a block of
 * `cell` squares; a card is a room that takes one cell. See cards.c for
 * the procedure and the order of its stages. */
#ifndef MAPSHEET_CARDS_INT_H
#define MAPSHEET_CARDS_INT_H

#include "methods/cards/cards_deck.h"
#include "methods/cards/cards_params.h"
#include "methods/gen.h"

#define CARDS_MAX_BORDERS 4
#define CARDS_MAX_NAMES 256
#define CARDS_NAME_LEN 40
#define CARDS_TEXT_LEN 96

enum cards_invalid {
	CARDS_VALID,
	CARDS_SEALED,           /* beside a sealed zone, or beside a bridge */
	CARDS_CROSSING          /* under an island crossing: no other crossing either */
};

/* One cell of the card grid. */
struct cards_cell {
	int card;               /* index into st->cards, or -1 while free */
	int set_pos;            /* position in bucket[bucket] of the zone's set, or -1 */
	int front_pos;          /* position in st->frontier, or -1 */
	float bonus;            /* weighted rule: chance gained each time passed over */
	unsigned char borders;  /* placed cards on its four faces */
	unsigned char bucket;   /* the bucket it sits in while in the set */
	unsigned char invalid;  /* enum cards_invalid: nothing may be built here any more */
};

struct cards_card {
	int cell;               /* cx + cy * gw */
	int region;             /* map region id */
	int zone;
	enum region_kind kind;  /* REGION_ROOM or REGION_BRIDGE */
	struct rect r;          /* the room's squares (a card: its whole drawing) */
	int card;               /* index into st->deck->cards, or -1: a plain room */
	unsigned doors;         /* sides with a doorway (bit per enum side) */
};

/* The cards of one deck and role that fit the cell, in drawing order:
 * order[next..n-1] are still to be drawn. */
struct cards_pile {
	int *order;
	int n, next;
};

/* A growable list of cell indices. */
struct cards_vec {
	int *v;
	int n, cap;
};

/* The theme table (templates/themes/NAME.txt). */
struct cards_themes {
	char theme[CARDS_MAX_NAMES][CARDS_NAME_LEN];
	char text[CARDS_MAX_NAMES][CARDS_TEXT_LEN];
	char deck[CARDS_MAX_NAMES][CARDS_NAME_LEN];   /* the deck its zones draw from, or "" */
	int nthemes;
	char key[CARDS_MAX_NAMES][CARDS_NAME_LEN];
	int nkeys;
	char crossing[CARDS_MAX_NAMES][CARDS_NAME_LEN];
	int ncrossings;
};

/* What a zone is: how it was joined and where its key lies. */
struct cards_zone {
	int join;               /* enum cards_join it was joined by; 0 for the first */
	int first_card;         /* its first card (the bridge, if it has one) */
	int ncards;
	int key_card;           /* the card holding the key to its locked doors */
	int key_region;         /* its region, 0: none */
	int locks;              /* locked doors into it */
	char key_name[CARDS_NAME_LEN];
	int bx0, by0, bx1, by1; /* bounding box in cells */
	/* an island zone: the port card of an earlier zone, the landing card,
	 * and the first and last cells of water between them */
	int port_card, landing_card, shore_cell, beach_cell;
	char crossing[CARDS_NAME_LEN];  /* the boat, from the theme table */
};

struct cards_state {
	struct map *m;
	const struct gen_params *p;
	const struct cards_params *cp;
	struct rng *rng;
	struct log *log;
	struct err *e;

	int n;                  /* squares per cell side */
	int mid;                /* the cell-local row and column every room covers */
	int gw, gh;             /* cells across and down */
	struct cards_cell *cells;

	struct cards_card *cards;
	int ncards, cards_cap;

	struct cards_vec bucket[CARDS_MAX_BORDERS + 1];  /* the zone's set by border count */
	int set_size;
	struct cards_vec frontier;  /* every free, valid cell beside a placed card */
	struct cards_vec dropped;   /* cells passed over since the last seal (cards_set_drop) */

	struct cards_zone zones[CARDS_MAX_ZONES];
	int nzones;             /* zones begun */
	int zone;               /* the zone growing now */
	int island;             /* the growing zone is an island: keep 8 cells clear */

	struct cards_themes *themes;
	int key_order[CARDS_MAX_NAMES];   /* shuffled indices into themes->key */
	int theme_order[CARDS_MAX_NAMES];

	struct card_set *deck;  /* the room cards */
	struct cards_pile *piles;   /* [deck * CARD_ROLE_COUNT + role]; the last deck: all */
	int npiles;
	int zone_deck[CARDS_MAX_ZONES];   /* the deck each zone draws from, or -1 */
};

/* cards_layout.c: the card grid, the neighbour set and the layout rules. */
int cards_grid_init(struct cards_state *st);
void cards_grid_free(struct cards_state *st);
static inline int cards_cell_x(const struct cards_state *st, int c) { return c % st->gw; }
static inline int cards_cell_y(const struct cards_state *st, int c) { return c / st->gw; }
/* The cell beside c on side s, or -1 off the grid. */
int cards_step(const struct cards_state *st, int c, enum side s);
/* Lays a card in free cell c for the growing zone: marks it, updates the
 * borders, the buckets and the frontier. Returns the card index or -1. */
int cards_place(struct cards_state *st, int c, enum region_kind kind);
/* Picks the next cell from the zone's set by the layout rule; -1 if empty. */
int cards_pick(struct cards_state *st);
/* The rule's name: "random", "fill", "blob" or "weighted" (--layout). */
const char *cards_layout_name(enum cards_layout l);
/* A uniformly random cell of the set (or of one bucket when b > 0); -1. */
int cards_pick_any(struct cards_state *st, int b);
void cards_set_clear(struct cards_state *st);
/* Marks every frontier cell invalid and empties the frontier and the set. */
void cards_seal(struct cards_state *st);
/* Takes free cell c out of the set and the frontier (no doorway faces it)
 * without closing it: the next card laid beside it puts it back, and
 * cards_seal closes it with the frontier. Returns 0 or -1. */
int cards_set_drop(struct cards_state *st, int c);
/* Marks one free cell invalid (out of every set). */
void cards_invalidate(struct cards_state *st, int c);

/* cards_rooms.c: squares: room rectangles, links, entrance, stairs. */
/* The side of cell a that faces its neighbour cell b. */
enum side cards_side_toward(const struct cards_state *st, int a, int b);
/* Joins cards a and b (face neighbours) by a door, or by a corridor with a
 * door at each end. Returns the index of the door on b's side, or -1. */
int cards_link(struct cards_state *st, int a, int b, enum door_kind kind_a, enum door_kind kind_b);
/* Carves card k's squares and makes its region: a card of `role` drawn
 * from its zone's deck with doorways on the sides of `need`, else a plain
 * room (logged). Returns 0 or -1. */
int cards_carve(struct cards_state *st, int k, enum card_role role, unsigned need);
/* The entrance: stretches the first card to the border and adds the door,
 * or (with a start square) a stair up. Returns 0 or -1. */
int cards_entrance(struct cards_state *st, int k, int side);
int cards_stairs_down(struct cards_state *st);

/* cards_zones.c: growing zones and joining them. */
/* Grows the growing zone by up to want cards. Returns cards laid or -1. */
int cards_grow(struct cards_state *st, int want);
/* Begins zone z by join kind `join`. Returns 1 when joined, 0 when this
 * kind cannot be built here, -1 on error. */
int cards_join(struct cards_state *st, int z, int join);
/* The name of one join bit: "bridge", "tumor", "multi-tumor", "island"
 * (--joins). */
const char *cards_join_name(enum cards_join j);

/* cards_water.c: the water around island zones. */
/* Floods the free cells around every island zone and the crossings to
 * them (at least CARDS_WATER_SHARE of the floor), then opens each port
 * onto the water behind a locked door (the boathouse) and lands on each
 * island through an open doorway. Returns 0 or -1. */
#define CARDS_WATER_SHARE 0.25
int cards_water(struct cards_state *st);

/* cards_locks.c: keys and the proof that they come in order. */
/* Chooses the key for zone z (name, and a room of an earlier zone). */
void cards_choose_key(struct cards_state *st, int z);
/* Locks door d into zone z with its key. Returns 0 or -1. */
int cards_lock(struct cards_state *st, int z, int door);
/* Walks from the entrance picking up keys; returns how many regions it
 * reaches (all of them on a good map) or -1 with e set. Linear time. */
int cards_walk_keys(const struct map *m, struct err *e);

/* cards_deal.c: the piles and laying a card. */
int cards_piles_init(struct cards_state *st);
void cards_piles_free(struct cards_state *st);
/* Draws a card of `role` for zone, for cell, with doorways on the sides of
 * need (and as many as it can toward free cells);
 * returns its index in st->deck (and *orient), or -1: none could. */
int cards_deal(struct cards_state *st, int zone, int cell, enum card_role role, unsigned need, int *orient);
/* Lays drawn card `card` in orientation o as card k's room (its region
 * already made): squares, features, the region's card and name. */
int cards_lay_card(struct cards_state *st, int k, int card, int o);
/* The plain floor square of card k nearest its middle; -1 if none. */
int cards_floor_spot(const struct cards_state *st, int k, int *fx, int *fy);

/* cards_themes.c: the theme table. */
int cards_themes_load(struct cards_themes *t, const struct gen_params *p, struct err *e);

#endif
