/* handout.h: the players' view of a map, the one rule every output of
 * --player draws from. Players know what they can find without finding a
 * secret: the regions reached from the entrance through doors that are not
 * secret (locked doors and portcullises included: they are seen, and can be
 * opened, forced or lifted). Everything beyond a secret door is solid
 * ground, secret doors are wall, locked doors are plain doors (which key
 * opens which door is the referee's), and stairs stand only where they are
 * seen and lead to a level the players can reach. */
#ifndef MAPSHEET_HANDOUT_H
#define MAPSHEET_HANDOUT_H

#include "model/doc.h"

/* Makes out (initialised here; map_free it even on failure) the players'
 * view of in. Regions keep their key numbers, so that players and referee
 * speak of the same rooms; their ids are renumbered so that none is empty.
 * With keep_hidden the regions only secret doors lead to stay (their doors
 * are still wall). Stairs to a level of depth hidden_from or deeper are left
 * out (0: no level is hidden). Marks stay unless secret (a trap) or on a
 * region left out. The roll notes, locks and keys are dropped.
 * Returns 0 or -1 with e set. */
int handout_map(struct map *out, const struct map *in, int keep_hidden, int hidden_from, struct err *e);

/* Replaces the maps of levels[0..n-1] (keys not built yet) by their
 * players' views, level after level: a level is on the handout when the
 * stairs that lead to it stand in a region the players reach on the level
 * above. Returns how many levels, from the first, are on the handout (the
 * others keep the referee's map and are not to be printed), or -1 with e
 * set. With keep_hidden every level is. */
int handout_levels(struct level *levels, int n, int keep_hidden, struct err *e);

#endif
