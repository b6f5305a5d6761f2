/* read_donjon_cells.c: a donjon export's grid. cell_bit names the bit (or
 * the mask) of every flag; cells holds a row of whole numbers per row of
 * the map. A room square joins the region of its room id; corridor squares
 * touching each other make one corridor region; a door square (a door, an
 * arch, locked, trapped, secret, a portcullis) stands in the wall between
 * two floor squares: it joins the corridor beyond with the door on its edge
 * toward the room, or, between two rooms or two corridors, becomes a
 * passage of its own with the door on both its edges. A room square
 * touching a corridor or another room with no door between (caves) is open
 * to it. */
#include "read/read_donjon_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of cell (x, y) of the map (0 outside the file's grid). */
static uint32_t dj_cell(const struct dj *d, int x, int y)
{
	int cx = x + d->x0, cy = y + d->y0;
	if (cx < 0 || cy < 0 || cx >= d->cols || cy >= d->rows)
		return 0;
	return d->cells[(size_t)cy * (size_t)d->cols + (size_t)cx];
}

static int dj_has(const struct dj *d, uint32_t v, enum dj_flag f)
{
	return d->flag[f] != 0 && (v & d->flag[f]) != 0;
}

static const char *const flag_names[DJ_NFLAGS] = {
	"room", "corridor", "door", "arch", "locked", "trapped", "secret", "portcullis", "stair_up", "stair_down"
};

/* Names donjon writes for squares that are solid ground to mapsheet
 * (walls, blocked and unused cells) or for the letters it prints on its
 * own map; read and checked, nothing drawn from them. */
static const char *const ground_names[] = { "nothing", "block", "perimeter", "aperture", "label", "entrance" };

static int find_name(const char *const *names, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], key) == 0)
			return i;
	return -1;
}

static int contiguous_mask(uint32_t v)
{
	if (v == 0)
		return 0;
	uint32_t low = v >> __builtin_ctz(v);
	return (low & (low + 1)) == 0;
}

int dj_read_cell_bit(struct dj *d, json_t *root)
{
	json_t *cb = jf_field(&d->r, root, "top level", "cell_bit", JSON_OBJECT, 0);
	if (!cb)
		return -1;
	if (json_object_size(cb) > 64)
		return jf_fail(&d->r, "cell_bit", "%zu names, more than 64", json_object_size(cb));
	const char *key;
	json_t *v;
	uint32_t used = 0;
	char used_by[32][24];
	memset(used_by, 0, sizeof used_by);
	json_object_foreach(cb, key, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 0xffffffffLL)
			return jf_fail(&d->r, "cell_bit", "%.40s: expected a whole number 0 to 4294967295",
				       dj_key(key));
		uint32_t bits = (uint32_t)json_integer_value(v);
		int f = find_name(flag_names, DJ_NFLAGS, key);
		if (f >= 0 && (bits == 0 || (bits & (bits - 1)) != 0))
			return jf_fail(&d->r, "cell_bit", "%s: %lu is not a single bit (a flag is one of 1, 2, 4, ... 2147483648)",
				       key, (unsigned long)bits);
		if (strcmp(key, "room_id") == 0 && !contiguous_mask(bits))
			return jf_fail(&d->r, "cell_bit", "room_id: %lu is not a mask of neighbouring bits", (unsigned long)bits);
		/* a name that claims a bit another name holds would make a cell mean two things */
		if (bits & used) {
			const char *other = "another name";
			for (int b = 0; b < 32; b++)
				if ((bits & used & (1u << b)) && used_by[b][0])
					other = used_by[b];
			return jf_fail(&d->r, "cell_bit", "%.40s and %s share bit %lu", dj_key(key), other,
				       (unsigned long)(bits & used & -(bits & used)));
		}
		used |= bits;
		for (int b = 0; b < 32; b++)
			if (bits & (1u << b))
				snprintf(used_by[b], sizeof used_by[b], "%.23s", dj_key(key));
		if (f >= 0) {
			d->flag[f] = bits;
		} else if (strcmp(key, "room_id") == 0) {
			d->room_id_mask = bits;
			d->room_id_shift = __builtin_ctz(bits);
		} else if (find_name(ground_names, (int)(sizeof ground_names / sizeof ground_names[0]), key) < 0 && bits) {
			d->other |= bits;
			size_t n = strlen(d->other_names);
			if (n + strlen(dj_key(key)) + 3 < sizeof d->other_names)
				snprintf(d->other_names + n, sizeof d->other_names - n, "%s%s", n ? ", " : "", dj_key(key));
		}
	}
	d->known = used;
	if (!d->flag[DJ_ROOM] || !d->flag[DJ_CORRIDOR] || !d->room_id_mask)
		return jf_fail(&d->r, "cell_bit", "names no %s (a donjon export names at least room, corridor and room_id)",
			       !d->flag[DJ_ROOM] ? "room" : !d->flag[DJ_CORRIDOR] ? "corridor" : "room_id");
	return 0;
}

