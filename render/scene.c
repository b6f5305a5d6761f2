/* scene.c: building the per-page display lists (see scene.h). */
#include "scene.h"

#include "text/glyph_run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KAPPA 0.5522847498   /* Bezier handle length for a quarter circle */
#define STRINGS_CHUNK (16 * 1024)

/* The items' strings, kept in chunks and released all at once. */
struct scene_strings {
	struct scene_strings *next;
	size_t used, cap;
	char data[];
};

/* A copy of s[0..len) among the scene's strings; NULL without memory. */
static char *scene_strndup(struct scene *sc, const char *s, size_t len)
{
	struct scene_strings *k = sc->strings;
	if (!k || k->cap - k->used < len + 1) {
		size_t cap = len + 1 > STRINGS_CHUNK ? len + 1 : STRINGS_CHUNK;
		if (!(k = malloc(sizeof *k + cap)))
			return NULL;
		k->next = sc->strings;
		k->used = 0;
		k->cap = cap;
		sc->strings = k;
	}
	char *copy = k->data + k->used;
	memcpy(copy, s, len);
	copy[len] = '\0';
	k->used += len + 1;
	return copy;
}

void scene_init(struct scene *sc)
{
	memset(sc, 0, sizeof *sc);
}

void scene_free(struct scene *sc)
{
	for (int i = 0; i < sc->npages; i++) {
		struct scene_page *p = &sc->pages[i];
		for (size_t k = 0; k < p->nitems; k++) {
			if (p->items[k].glyphs && p->items[k].glyphs_free)
				p->items[k].glyphs_free(p->items[k].glyphs);
		}
		free(p->items);
		free(p->ops);
	}
	free(sc->pages);
	while (sc->strings) {
		struct scene_strings *next = sc->strings->next;
		free(sc->strings);
		sc->strings = next;
	}
	scene_init(sc);
}

int scene_ok(const struct scene *sc, struct err *e)
{
	if (sc->failed)
		return err_set(e, "out of memory while laying out the sheet");
	return 0;
}

struct scene_page *scene_add_page(struct scene *sc, double w, double h, int level, enum page_kind kind)
{
	if (sc->failed)
		return NULL;
	if (sc->npages == sc->pages_cap) {
		int cap = sc->pages_cap ? sc->pages_cap * 2 : 8;
		struct scene_page *np = realloc(sc->pages, (size_t)cap * sizeof *np);
		if (!np) {
			sc->failed = 1;
			return NULL;
		}
		sc->pages = np;
		sc->pages_cap = cap;
	}
	struct scene_page *p = &sc->pages[sc->npages++];
	memset(p, 0, sizeof *p);
	p->w = w;
	p->h = h;
	p->level = level;
	p->kind = kind;
	return p;
}

static struct scene_op *add_op(struct scene *sc, struct scene_page *p, enum scene_op_kind kind)
{
	if (sc->failed || !p)
		return NULL;
	if (p->nops == p->ops_cap) {
		size_t cap = p->ops_cap ? p->ops_cap * 2 : 256;
		struct scene_op *n = realloc(p->ops, cap * sizeof *n);
		if (!n) {
			sc->failed = 1;
			return NULL;
		}
		p->ops = n;
		p->ops_cap = cap;
	}
	struct scene_op *op = &p->ops[p->nops++];
	memset(op, 0, sizeof *op);
	op->kind = kind;
	return op;
}

void scene_move(struct scene *sc, struct scene_page *p, double x, double y)
{
	struct scene_op *op = add_op(sc, p, SCENE_MOVE);
	if (op) {
		op->x[0] = x;
		op->y[0] = y;
	}
}

void scene_line(struct scene *sc, struct scene_page *p, double x, double y)
{
	struct scene_op *op = add_op(sc, p, SCENE_LINE);
	if (op) {
		op->x[0] = x;
		op->y[0] = y;
	}
}

