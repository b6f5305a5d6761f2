/* doc.h: everything an output writer receives: the generated levels (each a
 * map and its key) and how to present them. Text exporters (src/export/)
 * and the renderers (render/) all take a const struct doc. */
#ifndef MAPSHEET_DOC_H
#define MAPSHEET_DOC_H

#include "model/key.h"
#include "base/report.h"
#include "model/map.h"

struct memfiles;

/* The version of mapsheet's JSON format (format "mapsheet", see
 * mapsheet-json(5)) that export_json writes, raised whenever a field
 * changes meaning, is renamed or is added; --input reads it and every
 * version back to DOC_JSON_VERSION_OLDEST (version 3 added the site: the
 * secret, the factions, and each key entry's kind, features and
 * occupants; a version 2 file has none of them; version 4 the party a
 * system with figures stocked for, and each entry's encounter, trap and
 * treasure; version 5 the premise's threads, and each level's roster and
 * alarm). */
#define DOC_JSON_VERSION 5
#define DOC_JSON_VERSION_OLDEST 2

/* What the site model made of a room (site/site.h): its kind, what its
 * inhabitants use it for and whose it is; kept from planning the level
 * (before the players' view is taken) to writing its key. */
struct room_use {
	int kind;               /* index in the site tables' kinds, or -1 */
	signed char role;       /* enum site_role */
	signed char faction;    /* index in the document's factions, or -1 */
	unsigned char leader;   /* the faction leader's own room */
	int dist;               /* doors from the way in, -1 unreached */
};

struct level {
	struct map map;
	struct key key;
	struct room_use *uses;  /* by region id (nregions + 1), or NULL */
};

enum orientation { ORIENT_AUTO, ORIENT_PORTRAIT, ORIENT_LANDSCAPE };

/* --scale's range in squares per inch: inch squares for miniatures up to
 * the finest scale a sheet is legible at, which is also the finest standard
 * scale fit chooses (render/paper.c): a square of 1/16 in still takes a
 * room number */
#define SHEET_SCALE_MIN 1
#define SHEET_SCALE_MAX 16

/* Presentation options for sheets (PDF, SVG, PNG, booklet). Strings are
 * validated by render_validate() before any generation happens. */
struct sheet_options {
	const char *paper;      /* "letter", "a4", "8.5x11in", "210x297mm"; NULL: default */
	enum orientation orientation;
	double scale;           /* squares per inch; 0: fit */
	const char *style;      /* style name or path; NULL: "classic" */
	int dpi;                /* PNG resolution, default 150 */
	int player;             /* the players' handout: no secrets, no key */
	int player_secret_rooms;/* the handout shows what only secret doors lead to */
	int no_key;             /* the map page alone */
	int one_page;           /* each level's map and whole key on one page */
	int poster;             /* the map in pieces at its scale even when it fits one sheet */
	const char *overlap;    /* poster pieces' overlap ("0.25in"); NULL: the default */
	const char *margin;     /* poster pieces' printer-safe margin; NULL: the default */
	const char *title;      /* NULL: made from method and seed */
	int grid_pixels;        /* tabletop export: image pixels per square; 0: 70 */
	int vtt_grid;           /* tabletop export: the grid drawn into the image */
	int md_png;             /* Markdown key: the map beside it as PNG, not SVG */
};

/* A faction that holds the site (the site model): one of the premise's
 * inhabitants, named in the key's occupants by its index. */
struct faction {
	char id[32];            /* its table's id: "goblins" */
	char name[80];          /* "the Red Fang goblins" */
	char leader[48];        /* "Skarg the Tusked" */
	char leader_creature[48]; /* "hobgoblin captain" */
};

/* A thread of the premise (the site model): a thing the party can find or
 * meet that the premise or the secret names in these words, placed in a
 * room whose entry says them. */
struct doc_thread {
	char *text;             /* the premise's (or the secret's) own words */
	int level;              /* the level's depth, 1 at the top */
	int room;               /* the room's key number there */
};

struct doc {
	const char *seed;               /* the seed text */
	const char *site;               /* the site's name, drawn from the seed
					 * ("Tomb of the Grey Lady"), or NULL */
	const char *story;              /* an introduction printed under the title
					 * (the site's premise, or read from a map
					 * file), or NULL */
	const char *secret;             /* what the game master knows and the players
					 * do not (who is behind what), or NULL (run.c
					 * leaves it out of the players' copy); writers
					 * read it through doc_secret() */
	const char *story_gm;           /* the premise as the game master reads it,
					 * each thread's room named after its
					 * sentence, or NULL: as story (doc_story) */
	const char *secret_gm;          /* the secret so, its clues' rooms named */
	const struct doc_thread *threads; /* where the premise's threads are */
	int nthreads;
	const struct faction *factions; /* who holds the site */
	int nfactions;
	const char *command;            /* a command line that remakes this output */
	struct level *levels;
	int nlevels;
	struct sheet_options sheet;
	const char *const *template_dirs;
	struct report *report;          /* --verbose details and progress, or NULL */
	int total_levels;               /* levels in the whole document when only some are
					 * printed (--level K); 0: nlevels */
	struct memfiles *memory;        /* not NULL: the files go here, in memory, under
					 * the names they would have had (memfiles.h) */
	const struct key_party *party;  /* the party the keys were stocked for by a
					 * system with figures, or NULL */
	int grid_feet;                  /* the system's tabletop square in feet (5 under
					 * 5e: the modules' grid); 0: the map's squares */
	const char *system;             /* the stocking system's name ("5e"), or NULL */
};

/* Checks a scale given outright (squares per inch, not fit): 0, or -1 with
 * a usage error naming --scale; one finer than SHEET_SCALE_MAX is refused
 * as too small to read, naming the finest and what to use instead. */
int sheet_scale_check(double scale, struct err *e);

/* The words that head the secret wherever it is printed, after the
 * premise: a game master's note, never read out to the players. */
#define DOC_SECRET_HEADING "What the players do not know"

/* The heading and paragraphs that end the key of a document stocked for
 * a party (the last level's, after its wandering table): whom it was built
 * for and what its fights and treasure come to, then the system's credit.
 * Sets *n to 0, 1 or 2 paragraphs (none on the players' copy or without a
 * party), malloc'd into out. Returns 0 or -1 with e set. */
#define DOC_PARTY_HEADING "The party"
int doc_party_paragraphs(const struct doc *d, char *out[2], int *n, struct err *e);

/* Frees every map and key of levels[0..n) (not the array). */
void levels_free(struct level *levels, int n);

/* The secret as a writer prints it: NULL on the players' copy whatever
 * the document holds, so no path that fills it can put it on a handout. */
static inline const char *doc_secret(const struct doc *d)
{
	return d->sheet.player ? NULL : d->secret_gm ? d->secret_gm : d->secret;
}

/* The premise as a writer prints it: on the game master's copy with the
 * rooms of its threads named, on the players' as they may read it. */
static inline const char *doc_story(const struct doc *d)
{
	return !d->sheet.player && d->story_gm ? d->story_gm : d->story;
}

/* Sets *story and *secret (malloc'd, NULL when d has no thread in it) to
 * d's story and secret with each thread's room named at the end of the
 * sentence its words are in: "... has not come back up (level 2, room
 * 9)." A thread whose words are in neither is named nowhere. Returns 0 or
 * -1 with e set. */
int doc_threads_annotate(const struct doc *d, char **story, char **secret, struct err *e);

/* How many levels the document has in all ("level 2 of 5"). */
static inline int doc_total_levels(const struct doc *d)
{
	return d->total_levels > d->nlevels ? d->total_levels : d->nlevels;
}

#endif
