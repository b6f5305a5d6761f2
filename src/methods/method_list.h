/* method_list.h: the one list of methods, in the order --help shows them.
 * Each METHOD(name) names a `const struct method method_name` defined in
 * src/name.c. Including files define METHOD before including this. */
METHOD(dice)
METHOD(mansion)
METHOD(cards)
METHOD(tiles)
METHOD(house)
