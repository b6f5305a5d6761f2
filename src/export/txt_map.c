/* txt_map.c: the map drawn in text, for the preview (export_txt.c). Each
 * square is 3, 2 or 1 characters wide, the widest at which the map fits
 * the width it is drawn for, and 1 high, with a character column and row
 * for the edges between squares, so walls and doors sit on the grid lines
 * as on the printed sheet. Only the floor's bounding box is drawn.
 *
 *   +---+---+   +--+--+   +-+-+   walls: - | +    doors on a wall: D door,
 *   | 1     D   |1    D   |1  D   L locked, S secret, # portcullis, a gap
 *   +---+---+   +--+--+   +-+-+   for an opening; E entrance, > < stairs;
 *                                 features (export_txt_feature_char):
 *                                 o ~ % & * A pillar water rubble statue
 *                                 pit altar, C B X = T coffin bed crate
 *                                 shelf table, K H ! W throne hearth cage
 *                                 well
 *
 * A room's number stands on the square nearest the middle of the room
 * where it fits on the room's own blank floor, as near the middle of the
 * room's width as it can, running on over the edges between its squares
 * when it is wider than one; where it fits nowhere it stands on the middle
 * square all the same.
 */
#include "export/export.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL_MAX 3      /* characters a square, at most (the sheet's look) */

/* The canvas: the map's squares x0.., y0.. drawn `cell` characters wide. */
struct canvas {
	const struct map *m;
	int x0, y0, bw, bh;     /* the squares drawn */
	int cell, cols, rows;
	char *c;
};

#define AT(cv, cx, cy) ((cv)->c[(size_t)(cy) * (size_t)(cv)->cols + (size_t)(cx)])

/* The edge column left of square x, the row above square y. */
static int edge_col(const struct canvas *cv, int x)
{
	return (cv->cell + 1) * (x - cv->x0);
}

static int edge_row(const struct canvas *cv, int y)
{
	return 2 * (y - cv->y0);
}

static char door_char(enum door_kind k)
{
	switch (k) {
	case DOOR_OPENING: return ' ';
	case DOOR_LOCKED: return 'L';
	case DOOR_SECRET: return 'S';
	case DOOR_PORTCULLIS: return '#';
	default: return 'D';
	}
}

/* Is there a wall on the edge on `side` of (x, y)? */
static int is_wall(const struct map *m, int x, int y, enum side side)
{
	int a = map_at(m, x, y), b = map_at(m, x + side_dx[side], y + side_dy[side]);
	int in_a = map_in(m, x, y), in_b = map_in(m, x + side_dx[side], y + side_dy[side]);
	if (!in_a && !in_b)
		return 0;
	return a != b;
}

/* The floor's bounding box (the whole grid when it has no floor). */
static void floor_box(const struct map *m, int *x0, int *y0, int *bw, int *bh)
{
	int ax = m->w, ay = m->h, bx = -1, by = -1;
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->area <= 0)
			continue;
		if (r->bounds.x < ax)
			ax = r->bounds.x;
		if (r->bounds.y < ay)
			ay = r->bounds.y;
		if (r->bounds.x + r->bounds.w - 1 > bx)
			bx = r->bounds.x + r->bounds.w - 1;
		if (r->bounds.y + r->bounds.h - 1 > by)
			by = r->bounds.y + r->bounds.h - 1;
	}
	if (bx < 0) {
		ax = ay = 0;
		bx = m->w - 1;
		by = m->h - 1;
	}
	*x0 = ax;
	*y0 = ay;
	*bw = bx - ax + 1;
	*bh = by - ay + 1;
}

