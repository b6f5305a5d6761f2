/* check_render_booklevels.c: each level of a booklet drawn at its own
 * scale: in 3-level booklets of mixed methods every level's map is cropped
 * to its own rooms, drawn at the largest standard scale that fits them and
 * fills at least half of its page's map area (of what a map of its shape
 * can fill of it), or finer only where that saves a page; the squares' numbers along
 * the map's edges, read back from the page, put the stairs down of one
 * level and the stairs up of the next on the same square, the one their key
 * lines name; the numbers touch no other text; a one-level sheet has none. */
#include "testutil.h"

#include "layout/layout.h"
#include "layout/sheet_plan.h"
#include "methods/levels.h"
#include "render.h"
#include "render_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const seeds[] = { "crypt", "1", "2", "warren" };
#define NSEEDS (int)(sizeof seeds / sizeof seeds[0])

/* Lays out level k of d alone into sc, as the booklet does. Returns
 * layout_level's status. */
static int lay_level(const struct doc *d, int k, struct scene *sc, struct layout_result *res, struct err *e)
{
	struct measure ms;
	struct style st;
	struct paper paper;
	ck_assert_int_eq(measure_init(&ms, e), 0);
	ck_assert_msg(render_load_style(&st, d->sheet.style, d->template_dirs, &ms, e) == 0, "%s", e->msg);
	ck_assert_int_eq(paper_parse(d->sheet.paper, &paper, e), 0);
	struct layout_ctx c;
	scene_init(sc);
	ck_assert_int_eq(layout_ctx_init(&c, d, &d->levels[k], &st, &ms, sc, e), 0);
	int rc = layout_level(&c, &paper, res, e);
	layout_ctx_free(&c);
	measure_free(&ms);
	return rc;
}

static const double standard_scales[] = { 4, 5, 6, 8, 10, 12, 16 };

/* Each level cropped to its rooms, at the largest standard scale that
 * fits them (the next larger one does not fit the paper), filling at least
 * half of the page's map area, or a step or two finer where that prints
 * the level on fewer pages. */
START_TEST(test_each_level_its_own_scale)
{
	double least_fill = 1, least_box = 1;
	for (int si = 0; si < NSEEDS; si++) {
		struct level lv[3];
		struct doc d;
		test_levels_doc(lv, 3, "dice,mansion,cards", seeds[si], NULL, &d);
		for (int k = 0; k < 3; k++) {
			const struct map *m = &lv[k].map;
			struct scene sc;
			struct layout_result res;
			struct err e;
			ck_assert_msg(lay_level(&d, k, &sc, &res, &e) == 0, "%s", e.msg);
			scene_free(&sc);
			/* cropped: the squares shown are the floor's box and one more */
			int x0 = m->w, y0 = m->h, x1 = -1, y1 = -1;
			for (int y = 0; y < m->h; y++)
				for (int x = 0; x < m->w; x++)
					if (map_at(m, x, y) > 0) {
						x0 = x < x0 ? x : x0;
						y0 = y < y0 ? y : y0;
						x1 = x > x1 ? x : x1;
						y1 = y > y1 ? y : y1;
					}
			const struct map_frame *f = &res.frame;
			ck_assert_int_eq(f->vx, x0 - 1);
			ck_assert_int_eq(f->vy, y0 - 1);
			ck_assert_int_eq(f->vw, x1 - x0 + 3);
			ck_assert_int_eq(f->vh, y1 - y0 + 3);
			/* a standard scale: the largest that fits, or a finer one
			 * (squares at least SHEET_SHRINK_MIN as large) that prints the
			 * level on fewer pages */
			ck_assert_int_eq(f->standard, 1);
			int i = 0;
			while (i < 7 && fabs(standard_scales[i] - f->scale) > 1e-9)
				i++;
			ck_assert_int_lt(i, 7);
			int largest = i;        /* the largest squares that fit */
			struct layout_result at_largest = res;
			while (largest > 0) {
				struct doc coarser = d;
				coarser.sheet.scale = standard_scales[largest - 1];
				struct layout_result r2;
				int rc = lay_level(&coarser, k, &sc, &r2, &e);
				scene_free(&sc);
				if (rc < 0)
					break;
				largest--;
				at_largest = r2;
			}
			if (largest < i) {
				ck_assert_msg(at_largest.npages > res.npages, "seed %s level %d: drawn at %g to the inch on %d "
					      "pages, but %g fits on %d", seeds[si], k + 1, f->scale, res.npages,
					      standard_scales[largest], at_largest.npages);
				ck_assert_msg(f->s >= SHEET_SHRINK_MIN * at_largest.frame.s - 1e-9, "seed %s level %d: drawn "
					      "at %g to the inch, %g fits", seeds[si], k + 1, f->scale, standard_scales[largest]);
			}
			/* the largest squares fill at least half of what a map of its
			 * shape can fill of the box it was fitted into (a tall, narrow
			 * level cannot fill a wide box): at least 0.71 of the size that
			 * fits exactly */
			const struct map_frame *fl = &at_largest.frame;
			double fit_s = fmin(at_largest.map_area.w / fl->vw, at_largest.map_area.h / fl->vh);
			double fill = (fl->s / fit_s) * (fl->s / fit_s);
			ck_assert_msg(fill >= 0.5, "seed %s level %d (%s): the map fills %.0f%% of its area (%d x %d at %g, "
				      "area %.1f x %.1f)", seeds[si], k + 1, m->method, fill * 100, fl->vw, fl->vh, fl->scale,
				      at_largest.map_area.w, at_largest.map_area.h);
			least_box = fmin(least_box, f->vw * f->s * f->vh * f->s / (res.map_area.w * res.map_area.h));
			least_fill = fmin(least_fill, fill);
		}
		levels_free(lv, 3);
	}
	printf("check_render_booklevels: %d booklets of dice, mansion, cards: each level at its own "
	       "standard scale; least fill %.0f%% of what its shape can fill, %.0f%% of the map area\n", NSEEDS,
	       least_fill * 100, least_box * 100);
}
END_TEST

