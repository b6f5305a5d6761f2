/* map.c: the map model's storage: grid, regions, doors, stairs, locks. */
#include "model/map.h"

#include "base/utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int side_dx[SIDE_COUNT] = { 0, 1, 0, -1 };
const int side_dy[SIDE_COUNT] = { -1, 0, 1, 0 };

enum side side_opposite(enum side s)
{
	return (enum side)((s + 2) % SIDE_COUNT);
}

const char *side_name(enum side s)
{
	static const char *const names[SIDE_COUNT] = { "north", "east", "south", "west" };
	return (unsigned)s < SIDE_COUNT ? names[s] : "?";
}

const char *side_letter(enum side s)
{
	static const char *const names[SIDE_COUNT] = { "n", "e", "s", "w" };
	return (unsigned)s < SIDE_COUNT ? names[s] : "?";
}

const char *region_kind_name(enum region_kind k)
{
	static const char *const names[REGION_KIND_COUNT] = { "room", "hall", "corridor", "bridge" };
	return (unsigned)k < REGION_KIND_COUNT ? names[k] : "?";
}

const char *door_kind_name(enum door_kind k)
{
	static const char *const names[DOOR_KIND_COUNT] = {
		"opening", "door", "locked", "secret", "portcullis"
	};
	return (unsigned)k < DOOR_KIND_COUNT ? names[k] : "?";
}

const char *feature_name(enum feature f)
{
	static const char *const names[FEATURE_COUNT] = { "none",  "pillar", "water", "rubble", "statue", "pit",  "altar", "coffin",
								 "bed",   "crate",  "shelf", "table",  "throne", "hearth", "cage",
								 "well" };
	return (unsigned)f < FEATURE_COUNT ? names[f] : "?";
}

int region_is_keyed(enum region_kind k)
{
	return k == REGION_ROOM || k == REGION_HALL || k == REGION_BRIDGE;
}

int map_init(struct map *m, int w, int h, struct err *e)
{
	memset(m, 0, sizeof *m);
	m->square_feet = 10;
	m->depth = 1;
	m->entrance.side = -1;
	if (w <= 0 || h <= 0)
		return err_set(e, "map size %dx%d is empty", w, h);
	/* the door table numbers every edge of the grid in 32 bits */
	if (2.0 * ((double)w + 1) * ((double)h + 1) >= 4294967295.0)
		return err_set(e, "map size %dx%d is too large", w, h);
	m->w = w;
	m->h = h;
	m->cells = calloc((size_t)w * (size_t)h, sizeof *m->cells);
	m->features = calloc((size_t)w * (size_t)h, 1);
	m->door_slots = 64;
	m->door_at = calloc((size_t)m->door_slots, sizeof *m->door_at);
	m->regions_cap = 16;
	m->regions = calloc((size_t)m->regions_cap, sizeof *m->regions);
	if (!m->cells || !m->features || !m->regions || !m->door_at) {
		map_free(m);
		return err_set(e, "out of memory for a %dx%d map", w, h);
	}
	return 0;
}

void map_free(struct map *m)
{
	free(m->cells);
	free(m->features);
	free(m->door_at);
	free(m->regions);
	free(m->doors);
	free(m->stairs);
	free(m->locks);
	free(m->zones);
	for (int i = 0; i < m->nmarks; i++)
		free(m->marks[i].text);
	free(m->marks);
	memset(m, 0, sizeof *m);
}

/* Grows *array (of *cap elements of size each) so index `need` fits. */
static int grow(void **array, int *cap, int need, size_t size, struct err *e)
{
	if (need < *cap)
		return 0;
	int ncap = *cap ? *cap : 8;
	while (ncap <= need) {
		if (ncap > (1 << 28))
			return err_set(e, "too many map elements");
		ncap *= 2;
	}
	void *p = realloc(*array, (size_t)ncap * size);
	if (!p)
		return err_set(e, "out of memory");
	memset((char *)p + (size_t)*cap * size, 0, (size_t)(ncap - *cap) * size);
	*array = p;
	*cap = ncap;
	return 0;
}

