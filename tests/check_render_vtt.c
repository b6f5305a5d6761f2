/* check_render_vtt.c: the virtual tabletop export checked the way a
 * tabletop reads it: the file parses as JSON (python3's parser) with the
 * Universal VTT fields, its image decodes as a PNG of exactly
 * pixels_per_grid pixels a square, and the walls and doors line up with the
 * picture: the midpoint of every wall edge in line_of_sight is wall ink,
 * every portal has its door drawn there, floor squares are floor-coloured.
 * Checked on the hand-built fixture (every door kind) and on maps of every
 * method, in two styles; then through the command line (--levels, .uvtt,
 * standard output, --grid-pixels). The image has no grid lines (the tabletop
 * draws its own) unless --vtt-grid; pillars and statues are closed outlines
 * in objects_line_of_sight. */
#include "testutil.h"

#include "export/export_vtt.h"
#include "layout/map_image.h"
#include "render_fixture.h"
#include "style.h"
#include "export/walls.h"

#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/vtt"

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

/* Decodes a PNG held in memory; fails the test when it is not one. */
static cairo_surface_t *decode_png(const unsigned char *png, size_t len)
{
	struct png_src src = { png, len, 0 };
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(png_read, &src);
	ck_assert_msg(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "not a PNG: %s",
		      cairo_status_to_string(cairo_surface_status(s)));
	cairo_surface_flush(s);
	return s;
}

struct px {
	int r, g, b;
};

static struct px pixel(cairo_surface_t *s, int x, int y)
{
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	x = x < 0 ? 0 : (x >= w ? w - 1 : x);
	y = y < 0 ? 0 : (y >= h ? h - 1 : y);
	const unsigned char *row = cairo_image_surface_get_data(s) + (size_t)y * cairo_image_surface_get_stride(s);
	uint32_t v = ((const uint32_t *)row)[x];
	return (struct px){ (int)(v >> 16 & 255), (int)(v >> 8 & 255), (int)(v & 255) };
}

static int dist(struct px p, struct colour c)
{
	int dr = p.r - (int)lround(c.r * 255), dg = p.g - (int)lround(c.g * 255), db = p.b - (int)lround(c.b * 255);
	return (int)sqrt(dr * dr + dg * dg + db * db);
}

/* The smallest distance to colour c within r pixels of (x, y). */
static int near_colour(cairo_surface_t *s, double x, double y, int r, struct colour c)
{
	int best = 1000;
	for (int dy = -r; dy <= r; dy++)
		for (int dx = -r; dx <= r; dx++) {
			int d = dist(pixel(s, (int)floor(x) + dx, (int)floor(y) + dy), c);
			best = d < best ? d : best;
		}
	return best;
}

/* Pixels within r of (x, y) nearer the ink colour than both the floor and
 * the grid colour (thin antialiased lines are only part ink). */
static int count_ink(cairo_surface_t *s, double x, double y, int r, const struct style *st, struct colour ink)
{
	int n = 0;
	for (int dy = -r; dy <= r; dy++)
		for (int dx = -r; dx <= r; dx++) {
			struct px p = pixel(s, (int)floor(x) + dx, (int)floor(y) + dy);
			int d = dist(p, ink);
			n += d < dist(p, st->floor) && d < dist(p, st->grid) && (st->rock.a == 0 || d < dist(p, st->rock));
		}
	return n;
}

/* Pixels within r of (x, y) that are close to colour c. */
static int count_colour(cairo_surface_t *s, double x, double y, int r, struct colour c, int tol)
{
	int n = 0;
	for (int dy = -r; dy <= r; dy++)
		for (int dx = -r; dx <= r; dx++)
			n += dist(pixel(s, (int)floor(x) + dx, (int)floor(y) + dy), c) <= tol;
	return n;
}

/* Checks one level's image against its walls and doors: every unit edge of
 * every wall polyline has wall ink at its midpoint; every portal has door
 * ink around its position; no wall ink at the middle of an opening; floor
 * squares away from ink are the floor colour. Returns the edges checked. */
