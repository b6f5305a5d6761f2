/* check_render_furniture.c: the features' symbols as a reader meets them.
 * Each feature, drawn by the Cairo backend alone on a square (free and
 * against each wall, at 4 and at 1 square to the inch, in two styles),
 * puts ink inside its square and none outside it; the furniture's symbols
 * differ from each other and from the older features, and the cage from
 * the stairs beside it in the legend; a bed, coffin,
 * throne, hearth or shelf turned to another wall is the same drawing
 * turned. A map holding every feature renders, on the referee's sheet and
 * the players' handout, with each feature's word in the legend, and a
 * legend names only the features on its map; in the
 * Universal VTT export each shelf is an outline of its drawn box. */
#include "testutil.h"

#include "cairo/cairo_backend.h"
#include "export/export_vtt.h"
#include "layout/layout.h"
#include "layout/map_image.h"
#include "render.h"
#include "render_fixture.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>

#define DIR "build/tests/furniture"

/* The page's background under a symbol: a colour no style draws with, so
 * that the floor a symbol fills in counts as drawn. */

/* The classic style, as a sheet loads it. */
static void load_classic(struct style *st)
{
	struct err e;
	ck_assert_msg(style_load(st, "classic", test_template_dirs(), &e) == 0, "%s", e.msg);
}

static const struct colour backdrop = { 1, 0, 1, 1 };

struct png_src {
	const unsigned char *data;
	size_t len, at;
};

static cairo_status_t png_read(void *closure, unsigned char *data, unsigned int length)
{
	struct png_src *s = closure;
	if (s->at + length > s->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, s->data + s->at, length);
	s->at += length;
	return CAIRO_STATUS_SUCCESS;
}

/* What a symbol drew on its square: n x n pixels, each 0 (backdrop), 1
 * (drawn, light) or 2 (dark ink). */
struct raster {
	int n;
	unsigned char px[320 * 320];
	long outside;           /* pixels drawn outside the square */
};

/* Draws feature f standing as pl (or, when stair >= 0, a flight of
 * stairs going that way, as the legend shows it) on the middle square of
 * a page three squares of s points wide with the Cairo backend at dpi,
 * and reads it back into r. */
