/* check_render_poster.c: maps printed in pieces at their scale (--poster,
 * or --scale N with a map larger than the paper). Every method's map at
 * one inch a square, and the players' copy, is laid out as a poster on
 * letter paper; each printed piece is rendered at 36 dpi, trimmed at its
 * window's left and top edges and to its share of the overlap, as a person
 * cuts it, and placed by the label on its page; the result must match one
 * render of the whole map on a single large sheet except along the seams
 * and where room numbers were moved off the cuts. Also: every floor square
 * lies on a printed piece, no printed piece is all solid ground, a long
 * thin map leaves its empty pieces out, room numbers lie whole on one
 * piece, the square measured in the PDF is exactly 72/N points, and bad
 * requests are refused with one line and exit 2. */
#include "testutil.h"

#include "cairo/cairo_backend.h"
#include "model/handout.h"
#include "layout/layout.h"
#include "methods/levels.h"
#include "layout/poster_plan.h"
#include "render.h"
#include "render_int.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/poster"
#define DPI 36
#define PX (DPI / 72.0)
#define INK_DIFF 96             /* a channel differing more than this is a different pixel */
#define SEAM_PX 2               /* antialiasing along a seam */

/* A laid-out level with what drew it. */
struct laid {
	struct measure ms;
	struct style st;
	struct scene sc;
	struct layout_result res;
	struct paper paper;
};

static void lay(struct doc *d, int poster, const char *paper, struct laid *l)
{
	struct err e;
	ck_assert_msg(measure_init(&l->ms, &e) == 0, "%s", e.msg);
	ck_assert_msg(render_load_style(&l->st, d->sheet.style, d->template_dirs, &l->ms, &e) == 0, "%s", e.msg);
	ck_assert_msg(paper_parse(paper, &l->paper, &e) == 0, "%s", e.msg);
	scene_init(&l->sc);
	struct layout_ctx c;
	ck_assert_msg(layout_ctx_init(&c, d, &d->levels[0], &l->st, &l->ms, &l->sc, &e) == 0, "%s", e.msg);
	int rc = poster ? layout_poster(&c, &l->paper, &l->res, &e) : layout_level(&c, &l->paper, &l->res, &e);
	layout_ctx_free(&c);
	ck_assert_msg(rc == 0, "%s", e.msg);
}

static void laid_free(struct laid *l)
{
	scene_free(&l->sc);
	measure_free(&l->ms);
}

/* Page i of sc drawn at DPI by the Cairo backend, read back. */
static cairo_surface_t *render_page(const struct scene *sc, int i)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	struct err e;
	ck_assert_msg(cairo_backend_write(sc, i, 1, CAIRO_OUT_PNG, DPI, NULL, f, &e) == 0, "%s", e.msg);
	rewind(f);
	char path[64];
	snprintf(path, sizeof path, DIR "/page.png");
	FILE *out = fopen(path, "wb");
	ck_assert_ptr_nonnull(out);
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
	fclose(f);
	ck_assert_int_eq(fclose(out), 0);
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);
	ck_assert_int_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(s);
	return s;
}

static uint32_t pixel(cairo_surface_t *s, int x, int y)
{
	if (x < 0 || y < 0 || x >= cairo_image_surface_get_width(s) || y >= cairo_image_surface_get_height(s))
		return 0xffffffff;
	const unsigned char *row = cairo_image_surface_get_data(s) + (size_t)y * cairo_image_surface_get_stride(s);
	return ((const uint32_t *)row)[x] | 0xff000000u;
}

static int differs(uint32_t a, uint32_t b)
{
	for (int k = 0; k < 24; k += 8) {
		int d = (int)((a >> k) & 255) - (int)((b >> k) & 255);
		if (abs(d) > INK_DIFF)
			return 1;
	}
	return 0;
}

/* Reads a piece's place from its page label "1-map-B3": rows from letters,
 * columns from the number. Returns 1, or 0 for a page that is no piece. */
static int piece_place(const char *label, int *row, int *col)
{
	const char *p = strstr(label, "-map-");
	if (!p)
		return 0;
	p += 5;
	int r = 0;
	while (*p >= 'A' && *p <= 'Z')
		r = r * 26 + (*p++ - 'A' + 1);
	*row = r - 1;
	*col = atoi(p) - 1;
	return r > 0 && *col >= 0;
}

