/* read_map.h: reading a map file given to --input, whatever made it:
 * mapsheet's own JSON (read_mapsheet.c), a One Page Dungeon export
 * (read_watabou.c) or a donjon export (read_donjon.c). The file is read and
 * parsed once, its format detected from the content unless named, and the
 * reader of that format makes the levels. */
#ifndef MAPSHEET_READ_MAP_H
#define MAPSHEET_READ_MAP_H

#include "read/read_json.h"

enum input_format { INPUT_AUTO, INPUT_MAPSHEET, INPUT_WATABOU, INPUT_DONJON, INPUT_NFORMATS };

/* The format named name, or -1. */
int input_format_find(const char *name);

/* Reads the file at path ("-": standard input; otherwise a regular file of
 * at most READ_JSON_MAX_FILE bytes) in format f (INPUT_AUTO: detected).
 * Returns 0, or -1 with e set and out empty: a usage error "PATH:LINE:COL:
 * ..." for JSON syntax and "PATH: PLACE: ..." for a map that breaks the
 * contract. log (may be NULL) gets the warnings. */
int read_map_file(const char *path, enum input_format f, struct read_json_doc *out, struct log *log,
		  struct err *e);
/* Bounds on a file's text, checked before it is parsed (read_scan.c):
 * nesting (a mapsheet map nests 6 deep, a One Page Dungeon or donjon
 * export less), values (a mapsheet map of 10,000 rooms holds some
 * 630,000; 100 MB of the densest map file, about 6.5 million) and the
 * length of a text (a room's name, a line of its key). */
#define READ_SCAN_MAX_DEPTH 32
#define READ_SCAN_MAX_VALUES 8000000
#define READ_SCAN_MAX_TEXT 65536   /* bytes in one string, as written */
/* 0, or -1 with a usage error "NAME:LINE:COL: ..." at the first place past
 * a bound. Linear in len. */
int read_scan_bounds(const char *name, const char *text, size_t len, struct err *e);

/* The same for text of len bytes; name is used in messages. */
int read_map_text(const char *name, const char *text, size_t len, enum input_format f, struct read_json_doc *out,
		  struct log *log, struct err *e);

#endif