/* A number printed on page p in the accent colour outside the map's box:
 * the squares' numbers above (columns) and left of (rows) the map. */
struct edge_numbers {
	int n;
	double at[64];          /* the middle of each number along its edge */
	int value[64];
};

static void read_edges(const struct scene_page *p, const struct map_frame *f, struct edge_numbers *cols,
		       struct edge_numbers *rows)
{
	double left = f->ox + f->vx * f->s, top = f->oy + f->vy * f->s;
	double right = left + f->vw * f->s, bottom = top + f->vh * f->s;
	cols->n = rows->n = 0;
	for (size_t i = 0; i < p->nitems; i++) {
		const struct scene_item *it = &p->items[i];
		if (it->kind != SCENE_TEXT || !it->text[0] || strspn(it->text, "0123456789") != strlen(it->text))
			continue;
		double cx = it->x + it->w / 2, cy = it->y - (it->ascent - it->descent) / 2;
		if (cy < top && cy > top - 20 && cx > left && cx < right && cols->n < 64) {
			cols->at[cols->n] = cx;
			cols->value[cols->n++] = atoi(it->text);
		} else if (it->x + it->w < left && it->x + it->w > left - 30 && cy > top && cy < bottom && rows->n < 64) {
			rows->at[rows->n] = cy;
			rows->value[rows->n++] = atoi(it->text);
		}
	}
}

/* The number of the square whose middle is at `pos` along an edge, read
 * from the numbers printed there (every fifth, one square apart). */
static int number_at(const struct edge_numbers *en, double pos, double s)
{
	ck_assert_int_ge(en->n, 2);
	double pitch = (en->at[1] - en->at[0]) / (en->value[1] - en->value[0]);
	ck_assert_double_eq_tol(pitch, s, 0.01);
	for (int i = 1; i < en->n; i++)
		ck_assert_int_eq(en->value[i] - en->value[i - 1], 5);
	return (int)lround(en->value[0] + (pos - en->at[0]) / pitch);
}

/* The square a stairs key line names: "..., at column C, row R." */
static void named_square(const struct key *k, const char *prefix, int *col, int *row)
{
	for (int i = 0; i < k->n; i++)
		for (int j = 0; j < k->entries[i].nlines; j++) {
			const char *line = k->entries[i].lines[j];
			if (strncmp(line, prefix, strlen(prefix)) != 0)
				continue;
			const char *at = strstr(line, ", at column ");
			ck_assert_msg(at, "the stairs line names no square: %s", line);
			ck_assert_int_eq(sscanf(at, ", at column %d, row %d.", col, row), 2);
			return;
		}
	ck_abort_msg("no key line starts \"%s\"", prefix);
}

/* The square under the stairs of direction dir, read from the numbers on
 * the map's edges of level k, and the page's numbers clear of other text
 * and inside the map's area. */