void scene_curve(struct scene *sc, struct scene_page *p, double x1, double y1, double x2, double y2,
		 double x3, double y3)
{
	struct scene_op *op = add_op(sc, p, SCENE_CURVE);
	if (op) {
		op->x[0] = x1;
		op->y[0] = y1;
		op->x[1] = x2;
		op->y[1] = y2;
		op->x[2] = x3;
		op->y[2] = y3;
	}
}

void scene_close(struct scene *sc, struct scene_page *p)
{
	add_op(sc, p, SCENE_CLOSE);
}

void scene_rect_path(struct scene *sc, struct scene_page *p, double x, double y, double w, double h)
{
	scene_move(sc, p, x, y);
	scene_line(sc, p, x + w, y);
	scene_line(sc, p, x + w, y + h);
	scene_line(sc, p, x, y + h);
	scene_close(sc, p);
}

void scene_circle_path(struct scene *sc, struct scene_page *p, double cx, double cy, double r)
{
	double k = r * KAPPA;
	scene_move(sc, p, cx + r, cy);
	scene_curve(sc, p, cx + r, cy + k, cx + k, cy + r, cx, cy + r);
	scene_curve(sc, p, cx - k, cy + r, cx - r, cy + k, cx - r, cy);
	scene_curve(sc, p, cx - r, cy - k, cx - k, cy - r, cx, cy - r);
	scene_curve(sc, p, cx + k, cy - r, cx + r, cy - k, cx + r, cy);
	scene_close(sc, p);
}