/* The doc for one level of method `meth` at one inch a square. */
static void make_doc(struct level *lv, struct doc *d, const char *meth, const char *seed, int player)
{
	test_levels_doc(lv, 1, meth, seed, NULL, d);
	if (player) {
		struct err e;
		ck_assert_msg(handout_levels(lv, 1, 0, &e) == 1, "%s", e.msg);
		d->sheet.player = 1;
	}
	d->sheet.scale = 1;
	d->sheet.paper = "letter";
}

/* Marks in `skip` (w x h) the text items' boxes on page p moved by (dx, dy), in pixels, grown by 3. */
static void skip_texts(unsigned char *skip, int w, int h, const struct scene_page *p, double dx, double dy,
		       double clip_x0, double clip_y0, double clip_x1, double clip_y1)
{
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		double x0, y0, x1, y1;
		if (it->kind != SCENE_TEXT || !scene_item_bounds(p, it, &x0, &y0, &x1, &y1))
			continue;
		if (x1 < clip_x0 || x0 > clip_x1 || y1 < clip_y0 || y0 > clip_y1)
			continue;
		int px0 = (int)floor((x0 + dx) * PX) - 3, px1 = (int)ceil((x1 + dx) * PX) + 3;
		int py0 = (int)floor((y0 + dy) * PX) - 3, py1 = (int)ceil((y1 + dy) * PX) + 3;
		for (int y = py0 > 0 ? py0 : 0; y < py1 && y < h; y++)
			for (int x = px0 > 0 ? px0 : 0; x < px1 && x < w; x++)
				skip[(size_t)y * w + x] = 1;
	}
}

/* Puts the pieces of method meth's poster together and compares them with
 * the whole map on one sheet. */
