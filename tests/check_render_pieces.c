/* check_render_pieces.c: a poster's pieces each hold a fair part of the
 * map. Over every method's map, the referee's and the players' copy, at
 * one and two squares an inch on letter, the grid of cuts is tried here
 * at every shift by whole squares in both orientations, counting floor
 * square by square: whenever some shift printing no more pieces than the
 * unshifted grids allows it, every piece printed holds floor over at least
 * a tenth of its window (POSTER_FLOOR_MIN); the pieces printed are never
 * more than the unshifted grid's; every floor square lies on a printed
 * piece's own squares; and the same map gives the same plan. */
#include "testutil.h"

#include "layout/layout.h"
#include "layout/poster_plan.h"
#include "methods/levels.h"
#include "model/handout.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The floor in the rectangle x0..x1, y0..y1 (grid units), a square partly
 * inside counting by its part. */
static double floor_in(const struct map *m, double x0, double y0, double x1, double y1)
{
	double a = 0;
	for (int y = (int)floor(y0); y < (int)ceil(y1); y++)
		for (int x = (int)floor(x0); x < (int)ceil(x1); x++) {
			if (x < 0 || y < 0 || x >= m->w || y >= m->h || map_at(m, x, y) <= 0)
				continue;
			double ox = fmin(x + 1, x1) - fmax(x, x0), oy = fmin(y + 1, y1) - fmax(y, y0);
			if (ox > 0 && oy > 0)
				a += ox * oy;
		}
	return a;
}

/* A grid of cuts: steps (squares), overlap (squares) and the viewport. */
struct cuts {
	int vx, vy, vw, vh, step_x, step_y;
	double ov;
};

/* What the grid shifted by ox, oy prints: its pieces holding floor (into
 * *printed) and the least share of such a piece's window in floor (1 when
 * none); its pieces in all into *cells. */
static double shifted(const struct map *m, const struct cuts *g, int ox, int oy, int *printed, int *cells)
{
	int cols = (g->vw + ox + g->step_x - 1) / g->step_x, rows = (g->vh + oy + g->step_y - 1) / g->step_y;
	double window = (g->step_x + g->ov) * (g->step_y + g->ov), least = 1;
	*printed = 0;
	*cells = rows * cols;
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			double gx = g->vx - ox + c * g->step_x, gy = g->vy - oy + r * g->step_y;
			double a = floor_in(m, fmax(gx, g->vx), fmax(gy, g->vy), fmin(gx + g->step_x + g->ov, g->vx + g->vw),
					    fmin(gy + g->step_y + g->ov, g->vy + g->vh));
			if (a > 1e-9) {
				(*printed)++;
				least = fmin(least, a / window);
			}
		}
	return least;
}

struct tally {
	int maps, before_thin, after_thin, allowed_thin;
	double before_least, after_least;
};

