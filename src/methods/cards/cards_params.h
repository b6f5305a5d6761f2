/* cards_params.h: the cards method's parameters (--layout, --zones,
 * --joins, --cell, --themes, --deck), the part of the method the rest of
 * the program sees in struct gen_params, with the ranges they are held to. */
#ifndef MAPSHEET_CARDS_PARAMS_H
#define MAPSHEET_CARDS_PARAMS_H

/* How the next card is chosen from the neighbour set (--layout). */
enum cards_layout {
	CARDS_RANDOM,       /* any neighbour cell */
	CARDS_FILL,         /* most placed neighbours first: holes, U, L, then the rest */
	CARDS_BLOB,         /* holes and U-shapes first, then any (default) */
	CARDS_WEIGHTED      /* a chance per border count; passed-over cells gain weight */
};

/* How a zone is joined to the one before it (--joins, a set of bits). */
enum cards_join {
	CARDS_JOIN_BRIDGE = 1,
	CARDS_JOIN_TUMOR = 2,
	CARDS_JOIN_MULTI_TUMOR = 4,
	CARDS_JOIN_ISLAND = 8
};

#define CARDS_JOIN_ALL (CARDS_JOIN_BRIDGE | CARDS_JOIN_TUMOR | CARDS_JOIN_MULTI_TUMOR | CARDS_JOIN_ISLAND)
#define CARDS_MAX_ZONES 64
#define CARDS_MIN_CELL 4
#define CARDS_MAX_CELL 40

struct cards_params {
	enum cards_layout layout;   /* default CARDS_BLOB */
	int zones;                  /* number of zones, default 3 */
	int joins;                  /* enum cards_join bits allowed, default bridge|tumor */
	int cell;                   /* squares per card cell side, default 8 */
	const char *themes;         /* theme table name or path, default "cards" */
	const char *deck_dir;       /* --deck: DIR in place of the shipped cards, +DIR beside them; NULL */
};

#endif
