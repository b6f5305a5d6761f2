/* check_render_output.c: the renderer's files: PDF page count, page size
 * and embedded fonts (pdfinfo, pdffonts from poppler-utils), SVG files
 * parsed as XML, PNG sizes, ink where the layout put walls and numbers (a
 * page rasterised by pdftoppm), atomic writes, reproducible bytes. */
#include "testutil.h"

#include "layout/layout.h"
#include "render.h"
#include "render_fixture.h"
#include "stock/stock.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#define OUT "build/tests/out"

/* Output of a shell command (caller frees), or NULL. */
static char *run_capture(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0)
		n += got;
	pclose(p);
	if (buf)
		buf[n] = '\0';
	return buf;
}

static int pdf_pages(const char *path, double *w, double *h)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdfinfo '%s' 2>&1", path);
	char *out = run_capture(cmd);
	ck_assert_ptr_nonnull(out);
	int pages = -1;
	char *p = strstr(out, "Pages:");
	if (p)
		pages = atoi(p + 6);
	p = strstr(out, "Page size:");
	if (p && w && h)
		ck_assert_int_eq(sscanf(p + 10, " %lf x %lf", w, h), 2);
	free(out);
	return pages;
}

/* Lays out d's first level (to learn the page count and the map frame). */
static int lay(struct doc *d, struct scene *sc, struct layout_result *res)
{
	struct measure ms;
	struct style st;
	struct paper paper;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(style_load(&st, d->sheet.style, d->template_dirs, &e), 0);
	ck_assert_int_eq(paper_parse(d->sheet.paper, &paper, &e), 0);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, d, &d->levels[0], &st, &ms, sc, &e), 0);
	int rc = layout_level(&c, &paper, res, &e);
	ck_assert_msg(rc == 0, "%s", e.msg);
	layout_ctx_free(&c);
	measure_free(&ms);
	return rc;
}

START_TEST(test_pdf_all_styles)
{
	static const char *const styles[] = { "classic", "blueprint", "inksaver", "hatched" };
	for (int i = 0; i < 4; i++) {
		for (int player = 0; player <= 1; player++) {
			struct level lv;
			struct doc d;
			struct err e;
			fx_dungeon(&lv.map);
			fx_doc(&d, &lv, styles[i], player);
			char path[256], cmd[512];
			snprintf(path, sizeof path, OUT "/dungeon-%s%s.pdf", styles[i], player ? "-player" : "");
			ck_assert_msg(render_write(&d, path, "pdf", &e) == 0, "%s", e.msg);
			double w, h;
			ck_assert_int_eq(pdf_pages(path, &w, &h), 1);
			/* letter; the players' map turned as its squares come largest */
			ck_assert_double_eq_tol(player ? fmin(w, h) : w, 612, 0.01);
			ck_assert_double_eq_tol(player ? fmax(w, h) : h, 792, 0.01);
			/* every font embedded */
			snprintf(cmd, sizeof cmd, "pdffonts '%s' | tail -n +3", path);
			char *fonts = run_capture(cmd);
			ck_assert_ptr_nonnull(fonts);
			int nfonts = 0;
			for (char *line = strtok(fonts, "\n"); line; line = strtok(NULL, "\n")) {
				nfonts++;
				ck_assert_msg(strstr(line, " yes ") != NULL, "font not embedded: %s", line);
				ck_assert_msg(strstr(line, "DejaVu") != NULL, "not a DejaVu font: %s", line);
			}
			ck_assert_int_ge(nfonts, 2);
			free(fonts);
			fx_doc_free(&d);
		}
	}
}
END_TEST

