/* tile_doors.c: finding a tile's doors from its drawing, following the
 * door rule of the tiles procedure: from a door square, run along the
 * adjacent door squares in both directions until a square that is not a
 * door; the count is the width and the first square is the door's position.
 *
 * The rules this file decides (documented in mapsheet-templates(5)):
 * - A door is a straight run. A door square with door squares both beside
 *   it (west or east) and above or below it is the corner where two doors
 *   meet: it is read as rock (a corner post), and the arms are two doors.
 *   Doors that touch only diagonally are simply two doors. Door squares
 *   that fill a 2x2 block are an error.
 * - The side with floor along the whole run is where the door opens from.
 *   Floor on one side and nothing on the other: an outer door, where another
 *   tile joins; the square beyond it must be outside the drawing (' ').
 *   Floor on both sides: an inner door; it must split the tile into two
 *   floor pieces, and its squares belong to the north (or west) piece.
 * - A one-square door that could be in either wall (floor on two adjacent
 *   sides) is an error: the wall it is in cannot be told. */
#include "methods/tiles/tile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline enum tile_square sq(const struct tile *t, int x, int y)
{
	if (x < 0 || y < 0 || x >= t->w || y >= t->h)
		return TSQ_OUT;
	return tile_square_of(t->cells[y * t->w + x]);
}

static int is_door(const struct tile *t, int x, int y)
{
	enum tile_square s = sq(t, x, y);
	return s == TSQ_DOOR || s == TSQ_ENTRY;
}

/* Reports a problem at square (x, y) of the tile, as file:line:column when
 * the tile was read from a file, else naming the tile and square. */
