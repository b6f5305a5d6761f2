/* read_formats.h: the reader of each --input format, given the parsed
 * document. Each fills out (left empty by the caller, freed by it on
 * failure) and returns 0, or -1 with a usage error naming the file (name)
 * and the place in it. log (may be NULL) gets the warnings, such as a kind
 * read as its nearest equivalent. */
#ifndef MAPSHEET_READ_FORMATS_H
#define MAPSHEET_READ_FORMATS_H

#include "read/read_json.h"

#include <jansson.h>

int read_mapsheet_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e);
int read_watabou_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e);
int read_donjon_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e);

#endif