static void draw_sym(const struct style *st, enum feature f, int stair, const struct feature_place *pl, double s,
		     int dpi, struct raster *r)
{
	struct scene sc;
	struct layout_ctx c;
	struct err e;
	scene_init(&sc);
	memset(&c, 0, sizeof c);
	c.st = st;
	c.sc = &sc;
	layout_pens(&c, s);
	struct scene_page *p = scene_add_page(&sc, 3 * s, 3 * s, 1, PAGE_MAP);
	ck_assert_ptr_nonnull(p);
	scene_rect_path(&sc, p, 0, 0, 3 * s, 3 * s);
	scene_fill(&sc, p, backdrop);
	size_t before = p->nitems;
	if (stair >= 0)
		sym_stairs(&c, p, (enum stair_dir)stair, s, s, s, SIDE_E);
	else
		sym_feature(&c, p, f, s, s, s, pl, 7);
	ck_assert_msg(p->nitems > before, "%s drew nothing", stair >= 0 ? "stairs" : feature_name(f));
	ck_assert_int_eq(scene_ok(&sc, &e), 0);
	char *png = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&png, &len);
	ck_assert_ptr_nonnull(mem);
	ck_assert_msg(cairo_backend_write(&sc, 0, 1, CAIRO_OUT_PNG, dpi, NULL, mem, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(fclose(mem), 0);
	scene_free(&sc);

	struct png_src src = { (const unsigned char *)png, len, 0 };
	cairo_surface_t *img = cairo_image_surface_create_from_png_stream(png_read, &src);
	ck_assert_int_eq(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(img);
	int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
	int stride = cairo_image_surface_get_stride(img);
	const unsigned char *data = cairo_image_surface_get_data(img);
	int n = (int)lround(s * dpi / 72.0);
	ck_assert_int_le(n, 320);
	ck_assert_int_ge(w, 3 * n - 1);
	r->n = n;
	r->outside = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint32_t v = *(const uint32_t *)(data + (size_t)y * stride + 4 * (size_t)x);
			int R = (v >> 16) & 255, G = (v >> 8) & 255, B = v & 255;
			int drawn = abs(R - 255) + G + abs(B - 255) > 24;
			int dark = R + G + B < 3 * 140;
			int ix = x - n, iy = y - n;
			/* one pixel of the square's edge is shared with its neighbours */
			if (ix >= -1 && iy >= -1 && ix <= n && iy <= n) {
				if (ix >= 0 && iy >= 0 && ix < n && iy < n)
					r->px[iy * n + ix] = (unsigned char)(dark ? 2 : drawn);
			} else if (drawn) {
				r->outside++;
			}
		}
	cairo_surface_destroy(img);
	free(png);
}

static void draw_one(const struct style *st, enum feature f, const struct feature_place *pl, double s, int dpi,
		     struct raster *r)
{
	draw_sym(st, f, -1, pl, s, dpi, r);
}

static long count(const struct raster *r, int at_least)
{
	long k = 0;
	for (int i = 0; i < r->n * r->n; i++)
		k += r->px[i] >= at_least;
	return k;
}

/* The dark ink two rasters share over the dark ink either has. */
static double overlap(const struct raster *a, const struct raster *b)
{
	long both = 0, either = 0;
	for (int i = 0; i < a->n * a->n; i++) {
		both += a->px[i] == 2 && b->px[i] == 2;
		either += a->px[i] == 2 || b->px[i] == 2;
	}
	return either ? (double)both / either : 1;
}

/* How a drawing reads line by line: the runs of dark ink met along the
 * rows and the columns at a quarter, a half and three quarters of its
 * square, into runs[6]. */
static void crossings(const struct raster *r, int runs[6])
{
	int n = r->n;
	for (int k = 0; k < 3; k++) {
		int at = n * (k + 1) / 4;
		runs[k] = runs[k + 3] = 0;
		for (int i = 0; i < n; i++) {
			runs[k] += r->px[at * n + i] == 2 && (i == 0 || r->px[at * n + i - 1] != 2);
			runs[k + 3] += r->px[i * n + at] == 2 && (i == 0 || r->px[(i - 1) * n + at] != 2);
		}
	}
}

/* The box of r's drawn pixels, as x0, y0, x1, y1. */
static void ink_box(const struct raster *r, int box[4])
{
	box[0] = box[1] = r->n;
	box[2] = box[3] = -1;
	for (int y = 0; y < r->n; y++)
		for (int x = 0; x < r->n; x++)
			if (r->px[y * r->n + x]) {
				box[0] = x < box[0] ? x : box[0];
				box[1] = y < box[1] ? y : box[1];
				box[2] = x > box[2] ? x : box[2];
				box[3] = y > box[3] ? y : box[3];
			}
}

START_TEST(test_symbols_inside_their_squares)
{
	static const char *const styles[] = { "classic", "blueprint" };
	static const struct {
		double s;
		int dpi;
	} scales[] = { { 18, 300 }, { 72, 150 } };
	static struct raster r;
	struct err e;
	for (size_t si = 0; si < sizeof styles / sizeof styles[0]; si++) {
		struct style st;
		ck_assert_msg(style_load(&st, styles[si], test_template_dirs(), &e) == 0, "%s", e.msg);
		for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++)
			for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
				for (int back = -1; back < SIDE_COUNT; back++) {
					struct feature_place pl = { back, back == -1 };
					draw_one(&st, (enum feature)f, &pl, scales[k].s, scales[k].dpi, &r);
					const char *name = feature_name((enum feature)f);
					long area = (long)r.n * r.n;
					ck_assert_msg(r.outside == 0, "%s (%s, back %d, %g pt): %ld pixels outside its square",
						      name, styles[si], back, scales[k].s, r.outside);
					/* a fiftieth of the square drawn (the altar's thin lines at
					 * 1 square to the inch, some 3%), a two-hundredth in ink
					 * (water is mostly its tint) */
					ck_assert_msg(count(&r, 1) * 50 > area && count(&r, 2) * 200 > area,
						      "%s (%s, back %d, %g pt): %ld drawn pixels, %ld dark, of %ld", name,
						      styles[si], back, scales[k].s, count(&r, 1), count(&r, 2), area);
				}
	}
}
END_TEST

