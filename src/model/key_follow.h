/* key_follow.h: a key as written (read from a file, stocked, edited by
 * hand) brought up to date after its map changed: what key_build derives
 * from the map (the exits, the stairs lines, the way in, a hallway's runs)
 * is said anew, and every other line (the rooms' contents, the site's
 * words, a game master's own) is kept where it stands. */
#ifndef MAPSHEET_KEY_FOLLOW_H
#define MAPSHEET_KEY_FOLLOW_H

#include "model/connect.h"
#include "model/key.h"

/* Brings k, the written key of map m, up to date: `before` is the key
 * key_build made of m before it changed (as the referee's, not stocked).
 * For each entry of k: its exits become the ones key_build gives m now;
 * each line key_build gave before and gives no more is replaced, in its
 * place, by a line it gives now and did not before; the new lines left
 * over go after the entry's leading lines of key_build's (stairs and the
 * way in come first, as key_build writes them); a line no longer given
 * with nothing to replace it is dropped. Lines k lacks are not looked
 * for; entries key_build does not make are left alone.
 * Returns 0, or -1 with e set (out of memory; k is then whole but may be
 * only partly brought up to date). */
int key_follow_map(struct key *k, const struct key *before, const struct map *m, struct err *e);

/* 1 when written is the exits paragraph key_build gave region id of m
 * (door graph g) before one door on its walls changed kind (made secret,
 * locked, opened by hand in a map file): a text the map changed under, not
 * one a game master wrote; else 0; -1 with e set when out of memory. Each
 * door's kind is changed in m while it is tried, and put back
 * (key_exits_were.c). */
int key_exits_were(struct map *m, const struct graph *g, int id, const char *written, const struct key_options *o,
		   struct err *e);

#endif