/* Walls on the grid lines, then the corners where they meet. */
static void draw_walls(struct canvas *cv)
{
	const struct map *m = cv->m;
	int x1 = cv->x0 + cv->bw, y1 = cv->y0 + cv->bh;
	for (int y = cv->y0; y <= y1; y++)
		for (int x = cv->x0; x <= x1; x++) {
			if (x < x1 && is_wall(m, x, y, SIDE_N))
				memset(&AT(cv, edge_col(cv, x) + 1, edge_row(cv, y)), '-', (size_t)cv->cell);
			if (y < y1 && is_wall(m, x, y, SIDE_W))
				AT(cv, edge_col(cv, x), edge_row(cv, y) + 1) = '|';
		}
	for (int y = cv->y0; y <= y1; y++)
		for (int x = cv->x0; x <= x1; x++) {
			int cx = edge_col(cv, x), cy = edge_row(cv, y);
			int h = (x > cv->x0 && AT(cv, cx - 1, cy) == '-') || (x < x1 && AT(cv, cx + 1, cy) == '-');
			int v = (y > cv->y0 && AT(cv, cx, cy - 1) == '|') || (y < y1 && AT(cv, cx, cy + 1) == '|');
			AT(cv, cx, cy) = h && v ? '+' : (h ? '-' : (v ? '|' : ' '));
		}
}

/* Doors on their edges: a secret door is wall with its S, the others a gap
 * with their letter. */
static void draw_doors(struct canvas *cv)
{
	const struct map *m = cv->m;
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		char c = door_char(d->kind);
		int ex = d->x + (d->side == SIDE_E), ey = d->y + (d->side == SIDE_S);
		if (d->side == SIDE_N || d->side == SIDE_S) {
			if (d->x < cv->x0 || d->x >= cv->x0 + cv->bw || ey < cv->y0 || ey > cv->y0 + cv->bh)
				continue;
			char *at = &AT(cv, edge_col(cv, d->x) + 1, edge_row(cv, ey));
			memset(at, d->kind == DOOR_SECRET ? '-' : ' ', (size_t)cv->cell);
			at[(cv->cell - 1) / 2] = c;
		} else {
			if (ex < cv->x0 || ex > cv->x0 + cv->bw || d->y < cv->y0 || d->y >= cv->y0 + cv->bh)
				continue;
			AT(cv, edge_col(cv, ex), edge_row(cv, d->y) + 1) = c;
		}
	}
}

char export_txt_feature_char(enum feature f)
{
	static const char chars[] = { ' ', 'o', '~', '%', '&', '*', 'A', 'C', 'B', 'X', '=', 'T', 'K', 'H', '!', 'W' };
	_Static_assert(sizeof chars == FEATURE_COUNT, "a character for every feature");
	return (unsigned)f < FEATURE_COUNT ? chars[f] : ' ';
}

/* Character i of square (x, y), if the square is drawn. */
static void put_in_square(struct canvas *cv, int x, int y, int i, char c)
{
	if (x < cv->x0 || x >= cv->x0 + cv->bw || y < cv->y0 || y >= cv->y0 + cv->bh)
		return;
	AT(cv, edge_col(cv, x) + 1 + i, edge_row(cv, y) + 1) = c;
}

/* Features in the middle of their squares, stairs at the right, the
 * entrance at the left; where a square is one character, the entrance
 * before the stairs before the feature. */
static void draw_marks(struct canvas *cv)
{
	const struct map *m = cv->m;
	for (int y = cv->y0; y < cv->y0 + cv->bh; y++)
		for (int x = cv->x0; x < cv->x0 + cv->bw; x++) {
			unsigned char ft = m->features[(long)y * m->w + x];
			if (ft > FEATURE_NONE && ft < FEATURE_COUNT)
				put_in_square(cv, x, y, cv->cell / 2, export_txt_feature_char((enum feature)ft));
		}
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *s = &m->stairs[i];
		put_in_square(cv, s->x, s->y, cv->cell - 1, s->dir == STAIR_DOWN ? '>' : '<');
	}
	if (m->entrance.set && m->entrance.side >= 0)
		put_in_square(cv, m->entrance.x, m->entrance.y, 0, 'E');
}

/* Is column cx of square row y blank floor of region id: a square's own
 * character, or the edge between two of its squares? */
static int free_for(const struct canvas *cv, int id, int cx, int y)
{
	if (cx < 0 || cx >= cv->cols || AT(cv, cx, edge_row(cv, y) + 1) != ' ')
		return 0;
	int stride = cv->cell + 1, x = cv->x0 + cx / stride;
	if (cx % stride != 0)
		return map_at(cv->m, x, y) == id;
	return x > cv->x0 && x < cv->x0 + cv->bw && map_at(cv->m, x - 1, y) == id && map_at(cv->m, x, y) == id;
}

