/* read_watabou_int.h: the One Page Dungeon reader's parts. read_watabou_parse.c
 * reads the export's fields into plain arrays, bounded and checked one by
 * one; read_watabou_grid.c lays them on a grid as a struct map;
 * read_watabou.c makes the document, the key and the warnings. */
#ifndef MAPSHEET_READ_WATABOU_INT_H
#define MAPSHEET_READ_WATABOU_INT_H

#include "read/json_fields.h"
#include "read/read_json.h"

/* Limits on what an export may hold: far beyond any real dungeon, small
 * enough that a hostile file cannot make a grid or key out of all bounds. */
#define WB_MAX_COORD 500        /* |x| and |y| of any rect, door or note */
#define WB_MAX_SIDE 200         /* a rect's width or height */
#define WB_MAX_RECTS 20000
#define WB_MAX_DOORS 20000
#define WB_MAX_NOTES 2000
#define WB_MAX_POINTS 100000    /* columns, and water squares */
#define WB_MAX_REF 9999
#define WB_MAX_TITLE 200        /* bytes */
#define WB_MAX_STORY 8000
#define WB_MAX_NOTE 4000
#define WB_MARGIN 2             /* squares of rock around the dungeon */

/* The door type codes of the format, 0..9. */
enum wb_door_type {
	WB_OPEN, WB_DOOR, WB_NARROW, WB_OUT, WB_PORTCULLIS, WB_DOUBLE, WB_SECRET, WB_STEEL, WB_DOWN,
	WB_STAIRWELL, WB_DOOR_TYPES
};

struct wb_rect {
	int x, y, w, h;         /* in the export's squares */
	int rotunda, ending;
};

struct wb_door {
	int x, y, dx, dy;       /* its square, and dir: a unit step */
	int type;               /* enum wb_door_type */
};

struct wb_note {
	char *text;             /* malloc'd */
	int ref;
	double x, y;            /* pos */
};

struct wb_point {
	double x, y;
};

struct wb_doc {
	char version[32];
	struct wb_rect *rects;
	int nrects;
	struct wb_door *doors;
	int ndoors;
	struct wb_note *notes;
	int nnotes;
	struct wb_point *columns, *water;
	int ncolumns, nwater;
};

/* Reads every field but title and story; 0, or -1 with e set. */
int wb_parse(struct jf *r, json_t *root, struct wb_doc *d);
void wb_doc_free(struct wb_doc *d);
/* The name of a door type ("narrow"). */
const char *wb_door_type_name(int type);

/* What the grid made of the export: each note's region, and how many doors
 * of each type were read as a nearest kind of ours. */
struct wb_layout {
	int *note_region;       /* per note, malloc'd */
	int nearest[WB_DOOR_TYPES];
	int ending_region;      /* the region of the rect marked "ending", or 0 */
};

/* Puts each note in the region holding its position (region_at(ctx, x, y)
 * gives the region of the export's square (x, y), 0 for none; a corridor
 * holding a note becomes a numbered hallway) and numbers the rooms: those
 * with notes in the order of their refs, then the rest from top to bottom.
 * Returns 0, or -1 with e set. */
int wb_place_notes(struct jf *r, const struct wb_doc *d, struct map *m, struct wb_layout *lay,
		   int (*region_at)(const void *, int, int), const void *ctx);

/* Lays d on m (map_free it even on failure): regions, doors, stairs, the
 * entrance, columns and water, the numbers from the notes' refs, and the
 * map contract. Returns 0, or -1 with e set. */
int wb_build_map(struct jf *r, const struct wb_doc *d, struct map *m, struct wb_layout *lay);

#endif