static void reassemble(const char *meth, const char *seed, int player, const char *paper, const char *overlap)
{
	struct level lv;
	struct doc d;
	make_doc(&lv, &d, meth, seed, player);
	d.sheet.paper = paper;
	d.sheet.overlap = overlap;
	struct laid poster, sheet;
	lay(&d, 1, paper, &poster);
	lay(&d, 0, "1200x900mm", &sheet);
	const struct map_frame *f = &poster.res.frame;
	struct poster_plan pl;
	struct err e;
	ck_assert_msg(poster_plan_make(&pl, &lv.map, f->vx, f->vy, f->vw, f->vh, 1, &poster.paper, ORIENT_AUTO, overlap,
				       NULL, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(pl.o, poster.res.orientation);
	double sq = pl.s * PX;
	ck_assert_double_eq_tol(sq, round(sq), 1e-9);
	int W = (int)lround(pl.vw * sq), H = (int)lround(pl.vh * sq);
	cairo_surface_t *canvas = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
	unsigned char *covered = calloc((size_t)W * H, 1), *skip = calloc((size_t)W * H, 1);
	ck_assert(covered && skip);
	cairo_surface_flush(canvas);
	unsigned char *cdata = cairo_image_surface_get_data(canvas);
	int cstride = cairo_image_surface_get_stride(canvas);
	int pieces = 0, numbers = 0;
	for (int i = poster.res.first_page; i < poster.res.first_page + poster.res.npages; i++) {
		int row, col;
		const struct scene_page *p = &poster.sc.pages[i];
		if (!piece_place(p->label, &row, &col))
			continue;
		const struct poster_piece *pc = poster_piece_at(&pl, row, col);
		ck_assert_ptr_nonnull(pc);
		ck_assert_msg(!pc->empty, "%s: piece %s is all solid ground yet printed", meth, pc->label);
		pieces++;
		cairo_surface_t *img = render_page(&poster.sc, i);
		/* the person's cut: at the window's left and top edges, and at
		 * the next piece's cut on the right and below */
		int wx = (int)lround(pl.win_x * PX), wy = (int)lround(pl.win_y * PX);
		int ox = (int)lround((pc->x0 - pl.vx) * sq), oy = (int)lround((pc->y0 - pl.vy) * sq);
		int cw = (int)lround((pc->cut_x - pc->x0) * sq);
		int ch = (int)lround((pc->cut_y - pc->y0) * sq);
		for (int y = 0; y < ch && oy + y < H; y++)
			for (int x = 0; x < cw && ox + x < W; x++) {
				((uint32_t *)(cdata + (size_t)(oy + y) * cstride))[ox + x] = pixel(img, wx + x, wy + y);
				covered[(size_t)(oy + y) * W + ox + x] = 1;
			}
		/* texts in the map's window: room numbers (and a secret door's S, not on the players' copy) */
		for (size_t k = 0, inside = 0; k < p->nitems; k++) {
			const struct scene_item *it = &p->items[k];
			inside = it->kind == SCENE_CLIP ? 1 : it->kind == SCENE_UNCLIP ? 0 : inside;
			numbers += inside && it->kind == SCENE_TEXT;
		}
		/* the numbers on the piece, where they stand on the canvas */
		skip_texts(skip, W, H, p, ox / PX - pl.win_x, oy / PX - pl.win_y, pl.win_x, pl.win_y,
			   pl.win_x + (pc->x1 - pc->x0) * pl.s, pl.win_y + (pc->y1 - pc->y0) * pl.s);
		cairo_surface_destroy(img);
	}
	cairo_surface_mark_dirty(canvas);
	ck_assert_int_eq(pieces, pl.nprinted);
	/* the players' copy has no room numbers */
	if (player)
		ck_assert_int_eq(numbers, 0);
	else
		ck_assert_int_gt(numbers, 0);
	/* the whole map on one sheet, moved so that its first square is at the origin */
	const struct map_frame *sf = &sheet.res.frame;
	ck_assert_double_eq_tol(sf->s, pl.s, 1e-9);
	struct scene one;
	scene_init(&one);
	struct scene_page *op = scene_add_page(&one, pl.vw * pl.s, pl.vh * pl.s, 1, PAGE_MAP);
	const struct scene_page *sp = &sheet.sc.pages[sheet.res.first_page];
	double dx = -(sf->ox + sf->vx * sf->s), dy = -(sf->oy + sf->vy * sf->s);
	for (size_t k = 0; k < sp->nitems; k++)
		ck_assert_int_ge(scene_copy_item(&one, op, sp, &sp->items[k], dx, dy, NULL), 0);
	skip_texts(skip, W, H, op, 0, 0, 0, 0, pl.vw * pl.s, pl.vh * pl.s);
	cairo_surface_t *ref = render_page(&one, 0);
	ck_assert_int_eq(cairo_image_surface_get_width(ref), W);
	long compared = 0, wrong = 0, texts = 0;
	int first_x = -1, first_y = -1;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			if (!covered[(size_t)y * W + x])
				continue;
			if (skip[(size_t)y * W + x]) {
				texts++;
				continue;
			}
			int near_seam = 0;
			for (int c = 1; c < pl.cols; c++)
				near_seam |= abs(x - (int)lround((c * pl.step_x - pl.off_x) * sq)) <= SEAM_PX;
			for (int r = 1; r < pl.rows; r++)
				near_seam |= abs(y - (int)lround((r * pl.step_y - pl.off_y) * sq)) <= SEAM_PX;
			if (near_seam)
				continue;
			compared++;
			if (differs(pixel(canvas, x, y), pixel(ref, x, y)) && wrong++ == 0) {
				first_x = x;
				first_y = y;
			}
		}
	ck_assert_msg(compared > (long)W * H / 3, "%s: only %ld pixels compared", meth, compared);
	ck_assert_msg(wrong == 0, "%s%s: %ld of %ld pixels differ from the whole sheet, the first at %d,%d", meth,
		      player ? " (players')" : "", wrong, compared, first_x, first_y);
	/* every floor square lies on a printed piece */
	for (int y = 0; y < lv.map.h; y++)
		for (int x = 0; x < lv.map.w; x++) {
			if (map_at(&lv.map, x, y) <= 0)
				continue;
			int on = 0;
			for (int i = 0; i < pl.rows * pl.cols && !on; i++) {
				const struct poster_piece *pc = &pl.pieces[i];
				on = !pc->empty && pc->x0 <= x && x + 1 <= pc->x1 + 1e-9 && pc->y0 <= y && y + 1 <= pc->y1 + 1e-9;
			}
			ck_assert_msg(on, "%s: square %d,%d is on no printed piece", meth, x, y);
		}
	scene_free(&one);
	cairo_surface_destroy(ref);
	cairo_surface_destroy(canvas);
	free(covered);
	free(skip);
	poster_plan_free(&pl);
	laid_free(&poster);
	laid_free(&sheet);
	levels_free(&lv, 1);
}

static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };

START_TEST(test_reassemble)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	reassemble(methods[_i], "poster", 0, "letter", NULL);
}
END_TEST

