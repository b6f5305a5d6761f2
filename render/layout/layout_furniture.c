/* layout_furniture.c: the symbols of what a room's kind stands on the map:
 * coffin, bed, crate, shelf, table, throne, hearth, cage and well, in the
 * hand of the other features (layout_symbols.c): ink outlines with the
 * floor inside, solid ink for what is heavy, the accent for what is fine.
 * Each stays inside its square. A bed, coffin or throne is drawn in a frame
 * turned so that its back is to the wall it stands against (feature.h),
 * north when it stands free; a hearth against a wall is half round, free a
 * round fire pit. */
#include "layout/layout.h"

#include <math.h>

#define FURN_KAPPA 0.5522847498 /* a quarter circle's Bezier handle, per radius */
#define LAYOUT_FURN_PI 3.14159265358979323846

/* A square's frame: u points to its back (the wall it stands against), v
 * across; both in squares from the square's middle. */
struct furn {
	struct layout_ctx *c;
	struct scene_page *p;
	double cx, cy, s;
	double bx, by, nx, ny;
};

static void fr_pt(const struct furn *f, double u, double v, double *x, double *y)
{
	*x = f->cx + f->s * (u * f->bx + v * f->nx);
	*y = f->cy + f->s * (u * f->by + v * f->ny);
}

static void fr_move(const struct furn *f, double u, double v)
{
	double x, y;
	fr_pt(f, u, v, &x, &y);
	scene_move(f->c->sc, f->p, x, y);
}

static void fr_line(const struct furn *f, double u, double v)
{
	double x, y;
	fr_pt(f, u, v, &x, &y);
	scene_line(f->c->sc, f->p, x, y);
}

static void fr_curve(const struct furn *f, double u1, double v1, double u2, double v2, double u3, double v3)
{
	double x1, y1, x2, y2, x3, y3;
	fr_pt(f, u1, v1, &x1, &y1);
	fr_pt(f, u2, v2, &x2, &y2);
	fr_pt(f, u3, v3, &x3, &y3);
	scene_curve(f->c->sc, f->p, x1, y1, x2, y2, x3, y3);
}

/* A closed polygon through n points (u[i], v[i]). */
static void fr_poly(const struct furn *f, const double *u, const double *v, int n)
{
	fr_move(f, u[0], v[0]);
	for (int i = 1; i < n; i++)
		fr_line(f, u[i], v[i]);
	scene_close(f->c->sc, f->p);
}

static void fr_box(const struct furn *f, double u0, double u1, double v0, double v1)
{
	const double u[4] = { u0, u1, u1, u0 }, v[4] = { v0, v0, v1, v1 };
	fr_poly(f, u, v, 4);
}

/* Half a disc of radius r whose flat side lies across u = u0, bulging
 * towards -u. */
static void fr_half_disc(const struct furn *f, double u0, double r)
{
	double k = r * FURN_KAPPA;
	fr_move(f, u0, -r);
	fr_curve(f, u0 - k, -r, u0 - r, -k, u0 - r, 0);
	fr_curve(f, u0 - r, k, u0 - k, r, u0, r);
	scene_close(f->c->sc, f->p);
}

static struct colour ground(const struct style *st)
{
	return st->floor.a > 0 ? st->floor : st->paper;
}

