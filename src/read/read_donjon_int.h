/* read_donjon_int.h: what the parts of the donjon reader share
 * (read_donjon.c the document, read_donjon_cells.c the grid and its
 * regions, doors and stairs, read_donjon_rooms.c the rooms and their key,
 * read_donjon_notes.c the corridor features, details and wandering
 * monsters). Every flag of a cell is read through the file's own cell_bit
 * table, never from fixed values. */
#ifndef MAPSHEET_READ_DONJON_INT_H
#define MAPSHEET_READ_DONJON_INT_H

#include "read/json_fields.h"
#include "read/read_json.h"

#include <stdint.h>

#define DONJON_MAX_SIDE 1000    /* cells on a side */
#define DONJON_MAX_ROOMS 10000
#define DONJON_MAX_BLEED 100

/* The flags mapsheet reads, by their names in cell_bit. */
enum dj_flag {
	DJ_ROOM, DJ_CORRIDOR, DJ_DOOR, DJ_ARCH, DJ_LOCKED, DJ_TRAPPED, DJ_SECRET, DJ_PORTCULLIS,
	DJ_STAIR_UP, DJ_STAIR_DOWN, DJ_NFLAGS
};

/* The donjon door kinds, for the warnings' counts. */
enum dj_door { DJD_DOOR, DJD_ARCH, DJD_LOCKED, DJD_TRAPPED, DJD_SECRET, DJD_PORTCULLIS, DJD_COUNT };

/* What a cell of the grid became. */
enum dj_cell { DJC_ROCK, DJC_ROOM, DJC_CORRIDOR, DJC_DOOR_JOINED, DJC_DOOR_OWN };

struct dj {
	struct jf r;
	struct log *log;
	uint32_t flag[DJ_NFLAGS];       /* 0: the file does not name it */
	uint32_t room_id_mask;
	int room_id_shift;
	uint32_t known;                 /* every bit cell_bit names */
	uint32_t other;                 /* bits of names mapsheet does not read */
	char other_names[160];          /* those names, for the warning */
	uint32_t *cells;                /* rows x cols, as the file gives them */
	int rows, cols;
	int bleed;                      /* rooms, doors, stairs, egress: cells less bleed */
	int feet;                       /* a cell's side in feet */
	int x0, y0;                     /* the map's (0, 0) is the cell (x0, y0) */
	unsigned char *kind;            /* map w x h: enum dj_cell */
	int *room_of;                   /* donjon room id -> region id (0: not listed) */
	int max_room;                   /* highest room id the rooms list holds */
	int door_count[DJD_COUNT];
	struct map *m;
};

struct sbuf;
/* Appends text to s with each run of white space made one space, none at
 * the start of s or at the end. */
void dj_add_collapsed(struct sbuf *s, const char *text);

/* A key of the file as a message names it: "" when it is empty, which would
 * otherwise leave "cell_bit: : ..." or "details.: ...". */
static inline const char *dj_key(const char *key)
{
	return key[0] ? key : "\"\"";
}

/* Each returns 0, or -1 with a usage error naming the file and the place. */
int dj_read_cell_bit(struct dj *d, json_t *root);
int dj_read_cells(struct dj *d, json_t *root);
/* The rooms list: ids, boxes inside the grid (room_of filled with 1 for a
 * listed id). */
int dj_read_rooms(struct dj *d, json_t *root);
/* The map: regions (rooms numbered in id order), doors, openings, stairs. */
int dj_build_map(struct dj *d, struct map *m);
/* Checks the rooms' doors against the grid and writes each room's key
 * lines (contents, doors). */
int dj_room_lines(struct dj *d, json_t *root, struct key *k);
int dj_read_marks(struct dj *d, json_t *root);
/* The details as notes (before the key is built). */
int dj_read_details(struct dj *d, json_t *root);
int dj_read_wandering(struct dj *d, json_t *root, struct key *k);

#endif
