/* check_render_labels.c: room numbers as a game master reads them, measured
 * on the scene of every method's default sheet over many seeds: no number
 * touches a wall line or another number, each lies inside its room or is
 * joined to it by a leader line ending inside the room and passing no other
 * number (none on the one-page mansion, whose small rooms once sent two
 * beside the map), and no sheet warns that a number is too
 * large for its room. Also: hallways tinted in every style, with the legend
 * saying so, and a leader's squares found square by square as a walk over
 * its every sample finds them. */
#include "testutil.h"

#include "base/rng.h"
#include "layout/layout.h"
#include "layout/spot_line.h"
#include "render.h"
#include "render_fixture.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>

#define SEEDS 200

/* Lays out d's first level with style st into sc. */
static void lay_style(struct doc *d, struct measure *ms, const struct style *st, struct scene *sc,
		      struct layout_result *res)
{
	struct paper paper;
	struct err e;
	ck_assert_int_eq(paper_parse(d->sheet.paper, &paper, &e), 0);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, d, &d->levels[0], st, ms, sc, &e), 0);
	ck_assert_msg(layout_level(&c, &paper, res, &e) == 0, "%s", e.msg);
	layout_ctx_free(&c);
}

static int same_colour(struct colour a, struct colour b)
{
	return fabs(a.r - b.r) < 1e-9 && fabs(a.g - b.g) < 1e-9 && fabs(a.b - b.b) < 1e-9 && fabs(a.a - b.a) < 1e-9;
}

struct box {
	double x0, y0, x1, y1;
};

/* Distance from point (px, py) to the box (0 inside). */
static double box_point_dist(const struct box *b, double px, double py)
{
	double dx = fmax(fmax(b->x0 - px, 0), px - b->x1), dy = fmax(fmax(b->y0 - py, 0), py - b->y1);
	return hypot(dx, dy);
}

/* Distance from segment a-b to the box: the box's corners against the
 * segment, the segment's ends against the box, 0 when they cross. */
static double seg_box_dist(const struct box *bx, double ax, double ay, double bx_, double by)
{
	/* a crossing: sample finely (segments here are at most a few squares) */
	double len = hypot(bx_ - ax, by - ay), best = 1e18;
	int n = (int)(len / 0.05) + 2;
	for (int i = 0; i <= n; i++) {
		double t = (double)i / n;
		double d = box_point_dist(bx, ax + (bx_ - ax) * t, ay + (by - ay) * t);
		if (d < best)
			best = d;
	}
	return best;
}

static double box_gap(const struct box *a, const struct box *b)
{
	double dx = fmax(fmax(a->x0 - b->x1, b->x0 - a->x1), 0), dy = fmax(fmax(a->y0 - b->y1, b->y0 - a->y1), 0);
	return hypot(dx, dy);
}

struct number {
	int n;
	struct box box;
	const struct scene_item *leader;        /* NULL: inside its room */
};

static int all_digits(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

/* The numbers on the map page: bold digits in the number font inside the
 * map's frame, each with the box drawn under it just before it, and the
 * leader and its dot drawn just before that box when there is one. */
static int find_numbers(const struct scene_page *p, const struct style *st, const struct map_frame *f,
			struct number *out, int cap)
{
	int n = 0;
	double fx0 = f->ox + f->vx * f->s, fy0 = f->oy + f->vy * f->s;
	double fx1 = fx0 + f->vw * f->s, fy1 = fy0 + f->vh * f->s;
	for (size_t k = 2; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_TEXT || !it->bold || strcmp(it->family, st->font_number) != 0 ||
		    !all_digits(it->text) || it->x < fx0 || it->x > fx1 || it->y < fy0 || it->y > fy1)
			continue;
		ck_assert_int_lt(n, cap);
		struct number *nb = &out[n++];
		nb->n = atoi(it->text);
		/* the box: the fill under the glyphs */
		const struct scene_item *halo = &p->items[k - 1];
		ck_assert_msg(halo->kind == SCENE_FILL, "number %d has no box under it", nb->n);
		ck_assert(scene_item_bounds(p, halo, &nb->box.x0, &nb->box.y0, &nb->box.x1, &nb->box.y1));
		ck_assert_double_ge(it->x, nb->box.x0 - 0.01);
		ck_assert_double_le(it->x + it->w, nb->box.x1 + 0.01);
		/* a leader: [dot][line][box][number], the dot a filled circle */
		nb->leader = NULL;
		const struct scene_item *ld = &p->items[k - 2], *dot = k >= 3 ? &p->items[k - 3] : NULL;
		if (dot && ld->kind == SCENE_STROKE && ld->nops == 2 && same_colour(ld->colour, st->number) &&
		    dot->kind == SCENE_FILL && same_colour(dot->colour, st->number) && dot->nops > 1 &&
		    p->ops[dot->op_start + 1].kind == SCENE_CURVE)
			nb->leader = ld;
	}
	return n;
}

