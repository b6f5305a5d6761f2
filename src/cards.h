/* cards.h: the cards method's parameters (see src/cards.c). */
#ifndef MAPSHEET_CARDS_H
#define MAPSHEET_CARDS_H

enum cards_layout { CARDS_RANDOM, CARDS_FILL, CARDS_BLOB, CARDS_WEIGHTED };

enum cards_join {
	CARDS_JOIN_BRIDGE = 1,
	CARDS_JOIN_TUMOR = 2,
	CARDS_JOIN_MULTI_TUMOR = 4,
	CARDS_JOIN_ISLAND = 8
};

struct cards_params {
	enum cards_layout layout;
	int zones;          /* number of zones */
	int joins;          /* enum cards_join bits allowed */
	int cell;           /* squares per card cell side */
};

#endif
