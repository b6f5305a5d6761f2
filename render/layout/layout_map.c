/* layout_map.c: the map itself, in drawing order: floor, zone tints, solid ground as the
 * style says (filled, hatched along the walls, or plain), the graph-paper
 * grid, features, walls on every region boundary, doors on their walls,
 * stairs, and the entrance arrow. */
#include "layout/layout.h"

#include <math.h>
#include <stdlib.h>

#define X(f, x) ((f)->ox + (x) * (f)->s)
#define Y(f, y) ((f)->oy + (y) * (f)->s)

static int is_floor(const struct map *m, int x, int y)
{
	return map_at(m, x, y) > 0;
}

/* A run of squares x0..x1-1 of a row, open downwards since row y0. */
struct open_run {
	int x0, x1, y0;
};

static void run_rect(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f, const struct open_run *r,
		     int y1)
{
	scene_rect_path(c->sc, p, X(f, r->x0), Y(f, r->y0), (r->x1 - r->x0) * f->s, (y1 - r->y0) * f->s);
}

/* Fills the squares of the viewport for which pred() holds, all in the
 * pending path: a row's runs, each carried down as one rectangle while the
 * rows below have a run over exactly the same squares (a room is one
 * rectangle, not a strip a row). Returns the number of rectangles. */
static int row_runs(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f,
		    int (*pred)(const struct layout_ctx *, int, int, int), int arg)
{
	size_t cap = (size_t)f->vw / 2 + 2;
	struct open_run *prev = malloc(cap * sizeof *prev), *cur = malloc(cap * sizeof *cur);
	int rects = 0, nprev = 0;
	for (int y = f->vy; y < f->vy + f->vh; y++) {
		int ncur = 0, k = 0;
		for (int x = f->vx; x < f->vx + f->vw;) {
			if (!pred(c, x, y, arg)) {
				x++;
				continue;
			}
			struct open_run r = { x, x, y };
			while (r.x1 < f->vx + f->vw && pred(c, r.x1, y, arg))
				r.x1++;
			x = r.x1;
			if (!prev || !cur) {            /* without memory: a strip a row */
				run_rect(c, p, f, &r, y + 1);
				rects++;
				continue;
			}
			/* the open runs above that end before this one are done */
			while (k < nprev && prev[k].x0 < r.x0) {
				run_rect(c, p, f, &prev[k++], y);
				rects++;
			}
			if (k < nprev && prev[k].x0 == r.x0 && prev[k].x1 == r.x1)
				r.y0 = prev[k++].y0;
			cur[ncur++] = r;
		}
		for (; k < nprev; k++, rects++)
			run_rect(c, p, f, &prev[k], y);
		struct open_run *t = prev;
		prev = cur;
		cur = t;
		nprev = ncur;
	}
	for (int k = 0; k < nprev; k++, rects++)
		run_rect(c, p, f, &prev[k], f->vy + f->vh);
	free(prev);
	free(cur);
	return rects;
}

static int pred_floor(const struct layout_ctx *c, int x, int y, int arg)
{
	(void)arg;
	return is_floor(c->m, x, y);
}

static int pred_rock(const struct layout_ctx *c, int x, int y, int arg)
{
	(void)arg;
	return !is_floor(c->m, x, y);
}

/* Rock within `depth` squares (Chebyshev) of floor, in hatch class `arg`
 * (the hand-inked look: neighbouring squares hatched at different angles). */
static int pred_hatch(const struct layout_ctx *c, int x, int y, int arg)
{
	if (is_floor(c->m, x, y))
		return 0;
	int depth = arg >> 4, cls = arg & 15;
	if ((int)(layout_hash(x, y, 3) % 3) != cls)
		return 0;
	if (depth <= 0)
		return 1;
	for (int dy = -depth; dy <= depth; dy++)
		for (int dx = -depth; dx <= depth; dx++)
			if (is_floor(c->m, x + dx, y + dy))
				return 1;
	return 0;
}

static void draw_rock(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct style *st = c->st;
	if (st->rock_mode == ROCK_FILLED) {
		if (row_runs(c, p, f, pred_rock, 0) > 0)
			scene_fill(c->sc, p, st->rock);
	} else if (st->rock_mode == ROCK_HATCHED) {
		int depth = (int)lround(st->hatch_depth);
		static const double angles[3] = { 45, -45, 0 };
		for (int cls = 0; cls < 3; cls++) {
			if (row_runs(c, p, f, pred_hatch, depth << 4 | cls) == 0)
				continue;
			scene_hatch(c->sc, p, st->hatch, c->pen.hatch, angles[cls], st->hatch_spacing);
			if (st->hatch_cross && row_runs(c, p, f, pred_hatch, depth << 4 | cls) > 0)
				scene_hatch(c->sc, p, st->hatch, c->pen.hatch * 0.7, angles[cls] + 90,
					    st->hatch_spacing * 1.6);
		}
	}
}

