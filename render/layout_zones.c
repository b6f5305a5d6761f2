/* layout_zones.c: the zones of a cards map on the sheet. Each zone's floor
 * is washed with its own pale tint, so a glance shows where one zone ends
 * and the next begins, and the legend names each zone's theme beside a
 * swatch of its tint. Maps with a single zone, and the players' version
 * (the zones and their locks are the referee's), are drawn without. */
#include "layout.h"

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

int layout_zone_count(const struct layout_ctx *c)
{
	return c->m->nzones > 1 && !c->player ? c->m->nzones : 0;
}

static struct colour zone_tint(int zone)
{
	struct colour t = zone_hues[(zone % ZONE_HUES + ZONE_HUES) % ZONE_HUES];
	t.a = ZONE_ALPHA;
	return t;
}

void layout_zone_label(const struct layout_ctx *c, int zone, char *out, size_t size)
{
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
	scene_fill(c->sc, p, zone_tint(zone));
	scene_rect_path(c->sc, p, x, y, size * 1.6, size);
	scene_stroke(c->sc, p, c->st->grid, 0.5, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
}

void layout_zone_tints(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct map *m = c->m;
	int nz = layout_zone_count(c);
	for (int z = 0; z < nz; z++) {
		int runs = 0;
		for (int y = f->vy; y < f->vy + f->vh; y++) {
			int x = f->vx;
			while (x < f->vx + f->vw) {
				int id = map_at(m, x, y);
				if (id <= 0 || m->regions[id].zone != z) {
					x++;
					continue;
				}
				int x0 = x;
				while (x < f->vx + f->vw && (id = map_at(m, x, y)) > 0 && m->regions[id].zone == z)
					x++;
				scene_rect_path(c->sc, p, f->ox + x0 * f->s, f->oy + y * f->s, (x - x0) * f->s, f->s);
				runs++;
			}
		}
		if (runs > 0)
			scene_fill(c->sc, p, zone_tint(z));
	}
}
