/* map.h: the map model, the contract every generator meets (checked by
 * map_check.c; README.md, Layout of the source, places it among the rest).
 *
 * A level is a grid of w x h squares. cells[y * w + x] holds the id of the
 * region the square belongs to; 0 is solid ground. Region ids are 1..nregions
 * (regions[0] is a placeholder for solid ground). Walls are implied on every
 * edge between squares of different regions and on the border of the grid,
 * unless a door sits on that edge. Coordinates are always (x, y), x to the
 * east, y to the south; (0, 0) is the north-west corner. */
#ifndef MAPSHEET_MAP_H
#define MAPSHEET_MAP_H

#include "base/err.h"

#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

/* The largest map, generated or read: limits that keep memory bounded for
 * any input (documented in mapsheet.1). */
#define MAP_MAX_SIDE 4000        /* squares on a side */
#define MAP_MAX_AREA 4000000L    /* squares in all */
#define MAP_MAX_ROOMS 100000

struct rect {
	int x, y, w, h;
};

enum side { SIDE_N, SIDE_E, SIDE_S, SIDE_W, SIDE_COUNT };

enum region_kind {
	REGION_ROOM,        /* a numbered room */
	REGION_HALL,        /* a numbered hallway (mansion, house) */
	REGION_CORRIDOR,    /* an unnumbered passage */
	REGION_BRIDGE,      /* a numbered room joining two zones (cards) */
	REGION_KIND_COUNT
};

enum door_kind {
	DOOR_OPENING,       /* an open doorway or archway */
	DOOR_PLAIN,         /* an ordinary door ("door") */
	DOOR_LOCKED,        /* locked; map.locks says which key opens it, if any */
	DOOR_SECRET,
	DOOR_PORTCULLIS,
	DOOR_KIND_COUNT
};

enum stair_dir { STAIR_UP, STAIR_DOWN };

/* What stands on a square besides floor (tiles and dressing use these). */
enum feature {
	FEATURE_NONE,
	FEATURE_PILLAR,
	FEATURE_WATER,
	FEATURE_RUBBLE,
	FEATURE_STATUE,
	FEATURE_PIT,        /* a hole in the floor (cards) */
	FEATURE_ALTAR,      /* an altar or a low table of stone (cards) */
	FEATURE_COFFIN,     /* a coffin or sarcophagus */
	FEATURE_BED,        /* a bed, bunk or pallet */
	FEATURE_CRATE,      /* crates, barrels, sacks */
	FEATURE_SHELF,      /* shelves or bookcases along a wall */
	FEATURE_TABLE,      /* a table or workbench */
	FEATURE_THRONE,     /* a great chair on a dais */
	FEATURE_HEARTH,     /* a hearth, fire pit or forge */
	FEATURE_CAGE,       /* a cage or pen */
	FEATURE_WELL,       /* a well shaft with a rim */
	FEATURE_COUNT
};

enum region_flag {
	REGION_FLAG_PORT = 1,   /* an island's port (cards): crossing by boat etc. */
	REGION_FLAG_ENTRY = 2   /* the region holding the entrance */
};

struct region {
	enum region_kind kind;
	int number;             /* key number 1..n for rooms, halls, bridges; 0 */
	char name[48];          /* "Entrance Hall", "Library", or "" */
	int zone;               /* cards zone index, 0 elsewhere */
	char card[32];          /* cards: the room card laid here ("pillared-hall"), or "" */
	int flags;              /* enum region_flag bits */
	int area;               /* squares; kept by map_recount() */
	struct rect bounds;     /* bounding box; kept by map_recount() */
};

struct door {
	int x, y;               /* the square on one side of the edge */
	enum side side;         /* which edge of (x, y); normalised, see map_add_door */
	enum door_kind kind;
	int lock;               /* index into map.locks for DOOR_LOCKED (-1: its key
				 * is nowhere on the map), else -1 */
};

struct stair {
	int x, y;
	enum stair_dir dir;
	int to_level;           /* depth of the level it reaches, 0 if none */
	int to_room;            /* key number of the room it arrives in on that
				 * level, 0 if unknown (set by levels.c) */
};

/* A key that opens a locked door, and the region where it lies. */
struct lock {
	int door;               /* index into map.doors */
	int region;             /* region where the key is found */
	char name[40];          /* "brass key" */
};

struct zone {
	char theme[48];         /* "Flooded Halls", or "" */
};

