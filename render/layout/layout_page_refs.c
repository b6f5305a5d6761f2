/* layout_page_refs.c: page numbers the cover prints before the pages
 * they name exist (layout.h, struct page_ref). The cover is laid out
 * first, so it keeps the place of each number; once every level is laid
 * out, the first page of each level is known and the numbers are written
 * there, right-aligned, after a row of dot leaders. */
#include "layout/layout.h"

#include "layout/layout_text.h"

#include <stdio.h>
#include <stdlib.h>

#define LEADER_GAP 4.0

void layout_page_ref_add(struct page_refs *refs, struct scene *sc, const struct page_ref *r)
{
	if (refs->n == refs->cap) {
		int cap = refs->cap ? refs->cap * 2 : 16;
		struct page_ref *v = realloc(refs->v, (size_t)cap * sizeof *v);
		if (!v) {
			sc->failed = 1;
			return;
		}
		refs->v = v;
		refs->cap = cap;
	}
	refs->v[refs->n++] = *r;
}

double layout_page_ref_width(struct measure *ms, struct text_style ts, const char *prefix)
{
	char text[32];
	snprintf(text, sizeof text, "%s999", prefix);
	return measure_width(ms, text, ts.family, ts.size, ts.bold);
}

/* The first page of the level of `depth` (1-based), or 0. */
static int first_page(const struct scene *sc, int depth)
{
	for (int i = 0; i < sc->npages; i++)
		if (sc->pages[i].level == depth && sc->pages[i].kind != PAGE_COVER)
			return i + 1;
	return 0;
}

int layout_page_refs(struct scene *sc, struct measure *ms, const struct page_refs *refs, struct err *e)
{
	for (int i = 0; i < refs->n; i++) {
		const struct page_ref *r = &refs->v[i];
		int page = first_page(sc, r->depth);
		if (!page || r->page < 0 || r->page >= sc->npages)
			return err_set(e, "internal error: the cover names level %d, which has no page", r->depth);
		char text[32];
		snprintf(text, sizeof text, "%s%d", r->prefix, page);
		struct text_block b;
		if (measure_block(ms, &b, text, r->ts.family, r->ts.size, r->ts.bold ? -1 : 0, 0, e) < 0)
			return -1;
		struct scene_page *p = &sc->pages[r->page];
		double x = r->x - b.width, top = b.nlines > 0 ? r->y - b.lines[0].baseline : r->y;
		layout_text_block(sc, p, &b, x, top, r->ts.colour);
		text_block_free(&b);
		if (r->lead_from > 0 && x - LEADER_GAP > r->lead_from + LEADER_GAP) {
			scene_move(sc, p, r->lead_from + LEADER_GAP, r->y);
			scene_line(sc, p, x - LEADER_GAP, r->y);
			struct scene_item *it = scene_stroke(sc, p, r->ts.colour, 0.9, SCENE_CAP_ROUND, SCENE_JOIN_ROUND);
			if (it) {
				it->dash[0] = 0.01;
				it->dash[1] = 3.0;
			}
		}
	}
	return scene_ok(sc, e);
}
