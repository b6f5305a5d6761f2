/* layout_folio.c: a booklet's page numbers. Each level's sheet numbers its
 * own pages as it is laid out ("level 2 of 3 · page 1 of 2"), but a
 * booklet is one document: its footers say where each page stands in the
 * whole of it, cover included, which is known only once every level is
 * laid out. So in a booklet the sheet keeps each footer's place
 * (sheet_draw_footer, struct folios) and here they are written, "page 4 of
 * 7", with the rest of each level's footer as the sheet words it. */
#include "layout/layout.h"

#include "layout/layout_text.h"
#include "layout/sheet_dress.h"
#include "base/sbuf.h"

int layout_folios(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
		  const struct folios *fo, struct err *e)
{
	struct text_style small = { .family = st->font_text, .size = st->size_small, .colour = st->accent };
	struct sbuf s;
	sbuf_init(&s);
	int rc = 0;
	for (int i = 0; i < fo->n && rc == 0;) {
		/* the footers of one level, in page order, with its context */
		const struct folio *f = &fo->v[i];
		struct layout_ctx c;
		if (f->level < 0 || f->level >= d->nlevels || f->page < 0 || f->page >= sc->npages) {
			rc = err_set(e, "internal error: a footer of level %d on page %d of %d", f->level + 1, f->page + 1,
				     sc->npages);
			break;
		}
		if (layout_ctx_init(&c, d, &d->levels[f->level], st, ms, sc, e) < 0) {
			rc = -1;
			break;
		}
		for (; i < fo->n && fo->v[i].level == f->level && rc == 0; i++) {
			const struct folio *g = &fo->v[i];
			if (sheet_footer_text(&c, g->page + 1, sc->npages, &s) < 0)
				rc = err_set(e, "out of memory while laying out the booklet");
			else
				rc = layout_text(&c, &sc->pages[g->page], sbuf_cstr(&s), small, g->x, g->y, g->w, e);
		}
		layout_ctx_free(&c);
	}
	sbuf_free(&s);
	return rc < 0 ? -1 : scene_ok(sc, e);
}
