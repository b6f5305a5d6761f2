/* method_list.h: the one list of methods, in the order --help shows them.
 * A method is two lines: the header of its own parameters (struct
 * NAME_params, in its folder) and METHOD(NAME), naming the
 * `const struct method method_NAME` its folder defines. Including files
 * define METHOD before including this, once or several times. */
#include "methods/dice/dice_params.h"
METHOD(dice)
#include "methods/mansion/mansion_params.h"
METHOD(mansion)
#include "methods/cards/cards_params.h"
METHOD(cards)
#include "methods/tiles/tiles_params.h"
METHOD(tiles)
#include "methods/house/house_params.h"
METHOD(house)
