/* foundry_int.h: what the files of the Foundry VTT module writer share
 * (export_foundry.c and its foundry_*.c parts): the document ids, the
 * HTML of the key's pages, each level's scene and journal entry, and the
 * compendium pack. The documents follow Foundry VTT's version 12 data
 * (the shapes version 13 reads and migrates on import): see mapsheet(1),
 * FOUNDRY VTT. */
#ifndef MAPSHEET_FOUNDRY_INT_H
#define MAPSHEET_FOUNDRY_INT_H

#include "model/doc.h"

#include <stddef.h>

struct sbuf;
struct memfiles;

/* The core version the documents say they were made for (_stats): Foundry
 * migrates older data on import by it. */
#define FOUNDRY_CORE_VERSION "12.331"
/* A Foundry document id: 16 letters and digits, and its NUL. */
#define FOUNDRY_ID_SIZE 17

/* What every id of one module is drawn from: the hash of its content
 * (tabletop_content_hash: every map and key, the party, the system, whose
 * copy), so that the same command gives the same ids, and another module
 * (another seed, method, size, party, system, or the players' copy) other
 * ids: importing both into one world keeps both. */
struct foundry_ids {
	unsigned long long base;
};

void foundry_ids_init(struct foundry_ids *ids, const struct doc *d);
/* The id of the document `what` ("scene", "wall", ...) numbered a, b
 * (a level's depth, an index) into out (FOUNDRY_ID_SIZE bytes). */
void foundry_id(const struct foundry_ids *ids, char *out, const char *what, int a, int b);
/* The module's id into out: "mapsheet-" and the site's name in lower case
 * and hyphens, a short tag from ids, and "-players" for the players' copy. */
void foundry_module_id(const struct doc *d, const struct foundry_ids *ids, char *out, size_t size);

/* The name the module shows: the title, the site's name, or the method's. */
void foundry_title(const struct doc *d, char *out, size_t size);

/* HTML: text with & < > " ' escaped. */
void foundry_html_text(struct sbuf *s, const char *text);
/* The page of key entry en of level li, as HTML (its size, exits, every
 * paragraph of the sheet's key, and links to the other levels' scenes for
 * its stairs). */
void foundry_html_room(struct sbuf *s, const struct doc *d, int li, const struct key_entry *en,
		       const struct foundry_ids *ids);
/* The premise page: the story, and on the referee's copy the secret in a
 * GM-only secret block. */
/* Each of lines[0..n) as a paragraph. */
void foundry_html_lines(struct sbuf *s, char *const *lines, int n);
void foundry_html_premise(struct sbuf *s, const struct doc *d, const struct foundry_ids *ids);
/* The wandering monsters table of a key, as an ordered list. */
void foundry_html_wandering(struct sbuf *s, const struct key *k);
/* The party the key was stocked for, its fights and treasure in all, and
 * the system's credit (doc_party_paragraphs), under a heading; nothing
 * without a party or on the players' copy. Returns 0 or -1 with e set. */
int foundry_html_party(struct sbuf *s, const struct doc *d, struct err *e);
/* The level's lettered marks and the key's closing notes; returns how
 * many paragraphs it wrote (0: no page), or -1 with e set. */
int foundry_html_level_notes(struct sbuf *s, const struct level *lv, struct err *e);

/* The index in d->levels of the level of depth `depth`, or -1. */
int foundry_level_of_depth(const struct doc *d, int depth);

/* Level li's Scene document as JSON: the picture at ppg pixels a square
 * (its file at picture, its thumbnail at thumb), the grid, the walls and
 * doors, a light on every hearth, a Note on every numbered room and on
 * every stair to a level of the module. Returns 0 or -1 with e set. */
int foundry_scene_json(struct sbuf *s, const struct doc *d, int li, int ppg, const char *picture,
		       const char *thumb, const struct foundry_ids *ids, struct err *e);
/* Level li's JournalEntry of the key as JSON: a page per room, and the
 * premise (on the first level), the wandering table and the level's notes
 * where there are any. Returns 0 or -1 with e set. */
int foundry_journal_json(struct sbuf *s, const struct doc *d, int li, const struct foundry_ids *ids,
			 struct err *e);
/* The scene's and the journal's names for level li. */
void foundry_level_name(const struct doc *d, int li, char *out, size_t size);

/* The stair of level li's stair i arrives at: the index of the stair on
 * the level it reaches that leads back (in the room it arrives in, else
 * the nearest), or -1 when that level is not in the module or has none. */
int foundry_stair_pair(const struct doc *d, int li, int i);
/* Level li's scene regions as the JSON member "regions": a region on every
 * stair to a level of the module, whose teleportToken behaviour moves a
 * token to the region of the stair it arrives at (foundry_stair_pair). */
void foundry_regions_json(struct sbuf *s, const struct doc *d, int li, int ppg, const struct foundry_ids *ids);

/* Level li's wandering table as a RollTable (after a ", " unless first):
 * returns 1, or 0 (nothing written) when the level has none. */
int foundry_table_json(struct sbuf *s, const struct doc *d, int li, const struct foundry_ids *ids, int first);

/* The _stats every primary document and page carries. */
void foundry_stats_json(struct sbuf *s);

/* Writes a LevelDB database holding the one entry key = value (through
 * libleveldb, in a temporary folder removed whatever happens, compacted)
 * and adds its files to files under prefix ("ID/packs/adventure/").
 * Returns 0 or -1 with e set. */
int foundry_pack_write(const char *key, const char *value, size_t len, const char *prefix, struct memfiles *files,
		       struct err *e);

#endif
