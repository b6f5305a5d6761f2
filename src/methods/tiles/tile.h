/* tile.h: one prefab tile of the tiles method (see tiles.c): its
 * drawing, the doors found in it, the floor pieces its inner doors split it
 * into, and its turned and mirrored copies.
 *
 * A tile is drawn one character per square (see mapsheet-templates(5)):
 *   ' ' outside the tile     '#' rock (a wall)      '.' floor
 *   'D' a door square        'E' the entrance tile's way in
 *   'o' pillar   '~' water   '%' rubble   '&' statue (floor with a feature)
 *   '<' '>' floor where stairs up / down may go
 * Coordinates inside a tile are (x, y) from its north-west corner. */
#ifndef MAPSHEET_TILE_H
#define MAPSHEET_TILE_H

#include "base/err.h"
#include "model/map.h"

#define TILE_MAX_SIDE 64        /* squares on a side of one tile */
#define TILE_MAX_DOOR 16        /* widest door, in squares */
#define TILE_TURNS 8            /* 4 quarter turns, each plain or mirrored */

enum tile_kind {
	TILE_ROOM,
	TILE_HALL,
	TILE_CORRIDOR,
	TILE_STAIRS,
	TILE_ENTRANCE,
	TILE_KIND_COUNT
};

/* What a drawing character stands for. */
enum tile_square {
	TSQ_BAD,        /* not a tile character */
	TSQ_OUT,        /* ' ': not part of the tile */
	TSQ_ROCK,       /* '#' */
	TSQ_FLOOR,      /* '.', features, stairs */
	TSQ_DOOR,       /* 'D' */
	TSQ_ENTRY       /* 'E' */
};

/* TILE_AXIS_H: the door's squares run west to east (a door in a wall that
 * runs west to east, entered from the north or south); TILE_AXIS_V: north
 * to south. */
enum tile_axis { TILE_AXIS_H, TILE_AXIS_V };

struct tile_door {
	int x, y;               /* its first square: the west or north end */
	int width;              /* squares */
	enum tile_axis axis;
	int facing;             /* outer door: enum side away from its floor; inner: -1 */
	int entry;              /* 1 for the entrance tile's way in ('E') */
	int comp;               /* outer: the floor piece it opens from; inner: the
				   piece (north or west) its squares belong to */
	int comp2;              /* inner: the piece across the door; outer: -1 */
};

struct tile {
	char name[48];          /* tile:NAME */
	char title[48];         /* title:TEXT, the key's name for it, or "" */
	enum tile_kind kind;
	int weight;             /* relative chance of being picked */
	int w, h;
	char *cells;            /* w*h drawing characters */
	int *comp;              /* w*h floor piece of each floor or inner door square, else -1 */
	int ncomp;
	int *comp_area;         /* squares in each piece */
	struct tile_door *doors;
	int ndoors;
	/* Where it was read, for messages: the file, the tile: line, and the
	 * line and first column of every row (NULL in turned copies). */
	char file[256];
	int line;
	int *row_line, *row_col;
	int source;             /* index of the folder it came from */
};

/* The kind called name ("room", "corridor", ...), or -1. */
int tile_kind_parse(const char *name);
static inline enum tile_square tile_square_of(char c)
{
	switch (c) {
	case ' ':
		return TSQ_OUT;
	case '#':
		return TSQ_ROCK;
	case '.': case 'o': case '~': case '%': case '&': case '<': case '>':
		return TSQ_FLOOR;
	case 'D':
		return TSQ_DOOR;
	case 'E':
		return TSQ_ENTRY;
	default:
		return TSQ_BAD;
	}
}
/* The feature a drawing character puts on its floor square. */
static inline enum feature tile_feature_of(char c)
{
	switch (c) {
	case 'o':
		return FEATURE_PILLAR;
	case '~':
		return FEATURE_WATER;
	case '%':
		return FEATURE_RUBBLE;
	case '&':
		return FEATURE_STATUE;
	default:
		return FEATURE_NONE;
	}
}
/* The region kind a tile's pieces become. */
enum region_kind tile_region_kind(enum tile_kind k);

/* tile_doors.c. Reads t->cells: turns corner posts into rock, finds the
 * floor pieces and every door (width, position, orientation, inner or
 * outer), and checks the drawing makes sense. Allocates comp, comp_area and
 * doors (tile_free releases them). Returns 0, or -1 with a usage error naming
 * file:line:column (or the tile and square for a turned copy). */
int tile_analyse(struct tile *t, struct err *e);
/* Frees what a tile owns and zeroes it. */
void tile_free(struct tile *t);

/* tile_transform.c. Makes *out a copy of src mirrored west to east when
 * turn >= 4, then turned (turn % 4) quarter turns clockwise, with its doors
 * found afresh. Returns 0 or -1 with e set. */
int tile_transform(const struct tile *src, int turn, struct tile *out, struct err *e);
/* The same without finding the doors: the copy's name, kind, size and
 * drawing alone (cells allocated; tile_free releases it). */
int tile_turn_drawing(const struct tile *src, int turn, struct tile *out, struct err *e);
/* tile_turn.c. Gives out (tile_turn_drawing of src by turn) the doors and
 * pieces of src, already analysed, carried over: the same as tile_analyse
 * on the turned drawing, without searching it. Returns 0 or -1 with e set
 * (out of memory; tile_free(out) is still needed). */
int tile_turn_analysis(const struct tile *src, int turn, struct tile *out, struct err *e);
/* A deep copy (drawing and doors; positions are kept). */
int tile_copy(const struct tile *src, struct tile *out, struct err *e);
/* True when two tiles have the same drawing. */
int tile_same_drawing(const struct tile *a, const struct tile *b);

#endif
