/* input_join.h: the --input files of one booklet joined by stairs, each
 * file's last level to the next file's first (model/level_join.h), as the
 * levels of one run are; a pair that cannot be joined says so in both
 * keys and in one warning. */
#ifndef MAPSHEET_INPUT_JOIN_H
#define MAPSHEET_INPUT_JOIN_H

#include "read/read_json.h"

/* Joins the levels of out read from paths[0..n): file f's levels start at
 * index first[f] (first[n]: out->nlevels). starts (out->nlevels bytes,
 * zeroed) gets 1 at the first level and at the first level of every file
 * not joined to the one before: where a run of levels joined by stairs
 * starts. Each join goes in the roll log (log->steps); each pair not
 * joined gets one warning naming both files and why. Returns 0, or -1
 * with e set. */
int input_join(struct read_json_doc *out, const char *const *paths, const int *first, int n, unsigned char *starts,
	       struct log *log, struct err *e);

#endif