int map_add_region(struct map *m, enum region_kind kind, struct err *e)
{
	int id = m->nregions + 1;
	if (grow((void **)&m->regions, &m->regions_cap, id, sizeof *m->regions, e) < 0)
		return -1;
	struct region *r = &m->regions[id];
	memset(r, 0, sizeof *r);
	r->kind = kind;
	m->nregions = id;
	return id;
}

void map_fill_rect(struct map *m, int region, struct rect r)
{
	int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
	int x1 = r.x + r.w > m->w ? m->w : r.x + r.w;
	int y1 = r.y + r.h > m->h ? m->h : r.y + r.h;
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++)
			m->cells[(long)y * m->w + x] = region;
}

int map_rect_free(const struct map *m, struct rect r, int margin)
{
	int x0 = r.x - margin, y0 = r.y - margin;
	int x1 = r.x + r.w + margin, y1 = r.y + r.h + margin;
	if (r.w <= 0 || r.h <= 0 || x0 < 0 || y0 < 0 || x1 > m->w || y1 > m->h)
		return 0;
	for (int y = y0; y < y1; y++)
		for (int x = x0; x < x1; x++)
			if (m->cells[(long)y * m->w + x])
				return 0;
	return 1;
}

/* A region's squares and extent while the grid is read (x1, y1 past the
 * last square): five ints side by side, so the tallies of a big map stay in
 * cache while the rows stream past, where the regions' own records would
 * not. */
struct recount_tally {
	int area, x0, y0, x1, y1;
};

/* The runs of row y (w squares) into tally t (ids 1..n; others ignored). */
static void recount_row(const int *row, int y, int w, int n, struct recount_tally *t)
{
	for (int x = map_row_skip_ground(row, 0, w); x < w; x = map_row_skip_ground(row, x, w)) {
		int id = row[x], x0 = x;
		x = map_row_run_end(row, x + 1, w, id);
		if (id <= 0 || id > n)
			continue;
		struct recount_tally *r = &t[id];
		if (r->area == 0) {
			*r = (struct recount_tally){ x - x0, x0, y, x, y + 1 };
			continue;
		}
		if (x0 < r->x0)
			r->x0 = x0;
		if (x > r->x1)
			r->x1 = x;
		r->y1 = y + 1;
		r->area += x - x0;
	}
}

void map_recount(struct map *m)
{
	int n = m->nregions;
	struct recount_tally *t = calloc((size_t)n + 1, sizeof *t);
	if (!t) {
		for (int i = 0; i <= n; i++) {
			m->regions[i].area = 0;
			m->regions[i].bounds = (struct rect){ 0, 0, 0, 0 };
		}
		/* no memory for the tallies: the same counts kept in the regions'
		 * records directly */
		for (int y = 0; y < m->h; y++) {
			const int *row = m->cells + (long)y * m->w;
			for (int x = map_row_skip_ground(row, 0, m->w); x < m->w; x = map_row_skip_ground(row, x, m->w)) {
				int id = row[x], x0 = x;
				while (x < m->w && row[x] == id)
					x++;
				if (id <= 0 || id > n)
					continue;
				struct region *r = &m->regions[id];
				struct rect *b = &r->bounds;
				if (r->area == 0) {
					*b = (struct rect){ x0, y, x - x0, 1 };
				} else {
					if (x0 < b->x) { b->w += b->x - x0; b->x = x0; }
					if (x > b->x + b->w) b->w = x - b->x;
					if (y >= b->y + b->h) b->h = y - b->y + 1;
				}
				r->area += x - x0;
			}
		}
		return;
	}
	/* row by row, a run of one region's squares at a time */
	for (int y = 0; y < m->h; y++)
		recount_row(m->cells + (long)y * m->w, y, m->w, n, t);
	/* one pass over the regions' records (the tally of 0 stays empty) */
	for (int id = 0; id <= n; id++) {
		struct region *r = &m->regions[id];
		r->area = t[id].area;
		r->bounds = t[id].area ? (struct rect){ t[id].x0, t[id].y0, t[id].x1 - t[id].x0, t[id].y1 - t[id].y0 }
				       : (struct rect){ 0, 0, 0, 0 };
	}
	free(t);
}

