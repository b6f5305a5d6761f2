/* read_json.h: what reading a map file given to --input gives, in any of
 * its JSON formats (read_map.h reads it; read_formats.h lists the readers):
 * each level's map and its key, the seed, the site, the title, the story,
 * the secret and the factions, exactly as the file gives them. Nothing is
 * generated or rolled.
 * The map contract (map_check.c) is checked on every level before anything
 * is returned. */
#ifndef MAPSHEET_READ_JSON_H
#define MAPSHEET_READ_JSON_H

#include "model/doc.h"
#include "base/log.h"

#define READ_JSON_MAX_FILE (100L * 1024 * 1024)   /* bytes */
#define READ_JSON_MAX_LEVELS 99
#define READ_JSON_MAX_FACTIONS 1000   /* in a file, and in a booklet of several */
#define READ_JSON_MAX_COUNT 1000000    /* creatures in one group of occupants */

/* What a file holds besides its levels. Strings are malloc'd (NULL: none). */
struct read_json_doc {
	struct level *levels;   /* calloc'd, nlevels of them */
	int nlevels;
	char *seed;             /* the seed the file records ("" when none) */
	char *title;
	char *site;
	char *story;            /* an introduction printed under the title */
	char *secret;           /* the game master's secret */
	struct faction *factions; /* malloc'd, nfactions of them; the key's
				     occupants name them by index */
	int nfactions;
	struct doc_thread *threads; /* malloc'd, nthreads of them, each text malloc'd */
	int nthreads;
	struct key_party party; /* the party the keys were stocked for (party 0:
				   none); its credit malloc'd */
};

/* Replaces the exits paragraph of every entry of lv's key by the one its
 * doors give (the players' view with player); log (may be NULL) is warned
 * of each written text that differs ("NAME: levels[INDEX].key[i].exits").
 * Returns 0 or -1 with e set. */
int read_json_derive_exits(struct level *lv, int player, const char *name, int index, struct log *log,
			   struct err *e);
/* Warns (log may be NULL) of each numbered room whose region's name is not
 * its key entry's title: the title is what prints, and a room is renamed
 * there ("NAME: levels[INDEX].regions[r].name: ..."). */
void read_json_check_names(const struct level *lv, const char *name, int index, struct log *log);
/* Frees everything a reader allocated (safe on an empty struct). */
void read_json_doc_free(struct read_json_doc *d);

#endif