static long check_alignment(const struct doc *d, const char *style_name, int ppg)
{
	const struct map *m = &d->levels[0].map;
	struct err e;
	struct style st;
	ck_assert_msg(style_load(&st, style_name, test_template_dirs(), &e) == 0, "%s", e.msg);
	unsigned char *png;
	size_t len;
	ck_assert_msg(render_map_png(d, 0, ppg, &png, &len, &e) == 0, "%s", e.msg);
	cairo_surface_t *img = decode_png(png, len);
	ck_assert_int_eq(cairo_image_surface_get_width(img), m->w * ppg);
	ck_assert_int_eq(cairo_image_surface_get_height(img), m->h * ppg);

	struct walls w;
	ck_assert_msg(walls_build(&w, m, &e) == 0, "%s", e.msg);
	long edges = 0;
	for (int i = 0; i < w.n; i++)
		for (int k = w.start[i]; k + 1 < w.start[i + 1]; k++) {
			struct wall_point a = w.points[k], b = w.points[k + 1];
			int n = abs(b.x - a.x) + abs(b.y - a.y);
			int sx = (b.x > a.x) - (b.x < a.x), sy = (b.y > a.y) - (b.y < a.y);
			for (int j = 0; j < n; j++) {
				double mx = (a.x + sx * (j + 0.5)) * ppg, my = (a.y + sy * (j + 0.5)) * ppg;
				/* on the grid's outer edge only the inner half of the
				 * stroke is in the picture: look just inside */
				mx = mx >= m->w * ppg ? mx - 1 : mx;
				my = my >= m->h * ppg ? my - 1 : my;
				int border = a.x == b.x ? (a.x == 0 || a.x == m->w) : (a.y == 0 || a.y == m->h);
				int dd = border ? (near_colour(img, mx, my, 2, st.wall) < near_colour(img, mx, my, 0, st.floor) ? 0 : 99)
						: near_colour(img, mx, my, 1, st.wall);
				ck_assert_msg(dd < 60, "%s %s: no wall ink at the wall edge midpoint (%.1f, %.1f) squares: "
					      "nearest colour %d away", m->method, style_name, mx / ppg, my / ppg, dd);
				edges++;
			}
		}
	ck_assert_int_eq(edges, w.segments);
	walls_free(&w);

	for (int i = 0; i < m->ndoors; i++) {
		const struct door *dr = &m->doors[i];
		int vertical = dr->side == SIDE_E || dr->side == SIDE_W;
		double cx = (dr->x + (dr->side == SIDE_E) + (vertical ? 0 : 0.5)) * ppg;
		double cy = (dr->y + (dr->side == SIDE_S) + (vertical ? 0.5 : 0)) * ppg;
		int r = ppg / 5;
		if (dr->kind == DOOR_OPENING) {
			/* a gap: no wall ink right at its middle */
			ck_assert_msg(near_colour(img, cx, cy, 0, st.wall) >= 60, "ink in the opening at %d,%d", dr->x,
				      dr->y);
		} else if (dr->kind != DOOR_SECRET) {
			/* a portal: the door symbol's ink around its position */
			int ink = count_ink(img, cx, cy, r, &st, st.door);
			ck_assert_msg(ink >= r, "%s %s: no door drawn at the portal %d,%d %s (%d ink pixels, kind %s)",
				      m->method, style_name, dr->x, dr->y, side_name(dr->side), ink, door_kind_name(dr->kind));
		}
	}
	/* floor: the centre of every floor square with no feature, door or
	 * stairs close by is the floor colour (the grid runs on square edges) */
	int floors = 0;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			if (map_at(m, x, y) == 0 || (m->features && m->features[y * m->w + x]))
				continue;
			int busy = 0;
			for (int s = 0; s < m->nstairs; s++)
				busy |= abs(m->stairs[s].x - x) <= 1 && abs(m->stairs[s].y - y) <= 1;
			if (busy)
				continue;
			/* hallways wear the style's hall tint over the floor */
			struct colour want = st.floor;
			if (m->regions[map_at(m, x, y)].kind == REGION_HALL && st.hall.a > 0) {
				want.r += (st.hall.r - want.r) * st.hall.a;
				want.g += (st.hall.g - want.g) * st.hall.a;
				want.b += (st.hall.b - want.b) * st.hall.a;
			}
			struct px p = pixel(img, x * ppg + ppg / 2, y * ppg + ppg / 2);
			ck_assert_msg(dist(p, want) < 30, "%s: square %d,%d is not floor-coloured (%d,%d,%d)",
				      style_name, x, y, p.r, p.g, p.b);
			floors++;
		}
	ck_assert_int_gt(floors, 0);
	cairo_surface_destroy(img);
	free(png);
	return edges;
}