/* The wall lines: the widest strokes in the wall colour. */
static double wall_width(const struct scene_page *p, const struct style *st)
{
	double w = 0;
	for (size_t k = 0; k < p->nitems; k++)
		if (p->items[k].kind == SCENE_STROKE && same_colour(p->items[k].colour, st->wall) && p->items[k].width > w)
			w = p->items[k].width;
	return w;
}

/* Smallest gap between the box and the ink of any wall line. */
static double wall_gap(const struct scene_page *p, const struct style *st, double ww, const struct box *b)
{
	double best = 1e18;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_STROKE || !same_colour(it->colour, st->wall) || fabs(it->width - ww) > 1e-9)
			continue;
		const struct scene_op *ops = &p->ops[it->op_start];
		for (size_t i = 1; i < it->nops; i++) {
			if (ops[i].kind != SCENE_LINE)
				continue;
			/* skip segments far away */
			double sx0 = fmin(ops[i - 1].x[0], ops[i].x[0]), sx1 = fmax(ops[i - 1].x[0], ops[i].x[0]);
			double sy0 = fmin(ops[i - 1].y[0], ops[i].y[0]), sy1 = fmax(ops[i - 1].y[0], ops[i].y[0]);
			if (sx0 > b->x1 + 20 || sx1 < b->x0 - 20 || sy0 > b->y1 + 20 || sy1 < b->y0 - 20)
				continue;
			double d = seg_box_dist(b, ops[i - 1].x[0], ops[i - 1].y[0], ops[i].x[0], ops[i].y[0]) - ww / 2;
			if (d < best)
				best = d;
		}
	}
	return best;
}

static int page_says(const struct scene *sc, const char *what)
{
	for (int i = 0; i < sc->npages; i++)
		for (size_t k = 0; k < sc->pages[i].nitems; k++) {
			const struct scene_item *it = &sc->pages[i].items[k];
			if (it->kind == SCENE_TEXT && it->text && strstr(it->text, what))
				return 1;
		}
	return 0;
}

static int square_of(const struct map_frame *f, double x, double y, int *sx, int *sy)
{
	*sx = (int)floor((x - f->ox) / f->s);
	*sy = (int)floor((y - f->oy) / f->s);
	return 0;
}

/* What the sweep found: the first problem (kept for the message) and how
 * many there were. */
struct tally {
	int problems, sheets, numbers, leaders;
	char first[256];
};

#define PROBLEM(ok, ...) \
	do { \
		if (!(ok) && t->problems++ == 0) \
			snprintf(t->first, sizeof t->first, __VA_ARGS__); \
	} while (0)