START_TEST(test_symbols_distinct)
{
	static struct raster r[FEATURE_COUNT];
	struct style st;
	load_classic(&st);
	struct feature_place free_place = { -1, 0 }, north = { SIDE_N, 0 };
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
		draw_one(&st, (enum feature)f, &free_place, 18, 300, &r[f]);
	/* no two share half their dark ink (the closest, the throne's solid
	 * back and arms over the pit's dark square, share some 45%) */
	for (int a = FEATURE_COFFIN; a < FEATURE_COUNT; a++)
		for (int b = FEATURE_NONE + 1; b < a; b++) {
			double o = overlap(&r[a], &r[b]);
			ck_assert_msg(o < 0.5, "%s and %s share %.0f%% of their dark ink", feature_name((enum feature)a),
				      feature_name((enum feature)b), 100 * o);
		}
	/* a hearth against its wall and a fire pit standing free */
	static struct raster wall;
	draw_one(&st, FEATURE_HEARTH, &north, 18, 300, &wall);
	ck_assert_msg(overlap(&wall, &r[FEATURE_HEARTH]) < 0.5, "a hearth against a wall looks like a fire pit");
	/* the legend shows the cage beside the stairs: the stairs read as
	 * steps across the flight, one way (runs of ink along the rows, few
	 * down the columns), the cage as bars both ways (once upright bars
	 * only, it read as a flight with no arrow) */
	static struct raster flight;
	int runs[6];
	for (int dir = STAIR_UP; dir <= STAIR_DOWN; dir++) {
		draw_sym(&st, FEATURE_NONE, dir, &free_place, 18, 300, &flight);
		crossings(&flight, runs);
		ck_assert_msg(runs[0] >= 4 && runs[2] >= 4 && runs[3] <= 2 && runs[5] <= 2,
			      "stairs %s: %d and %d runs across, %d and %d along", dir == STAIR_UP ? "up" : "down", runs[0],
			      runs[2], runs[3], runs[5]);
	}
	crossings(&r[FEATURE_CAGE], runs);
	for (int k = 0; k < 6; k++)
		ck_assert_msg(runs[k] >= 3, "the cage: %d runs of ink on line %d, not barred both ways", runs[k], k);
}
END_TEST

/* The drawing against the north wall turned a quarter clockwise is the
 * drawing against the east wall, and so on round: the same box of ink. */
START_TEST(test_symbols_turn_to_their_wall)
{
	static const enum feature turned[] = { FEATURE_COFFIN, FEATURE_BED, FEATURE_SHELF, FEATURE_THRONE,
					       FEATURE_HEARTH };
	static struct raster r[SIDE_COUNT];
	struct style st;
	load_classic(&st);
	for (size_t i = 0; i < sizeof turned / sizeof turned[0]; i++) {
		const char *name = feature_name(turned[i]);
		int box[SIDE_COUNT][4];
		for (int back = 0; back < SIDE_COUNT; back++) {
			struct feature_place pl = { back, 0 };
			draw_one(&st, turned[i], &pl, 18, 300, &r[back]);
			ink_box(&r[back], box[back]);
		}
		int n = r[0].n;
		for (int back = 1; back < SIDE_COUNT; back++) {
			const int *a = box[back - 1], *b = box[back];
			/* (x, y) turned a quarter clockwise is (n - 1 - y, x) */
			int want[4] = { n - 1 - a[3], a[0], n - 1 - a[1], a[2] };
			for (int k = 0; k < 4; k++)
				ck_assert_msg(abs(want[k] - b[k]) <= 2, "%s against %s is not %s turned: %d,%d-%d,%d for %d,%d-%d,%d",
					      name, side_name((enum side)back), side_name((enum side)(back - 1)), b[0], b[1],
					      b[2], b[3], want[0], want[1], want[2], want[3]);
		}
		/* its back is at its wall: against the north, ink near the top */
		if (turned[i] == FEATURE_SHELF || turned[i] == FEATURE_HEARTH)
			ck_assert_msg(box[SIDE_N][1] < n / 10, "a %s against the north wall stands off it", name);
	}
}
END_TEST

