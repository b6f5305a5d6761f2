/* cards_deck.h: the room cards of the cards method (the .card files of templates/cards,
 * see mapsheet-templates(5)). Each file is one deck, named by the file; a
 * card is a square drawing of one room, one character a square:
 *   '#' or ' ' rock   '.' floor   'D' a doorway (the middle of a side only)
 *   'o' pillar  '~' water  '%' rubble  '&' statue  '*' pit  'A' altar
 * Its doorways sit at the middle of each side, so any two cards laid side
 * by side meet; a card may be turned and mirrored as its turn: line allows.
 * The pile (cards_deal.c) shuffles a deck's cards and draws them without
 * replacement. */
#ifndef MAPSHEET_CARDS_DECK_H
#define MAPSHEET_CARDS_DECK_H

#include "base/err.h"
#include "model/map.h"
#include "base/rng.h"

#define CARD_MIN_SIDE 5
#define CARD_MAX_SIDE 15
#define CARD_MAX_DECKS 64
#define CARD_NAME_LEN 32
#define CARD_TURNS 8            /* 4 quarter turns, each plain or mirrored */

enum card_role { CARD_ROOM, CARD_START, CARD_BRIDGE, CARD_ROLE_COUNT };

struct card {
	char name[CARD_NAME_LEN];   /* card:NAME */
	char title[40];             /* title:TEXT, the key's name for the room */
	enum card_role role;
	int deck;                   /* index into card_set.decks */
	unsigned turns;             /* bit o set: orientation o (see card_orient) allowed */
	int side;                   /* squares on a side (odd) */
	char cells[CARD_MAX_SIDE * CARD_MAX_SIDE];
	unsigned doors;             /* bit s set: a doorway on side s (enum side), unturned */
	char file[256];
	int line;
};

struct card_set {
	struct card *cards;
	int n, cap;
	char decks[CARD_MAX_DECKS][CARD_NAME_LEN];
	int ndecks;
};

/* Reads one deck from text in memory, named `name` in messages, its deck
 * called `deck`. Returns 0 or -1. */
int card_read_text(struct card_set *s, const char *name, const char *deck, const char *text, size_t len,
		   struct err *e);
/* The shipped decks, then the user's folder: DIR in place of the shipped
 * ones, +DIR beside them (a deck of the same name gains its cards). */
int card_set_load(struct card_set *s, const char *const *dirs, const char *user_dir, struct err *e);
void card_set_free(struct card_set *s);
/* The deck called name, or -1. */
int card_set_deck(const struct card_set *s, const char *name);

/* Orientation o: mirrored west to east when o >= 4, then turned o % 4
 * quarter turns clockwise (a turn of methods/turn.h). The drawing character at (x, y) of card c laid
 * in orientation o. */
char card_at(const struct card *c, int o, int x, int y);
/* The doorway sides of card c in orientation o (bit per enum side): the
 * mirror swaps east and west, each quarter turn moves a side one on
 * (inline: asked for every orientation of every card tried). */
static inline unsigned card_doors(const struct card *c, int o)
{
	unsigned d = c->doors, t = (unsigned)(o % 4);
	if (o >= 4)
		d = (d & 5u) | ((d & 2u) << 2) | ((d & 8u) >> 2);
	return ((d << t) | (d >> (4u - t))) & 15u;
}
/* The feature a drawing character puts on its square (inline: asked once
 * a square of every card laid). */
static inline enum feature card_feature_of(char ch)
{
	switch (ch) {
	case 'o': return FEATURE_PILLAR;
	case '~': return FEATURE_WATER;
	case '%': return FEATURE_RUBBLE;
	case '&': return FEATURE_STATUE;
	case '*': return FEATURE_PIT;
	case 'A': return FEATURE_ALTAR;
	default: return FEATURE_NONE;
	}
}

/* 1 for floor, doorways and features (the room's squares), 0 for rock. */
static inline int card_is_room(char ch)
{
	return ch == '.' || ch == 'D' || card_feature_of(ch) != FEATURE_NONE;
}

#endif