int dj_read_cells(struct dj *d, json_t *root)
{
	json_t *rows = jf_field(&d->r, root, "top level", "cells", JSON_ARRAY, 0);
	if (!rows)
		return -1;
	size_t nr = json_array_size(rows);
	json_t *first = json_array_get(rows, 0);
	size_t nc = json_is_array(first) ? json_array_size(first) : 0;
	if (nr < 1 || nr > DONJON_MAX_SIDE || !json_is_array(first) || nc < 1 || nc > DONJON_MAX_SIDE)
		return jf_fail(&d->r, "cells", "%zu rows of %zu cells; expected 1 to %d rows of 1 to %d cells each", nr, nc,
			       DONJON_MAX_SIDE, DONJON_MAX_SIDE);
	d->rows = (int)nr;
	d->cols = (int)nc;
	if (!(d->cells = malloc(nr * nc * sizeof *d->cells)))
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	size_t y, x;
	json_t *row, *v;
	char at[48];
	int other_cells = 0;
	json_array_foreach(rows, y, row) {
		snprintf(at, sizeof at, "cells[%zu]", y);
		if (!json_is_array(row))
			return jf_fail(&d->r, at, "not an array (each row of cells is an array of whole numbers)");
		if (json_array_size(row) != nc)
			return jf_fail(&d->r, at, "%zu cells, but row 0 has %zu (every row has as many)",
				       json_array_size(row), nc);
		json_array_foreach(row, x, v) {
			if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 0xffffffffLL)
				return jf_fail(&d->r, at, "[%zu]: expected a whole number 0 to 4294967295", x);
			uint32_t c = (uint32_t)json_integer_value(v);
			if (c & ~d->known)
				return jf_fail(&d->r, at, "[%zu]: %lu holds bit %lu, which cell_bit does not name", x,
					       (unsigned long)c, (unsigned long)((c & ~d->known) & -(c & ~d->known)));
			other_cells += (c & d->other) != 0;
			d->cells[y * nc + x] = c;
		}
	}
	if (other_cells)
		log_warn(d->log, "%s: %d cell%s carry flags mapsheet does not draw (%s); drawn as their other flags",
			 d->r.name, other_cells, other_cells == 1 ? "" : "s", d->other_names);
	return 0;
}

static int is_door(const struct dj *d, uint32_t v)
{
	for (int f = DJ_DOOR; f <= DJ_PORTCULLIS; f++)
		if (dj_has(d, v, (enum dj_flag)f))
			return 1;
	return 0;
}

static int is_floor(const struct dj *d, uint32_t v)
{
	return dj_has(d, v, DJ_ROOM) || dj_has(d, v, DJ_CORRIDOR) || is_door(d, v) || dj_has(d, v, DJ_STAIR_UP) ||
	       dj_has(d, v, DJ_STAIR_DOWN);
}

static int is_room(const struct dj *d, uint32_t v)
{
	return dj_has(d, v, DJ_ROOM) && !is_door(d, v);
}

/* The door kind of a door cell (the most hidden or the strongest, should a
 * cell carry two) and its donjon kind. */
static enum door_kind door_kind_of(const struct dj *d, uint32_t v, enum dj_door *djk)
{
	static const struct { enum dj_flag f; enum dj_door k; enum door_kind ours; } order[] = {
		{ DJ_SECRET, DJD_SECRET, DOOR_SECRET }, { DJ_PORTCULLIS, DJD_PORTCULLIS, DOOR_PORTCULLIS },
		{ DJ_LOCKED, DJD_LOCKED, DOOR_LOCKED }, { DJ_TRAPPED, DJD_TRAPPED, DOOR_PLAIN },
		{ DJ_DOOR, DJD_DOOR, DOOR_PLAIN }, { DJ_ARCH, DJD_ARCH, DOOR_OPENING },
	};
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (dj_has(d, v, order[i].f)) {
			*djk = order[i].k;
			return order[i].ours;
		}
	*djk = DJD_DOOR;
	return DOOR_PLAIN;
}

