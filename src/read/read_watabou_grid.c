/* read_watabou_grid.c: a One Page Dungeon export laid on our grid. Its
 * coordinates (negative ones too) are moved so the dungeon sits WB_MARGIN
 * squares in from the grid's edges. Every rect larger than one square
 * across is a room, every rect one square across a corridor; a door stands
 * on a one-square rect of its own, which joins the corridor beside it (or
 * the room behind it), and the door itself lies on the edge to the other
 * side. An open way between two corridors joins them into one. The way in
 * (type 3) and the stairs down (type 8) are stairs on their square. A
 * rotunda keeps the squares whose centres lie within its circle.
 *
 * The generator's own files are drawn as they come: read_watabou_seat.c
 * gives a square two rects share to one of them and leaves out a door with
 * no seat of its own; here a door with nothing on one side, or with one
 * room or corridor on both (a stairwell in a corridor that loops), is left
 * out too, its square floor of the rect beside it. Each change is counted
 * in the layout for the warning; only what no change makes a map of is
 * refused. */
#include "read/read_watabou_int.h"

#include "model/map_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int find(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static void join(int *parent, int a, int b)
{
	a = find(parent, a);
	b = find(parent, b);
	if (a != b)
		parent[a > b ? a : b] = a < b ? a : b;
}

static int is_corridor(const struct wb_rect *rc)
{
	return rc->w == 1 || rc->h == 1;
}

/* The grid: the rects' bounding box and a margin. */
static int size_grid(struct wb_grid *g)
{
	const struct wb_doc *d = g->d;
	int x0 = d->rects[0].x, y0 = d->rects[0].y, x1 = x0, y1 = y0;
	for (int i = 0; i < d->nrects; i++) {
		const struct wb_rect *rc = &d->rects[i];
		x0 = rc->x < x0 ? rc->x : x0;
		y0 = rc->y < y0 ? rc->y : y0;
		x1 = rc->x + rc->w - 1 > x1 ? rc->x + rc->w - 1 : x1;
		y1 = rc->y + rc->h - 1 > y1 ? rc->y + rc->h - 1 : y1;
	}
	g->ox = WB_MARGIN - x0;
	g->oy = WB_MARGIN - y0;
	if (map_init(g->m, x1 - x0 + 1 + 2 * WB_MARGIN, y1 - y0 + 1 + 2 * WB_MARGIN, g->r->e) < 0)
		return -1;
	size_t n = (size_t)g->m->w * (size_t)g->m->h;
	g->owner = calloc(n, sizeof *g->owner);
	g->area = calloc((size_t)d->nrects, sizeof *g->area);
	g->lost = calloc((size_t)d->ndoors + 1, 1);
	g->rect_door = malloc((size_t)d->nrects * sizeof *g->rect_door);
	g->parent = malloc((size_t)d->nrects * sizeof *g->parent);
	g->region = calloc((size_t)d->nrects, sizeof *g->region);
	if (!g->owner || !g->area || !g->lost || !g->rect_door || !g->parent || !g->region)
		return err_set(g->r->e, "out of memory reading %s", g->r->name);
	for (int i = 0; i < d->nrects; i++) {
		g->rect_door[i] = -1;
		g->parent[i] = i;
	}
	return 0;
}

/* The rect on one side of a door (step +1: the way dir points, -1:
 * behind), -1 for none; a door there too is refused. */
static int beside(struct wb_grid *g, int i, int step, int *out)
{
	const struct wb_door *dr = &g->d->doors[i];
	int x = dr->x + step * dr->dx, y = dr->y + step * dr->dy;
	*out = wb_rect_at(g, x, y);
	if (*out >= 0 && g->rect_door[*out] >= 0) {
		char at[32];
		snprintf(at, sizeof at, "doors[%d]", i);
		return jf_fail(g->r, at, "stands next to doors[%d] at (%d, %d); a door lies between two rects, not "
			       "two doors", g->rect_door[*out], x, y);
	}
	return 0;
}

/* Joins each door's square to the region it opens from; *toward[i] gets
 * the step (+1 ahead, -1 behind) to the other side, 0 for no door on an
 * edge (stairs, an open way inside one corridor, a door left out). */
