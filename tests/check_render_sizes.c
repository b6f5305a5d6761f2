/* check_render_sizes.c: sizes the program chooses itself. Every method's
 * default map prints at graph paper's 4 and 5 squares to the inch on letter
 * and A4, and without --scale at 4 (at 5 only where that saves a page);
 * without --size the grid holds the rooms asked for, or the count
 * is refused up front; a fitted map finer than 16 squares to the inch and
 * paper too small for the sheet's furniture are refused with one line that
 * names the smallest standard paper that works and the exact size (and
 * both do work); the
 * subtitle, wrapped on narrow paper, stays clear of the map. */
#include "testutil.h"

#include "bench_cases.h"
#include "layout/layout.h"
#include "render.h"
#include "render_fixture.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/sizes"
#define OUT DIR "/out.txt"
#define ERR DIR "/err.txt"

/* Lays out d's first level on d->sheet.paper into sc. */
static int lay(struct doc *d, struct scene *sc, struct layout_result *res, struct err *e)
{
	struct measure ms;
	struct style st;
	struct paper paper;
	ck_assert_int_eq(measure_init(&ms, e), 0);
	ck_assert_msg(style_load(&st, d->sheet.style, d->template_dirs, e) == 0, "%s", e->msg);
	ck_assert_msg(paper_parse(d->sheet.paper, &paper, e) == 0, "%s", e->msg);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, d, &d->levels[0], &st, &ms, sc, e), 0);
	int rc = layout_level(&c, &paper, res, e);
	layout_ctx_free(&c);
	measure_free(&ms);
	return rc;
}

/* The last paper a refusal names ("... 3.0x5.4in ..."), into buf. */
static void named_paper(const char *msg, char *buf, size_t size)
{
	buf[0] = '\0';
	for (const char *p = strstr(msg, "in"); p; p = strstr(p + 2, "in")) {
		const char *start = p;
		while (start > msg && strchr("0123456789.x", start[-1]) != NULL)
			start--;
		const char *x = memchr(start, 'x', (size_t)(p - start));
		if (x && x > start && x + 1 < p)
			snprintf(buf, size, "%.*s", (int)(p - start + 2), start);
	}
}

/* No negative size and no scale the user never gave. */
static void assert_sane(const char *msg)
{
	for (const char *p = strchr(msg, '-'); p; p = strchr(p + 1, '-'))
		ck_assert_msg(p[1] < '0' || p[1] > '9', "a negative size: %s", msg);
	ck_assert_msg(strstr(msg, "--scale 0") == NULL, "a scale nobody gave: %s", msg);
	ck_assert_msg(strchr(msg, '\n') == NULL, "more than one line: %s", msg);
}

START_TEST(test_defaults_print_on_graph_paper)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	const char *methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	const char *papers[] = { "letter", "a4" };
	char args[256];
	for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++)
		for (int p = 0; p < 2; p++)
			for (int scale = 4; scale <= 5; scale++) {
				snprintf(args, sizeof args, "--method %s --seed demo --paper %s --scale %d --verbose -o " DIR
					 "/sheet.svg", methods[m], papers[p], scale);
				int rc = test_run(args, OUT, ERR);
				char *err = test_slurp(ERR, NULL);
				ck_assert_ptr_nonnull(err);
				ck_assert_msg(rc == 0, "%s: exit %d: %s", args, rc, err);
				char want[64];
				snprintf(want, sizeof want, "%d squares to the inch", scale);
				ck_assert_msg(strstr(err, want) != NULL, "%s: %s", args, err);
				ck_assert_msg(strstr(err, "warning") == NULL, "%s: %s", args, err);
				free(err);
			}
	/* without --scale the default map takes graph paper's 4 to the inch,
	 * or a finer scale only where that prints the sheet on fewer pages
	 * (the house's long key, its entries kept whole, takes 6 for 2) */
	for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++) {
		int pages[2], scale = 0;
		for (int k = 0; k < 2; k++) {
			snprintf(args, sizeof args, "--method %s --seed demo %s--verbose -o " DIR "/sheet.pdf", methods[m],
				 k == 0 ? "" : "--scale 4 ");
			ck_assert_int_eq(test_run(args, OUT, ERR), 0);
			char *err = test_slurp(ERR, NULL);
			const char *at = strstr(err, "letter portrait, ");
			ck_assert_msg(at != NULL, "%s: %s", args, err);
			int sc = 0;
			ck_assert_msg(sscanf(at, "letter portrait, %d squares to the inch, map %*f x %*f in, %d page", &sc,
					     &pages[k]) == 2, "%s: %s", args, err);
			if (k == 0)
				scale = sc;
			free(err);
		}
		ck_assert_msg(scale == 4 || (scale > 4 && pages[0] < pages[1]),
			      "--method %s: fitted at %d to the inch on %d pages; at 4, %d pages", methods[m], scale,
			      pages[0], pages[1]);
	}
}
END_TEST

