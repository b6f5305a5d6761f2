/* layout_links.c: the links between levels. Each map page is the anchor
 * "level-L"; every stair shown on a map links to the room it arrives in on
 * the level it reaches ("room-L-N", or "level-L" when that room is not
 * known), and the key's stairs sentences link there too. The booklet
 * backend turns these into PDF links; the Cairo backend ignores them. */
#include "layout/layout.h"

#include <stdio.h>
#include <string.h>

static void stair_target(const struct stair *st, char *out, size_t size)
{
	if (st->to_room > 0)
		snprintf(out, size, "room-%d-%d", st->to_level, st->to_room);
	else
		snprintf(out, size, "level-%d", st->to_level);
}

void layout_stair_links(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct map *m = c->m;
	char name[48];
	snprintf(name, sizeof name, "level-%d", m->depth);
	scene_anchor(c->sc, p, name, f->ox + f->vx * f->s, f->oy + f->vy * f->s);
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		if (st->to_level <= 0 || !layout_stair_shown(c, i))
			continue;
		stair_target(st, name, sizeof name);
		scene_link(c->sc, p, name, f->ox + st->x * f->s, f->oy + st->y * f->s, f->s, f->s);
	}
}

void layout_key_line_link(struct layout_ctx *c, struct scene_page *p, const struct key_entry *en, const char *line,
			  double x, double y, double w, double h)
{
	const struct map *m = c->m;
	enum stair_dir dir;
	if (strncmp(line, "Stairs up to level ", 19) == 0)
		dir = STAIR_UP;
	else if (strncmp(line, "Stairs down to level ", 21) == 0)
		dir = STAIR_DOWN;
	else
		return;
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		if (st->dir != dir || st->to_level <= 0 || map_at(m, st->x, st->y) != en->region)
			continue;
		char name[48];
		stair_target(st, name, sizeof name);
		scene_link(c->sc, p, name, x, y, w, h);
		return;
	}
}