/* One poster of map m at `scale`: the checks of the file's comment. */
static void check_poster(const struct map *m, double scale, const char *what, struct tally *t)
{
	struct paper paper;
	struct err e;
	ck_assert_int_eq(paper_parse("letter", &paper, &e), 0);
	int vx, vy, vw, vh;
	layout_viewport(m, &vx, &vy, &vw, &vh);
	/* each orientation's grid from the map's first square, as before any shift */
	struct cuts g[2];
	int ng = 0, most = -1, before_cells = 0;
	double before_least = 1;
	for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
		struct poster_plan pl;
		if (poster_plan_make(&pl, m, vx, vy, vw, vh, scale, &paper, (enum orientation)o, NULL, NULL, &e) < 0)
			continue;
		g[ng] = (struct cuts){ vx, vy, vw, vh, pl.step_x, pl.step_y, pl.overlap / pl.s };
		poster_plan_free(&pl);
		int printed, cells;
		double least = shifted(m, &g[ng], 0, 0, &printed, &cells);
		if (cells > POSTER_PIECES_MAX)
			continue;
		if (most < 0 || printed < most || (printed == most && cells < before_cells)) {
			most = printed;
			before_cells = cells;
			before_least = least;
		}
		ng++;
	}
	ck_assert_msg(ng > 0, "%s: no poster", what);
	/* whether a shift allows every printed piece its tenth */
	int allowed = 0;
	for (int i = 0; i < ng && !allowed; i++)
		for (int oy = 0; oy < g[i].step_y && !allowed; oy++)
			for (int ox = 0; ox < g[i].step_x && !allowed; ox++) {
				int printed, cells;
				double least = shifted(m, &g[i], ox, oy, &printed, &cells);
				allowed = cells <= POSTER_PIECES_MAX && printed <= most && least >= POSTER_FLOOR_MIN;
			}
	/* the plan made */
	struct poster_plan pl, again;
	ck_assert_msg(poster_plan_make(&pl, m, vx, vy, vw, vh, scale, &paper, ORIENT_AUTO, NULL, NULL, &e) == 0, "%s",
		      e.msg);
	ck_assert_int_le(pl.nprinted, most);
	double window = (pl.step_x + pl.overlap / pl.s) * (pl.step_y + pl.overlap / pl.s), least = 1;
	int printed = 0;
	for (int i = 0; i < pl.rows * pl.cols; i++) {
		const struct poster_piece *pc = &pl.pieces[i];
		double a = floor_in(m, pc->x0, pc->y0, pc->x1, pc->y1);
		ck_assert_msg(!pc->empty == (a > 1e-9), "%s: piece %s %s", what, pc->label,
			      pc->empty ? "holds floor, yet is left out" : "holds no floor, yet is printed");
		if (pc->empty)
			continue;
		printed++;
		least = fmin(least, a / window);
		ck_assert_msg(!allowed || a / window >= POSTER_FLOOR_MIN - 1e-9, "%s: piece %s holds %.1f%% floor, and a "
			      "shift gives every piece %.0f%%", what, pc->label, 100 * a / window, 100 * POSTER_FLOOR_MIN);
	}
	ck_assert_int_eq(printed, pl.nprinted);
	/* every floor square on a printed piece's own squares, from its cut to the next */
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			if (map_at(m, x, y) <= 0)
				continue;
			int on = 0;
			for (int i = 0; i < pl.rows * pl.cols && !on; i++) {
				const struct poster_piece *pc = &pl.pieces[i];
				on = !pc->empty && pc->x0 <= x && x + 1 <= pc->cut_x + 1e-9 && pc->y0 <= y &&
				     y + 1 <= pc->cut_y + 1e-9;
			}
			ck_assert_msg(on, "%s: square %d,%d is on no printed piece", what, x, y);
		}
	/* the same map, the same plan */
	ck_assert_int_eq(poster_plan_make(&again, m, vx, vy, vw, vh, scale, &paper, ORIENT_AUTO, NULL, NULL, &e), 0);
	ck_assert(again.o == pl.o && again.off_x == pl.off_x && again.off_y == pl.off_y && again.rows == pl.rows &&
		  again.cols == pl.cols);
	poster_plan_free(&again);
	poster_plan_free(&pl);
	t->maps++;
	t->before_least = fmin(t->before_least, before_least);
	t->after_least = fmin(t->after_least, least);
	t->before_thin += before_least < POSTER_FLOOR_MIN;
	t->after_thin += least < POSTER_FLOOR_MIN;
	t->allowed_thin += allowed && before_least < POSTER_FLOOR_MIN;
}

static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };

START_TEST(test_pieces_hold_floor)
{
	struct tally t = { 0, 0, 0, 0, 1, 1 };
	for (int mi = 0; mi < 5; mi++)
		for (int s = 1; s <= 8; s++)
			for (int player = 0; player < 2; player++) {
				char seed[16];
				snprintf(seed, sizeof seed, "%d", s);
				struct level lv[1];
				struct doc d;
				test_levels_doc(lv, 1, methods[mi], seed, NULL, &d);
				if (player) {
					struct err e;
					ck_assert_msg(handout_levels(lv, 1, 0, &e) == 1, "%s", e.msg);
				}
				for (int scale = 1; scale <= 2; scale++) {
					char what[96];
					snprintf(what, sizeof what, "%s, seed %s%s, %d squares an inch", methods[mi], seed,
						 player ? ", players' copy" : "", scale);
					check_poster(&lv[0].map, scale, what, &t);
				}
				levels_free(lv, 1);
			}
	printf("render_pieces: %d posters; the least floor on a printed piece %.1f%% of its window before the "
	       "shift, %.1f%% after; %d with a piece under %.0f%% before (%d of them mendable by a shift), %d after\n",
	       t.maps, 100 * t.before_least, 100 * t.after_least, t.before_thin, 100 * POSTER_FLOOR_MIN,
	       t.allowed_thin, t.after_thin);
}
END_TEST

static Suite *pieces_suite(void)
{
	Suite *s = suite_create("render_pieces");
	TCase *tc = tcase_create("pieces");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_pieces_hold_floor);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(pieces_suite)