START_TEST(test_fixture_lines_up)
{
	static const char *const styles[] = { "classic", "blueprint", "hatched" };
	for (int s = 0; s < 3; s++) {
		struct doc d;
		struct level lv;
		memset(&lv, 0, sizeof lv);
		fx_dungeon(&lv.map);
		fx_doc(&d, &lv, styles[s], 0);
		ck_assert_int_gt(check_alignment(&d, styles[s], 40), 50);
		fx_doc_free(&d);
	}
	/* many doors in a row: a gallery of 4 x 3 rooms */
	struct doc d;
	struct level lv;
	memset(&lv, 0, sizeof lv);
	fx_gallery(&lv.map, 4, 3);
	fx_doc(&d, &lv, "classic", 0);
	ck_assert_int_gt(check_alignment(&d, "classic", 30), 100);
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_secret_doors_are_walls)
{
	/* the fixture's secret door (14,4 south) is wall in the JSON and ink in
	 * the image, with no S drawn: the players' map */
	struct doc d;
	struct level lv;
	memset(&lv, 0, sizeof lv);
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	struct err e;
	struct walls w;
	ck_assert_int_eq(walls_build(&w, &lv.map, &e), 0);
	int found = 0;
	for (int i = 0; i < w.n; i++)
		for (int k = w.start[i]; k + 1 < w.start[i + 1]; k++) {
			struct wall_point a = w.points[k], b = w.points[k + 1];
			if (a.y == 5 && b.y == 5 && ((a.x <= 14 && b.x >= 15) || (b.x <= 14 && a.x >= 15)))
				found = 1;
		}
	walls_free(&w);
	ck_assert_msg(found, "the secret door's edge is not a wall in line_of_sight");
	unsigned char *png;
	size_t len;
	ck_assert_int_eq(render_map_png(&d, 0, 40, &png, &len, &e), 0);
	cairo_surface_t *img = decode_png(png, len);
	struct style st;
	ck_assert_int_eq(style_load(&st, "classic", test_template_dirs(), &e), 0);
	/* the wall runs on through the door's whole edge, and nothing else is
	 * drawn in the squares on either side of it (no S) */
	for (int px = 14 * 40 + 4; px < 15 * 40 - 4; px += 4)
		ck_assert_int_lt(near_colour(img, px, 5 * 40, 1, st.wall), 60);
	ck_assert_int_eq(count_colour(img, 14.5 * 40, 4.5 * 40, 12, st.wall, 60), 0);
	ck_assert_int_eq(count_colour(img, 14.5 * 40, 5.5 * 40, 12, st.wall, 60), 0);
	cairo_surface_destroy(img);
	free(png);
	fx_doc_free(&d);
}
END_TEST

/* The referee's tabletop image shows the north room behind the secret door
 * (for the referee to reveal); the players' (--player) leaves it rock, and
 * its walls out of line_of_sight. */
START_TEST(test_players_image_leaves_hidden_rooms_out)
{
	for (int player = 0; player <= 1; player++) {
		struct doc d;
		struct level lv;
		struct err e;
		memset(&lv, 0, sizeof lv);
		fx_dungeon(&lv.map);
		fx_doc(&d, &lv, "classic", player);
		unsigned char *png;
		size_t len;
		ck_assert_int_eq(render_map_png(&d, 0, 40, &png, &len, &e), 0);
		cairo_surface_t *img = decode_png(png, len);
		struct style st;
		ck_assert_int_eq(style_load(&st, "classic", test_template_dirs(), &e), 0);
		int floor = count_colour(img, 15 * 40, 3 * 40, 15, st.floor, 20);
		struct walls w;
		ck_assert_int_eq(walls_build(&w, &lv.map, &e), 0);
		int north_wall = 0;
		for (int i = 0; i < w.n; i++)
			for (int k = w.start[i]; k < w.start[i + 1]; k++)
				north_wall += w.points[k].y == 1;
		walls_free(&w);
		if (player) {
			ck_assert_int_eq(floor, 0);
			ck_assert_int_eq(north_wall, 0);
		} else {
			ck_assert_int_gt(floor, 500);
			ck_assert_int_gt(north_wall, 0);
		}
		cairo_surface_destroy(img);
		free(png);
		fx_doc_free(&d);
	}
}
END_TEST