/* The first column for text of len characters on square (x, y): the one
 * nearest `want` at which it covers at least one of the square's
 * characters or the edges beside them. */
static int on_square(const struct canvas *cv, int x, int len, int want)
{
	int lo = edge_col(cv, x) - len + 1, hi = edge_col(cv, x) + cv->cell + 1;
	return want < lo ? lo : want > hi ? hi : want;
}

/* Where text of len characters stands on square (x, y) of region id, on
 * the region's blank floor, covering at least one of the square's
 * characters or the edges beside them, as near column `want` as it fits:
 * the first column, or -1 when it fits nowhere there. */
static int fit_on(const struct canvas *cv, int id, int x, int y, int len, int want)
{
	int lo = edge_col(cv, x) - len + 1, hi = edge_col(cv, x) + cv->cell + 1;
	int mid = on_square(cv, x, len, want);
	for (int step = 0; step <= 2 * (hi - lo + 1); step++) {
		int start = mid + (step % 2 ? (step + 1) / 2 : -(step / 2));
		if (start < lo || start > hi)
			continue;
		int ok = 1;
		for (int i = 0; i < len && ok; i++)
			ok = free_for(cv, id, start + i, y);
		if (ok)
			return start;
	}
	return -1;
}

/* A square of region id and how far it is from the middle of the region's
 * bounds (doubled, squared), for ordering the places for its number. */
struct spot {
	long dist;
	int x, y;
};

static int spot_cmp(const void *a, const void *b)
{
	const struct spot *p = a, *q = b;
	if (p->dist != q->dist)
		return p->dist < q->dist ? -1 : 1;
	return p->y != q->y ? (p->y < q->y ? -1 : 1) : (p->x > q->x) - (p->x < q->x);
}

/* The region's squares nearest the middle of its bounds first (in reading
 * order among equals), into *out; returns how many, or -1 without memory. */
static long region_spots(const struct map *m, int id, struct spot **out)
{
	const struct region *r = &m->regions[id];
	const struct rect *b = &r->bounds;
	struct spot *v = malloc(((size_t)r->area + 1) * sizeof *v);
	if (!v)
		return -1;
	long n = 0;
	int cx2 = 2 * b->x + b->w - 1, cy2 = 2 * b->y + b->h - 1;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++)
			if (map_at(m, x, y) == id && n < r->area) {
				long dx = 2 * x - cx2, dy = 2 * y - cy2;
				v[n++] = (struct spot){ dx * dx + dy * dy, x, y };
			}
	qsort(v, (size_t)n, sizeof *v, spot_cmp);
	*out = v;
	return n;
}

/* Each numbered region's number on the nearest square to its middle where
 * it fits on the region's floor, else on its middle square. Returns 0, or
 * -1 without memory. */
static int draw_numbers(struct canvas *cv)
{
	const struct map *m = cv->m;
	for (int id = 1; id <= m->nregions; id++) {
		int n = m->regions[id].number;
		if (n <= 0 || m->regions[id].area <= 0)
			continue;
		char num[16];
		int len = snprintf(num, sizeof num, "%d", n);
		struct spot *v;
		long nv = region_spots(m, id, &v);
		if (nv < 0)
			return -1;
		/* centred across the region's bounds */
		const struct rect *b = &m->regions[id].bounds;
		int want = (edge_col(cv, b->x) + edge_col(cv, b->x + b->w) - len + 1) / 2;
		int at = -1, y = 0;
		for (long i = 0; i < nv && at < 0; i++)
			if ((at = fit_on(cv, id, v[i].x, v[i].y, len, want)) >= 0)
				y = v[i].y;
		if (at < 0 && nv > 0) {
			/* nowhere on its own floor: over what is there, on its middle square */
			y = v[0].y;
			at = on_square(cv, v[0].x, len, want);
		}
		free(v);
		for (int i = 0; i < len && nv > 0; i++)
			if (at + i >= 0 && at + i < cv->cols)
				AT(cv, at + i, edge_row(cv, y) + 1) = num[i];
	}
	return 0;
}

/* The canvas of m drawn for `width` columns, into *cv (cv->c to free).
 * Returns 0, or -1 with e set. */