/* Rewrites a west/north edge as the east/south edge of the square beyond. */
static void normalise_edge(const struct map *m, int *x, int *y, enum side *side)
{
	if (*side == SIDE_W && *x > 0) {
		(*x)--;
		*side = SIDE_E;
	} else if (*side == SIDE_N && *y > 0) {
		(*y)--;
		*side = SIDE_S;
	}
	(void)m;
}

/* Every edge of the grid has a number: first the vertical edges, the west
 * edge of (x, y) for x in 0..w, then the horizontal ones, the north edge of
 * (x, y) for y in 0..h. The doors are found by edge number in a hash table
 * (open addressing, linear probing, at most half full), so the table grows
 * with the doors, not with the grid. */
static long edge_index(const struct map *m, int x, int y, enum side side)
{
	long vertical = ((long)m->w + 1) * m->h;
	switch (side) {
	case SIDE_W: return (long)y * (m->w + 1) + x;
	case SIDE_E: return (long)y * (m->w + 1) + x + 1;
	case SIDE_N: return vertical + (long)y * m->w + x;
	default: return vertical + (long)(y + 1) * m->w + x;
	}
}

/* Where edge's probe run starts. */
static unsigned door_home(const struct map *m, long edge)
{
	return (unsigned)(((unsigned long long)edge * 0x9E3779B97F4A7C15ULL) >> 32) & ((unsigned)m->door_slots - 1);
}

/* The slot holding edge, or the empty slot where it would go. */
static int door_slot(const struct map *m, long edge)
{
	unsigned mask = (unsigned)m->door_slots - 1, i = door_home(m, edge);
	while (m->door_at[i].edge && m->door_at[i].edge != (unsigned)(edge + 1))
		i = (i + 1) & mask;
	return (int)i;
}

/* Moves the door table to `slots` slots (a power of two, more than twice
 * the doors). Returns 0 or -1 with e. */
static int door_table_resize(struct map *m, int slots, struct err *e)
{
	struct map_door_slot *old = m->door_at;
	int nold = m->door_slots;
	struct map_door_slot *t = calloc((size_t)slots, sizeof *t);
	if (!t)
		return err_set(e, "out of memory for the doors");
	m->door_at = t;
	m->door_slots = slots;
	for (int i = 0; i < nold; i++)
		if (old[i].edge)
			m->door_at[door_slot(m, old[i].edge - 1)] = old[i];
	free(old);
	return 0;
}

/* Doubles the door table once it is half full. Returns 0 or -1 with e. */
static int door_table_grow(struct map *m, struct err *e)
{
	if (2 * (m->ndoors + 1) <= m->door_slots)
		return 0;
	if (m->door_slots > (1 << 28))
		return err_set(e, "too many doors");
	return door_table_resize(m, m->door_slots * 2, e);
}

/* Empties slot i, moving later entries of its probe run back into the gap. */
static void door_slot_clear(struct map *m, int i)
{
	unsigned mask = (unsigned)m->door_slots - 1, gap = (unsigned)i, j = (unsigned)i;
	m->door_at[gap].edge = 0;
	for (;;) {
		j = (j + 1) & mask;
		if (!m->door_at[j].edge)
			return;
		unsigned home = door_home(m, m->door_at[j].edge - 1);
		/* j's entry may fill the gap unless its home lies after the gap */
		if (((j - home) & mask) >= ((j - gap) & mask)) {
			m->door_at[gap] = m->door_at[j];
			m->door_at[j].edge = 0;
			gap = j;
		}
	}
}

int map_find_door(const struct map *m, int x, int y, enum side side)
{
	if (!map_in(m, x, y) || (unsigned)side >= SIDE_COUNT)
		return -1;
	const struct map_door_slot *s = &m->door_at[door_slot(m, edge_index(m, x, y, side))];
	return s->edge ? s->door : -1;
}

void map_door_regions(const struct map *m, const struct door *d, int *a, int *b)
{
	*a = map_at(m, d->x, d->y);
	*b = map_at(m, d->x + side_dx[d->side], d->y + side_dy[d->side]);
}