START_TEST(test_methods_line_up)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	for (int i = 0; i < 5; i++)
		for (int seed = 1; seed <= 2; seed++) {
			struct level lv;
			struct doc d;
			struct err e;
			char s[32];
			memset(&lv, 0, sizeof lv);
			snprintf(s, sizeof s, "vtt-%d", seed);
			if (!method_find(methods[i]))
				continue;
			ck_assert_msg(test_generate(&lv.map, methods[i], s, NULL, 12, 0, 0, &e) == 0, "%s %s: %s",
				      methods[i], s, e.msg);
			fx_doc(&d, &lv, "classic", 0);
			ck_assert_int_gt(check_alignment(&d, "classic", 24), 20);
			fx_doc_free(&d);
		}
}
END_TEST

START_TEST(test_ppg_cap)
{
	struct map m;
	memset(&m, 0, sizeof m);
	m.w = 40;
	m.h = 30;
	ck_assert_int_eq(map_image_vtt_ppg(&m, 0), 70);
	ck_assert_int_eq(map_image_vtt_ppg(&m, 100), 100);
	m.w = 1200;
	ck_assert_int_eq(map_image_vtt_ppg(&m, 0), 6);
	ck_assert_int_le(1200 * map_image_vtt_ppg(&m, 0), MAP_IMAGE_MAX_SIDE);
	m.w = 4000;
	ck_assert_int_eq(map_image_vtt_ppg(&m, 70), 2);
}
END_TEST

/* Runs the python3 checker on a .dd2vtt file: JSON, the fields, every
 * point on the grid, closed loops, the image a PNG of the stated size, the
 * portals. Prints "ok W H NWALLS NPORTALS NOPEN" or a reason. */
static char *py_check(const char *path)
{
	const char *script = DIR "/check.py";
	FILE *f = fopen(script, "w");
	ck_assert_ptr_nonnull(f);
	fputs("import json, sys, base64, struct, math\n"
	      "d = json.load(open(sys.argv[1]))\n"
	      "assert d['format'] == 0.3, d['format']\n"
	      "r = d['resolution']\n"
	      "assert r['map_origin'] == {'x': 0, 'y': 0}\n"
	      "W, H, ppg = r['map_size']['x'], r['map_size']['y'], r['pixels_per_grid']\n"
	      "for line in d['line_of_sight']:\n"
	      "    assert len(line) >= 2\n"
	      "    for p in line: assert 0 <= p['x'] <= W and 0 <= p['y'] <= H, p\n"
	      "    for a, b in zip(line, line[1:]): assert (a['x'] == b['x']) != (a['y'] == b['y']), (a, b)\n"
	      "for p in d['portals']:\n"
	      "    a, b = p['bounds']\n"
	      "    assert abs(a['x'] - b['x']) + abs(a['y'] - b['y']) == 1\n"
	      "    assert p['position'] == {'x': (a['x'] + b['x']) / 2, 'y': (a['y'] + b['y']) / 2}\n"
	      "    assert math.isclose(p['rotation'], math.pi / 2 if a['x'] == b['x'] else 0)\n"
	      "    assert p['closed'] in (True, False) and p['freestanding'] is False\n"
	      "assert d['lights'] == [] and 'environment' in d\n"
	      "png = base64.b64decode(d['image'], validate=True)\n"
	      "assert png[:8] == b'\\x89PNG\\r\\n\\x1a\\n'\n"
	      "w, h = struct.unpack('>II', png[16:24])\n"
	      "assert (w, h) == (W * ppg, H * ppg), (w, h, W, H, ppg)\n"
	      "print('ok', W, H, ppg, len(d['line_of_sight']), len(d['portals']),\n"
	      "      sum(1 for p in d['portals'] if not p['closed']))\n", f);
	ck_assert_int_eq(fclose(f), 0);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "python3 %s '%s' > " DIR "/py.out 2>&1", script, path);
	int rc = system(cmd);
	char *out = test_slurp(DIR "/py.out", NULL);
	ck_assert_ptr_nonnull(out);
	ck_assert_msg(rc == 0 && strncmp(out, "ok ", 3) == 0, "%s: %s", path, out);
	return out;
}