/* The axis of door cell (x, y): SIDE_N for north-south, SIDE_E for
 * east-west, the one with floor on both sides (a room on one side if both
 * have); -1 when neither has. */
static int door_axis(const struct dj *d, int x, int y)
{
	int best = -1, best_rooms = -1;
	for (int s = SIDE_N; s <= SIDE_E; s++) {
		int o = (s + 2) % SIDE_COUNT;
		uint32_t a = dj_cell(d, x + side_dx[s], y + side_dy[s]), b = dj_cell(d, x + side_dx[o], y + side_dy[o]);
		if (!is_floor(d, a) || !is_floor(d, b))
			continue;
		int rooms = is_room(d, a) + is_room(d, b);
		if (rooms > best_rooms) {
			best = s;
			best_rooms = rooms;
		}
	}
	return best;
}

/* The crop: every floor cell and a cell of rock around, inside the grid. */
static int crop(struct dj *d)
{
	int minx = d->cols, miny = d->rows, maxx = -1, maxy = -1;
	for (int y = 0; y < d->rows; y++)
		for (int x = 0; x < d->cols; x++)
			if (is_floor(d, d->cells[(size_t)y * d->cols + x])) {
				minx = x < minx ? x : minx;
				maxx = x > maxx ? x : maxx;
				miny = y < miny ? y : miny;
				maxy = y > maxy ? y : maxy;
			}
	if (maxx < 0)
		return jf_fail(&d->r, "cells", "no room or corridor anywhere (cell_bit's room and corridor mark no cell)");
	d->x0 = minx > 0 ? minx - 1 : 0;
	d->y0 = miny > 0 ? miny - 1 : 0;
	int x1 = maxx + 1 < d->cols ? maxx + 1 : maxx, y1 = maxy + 1 < d->rows ? maxy + 1 : maxy;
	return map_init(d->m, x1 - d->x0 + 1, y1 - d->y0 + 1, d->r.e);
}

/* Where a message names a cell: the file's row and column. */
static void cell_place(const struct dj *d, int x, int y, char *out, size_t size)
{
	snprintf(out, size, "cells[%d][%d]", y + d->y0, x + d->x0);
}

/* Rooms by room id; door cells classified; the kinds filled in. */
static int place_rooms(struct dj *d)
{
	struct map *m = d->m;
	char at[48];
	for (int id = 1; id <= d->max_room; id++)
		if (d->room_of[id]) {
			int g = map_add_region(m, REGION_ROOM, d->r.e);
			if (g < 0)
				return -1;
			d->room_of[id] = g;
			m->regions[g].number = g;
		}
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			uint32_t v = dj_cell(d, x, y);
			unsigned char *k = &d->kind[(size_t)y * m->w + x];
			if (is_door(d, v)) {
				int axis = door_axis(d, x, y);
				if (axis < 0) {
					cell_place(d, x, y, at, sizeof at);
					return jf_fail(&d->r, at, "a door between nothing (a door needs floor on both sides, "
						       "north and south or east and west)");
				}
				int rooms = is_room(d, dj_cell(d, x + side_dx[axis], y + side_dy[axis])) +
					    is_room(d, dj_cell(d, x - side_dx[axis], y - side_dy[axis]));
				*k = rooms == 1 ? DJC_DOOR_JOINED : DJC_DOOR_OWN;
			} else if (is_room(d, v)) {
				uint32_t id = (v & d->room_id_mask) >> d->room_id_shift;
				if (id == 0 || (int)id > d->max_room || !d->room_of[id]) {
					cell_place(d, x, y, at, sizeof at);
					return jf_fail(&d->r, at, "room id %lu is not in rooms", (unsigned long)id);
				}
				*k = DJC_ROOM;
				map_set(m, x, y, d->room_of[id]);
			} else if (is_floor(d, v)) {
				*k = DJC_CORRIDOR;
			}
		}
	return 0;
}

/* Corridors: each piece of touching corridor squares (joined doors
 * included) one region; each door of its own one region. */