#define MAP_MAX_NOTES 8
/* A method's figures of the level it made: how many, and their length. */
#define MAP_MAX_FIGURES 8
#define MAP_FIGURE_LEN 160

/* A lettered mark on a square, explained in a key section of its own after
 * the rooms (donjon's corridor features: a trap, a smell, a chute). */
#define MAP_MAX_MARKS 1000
#define MARK_TEXT_MAX 2000      /* bytes of text, its NUL not counted */
struct map_mark {
	int x, y;
	char label[4];          /* "A", "B", ...: 1 to 3 letters or digits */
	int secret;             /* left off the players' handout (a trap) */
	char *text;             /* the key's paragraph, malloc'd */
};

/* One slot of the door table: edge number + 1 (0: empty) and door index;
 * eight bytes, so the table of a big map stays small (map_init keeps the
 * edge numbers within 32 bits). */
struct map_door_slot {
	unsigned edge;
	int door;
};

struct map {
	int w, h;
	int square_feet;        /* the side of one square in feet, 10 by default */
	int depth;              /* level number, 1-based */
	const char *method;     /* static name from the method table */

	int *cells;             /* w*h region ids */
	unsigned char *features;/* w*h enum feature */

	struct region *regions; /* regions[0] is solid ground */
	int nregions;           /* highest region id in use */
	int regions_cap;

	struct door *doors;
	int ndoors, doors_cap;
	struct map_door_slot *door_at; /* doors by grid edge, a hash table of
				   door_slots (a power of two) slots (see map.c) */
	int door_slots;

	struct stair *stairs;
	int nstairs, stairs_cap;

	struct lock *locks;
	int nlocks, locks_cap;

	struct zone *zones;
	int nzones, zones_cap;

	struct {
		int x, y;       /* a square inside the entrance region */
		int side;       /* enum side of the edge to the outside, or -1 (stairs up) */
		int set;
	} entrance;

	char notes[MAP_MAX_NOTES][120];   /* lines for the key's footer, in a
					   * referee's words (a zone's theme) */
	int nnotes;
	/* the method's measures of how it made the level ("Packing density
	 * 80.4%: ..."): the roll log and --verbose say them (levels.c); no
	 * output prints them */
	char figures[MAP_MAX_FIGURES][MAP_FIGURE_LEN];
	int nfigures;

	struct map_mark *marks;     /* in the order of the key's section */
	int nmarks, marks_cap;
};

extern const int side_dx[SIDE_COUNT];
extern const int side_dy[SIDE_COUNT];
enum side side_opposite(enum side s);
const char *side_name(enum side s);        /* "north" ... */
const char *side_letter(enum side s);      /* "n" ... */
const char *region_kind_name(enum region_kind k);   /* "room", "hall", ... */
const char *door_kind_name(enum door_kind k);       /* "opening", "door", ... */
const char *feature_name(enum feature f);

/* Allocates a w x h grid of solid ground. On failure returns -1 with e set
 * and leaves m freeable. square_feet starts at 10, depth at 1. */
int map_init(struct map *m, int w, int h, struct err *e);
/* Frees everything map_init and the map_add_* calls allocated. */
void map_free(struct map *m);

static inline int map_in(const struct map *m, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->w && y < m->h;
}
/* Region id at (x, y); 0 outside the grid. */
static inline int map_at(const struct map *m, int x, int y)
{
	return map_in(m, x, y) ? m->cells[(long)y * m->w + x] : 0;
}
static inline void map_set(struct map *m, int x, int y, int region)
{
	m->cells[(long)y * m->w + x] = region;
}

/* The first x in from..end-1 whose square in `row` is not region id, or
 * end. With SSE2, sixteen squares are compared at a time and the first
 * that differs is found from the bit mask of the comparison, so a pass over
 * the grid costs a few instructions a run instead of a branch a square. */
static inline int map_row_run_end(const int *row, int from, int end, int id)
{
	int x = from;
#if defined(__SSE2__) && defined(__GNUC__)
	const __m128i want = _mm_set1_epi32(id);
	for (; x + 16 <= end; x += 16) {
		const __m128i *p = (const __m128i *)(const void *)(row + x);
		__m128i a = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_loadu_si128(p), want),
					    _mm_cmpeq_epi32(_mm_loadu_si128(p + 1), want));
		__m128i b = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_loadu_si128(p + 2), want),
					    _mm_cmpeq_epi32(_mm_loadu_si128(p + 3), want));
		unsigned same = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, b));
		if (same != 0xffffu)
			return x + __builtin_ctz(~same);
	}