START_TEST(test_reassemble_player)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	reassemble("dice", "players", 1, "letter", NULL);
}
END_TEST

/* A4 with a half-inch overlap. */
START_TEST(test_reassemble_a4)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	reassemble("mansion", "a4", 0, "a4", "0.5in");
}
END_TEST

/* Room numbers on the pieces: none crosses a cut between pieces (each
 * lies whole on one piece), and at one inch a square the largest are set
 * for the table, 18 pt or more. */
START_TEST(test_numbers_whole)
{
	struct level lv;
	struct doc d;
	make_doc(&lv, &d, methods[_i], "numbers", 0);
	struct laid poster;
	lay(&d, 1, "letter", &poster);
	const struct map_frame *f = &poster.res.frame;
	struct poster_plan pl;
	struct err e;
	ck_assert_int_eq(poster_plan_make(&pl, &lv.map, f->vx, f->vy, f->vw, f->vh, 1, &poster.paper, ORIENT_AUTO,
					  NULL, NULL, &e), 0);
	double largest = 0;
	int numbers = 0;
	for (int i = poster.res.first_page; i < poster.res.first_page + poster.res.npages; i++) {
		int row, col;
		const struct scene_page *p = &poster.sc.pages[i];
		if (!piece_place(p->label, &row, &col))
			continue;
		const struct poster_piece *pc = poster_piece_at(&pl, row, col);
		int inside = 0;
		for (size_t k = 0; k < p->nitems; k++) {
			const struct scene_item *it = &p->items[k];
			inside = it->kind == SCENE_CLIP ? 1 : it->kind == SCENE_UNCLIP ? 0 : inside;
			double x0, y0, x1, y1;
			if (!inside || it->kind != SCENE_TEXT || strcmp(it->family, poster.st.font_number) != 0 ||
			    !scene_item_bounds(p, it, &x0, &y0, &x1, &y1))
				continue;
			numbers++;
			largest = fmax(largest, it->size);
			/* on the grid; the box is the text's advance and its cap height */
			double gx0 = pc->x0 + (x0 - pl.win_x) / pl.s, gx1 = pc->x0 + (x1 - pl.win_x) / pl.s;
			double gy1 = pc->y0 + (it->y - pl.win_y) / pl.s, gy0 = gy1 - it->size * 0.72 / pl.s;
			for (int c = 1; c < pl.cols; c++) {
				double cut = pl.vx - pl.off_x + c * pl.step_x;
				ck_assert_msg(!(gx0 < cut - 1e-6 && gx1 > cut + 1e-6), "%s: number %s across the cut at column %g",
					      methods[_i], it->text, cut);
			}
			for (int r = 1; r < pl.rows; r++) {
				double cut = pl.vy - pl.off_y + r * pl.step_y;
				ck_assert_msg(!(gy0 < cut - 1e-6 && gy1 > cut + 1e-6), "%s: number %s across the cut at row %g",
					      methods[_i], it->text, cut);
			}
		}
	}
	ck_assert_int_gt(numbers, 0);
	ck_assert_msg(largest >= 18, "%s: the largest room number is %g pt", methods[_i], largest);
	poster_plan_free(&pl);
	laid_free(&poster);
	levels_free(&lv, 1);
}
END_TEST

/* A long thin map: an L of corridor along the top and down the right of a
 * 60 x 40 grid. The pieces it does not touch are not printed, and the
 * assembly page names them empty; the orientation chosen needs the fewest
 * pieces. */