static int place_corridors(struct dj *d)
{
	struct map *m = d->m;
	size_t n = (size_t)m->w * (size_t)m->h;
	int *stack = malloc(n * sizeof *stack);
	if (!stack)
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	for (size_t i = 0; i < n; i++) {
		if (m->cells[i] || (d->kind[i] != DJC_CORRIDOR && d->kind[i] != DJC_DOOR_JOINED &&
				    d->kind[i] != DJC_DOOR_OWN))
			continue;
		int g = map_add_region(m, REGION_CORRIDOR, d->r.e);
		if (g < 0) {
			free(stack);
			return -1;
		}
		m->cells[i] = g;
		if (d->kind[i] == DJC_DOOR_OWN)
			continue;
		int top = 0;
		stack[top++] = (int)i;
		while (top > 0) {
			int c = stack[--top], cx = c % m->w, cy = c / m->w;
			for (int s = 0; s < SIDE_COUNT; s++) {
				int nx = cx + side_dx[s], ny = cy + side_dy[s];
				if (!map_in(m, nx, ny))
					continue;
				size_t j = (size_t)ny * m->w + nx;
				if (!m->cells[j] && (d->kind[j] == DJC_CORRIDOR || d->kind[j] == DJC_DOOR_JOINED)) {
					m->cells[j] = g;
					stack[top++] = (int)j;
				}
			}
		}
	}
	free(stack);
	return 0;
}

/* A door of kind on the edge on side s of (x, y), unless the squares on
 * both sides are one region or it is there already. */
static int add_door(struct dj *d, int x, int y, enum side s, enum door_kind kind)
{
	struct map *m = d->m;
	int a = map_at(m, x, y), b = map_at(m, x + side_dx[s], y + side_dy[s]);
	if (a == b || a == 0 || b == 0 || map_find_door(m, x, y, s) >= 0)
		return 0;
	return map_add_door(m, x, y, s, kind, d->r.e) < 0 ? -1 : 0;
}

static int place_doors(struct dj *d)
{
	struct map *m = d->m;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			unsigned char k = d->kind[(size_t)y * m->w + x];
			if (k != DJC_DOOR_JOINED && k != DJC_DOOR_OWN)
				continue;
			enum dj_door djk;
			enum door_kind kind = door_kind_of(d, dj_cell(d, x, y), &djk);
			d->door_count[djk]++;
			int axis = door_axis(d, x, y);
			for (int s = axis; s < SIDE_COUNT; s += 2) {
				uint32_t beyond = dj_cell(d, x + side_dx[s], y + side_dy[s]);
				if ((k == DJC_DOOR_OWN || is_room(d, beyond)) && add_door(d, x, y, (enum side)s, kind) < 0)
					return -1;
			}
		}
	/* open floor: a room square beside a corridor square or another room */
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			unsigned char k = d->kind[(size_t)y * m->w + x];
			for (int s = SIDE_E; s <= SIDE_S; s++) {
				int nx = x + side_dx[s], ny = y + side_dy[s];
				if (!map_in(m, nx, ny))
					continue;
				unsigned char o = d->kind[(size_t)ny * m->w + nx];
				if (((k == DJC_ROOM && (o == DJC_ROOM || o == DJC_CORRIDOR)) || (o == DJC_ROOM && k == DJC_CORRIDOR)) &&
				    add_door(d, x, y, (enum side)s, DOOR_OPENING) < 0)
					return -1;
			}
		}
	return 0;
}

static int place_stairs(struct dj *d)
{
	struct map *m = d->m;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			uint32_t v = dj_cell(d, x, y);
			for (int f = DJ_STAIR_UP; f <= DJ_STAIR_DOWN; f++)
				if (dj_has(d, v, (enum dj_flag)f) &&
				    map_add_stair(m, x, y, f == DJ_STAIR_UP ? STAIR_UP : STAIR_DOWN, 0, d->r.e) < 0)
					return -1;
		}
	return 0;
}

int dj_build_map(struct dj *d, struct map *m)
{
	d->m = m;
	if (crop(d) < 0)
		return -1;
	m->square_feet = d->feet;
	if (!(d->kind = calloc((size_t)m->w * (size_t)m->h, 1)))
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	if (place_rooms(d) < 0 || place_corridors(d) < 0)
		return -1;
	map_recount(m);
	for (int id = 1; id <= d->max_room; id++) {
		int g = d->room_of[id];
		if (g && m->regions[g].area == 0)
			return jf_fail(&d->r, "rooms", "room %d has no square in cells (no cell holds room id %d)", id, id);
	}
	return place_doors(d) < 0 || place_stairs(d) < 0 ? -1 : 0;
}