START_TEST(test_pdf_pages_and_sizes)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	fx_gallery(&lv.map, 12, 10);
	fx_doc(&d, &lv, "hatched", 0);
	d.sheet.paper = "a4";
	d.sheet.orientation = ORIENT_LANDSCAPE;
	scene_init(&sc);
	lay(&d, &sc, &r);
	ck_assert_int_gt(sc.npages, 1);
	ck_assert_msg(render_write(&d, OUT "/gallery-a4.pdf", "pdf", &e) == 0, "%s", e.msg);
	double w, h;
	ck_assert_int_eq(pdf_pages(OUT "/gallery-a4.pdf", &w, &h), sc.npages);
	ck_assert_double_eq_tol(w, 841.89, 0.01);
	ck_assert_double_eq_tol(h, 595.28, 0.01);
	scene_free(&sc);
	/* --no-key: the map page alone */
	d.sheet.no_key = 1;
	ck_assert_msg(render_write(&d, OUT "/gallery-nokey.pdf", "pdf", &e) == 0, "%s", e.msg);
	ck_assert_int_eq(pdf_pages(OUT "/gallery-nokey.pdf", NULL, NULL), 1);
	fx_doc_free(&d);

	/* two levels: their pages one after the other */
	struct level two[2];
	fx_dungeon(&two[0].map);
	fx_gallery(&two[1].map, 12, 10);
	two[1].map.depth = 2;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 0, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	ck_assert_int_eq(key_build(&two[0].key, &two[0].map, &ko, &e), 0);
	ck_assert_int_eq(key_build(&two[1].key, &two[1].map, &ko, &e), 0);
	memset(&d, 0, sizeof d);
	d.seed = "two";
	d.command = "mapsheet --levels 2";
	d.levels = two;
	d.nlevels = 2;
	d.template_dirs = test_template_dirs();
	ck_assert_msg(render_write(&d, OUT "/two-levels.pdf", "pdf", &e) == 0, "%s", e.msg);
	int p1, p2;
	struct doc one = d;
	one.nlevels = 1;
	scene_init(&sc);
	lay(&one, &sc, &r);
	p1 = sc.npages;
	scene_free(&sc);
	one.levels = &two[1];
	scene_init(&sc);
	lay(&one, &sc, &r);
	p2 = sc.npages;
	scene_free(&sc);
	ck_assert_int_eq(pdf_pages(OUT "/two-levels.pdf", NULL, NULL), p1 + p2);
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_svg_files)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	fx_gallery(&lv.map, 12, 10);
	fx_doc(&d, &lv, "blueprint", 0);
	scene_init(&sc);
	lay(&d, &sc, &r);
	int pages = sc.npages;
	scene_free(&sc);
	ck_assert_int_eq(system("rm -f " OUT "/gallery*.svg"), 0);
	ck_assert_msg(render_write(&d, OUT "/gallery.svg", "svg", &e) == 0, "%s", e.msg);
	for (int i = 1; i <= pages + 1; i++) {
		char path[256], cmd[600];
		render_page_path(OUT "/gallery.svg", i, path, sizeof path);
		if (i == pages + 1) {
			ck_assert_msg(access(path, F_OK) != 0, "%s should not exist", path);
			break;
		}
		snprintf(cmd, sizeof cmd,
			 "python3 -c \"import xml.etree.ElementTree as T,sys; r=T.parse(sys.argv[1]).getroot(); "
			 "print(r.tag.split('}')[-1], r.get('width'), r.get('height'))\" '%s' 2>&1",
			 path);
		char *out = run_capture(cmd);
		ck_assert_ptr_nonnull(out);
		ck_assert_msg(strncmp(out, "svg 612pt 792pt", 15) == 0, "%s: %s", path, out);
		free(out);
	}
	ck_assert_str_eq((render_page_path("a/b.c/map.svg", 3, (char[64]){ 0 }, 64), "a/b.c/map-3.svg"),
			 "a/b.c/map-3.svg");
	/* --no-key: one file */
	ck_assert_int_eq(system("rm -f " OUT "/gallery*.svg"), 0);
	d.sheet.no_key = 1;
	ck_assert_msg(render_write(&d, OUT "/gallery.svg", "svg", &e) == 0, "%s", e.msg);
	ck_assert_int_eq(access(OUT "/gallery.svg", F_OK), 0);
	ck_assert_int_ne(access(OUT "/gallery-2.svg", F_OK), 0);
	fx_doc_free(&d);
}
END_TEST

static void png_size(const char *path, int *w, int *h)
{
	size_t len;
	unsigned char *b = (unsigned char *)test_slurp(path, &len);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_ge(len, 24);
	ck_assert(memcmp(b, "\x89PNG\r\n\x1a\n", 8) == 0);
	*w = b[16] << 24 | b[17] << 16 | b[18] << 8 | b[19];
	*h = b[20] << 24 | b[21] << 16 | b[22] << 8 | b[23];
	free(b);
}

START_TEST(test_png_files)
{
	struct level lv;
	struct doc d;
	struct err e;
	int w, h;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "inksaver", 0);
	ck_assert_msg(render_write(&d, OUT "/dungeon.png", "png", &e) == 0, "%s", e.msg);
	png_size(OUT "/dungeon.png", &w, &h);
	ck_assert_int_eq(w, 1275);   /* 8.5 x 11 in at the default 150 dpi */
	ck_assert_int_eq(h, 1650);
	d.sheet.dpi = 100;
	d.sheet.paper = "a4";
	d.sheet.orientation = ORIENT_PORTRAIT;
	ck_assert_msg(render_write(&d, OUT "/dungeon-a4.png", "png", &e) == 0, "%s", e.msg);
	png_size(OUT "/dungeon-a4.png", &w, &h);
	ck_assert_int_eq(w, 827);    /* 210 mm at 100 dpi, rounded up */
	ck_assert_int_eq(h, 1170);
	/* several pages to standard output cannot work */
	fx_doc_free(&d);
	fx_gallery(&lv.map, 12, 10);
	fx_doc(&d, &lv, "inksaver", 0);
	ck_assert_int_eq(render_write(&d, "-", "png", &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "pages"));
	fx_doc_free(&d);
}
END_TEST

