/* map_image.c: a level's map alone as PNG or SVG (see map_image.h). The map
 * is laid out on a page exactly its own size with the sheet's map drawing,
 * at a nominal 18 points a square so that pens, door symbols and numbers
 * keep the proportions of the printed sheet, and the Cairo backend scales
 * that page to the pixels wanted. */
#include "layout/map_image.h"

#include "cairo/cairo_backend.h"
#include "model/handout.h"
#include "layout/layout.h"
#include "text/measure.h"
#include "cairo/png_phys.h"
#include "scene.h"
#include "style.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a square, in points; 72 / SQUARE_PT is a whole number, so ppg pixels a
 * square are exactly ppg * 72 / SQUARE_PT dots per inch */
#define SQUARE_PT 18

int map_image_vtt_ppg(const struct map *m, int want)
{
	int ppg = want > 0 ? want : MAP_IMAGE_PPG_DEFAULT;
	int side = m->w > m->h ? m->w : m->h;
	if (side > 0 && (long)side * ppg > MAP_IMAGE_MAX_SIDE)
		ppg = MAP_IMAGE_MAX_SIDE / side;
	return ppg < 1 ? 1 : ppg;
}


struct drawing {
	struct style st;
	struct measure ms;
	struct scene sc;
	int ms_ready;
};

static void drawing_free(struct drawing *dw)
{
	scene_free(&dw->sc);
	if (dw->ms_ready)
		measure_free(&dw->ms);
}

/* Lays out level lv of d alone on one page of dw->sc: the whole grid
 * (whole) or the floor's view, with or without room numbers, for players or
 * not, with or without the grid lines. */
static int draw_level(struct drawing *dw, const struct doc *d, const struct level *lv, int player, int whole,
		      int labels, int grid, struct err *e)
{
	memset(dw, 0, sizeof *dw);
	scene_init(&dw->sc);
	if (style_load(&dw->st, d->sheet.style, d->template_dirs, e) < 0 || measure_init(&dw->ms, e) < 0)
		return -1;
	dw->ms_ready = 1;
	struct doc dd = *d;
	dd.sheet.player = player;
	dd.sheet.no_key = 1;
	const struct map *m = &lv->map;
	struct map_frame f;
	memset(&f, 0, sizeof f);
	f.s = SQUARE_PT;
	if (whole) {
		f.vw = m->w;
		f.vh = m->h;
	} else {
		layout_viewport(m, &f.vx, &f.vy, &f.vw, &f.vh);
	}
	f.ox = -f.vx * f.s;
	f.oy = -f.vy * f.s;
	f.scale = 72.0 / SQUARE_PT;
	f.standard = 1;
	struct scene_page *p = scene_add_page(&dw->sc, f.vw * f.s, f.vh * f.s, m->depth, PAGE_MAP);
	if (!p)
		return err_set(e, "out of memory while drawing the map");
	snprintf(p->label, sizeof p->label, "%d-map", m->depth);
	/* the paper under the map, for styles that colour it */
	scene_rect_path(&dw->sc, p, 0, 0, p->w, p->h);
	scene_fill(&dw->sc, p, dw->st.paper);
	struct layout_ctx c;
	if (layout_ctx_init(&c, &dd, lv, &dw->st, &dw->ms, &dw->sc, e) < 0)
		return -1;
	layout_pens(&c, f.s);
	if (!grid)
		c.pen.grid = c.pen.grid_major = 0;
	layout_map(&c, p, &f);
	if (labels)
		layout_labels(&c, p, &f);
	layout_ctx_free(&c);
	return scene_ok(&dw->sc, e);
}

int render_map_png(const struct doc *d, int li, int ppg, unsigned char **png, size_t *len, struct err *e)
{
	*png = NULL;
	*len = 0;
	if (ppg < 1 || ppg > MAP_IMAGE_PPG_MAX)
		return err_set(e, "internal error: %d pixels a square", ppg);
	if (li < 0 || li >= d->nlevels)
		return err_set(e, "internal error: no level %d to draw", li + 1);
	/* what the tabletop shows: every room, with its secret doors as wall
	 * and its locks as plain doors (the players' map, hidden rooms kept:
	 * the referee reveals them on the table) */
	struct level view = { .key = d->levels[li].key };
	struct drawing dw;
	/* a tabletop draws its own grid over the image: none in it unless asked */
	memset(&dw, 0, sizeof dw);
	int rc = handout_map(&view.map, &d->levels[li].map, 1, 0, e);
	if (rc == 0)
		rc = draw_level(&dw, d, &view, 1, 1, 0, d->sheet.vtt_grid, e);
	map_free(&view.map);
	char *buf = NULL;
	size_t n = 0;
	FILE *mem = NULL;
	if (rc == 0 && !(mem = open_memstream(&buf, &n)))
		rc = err_set(e, "out of memory for the tabletop image");
	if (rc == 0)
		rc = cairo_backend_write(&dw.sc, 0, 1, CAIRO_OUT_PNG, ppg * (72 / SQUARE_PT), NULL, mem, e);
	if (mem && fclose(mem) != 0 && rc == 0)
		rc = err_set(e, "out of memory for the tabletop image");
	drawing_free(&dw);
	/* printed at its size, a square is an inch: a battle map for miniatures */
	if (rc == 0 && png_phys_set((unsigned char *)buf, n, ppg) < 0)
		rc = err_set(e, "internal error: the tabletop image has no resolution chunk");
	if (rc < 0) {
		free(buf);
		return -1;
	}
	*png = (unsigned char *)buf;
	*len = n;
	return 0;
}

int render_map_image(const struct doc *d, int li, enum map_image_format fmt, FILE *out, struct err *e)
{
	if (li < 0 || li >= d->nlevels)
		return err_set(e, "internal error: no level %d to draw", li + 1);
	struct drawing dw;
	int rc = draw_level(&dw, d, &d->levels[li], d->sheet.player, 0, 1, 1, e);
	if (rc == 0) {
		const struct scene_page *p = &dw.sc.pages[0];
		int dpi = d->sheet.dpi > 0 ? d->sheet.dpi : 150;
		double side = p->w > p->h ? p->w : p->h;
		if (side * dpi / 72 > MAP_IMAGE_MAX_SIDE)
			dpi = (int)floor(MAP_IMAGE_MAX_SIDE * 72 / side);
		if (dpi < 1)
			dpi = 1;
		char title[600], about[600];
		const struct map *m = &d->levels[li].map;
		snprintf(title, sizeof title, "%s, level %d", d->sheet.title ? d->sheet.title : "Map", m->depth);
		if (d->sheet.player)
			snprintf(about, sizeof about, "map of level %d, image %d of %d, players' map", m->depth, li + 1,
				 d->nlevels);
		else
			snprintf(about, sizeof about, "map of level %d, image %d of %d, seed %s", m->depth, li + 1,
				 d->nlevels, d->seed ? d->seed : "unknown");
		struct page_meta meta = { title, about };
		rc = cairo_backend_write(&dw.sc, 0, 1, fmt == MAP_IMAGE_PNG ? CAIRO_OUT_PNG : CAIRO_OUT_SVG,
					 dpi, &meta, out, e);
	}
	drawing_free(&dw);
	return rc;
}
