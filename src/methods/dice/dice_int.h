/* dice_int.h: what the stage files of the dice method share (internal to
 * the dice_*.c of this folder): the shape of a rolled room, the rooms placed so far, the
 * reservation grid, the corridor graph, and the stage functions in the order
 * the procedure takes them. */
#ifndef MAPSHEET_DICE_INT_H
#define MAPSHEET_DICE_INT_H

#include "methods/dice/dice_params.h"
#include "methods/gen.h"
#include "base/sbuf.h"

#include <stdint.h>

/* A room is at most four rectangles: two joined parts (triples), each a
 * rectangle with an alcove strip. */
#define DICE_MAX_PARTS 4
/* Tries of gap and offset before a clock position is left empty. */
#define DICE_PLACE_TRIES 3
/* Pairs of rooms further apart than this are not corridor candidates
 * (parent and child always are). */
#define DICE_NEAR 8

struct dice_room_shape {
	struct rect part[DICE_MAX_PARTS];  /* bounding box corner at 0,0 */
	int nparts;
	int w, h;                          /* the bounding box */
	int area;
};

struct dice_room {
	struct rect part[DICE_MAX_PARTS];  /* grid coordinates */
	int nparts;
	struct rect box;
	int area;
	int region;                /* its region id in the map */
	int parent;                /* creation index it was placed from; -1 */
	unsigned char side_done[SIDE_COUNT];
	struct rect line;          /* reserved corridor to the parent (w or h 1); w = 0 none */
	enum side line_side;       /* the side of this room the line leaves from */
};

/* One bit a square, rows of 64-bit words (dice_bits.c). */
struct dice_bits {
	uint64_t *word;
	int stride, h;             /* words a row, rows */
};

/* A corridor link in the room graph. */
struct dice_link {
	int to, next;
	int secret;             /* a secret door on the corridor */
};

struct dice_gen {
	struct map *m;
	const struct gen_params *p;
	struct rng *rng;
	struct log *log;
	struct err *e;
	struct sbuf text;          /* the roll log line being built */
	int logging;

	struct dice_room *rooms;   /* in creation order */
	int nrooms, want;
	struct dice_bits resv;     /* set on a child's line to its parent */
	struct dice_bits block;    /* set where a room may not go: rooms grown
				    * by their ring of rock, and the lines */
	struct dice_bits taken;    /* set on every square of a room or corridor
				    * (the map's cells that are not rock) */

	int *link_head;            /* per room, first link, -1 */
	struct dice_link *links;
	int nlinks, links_cap;
	int tree_corridors, loop_corridors;
	int entrance_room;
};

/* A grid of w x h clear bits. Returns 0 or -1 (out of memory). */
int dice_bits_init(struct dice_bits *b, int w, int h);
void dice_bits_free(struct dice_bits *b);
/* Sets every bit of r (on the grid; empty r: nothing). */
void dice_bits_set(struct dice_bits *b, struct rect r);
/* dice_bits_any for a rectangle over more than one word of a row. */
int dice_bits_any_wide(const struct dice_bits *b, struct rect r);

/* True when some bit of r (on the grid) is set. Inline for the common
 * case, a rectangle within one word of each row: one mask, a word a row. */
static inline int dice_bits_any(const struct dice_bits *b, struct rect r)
{
	int last = r.x + r.w - 1;
	if (r.w <= 0 || r.x >> 6 != last >> 6)
		return r.w > 0 && dice_bits_any_wide(b, r);
	uint64_t mask = (~(uint64_t)0 >> (63 - (last & 63))) & (~(uint64_t)0 << (r.x & 63));
	const uint64_t *row = b->word + (long)r.y * b->stride + (r.x >> 6);
	for (int y = 0; y < r.h; y++, row += b->stride)
		if (*row & mask)
			return 1;
	return 0;
}

/* Appends to the log line being built when a roll log is kept; dice_say
 * skips the call (and its arguments' formatting) when there is no log. */
void dice_say_fmt(struct dice_gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define dice_say(g, ...) do { if ((g)->logging) dice_say_fmt((g), __VA_ARGS__); } while (0)
/* Writes prefix and the line built so far to the roll log, and starts a
 * new line. */
void dice_say_end(struct dice_gen *g, const char *prefix);

/* Steps 1-4 (dice_room.c): rolls a room's size and shape (rounded or with
 * an alcove, long axis, triples joined), telling the rolls through dice_say. */
void dice_roll_shape(struct dice_gen *g, struct dice_room_shape *s);
/* The far coordinate of room r's squares in a lane (a column when side is
 * north or south, a row otherwise) towards side, or -1 if none. */
int dice_room_extreme(const struct rect *part, int nparts, int lane, enum side side);

/* Steps 1 and 5: the first room at the centre (or over the start square),
 * then rooms at the clock positions of every room in creation order.
 * Returns 0 or -1 with g->e set. */
int dice_place_rooms(struct dice_gen *g);

/* Steps 6 and 7: the spanning tree of corridors and the loop corridors.
 * Returns 0 or -1 with g->e set. */
int dice_connect(struct dice_gen *g);

/* Step 8: the entrance and the stairs. Returns 0 or -1 with g->e set. */
int dice_exits(struct dice_gen *g);

/* A corridor's course: one or two 1-wide segments, and the corridor square
 * at each end with the side facing the room there ([0] room a, [1] room b). */
struct dice_route {
	struct rect seg[2];
	int nseg, len, bent;
	int x[2], y[2];
	enum side side[2];
};

/* The straight line of free squares from room a (parts, box) towards side
 * s to room b, in a lane both reach, tried from the middle of the overlap
 * outwards. Returns 1 and sets *line, or 0 when every lane is blocked. */
int dice_straight(const struct dice_gen *g, const struct rect *apart, int an, struct rect abox,
		  const struct rect *bpart, int bn, struct rect bbox, enum side s, struct rect *line);
/* Finds a corridor between rooms a and b (creation indices): the reserved
 * line for a parent and child, else straight, else with one bend. Returns 1
 * with *rt set, or 0 when no course is free. */
int dice_route_find(const struct dice_gen *g, int a, int b, struct dice_route *rt);
/* Lays the corridor: a region, a rolled door at each end, the link, and a
 * log line starting with `what`. Returns 0 or -1 with g->e set. */
int dice_route_build(struct dice_gen *g, int a, int b, const struct dice_route *rt, int gap, const char *what);

#endif
