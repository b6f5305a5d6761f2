/* export_vtt.c: Universal VTT JSON. Secret doors are written as walls (the
 * format has no secret doors); openings are gaps in the walls; every other
 * door is a portal on its edge, closed, but a portcullis, which sight
 * passes (tabletop.h's one rule of sight), is a portal left open; pillars,
 * statues and shelves, which
 * stand high enough to hide what is behind them (feature_blocks_sight), are
 * closed outlines in objects_line_of_sight. */
#include "export/export_vtt.h"

#include "base/fileset.h"
#include "base/sbuf.h"
#include "export/tabletop.h"
#include "export/walls.h"
#include "model/feature.h"

#include <math.h>

#define VTT_PI 3.14159265358979323846

void export_base64(struct sbuf *out, const unsigned char *data, size_t len)
{
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < len; i += 3) {
		unsigned v = (unsigned)data[i] << 16;
		if (i + 1 < len)
			v |= (unsigned)data[i + 1] << 8;
		if (i + 2 < len)
			v |= data[i + 2];
		char q[4] = { alphabet[(v >> 18) & 63], alphabet[(v >> 12) & 63],
			      i + 1 < len ? alphabet[(v >> 6) & 63] : '=', i + 2 < len ? alphabet[v & 63] : '=' };
		sbuf_addn(out, q, 4);
	}
}

static void vtt_walls(struct sbuf *s, const struct walls *w)
{
	sbuf_add(s, "  \"line_of_sight\": [");
	for (int i = 0; i < w->n; i++) {
		sbuf_add(s, i ? ",\n    [" : "\n    [");
		for (int k = w->start[i]; k < w->start[i + 1]; k++)
			sbuf_printf(s, "%s{\"x\": %d, \"y\": %d}", k > w->start[i] ? ", " : "", w->points[k].x,
				    w->points[k].y);
		sbuf_add(s, "]");
	}
	sbuf_add(s, w->n ? "\n  ],\n" : "],\n");
}

int export_vtt_blocker_outline(const struct map *m, int x, int y, double *px, double *py)
{
	if (!m->features)
		return 0;
	enum feature feature = (enum feature)m->features[(long)y * m->w + x];
	int n;
	double r, start;
	if (!feature_blocks_sight(feature)) {
		return 0;
	} else if (feature == FEATURE_SHELF) {
		struct feature_place pl;
		double b[4];
		feature_place(m, x, y, &pl);
		feature_shelf_box(&pl, b);
		const double cx[4] = { b[0], b[2], b[2], b[0] }, cy[4] = { b[1], b[1], b[3], b[3] };
		for (int k = 0; k < 4; k++)
			px[k] = x + cx[k], py[k] = y + cy[k];
		return 4;
	} else if (feature == FEATURE_PILLAR) {
		n = 8;
		r = 0.3 / cos(VTT_PI / 8);
		start = VTT_PI / 8;
	} else {
		n = 5;
		r = 0.38;
		start = -VTT_PI / 2;
	}
	for (int k = 0; k < n; k++) {
		px[k] = x + 0.5 + r * cos(start + 2 * VTT_PI * k / n);
		py[k] = y + 0.5 + r * sin(start + 2 * VTT_PI * k / n);
	}
	return n;
}

/* Every feature that blocks sight as a closed polyline (its first point
 * again at the end), in squares, row by row. */
static void vtt_objects(struct sbuf *s, const struct map *m)
{
	int first = 1;
	sbuf_add(s, "  \"objects_line_of_sight\": [");
	for (int y = 0; m->features && y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			double px[8], py[8];
			int n = export_vtt_blocker_outline(m, x, y, px, py);
			if (n == 0)
				continue;
			sbuf_add(s, first ? "\n    [" : ",\n    [");
			for (int k = 0; k <= n; k++)
				sbuf_printf(s, "%s{\"x\": %.3f, \"y\": %.3f}", k ? ", " : "", px[k % n], py[k % n]);
			sbuf_add(s, "]");
			first = 0;
		}
	sbuf_add(s, first ? "],\n" : "\n  ],\n");
}

static void vtt_portals(struct sbuf *s, const struct map *m)
{
	int first = 1;
	sbuf_add(s, "  \"portals\": [");
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		if (d->kind == DOOR_OPENING || !walls_door_is_portal(d->kind))
			continue;
		/* the edge's two corners */
		int x0 = d->x + (d->side == SIDE_E), y0 = d->y + (d->side == SIDE_S);
		int vertical = d->side == SIDE_E || d->side == SIDE_W;
		int x1 = x0 + !vertical, y1 = y0 + vertical;
		sbuf_printf(s,
			    "%s{\"position\": {\"x\": %.1f, \"y\": %.1f}, \"bounds\": [{\"x\": %d, \"y\": %d}, "
			    "{\"x\": %d, \"y\": %d}], \"rotation\": %s, \"closed\": %s, \"freestanding\": false}",
			    first ? "\n    " : ",\n    ", (x0 + x1) / 2.0, (y0 + y1) / 2.0, x0, y0, x1, y1,
			    vertical ? "1.5707963267948966" : "0.0", tabletop_door_blocks_sight(d->kind) ? "true" : "false");
		first = 0;
	}
	sbuf_add(s, first ? "],\n" : "\n  ],\n");
}

int export_vtt(FILE *f, const struct map *m, int pixels_per_grid, const unsigned char *png, size_t len,
	       const char *about, struct err *e)
{
	struct walls w;
	if (walls_build(&w, m, e) < 0)
		return -1;
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "{\n");
	if (about) {
		/* first, where a later run looks for it (see fileset.h) */
		sbuf_add(&s, "  \"" FILESET_MARK "\": ");
		sbuf_add_json(&s, about);
		sbuf_add(&s, ",\n");
	}
	sbuf_printf(&s,
		    "  \"format\": 0.3,\n  \"resolution\": {\"map_origin\": {\"x\": 0, \"y\": 0}, "
		    "\"map_size\": {\"x\": %d, \"y\": %d}, \"pixels_per_grid\": %d},\n",
		    m->w, m->h, pixels_per_grid);
	vtt_walls(&s, &w);
	vtt_objects(&s, m);
	vtt_portals(&s, m);
	sbuf_add(&s, "  \"environment\": {\"baked_lighting\": false, \"ambient_light\": \"ffffffff\"},\n"
		     "  \"lights\": [],\n  \"image\": \"");
	export_base64(&s, png, len);
	sbuf_add(&s, "\"\n}\n");
	walls_free(&w);
	if (sbuf_failed(&s)) {
		sbuf_free(&s);
		return err_set(e, "out of memory writing the tabletop file");
	}
	fwrite(s.data, 1, s.len, f);
	sbuf_free(&s);
	return 0;
}