/* Grid lines along square edges; an edge is drawn where it touches floor
 * (or everywhere the style runs the grid over rock). `every` > 1 draws only
 * every N-th line, counted in map coordinates. */
static int grid_lines(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f, int every)
{
	const struct map *m = c->m;
	int all = c->st->grid_in_rock, n = 0;
	for (int y = f->vy; y <= f->vy + f->vh; y++) {
		if (every > 1 && ((y % every) + every) % every != 0)
			continue;
		int x = f->vx;
		while (x < f->vx + f->vw) {
			int on = all || is_floor(m, x, y - 1) || is_floor(m, x, y);
			if (!on) {
				x++;
				continue;
			}
			int x0 = x;
			while (x < f->vx + f->vw && (all || is_floor(m, x, y - 1) || is_floor(m, x, y)))
				x++;
			scene_move(c->sc, p, X(f, x0), Y(f, y));
			scene_line(c->sc, p, X(f, x), Y(f, y));
			n++;
		}
	}
	for (int x = f->vx; x <= f->vx + f->vw; x++) {
		if (every > 1 && ((x % every) + every) % every != 0)
			continue;
		int y = f->vy;
		while (y < f->vy + f->vh) {
			int on = all || is_floor(m, x - 1, y) || is_floor(m, x, y);
			if (!on) {
				y++;
				continue;
			}
			int y0 = y;
			while (y < f->vy + f->vh && (all || is_floor(m, x - 1, y) || is_floor(m, x, y)))
				y++;
			scene_move(c->sc, p, X(f, x), Y(f, y0));
			scene_line(c->sc, p, X(f, x), Y(f, y));
			n++;
		}
	}
	return n;
}

/* A wall vertex, nudged a little for the hand-drawn look. Vertices are
 * shared by the walls that meet there, so walls stay joined. */
static void wall_point(struct layout_ctx *c, const struct map_frame *f, int gx, int gy, int first,
		       struct scene_page *p)
{
	double w = c->pen.wobble, dx = 0, dy = 0;
	if (w > 0) {
		unsigned h = layout_hash(gx, gy, 11);
		dx = w * ((h & 1023) / 1023.0 * 2 - 1);
		dy = w * (((h >> 10) & 1023) / 1023.0 * 2 - 1);
	}
	if (first)
		scene_move(c->sc, p, X(f, gx) + dx, Y(f, gy) + dy);
	else
		scene_line(c->sc, p, X(f, gx) + dx, Y(f, gy) + dy);
}

/* True when the edge carries wall ink: a region boundary without a door
 * that opens a gap (openings and portcullises do; doors, locked and secret
 * doors sit on a continuous wall). */
static int wall_on(const struct layout_ctx *c, int a, int b, const struct door *dr)
{
	if (a == b)
		return 0;
	if (!dr)
		return 1;
	int kind = layout_door_kind(c, dr);
	return !(kind == DOOR_OPENING || kind == DOOR_PORTCULLIS);
}

static void draw_walls(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct map *m = c->m;
	int steps = c->pen.wobble > 0;
	for (int y = 0; y <= m->h; y++) {
		int x = 0;
		while (x < m->w) {
			const struct door *dr = y < m->h ? layout_door_at(c, x, y, SIDE_N) : layout_door_at(c, x, y - 1, SIDE_S);
			if (!wall_on(c, map_at(m, x, y - 1), map_at(m, x, y), dr)) {
				x++;
				continue;
			}
			int x0 = x;
			wall_point(c, f, x0, y, 1, p);
			do {
				x++;
				if (steps)
					wall_point(c, f, x, y, 0, p);
				dr = y < m->h ? layout_door_at(c, x, y, SIDE_N) : layout_door_at(c, x, y - 1, SIDE_S);
			} while (x < m->w && wall_on(c, map_at(m, x, y - 1), map_at(m, x, y), dr));
			if (!steps)
				wall_point(c, f, x, y, 0, p);
		}
	}
	for (int x = 0; x <= m->w; x++) {
		int y = 0;
		while (y < m->h) {
			const struct door *dr = x < m->w ? layout_door_at(c, x, y, SIDE_W) : layout_door_at(c, x - 1, y, SIDE_E);
			if (!wall_on(c, map_at(m, x - 1, y), map_at(m, x, y), dr)) {
				y++;
				continue;
			}
			int y0 = y;
			wall_point(c, f, x, y0, 1, p);
			do {
				y++;
				if (steps)
					wall_point(c, f, x, y, 0, p);
				dr = x < m->w ? layout_door_at(c, x, y, SIDE_W) : layout_door_at(c, x - 1, y, SIDE_E);
			} while (y < m->h && wall_on(c, map_at(m, x - 1, y), map_at(m, x, y), dr));
			if (!steps)
				wall_point(c, f, x, y, 0, p);
		}
	}
	scene_stroke(c->sc, p, c->st->wall, c->pen.wall, SCENE_CAP_SQUARE, SCENE_JOIN_MITER);
}