static struct scene_item *add_item(struct scene *sc, struct scene_page *p, enum scene_kind kind, int takes_path)
{
	if (sc->failed || !p)
		return NULL;
	if (p->nitems == p->items_cap) {
		size_t cap = p->items_cap ? p->items_cap * 2 : 256;
		struct scene_item *n = realloc(p->items, cap * sizeof *n);
		if (!n) {
			sc->failed = 1;
			return NULL;
		}
		p->items = n;
		p->items_cap = cap;
	}
	struct scene_item *it = &p->items[p->nitems++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	if (takes_path) {
		it->op_start = p->path_start;
		it->nops = p->nops - p->path_start;
		p->path_start = p->nops;
	}
	return it;
}

struct scene_item *scene_fill(struct scene *sc, struct scene_page *p, struct colour c)
{
	struct scene_item *it = add_item(sc, p, SCENE_FILL, 1);
	if (it)
		it->colour = c;
	return it;
}

struct scene_item *scene_stroke(struct scene *sc, struct scene_page *p, struct colour c, double width,
				enum scene_cap cap, enum scene_join join)
{
	struct scene_item *it = add_item(sc, p, SCENE_STROKE, 1);
	if (it) {
		it->colour = c;
		it->width = width;
		it->cap = cap;
		it->join = join;
	}
	return it;
}

struct scene_item *scene_hatch(struct scene *sc, struct scene_page *p, struct colour c, double width,
			       double angle, double spacing)
{
	struct scene_item *it = add_item(sc, p, SCENE_HATCH, 1);
	if (it) {
		it->colour = c;
		it->width = width;
		it->angle = angle;
		it->spacing = spacing;
	}
	return it;
}

struct scene_item *scene_text(struct scene *sc, struct scene_page *p, const char *text, size_t len,
			      struct text_style ts, double x, double y, double w)
{
	struct scene_item *it = add_item(sc, p, SCENE_TEXT, 0);
	if (!it)
		return NULL;
	it->text = scene_strndup(sc, text, len);
	it->family = scene_strndup(sc, ts.family, strlen(ts.family));
	if (!it->text || !it->family) {
		sc->failed = 1;
		return NULL;
	}
	it->size = ts.size;
	it->ascent = ts.size;          /* safe bounds until layout says better */
	it->descent = ts.size * 0.3;
	it->bold = ts.bold;
	it->italic = ts.italic;
	it->colour = ts.colour;
	it->x = x;
	it->y = y;
	it->w = w;
	return it;
}

struct scene_item *scene_clip(struct scene *sc, struct scene_page *p)
{
	return add_item(sc, p, SCENE_CLIP, 1);
}

struct scene_item *scene_unclip(struct scene *sc, struct scene_page *p)
{
	return add_item(sc, p, SCENE_UNCLIP, 0);
}

/* Copies the part of src's path ops[from .. to) that starts a piece (a
 * move and what follows up to the next move), moved by (dx, dy), when
 * its points come within win grown by pen. Returns 0, or -1 (latched). */
static int copy_subpath(struct scene *sc, struct scene_page *dst, const struct scene_page *src, size_t from,
			size_t to, double dx, double dy, const double *win, double pen)
{
	if (win) {
		double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
		for (size_t k = from; k < to; k++) {
			const struct scene_op *op = &src->ops[k];
			int npts = op->kind == SCENE_CURVE ? 3 : op->kind == SCENE_CLOSE ? 0 : 1;
			for (int j = 0; j < npts; j++) {
				x0 = fmin(x0, op->x[j]);
				x1 = fmax(x1, op->x[j]);
				y0 = fmin(y0, op->y[j]);
				y1 = fmax(y1, op->y[j]);
			}
		}
		if (x1 + pen < win[0] || x0 - pen > win[2] || y1 + pen < win[1] || y0 - pen > win[3])
			return 0;
	}
	for (size_t k = from; k < to; k++) {
		const struct scene_op *op = &src->ops[k];
		struct scene_op *n = add_op(sc, dst, op->kind);
		if (!n)
			return -1;
		for (int j = 0; j < 3; j++) {
			n->x[j] = op->x[j] + dx;
			n->y[j] = op->y[j] + dy;
		}
	}
	return 0;
}

int scene_copy_item(struct scene *sc, struct scene_page *dst, const struct scene_page *src,
		    const struct scene_item *it, double dx, double dy, const double *win)
{
	if (it->kind == SCENE_TEXT) {
		size_t len = strlen(it->text);
		struct text_style ts = { .family = it->family, .size = it->size, .bold = it->bold,
					 .italic = it->italic, .colour = it->colour };
		struct scene_item *t = scene_text(sc, dst, it->text, len, ts, it->x + dx, it->y + dy, it->w);
		if (!t)
			return -1;
		t->ascent = it->ascent;
		t->descent = it->descent;
		if (it->glyphs) {
			if (!(t->glyphs = glyph_run_prefix(it->glyphs, len))) {
				sc->failed = 1;
				return -1;
			}
			t->glyphs_free = it->glyphs_free;
		}
		return 1;
	}
	if (it->kind == SCENE_ANCHOR)
		return scene_anchor(sc, dst, it->text, it->x + dx, it->y + dy) ? 1 : -1;
	if (it->kind == SCENE_LINK)
		return scene_link(sc, dst, it->text, it->x + dx, it->y + dy, it->w, it->h) ? 1 : -1;
	if (sc->failed || !dst)
		return -1;
	double pen = it->kind == SCENE_STROKE ? it->width * (it->cap == SCENE_CAP_SQUARE ? 0.75 : 0.5) + 1 : 0;
	size_t before = dst->nops, end = it->op_start + it->nops;
	for (size_t k = it->op_start; k < end;) {
		size_t next = k + 1;
		while (next < end && src->ops[next].kind != SCENE_MOVE)
			next++;
		if (copy_subpath(sc, dst, src, k, next, dx, dy, win, pen) < 0)
			return -1;
		k = next;
	}
	if (dst->nops == before && it->kind != SCENE_UNCLIP)
		return 0;
	struct scene_item *n = add_item(sc, dst, it->kind, it->kind != SCENE_UNCLIP);
	if (!n)
		return -1;
	size_t op_start = n->op_start, nops = n->nops;
	*n = *it;
	n->op_start = op_start;
	n->nops = nops;
	n->text = n->family = NULL;
	n->glyphs = NULL;
	n->glyphs_free = NULL;
	n->hatch_x = it->hatch_x + dx;
	n->hatch_y = it->hatch_y + dy;
	return 1;
}

struct scene_item *scene_anchor(struct scene *sc, struct scene_page *p, const char *name, double x, double y)
{
	struct scene_item *it = add_item(sc, p, SCENE_ANCHOR, 0);
	if (!it)
		return NULL;
	if (!(it->text = scene_strndup(sc, name, strlen(name)))) {
		sc->failed = 1;
		return NULL;
	}
	it->x = x;
	it->y = y;
	return it;
}

struct scene_item *scene_link(struct scene *sc, struct scene_page *p, const char *target, double x, double y,
			      double w, double h)
{
	struct scene_item *it = add_item(sc, p, SCENE_LINK, 0);
	if (!it)
		return NULL;
	if (!(it->text = scene_strndup(sc, target, strlen(target)))) {
		sc->failed = 1;
		return NULL;
	}
	it->x = x;
	it->y = y;
	it->w = w;
	it->h = h;
	return it;
}

int scene_item_bounds(const struct scene_page *p, const struct scene_item *it, double *x0, double *y0,
		      double *x1, double *y1)
{
	switch (it->kind) {
	case SCENE_TEXT:
		*x0 = it->x;
		*x1 = it->x + it->w;
		*y0 = it->y - it->ascent;
		*y1 = it->y + it->descent;
		return 1;
	case SCENE_LINK:
		*x0 = it->x;
		*y0 = it->y;
		*x1 = it->x + it->w;
		*y1 = it->y + it->h;
		return 1;
	case SCENE_ANCHOR:
		*x0 = *x1 = it->x;
		*y0 = *y1 = it->y;
		return 1;
	default:
		break;
	}
	int any = 0;
	for (size_t k = it->op_start; k < it->op_start + it->nops; k++) {
		const struct scene_op *op = &p->ops[k];
		int npts = op->kind == SCENE_CURVE ? 3 : op->kind == SCENE_CLOSE ? 0 : 1;
		for (int j = 0; j < npts; j++) {
			if (!any || op->x[j] < *x0)
				*x0 = op->x[j];
			if (!any || op->x[j] > *x1)
				*x1 = op->x[j];
			if (!any || op->y[j] < *y0)
				*y0 = op->y[j];
			if (!any || op->y[j] > *y1)
				*y1 = op->y[j];
			any = 1;
		}
	}
	if (any && it->kind == SCENE_STROKE) {
		double pen = it->width / 2 * (it->cap == SCENE_CAP_SQUARE ? 1.5 : 1.0);
		*x0 -= pen;
		*y0 -= pen;
		*x1 += pen;
		*y1 += pen;
	}
	return any;
}

int scene_hatch_lines(const struct scene_page *p, const struct scene_item *it,
		      void (*fn)(void *arg, double x0, double y0, double x1, double y1), void *arg)
{
	double x0, y0, x1, y1;
	if (it->kind != SCENE_HATCH || it->spacing <= 0 || !scene_item_bounds(p, it, &x0, &y0, &x1, &y1))
		return 0;
	double a = it->angle * 3.14159265358979323846 / 180;
	double dx = cos(a), dy = sin(a), nx = -dy, ny = dx;
	/* counted from the anchor: the same lines wherever the item was moved */
	double hx = it->hatch_x, hy = it->hatch_y;
	x0 -= hx;
	x1 -= hx;
	y0 -= hy;
	y1 -= hy;
	double xs[4] = { x0, x1, x0, x1 }, ys[4] = { y0, y0, y1, y1 };
	double nmin = 1e300, nmax = -1e300, dmin = 1e300, dmax = -1e300;
	for (int k = 0; k < 4; k++) {
		double n = xs[k] * nx + ys[k] * ny, d = xs[k] * dx + ys[k] * dy;
		nmin = fmin(nmin, n);
		nmax = fmax(nmax, n);
		dmin = fmin(dmin, d);
		dmax = fmax(dmax, d);
	}
	int count = 0;
	for (double t = floor(nmin / it->spacing) * it->spacing; t <= nmax && count < 100000; t += it->spacing) {
		fn(arg, hx + t * nx + dmin * dx, hy + t * ny + dmin * dy, hx + t * nx + dmax * dx,
		   hy + t * ny + dmax * dy);
		count++;
	}
	return count;
}