/* The pending path filled with the floor and outlined in ink. */
static void fill_outline(const struct furn *f, double pen)
{
	const struct style *st = f->c->st;
	struct scene *sc = f->c->sc;
	struct scene_page *p = f->p;
	size_t start = p->path_start, end = p->nops;
	scene_fill(sc, p, ground(st));
	/* the same path again, for the outline */
	for (size_t i = start; i < end && !sc->failed; i++) {
		struct scene_op op = p->ops[i];
		if (op.kind == SCENE_MOVE)
			scene_move(sc, p, op.x[0], op.y[0]);
		else if (op.kind == SCENE_LINE)
			scene_line(sc, p, op.x[0], op.y[0]);
		else if (op.kind == SCENE_CURVE)
			scene_curve(sc, p, op.x[0], op.y[0], op.x[1], op.y[1], op.x[2], op.y[2]);
		else
			scene_close(sc, p);
	}
	scene_stroke(sc, p, st->wall, pen, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
}

static void ink(const struct furn *f, double pen)
{
	scene_stroke(f->c->sc, f->p, f->c->st->wall, pen, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
}

/* A coffin: a tapered six-sided box, head to the back, with its lid. */
static void coffin(const struct furn *f, double pen)
{
	const double u[6] = { 0.42, 0.22, -0.43, -0.43, 0.22, 0.42 };
	const double v[6] = { -0.12, -0.2, -0.1, 0.1, 0.2, 0.12 };
	double lu[6], lv[6];
	for (int i = 0; i < 6; i++)
		lu[i] = u[i] * 0.72, lv[i] = v[i] * 0.55;
	fr_poly(f, u, v, 6);
	fill_outline(f, pen * 1.5);
	fr_poly(f, lu, lv, 6);
	ink(f, pen);
}

/* A bed: head to the back, a pillow there, the blanket hatched. */
static void bed(const struct furn *f, double pen)
{
	const struct style *st = f->c->st;
	fr_box(f, -0.42, 0.44, -0.26, 0.26);
	fill_outline(f, pen * 1.5);
	fr_box(f, -0.42, 0.12, -0.26, 0.26);
	scene_hatch(f->c->sc, f->p, st->accent, pen * 0.7, 45, fmax(0.09 * f->s, pen * 3));
	fr_move(f, 0.12, -0.26);
	fr_line(f, 0.12, 0.26);
	fr_box(f, 0.2, 0.36, -0.17, 0.17);
	ink(f, pen);
}

/* A crate: a square a little askew, its frame and the cross of its boards. */
static void crate(const struct furn *f, double pen, unsigned seed)
{
	double t = ((seed & 255) / 255.0 - 0.5) * 0.4;
	struct furn r = *f;
	r.bx = sin(t), r.by = -cos(t), r.nx = cos(t), r.ny = sin(t);
	fr_box(&r, -0.3, 0.3, -0.3, 0.3);
	fill_outline(&r, pen * 1.5);
	fr_box(&r, -0.21, 0.21, -0.21, 0.21);
	fr_move(&r, -0.21, -0.21);
	fr_line(&r, 0.21, 0.21);
	fr_move(&r, -0.21, 0.21);
	fr_line(&r, 0.21, -0.21);
	ink(&r, pen);
}

/* A shelf: a thin box along its wall, parted into bays. */
static void shelf(const struct furn *f, double pen, const struct feature_place *pl)
{
	struct scene *sc = f->c->sc;
	double b[4], x0 = f->cx - f->s / 2, y0 = f->cy - f->s / 2, s = f->s;
	feature_shelf_box(pl, b);
	scene_rect_path(sc, f->p, x0 + b[0] * s, y0 + b[1] * s, (b[2] - b[0]) * s, (b[3] - b[1]) * s);
	fill_outline(f, pen * 1.5);
	int along_x = b[2] - b[0] > b[3] - b[1];
	for (int k = 1; k < 4; k++) {
		if (along_x) {
			double x = x0 + s * (b[0] + (b[2] - b[0]) * k / 4);
			scene_move(sc, f->p, x, y0 + b[1] * s);
			scene_line(sc, f->p, x, y0 + b[3] * s);
		} else {
			double y = y0 + s * (b[1] + (b[3] - b[1]) * k / 4);
			scene_move(sc, f->p, x0 + b[0] * s, y);
			scene_line(sc, f->p, x0 + b[2] * s, y);
		}
	}
	ink(f, pen);
}

/* A table: a round top with a chair on each side. */
static void table(const struct furn *f, double pen)
{
	struct scene *sc = f->c->sc;
	for (int k = 0; k < 4; k++) {
		double u = k == 0 ? 0.37 : k == 2 ? -0.37 : 0, v = k == 1 ? 0.37 : k == 3 ? -0.37 : 0;
		fr_box(f, u - 0.07, u + 0.07, v - 0.07, v + 0.07);
	}
	fill_outline(f, pen);
	scene_circle_path(sc, f->p, f->cx, f->cy, 0.25 * f->s);
	fill_outline(f, pen * 1.5);
}

/* A throne: a seat between solid arms, its high back to the wall with a
 * knob at each end. */
static void throne(const struct furn *f, double pen)
{
	struct scene *sc = f->c->sc;
	fr_box(f, -0.34, 0.17, -0.21, 0.21);
	fill_outline(f, pen * 1.5);
	fr_box(f, 0.15, 0.33, -0.3, 0.3);
	fr_box(f, -0.34, 0.17, -0.29, -0.21);
	fr_box(f, -0.34, 0.17, 0.21, 0.29);
	for (int k = -1; k <= 1; k += 2) {
		double x, y;
		fr_pt(f, 0.24, k * 0.31, &x, &y);
		scene_circle_path(sc, f->p, x, y, 0.1 * f->s);
	}
	scene_fill(sc, f->p, f->c->st->wall);
}

/* A teardrop of height h and width w standing on (x, y), its point up
 * the page, as fire is drawn whichever way its hearth faces. */
static void teardrop(struct scene *sc, struct scene_page *p, double x, double y, double w, double h)
{
	double r = w / 2, k = r * FURN_KAPPA, sh = 0.55 * (h - r);
	scene_move(sc, p, x, y - h);
	scene_curve(sc, p, x + 0.25 * r, y - h + 0.3 * (h - r), x + r, y - r - sh, x + r, y - r);
	scene_curve(sc, p, x + r, y - r + k, x + k, y, x, y);
	scene_curve(sc, p, x - k, y, x - r, y - r + k, x - r, y - r);
	scene_curve(sc, p, x - r, y - r - sh, x - 0.25 * r, y - h + 0.3 * (h - r), x, y - h);
	scene_close(sc, p);
}

/* A flame in ink with its paler heart, standing on (x, y), h high. */
static void flame(const struct furn *f, double x, double y, double h)
{
	struct scene *sc = f->c->sc;
	teardrop(sc, f->p, x, y, 0.62 * h, h);
	scene_fill(sc, f->p, f->c->st->wall);
	teardrop(sc, f->p, x, y - 0.08 * h, 0.3 * h, 0.5 * h);
	scene_fill(sc, f->p, ground(f->c->st));
}

/* The joints between the stones of a ring from radius r0 to r1 about
 * (u, 0): n of them, spread over half a turn facing -u (half) or all the
 * way round. */
static void joints(const struct furn *f, double u, double r0, double r1, int n, int half)
{
	for (int k = 0; k < n; k++) {
		double a = half ? LAYOUT_FURN_PI * (k + 1) / (n + 1) : 2 * LAYOUT_FURN_PI * (k + 0.5) / n;
		double du = -sin(a), dv = cos(a);
		fr_move(f, u + r0 * du, r0 * dv);
		fr_line(f, u + r1 * du, r1 * dv);
	}
}

/* A hearth: a half-round of stones against its wall, the fire's bed
 * inside with its flame; standing free, a ring of stones round a fire
 * pit. */
static void hearth(const struct furn *f, double pen, int against_wall)
{
	double x, y, s = f->s;
	double u0 = against_wall ? 0.47 : 0, r1 = against_wall ? 0.46 : 0.41, r0 = against_wall ? 0.32 : 0.27;
	double h = against_wall ? 0.26 : 0.34;
	if (against_wall)
		fr_half_disc(f, u0, r1);
	else
		scene_circle_path(f->c->sc, f->p, f->cx, f->cy, r1 * s);
	fill_outline(f, pen * 1.5);
	if (against_wall)
		fr_half_disc(f, u0, r0);
	else
		scene_circle_path(f->c->sc, f->p, f->cx, f->cy, r0 * s);
	joints(f, u0, r0, r1, against_wall ? 4 : 7, against_wall);
	ink(f, pen);
	/* the flame stands in the middle of the fire's bed */
	fr_pt(f, against_wall ? u0 - 0.42 * r0 : 0, 0, &x, &y);
	flame(f, x, y + 0.45 * h * s, h * s);
}

/* A cage: a square box barred both ways. */
static void cage(const struct furn *f, double pen)
{
	struct scene *sc = f->c->sc;
	double h = 0.36 * f->s;
	scene_rect_path(sc, f->p, f->cx - h, f->cy - h, 2 * h, 2 * h);
	fill_outline(f, pen * 1.5);
	/* bars both ways, a lattice: unlike a flight of stairs' steps */
	for (int k = -1; k <= 1; k += 2) {
		double o = k * h / 3;
		scene_move(sc, f->p, f->cx + o, f->cy - h);
		scene_line(sc, f->p, f->cx + o, f->cy + h);
		scene_move(sc, f->p, f->cx - h, f->cy + o);
		scene_line(sc, f->p, f->cx + h, f->cy + o);
	}
	ink(f, pen * 1.3);
	/* rivets where the bars cross */
	for (int i = -1; i <= 1; i += 2)
		for (int j = -1; j <= 1; j += 2)
			scene_circle_path(sc, f->p, f->cx + i * h / 3, f->cy + j * h / 3, 0.06 * f->s);
	scene_fill(sc, f->p, f->c->st->wall);
}

/* A well: a ring of stone round the shaft, the winch's beam across it. */
static void well(const struct furn *f, double pen)
{
	const struct style *st = f->c->st;
	struct scene *sc = f->c->sc;
	double cx = f->cx, cy = f->cy, s = f->s;
	scene_circle_path(sc, f->p, cx, cy, 0.38 * s);
	fill_outline(f, pen * 1.5);
	scene_circle_path(sc, f->p, cx, cy, 0.23 * s);
	scene_fill(sc, f->p, st->water.a > 0 ? st->water : st->accent);
	scene_circle_path(sc, f->p, cx, cy, 0.23 * s);
	ink(f, pen);
	scene_move(sc, f->p, cx - 0.42 * s, cy);
	scene_line(sc, f->p, cx + 0.42 * s, cy);
	ink(f, pen * 1.5);
	for (int k = -1; k <= 1; k += 2)
		scene_rect_path(sc, f->p, cx + k * 0.42 * s - 0.05 * s, cy - 0.05 * s, 0.1 * s, 0.1 * s);
	scene_fill(sc, f->p, st->wall);
}

void sym_furniture(struct layout_ctx *c, struct scene_page *p, enum feature ft, double x, double y, double s,
		   const struct feature_place *pl, unsigned seed)
{
	int back = pl && pl->back >= 0 && pl->back < SIDE_COUNT ? pl->back : SIDE_N;
	struct furn f = { c, p, x + s / 2, y + s / 2, s, side_dx[back], side_dy[back], -side_dy[back],
			  side_dx[back] };
	struct feature_place free_place = { -1, 0 };
	double pen = c->pen.detail;
	switch (ft) {
	case FEATURE_COFFIN:
		coffin(&f, pen);
		break;
	case FEATURE_BED:
		bed(&f, pen);
		break;
	case FEATURE_CRATE:
		crate(&f, pen, seed);
		break;
	case FEATURE_SHELF:
		shelf(&f, pen, pl ? pl : &free_place);
		break;
	case FEATURE_TABLE:
		table(&f, pen);
		break;
	case FEATURE_THRONE:
		throne(&f, pen);
		break;
	case FEATURE_HEARTH:
		hearth(&f, pen, pl && pl->back >= 0);
		break;
	case FEATURE_CAGE:
		cage(&f, pen);
		break;
	case FEATURE_WELL:
		well(&f, pen);
		break;
	default:
		break;
	}
}