static int draw_map(struct canvas *cv, const struct map *m, int width, struct err *e)
{
	*cv = (struct canvas){ .m = m };
	floor_box(m, &cv->x0, &cv->y0, &cv->bw, &cv->bh);
	cv->cell = CELL_MAX;
	while (cv->cell > 1 && (long)(cv->cell + 1) * cv->bw + 1 > width)
		cv->cell--;
	cv->cols = (cv->cell + 1) * cv->bw + 1;
	cv->rows = 2 * cv->bh + 1;
	cv->c = malloc((size_t)cv->cols * (size_t)cv->rows);
	if (!cv->c)
		return err_set(e, "out of memory for the text preview");
	memset(cv->c, ' ', (size_t)cv->cols * (size_t)cv->rows);
	draw_walls(cv);
	draw_doors(cv);
	draw_marks(cv);
	if (draw_numbers(cv) < 0) {
		free(cv->c);
		cv->c = NULL;
		return err_set(e, "out of memory for the text preview");
	}
	return 0;
}

/* Whether character ch stands anywhere on the drawing. */
static int drawn(const struct canvas *cv, char ch)
{
	return memchr(cv->c, ch, (size_t)cv->cols * (size_t)cv->rows) != NULL;
}

/* Appends item `what` of a legend's group to s: the group's heading
 * (NULL: none) before its first item, a comma before the others. *n
 * counts the group's items, *groups the groups begun. */
static void legend_item(struct sbuf *s, int *n, int *groups, const char *heading, const char *what)
{
	if ((*n)++ > 0)
		sbuf_add(s, ", ");
	else
		sbuf_printf(s, "%s%s", (*groups)++ ? ". " : "", heading ? heading : "");
	sbuf_add(s, what);
}

int export_txt_legend(const struct map *m, int width, struct sbuf *out, struct err *e)
{
	struct canvas cv;
	if (draw_map(&cv, m, width, e) < 0)
		return -1;
	static const struct {
		enum door_kind kind;
		const char *words;
	} doors[] = { { DOOR_PLAIN, "D door" },		{ DOOR_LOCKED, "L locked" },
		      { DOOR_SECRET, "S secret" },	{ DOOR_PORTCULLIS, "# portcullis" },
		      { DOOR_OPENING, "a gap opening" } };
	static const struct {
		char ch;
		const char *words;
	} marks[] = { { 'E', "E entrance" }, { '>', "> stairs down" }, { '<', "< stairs up" } };
	int groups = 0, n = 0;
	for (size_t i = 0; i < sizeof doors / sizeof doors[0]; i++) {
		int has = 0;
		/* an opening is a gap, nothing to find on the drawing: the map's doors say */
		if (doors[i].kind == DOOR_OPENING)
			for (int d = 0; d < m->ndoors && !has; d++)
				has = m->doors[d].kind == DOOR_OPENING;
		else
			has = drawn(&cv, door_char(doors[i].kind));
		if (has)
			legend_item(out, &n, &groups, "Doors: ", doors[i].words);
	}
	n = 0;
	for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
		if (drawn(&cv, marks[i].ch))
			legend_item(out, &n, &groups, NULL, marks[i].words);
	n = 0;
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++) {
		char ch = export_txt_feature_char((enum feature)f), item[32];
		snprintf(item, sizeof item, "%c %s", ch, feature_name((enum feature)f));
		if (drawn(&cv, ch))
			legend_item(out, &n, &groups, "Features: ", item);
	}
	if (groups > 0)
		sbuf_addc(out, '.');
	free(cv.c);
	if (!sbuf_cstr(out) && groups > 0)
		return err_set(e, "out of memory for the text preview");
	return 0;
}

int export_txt_map(FILE *f, const struct map *m, int width, struct err *e)
{
	struct canvas cv;
	if (draw_map(&cv, m, width, e) < 0)
		return -1;
	int rc = 0;
	for (int y = 0; y < cv.rows && rc == 0; y++) {
		int len = cv.cols;
		while (len > 0 && AT(&cv, len - 1, y) == ' ')
			len--;
		if (fwrite(&AT(&cv, 0, y), 1, (size_t)len, f) != (size_t)len || fputc('\n', f) == EOF)
			rc = err_set(e, "write error in the text preview");
	}
	free(cv.c);
	return rc < 0 ? -1 : cv.cols;
}