/* A 20 x 8 map: a room whose north row holds every feature, west to east,
 * a door south to the outside, the way in. */
static void furnished(struct map *m)
{
	struct err e;
	int n = FEATURE_COUNT - 1;
	ck_assert_int_eq(map_init(m, n + 4, 8, &e), 0);
	m->method = "dice";
	int id = fx_room(m, REGION_ROOM, (struct rect){ 1, 1, n + 2, 5 }, "Furnished Hall");
	(void)id;
	fx_door(m, 2, 5, SIDE_S, DOOR_PLAIN);
	map_set_entrance(m, 2, 5, SIDE_S);
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
		fx_feature(m, 1 + f, 1, (enum feature)f);
	/* a shelf free in the room and one against the west wall */
	fx_feature(m, 5, 3, FEATURE_SHELF);
	fx_feature(m, 1, 3, FEATURE_SHELF);
	map_recount(m);
	ck_assert_int_eq(key_number(m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(m, &e) == 0, "%s", e.msg);
}

static int page_has_text(const struct scene_page *p, const char *text)
{
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == SCENE_TEXT && p->items[i].text && strcmp(p->items[i].text, text) == 0)
			return 1;
	return 0;
}

START_TEST(test_map_and_handout_render_every_feature)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	for (int player = 0; player <= 1; player++) {
		struct level lv;
		struct doc d;
		struct err e;
		furnished(&lv.map);
		fx_doc(&d, &lv, "classic", player);
		/* the players see every feature: none is a secret */
		for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
			ck_assert_int_eq(lv.map.features[lv.map.w + 1 + f], f);
		struct measure ms;
		struct style st;
		struct paper paper;
		struct scene sc;
		struct layout_result res;
		ck_assert_int_eq(measure_init(&ms, &e), 0);
		ck_assert_msg(style_load(&st, d.sheet.style, d.template_dirs, &e) == 0, "%s", e.msg);
		ck_assert_int_eq(paper_parse(d.sheet.paper, &paper, &e), 0);
		scene_init(&sc);
		struct layout_ctx c;
		ck_assert_int_eq(layout_ctx_init(&c, &d, &d.levels[0], &st, &ms, &sc, &e), 0);
		ck_assert_msg(layout_level(&c, &paper, &res, &e) == 0, "%s", e.msg);
		for (int k = LEG_PILLAR; k < LEG_COUNT; k++) {
			ck_assert_msg(c.used[k], "legend symbol %d is not marked used", k);
			const char *label = sym_legend_label((enum legend_sym)k);
			ck_assert_str_eq(label, feature_name((enum feature)(FEATURE_PILLAR + k - LEG_PILLAR)));
			ck_assert_msg(page_has_text(&sc.pages[res.first_page], label), "the legend lacks '%s'", label);
		}
		layout_ctx_free(&c);
		scene_free(&sc);
		measure_free(&ms);
		char path[128];
		snprintf(path, sizeof path, DIR "/furnished%s.png", player ? "-player" : "");
		ck_assert_msg(render_write(&d, path, "png", &e) == 0, "%s", e.msg);
		snprintf(path, sizeof path, DIR "/furnished%s.pdf", player ? "-player" : "");
		ck_assert_msg(render_write(&d, path, "pdf", &e) == 0, "%s", e.msg);
		fx_doc_free(&d);
	}
}
END_TEST

/* The sample dungeon has pillars, water, rubble and a statue: its legend
 * names those and none of the furniture. */