static void stairs_square(const struct doc *d, int k, enum stair_dir dir, int *col, int *row)
{
	const struct map *m = &d->levels[k].map;
	struct scene sc;
	struct layout_result res;
	struct err e;
	ck_assert_msg(lay_level(d, k, &sc, &res, &e) == 0, "%s", e.msg);
	const struct scene_page *p = &sc.pages[res.first_page];
	const struct map_frame *f = &res.frame;
	struct edge_numbers cols, rows;
	read_edges(p, f, &cols, &rows);
	const struct stair *st = NULL;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == dir)
			st = &m->stairs[i];
	ck_assert_ptr_nonnull(st);
	/* where the stairs are drawn on the page */
	*col = number_at(&cols, f->ox + (st->x + 0.5) * f->s, f->s);
	*row = number_at(&rows, f->oy + (st->y + 0.5) * f->s, f->s);
	/* the edge numbers: inside the map's area, touching no other text */
	double left = f->ox + f->vx * f->s, top = f->oy + f->vy * f->s;
	for (size_t i = 0; i < p->nitems; i++) {
		const struct scene_item *a = &p->items[i];
		double ax0, ay0, ax1, ay1;
		if (a->kind != SCENE_TEXT || !scene_item_bounds(p, a, &ax0, &ay0, &ax1, &ay1))
			continue;
		int edge = (ay1 <= top + 0.01 && ay0 >= res.map_area.y - 20) || (ax1 <= left + 0.01 && ax0 >= res.map_area.x - 30);
		if (!edge || strspn(a->text, "0123456789") != strlen(a->text))
			continue;
		/* inside the map's area (the column numbers may rise into the
		 * space under the header, clear of its text as checked below) */
		ck_assert_msg(ax0 >= res.map_area.x - 0.01 && ay0 >= res.map_area.y - 6,
			      "number %s at %.1f,%.1f outside the map area", a->text, ax0, ay0);
		for (size_t j = 0; j < p->nitems; j++) {
			const struct scene_item *b = &p->items[j];
			double bx0, by0, bx1, by1;
			if (j == i || b->kind != SCENE_TEXT || !scene_item_bounds(p, b, &bx0, &by0, &bx1, &by1))
				continue;
			ck_assert_msg(ax1 <= bx0 || bx1 <= ax0 || ay1 <= by0 || by1 <= ay0,
				      "edge number %s meets the text \"%s\"", a->text, b->text);
		}
	}
	scene_free(&sc);
}

START_TEST(test_stairs_squares_agree)
{
	for (int si = 0; si < NSEEDS; si++) {
		struct level lv[3];
		struct doc d;
		test_levels_doc(lv, 3, "dice,mansion,cards", seeds[si], NULL, &d);
		for (int k = 0; k + 1 < 3; k++) {
			int dc, dr, uc, ur, kc, kr;
			stairs_square(&d, k, STAIR_DOWN, &dc, &dr);
			stairs_square(&d, k + 1, STAIR_UP, &uc, &ur);
			ck_assert_msg(dc == uc && dr == ur, "seed %s: stairs down on level %d at %d,%d, up on level %d at %d,%d",
				      seeds[si], k + 1, dc, dr, k + 2, uc, ur);
			named_square(&lv[k].key, "Stairs down to level", &kc, &kr);
			ck_assert_int_eq(kc, dc);
			ck_assert_int_eq(kr, dr);
			named_square(&lv[k + 1].key, "Stairs up to level", &kc, &kr);
			ck_assert_int_eq(kc, uc);
			ck_assert_int_eq(kr, ur);
		}
		levels_free(lv, 3);
	}
}
END_TEST

/* A sheet of one level has no stairs to line up: no numbers on its edges. */
START_TEST(test_single_sheet_plain)
{
	struct level lv[1];
	struct doc d;
	test_levels_doc(lv, 1, "dice", "crypt", NULL, &d);
	struct scene sc;
	struct layout_result res;
	struct err e;
	ck_assert_msg(lay_level(&d, 0, &sc, &res, &e) == 0, "%s", e.msg);
	struct edge_numbers cols, rows;
	read_edges(&sc.pages[res.first_page], &res.frame, &cols, &rows);
	ck_assert_int_eq(cols.n, 0);
	ck_assert_int_eq(rows.n, 0);
	scene_free(&sc);
	levels_free(lv, 1);
}
END_TEST

static Suite *booklevels_suite(void)
{
	Suite *s = suite_create("booklevels");
	TCase *tc = tcase_create("booklevels");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_each_level_its_own_scale);
	tcase_add_test(tc, test_stairs_squares_agree);
	tcase_add_test(tc, test_single_sheet_plain);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return test_run_suite(booklevels_suite());
}