/* A greyscale page from pdftoppm at 144 dpi (2 pixels per point). */
struct gray {
	int w, h;
	unsigned char *px;
	char *raw;
};

static void rasterise(const char *pdf, struct gray *g)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdftoppm -gray -r 144 -f 1 -l 1 '%s' " OUT "/raster", pdf);
	ck_assert_int_eq(system(cmd), 0);
	size_t len;
	g->raw = test_slurp(OUT "/raster-1.pgm", &len);
	ck_assert_ptr_nonnull(g->raw);
	int maxv, off = 0;
	ck_assert_int_eq(sscanf(g->raw, "P5 %d %d %d%n", &g->w, &g->h, &maxv, &off), 3);
	g->px = (unsigned char *)g->raw + off + 1;
	ck_assert_uint_ge(len, (size_t)(off + 1) + (size_t)g->w * g->h);
}

/* The darkest and lightest pixel within r pixels of point (x, y) in points. */
static void sample(const struct gray *g, double x, double y, int r, int *lo, int *hi)
{
	*lo = 255;
	*hi = 0;
	int cx = (int)lround(x * 2), cy = (int)lround(y * 2);
	for (int dy = -r; dy <= r; dy++)
		for (int dx = -r; dx <= r; dx++) {
			int px = cx + dx, py = cy + dy;
			if (px < 0 || py < 0 || px >= g->w || py >= g->h)
				continue;
			int v = g->px[py * g->w + px];
			*lo = v < *lo ? v : *lo;
			*hi = v > *hi ? v : *hi;
		}
}

START_TEST(test_pixels_where_layout_says)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "inksaver", 0);
	d.sheet.scale = 5;
	scene_init(&sc);
	lay(&d, &sc, &r);
	ck_assert_msg(render_write(&d, OUT "/pixels.pdf", "pdf", &e) == 0, "%s", e.msg);
	struct gray g;
	rasterise(OUT "/pixels.pdf", &g);
	ck_assert_int_eq(g.w, 1224);
	ck_assert_int_eq(g.h, 1584);
	const struct map *m = &lv.map;
	const struct map_frame *f = &r.frame;
	ck_assert_double_eq_tol(f->s, 14.4, 1e-9);
	/* every wall without a door: dark ink at its middle */
	int walls = 0, dark = 0;
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x < m->w; x++) {
			int a = map_at(m, x, y - 1), b = map_at(m, x, y);
			if (a == b || map_find_door(m, x, y < m->h ? y : y - 1, y < m->h ? SIDE_N : SIDE_S) >= 0)
				continue;
			int lo, hi;
			sample(&g, f->ox + (x + 0.5) * f->s, f->oy + y * f->s, 1, &lo, &hi);
			walls++;
			dark += lo < 90;
		}
	ck_assert_int_gt(walls, 50);
	ck_assert_msg(dark == walls, "%d of %d walls inked", dark, walls);
	/* free floor squares away from labels and symbols: no ink at their centres */
	int light = 0, floors = 0;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			if (map_at(m, x, y) == 0 || m->features[y * m->w + x])
				continue;
			int near_door = 0;
			for (int sd = 0; sd < SIDE_COUNT; sd++)
				near_door |= map_find_door(m, x, y, (enum side)sd) >= 0;
			double cx = f->ox + (x + 0.5) * f->s, cy = f->oy + (y + 0.5) * f->s;
			int labelled = 0, stair = 0;
			for (size_t k = 0; k < sc.pages[0].nitems; k++) {
				const struct scene_item *it = &sc.pages[0].items[k];
				if (it->kind == SCENE_LINK && cx > it->x - f->s && cx < it->x + it->w + f->s &&
				    cy > it->y - f->s && cy < it->y + it->h + f->s)
					labelled = 1;
			}
			for (int i = 0; i < m->nstairs; i++)
				stair |= m->stairs[i].x == x && m->stairs[i].y == y;
			if (near_door || labelled || stair)
				continue;
			int lo, hi;
			sample(&g, cx, cy, 2, &lo, &hi);
			floors++;
			light += lo > 200;
		}
	ck_assert_int_gt(floors, 40);
	ck_assert_msg(light == floors, "%d of %d floor squares clear", light, floors);
	/* each room number: dark pixels inside its label box */
	for (size_t k = 0; k < sc.pages[0].nitems; k++) {
		const struct scene_item *it = &sc.pages[0].items[k];
		if (it->kind != SCENE_LINK)
			continue;
		int ink = 0;
		for (double y = it->y; y < it->y + it->h; y += 0.5)
			for (double x = it->x; x < it->x + it->w; x += 0.5) {
				int lo, hi;
				sample(&g, x, y, 0, &lo, &hi);
				ink += lo < 100;
			}
		ck_assert_msg(ink >= 6, "label %s shows %d dark pixels", it->text, ink);
	}
	free(g.raw);
	scene_free(&sc);
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_atomic_and_reproducible)
{
	struct level lv;
	struct doc d;
	struct err e;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	FILE *f = fopen(OUT "/keep.pdf", "w");
	ck_assert_ptr_nonnull(f);
	fputs("earlier file", f);
	fclose(f);
	/* a failure (a poster's overlap leaving no room for a square) keeps it */
	d.sheet.scale = 1;
	d.sheet.overlap = "9in";
	ck_assert_int_eq(render_write(&d, OUT "/keep.pdf", "pdf", &e), -1);
	d.sheet.overlap = NULL;
	char *kept = test_slurp(OUT "/keep.pdf", NULL);
	ck_assert_str_eq(kept, "earlier file");
	free(kept);
	char *left = run_capture("ls -a " OUT " | grep -c '^\\.keep.pdf' || true");
	ck_assert_int_eq(atoi(left), 0);
	free(left);
	/* a missing folder is named */
	d.sheet.scale = 0;
	ck_assert_int_eq(render_write(&d, OUT "/no/such/dir/x.pdf", "pdf", &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "no/such/dir"));
	/* the same document twice gives the same bytes */
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	ck_assert_int_eq(render_write(&d, OUT "/same-1.pdf", "pdf", &e), 0);
	ck_assert_int_eq(render_write(&d, OUT "/same-2.pdf", "pdf", &e), 0);
	ck_assert_int_eq(system("cmp -s " OUT "/same-1.pdf " OUT "/same-2.pdf"), 0);
	ck_assert_int_eq(render_write(&d, OUT "/same-1.svg", "svg", &e), 0);
	ck_assert_int_eq(render_write(&d, OUT "/same-2.svg", "svg", &e), 0);
	ck_assert_int_eq(system("cmp -s " OUT "/same-1.svg " OUT "/same-2.svg"), 0);
	unsetenv("SOURCE_DATE_EPOCH");
	ck_assert_int_eq(render_write(&d, OUT "/x.pdf", "tiff", &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "pdf, svg or png"));
	fx_doc_free(&d);
}
END_TEST