START_TEST(test_rooms_without_size)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	/* a count the chosen grid holds: every room laid, no warning */
	ck_assert_int_eq(test_run("--method cards --rooms 400 --seed big --verbose -o " DIR "/big.json", OUT, ERR), 0);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(strstr(err, "400 rooms and halls") != NULL && strstr(err, "warning") == NULL, "%s", err);
	free(err);
	/* a count no grid within the limits holds: refused at once */
	ck_assert_int_eq(test_run("--rooms 100000 --seed big -o " DIR "/big.json", OUT, ERR), 2);
	err = test_slurp(ERR, NULL);
	const char *want = "mapsheet: --rooms 100000: the dice method's grid for that many would pass the limits of "
			   "4000 squares a side and 4000000 in all; it holds at most ";
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
	ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "not one line: %s", err);
	ck_assert_int_gt(atoi(err + strlen(want)), 10000);
	free(err);
}
END_TEST

START_TEST(test_small_paper)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	d.sheet.paper = "3x3in";
	scene_init(&sc);
	ck_assert_int_eq(lay(&d, &sc, &r, &e), -1);
	scene_free(&sc);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	assert_sane(e.msg);
	ck_assert_msg(strstr(e.msg, "--paper 3x3in: the paper is too small for the sheet's margins, title") != NULL, "%s",
		      e.msg);
	char paper[64];
	named_paper(e.msg, paper, sizeof paper);
	ck_assert_msg(paper[0], "no paper named: %s", e.msg);
	/* the paper named works, and is the smallest: a tenth less high does not */
	d.sheet.paper = paper;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s: %s", paper, e.msg);
	scene_free(&sc);
	double w, h;
	ck_assert_int_eq(sscanf(paper, "%lfx%lfin", &w, &h), 2);
	char less[64];
	snprintf(less, sizeof less, "%.1fx%.1fin", w, h - 0.1);
	d.sheet.paper = less;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == -1, "%s works too", less);
	scene_free(&sc);
	/* a scale given outright: the message keeps it and names paper that holds it */
	d.sheet.paper = "3x3in";
	d.sheet.scale = 5;
	scene_init(&sc);
	ck_assert_int_eq(lay(&d, &sc, &r, &e), -1);
	scene_free(&sc);
	assert_sane(e.msg);
	named_paper(e.msg, paper, sizeof paper);
	d.sheet.paper = paper;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s at --scale 5: %s", paper, e.msg);
	ck_assert_double_eq(r.frame.scale, 5);
	scene_free(&sc);
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_subtitle_clear_of_map)
{
	const char *papers[] = { "4x7in", "3x8in", "letter" };
	for (int i = 0; i < 3; i++) {
		struct level lv;
		struct doc d;
		struct err e;
		struct scene sc;
		struct layout_result r;
		fx_dungeon(&lv.map);
		fx_doc(&d, &lv, "classic", 0);
		d.sheet.paper = papers[i];
		scene_init(&sc);
		ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s: %s", papers[i], e.msg);
		const struct scene_page *p = &sc.pages[r.first_page];
		double map_top = r.frame.oy + r.frame.vy * r.frame.s;
		int above = 0;
		for (size_t k = 0; k < p->nitems; k++) {
			const struct scene_item *it = &p->items[k];
			double x0, y0, x1, y1;
			if (it->kind != SCENE_TEXT || !scene_item_bounds(p, it, &x0, &y0, &x1, &y1))
				continue;
			if (y0 >= map_top)
				continue;
			above++;
			ck_assert_msg(y1 <= map_top + 0.5, "%s: text at y %.1f..%.1f runs into the map at %.1f", papers[i],
				      y0, y1, map_top);
		}
		ck_assert_int_ge(above, 2);   /* the title and at least one subtitle line */
		scene_free(&sc);
		fx_doc_free(&d);
	}
}
END_TEST

START_TEST(test_legible_limit)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	ck_assert_msg(test_generate(&lv.map, "dice", "huge", NULL, 1500, 0, 0, &e) == 0, "%s", e.msg);
	fx_doc(&d, &lv, "classic", 0);
	scene_init(&sc);
	ck_assert_int_eq(lay(&d, &sc, &r, &e), -1);
	scene_free(&sc);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	assert_sane(e.msg);
	ck_assert_msg(strstr(e.msg, "too small to read; 16 squares to the inch is the finest") != NULL, "%s", e.msg);
	ck_assert_msg(strstr(e.msg, "--paper ") && strstr(e.msg, "--scale 16 --poster"), "%s", e.msg);
	/* the paper it names holds the map at 16 to the inch */
	char paper[64];
	named_paper(e.msg, paper, sizeof paper);
	d.sheet.paper = paper;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s: %s", paper, e.msg);
	ck_assert_double_eq(r.frame.scale, 16);
	scene_free(&sc);
	/* a scale given outright is printed as asked */
	d.sheet.paper = NULL;
	d.sheet.scale = 16;
	scene_init(&sc);
	ck_assert_int_eq(lay(&d, &sc, &r, &e), -1);
	ck_assert_msg(strstr(e.msg, "--scale 16: the map (") != NULL, "%s", e.msg);
	scene_free(&sc);
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_huge_pdf_refused)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	remove(DIR "/huge.pdf");
	ck_assert_int_eq(test_run("--rooms 3000 --seed huge -o " DIR "/huge.pdf", OUT, ERR), 2);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(strncmp(err, "mapsheet: the map (", 19) == 0 && strstr(err, "16 squares to the inch is the finest"),
		      "%s", err);
	ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "not one line: %s", err);
	free(err);
	struct stat st;
	ck_assert_int_ne(stat(DIR "/huge.pdf", &st), 0);
}
END_TEST

