/* layout_ctx.c: what every part of a level's layout shares: door lookup by
 * edge and a hash for hand-drawn variation. The players' handout is a map
 * of its own (src/handout.h), drawn like any other. */
#include "layout/layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

unsigned layout_hash(int x, int y, int salt)
{
	unsigned h = (unsigned)x * 0x8da6b343u ^ (unsigned)y * 0xd8163841u ^ (unsigned)salt * 0xcb1ab31fu;
	h ^= h >> 15;
	h *= 0x2c1b3c6du;
	h ^= h >> 12;
	h *= 0x297a2d39u;
	h ^= h >> 15;
	return h;
}

/* Index of the edge on `side` of square (x, y) in hdoor (*horiz) or vdoor. */
static long edge_index(const struct map *m, int x, int y, enum side side, int *horiz)
{
	if (!map_in(m, x, y))
		return -1;
	switch (side) {
	case SIDE_N: *horiz = 1; return (long)y * m->w + x;
	case SIDE_S: *horiz = 1; return (long)(y + 1) * m->w + x;
	case SIDE_W: *horiz = 0; return (long)y * (m->w + 1) + x;
	case SIDE_E: *horiz = 0; return (long)y * (m->w + 1) + x + 1;
	default: return -1;
	}
}

/* For every region, the squares of it that lie beside one of its doors
 * (a counting sort over the doors). */
static int index_door_squares(struct layout_ctx *c)
{
	const struct map *m = c->m;
	c->rdoor_first = calloc((size_t)m->nregions + 2, sizeof *c->rdoor_first);
	c->rdoor_sq = malloc(((size_t)m->ndoors * 2 + 1) * sizeof *c->rdoor_sq);
	if (!c->rdoor_first || !c->rdoor_sq)
		return -1;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < m->ndoors; i++) {
			const struct door *dr = &m->doors[i];
			int sq[2][2] = { { dr->x, dr->y }, { dr->x + side_dx[dr->side], dr->y + side_dy[dr->side] } };
			for (int k = 0; k < 2; k++) {
				int r = map_at(m, sq[k][0], sq[k][1]);
				if (r <= 0)
					continue;
				if (pass == 0)
					c->rdoor_first[r + 1]++;
				else
					c->rdoor_sq[c->rdoor_first[r]++] = sq[k][1] * m->w + sq[k][0];
			}
		}
		if (pass == 0)
			for (int r = 1; r <= m->nregions + 1; r++)
				c->rdoor_first[r] += c->rdoor_first[r - 1];
	}
	/* the second pass advanced each start to the next region's start */
	for (int r = m->nregions + 1; r > 0; r--)
		c->rdoor_first[r] = c->rdoor_first[r - 1];
	c->rdoor_first[0] = 0;
	return 0;
}

int layout_ctx_init(struct layout_ctx *c, const struct doc *d, const struct level *lv, const struct style *st,
		    struct measure *ms, struct scene *sc, struct err *e)
{
	memset(c, 0, sizeof *c);
	c->d = d;
	c->lv = lv;
	c->m = &lv->map;
	c->st = st;
	c->ms = ms;
	c->sc = sc;
	c->player = d->sheet.player;
	c->with_key = !d->sheet.player && !d->sheet.no_key;
	c->intro = lv == d->levels;
	layout_pens(c, 14.4);
	const struct map *m = c->m;
	c->hdoor = calloc((size_t)(m->h + 1) * (size_t)m->w, sizeof *c->hdoor);
	c->vdoor = calloc((size_t)m->h * (size_t)(m->w + 1), sizeof *c->vdoor);
	if (!c->hdoor || !c->vdoor) {
		layout_ctx_free(c);
		return err_set(e, "out of memory while laying out the sheet");
	}
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *dr = &m->doors[i];
		int horiz;
		long k = edge_index(m, dr->x, dr->y, dr->side, &horiz);
		if (k < 0)
			continue;
		(horiz ? c->hdoor : c->vdoor)[k] = i + 1;
	}
	if (index_door_squares(c) < 0) {
		layout_ctx_free(c);
		return err_set(e, "out of memory while laying out the sheet");
	}
	return 0;
}

void layout_ctx_free(struct layout_ctx *c)
{
	layout_level_plan_free(c->plan);
	c->plan = NULL;
	free(c->hdoor);
	free(c->vdoor);
	free(c->rdoor_first);
	free(c->rdoor_sq);
	c->rdoor_first = c->rdoor_sq = NULL;
	c->hdoor = c->vdoor = NULL;
}

const struct door *layout_door_at(const struct layout_ctx *c, int x, int y, enum side side)
{
	int horiz;
	long k = edge_index(c->m, x, y, side, &horiz);
	if (k < 0)
		return NULL;
	int i = (horiz ? c->hdoor : c->vdoor)[k];
	return i > 0 ? &c->m->doors[i - 1] : NULL;
}

int layout_door_kind(const struct layout_ctx *c, const struct door *dr)
{
	(void)c;
	return (int)dr->kind;
}

int layout_stair_shown(const struct layout_ctx *c, int i)
{
	const struct stair *st = &c->m->stairs[i];
	return map_at(c->m, st->x, st->y) > 0;
}

void layout_pens(struct layout_ctx *c, double s)
{
	const struct style *st = c->st;
	c->pen.wall = fmin(st->wall_width, 0.16 * s);
	c->pen.door = fmin(st->door_width, 0.08 * s);
	c->pen.grid = fmin(st->grid_width, 0.04 * s);
	c->pen.grid_major = fmin(st->grid_major_width, 0.07 * s);
	c->pen.hatch = fmin(st->hatch_width, 0.06 * s);
	c->pen.detail = fmin(st->detail_width, 0.06 * s);
	c->pen.wobble = fmin(st->wobble, 0.035 * s);
}
