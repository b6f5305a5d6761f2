/* read_map.h: reading a map file given to --input, whatever made it:
 * mapsheet's own JSON (read_json.c), a One Page Dungeon export
 * (read_watabou.c) or a donjon export (read_donjon.c). The file is read and
 * parsed once, its format detected from the content unless named, and the
 * reader of that format makes the levels. */
#ifndef MAPSHEET_READ_MAP_H
#define MAPSHEET_READ_MAP_H

#include "read_json.h"

enum input_format { INPUT_AUTO, INPUT_MAPSHEET, INPUT_WATABOU, INPUT_DONJON, INPUT_NFORMATS };

/* "mapsheet", "watabou", "donjon" ("auto" for INPUT_AUTO). */
const char *input_format_name(enum input_format f);
/* The format named name, or -1. */
int input_format_find(const char *name);

/* Reads the file at path ("-": standard input; otherwise a regular file of
 * at most READ_JSON_MAX_FILE bytes) in format f (INPUT_AUTO: detected).
 * Returns 0, or -1 with e set and out empty: a usage error "PATH:LINE:COL:
 * ..." for JSON syntax and "PATH: PLACE: ..." for a map that breaks the
 * contract. log (may be NULL) gets the warnings. */
int read_map_file(const char *path, enum input_format f, struct read_json_doc *out, struct log *log,
		  struct err *e);
/* The same for text of len bytes; name is used in messages. */
int read_map_text(const char *name, const char *text, size_t len, enum input_format f, struct read_json_doc *out,
		  struct log *log, struct err *e);

#endif
