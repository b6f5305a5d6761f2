/* read_mapsheet_int.h: the parts of the reader of mapsheet's own JSON:
 * read_mapsheet.c the file, the document and the key,
 * read_mapsheet_level.c one level's map, read_mapsheet_site.c the site
 * model (version 3 on), read_mapsheet_stock.c a party's figures (version 4
 * on). */
#ifndef MAPSHEET_READ_MAPSHEET_INT_H
#define MAPSHEET_READ_MAPSHEET_INT_H

#include "model/map.h"
#include "read/json_fields.h"
#include "read/read_json.h"

/* Reads level object lv (levels[index]) into m (map_free it even on
 * failure) and checks the map contract. */
int read_mapsheet_level(struct jf *r, json_t *lv, int index, struct map *m);

/* What a level's key entries are read against for their site fields. */
struct ms_site {
	int present;            /* the file's version has them (3 on) */
	int figures;            /* the file's version has the party's figures (4 on) */
	int story;              /* the file's version has threads, rosters and alarms (5 on) */
	int nfactions;          /* the file's factions, which occupants name */
	const unsigned *sets;   /* the features of each region (feature_sets) */
	int nregions;
	struct log *log;        /* warned of written features the map lacks, or NULL */
};

/* The document's secret and factions, into out. Returns 0 or -1. */
int read_mapsheet_site(struct jf *r, json_t *root, struct read_json_doc *out);
/* Entry object v's kind and occupants into en (its region already read),
 * its features checked against the map's; nothing when !site->present.
 * Returns 0 or -1. */
int read_mapsheet_entry_site(struct jf *r, json_t *v, const char *place, const struct ms_site *site,
			     struct key_entry *en);

/* The premise's threads (version 5 on) into out. Returns 0 or -1. */
int read_mapsheet_threads(struct jf *r, json_t *root, struct read_json_doc *out);
/* Level object lv's roster and alarm (version 5 on) into k, and the lines
 * the key prints them as. Returns 0 or -1. */
int read_mapsheet_roster(struct jf *r, json_t *lv, const char *place, struct key *k);

/* The party the document was stocked for (null: none) into out->party. */
int read_mapsheet_party(struct jf *r, json_t *root, struct read_json_doc *out);
/* Entry object v's encounter, trap and treasure into en. Returns 0 or -1. */
int read_mapsheet_entry_stock(struct jf *r, json_t *v, const char *place, struct key_entry *en);

#endif