/* A map too big for the paper is refused naming, first, the smallest
 * standard paper that holds it, in the asked paper's family (letter, legal,
 * tabloid, then a4 to a0; metric first after a4), then the exact size, then
 * the poster; and that paper does hold it. Before, the line named only
 * "--paper 9.3x12.6in or larger". */
static void names_paper(const char *args, const char *want)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "%s -o " DIR "/big.pdf", args);
	remove(DIR "/big.pdf");
	ck_assert_int_eq(test_run(cmd, OUT, ERR), 2);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "not one line: %s", err);
	ck_assert_msg(strstr(err, want) != NULL, "%s: wanted '%s': %s", args, want, err);
	free(err);
	/* the paper named holds it, fitted */
	const char *named = strstr(want, "--paper ") + 8;
	char paper[32];
	snprintf(paper, sizeof paper, "%.*s", (int)strcspn(named, " "), named);
	snprintf(cmd, sizeof cmd, "%s --paper %s -o " DIR "/big.pdf", args, paper);
	ck_assert_msg(test_run(cmd, OUT, ERR) == 0, "%s --paper %s is refused", args, paper);
}

START_TEST(test_names_standard_paper)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	names_paper("--seed 7 --rooms 300", "mapsheet: the map (136 x 160 squares) fits letter paper only at 20 "
		    "squares to the inch, squares of 0.05in, too small to read; 16 squares to the inch is the finest: "
		    "use --paper tabloid (or at least 9.3x12.7in), or --scale 16 --poster to print it in pieces\n");
	names_paper("--seed 7 --rooms 300 --paper a4", "use --paper a3 (or at least 9.3x12.7in)");
	names_paper("--seed 7 --rooms 300 --paper 210x297mm", "use --paper a3 (or at least 9.3x12.7in)");
	names_paper("--seed 7 --rooms 1000", "use --paper a1 (or at least 17.2x20.7in)");
	/* no standard paper holds it: the size alone */
	remove(DIR "/big.pdf");
	ck_assert_int_eq(test_run("--seed 7 --rooms 5000 -o " DIR "/big.pdf", OUT, ERR), 2);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(strstr(err, "in or larger, or --scale 16 --poster to print it in pieces") != NULL, "%s", err);
	free(err);
}
END_TEST

/* Numbers crowded at a scale given outright: the subtitle and a warning on
 * standard error say so, and advise a coarser scale (larger paper, the
 * advice for a fitted map, would change nothing). */
START_TEST(test_crowded_advice)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	ck_assert_int_eq(test_run("--method mansion --seed 7 --scale 16 -o " DIR "/crowded.pdf", OUT, ERR), 0);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(strcmp(err, "mapsheet: warning: level 1: 3 room numbers are too large for their rooms at 16 squares "
			      "to the inch; use a coarser --scale\n") == 0, "%s", err);
	free(err);
}
END_TEST

/* Every map `make bench` times in its rendering table prints on the paper
 * it is timed on: a row must measure what it names. Before, the 1,000-room
 * map was timed on letter, which refuses it (finer than 16 squares to the
 * inch), and the row printed "failed to lay out". */
START_TEST(test_bench_maps_print)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	for (int k = 0; k < BENCH_RENDER_CASES; k++) {
		const struct bench_render_case *bc = &bench_render_cases[k];
		char args[256];
		snprintf(args, sizeof args, "-q -s " BENCH_SEED " -n %d --levels %d --paper %s -o " DIR "/bench.pdf",
			 bc->rooms, bc->levels, bc->paper ? bc->paper : "letter");
		int rc = test_run(args, OUT, ERR);
		char *err = test_slurp(ERR, NULL);
		ck_assert_msg(rc == 0, "%s: exit %d: %s", args, rc, err ? err : "");
		free(err);
	}
}
END_TEST

static Suite *render_sizes_suite(void)
{
	Suite *s = suite_create("render_sizes");
	TCase *tc = tcase_create("sizes");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_defaults_print_on_graph_paper);
	tcase_add_test(tc, test_rooms_without_size);
	tcase_add_test(tc, test_small_paper);
	tcase_add_test(tc, test_names_standard_paper);
	tcase_add_test(tc, test_crowded_advice);
	tcase_add_test(tc, test_bench_maps_print);
	tcase_add_test(tc, test_subtitle_clear_of_map);
	tcase_add_test(tc, test_legible_limit);
	tcase_add_test(tc, test_huge_pdf_refused);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(render_sizes_suite)