START_TEST(test_export_parses)
{
	struct doc d;
	struct level lv;
	memset(&lv, 0, sizeof lv);
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	struct err e;
	unsigned char *png;
	size_t len;
	ck_assert_int_eq(render_map_png(&d, 0, 50, &png, &len, &e), 0);
	FILE *f = fopen(DIR "/fixture.dd2vtt", "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_vtt(f, &lv.map, 50, png, len, NULL, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	free(png);
	char *out = py_check(DIR "/fixture.dd2vtt");
	int W, H, ppg, nwalls, nportals, nopen;
	ck_assert_int_eq(sscanf(out, "ok %d %d %d %d %d %d", &W, &H, &ppg, &nwalls, &nportals, &nopen), 6);
	ck_assert_int_eq(W, 30);
	ck_assert_int_eq(H, 22);
	ck_assert_int_eq(ppg, 50);
	/* 12 doors: 3 openings and 1 secret are no portals */
	ck_assert_int_eq(nportals, 8);
	/* the one rule of sight of every tabletop output: a portcullis is seen
	 * through (an open portal), every other door closed */
	int portcullises = 0;
	for (int i = 0; i < lv.map.ndoors; i++)
		portcullises += lv.map.doors[i].kind == DOOR_PORTCULLIS;
	ck_assert_int_gt(portcullises, 0);
	ck_assert_int_eq(nopen, portcullises);
	free(out);
	fx_doc_free(&d);
}
END_TEST

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

START_TEST(test_cli_levels)
{
	unlink(DIR "/crypt.dd2vtt");
	for (int k = 1; k <= 3; k++) {
		char p[64];
		snprintf(p, sizeof p, DIR "/crypt-%d.dd2vtt", k);
		unlink(p);
	}
	ck_assert_int_eq(test_run("--seed crypt --levels 3 --rooms 8 -o " DIR "/crypt.dd2vtt", NULL, NULL), 0);
	ck_assert(!exists(DIR "/crypt.dd2vtt"));
	for (int k = 1; k <= 3; k++) {
		char p[64];
		snprintf(p, sizeof p, DIR "/crypt-%d.dd2vtt", k);
		free(py_check(p));
	}
	/* one level: the name as given; .uvtt is the same format */
	unlink(DIR "/one.uvtt");
	ck_assert_int_eq(test_run("--seed one --rooms 6 --grid-pixels 32 -o " DIR "/one.uvtt", NULL, NULL), 0);
	char *out = py_check(DIR "/one.uvtt");
	ck_assert_ptr_nonnull(strstr(out, " 32 "));
	free(out);
	ck_assert_int_eq(test_run("--grid-pixels 5 -o " DIR "/x.dd2vtt", NULL, DIR "/err.txt"), 2);
	char *err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "--grid-pixels"));
	free(err);
}
END_TEST

/* The pixel on the grid line between floor squares (x, y) and (x + 1, y)
 * (vertical) or (x, y + 1) (horizontal) that is farthest from the floor
 * colour: the line sits on a pixel boundary, so both pixels beside it are
 * looked at. */
static struct px grid_line_pixel(cairo_surface_t *img, int x, int y, int vertical, int ppg, struct colour floor)
{
	int gx = vertical ? (x + 1) * ppg : x * ppg + ppg / 2, gy = vertical ? y * ppg + ppg / 2 : (y + 1) * ppg;
	struct px a = pixel(img, gx - vertical, gy - !vertical), b = pixel(img, gx, gy);
	return dist(a, floor) > dist(b, floor) ? a : b;
}