/* Every method that exists prints in every style, and as a player's map. */
START_TEST(test_every_method)
{
	static const char *const styles[] = { "classic", "blueprint", "inksaver", "hatched" };
	for (int mi = 0; method_table[mi]; mi++) {
		const char *name = method_table[mi]->name;
		for (int si = 0; si < 5; si++) {
			struct level lv;
			struct doc d;
			struct err e;
			ck_assert_msg(test_generate(&lv.map, name, "sheet", NULL, 0, 0, 0, &e) == 0, "%s: %s", name, e.msg);
			struct rng rng;
			rng_seed_text(&rng, "sheet", 1);
			struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), si == 4, NULL, 0, 0 };
			ck_assert_msg(key_build(&lv.key, &lv.map, &ko, &e) == 0 && stock_key(&lv.key, &lv.map, &ko, &rng, &e) == 0,
				      "%s", e.msg);
			memset(&d, 0, sizeof d);
			d.seed = "sheet";
			d.command = "mapsheet --seed sheet";
			d.levels = &lv;
			d.nlevels = 1;
			d.sheet.style = styles[si % 4];
			d.sheet.player = si == 4;
			d.template_dirs = test_template_dirs();
			char path[256];
			snprintf(path, sizeof path, OUT "/method-%s-%s%s.pdf", name, styles[si % 4], si == 4 ? "-player" : "");
			ck_assert_msg(render_write(&d, path, "pdf", &e) == 0, "%s %s: %s", name, styles[si % 4], e.msg);
			struct scene sc;
			struct layout_result r;
			scene_init(&sc);
			lay(&d, &sc, &r);
			ck_assert_int_eq(pdf_pages(path, NULL, NULL), sc.npages);
			if (si == 4)
				ck_assert_int_eq(sc.npages, 1);
			scene_free(&sc);
			key_free(&lv.key);
			map_free(&lv.map);
		}
	}
}
END_TEST

static Suite *render_output_suite(void)
{
	Suite *s = suite_create("render_output");
	TCase *tc = tcase_create("files");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_pdf_all_styles);
	tcase_add_test(tc, test_pdf_pages_and_sizes);
	tcase_add_test(tc, test_svg_files);
	tcase_add_test(tc, test_png_files);
	tcase_add_test(tc, test_pixels_where_layout_says);
	tcase_add_test(tc, test_atomic_and_reproducible);
	tcase_add_test(tc, test_every_method);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	if (system("mkdir -p " OUT) != 0)
		return 1;
	return test_run_suite(render_output_suite());
}
