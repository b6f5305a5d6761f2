/* layout_marks.c: the map's lettered marks (struct map_mark in map.h): a small
 * circle on the square, in the paper's colour and ringed in the number
 * colour, with the mark's label in it. The key's section of marks says
 * what each is. */
#include "layout/layout.h"

#include <math.h>
#include <string.h>

void layout_marks(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f)
{
	const struct style *st = c->st;
	const struct map *m = c->m;
	struct scene *sc = c->sc;
	for (int i = 0; i < m->nmarks; i++) {
		const struct map_mark *k = &m->marks[i];
		double cx = f->ox + (k->x + 0.5) * f->s, cy = f->oy + (k->y + 0.5) * f->s;
		double r = f->s * 0.42;
		double size = fmax(f->s * (strlen(k->label) > 1 ? 0.42 : 0.55), 3.0);
		scene_circle_path(sc, p, cx, cy, r);
		scene_fill(sc, p, st->floor.a > 0 ? st->floor : st->paper);
		scene_circle_path(sc, p, cx, cy, r);
		scene_stroke(sc, p, st->number, fmax(c->pen.detail, 0.4), SCENE_CAP_ROUND, SCENE_JOIN_ROUND);
		struct text_block b;
		struct err e;
		if (measure_block(c->ms, &b, k->label, st->font_number, size, -1, 0, &e) < 0)
			continue;
		struct text_style ts = { .family = st->font_number, .size = size, .bold = 1, .colour = st->number };
		measure_attach(scene_text(sc, p, k->label, strlen(k->label), ts, cx - b.width / 2, cy + size * 0.36,
					  b.width), &b);
		text_block_free(&b);
	}
}