/* Every check on one laid-out default sheet; `what` names it in messages. */
static void check_sheet(const struct map *m, const struct style *st, const struct scene *sc,
			const struct layout_result *r, const char *what, struct tally *t)
{
	const struct scene_page *p = &sc->pages[r->first_page];
	const struct map_frame *f = &r->frame;
	PROBLEM(!page_says(sc, "too large"), "%s: the sheet warns a number is too large", what);
	t->sheets++;
	int keyed = 0;
	for (int id = 1; id <= m->nregions; id++)
		keyed += m->regions[id].number > 0;
	struct number *nb = malloc(((size_t)keyed + 1) * sizeof *nb);
	ck_assert_ptr_nonnull(nb);
	int n = find_numbers(p, st, f, nb, keyed + 1);
	PROBLEM(n == keyed, "%s: %d numbers drawn for %d rooms", what, n, keyed);
	t->numbers += n;
	double ww = wall_width(p, st);
	ck_assert_double_gt(ww, 0);
	for (int i = 0; i < n; i++) {
		const struct box *b = &nb[i].box;
		/* clear of the walls' ink by an eighth of a square at least */
		double g = wall_gap(p, st, ww, b);
		PROBLEM(g >= f->s / 8, "%s: number %d is %.2f pt from a wall line (square %.1f pt)", what, nb[i].n,
			      g, f->s);
		/* clear of every other number by a quarter square at least */
		for (int j = i + 1; j < n; j++)
			PROBLEM(box_gap(b, &nb[j].box) >= f->s / 4, "%s: numbers %d and %d %.2f pt apart", what,
				      nb[i].n, nb[j].n, box_gap(b, &nb[j].box));
		/* inside its room, or led to it */
		double cx = (b->x0 + b->x1) / 2, cy = (b->y0 + b->y1) / 2;
		int sx, sy;
		square_of(f, cx, cy, &sx, &sy);
		int id = map_at(m, sx, sy);
		if (!nb[i].leader) {
			PROBLEM(id > 0 && m->regions[id].number == nb[i].n,
				      "%s: number %d stands in square %d,%d of region %d, not in its room", what, nb[i].n,
				      sx, sy, id);
			continue;
		}
		t->leaders++;
		const struct scene_op *ops = &p->ops[nb[i].leader->op_start];
		double d0 = box_point_dist(b, ops[0].x[0], ops[0].y[0]), d1 = box_point_dist(b, ops[1].x[0], ops[1].y[0]);
		double nx = d0 < d1 ? ops[0].x[0] : ops[1].x[0], ny = d0 < d1 ? ops[0].y[0] : ops[1].y[0];
		double fx = d0 < d1 ? ops[1].x[0] : ops[0].x[0], fy = d0 < d1 ? ops[1].y[0] : ops[0].y[0];
		PROBLEM(box_point_dist(b, nx, ny) < 1.5, "%s: number %d's leader starts away from it", what,
			      nb[i].n);
		square_of(f, fx, fy, &sx, &sy);
		id = map_at(m, sx, sy);
		PROBLEM(id > 0 && m->regions[id].number == nb[i].n,
			      "%s: number %d's leader ends in square %d,%d of region %d", what, nb[i].n, sx, sy, id);
		/* and the leader passes no other number */
		for (int j = 0; j < n; j++)
			PROBLEM(j == i || seg_box_dist(&nb[j].box, nx, ny, fx, fy) > 0, "%s: number %d's leader crosses number %d",
				what, nb[i].n, nb[j].n);
	}
	free(nb);
}

START_TEST(test_numbers_clear_every_method)
{
	const struct method *meth = method_table[_i];
	struct measure ms;
	struct style st;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(style_load(&st, NULL, test_template_dirs(), &e), 0);
	struct tally t = { 0, 0, 0, 0, "" };
	for (int k = 0; k <= SEEDS; k++) {
		char seed[32], what[96];
		if (k == 0)
			snprintf(seed, sizeof seed, "demo");
		else
			snprintf(seed, sizeof seed, "%d", k);
		struct level lv;
		struct doc d;
		ck_assert_msg(test_generate(&lv.map, meth->name, seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
		fx_doc(&d, &lv, NULL, 0);
		d.seed = seed;
		struct scene sc;
		struct layout_result r;
		scene_init(&sc);
		lay_style(&d, &ms, &st, &sc, &r);
		snprintf(what, sizeof what, "--method %s --seed %s", meth->name, seed);
		check_sheet(&lv.map, &st, &sc, &r, what, &t);
		scene_free(&sc);
		fx_doc_free(&d);
	}
	measure_free(&ms);
	printf("%s: %d sheets, %d numbers, %d beside their rooms; %d problems\n", meth->name, t.sheets, t.numbers,
	       t.leaders, t.problems);
	fflush(stdout);
	ck_assert_msg(t.problems == 0, "%d problems over %d sheets; the first: %s", t.problems, t.sheets, t.first);
}
END_TEST

/* The renderer's hand-made maps (every door kind, stairs, features; a
 * gallery of small rooms) in every style at several scales. */
START_TEST(test_numbers_clear_fixtures)
{
	static const char *const styles[] = { "classic", "hatched", "blueprint", "inksaver" };
	static const double scales[] = { 0, 4, 5, 8, 10 };
	struct measure ms;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	struct tally t = { 0, 0, 0, 0, "" };
	for (int fx = 0; fx < 2; fx++)
		for (int k = 0; k < 4; k++)
			for (int j = 0; j < 5; j++) {
				struct level lv;
				struct doc d;
				struct style st;
				char what[96];
				if (fx == 0)
					fx_dungeon(&lv.map);
				else
					fx_gallery(&lv.map, 6, 4);
				fx_doc(&d, &lv, styles[k], 0);
				d.sheet.scale = scales[j];
				ck_assert_int_eq(style_load(&st, styles[k], test_template_dirs(), &e), 0);
				struct scene sc;
				struct layout_result r;
				scene_init(&sc);
				lay_style(&d, &ms, &st, &sc, &r);
				snprintf(what, sizeof what, "%s in %s at scale %g", fx ? "gallery" : "dungeon", styles[k],
					 scales[j]);
				check_sheet(&lv.map, &st, &sc, &r, what, &t);
				scene_free(&sc);
				fx_doc_free(&d);
			}
	measure_free(&ms);
	ck_assert_msg(t.problems == 0, "%d problems over %d sheets; the first: %s", t.problems, t.sheets, t.first);
}
END_TEST

/* True when point (x, y) lies in one of the rectangles of a fill item of
 * colour c on page p. */
static int tinted_at(const struct scene_page *p, struct colour c, double x, double y)
{
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_FILL || !same_colour(it->colour, c))
			continue;
		const struct scene_op *ops = &p->ops[it->op_start];
		for (size_t i = 0; i < it->nops; i++) {
			if (ops[i].kind != SCENE_MOVE)
				continue;
			double x0 = ops[i].x[0], x1 = x0, y0 = ops[i].y[0], y1 = y0;
			for (size_t j = i + 1; j < it->nops && ops[j].kind == SCENE_LINE; j++) {
				x0 = fmin(x0, ops[j].x[0]);
				x1 = fmax(x1, ops[j].x[0]);
				y0 = fmin(y0, ops[j].y[0]);
				y1 = fmax(y1, ops[j].y[0]);
			}
			if (x >= x0 && x <= x1 && y >= y0 && y <= y1)
				return 1;
		}
	}
	return 0;
}

