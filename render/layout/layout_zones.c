/* layout_zones.c: tinted floor on the sheet. Each zone of a cards map is
 * washed with its own pale tint, so a glance shows where one zone ends and
 * the next begins, and the legend names each zone's theme beside a swatch
 * of its tint. Hallways (mansion, house, tiles) are washed with the style's
 * hall colour, so they read apart from rooms, and the legend shows it as
 * "hallway". Maps with a single zone, and the players' version (the zones
 * and their locks are the referee's), show no zones; the players see the
 * hallways they can reach tinted. */
#include "layout/layout.h"

#include <stdio.h>

/* Pale, distinct hues; drawn at ZONE_ALPHA over the floor, they stay light
 * enough for pencil notes and print in grey as distinct shades. */
static const struct colour zone_hues[] = {
	{ 0.95, 0.75, 0.20, 1 },   /* amber */
	{ 0.30, 0.65, 0.95, 1 },   /* sky */
	{ 0.45, 0.80, 0.35, 1 },   /* moss */
	{ 0.90, 0.40, 0.40, 1 },   /* rose */
	{ 0.65, 0.45, 0.90, 1 },   /* heather */
	{ 0.35, 0.80, 0.75, 1 },   /* teal */
	{ 0.85, 0.55, 0.25, 1 },   /* rust */
	{ 0.60, 0.60, 0.60, 1 },   /* slate */
};
#define ZONE_HUES ((int)(sizeof zone_hues / sizeof zone_hues[0]))
#define ZONE_ALPHA 0.16

static int zones_shown(const struct layout_ctx *c)
{
	return c->m->nzones > 1 && !c->player ? c->m->nzones : 0;
}

/* True when region id is a hallway drawn with the hall tint (a players'
 * handout draws the players' map, which holds only what they reach). */
static int hall_tinted(const struct layout_ctx *c, int id)
{
	return id > 0 && c->m->regions[id].kind == REGION_HALL && c->st->hall.a > 0;
}

static int halls_shown(const struct layout_ctx *c)
{
	for (int id = 1; id <= c->m->nregions; id++)
		if (hall_tinted(c, id))
			return 1;
	return 0;
}

int layout_zone_count(const struct layout_ctx *c)
{
	return zones_shown(c) + halls_shown(c);
}

static struct colour zone_tint(int zone)
{
	struct colour t = zone_hues[(zone % ZONE_HUES + ZONE_HUES) % ZONE_HUES];
	t.a = ZONE_ALPHA;
	return t;
}

void layout_zone_label(const struct layout_ctx *c, int zone, char *out, size_t size)
{
	if (zone >= zones_shown(c)) {
		snprintf(out, size, "hallway");
		return;
	}
	const char *theme = zone >= 0 && zone < c->m->nzones ? c->m->zones[zone].theme : "";
	if (theme[0])
		snprintf(out, size, "zone %d: %s", zone + 1, theme);
	else
		snprintf(out, size, "zone %d", zone + 1);
}

void layout_zone_swatch(struct layout_ctx *c, struct scene_page *p, int zone, double x, double y, double size)
{
	scene_rect_path(c->sc, p, x, y, size * 1.6, size);
	scene_fill(c->sc, p, c->st->floor);
	scene_rect_path(c->sc, p, x, y, size * 1.6, size);
	scene_fill(c->sc, p, zone >= zones_shown(c) ? c->st->hall : zone_tint(zone));
	scene_rect_path(c->sc, p, x, y, size * 1.6, size);
	scene_stroke(c->sc, p, c->st->grid, 0.5, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
}

/* Runs of squares in zone z (z >= 0) or of tinted hallways (z < 0). */
static int tint_runs(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f, int z)
{
	const struct map *m = c->m;
	int runs = 0;
	for (int y = f->vy; y < f->vy + f->vh; y++) {
		int x = f->vx;
		while (x < f->vx + f->vw) {
			int id = map_at(m, x, y);
			if (id <= 0 || (z >= 0 ? m->regions[id].zone != z : !hall_tinted(c, id))) {
				x++;
				continue;
			}
			int x0 = x;
			while (x < f->vx + f->vw && map_at(m, x, y) == id)
				x++;
			scene_rect_path(c->sc, p, f->ox + x0 * f->s, f->oy + y * f->s, (x - x0) * f->s, f->s);
			runs++;
		}
	}
	return runs;
}

void layout_zone_tints(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	int nz = zones_shown(c);
	for (int z = 0; z < nz; z++)
		if (tint_runs(c, p, f, z) > 0)
			scene_fill(c->sc, p, zone_tint(z));
	if (halls_shown(c) && tint_runs(c, p, f, -1) > 0)
		scene_fill(c->sc, p, c->st->hall);
}

void layout_tint_box(struct layout_ctx *c, struct scene_page *p, int id, double x, double y, double w, double h)
{
	if (zones_shown(c) > 0) {
		scene_rect_path(c->sc, p, x, y, w, h);
		scene_fill(c->sc, p, zone_tint(c->m->regions[id].zone));
	}
	if (hall_tinted(c, id)) {
		scene_rect_path(c->sc, p, x, y, w, h);
		scene_fill(c->sc, p, c->st->hall);
	}
}