START_TEST(test_empty_pieces)
{
	struct level lv;
	memset(&lv, 0, sizeof lv);
	struct err e;
	ck_assert_int_eq(map_init(&lv.map, 60, 40, &e), 0);
	lv.map.method = "dice";
	int id = map_add_region(&lv.map, REGION_CORRIDOR, &e);
	ck_assert_int_gt(id, 0);
	map_fill_rect(&lv.map, id, (struct rect){ 1, 1, 58, 1 });
	map_fill_rect(&lv.map, id, (struct rect){ 57, 1, 2, 38 });
	map_recount(&lv.map);
	struct doc d;
	memset(&d, 0, sizeof d);
	d.seed = "thin";
	d.levels = &lv;
	d.nlevels = 1;
	d.template_dirs = test_template_dirs();
	d.sheet.scale = 1;
	d.sheet.no_key = 1;
	struct laid poster;
	lay(&d, 1, "letter", &poster);
	int rows = poster.res.piece_rows, cols = poster.res.piece_cols;
	ck_assert_int_lt(poster.res.pieces, rows * cols / 2);
	/* the assembly page and the pieces printed, nothing else */
	ck_assert_int_eq(poster.res.npages, 1 + poster.res.pieces);
	int empty = 0;
	const struct scene_page *a = &poster.sc.pages[poster.res.first_page];
	for (size_t k = 0; k < a->nitems; k++)
		empty += a->items[k].kind == SCENE_TEXT && strstr(a->items[k].text, " empty") != NULL;
	ck_assert_int_eq(empty, rows * cols - poster.res.pieces);
	/* the fewer pieces of the two orientations */
	const struct map_frame *f = &poster.res.frame;
	for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
		struct poster_plan pl;
		ck_assert_int_eq(poster_plan_make(&pl, &lv.map, f->vx, f->vy, f->vw, f->vh, 1, &poster.paper,
						  (enum orientation)o, NULL, NULL, &e), 0);
		ck_assert_int_ge(pl.nprinted, poster.res.pieces);
		poster_plan_free(&pl);
	}
	laid_free(&poster);
	map_free(&lv.map);
}
END_TEST

/* The exit status of a shell command. */
static int shell(const char *cmd)
{
	int rc = system(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* The centres of the squares' numbers along the top of page `page` of
 * pdf, as pdftotext measures them in the PDF: consecutive numbers must be
 * exactly one square (72 / scale points) apart. Returns the pairs seen. */
static int measure_squares(const char *pdf, int page, double scale)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdftotext -bbox -f %d -l %d %s " DIR "/bbox.html", page, page, pdf);
	ck_assert_int_eq(shell(cmd), 0);
	char *html = test_slurp(DIR "/bbox.html", NULL);
	ck_assert_ptr_nonnull(html);
	int pairs = 0, last = -100;
	double last_x = 0;
	for (char *w = strstr(html, "<word "); w; w = strstr(w + 1, "<word ")) {
		double x0, y0, x1, y1;
		int n, used = 0;
		if (sscanf(w, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%d</word>%n", &x0, &y0, &x1, &y1,
			   &n, &used) < 5 || used == 0 || y1 > POSTER_MARGIN_DEFAULT + POSTER_BAND)
			continue;
		double cx = (x0 + x1) / 2;
		if (n == last + 1 && (int)log10(n) == (int)log10(last > 0 ? last : 1)) {
			ck_assert_msg(fabs(cx - last_x - 72 / scale) < 0.05, "squares %d and %d are %.3f pt apart, not %.3f",
				      last, n, cx - last_x, 72 / scale);
			pairs++;
		}
		last = n;
		last_x = cx;
	}
	free(html);
	return pairs;
}

START_TEST(test_pdf_square)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	ck_assert_int_eq(test_run("-q --seed 7 --size 60x40 --scale 1 -o " DIR "/s1.pdf", NULL, NULL), 0);
	ck_assert_int_ge(measure_squares(DIR "/s1.pdf", 2, 1), 3);
	ck_assert_int_ge(measure_squares(DIR "/s1.pdf", 5, 1), 3);
	ck_assert_int_eq(test_run("-q --seed 7 --method mansion --scale 2 --paper a4 -o " DIR "/s2.pdf", NULL, NULL),
			 0);
	ck_assert_int_ge(measure_squares(DIR "/s2.pdf", 2, 2), 3);
	/* the pieces share their fonts: each embedded once, however many pages */
	ck_assert_int_eq(shell("test $(pdfinfo " DIR "/s1.pdf | sed -n 's/^Pages: *//p') -ge 10 && "
			       "test $(pdffonts " DIR "/s1.pdf | tail -n +3 | wc -l) -le 6"), 0);
	/* the assembly page says how to print it */
	ck_assert_int_eq(shell("pdftotext -f 1 -l 1 " DIR "/s1.pdf - | tr '\\n' ' ' | grep -q 'Print at 100%'"), 0);
}
END_TEST

/* SVG writes the same pages as the PDF, one file each; the booklet of
 * several levels prints each level as a poster after its cover. */
