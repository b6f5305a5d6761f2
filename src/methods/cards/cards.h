/* cards.h: the cards method (cards.c): its parameters. The names of its
 * layout rules and joins, and every stage, are in cards_int.h. */
#ifndef MAPSHEET_CARDS_H
#define MAPSHEET_CARDS_H

#include "methods/cards/cards_params.h"

#endif
