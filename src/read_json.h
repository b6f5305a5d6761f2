/* read_json.h: reading a map written by `-o x.json` (format "mapsheet",
 * version 2, mapsheet-json(5)) back into the model: each level's map and its
 * key, the site and the title, exactly as the file gives them. Nothing is
 * generated or rolled. The map contract (map_check.c) is checked on every
 * level before anything is returned. */
#ifndef MAPSHEET_READ_JSON_H
#define MAPSHEET_READ_JSON_H

#include "doc.h"
#include "log.h"

#define READ_JSON_MAX_FILE (100L * 1024 * 1024)   /* bytes */
#define READ_JSON_MAX_LEVELS 99

/* What a file holds besides its levels. Strings are malloc'd (NULL: none). */
struct read_json_doc {
	struct level *levels;   /* calloc'd, nlevels of them */
	int nlevels;
	char *seed;             /* the seed the file records ("" when none) */
	char *title;
	char *site;
};

/* Reads the file at path ("-": standard input; otherwise a regular file of
 * at most READ_JSON_MAX_FILE bytes). Returns 0, or -1 with e set: a usage
 * error "PATH:LINE:COL: ..." for JSON syntax and "PATH: levels[0].doors[3]:
 * ..." for a map that breaks the contract; out is then empty. */
int read_json_file(const char *path, struct read_json_doc *out, struct log *log, struct err *e);
/* Reads JSON text of len bytes; name is used in messages, log (may be NULL)
 * gets the warnings. */
int read_json_text(const char *name, const char *text, size_t len, struct read_json_doc *out, struct log *log,
		   struct err *e);
/* Replaces the exits paragraph of every entry of lv's key by the one its
 * doors give (the players' view with player); log (may be NULL) is warned
 * of each written text that differs ("NAME: levels[INDEX].key[i].exits").
 * Returns 0 or -1 with e set. */
int read_json_derive_exits(struct level *lv, int player, const char *name, int index, struct log *log,
			   struct err *e);
/* Frees everything read_json_file allocated (safe on an empty struct). */
void read_json_doc_free(struct read_json_doc *d);

#endif