int map_add_door(struct map *m, int x, int y, enum side side, enum door_kind kind, struct err *e)
{
	if (!map_in(m, x, y) || (unsigned)side >= SIDE_COUNT)
		return err_set(e, "door at (%d, %d) is off the %dx%d grid", x, y, m->w, m->h);
	normalise_edge(m, &x, &y, &side);
	int a = map_at(m, x, y);
	int b = map_at(m, x + side_dx[side], y + side_dy[side]);
	if (a == b)
		return err_set(e, "door at (%d, %d) %s: no wall there (region %d on both sides)",
			       x, y, side_name(side), a);
	/* one probe finds the door already there or the slot for a new one */
	long edge = edge_index(m, x, y, side);
	int slot = door_slot(m, edge);
	if (m->door_at[slot].edge) {
		int i = m->door_at[slot].door;
		if (m->doors[i].kind != DOOR_LOCKED)
			m->doors[i].kind = kind;
		return i;
	}
	int slots = m->door_slots;
	if (grow((void **)&m->doors, &m->doors_cap, m->ndoors, sizeof *m->doors, e) < 0 ||
	    door_table_grow(m, e) < 0)
		return -1;
	if (m->door_slots != slots)
		slot = door_slot(m, edge);
	int i = m->ndoors++;
	m->doors[i] = (struct door){ x, y, side, kind, -1 };
	m->door_at[slot] = (struct map_door_slot){ (unsigned)(edge + 1), i };
	return i;
}

/* A hint to the processor to start loading the line holding p. */
static inline void prefetch(const void *p)
{
#if defined(__GNUC__)
	__builtin_prefetch(p);
#else
	(void)p;
#endif
}

void map_prefetch_door(const struct map *m, int x, int y, enum side side)
{
	if (!map_in(m, x, y) || (unsigned)side >= SIDE_COUNT)
		return;
	normalise_edge(m, &x, &y, &side);
	prefetch(&m->cells[(long)y * m->w + x]);
	if (map_in(m, x + side_dx[side], y + side_dy[side]))
		prefetch(&m->cells[(long)(y + side_dy[side]) * m->w + x + side_dx[side]]);
	prefetch(&m->door_at[door_home(m, edge_index(m, x, y, side))]);
}

int map_reserve(struct map *m, int regions, int doors, struct err *e)
{
	if (regions > 0 && grow((void **)&m->regions, &m->regions_cap, regions, sizeof *m->regions, e) < 0)
		return -1;
	if (doors <= 0)
		return 0;
	if (grow((void **)&m->doors, &m->doors_cap, doors - 1, sizeof *m->doors, e) < 0)
		return -1;
	/* the size the table doubles to by the time it holds that many */
	int slots = m->door_slots;
	while (2 * doors > slots) {
		if (slots > (1 << 28))
			return err_set(e, "too many doors");
		slots *= 2;
	}
	return slots > m->door_slots ? door_table_resize(m, slots, e) : 0;
}

void map_remove_door(struct map *m, int i)
{
	if (i < 0 || i >= m->ndoors)
		return;
	int last = m->ndoors - 1;
	for (int k = 0; k < m->nlocks; k++) {
		if (m->locks[k].door == i)
			m->locks[k].door = -1;
		else if (m->locks[k].door == last)
			m->locks[k].door = i;
	}
	const struct door *gone = &m->doors[i], *moved = &m->doors[last];
	door_slot_clear(m, door_slot(m, edge_index(m, gone->x, gone->y, gone->side)));
	if (i != last)
		m->door_at[door_slot(m, edge_index(m, moved->x, moved->y, moved->side))].door = i;
	m->doors[i] = m->doors[last];
	m->ndoors--;
}

int map_add_stair(struct map *m, int x, int y, enum stair_dir dir, int to_level, struct err *e)
{
	if (!map_in(m, x, y))
		return err_set(e, "stairs at (%d, %d) are off the %dx%d grid", x, y, m->w, m->h);
	if (grow((void **)&m->stairs, &m->stairs_cap, m->nstairs, sizeof *m->stairs, e) < 0)
		return -1;
	int i = m->nstairs++;
	m->stairs[i] = (struct stair){ x, y, dir, to_level, 0 };
	return i;
}

