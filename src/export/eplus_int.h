/* eplus_int.h: what the files of the EncounterPlus module share
 * (export_eplus.h): the module's names, the ids and slugs every document
 * is given, and the helpers that turn the key's text into JSON and HTML. */
#ifndef MAPSHEET_EPLUS_INT_H
#define MAPSHEET_EPLUS_INT_H

#include "export/export_eplus.h"

#include <jansson.h>
#include <stdint.h>

#define EPLUS_ID_LEN 37         /* a UUID's 36 characters and the NUL */
#define EPLUS_SLUG_LEN 200

struct sbuf;

/* One module being made. */
struct eplus {
	const struct doc *d;
	const struct eplus_picture *pics;   /* by level index */
	int player;                 /* the players' copy */
	uint64_t basis;             /* every id derives from it: the content's hash */
	char title[200];            /* the module's name */
	char slug[80];              /* the module's slug; every other slug begins with it */
};

/* Fills x for d: the title, the slug and the ids' basis. */
void eplus_init(struct eplus *x, const struct doc *d, const struct eplus_picture *pics);

/* The id of the document named by role (printf style: "page/2/room/5"): a
 * UUID (version 8, the kind a program makes by its own rule) drawn from
 * the basis and the role, the same for the same command and role. */
void eplus_id(const struct eplus *x, char out[EPLUS_ID_LEN], const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The slug of a document: the module's slug, '-', and role (printf style:
 * "level-2-room-5"), cut to size. */
void eplus_slug(const struct eplus *x, char *out, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The index in d->levels of the level of depth `depth`, or -1 when the
 * module does not have it. */
int eplus_level_index(const struct doc *d, int depth);

/* The name a room goes by in the module: the key's title, or on the
 * players' copy the plain word for its kind ("Room", "Hallway"): a name
 * such as "Trapped Passage" is the referee's. */
struct key_entry;
const char *eplus_room_title(const struct eplus *x, int l, const struct key_entry *en);

/* The text as a JSON string (a byte that is not UTF-8 becomes U+FFFD), or
 * NULL when memory runs out. */
json_t *eplus_text(const char *text);
/* Appends text with &, <, > and " written as HTML entities (and bytes
 * that are not UTF-8 as U+FFFD). */
void eplus_html(struct sbuf *s, const char *text);
/* The same for the first n bytes of text. */
void eplus_html_n(struct sbuf *s, const char *text, size_t n);

/* The documents of maps.json and pages.json, appended to maps and pages
 * (JSON arrays). Return 0, or -1 with e set. */
int eplus_maps(const struct eplus *x, json_t *maps, struct err *e);
int eplus_pages(const struct eplus *x, json_t *pages, struct err *e);

/* The fights and tables (eplus_fights.c): an encounter for every room
 * with a fight, appended to encounters, and each level's wandering table
 * to tables; none on the players' copy. Returns 0 or -1 with e set. */
int eplus_fights(const struct eplus *x, json_t *encounters, json_t *tables, struct err *e);
/* Does the room's marker open an encounter (a fight, the referee's copy)? */
int eplus_room_has_fight(const struct eplus *x, const struct key_entry *en);
/* The slug of the app's monster called name ("Gelatinous Cube" is
 * "gelatinous-cube"; a form, "Werewolf, Wolf Form", its creature's,
 * "werewolf"). */
void eplus_monster_slug(const char *name, char *out, size_t size);

/* What the map of level l needs of the pages: does the level have a page
 * of notes (its marks and footer lines; never on the players' copy)? */
int eplus_level_has_notes(const struct eplus *x, int l);

/* The file of level l's picture inside the archive ("maps/level-2.png"). */
void eplus_image_name(const struct eplus *x, int l, char *out, size_t size);

#endif