static int join_doors(struct wb_grid *g, int *toward)
{
	char at[32];
	for (int i = 0; i < g->d->ndoors; i++) {
		const struct wb_door *dr = &g->d->doors[i];
		const struct wb_rect *rects = g->d->rects;
		int s = wb_rect_at(g, dr->x, dr->y), ahead, behind;
		snprintf(at, sizeof at, "doors[%d]", i);
		toward[i] = 0;
		if (g->lost[i])
			continue;
		if (beside(g, i, 1, &ahead) < 0 || beside(g, i, -1, &behind) < 0)
			return -1;
		if (dr->type == WB_OUT || dr->type == WB_DOWN) {
			int host = dr->type == WB_OUT ? (ahead >= 0 ? ahead : behind) : (behind >= 0 ? behind : ahead);
			if (host < 0)
				return jf_fail(g->r, at, "the %s at (%d, %d) has no rect beside it on either side",
					       dr->type == WB_OUT ? "way in" : "stairs down", dr->x, dr->y);
			join(g->parent, s, host);
			continue;
		}
		if (ahead < 0 || behind < 0) {
			/* a door to nothing: its square joins the side there is */
			wb_lose_door(g, i, "nothing on one side");
			if (ahead >= 0 || behind >= 0)
				join(g->parent, s, ahead >= 0 ? ahead : behind);
			else
				wb_clear_rect(g, s);
			continue;
		}
		if (dr->type == WB_OPEN && is_corridor(&rects[ahead]) && is_corridor(&rects[behind])) {
			join(g->parent, s, ahead);
			join(g->parent, s, behind);
			continue;
		}
		int host = is_corridor(&rects[behind]) || !is_corridor(&rects[ahead]) ? behind : ahead;
		join(g->parent, s, host);
		toward[i] = host == behind ? 1 : -1;
	}
	return 0;
}

/* True when square (x, y) of the export, in rotunda rc, lies within its
 * circle (an ellipse for a rect that is not square). */
static int in_circle(const struct wb_rect *rc, int x, int y)
{
	double rx = rc->w / 2.0, ry = rc->h / 2.0;
	double dx = (x - rc->x + 0.5 - rx) / rx, dy = (y - rc->y + 0.5 - ry) / ry;
	return dx * dx + dy * dy <= 1.0 + 1e-9;
}

/* A rotunda is cut round unless a door stands next to a square the circle
 * leaves out (then it stays square, so the door keeps its wall). */
static int cut_round(const struct wb_grid *g, const struct wb_rect *rc)
{
	if (!rc->rotunda)
		return 0;
	for (int y = rc->y; y < rc->y + rc->h; y++)
		for (int x = rc->x; x < rc->x + rc->w; x++) {
			if (in_circle(rc, x, y))
				continue;
			for (int s = 0; s < SIDE_COUNT; s++) {
				int o = wb_rect_at(g, x + side_dx[s], y + side_dy[s]);
				if (o >= 0 && g->rect_door[o] >= 0)
					return 0;
			}
		}
	return 1;
}

/* A region per group of joined rects that owns a square, in the order of
 * their first rect: a room when the group holds a rect larger than one
 * square across. Each rect's own squares are its region's. */
static int make_regions(struct wb_grid *g)
{
	const struct wb_doc *d = g->d;
	int *mark = calloc((size_t)d->nrects, sizeof *mark);   /* per group: 2 room, 1 corridor, -id */
	if (!mark)
		return err_set(g->r->e, "out of memory reading %s", g->r->name);
	for (int i = 0; i < d->nrects; i++) {
		int root = find(g->parent, i), kind = g->rect_door[i] < 0 && !is_corridor(&d->rects[i]) ? 2 : 1;
		if (g->area[i] > 0 && kind > mark[root])
			mark[root] = kind;
	}
	for (int i = 0; i < d->nrects; i++) {
		int root = find(g->parent, i);
		if (mark[root] > 0) {
			int id = map_add_region(g->m, mark[root] == 2 ? REGION_ROOM : REGION_CORRIDOR, g->r->e);
			if (id < 0) {
				free(mark);
				return -1;
			}
			mark[root] = -id;
		}
		g->region[i] = -mark[root];
	}
	free(mark);
	for (int i = 0; i < d->nrects; i++) {
		const struct wb_rect *rc = &d->rects[i];
		int round = cut_round(g, rc);
		for (int y = rc->y; y < rc->y + rc->h; y++)
			for (int x = rc->x; x < rc->x + rc->w; x++)
				if (wb_rect_at(g, x, y) == i && (!round || in_circle(rc, x, y)))
					map_set(g->m, x + g->ox, y + g->oy, g->region[i]);
	}
	map_recount(g->m);
	return 0;
}

static const enum door_kind kind_of_type[WB_DOOR_TYPES] = {
	[WB_OPEN] = DOOR_OPENING, [WB_DOOR] = DOOR_PLAIN, [WB_NARROW] = DOOR_OPENING,
	[WB_PORTCULLIS] = DOOR_PORTCULLIS, [WB_DOUBLE] = DOOR_PLAIN, [WB_SECRET] = DOOR_SECRET,
	[WB_STEEL] = DOOR_PLAIN, [WB_STAIRWELL] = DOOR_OPENING,
};