START_TEST(test_legend_lists_only_what_is_there)
{
	struct level lv;
	struct doc d;
	struct err e;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	struct measure ms;
	struct style st;
	struct paper paper;
	struct scene sc;
	struct layout_result res;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	load_classic(&st);
	ck_assert_int_eq(paper_parse(NULL, &paper, &e), 0);
	scene_init(&sc);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, &d, &d.levels[0], &st, &ms, &sc, &e), 0);
	ck_assert_msg(layout_level(&c, &paper, &res, &e) == 0, "%s", e.msg);
	for (int k = LEG_PILLAR; k < LEG_COUNT; k++) {
		int want = k <= LEG_STATUE;
		const char *label = sym_legend_label((enum legend_sym)k);
		ck_assert_int_eq(c.used[k], want);
		ck_assert_msg(page_has_text(&sc.pages[res.first_page], label) == want, "the legend %s '%s'",
			      want ? "lacks" : "has", label);
	}
	layout_ctx_free(&c);
	scene_free(&sc);
	measure_free(&ms);
	fx_doc_free(&d);
}
END_TEST

/* In the tabletop file every shelf is the outline of the box the sheet
 * draws (feature_shelf_box where feature_place puts it), pillars and
 * statues as before, and no other feature is there. */
START_TEST(test_vtt_shelves_block_sight)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	struct level lv;
	struct doc d;
	struct err e;
	furnished(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	unsigned char *png;
	size_t len;
	ck_assert_msg(render_map_png(&d, 0, 20, &png, &len, &e) == 0, "%s", e.msg);
	FILE *f = fopen(DIR "/furnished.dd2vtt", "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_vtt(f, &lv.map, 20, png, len, NULL, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	free(png);
	int rc = system("python3 -c \"import json\n"
			"d = json.load(open('" DIR "/furnished.dd2vtt'))\n"
			"for o in d['objects_line_of_sight']:\n"
			"    xs = [p['x'] for p in o]\n"
			"    ys = [p['y'] for p in o]\n"
			"    print(len(o), int(o[0] == o[-1]), min(xs), min(ys), max(xs), max(ys))\n"
			"\" > " DIR "/objects.out 2>&1");
	char *out = test_slurp(DIR "/objects.out", NULL);
	ck_assert_msg(rc == 0 && out, "the tabletop file does not parse: %s", out ? out : "");
	/* row by row: the pillar, statue and shelf of the north row, then the
	 * shelves of row 3, west to east */
	static const int at[][2] = { { 2, 1 }, { 5, 1 }, { 11, 1 }, { 1, 3 }, { 5, 3 } };
	const char *line = out;
	int n = 0;
	for (; *line; n++) {
		int npts, closed;
		double x0, y0, x1, y1;
		ck_assert_int_eq(sscanf(line, "%d %d %lf %lf %lf %lf", &npts, &closed, &x0, &y0, &x1, &y1), 6);
		ck_assert_msg(n < 5, "more outlines than pillars, statues and shelves: %s", out);
		int x = at[n][0], y = at[n][1];
		ck_assert_msg(closed && x0 > x && y0 > y && x1 < x + 1 && y1 < y + 1, "outline %d is not closed inside %d,%d",
			      n, x, y);
		if (lv.map.features[y * lv.map.w + x] == FEATURE_SHELF) {
			struct feature_place pl;
			double b[4];
			feature_place(&lv.map, x, y, &pl);
			feature_shelf_box(&pl, b);
			ck_assert_int_eq(npts, 5);
			ck_assert(fabs(x0 - x - b[0]) < 0.002 && fabs(y0 - y - b[1]) < 0.002);
			ck_assert(fabs(x1 - x - b[2]) < 0.002 && fabs(y1 - y - b[3]) < 0.002);
		}
		line = strchr(line, '\n');
		line = line ? line + 1 : "";
	}
	ck_assert_int_eq(n, 5);
	free(out);
	fx_doc_free(&d);
}
END_TEST

static Suite *furniture_suite(void)
{
	Suite *s = suite_create("render_furniture");
	TCase *tc = tcase_create("symbols");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_symbols_inside_their_squares);
	tcase_add_test(tc, test_symbols_distinct);
	tcase_add_test(tc, test_symbols_turn_to_their_wall);
	tcase_add_test(tc, test_map_and_handout_render_every_feature);
	tcase_add_test(tc, test_legend_lists_only_what_is_there);
	tcase_add_test(tc, test_vtt_shelves_block_sight);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(furniture_suite)
