/* read_watabou_int.h: the One Page Dungeon reader's parts. read_watabou_parse.c
 * reads the export's fields into plain arrays, bounded and checked one by
 * one; read_watabou_grid.c lays them on a grid as a struct map, with
 * read_watabou_seat.c giving each square its rect and each door its seat
 * (what it has to change to, counted); read_watabou.c makes the document,
 * the key and the warnings. */
#ifndef MAPSHEET_READ_WATABOU_INT_H
#define MAPSHEET_READ_WATABOU_INT_H

#include "read/json_fields.h"
#include "read/read_json.h"
#include "model/map.h"

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

/* A change the grid made to draw what the export holds: how many times,
 * and the first (the export's index and square, the other rect, why). */
struct wb_change {
	int n;
	int first;              /* doors[first] or rects[first] */
	int x, y;
	int other;              /* rects[other], the rect that keeps a shared
				 * square; a door's type */
	const char *why;        /* a door with no place: its fault, in words */
};

/* What the grid made of the export: each note's region, how many doors
 * of each type were read as a nearest kind of ours, and what it changed:
 * doors inside one room or corridor, doors with no place between two
 * rects (left out), and squares two rects share (given to one). */
struct wb_layout {
	int *note_region;       /* per note, malloc'd */
	int nearest[WB_DOOR_TYPES];
	int ending_region;      /* the region of the rect marked "ending", or 0 */
	struct wb_change inside, unplaced, shared;
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
 * map contract. What it changes to draw the export (a door it leaves out, a
 * square two rects share) is counted in lay. Returns 0, or -1 with e set
 * (what no change makes a map of). */
int wb_build_map(struct jf *r, const struct wb_doc *d, struct map *m, struct wb_layout *lay);

/* The grid being laid (read_watabou_grid.c, read_watabou_seat.c). */
struct wb_grid {
	struct jf *r;
	const struct wb_doc *d;
	struct map *m;
	int ox, oy;             /* add to the export's x, y to get ours */
	int *owner;             /* per square: rect index + 1, or 0 */
	int *area;              /* per rect: the squares it owns */
	int *rect_door;         /* per rect: the door standing on it, or -1 */
	unsigned char *lost;    /* per door: left out (no place between two rects) */
	int *parent;            /* union-find over rects */
	int *region;            /* per rect: its region id (0: it owns no square) */
	struct wb_layout *lay;
};

/* The rect index at the export's square (x, y), or -1. */
static inline int wb_rect_at(const struct wb_grid *g, int x, int y)
{
	int gx = x + g->ox, gy = y + g->oy;
	return map_in(g->m, gx, gy) ? g->owner[(long)gy * g->m->w + gx] - 1 : -1;
}

/* read_watabou_seat.c: gives each square to a rect (a square two share to
 * one of them) and counts their squares; returns 0, or -1 with e set. */
int wb_place_rects(struct wb_grid *g);
/* Seats each door on a one-square rect of its own, or leaves it out. */
void wb_seat_doors(struct wb_grid *g);
/* Leaves door i out, for the why of the warning. */
void wb_lose_door(struct wb_grid *g, int i, const char *why);
/* Takes rect s off the grid: its squares become rock. */
void wb_clear_rect(struct wb_grid *g, int s);
/* Counts a change in c, keeping the first. */
void wb_note_change(struct wb_change *c, int first, int x, int y, int other, const char *why);
/* Into change (160 bytes): the first change made, for the message of a
 * map that fails even so (", with doors[1] at (4, 1) left out: in no
 * rect"), or "". */
const char *wb_first_change(const struct wb_layout *lay, char *change);

#endif
