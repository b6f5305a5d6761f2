/* names.h: naming rooms and hallways from a table in templates/names/.
 * A table lists names with the kind of space they suit, the sizes (in
 * squares) they fit, a weight, how many a level may hold, and optionally
 * which named neighbour they need ("a Pantry only off the Kitchen"). Any
 * method that knows its regions' areas and which regions touch can use it;
 * the file format is in mapsheet-templates(5), section NAMES. */
#ifndef MAPSHEET_NAMES_H
#define MAPSHEET_NAMES_H

#include "base/err.h"
#include "base/log.h"
#include "model/map.h"
#include "base/rng.h"

#include <stddef.h>

#define NAMES_LEN 48

struct names_entry {
	enum region_kind kind;
	int min_area, max_area;     /* squares, inclusive */
	int weight;                 /* relative chance, >= 1 */
	int most;                   /* at most this many on a level; 0: any number */
	int name;                   /* index into names_table.names */
	int beside_first, nbeside;  /* its rows in names_table.beside */
	int tag;                    /* the `for` section it stands in (index
				     * into names_table.names), or -1: none */
};

/* `beside`: the name may only go to a space touching one named `other`.
 * Rows are sorted by name; entries of that name point at them. */
struct names_beside {
	int name;                   /* index into names_table.names */
	int other;                  /* index into names_table.names */
	int line;                   /* for messages */
};

struct names_table {
	char (*names)[NAMES_LEN];   /* distinct names, interned */
	int nnames, names_cap;
	int entrance;               /* name of the entrance region, or -1 */
	int section;                /* while reading: the current `for` tag, or -1 */
	struct names_entry *entries;
	int nentries, entries_cap;
	struct names_beside *beside;
	int nbeside, beside_cap;
};

/* Loads table `name` (a bare name looked up as names/NAME.names along dirs,
 * or a path). Returns 0, or -1 with e set: a usage error "file:line:col:
 * message" for a malformed table, or naming the tables available. */
int names_load(struct names_table *t, const char *const *dirs, const char *name, struct err *e);
/* Parses a table from text (named `file` in messages). Returns 0 or -1. */
int names_parse(struct names_table *t, const char *file, const char *text, size_t len, struct err *e);
void names_free(struct names_table *t);

/* Names the regions of m. The entrance region gets the table's entrance
 * name; the others are named halls first, then larger before smaller, each
 * by a weighted draw among the entries that suit its kind and area, have
 * not reached their count, and whose `beside` needs (if any) a touching
 * region already meets; a name drawn before weighs less each time. adj_first
 * and adj list, for each region id, the ids of the regions it touches (as
 * names_touching makes). Regions no entry suits keep their name ("").
 * Areas are read from m->regions[id].area. Returns 0, or -1 with e set. */
int names_assign(const struct names_table *t, struct map *m, int entrance, const int *adj_first,
		 const int *adj, struct rng *rng, struct log *log, struct err *e);

/* As names_assign, for regions that carry a tag (what the method knows of
 * them: a dice room's contents kind, a cards zone's theme): tag_of[id] is a
 * region's tag or NULL. A region draws among the entries in the table's
 * `for:TAG` section of its tag; when none suits it, among the entries
 * outside any section. Regions that already have a name keep it (a
 * method's own names, such as designed cards' titles, come first).
 * tag_of NULL: no region has a tag. */
int names_assign_tagged(const struct names_table *t, struct map *m, int entrance, const int *adj_first,
			const int *adj, const char *const *tag_of, struct rng *rng, struct log *log, struct err *e);

/* Builds the touching lists from the grid (one pass over every square):
 * *adj_first has nregions + 2 offsets into *adj; both malloc'd. */
int names_touching(const struct map *m, int **adj_first, int **adj, struct err *e);

#endif
