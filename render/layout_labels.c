/* layout_labels.c: room numbers on the map. Each keyed region gets its
 * number inside itself, in a free square (no door on its edges, no stairs,
 * no feature) as far from its doors as the room allows and near its middle;
 * the label's box never crosses a wall. */
#include "layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int square_free(const struct layout_ctx *c, int id, int x, int y)
{
	const struct map *m = c->m;
	if (map_at(m, x, y) != id)
		return 0;
	if (m->features && m->features[(long)y * m->w + x] != FEATURE_NONE)
		return 0;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].x == x && m->stairs[i].y == y && layout_stair_shown(c, i))
			return 0;
	for (int sd = 0; sd < SIDE_COUNT; sd++) {
		const struct door *dr = layout_door_at(c, x, y, (enum side)sd);
		if (dr && layout_door_kind(c, dr) >= 0)
			return 0;
	}
	return 1;
}

/* Chebyshev distance from (x, y) to the nearest square beside a door of
 * region id, capped at 3. */
static int door_distance(const struct layout_ctx *c, int id, int x, int y)
{
	int best = 3, w = c->m->w;
	for (int k = c->rdoor_first[id]; k < c->rdoor_first[id + 1]; k++) {
		int dx = abs(c->rdoor_sq[k] % w - x), dy = abs(c->rdoor_sq[k] / w - y);
		int d = dx > dy ? dx : dy;
		if (d < best)
			best = d;
	}
	return best;
}

/* True when a w x h box centred in square (x, y) covers only free squares of id. */
static int box_fits(const struct layout_ctx *c, int id, int x, int y, double w, double h, double s)
{
	double cx = (x + 0.5) * s, cy = (y + 0.5) * s;
	int x0 = (int)floor((cx - w / 2) / s), x1 = (int)floor((cx + w / 2 - 1e-6) / s);
	int y0 = (int)floor((cy - h / 2) / s), y1 = (int)floor((cy + h / 2 - 1e-6) / s);
	for (int yy = y0; yy <= y1; yy++)
		for (int xx = x0; xx <= x1; xx++)
			if ((xx != x || yy != y) && !square_free(c, id, xx, yy))
				return 0;
	/* inside its own square, keep clear of the walls' ink */
	return w <= s * (x1 - x0 + 1) - c->pen.wall && h <= s * (y1 - y0 + 1) - c->pen.wall;
}

int layout_label_spot(const struct layout_ctx *c, int id, double w, double h, double s, double *cx, double *cy)
{
	const struct map *m = c->m;
	const struct rect *b = &m->regions[id].bounds;
	double mx = b->x + b->w / 2.0, my = b->y + b->h / 2.0;
	double best = -1e18, best_any = -1e18;
	int found = -1, bx = 0, by = 0, ax = -1, ay = -1;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++) {
			if (map_at(m, x, y) != id)
				continue;
			double central = -((x + 0.5 - mx) * (x + 0.5 - mx) + (y + 0.5 - my) * (y + 0.5 - my));
			if (ax < 0 || central > best_any) {
				best_any = central;
				ax = x;
				ay = y;
			}
			if (!square_free(c, id, x, y))
				continue;
			int d = door_distance(c, id, x, y);
			int fits = box_fits(c, id, x, y, w, h, s);
			double score = fits * 1e12 + (d >= 2 ? 2 : d) * 1e9 + central;
			if (score > best) {
				best = score;
				bx = x;
				by = y;
				found = fits;
			}
		}
	if (found < 0) {
		if (ax < 0)
			return -1;
		bx = ax;
		by = ay;
		found = 0;
	}
	*cx = bx + 0.5;
	*cy = by + 0.5;
	return found;
}

int layout_labels(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct style *st = c->st;
	const struct map *m = c->m;
	struct scene *sc = c->sc;
	struct colour halo = st->floor.a > 0 ? st->floor : st->paper;
	int crowded = 0;
	for (int id = 1; id <= m->nregions; id++) {
		int number = m->regions[id].number;
		if (number <= 0)
			continue;
		char text[16];
		snprintf(text, sizeof text, "%d", number);
		double size = st->size_number, w = 0, h = 0, cx = 0, cy = 0;
		int ok = -1;
		struct text_block b;
		struct err e;
		/* shrink towards 7 pt until the number fits inside its room */
		for (; size >= 7 - 1e-9; size -= 0.5) {
			double tw = measure_width(c->ms, text, st->font_number, size, 1);
			if (tw < 0) {
				sc->failed = 1;
				return crowded;
			}
			w = tw + 1;
			h = size * 0.78;
			ok = layout_label_spot(c, id, w, h, f->s, &cx, &cy);
			if (ok != 0)
				break;
		}
		if (ok < 0)
			continue;
		if (ok == 0) {
			size = 7;
			crowded++;
		}
		/* the glyphs, at the size drawn */
		if (measure_block(c->ms, &b, text, st->font_number, size, -1, 0, &e) < 0) {
			sc->failed = 1;
			return crowded;
		}
		double px = f->ox + cx * f->s, py = f->oy + cy * f->s;
		scene_rect_path(sc, p, px - w / 2, py - h / 2, w, h);
		scene_fill(sc, p, halo);
		measure_attach(scene_text(sc, p, text, strlen(text), st->font_number, size, 1, 0, st->number,
					  px - w / 2 + 0.5, py + size * 0.36, w - 1), &b);
		text_block_free(&b);
		char name[32];
		snprintf(name, sizeof name, "room-%d-%d", m->depth, number);
		scene_anchor(sc, p, name, px - w / 2, py - h / 2);
		if (c->with_key) {
			snprintf(name, sizeof name, "key-%d-%d", m->depth, number);
			scene_link(sc, p, name, px - w / 2, py - h / 2, w, h);
		}
	}
	return crowded;
}
