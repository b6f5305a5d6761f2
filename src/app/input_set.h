/* input_set.h: the maps of every --input file made one booklet: each
 * file's levels in turn, in the order the files are given, numbered through
 * the booklet, each file's last level joined by stairs to the next file's
 * first (input_join.h); the players' view (--player) is taken of each run
 * of levels joined by stairs, as of one site. */
#ifndef MAPSHEET_INPUT_SET_H
#define MAPSHEET_INPUT_SET_H

#include "read/read_map.h"

struct input_set_options {
	enum input_format format;   /* every file's format (INPUT_AUTO: each detected) */
	int player;                 /* the players' view of each file */
	int keep_hidden;            /* with player: the rooms behind secret doors too */
	int warn_cut;               /* with player: warn of a file whose handout ends early */
};

/* Reads paths[0..n) into out: the levels of all, in order (at most
 * READ_JSON_MAX_LEVELS), level k of the booklet at depth k; the seed,
 * title, site, story and secret of the first file; the factions of all, in
 * order, the occupants of each file naming its own at their new place.
 * A file's stairs keep leading to the levels of that file: their level
 * numbers (and the key's stairs lines that name them, as key_build writes
 * them) move with the file's place in the booklet. Stairs to a level their
 * file does not hold are named in a warning on log; a file's warnings are
 * held back until it is read whole, so that a file refused gives its one
 * line of error alone. Then each file's last level is joined to the next
 * file's first by stairs, or both say they are not (input_join.h).
 * The players' view has no secret and no occupants; it ends, in each run of
 * levels joined by stairs, where the stairs down are behind a secret door
 * (the later runs move up), and *cut is set when it does. Returns 0, or -1
 * with e set (usage errors name the file) and out empty. */
int input_set_read(const char *const *paths, int n, const struct input_set_options *o, struct read_json_doc *out,
		   int *cut, struct log *log, struct err *e);

/* About the most memory reading the largest of paths[0..n) holds at once:
 * its text and jansson's values, some 8 bytes a byte of text (a 10 MB map
 * of 10,000 rooms: 72 MB of values). 0 for standard input. */
size_t input_set_estimate(const char *const *paths, int n);

#endif