/* Counts the grid-line spots between two plain floor squares (no feature,
 * no door or stairs near) and, of those, the ones tinted towards the grid
 * colour by a fifth of the way or more (a grid line thinner than a pixel
 * colours the pixels beside it only in part). */
static void grid_spots(const struct map *m, cairo_surface_t *img, int ppg, const struct style *st, int *spots,
		       int *gridded)
{
	*spots = *gridded = 0;
	int grid_gap = dist((struct px){ (int)lround(st->grid.r * 255), (int)lround(st->grid.g * 255),
					 (int)lround(st->grid.b * 255) }, st->floor);
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++)
			for (int vertical = 0; vertical < 2; vertical++) {
				int nx = x + vertical, ny = y + !vertical;
				if (nx >= m->w || ny >= m->h || map_at(m, x, y) == 0 || map_at(m, x, y) != map_at(m, nx, ny) ||
				    m->features[y * m->w + x] || m->features[ny * m->w + nx])
					continue;
				int busy = 0;
				for (int s = 0; s < m->nstairs; s++)
					busy |= abs(m->stairs[s].x - x) <= 1 && abs(m->stairs[s].y - y) <= 1;
				for (int i = 0; i < m->ndoors; i++)
					busy |= abs(m->doors[i].x - x) <= 1 && abs(m->doors[i].y - y) <= 1;
				if (busy)
					continue;
				struct px p = grid_line_pixel(img, x, y, vertical, ppg, st->floor);
				(*spots)++;
				*gridded += dist(p, st->floor) >= grid_gap / 5;
			}
}

/* The tabletop image leaves the grid out (the tabletop draws its own);
 * sheet.vtt_grid (--vtt-grid) draws it in again. */
START_TEST(test_grid_left_out)
{
	static const char *const styles[] = { "classic", "blueprint" };
	for (int s = 0; s < 2; s++) {
		struct doc d;
		struct level lv;
		memset(&lv, 0, sizeof lv);
		fx_dungeon(&lv.map);
		fx_doc(&d, &lv, styles[s], 0);
		struct err e;
		struct style st;
		ck_assert_msg(style_load(&st, styles[s], test_template_dirs(), &e) == 0, "%s", e.msg);
		ck_assert_msg(dist((struct px){ (int)lround(st.grid.r * 255), (int)lround(st.grid.g * 255),
						(int)lround(st.grid.b * 255) }, st.floor) > 30,
			      "%s: the grid's colour is too close to the floor's to tell", styles[s]);
		for (int with = 0; with < 2; with++) {
			d.sheet.vtt_grid = with;
			unsigned char *png;
			size_t len;
			ck_assert_msg(render_map_png(&d, 0, 40, &png, &len, &e) == 0, "%s", e.msg);
			cairo_surface_t *img = decode_png(png, len);
			int spots, gridded;
			grid_spots(&lv.map, img, 40, &st, &spots, &gridded);
			ck_assert_int_gt(spots, 100);
			if (with)
				ck_assert_msg(gridded * 10 >= spots * 9, "%s --vtt-grid: %d of %d grid spots drawn",
					      styles[s], gridded, spots);
			else
				ck_assert_msg(gridded == 0, "%s: %d of %d grid spots in floor areas show grid lines",
					      styles[s], gridded, spots);
			cairo_surface_destroy(img);
			free(png);
		}
		fx_doc_free(&d);
	}
}
END_TEST

/* Pillars and statues block sight: each is one closed outline in
 * objects_line_of_sight around its square's middle, within the square;
 * water and rubble are not there. */