/* The one-page mansion (--one-page --method mansion --seed demo, its map at
 * 10 squares to the inch beside the key): every number inside its room, a
 * little nearer the walls where it must,
 * where rooms 13 and 19 once stood beside the map's bottom edge, their
 * leaders reaching in; and clear of the walls as every sheet's are. */
START_TEST(test_one_page_numbers_inside)
{
	struct measure ms;
	struct style st;
	struct err e;
	struct paper paper;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(style_load(&st, NULL, test_template_dirs(), &e), 0);
	struct level lv;
	struct doc d;
	test_levels_doc(&lv, 1, "mansion", "demo", NULL, &d);
	/* at the scale the command's longer key (its premise and secret)
	 * takes */
	d.sheet.one_page = 1;
	d.sheet.scale = 10;
	ck_assert_int_eq(paper_parse(d.sheet.paper, &paper, &e), 0);
	struct scene sc;
	struct layout_result r;
	scene_init(&sc);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, &d, &d.levels[0], &st, &ms, &sc, &e), 0);
	ck_assert_msg(layout_one_page(&c, &paper, &r, &e) == 0, "%s", e.msg);
	layout_ctx_free(&c);
	struct tally t = { 0, 0, 0, 0, "" };
	check_sheet(&lv.map, &st, &sc, &r, "--one-page --method mansion --seed demo", &t);
	ck_assert_msg(t.problems == 0, "%s", t.first);
	ck_assert_msg(t.leaders == 0, "%d numbers beside their rooms at %g squares to the inch", t.leaders,
		      r.frame.scale);
	scene_free(&sc);
	levels_free(&lv, 1);
	measure_free(&ms);
}
END_TEST

/* In every style the mansion's hallways, and only they, are washed with the
 * style's hall colour, and the legend names it; a style whose hall colour
 * is none draws them as rooms. */
