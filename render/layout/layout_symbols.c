/* layout_symbols.c: the conventional map symbols, drawn the same on the map
 * and in the legend: doors of each kind on their wall, stairs as steps with
 * an arrow, the entrance arrow, features, the compass. */
#include "layout/layout.h"

#include <math.h>
#include <string.h>

#define LAYOUT_PI 3.14159265358979323846

static const char *const legend_labels[] = {
	"opening", "door", "locked door", "secret door", "portcullis", "stairs up", "stairs down",
	"entrance", "pillar", "water", "rubble", "statue", "pit", "altar", "coffin", "bed", "crate",
	"shelf", "table", "throne", "hearth", "cage", "well"
};
_Static_assert(sizeof legend_labels / sizeof legend_labels[0] == LEG_COUNT, "a label for every legend symbol");
/* the features' symbols follow the features' order (layout_map_symbols) */
_Static_assert(LEG_COUNT - LEG_PILLAR == FEATURE_COUNT - FEATURE_PILLAR, "a legend symbol for every feature");

const char *sym_legend_label(enum legend_sym k)
{
	return k < LEG_COUNT ? legend_labels[k] : "";
}

/* A quadrilateral path around centre (cx, cy): half-length a along (ux, uy),
 * half-thickness b across it. */
static void quad(struct scene *sc, struct scene_page *p, double cx, double cy, double ux, double uy, double a,
		 double b)
{
	double nx = -uy, ny = ux;
	scene_move(sc, p, cx - a * ux - b * nx, cy - a * uy - b * ny);
	scene_line(sc, p, cx + a * ux - b * nx, cy + a * uy - b * ny);
	scene_line(sc, p, cx + a * ux + b * nx, cy + a * uy + b * ny);
	scene_line(sc, p, cx - a * ux + b * nx, cy - a * uy + b * ny);
	scene_close(sc, p);
}