START_TEST(test_other_outputs)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	ck_assert_int_eq(shell("rm -f " DIR "/svg*.svg"), 0);
	ck_assert_int_eq(test_run("-q --seed 7 --scale 1 --no-key -o " DIR "/svg.pdf", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q --seed 7 --scale 1 --no-key -o " DIR "/svg.svg", NULL, NULL), 0);
	ck_assert_int_eq(shell("test $(ls " DIR "/svg*.svg | wc -l) -eq "
			       "$(pdfinfo " DIR "/svg.pdf | sed -n 's/^Pages: *//p')"), 0);
	/* a piece is a page of the paper, at its size */
	ck_assert_int_eq(shell("grep -Eq 'width=\"(612|792)pt\" height=\"(792|612)pt\"' " DIR "/svg-2.svg"), 0);
	ck_assert_int_eq(test_run("-q --seed 7 --levels 2 --scale 1 -o " DIR "/booklet.pdf", NULL, NULL), 0);
	ck_assert_int_eq(shell("pdftotext " DIR "/booklet.pdf - | grep -q 'piece A1'"), 0);
	ck_assert_int_eq(shell("pdftotext " DIR "/booklet.pdf - | grep -q 'level 2'"), 0);
	ck_assert_int_eq(shell("pdftotext " DIR "/booklet.pdf - | grep -q 'Print at 100%'"), 0);
}
END_TEST

/* Refused with one line naming the option, exit 2, nothing written. */
static void refused(const char *args, const char *says)
{
	char cmd[512];
	remove(DIR "/bad.pdf");
	snprintf(cmd, sizeof cmd, "-q %s -o " DIR "/bad.pdf", args);
	ck_assert_int_eq(test_run(cmd, NULL, DIR "/err.txt"), 2);
	char *err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strstr(err, says) != NULL, "%s: %s", args, err);
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0 && strchr(err, '\n') == err + strlen(err) - 1,
		      "%s: not one line: %s", args, err);
	free(err);
	struct stat sb;
	ck_assert_int_ne(stat(DIR "/bad.pdf", &sb), 0);
}

START_TEST(test_refusals)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	refused("--seed 5 --rooms 1000 --scale 1", "more than 400");
	refused("--seed 5 --scale 1 --overlap 8in", "--overlap");
	refused("--seed 5 --scale 1 --overlap 3furlongs", "--overlap: '3furlongs' is not a length");
	refused("--seed 5 --scale 1 --margin 4in", "--margin");
	refused("--seed 5 --poster", "--poster: needs a scale");
}
END_TEST

/* A map that fits one piece at the scale asked is printed on that page
 * alone: no assembly page, no piece label or trim marks, its key after
 * (a default cards map at 4 squares to the inch once came as a poster of
 * one piece after an assembly page); --poster still asks for pieces. */
START_TEST(test_one_piece_alone)
{
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	ck_assert_int_eq(test_run("-q --method cards --seed 1 --scale 4 -o " DIR "/alone.pdf", NULL, NULL), 0);
	/* the map's page, then the key's (two with the rosters and alarms) */
	ck_assert_int_eq(shell("test $(pdfinfo " DIR "/alone.pdf | sed -n 's/^Pages: *//p') -le 3"), 0);
	ck_assert_int_ne(shell("pdftotext " DIR "/alone.pdf - | grep -q 'Poster in\\|piece A1\\|trim marks'"), 0);
	ck_assert_int_eq(shell("pdftotext -f 1 -l 1 " DIR "/alone.pdf - | grep -q '1 square = 0.25 in, 10 ft'"), 0);
	ck_assert_int_eq(shell("pdftotext -f 2 -l 2 " DIR "/alone.pdf - | grep -q '^Key'"), 0);
	ck_assert_int_eq(test_run("-q --method cards --seed 1 --scale 4 --poster -o " DIR "/pieces.pdf", NULL, NULL), 0);
	ck_assert_int_eq(shell("pdftotext -f 1 -l 1 " DIR "/pieces.pdf - | grep -q 'Poster in'"), 0);
}
END_TEST

static Suite *poster_suite(void)
{
	Suite *s = suite_create("render_poster");
	TCase *tc = tcase_create("poster");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_reassemble, 0, (int)(sizeof methods / sizeof methods[0]));
	tcase_add_test(tc, test_reassemble_player);
	tcase_add_test(tc, test_reassemble_a4);
	tcase_add_loop_test(tc, test_numbers_whole, 0, (int)(sizeof methods / sizeof methods[0]));
	tcase_add_test(tc, test_empty_pieces);
	tcase_add_test(tc, test_pdf_square);
	tcase_add_test(tc, test_one_piece_alone);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_other_outputs);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(poster_suite)