START_TEST(test_objects_line_of_sight)
{
	struct doc d;
	struct level lv;
	memset(&lv, 0, sizeof lv);
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	struct err e;
	unsigned char *png;
	size_t len;
	ck_assert_int_eq(render_map_png(&d, 0, 20, &png, &len, &e), 0);
	FILE *f = fopen(DIR "/objects.dd2vtt", "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_vtt(f, &lv.map, 20, png, len, NULL, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	free(png);
	/* each outline: points, closed or not, and the square holding its
	 * middle, the smallest and largest distance of a corner from it */
	int rc = system("python3 -c \"import json\n"
			"d = json.load(open('" DIR "/objects.dd2vtt'))\n"
			"for o in d['objects_line_of_sight']:\n"
			"    pts = [(p['x'], p['y']) for p in o]\n"
			"    cx = sum(p[0] for p in pts[:-1]) / (len(pts) - 1)\n"
			"    cy = sum(p[1] for p in pts[:-1]) / (len(pts) - 1)\n"
			"    r = [((p[0] - cx) ** 2 + (p[1] - cy) ** 2) ** 0.5 for p in pts]\n"
			"    print(len(pts), int(pts[0] == pts[-1]), int(cx), int(cy), round(min(r), 2), round(max(r), 2))\n"
			"\" > " DIR "/objects.out 2>&1");
	char *out = test_slurp(DIR "/objects.out", NULL);
	ck_assert_msg(rc == 0 && out, "the tabletop file does not parse: %s", out ? out : "");
	/* the fixture: pillars at (13, 9), (15, 9), (13, 11), (15, 11), a
	 * statue at (24, 17); water and rubble besides */
	static const int want[][2] = { { 13, 9 }, { 15, 9 }, { 13, 11 }, { 15, 11 }, { 24, 17 } };
	const char *line = out;
	int n = 0;
	for (; *line; n++) {
		int npts, closed, sx, sy;
		double rmin, rmax;
		ck_assert_int_eq(sscanf(line, "%d %d %d %d %lf %lf", &npts, &closed, &sx, &sy, &rmin, &rmax), 6);
		ck_assert_msg(n < 5, "more outlines than pillars and statues: %s", out);
		ck_assert_msg(sx == want[n][0] && sy == want[n][1], "outline %d is on square %d,%d, not %d,%d", n, sx, sy,
			      want[n][0], want[n][1]);
		ck_assert_msg(closed && npts >= 5, "outline %d is not a closed polygon (%d points)", n, npts);
		ck_assert_msg(rmin > 0.25 && rmax < 0.5, "outline %d: corners %.2f to %.2f squares from its middle", n,
			      rmin, rmax);
		line = strchr(line, '\n');
		line = line ? line + 1 : "";
	}
	ck_assert_int_eq(n, 5);
	free(out);
	fx_doc_free(&d);
}
END_TEST

/* Through the command line: --vtt-grid changes the image only. */
START_TEST(test_cli_vtt_grid)
{
	ck_assert_int_eq(test_run("-q -m tiles -s 5 --rooms 25 --grid-pixels 20 -o " DIR "/plain.dd2vtt", NULL, NULL), 0);
	ck_assert_int_eq(
		test_run("-q -m tiles -s 5 --rooms 25 --grid-pixels 20 --vtt-grid -o " DIR "/grid.dd2vtt", NULL, NULL), 0);
	char *a = test_slurp(DIR "/plain.dd2vtt", NULL), *b = test_slurp(DIR "/grid.dd2vtt", NULL);
	ck_assert_msg(a && b, "a tabletop file was not written");
	char *ia = strstr(a, "\"image\""), *ib = strstr(b, "\"image\"");
	ck_assert_msg(ia && ib, "no image in the tabletop file");
	*ia = *ib = '\0';
	ck_assert_msg(strcmp(a, b) == 0, "--vtt-grid changed more than the image");
	ck_assert_msg(strcmp(ia + 1, ib + 1) != 0, "--vtt-grid did not change the image");
	ck_assert_msg(strstr(a, "\"objects_line_of_sight\": [\n"), "the tiles map's pillars and statues are missing");
	free(a);
	free(b);
}
END_TEST

static Suite *vtt_suite(void)
{
	Suite *s = suite_create("render_vtt");
	TCase *tc = tcase_create("vtt");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_fixture_lines_up);
	tcase_add_test(tc, test_secret_doors_are_walls);
	tcase_add_test(tc, test_players_image_leaves_hidden_rooms_out);
	tcase_add_test(tc, test_methods_line_up);
	tcase_add_test(tc, test_ppg_cap);
	tcase_add_test(tc, test_export_parses);
	tcase_add_test(tc, test_cli_levels);
	tcase_add_test(tc, test_grid_left_out);
	tcase_add_test(tc, test_objects_line_of_sight);
	tcase_add_test(tc, test_cli_vtt_grid);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(vtt_suite)