void sym_door(struct layout_ctx *c, struct scene_page *p, int kind, double cx, double cy, int horizontal,
	      double s)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	double ux = horizontal ? 1 : 0, uy = horizontal ? 0 : 1;
	double a = 0.3 * s, b = fmax(0.13 * s, c->pen.wall * 0.9);
	switch (kind) {
	case DOOR_PLAIN:
	case DOOR_LOCKED:
		quad(sc, p, cx, cy, ux, uy, a, b);
		scene_fill(sc, p, st->floor.a > 0 ? st->floor : st->paper);
		quad(sc, p, cx, cy, ux, uy, a, b);
		scene_stroke(sc, p, st->door, c->pen.door, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		if (kind == DOOR_LOCKED) {
			/* a bar across the door */
			double ext = b + 0.14 * s;
			scene_move(sc, p, cx + uy * ext, cy - ux * ext);
			scene_line(sc, p, cx - uy * ext, cy + ux * ext);
			scene_stroke(sc, p, st->door, c->pen.door * 1.6, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
			scene_circle_path(sc, p, cx, cy, fmax(0.07 * s, 0.8));
			scene_fill(sc, p, st->door);
		}
		break;
	case DOOR_SECRET: {
		double fs = fmin(fmax(0.75 * s, 5), 12);
		double w = measure_width(c->ms, "S", st->font_number, fs, 1);
		if (w < 0)
			w = fs * 0.6;
		scene_rect_path(sc, p, cx - w / 2 - 0.5, cy - fs * 0.42, w + 1, fs * 0.84);
		scene_fill(sc, p, st->floor.a > 0 ? st->floor : st->paper);
		struct text_style ts = { .family = st->font_number, .size = fs, .bold = 1, .colour = st->door };
		measure_shape_item(c->ms, scene_text(sc, p, "S", 1, ts, cx - w / 2, cy + fs * 0.36, w));
		break;
	}
	case DOOR_PORTCULLIS: {
		double r = fmax(0.06 * s, 0.5);
		for (int i = 0; i < 4; i++) {
			double t = (-0.33 + 0.22 * i) * s;
			scene_circle_path(sc, p, cx + ux * t, cy + uy * t, r);
		}
		scene_fill(sc, p, st->door);
		/* the grooves the grate runs in */
		for (int k = -1; k <= 1; k += 2) {
			double ex = cx + ux * k * 0.5 * s, ey = cy + uy * k * 0.5 * s;
			double t = 0.16 * s;
			scene_move(sc, p, ex + uy * t, ey - ux * t);
			scene_line(sc, p, ex - uy * t, ey + ux * t);
		}
		scene_stroke(sc, p, st->wall, c->pen.door, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		break;
	}
	default: /* an opening: the gap in the wall says it all */
		break;
	}
}

void sym_stairs(struct layout_ctx *c, struct scene_page *p, enum stair_dir dir, double x, double y, double s,
		enum side toward)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	double ux = side_dx[toward], uy = side_dy[toward], nx = -uy, ny = ux;
	double cx = x + s / 2, cy = y + s / 2;
	double near_w = 0.38 * s, far_w = dir == STAIR_DOWN ? 0.16 * s : 0.38 * s, len = 0.4 * s;
	/* the flight's outline: a rectangle going up, narrowing going down */
	scene_move(sc, p, cx - len * ux + near_w * nx, cy - len * uy + near_w * ny);
	scene_line(sc, p, cx + len * ux + far_w * nx, cy + len * uy + far_w * ny);
	scene_line(sc, p, cx + len * ux - far_w * nx, cy + len * uy - far_w * ny);
	scene_line(sc, p, cx - len * ux - near_w * nx, cy - len * uy - near_w * ny);
	scene_close(sc, p);
	scene_fill(sc, p, st->floor.a > 0 ? st->floor : st->paper);
	/* the steps */
	int steps = 5;
	for (int i = 0; i <= steps; i++) {
		double t = -len + 2 * len * i / steps;
		double hw = near_w + (far_w - near_w) * (t + len) / (2 * len);
		scene_move(sc, p, cx + t * ux + hw * nx, cy + t * uy + hw * ny);
		scene_line(sc, p, cx + t * ux - hw * nx, cy + t * uy - hw * ny);
	}
	scene_move(sc, p, cx - len * ux + near_w * nx, cy - len * uy + near_w * ny);
	scene_line(sc, p, cx + len * ux + far_w * nx, cy + len * uy + far_w * ny);
	scene_move(sc, p, cx - len * ux - near_w * nx, cy - len * uy - near_w * ny);
	scene_line(sc, p, cx + len * ux - far_w * nx, cy + len * uy - far_w * ny);
	scene_stroke(sc, p, st->wall, c->pen.detail, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	/* the arrow along the flight, pointing the way it goes */
	double hl = 0.16 * s, hw = 0.1 * s, tip = len * 0.95;
	scene_move(sc, p, cx - len * 0.8 * ux, cy - len * 0.8 * uy);
	scene_line(sc, p, cx + (tip - hl) * ux, cy + (tip - hl) * uy);
	scene_stroke(sc, p, st->accent, fmax(c->pen.detail, 0.5), SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	scene_move(sc, p, cx + tip * ux, cy + tip * uy);
	scene_line(sc, p, cx + (tip - hl) * ux + hw * nx, cy + (tip - hl) * uy + hw * ny);
	scene_line(sc, p, cx + (tip - hl) * ux - hw * nx, cy + (tip - hl) * uy - hw * ny);
	scene_close(sc, p);
	scene_fill(sc, p, st->accent);
}

void sym_arrow(struct layout_ctx *c, struct scene_page *p, double tx, double ty, enum side side, double s)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	double ux = side_dx[side], uy = side_dy[side], nx = -uy, ny = ux;
	double len = 0.85 * s, hl = 0.38 * s, hw = 0.24 * s, w = fmax(c->pen.wall * 0.8, 0.8);
	/* drawn twice: first a paper-coloured halo, so the arrow reads on filled rock */
	for (int pass = 0; pass < 2; pass++) {
		struct colour col = pass == 0 ? st->paper : st->wall;
		double extra = pass == 0 ? fmin(1.6, 0.12 * s) : 0;
		if (pass == 0 && (st->rock_mode != ROCK_FILLED || st->rock.a == 0))
			continue;
		scene_move(sc, p, tx - len * ux, ty - len * uy);
		scene_line(sc, p, tx - hl * 0.9 * ux, ty - hl * 0.9 * uy);
		scene_stroke(sc, p, col, w + extra, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		scene_move(sc, p, tx, ty);
		scene_line(sc, p, tx - hl * ux + hw * nx, ty - hl * uy + hw * ny);
		scene_line(sc, p, tx - hl * ux - hw * nx, ty - hl * uy - hw * ny);
		scene_close(sc, p);
		if (pass == 0)
			scene_stroke(sc, p, col, extra, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		else
			scene_fill(sc, p, col);
	}
}

void sym_feature(struct layout_ctx *c, struct scene_page *p, enum feature f, double x, double y, double s,
		 const struct feature_place *pl, unsigned seed)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	double cx = x + s / 2, cy = y + s / 2;
	switch (f) {
	case FEATURE_PILLAR:
		scene_circle_path(sc, p, cx, cy, 0.3 * s);
		scene_fill(sc, p, st->wall);
		break;
	case FEATURE_WATER:
		scene_rect_path(sc, p, x, y, s, s);
		scene_fill(sc, p, st->water);
		for (int k = 0; k < 2; k++) {
			double wy = y + s * (0.36 + 0.3 * k), a = 0.08 * s;
			scene_move(sc, p, x + 0.15 * s, wy);
			scene_curve(sc, p, x + 0.28 * s, wy - a * 2, x + 0.38 * s, wy - a * 2, x + 0.5 * s, wy);
			scene_curve(sc, p, x + 0.62 * s, wy + a * 2, x + 0.72 * s, wy + a * 2, x + 0.85 * s, wy);
		}
		scene_stroke(sc, p, st->accent, c->pen.detail, SCENE_CAP_ROUND, SCENE_JOIN_ROUND);
		break;
	case FEATURE_RUBBLE:
		for (int k = 0; k < 7; k++) {
			unsigned h = layout_hash((int)seed, k, 77);
			double px = x + s * (0.18 + 0.64 * ((h & 255) / 255.0));
			double py = y + s * (0.18 + 0.64 * (((h >> 8) & 255) / 255.0));
			double r = s * (0.04 + 0.05 * (((h >> 16) & 255) / 255.0));
			scene_circle_path(sc, p, px, py, fmax(r, 0.4));
		}
		scene_fill(sc, p, st->wall);
		break;
	case FEATURE_STATUE:
		for (int k = 0; k < 10; k++) {
			double ang = -LAYOUT_PI / 2 + k * LAYOUT_PI / 5, r = (k % 2 ? 0.15 : 0.38) * s;
			if (k == 0)
				scene_move(sc, p, cx + r * cos(ang), cy + r * sin(ang));
			else
				scene_line(sc, p, cx + r * cos(ang), cy + r * sin(ang));
		}
		scene_close(sc, p);
		scene_fill(sc, p, st->wall);
		break;
	case FEATURE_PIT:
		/* a dark square hole with its rim hatched inward */
		scene_rect_path(sc, p, x + 0.12 * s, y + 0.12 * s, 0.76 * s, 0.76 * s);
		scene_fill(sc, p, st->wall);
		for (int k = 0; k < 2; k++) {
			scene_move(sc, p, x + 0.12 * s, y + (k ? 0.88 : 0.12) * s);
			scene_line(sc, p, x + 0.88 * s, y + (k ? 0.12 : 0.88) * s);
		}
		scene_stroke(sc, p, st->floor.a > 0 ? st->floor : st->paper, c->pen.detail, SCENE_CAP_BUTT,
			     SCENE_JOIN_MITER);
		break;
	case FEATURE_ALTAR:
		/* a long block with a cross on its top */
		scene_rect_path(sc, p, x + 0.18 * s, y + 0.3 * s, 0.64 * s, 0.4 * s);
		scene_stroke(sc, p, st->wall, c->pen.detail * 1.5, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		scene_move(sc, p, cx, y + 0.36 * s);
		scene_line(sc, p, cx, y + 0.64 * s);
		scene_move(sc, p, cx - 0.12 * s, y + 0.46 * s);
		scene_line(sc, p, cx + 0.12 * s, y + 0.46 * s);
		scene_stroke(sc, p, st->wall, c->pen.detail, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		break;
	default:
		sym_furniture(c, p, f, x, y, s, pl, seed);
		break;
	}
}

void sym_compass(struct layout_ctx *c, struct scene_page *p, double cx, double cy, double r)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	scene_circle_path(sc, p, cx, cy, r * 0.62);
	scene_stroke(sc, p, st->accent, 0.6, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	double w = r * 0.24, t = r * 0.9;
	scene_move(sc, p, cx, cy - t);
	scene_line(sc, p, cx + w, cy);
	scene_line(sc, p, cx - w, cy);
	scene_close(sc, p);
	scene_fill(sc, p, st->title);
	scene_move(sc, p, cx, cy + t);
	scene_line(sc, p, cx + w, cy);
	scene_line(sc, p, cx - w, cy);
	scene_close(sc, p);
	scene_stroke(sc, p, st->title, 0.6, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	double fs = st->size_small + 1;
	double nw = measure_width(c->ms, "N", st->font_text, fs, 1);
	if (nw < 0)
		nw = fs * 0.7;
	struct text_style ts = { .family = st->font_text, .size = fs, .bold = 1, .colour = st->title };
	measure_shape_item(c->ms, scene_text(sc, p, "N", 1, ts, cx - nw / 2, cy - t - 2, nw));
}

void sym_legend(struct layout_ctx *c, struct scene_page *p, enum legend_sym k, double x, double y, double size)
{
	const struct style *st = c->st;
	struct scene *sc = c->sc;
	double w = 1.6 * size, cy = y + size / 2, sq = x + (w - size) / 2;
	double ww = fmin(c->pen.wall, 2.0);
	if (k <= LEG_PORTCULLIS) {
		int kind = (int)k - LEG_OPENING + DOOR_OPENING;
		int gap = kind == DOOR_OPENING || kind == DOOR_PORTCULLIS;
		scene_move(sc, p, x, cy);
		scene_line(sc, p, gap ? sq : x + w, cy);
		if (gap) {
			scene_move(sc, p, sq + size, cy);
			scene_line(sc, p, x + w, cy);
		}
		scene_stroke(sc, p, st->wall, ww, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		sym_door(c, p, kind, x + w / 2, cy, 1, size);
	} else if (k == LEG_STAIRS_UP || k == LEG_STAIRS_DOWN) {
		sym_stairs(c, p, k == LEG_STAIRS_UP ? STAIR_UP : STAIR_DOWN, sq, y, size, SIDE_E);
	} else if (k == LEG_ENTRANCE) {
		scene_move(sc, p, x + w, y);
		scene_line(sc, p, x + w, y + size);
		scene_stroke(sc, p, st->wall, ww, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		sym_arrow(c, p, x + w - ww, cy, SIDE_E, size);
	} else if (k >= LEG_PILLAR && k < LEG_COUNT) {
		/* the features in their order: a hearth and a shelf against a
		 * wall to the north, drawn above the swatch */
		enum feature f = (enum feature)(FEATURE_PILLAR + (k - LEG_PILLAR));
		struct feature_place pl = { -1, 0 };
		if (f == FEATURE_HEARTH || f == FEATURE_SHELF) {
			pl.back = SIDE_N;
			scene_move(sc, p, sq - 0.15 * size, y);
			scene_line(sc, p, sq + 1.15 * size, y);
			scene_stroke(sc, p, st->wall, ww, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		}
		sym_feature(c, p, f, sq, y, size, &pl, 7);
	}
}