START_TEST(test_halls_tinted_every_style)
{
	static const char *const styles[] = { "classic", "hatched", "blueprint", "inksaver" };
	struct measure ms;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	struct level lv;
	struct doc d;
	ck_assert_msg(test_generate(&lv.map, "mansion", "demo", NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
	fx_doc(&d, &lv, NULL, 0);
	const struct map *m = &lv.map;
	for (int k = 0; k <= 4; k++) {
		struct style st;
		ck_assert_int_eq(style_load(&st, styles[k % 4], test_template_dirs(), &e), 0);
		if (k == 4)
			ck_assert_int_eq(style_parse_colour("none", &st.hall), 0);
		else
			ck_assert_msg(st.hall.a > 0, "%s: no hall colour", styles[k]);
		struct scene sc;
		struct layout_result r;
		scene_init(&sc);
		lay_style(&d, &ms, &st, &sc, &r);
		const struct scene_page *p = &sc.pages[r.first_page];
		const struct map_frame *f = &r.frame;
		int halls = 0, rooms = 0;
		for (int y = 0; y < m->h; y++)
			for (int x = 0; x < m->w; x++) {
				int id = map_at(m, x, y);
				if (id <= 0)
					continue;
				int hall = m->regions[id].kind == REGION_HALL;
				int tint = tinted_at(p, st.hall, f->ox + (x + 0.5) * f->s, f->oy + (y + 0.5) * f->s);
				halls += hall;
				rooms += !hall;
				if (k == 4)
					ck_assert_msg(!tint, "hall colour none: square %d,%d tinted", x, y);
				else
					ck_assert_msg(tint == hall, "%s: %s square %d,%d %s", styles[k], hall ? "hallway" : "room",
						      x, y, tint ? "tinted" : "not tinted");
			}
		ck_assert_int_gt(halls, 0);
		ck_assert_int_gt(rooms, 0);
		int legend = 0;
		for (size_t i = 0; i < p->nitems; i++)
			legend |= p->items[i].kind == SCENE_TEXT && strcmp(p->items[i].text, "hallway") == 0;
		ck_assert_msg(legend == (k < 4), "%s: the legend %s hallway", k < 4 ? styles[k] : "none",
			      legend ? "shows" : "lacks");
		scene_free(&sc);
	}
	fx_doc_free(&d);
	measure_free(&ms);
}
END_TEST

/* A leader's squares (spot_line.h), found by jumping to the next square's
 * first sample, are the squares a walk over every sample meets, in order:
 * lines of random ends, ends on square edges and lines along an axis. */
START_TEST(test_leader_squares_every_sample)
{
	struct rng r;
	rng_seed(&r, 45, 2);
	for (int t = 0; t < 20000; t++) {
		double ax = rng_range(&r, -2, 30) + (rng_die(&r, 4) == 1 ? 0 : rng_unit(&r)),
		       ay = rng_range(&r, -2, 30) + (rng_die(&r, 4) == 1 ? 0 : rng_unit(&r));
		double bx = rng_die(&r, 6) == 1 ? ax : ax + (rng_unit(&r) - 0.5) * 24,
		       by = rng_die(&r, 6) == 1 ? ay : ay + (rng_unit(&r) - 0.5) * 24;
		int n = (int)(hypot(bx - ax, by - ay) / 0.1) + 1;
		struct spot_line ln;
		spot_line_begin(&ln, ax, ay, bx, by, n);
		ck_assert_int_eq(ln.sx, (int)floor(ax));
		ck_assert_int_eq(ln.sy, (int)floor(ay));
		int px = ln.sx, py = ln.sy;
		for (int i = 1; i <= n; i++) {
			int sx = (int)floor(ax + (bx - ax) * i / n), sy = (int)floor(ay + (by - ay) * i / n);
			if (sx == px && sy == py)
				continue;
			ck_assert_msg(spot_line_next(&ln) && ln.sx == sx && ln.sy == sy && ln.i == i,
				      "line (%.17g, %.17g) to (%.17g, %.17g): sample %d in square %d, %d; the walk says "
				      "%d, %d at %d", ax, ay, bx, by, i, sx, sy, ln.sx, ln.sy, ln.i);
			px = sx;
			py = sy;
		}
		ck_assert_msg(!spot_line_next(&ln), "line (%.17g, %.17g) to (%.17g, %.17g): a square past its end",
			      ax, ay, bx, by);
	}
}
END_TEST

Suite *labels_suite(void)
{
	Suite *s = suite_create("render_labels");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	int nmethods = 0;
	while (method_table[nmethods])
		nmethods++;
	tcase_add_loop_test(tc, test_numbers_clear_every_method, 0, nmethods);
	tcase_add_test(tc, test_numbers_clear_fixtures);
	tcase_add_test(tc, test_one_page_numbers_inside);
	tcase_add_test(tc, test_halls_tinted_every_style);
	tcase_add_test(tc, test_leader_squares_every_sample);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(labels_suite)