int map_add_lock(struct map *m, int door, int region, const char *key_name, struct err *e)
{
	if (door < 0 || door >= m->ndoors)
		return err_set(e, "lock on door %d, which does not exist", door);
	if (grow((void **)&m->locks, &m->locks_cap, m->nlocks, sizeof *m->locks, e) < 0)
		return -1;
	int i = m->nlocks++;
	m->locks[i].door = door;
	m->locks[i].region = region;
	snprintf(m->locks[i].name, sizeof m->locks[i].name, "%s", key_name ? key_name : "key");
	m->doors[door].kind = DOOR_LOCKED;
	m->doors[door].lock = i;
	return i;
}

int map_add_zone(struct map *m, const char *theme, struct err *e)
{
	if (grow((void **)&m->zones, &m->zones_cap, m->nzones, sizeof *m->zones, e) < 0)
		return -1;
	int i = m->nzones++;
	snprintf(m->zones[i].theme, sizeof m->zones[i].theme, "%s", theme ? theme : "");
	return i;
}

void map_set_entrance(struct map *m, int x, int y, int side)
{
	m->entrance.x = x;
	m->entrance.y = y;
	m->entrance.side = side;
	m->entrance.set = 1;
}

void map_add_note(struct map *m, const char *fmt, ...)
{
	va_list ap;
	if (m->nnotes >= MAP_MAX_NOTES)
		return;
	va_start(ap, fmt);
	char *note = m->notes[m->nnotes];
	int full = vsnprintf(note, sizeof m->notes[0], fmt, ap);
	va_end(ap);
	/* a note cut short ends on a whole character, never inside one */
	if (full >= (int)sizeof m->notes[0])
		note[utf8_first_bad(note, strlen(note))] = '\0';
	m->nnotes++;
}

void map_add_figure(struct map *m, const char *fmt, ...)
{
	va_list ap;
	if (m->nfigures >= MAP_MAX_FIGURES)
		return;
	va_start(ap, fmt);
	vsnprintf(m->figures[m->nfigures], sizeof m->figures[0], fmt, ap);
	va_end(ap);
	m->nfigures++;
}

int map_region_rects(const struct map *m, int id, struct rect **out, struct err *e)
{
	const struct region *r = &m->regions[id];
	struct rect b = r->bounds;
	int n = 0, cap = 4;
	struct rect *rs = malloc((size_t)cap * sizeof *rs);
	unsigned char *used = calloc((size_t)(b.w > 0 ? b.w : 1) * (size_t)(b.h > 0 ? b.h : 1), 1);
	if (!rs || !used) {
		free(rs);
		free(used);
		return err_set(e, "out of memory");
	}
	for (int y = b.y; y < b.y + b.h; y++) {
		for (int x = b.x; x < b.x + b.w; x++) {
			if (map_at(m, x, y) != id || used[(y - b.y) * b.w + (x - b.x)])
				continue;
			int w = 0;
			while (x + w < b.x + b.w && map_at(m, x + w, y) == id &&
			       !used[(y - b.y) * b.w + (x + w - b.x)])
				w++;
			int h = 1;
			for (;; h++) {
				int yy = y + h, ok = yy < b.y + b.h;
				for (int k = 0; ok && k < w; k++)
					ok = map_at(m, x + k, yy) == id && !used[(yy - b.y) * b.w + (x + k - b.x)];
				if (!ok)
					break;
			}
			for (int yy = y; yy < y + h; yy++)
				for (int k = 0; k < w; k++)
					used[(yy - b.y) * b.w + (x + k - b.x)] = 1;
			if (n == cap) {
				struct rect *p = realloc(rs, (size_t)cap * 2 * sizeof *rs);
				if (!p) {
					free(rs);
					free(used);
					return err_set(e, "out of memory");
				}
				rs = p;
				cap *= 2;
			}
			rs[n++] = (struct rect){ x, y, w, h };
		}
	}
	free(used);
	*out = rs;
	return n;
}