static void draw_doors(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct map *m = c->m;
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *dr = &m->doors[i];
		int kind = layout_door_kind(c, dr);
		if (kind < 0 || kind == DOOR_OPENING)
			continue;
		double cx, cy;
		int horizontal = dr->side == SIDE_N || dr->side == SIDE_S;
		cx = X(f, dr->x) + f->s * (horizontal ? 0.5 : (dr->side == SIDE_E ? 1 : 0));
		cy = Y(f, dr->y) + f->s * (horizontal ? (dr->side == SIDE_S ? 1 : 0) : 0.5);
		sym_door(c, p, kind, cx, cy, horizontal, f->s);
	}
}

/* The direction a flight of stairs runs: towards the first wall around it. */
static enum side stair_toward(const struct map *m, const struct stair *st)
{
	int r = map_at(m, st->x, st->y);
	static const enum side order[] = { SIDE_E, SIDE_N, SIDE_W, SIDE_S };
	for (int k = 0; k < 4; k++)
		if (map_at(m, st->x + side_dx[order[k]], st->y + side_dy[order[k]]) != r)
			return order[k];
	return SIDE_E;
}

static void draw_features(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct map *m = c->m;
	if (!m->features)
		return;
	for (int y = f->vy; y < f->vy + f->vh; y++)
		for (int x = f->vx; x < f->vx + f->vw; x++) {
			if (!map_in(m, x, y))
				continue;
			enum feature ft = (enum feature)m->features[(long)y * m->w + x];
			if (ft == FEATURE_NONE || ft >= FEATURE_COUNT)
				continue;
			struct feature_place pl;
			feature_place(m, x, y, &pl);
			sym_feature(c, p, ft, X(f, x), Y(f, y), f->s, &pl, layout_hash(x, y, 5));
		}
}

void layout_map_symbols(struct layout_ctx *c)
{
	const struct map *m = c->m;
	for (int k = 0; k < LEG_COUNT; k++)
		c->used[k] = 0;
	for (int i = 0; i < m->ndoors; i++) {
		int kind = layout_door_kind(c, &m->doors[i]);
		if (kind >= 0)
			c->used[LEG_OPENING + kind - DOOR_OPENING] = 1;
	}
	for (int i = 0; i < m->nstairs; i++)
		if (layout_stair_shown(c, i))
			c->used[m->stairs[i].dir == STAIR_UP ? LEG_STAIRS_UP : LEG_STAIRS_DOWN] = 1;
	if (m->entrance.set && m->entrance.side >= 0)
		c->used[LEG_ENTRANCE] = 1;
	if (m->features)
		for (long i = 0; i < (long)m->w * m->h; i++) {
			int ft = m->features[i];
			if (ft > FEATURE_NONE && ft < FEATURE_COUNT)
				c->used[LEG_PILLAR + ft - FEATURE_PILLAR] = 1;
		}
}

void layout_map(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct style *st = c->st;
	const struct map *m = c->m;
	struct scene *sc = c->sc;
	layout_map_symbols(c);
	/* the floor */
	if (st->floor.a > 0 && row_runs(c, p, f, pred_floor, 0) > 0)
		scene_fill(sc, p, st->floor);
	/* each zone's tint (cards maps of several zones) */
	layout_zone_tints(c, p, f);
	/* solid ground */
	draw_rock(c, p, f);
	/* the graph paper */
	if (c->pen.grid > 0 && st->grid.a > 0 && grid_lines(c, p, f, 1) > 0)
		scene_stroke(sc, p, st->grid, c->pen.grid, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	if (st->grid_major_every > 1 && c->pen.grid_major > 0 &&
	    grid_lines(c, p, f, st->grid_major_every) > 0)
		scene_stroke(sc, p, st->grid_major, c->pen.grid_major, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	draw_features(c, p, f);
	draw_walls(c, p, f);
	draw_doors(c, p, f);
	for (int i = 0; i < m->nstairs; i++) {
		if (!layout_stair_shown(c, i))
			continue;
		const struct stair *s = &m->stairs[i];
		sym_stairs(c, p, s->dir, X(f, s->x), Y(f, s->y), f->s, stair_toward(m, s));
	}
	if (m->entrance.set && m->entrance.side >= 0 && m->entrance.side < SIDE_COUNT) {
		enum side side = (enum side)m->entrance.side;
		double mx = X(f, m->entrance.x) + f->s * (0.5 + 0.5 * side_dx[side]);
		double my = Y(f, m->entrance.y) + f->s * (0.5 + 0.5 * side_dy[side]);
		double off = c->pen.wall / 2 + 1;
		sym_arrow(c, p, mx + side_dx[side] * off, my + side_dy[side] * off, side_opposite(side), f->s);
	}
	layout_marks(c, p, f);
}
