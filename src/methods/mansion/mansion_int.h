/* mansion_int.h: what the stages of the mansion method share (mansion.c
 * runs them; mansion_plan.c packs the spaces, mansion_touch.c finds the
 * walls they share, mansion_doors.c joins them). Not for use outside the
 * method. */
#ifndef MAPSHEET_MANSION_INT_H
#define MAPSHEET_MANSION_INT_H

#include "methods/frontier.h"
#include "methods/gen.h"
#include "methods/mansion/mansion_params.h"

#include <stdint.h>

/* The size rules of the procedure. */
#define MANSION_ROOM_MIN 3      /* rooms are at least 3 x 3 */
#define MANSION_ROOM_SHORT 5    /* ... and at most 5 on their short side */
#define MANSION_ROOM_LONG 6     /* ... and 6 on their long side */
#define MANSION_HALL_MIN 2      /* hallways are 2 or 3 wide */
#define MANSION_HALL_MAX 3
#define MANSION_HALL_LONG 12    /* longest hallway drawn */

/* One placed room or hallway; space i is map region i + 1. */
struct mansion_space {
	struct rect r;
	enum region_kind kind;
};

/* Two spaces that share a wall: the wall is the segment of `len` edges on
 * side `side` of squares (x, y), (x + dx, y + dy), ... of space a. Small
 * fields are bytes: a wall is at most MANSION_HALL_LONG long. */
struct mansion_touch {
	int a, b;               /* region ids, a < b */
	int x, y;
	unsigned char len;
	unsigned char side;     /* enum side */
	unsigned char door;     /* 1 once a door joins them */
	unsigned char at;       /* the door's square: (x, y) moved this far along */
	unsigned char kind;     /* enum door_kind of the door */
};

/* The used squares as rows of bits, with a border of used squares around
 * the grid (mansion_rows.c). */
#define MROWS_R MANSION_HALL_LONG       /* a window reaches this far from its square */
#define MROWS_WIN (2 * MROWS_R + 1)     /* its rows and columns */
struct mrows {
	int w, h;
	int stride;             /* words a row */
	uint64_t *bits;
};

/* Sets up a w x h grid with every square free. Returns 0, or -1 with e set. */
int mrows_init(struct mrows *b, int w, int h, struct err *e);
void mrows_free(struct mrows *b);
/* Marks the squares of r (clipped to the grid) used. */
void mrows_use_rect(struct mrows *b, struct rect r);
/* Rows from..to (0 <= from <= to < MROWS_WIN) of the window of squares
 * (cx - MROWS_R .. cx + MROWS_R) x (cy - MROWS_R .. cy + MROWS_R): out[k]
 * holds row cy - MROWS_R + k, bit i for column cx - MROWS_R + i set when
 * used or off the grid; bits past the window set. */
void mrows_window(const struct mrows *b, int cx, int cy, int from, int to, uint32_t out[MROWS_WIN]);

struct mansion {
	struct map *m;
	const struct gen_params *p;
	struct rng *rng;
	struct log *log;

	struct mansion_space *spaces;
	int nspaces, cap;
	int halls;              /* of the spaces, hallways (the Entrance Hall too) */
	struct frontier fr;
	struct mrows rows;      /* the same used squares, as bits */
	struct rect bbox;       /* of every used square */
	int used;               /* squares used */
	int dropped;            /* candidate squares where nothing fitted */

	struct mansion_touch *touch;
	int ntouch;
	int *adj_first, *adj;   /* per region: ids of the regions it touches */
	int entrance;           /* region id of the Entrance Hall */
};

/* Places the Entrance Hall (on a grid edge, or over the start square).
 * Returns 0 or -1 with e set when the grid cannot hold it. */
int mansion_place_entrance(struct mansion *ms, struct err *e);
/* Packs further spaces until p->rooms are placed or nothing fits; says
 * which in the log (a warning when it ends short). Returns 0 or -1. */
int mansion_pack(struct mansion *ms, struct err *e);
/* Finds every pair of touching spaces (ms->touch, ms->adj) from their
 * rectangles (mansion_touch.c). Returns 0 or -1. */
int mansion_find_touches(struct mansion *ms, struct err *e);
/* The door rules, then doors until every space is reachable. Returns 0 or -1. */
int mansion_add_doors(struct mansion *ms, struct err *e);
/* A stair down in a room far from the entrance when p->depth < p->levels. */
int mansion_add_stairs_down(struct mansion *ms, struct err *e);

#endif