/* The doors on their edges, the stairs and the entrance. */
static int add_doors(struct wb_grid *g, const int *toward, struct wb_layout *lay)
{
	char at[32];
	for (int i = 0; i < g->d->ndoors; i++) {
		const struct wb_door *dr = &g->d->doors[i];
		int x = dr->x + g->ox, y = dr->y + g->oy;
		snprintf(at, sizeof at, "doors[%d]", i);
		if (g->lost[i])
			continue;
		if (dr->type == WB_OUT || dr->type == WB_DOWN) {
			if (map_add_stair(g->m, x, y, dr->type == WB_OUT ? STAIR_UP : STAIR_DOWN, 0, g->r->e) < 0)
				return -1;
			if (dr->type == WB_OUT && !g->m->entrance.set) {
				map_set_entrance(g->m, x, y, -1);
				g->m->regions[map_at(g->m, x, y)].flags |= REGION_FLAG_ENTRY;
			}
			continue;
		}
		if (!toward[i])
			continue;
		int dx = toward[i] * dr->dx, dy = toward[i] * dr->dy;
		enum side side = dx > 0 ? SIDE_E : dx < 0 ? SIDE_W : dy > 0 ? SIDE_S : SIDE_N;
		struct err de = { ERR_NONE, "" };
		if (map_at(g->m, x, y) == map_at(g->m, x + dx, y + dy)) {
			/* both sides one room or corridor: no wall to put it in */
			wb_note_change(&lay->inside, i, dr->x, dr->y, dr->type, NULL);
			continue;
		}
		if (map_add_door(g->m, x, y, side, kind_of_type[dr->type], &de) < 0)
			return jf_fail(g->r, at, "the door at (%d, %d): %s", dr->x, dr->y, de.msg);
		if (dr->type == WB_NARROW || dr->type == WB_DOUBLE || dr->type == WB_STEEL || dr->type == WB_STAIRWELL)
			lay->nearest[dr->type]++;
	}
	if (!g->m->entrance.set)
		return jf_fail(g->r, "doors", "no way in: a dungeon needs a door of type 3 (out), where the "
			       "party comes in");
	return 0;
}

/* Columns and water on the floor squares they fall on; none on a door's
 * square, where it would block the way (water and columns the export
 * draws outside the rooms are left out, as it leaves them out). */
static void add_features(struct wb_grid *g)
{
	const struct wb_doc *d = g->d;
	for (int k = 0; k < 2; k++) {
		const struct wb_point *p = k ? d->water : d->columns;
		int n = k ? d->nwater : d->ncolumns;
		for (int i = 0; i < n; i++) {
			int x = (int)floor(p[i].x), y = (int)floor(p[i].y), o = wb_rect_at(g, x, y);
			if (o < 0 || g->rect_door[o] >= 0 || !map_at(g->m, x + g->ox, y + g->oy))
				continue;
			g->m->features[(long)(y + g->oy) * g->m->w + x + g->ox] = k ? FEATURE_WATER : FEATURE_PILLAR;
		}
	}
}

static int grid_region_at(const void *ctx, int x, int y)
{
	const struct wb_grid *g = ctx;
	int o = wb_rect_at(g, x, y);
	return o < 0 ? 0 : g->region[o];
}

/* Into where (64 bytes): the export's rect of the region a map_check
 * message names first (" (rects[4] at (20, 20))"), or "". */
static const char *where_region(const struct wb_grid *g, const char *msg, char *where)
{
	const char *p = strstr(msg, "region ");
	int id;
	where[0] = '\0';
	if (!p || sscanf(p + 7, "%d", &id) != 1)
		return where;
	for (int i = 0; i < g->d->nrects; i++)
		if (g->region[i] == id && g->rect_door[i] < 0) {
			snprintf(where, 64, " (rects[%d] at (%d, %d))", i, g->d->rects[i].x, g->d->rects[i].y);
			break;
		}
	return where;
}

int wb_build_map(struct jf *r, const struct wb_doc *d, struct map *m, struct wb_layout *lay)
{
	struct wb_grid g = { .r = r, .d = d, .m = m, .lay = lay };
	int *toward = calloc((size_t)d->ndoors + 1, sizeof *toward);
	int rc = -1;
	if (!toward) {
		err_set(r->e, "out of memory reading %s", r->name);
		goto out;
	}
	if (size_grid(&g) < 0 || wb_place_rects(&g) < 0)
		goto out;
	wb_seat_doors(&g);
	if (join_doors(&g, toward) < 0 || make_regions(&g) < 0 || add_doors(&g, toward, lay) < 0)
		goto out;
	add_features(&g);
	for (int i = 0; i < d->nrects; i++)
		if (d->rects[i].ending)
			lay->ending_region = g.region[i];
	if (wb_place_notes(r, d, m, lay, grid_region_at, &g) < 0)
		goto out;
	struct err ce = { ERR_NONE, "" };
	if (map_check(m, &ce) < 0) {
		char where[64], change[160];
		jf_fail(r, "map", "%s%s%s", ce.msg, where_region(&g, ce.msg, where), wb_first_change(lay, change));
		goto out;
	}
	rc = 0;
out:
	free(toward);
	free(g.owner);
	free(g.area);
	free(g.lost);
	free(g.rect_door);
	free(g.parent);
	free(g.region);
	return rc;
}