static int tile_error(const struct tile *t, int x, int y, struct err *e, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int tile_error(const struct tile *t, int x, int y, struct err *e, const char *fmt, ...)
{
	char what[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (t->row_line && y >= 0 && y < t->h)
		return err_at(e, t->file, t->row_line[y], t->row_col[y] + x, "%s", what);
	if (t->file[0] && y < 0)
		return err_at(e, t->file, t->line, 1, "%s", what);
	return err_usage(e, "tile '%s', square %d,%d: %s", t->name, x, y, what);
}

/* Turns the corner squares of L, T and + shaped door groups into rock. */
static int find_posts(struct tile *t, struct err *e)
{
	size_t n = (size_t)t->w * (size_t)t->h;
	unsigned char *post = calloc(n ? n : 1, 1);
	if (!post)
		return err_set(e, "out of memory reading tile '%s'", t->name);
	for (int y = 0; y < t->h; y++) {
		for (int x = 0; x < t->w; x++) {
			if (!is_door(t, x, y))
				continue;
			int across = is_door(t, x - 1, y) || is_door(t, x + 1, y);
			int along = is_door(t, x, y - 1) || is_door(t, x, y + 1);
			if (!across || !along)
				continue;
			for (int by = y - 1; by <= y; by++)
				for (int bx = x - 1; bx <= x; bx++)
					if (is_door(t, bx, by) && is_door(t, bx + 1, by) &&
					    is_door(t, bx, by + 1) && is_door(t, bx + 1, by + 1)) {
						free(post);
						return tile_error(t, bx, by, e,
								  "door squares fill a 2x2 block; a door is one square thick");
					}
			post[(size_t)y * t->w + x] = 1;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (post[i])
			t->cells[i] = '#';
	free(post);
	return 0;
}

/* Numbers the 4-connected pieces of floor. */
static int find_pieces(struct tile *t, struct err *e)
{
	size_t n = (size_t)t->w * (size_t)t->h;
	int *stack = malloc((n ? n : 1) * sizeof *stack);
	t->comp = malloc((n ? n : 1) * sizeof *t->comp);
	t->comp_area = malloc((n ? n : 1) * sizeof *t->comp_area);
	if (!stack || !t->comp || !t->comp_area) {
		free(stack);
		return err_set(e, "out of memory reading tile '%s'", t->name);
	}
	for (size_t i = 0; i < n; i++)
		t->comp[i] = -1;
	t->ncomp = 0;
	for (int y = 0; y < t->h; y++) {
		for (int x = 0; x < t->w; x++) {
			if (sq(t, x, y) != TSQ_FLOOR || t->comp[y * t->w + x] >= 0)
				continue;
			int c = t->ncomp++, top = 0, area = 0;
			stack[top++] = y * t->w + x;
			t->comp[y * t->w + x] = c;
			while (top > 0) {
				int i = stack[--top], cx = i % t->w, cy = i / t->w;
				area++;
				for (int s = 0; s < SIDE_COUNT; s++) {
					int nx = cx + side_dx[s], ny = cy + side_dy[s];
					if (sq(t, nx, ny) == TSQ_FLOOR && t->comp[ny * t->w + nx] < 0) {
						t->comp[ny * t->w + nx] = c;
						stack[top++] = ny * t->w + nx;
					}
				}
			}
			t->comp_area[c] = area;
		}
	}
	free(stack);
	return 0;
}

/* How a run of door squares reads along one axis. */
struct run_reading {
	int ok;                 /* a valid door this way */
	int facing;             /* outer: enum side away from the floor; inner: -1 */
	const char *why;        /* when not ok */
};

static struct run_reading read_run(const struct tile *t, int x0, int y0, int width, enum tile_axis axis)
{
	struct run_reading r = { 0, -1, NULL };
	/* side 1 is north (or west) of the run, side 2 south (or east) */
	enum side s1 = axis == TILE_AXIS_H ? SIDE_N : SIDE_W;
	enum side s2 = side_opposite(s1);
	int f1 = 0, f2 = 0;
	for (int k = 0; k < width; k++) {
		int x = x0 + (axis == TILE_AXIS_H ? k : 0), y = y0 + (axis == TILE_AXIS_V ? k : 0);
		f1 += sq(t, x + side_dx[s1], y + side_dy[s1]) == TSQ_FLOOR;
		f2 += sq(t, x + side_dx[s2], y + side_dy[s2]) == TSQ_FLOOR;
	}
	if (f1 == width && f2 == width) {
		r.ok = 1;
	} else if (f1 == width && f2 == 0) {
		r.ok = 1;
		r.facing = s2;
	} else if (f2 == width && f1 == 0) {
		r.ok = 1;
		r.facing = s1;
	} else if (f1 == 0 && f2 == 0) {
		r.why = "has no floor beside it";
	} else {
		r.why = "needs floor along its whole width on one side";
	}
	return r;
}

static int add_door(struct tile *t, const struct tile_door *d, int *cap, struct err *e)
{
	if (t->ndoors == *cap) {
		int ncap = *cap ? *cap * 2 : 8;
		struct tile_door *p = realloc(t->doors, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading tile '%s'", t->name);
		t->doors = p;
		*cap = ncap;
	}
	t->doors[t->ndoors++] = *d;
	return 0;
}

/* Finds the run through door square (x, y), reads it and adds the door. */
static int find_door_at(struct tile *t, int x, int y, unsigned char *seen, int *cap, struct err *e)
{
	struct tile_door d = { x, y, 1, TILE_AXIS_H, -1, 0, -1, -1 };
	int single = 0;
	if (is_door(t, x + 1, y) || is_door(t, x - 1, y))
		d.axis = TILE_AXIS_H;
	else if (is_door(t, x, y + 1) || is_door(t, x, y - 1))
		d.axis = TILE_AXIS_V;
	else
		single = 1;
	int dx = d.axis == TILE_AXIS_H, dy = d.axis == TILE_AXIS_V;
	int x1 = x, y1 = y;
	if (!single) {
		while (is_door(t, d.x - dx, d.y - dy)) {
			d.x -= dx;
			d.y -= dy;
		}
		while (is_door(t, x1 + dx, y1 + dy)) {
			x1 += dx;
			y1 += dy;
		}
	}
	d.width = (x1 - d.x) + (y1 - d.y) + 1;
	char first = t->cells[d.y * t->w + d.x];
	for (int k = 0; k < d.width; k++) {
		int cx = d.x + k * dx, cy = d.y + k * dy;
		seen[cy * t->w + cx] = 1;
		if (t->cells[cy * t->w + cx] != first)
			return tile_error(t, cx, cy, e, "a door mixes 'D' and 'E' squares");
	}
	d.entry = first == 'E';
	if (d.width > TILE_MAX_DOOR)
		return tile_error(t, d.x, d.y, e, "door is %d squares wide (at most %d)", d.width, TILE_MAX_DOOR);

	struct run_reading r;
	if (single) {
		struct run_reading h = read_run(t, d.x, d.y, 1, TILE_AXIS_H);
		struct run_reading v = read_run(t, d.x, d.y, 1, TILE_AXIS_V);
		if (h.ok && v.ok)
			return tile_error(t, d.x, d.y, e,
					  "door has floor on two neighbouring sides; the wall it is in cannot be told");
		d.axis = v.ok ? TILE_AXIS_V : TILE_AXIS_H;
		r = v.ok ? v : h;
	} else {
		r = read_run(t, d.x, d.y, d.width, d.axis);
	}
	if (!r.ok)
		return tile_error(t, d.x, d.y, e, "door %s", r.why);
	d.facing = r.facing;

	if (d.facing >= 0) {
		/* outer: the floor side gives the piece, the far side must be open */
		enum side in = side_opposite((enum side)d.facing);
		d.comp = t->comp[(d.y + side_dy[in]) * t->w + d.x + side_dx[in]];
		for (int k = 0; k < d.width; k++) {
			int cx = d.x + k * dx + side_dx[d.facing], cy = d.y + k * dy + side_dy[d.facing];
			if (sq(t, cx, cy) != TSQ_OUT)
				return tile_error(t, d.x + k * dx, d.y + k * dy, e,
						  "door opens onto its own tile's %s; nothing could join it there "
						  "(draw the outside as spaces)",
						  sq(t, cx, cy) == TSQ_ROCK ? "rock" : "door");
		}
	} else {
		if (d.entry)
			return tile_error(t, d.x, d.y, e, "the way in ('E') must open to the outside, not between two floors");
		enum side s1 = d.axis == TILE_AXIS_H ? SIDE_N : SIDE_W, s2 = side_opposite(s1);
		d.comp = t->comp[(d.y + side_dy[s1]) * t->w + d.x + side_dx[s1]];
		d.comp2 = t->comp[(d.y + side_dy[s2]) * t->w + d.x + side_dx[s2]];
		if (d.comp == d.comp2)
			return tile_error(t, d.x, d.y, e,
					  "inner door leads from a room back into the same room; wall it off so it splits the tile");
		for (int k = 0; k < d.width; k++)
			t->comp[(d.y + k * dy) * t->w + d.x + k * dx] = d.comp;
	}
	if (d.entry && d.width != 1)
		return tile_error(t, d.x, d.y, e, "the way in ('E') is %d squares wide; it must be one square", d.width);
	return add_door(t, &d, cap, e);
}

static int uf_find(int *parent, int a)
{
	while (parent[a] != a)
		a = parent[a] = parent[parent[a]];
	return a;
}

/* Checks the pieces are joined by inner doors, and the door counts. */
static int check_whole(struct tile *t, struct err *e)
{
	if (t->ncomp == 0)
		return tile_error(t, 0, -1, e, "tile '%s' has no floor", t->name);
	int *parent = malloc((size_t)t->ncomp * sizeof *parent);
	if (!parent)
		return err_set(e, "out of memory reading tile '%s'", t->name);
	for (int c = 0; c < t->ncomp; c++)
		parent[c] = c;
	int outer = 0, entries = 0, ex = 0, ey = 0;
	for (int i = 0; i < t->ndoors; i++) {
		const struct tile_door *d = &t->doors[i];
		if (d->facing < 0)
			parent[uf_find(parent, d->comp)] = uf_find(parent, d->comp2);
		else if (d->entry) {
			if (entries++ == 0) {
				ex = d->x;
				ey = d->y;
			}
		} else
			outer++;
	}
	for (int i = 0; i < t->w * t->h; i++) {
		if (t->comp[i] >= 0 && uf_find(parent, t->comp[i]) != uf_find(parent, 0)) {
			free(parent);
			return tile_error(t, i % t->w, i / t->w, e,
					  "this part of the tile is not joined to the rest by a door");
		}
	}
	free(parent);
	if (outer == 0)
		return tile_error(t, 0, -1, e, "tile '%s' has no door ('D' in an outer wall)", t->name);
	if (t->kind == TILE_ENTRANCE && entries != 1)
		return tile_error(t, entries ? ex : 0, entries ? ey : -1, e,
				  "an entrance tile needs exactly one way in ('E'); '%s' has %d", t->name, entries);
	if (t->kind != TILE_ENTRANCE && entries > 0)
		return tile_error(t, ex, ey, e, "'E' (the way in) belongs only in a tile of kind entrance");
	return 0;
}

int tile_analyse(struct tile *t, struct err *e)
{
	free(t->comp);
	free(t->comp_area);
	free(t->doors);
	t->comp = t->comp_area = NULL;
	t->doors = NULL;
	t->ndoors = 0;
	if (find_posts(t, e) < 0 || find_pieces(t, e) < 0)
		return -1;
	size_t n = (size_t)t->w * (size_t)t->h;
	unsigned char *seen = calloc(n ? n : 1, 1);
	if (!seen)
		return err_set(e, "out of memory reading tile '%s'", t->name);
	int cap = 0;
	for (int y = 0; y < t->h; y++)
		for (int x = 0; x < t->w; x++)
			if (is_door(t, x, y) && !seen[y * t->w + x] && find_door_at(t, x, y, seen, &cap, e) < 0) {
				free(seen);
				return -1;
			}
	free(seen);
	return check_whole(t, e);
}