#endif
	while (x < end && row[x] == id)
		x++;
	return x;
}

/* The first x in from..end-1 whose square in `row` is not solid ground, or
 * end: the whole-grid passes cross empty rock with it. */
static inline int map_row_skip_ground(const int *row, int from, int end)
{
	return map_row_run_end(row, from, end, 0);
}

/* Adds a region; returns its id (>= 1), or -1 with e set. */
int map_add_region(struct map *m, enum region_kind kind, struct err *e);
/* Assigns every square of r (clipped to the grid) to region. */
void map_fill_rect(struct map *m, int region, struct rect r);
/* True when every square of r grown by margin lies inside the grid and is
 * solid ground. */
int map_rect_free(const struct map *m, struct rect r, int margin);
/* Recomputes every region's area and bounds from the cells. */
void map_recount(struct map *m);

/* Adds a door on the edge on `side` of (x, y). The edge is normalised so the
 * same edge always has one representation: a west or north edge with a
 * square beyond it is stored as the east or south edge of that square.
 * A second door on the same edge replaces the first's kind. Returns the door
 * index, or -1 with e set (off the grid, or no wall there). */
int map_add_door(struct map *m, int x, int y, enum side side, enum door_kind kind, struct err *e);
/* A hint that a door on the edge on `side` of (x, y) is about to be added
 * or looked up: starts loading the two squares beside it and its slot of
 * the door table into the cache (on a big grid both are far apart in
 * memory), so a generator can overlap those loads with other work. Does
 * nothing else; off the grid it does nothing at all. */
void map_prefetch_door(const struct map *m, int x, int y, enum side side);
/* Makes room for `regions` regions and `doors` doors in all (either 0: no
 * change), so adding up to that many moves and rehashes nothing. Returns 0
 * or -1 with e set. */
int map_reserve(struct map *m, int regions, int doors, struct err *e);
/* Index of the door on that edge, or -1. */
int map_find_door(const struct map *m, int x, int y, enum side side);
/* The regions on both sides of a door: *a at (x, y), *b beyond the edge
 * (0 outside the grid). */
void map_door_regions(const struct map *m, const struct door *d, int *a, int *b);
/* Removes door i (the last door takes its place; lock indices are fixed). */
void map_remove_door(struct map *m, int i);

int map_add_stair(struct map *m, int x, int y, enum stair_dir dir, int to_level, struct err *e);
/* Adds a lock for door `door` whose key lies in `region`; the door becomes
 * DOOR_LOCKED. Returns the lock index or -1. */
int map_add_lock(struct map *m, int door, int region, const char *key_name, struct err *e);
/* Adds a zone with a theme (may be ""); returns its index or -1. */
int map_add_zone(struct map *m, const char *theme, struct err *e);
/* Sets the entrance: a square of the entrance region and the side facing the
 * outside (or -1 when the entrance is a stair up). */
void map_set_entrance(struct map *m, int x, int y, int side);
/* Adds a line for the key's footer (dropped silently past MAP_MAX_NOTES):
 * what a referee uses at the table, never how the method measured itself. */
void map_add_note(struct map *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds one of the method's figures (dropped silently past MAP_MAX_FIGURES):
 * a measure for --verbose and the roll log, kept out of every output. */
void map_add_figure(struct map *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Adds a mark on square (x, y) with its label and text (copied). Returns
 * its index, or -1 with e set (off the grid, a label not 1 to 3 letters or
 * digits, a text too long, more than MAP_MAX_MARKS). map_check checks the
 * rest (on a floor square; one label, one text: a thing in several places
 * has a mark in each). */
int map_add_mark(struct map *m, int x, int y, const char *label, int secret, const char *text, struct err *e);
/* The lines of the key's section of marks, a label once (in the order of
 * the marks): *out is malloc'd (NULL for none); returns the count or -1
 * with e set. Free with map_mark_lines_free. */
int map_mark_lines(const struct map *m, char ***out, struct err *e);
void map_mark_lines_free(char **lines, int n);

/* Decomposes region `id` into non-overlapping rectangles (greedy, by row
 * runs merged downwards). *out is malloc'd; returns the count or -1. */
int map_region_rects(const struct map *m, int id, struct rect **out, struct err *e);

/* True for the kinds that get key numbers (room, hall, bridge). */
int region_is_keyed(enum region_kind k);

#endif
