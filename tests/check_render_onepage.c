/* check_render_onepage.c: --one-page, measured on the scene. For every
 * method's default map (seeds demo, 1..10, stocked as mapsheet stocks
 * them), the sheet is one page holding the map and every room's key entry,
 * with no text below the stated minimum, no text over the map, no two
 * texts overlapping (room numbers included), every text inside the
 * page's margins, no warning that a number is too large. On letter the
 * dice and mansion maps always fit and the others fit or are refused with
 * a usage error; on tabloid all fit. The command line refuses a key too
 * large (exit 2, one line, nothing written) and writes one page for PDF,
 * SVG and PNG and a one-page-per-level booklet. */
#include "testutil.h"

#include "app/level_keys.h"
#include "layout/layout.h"
#include "methods/levels.h"
#include "render.h"
#include "model/key.h"
#include "site/site.h"

#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEEDS 10

struct box {
	double x0, y0, x1, y1;
};

/* What the sweep found: the first problem and how many. */
struct tally {
	int problems, sheets, refused, entries;
	int rosters;            /* sheets that hold the roster and the alarm */
	double smallest;
	char first[300];
};

#define PROBLEM(ok, ...) \
	do { \
		if (!(ok) && t->problems++ == 0) \
			snprintf(t->first, sizeof t->first, __VA_ARGS__); \
	} while (0)

static int has_anchor(const struct scene_page *p, const char *name)
{
	for (size_t k = 0; k < p->nitems; k++)
		if (p->items[k].kind == SCENE_ANCHOR && strcmp(p->items[k].text, name) == 0)
			return 1;
	return 0;
}

/* Whether the bold text at item k, with the bold texts after it when a
 * long heading wraps ("3 Guarded Span to the Clockwork" "Cellars"), reads
 * head. */
static int heading_at(const struct scene_page *p, size_t k, const char *head)
{
	size_t at = 0, len = strlen(head);
	for (; k < p->nitems && at < len; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_TEXT || !it->bold)
			return 0;
		size_t n = strlen(it->text);
		if (at > 0 && head[at++] != ' ')
			return 0;
		if (strncmp(head + at, it->text, n) != 0)
			return 0;
		at += n;
	}
	return at == len;
}

/* Every check on one laid-out one-page sheet of level lv. */
static void check_sheet(const struct level *lv, const struct scene *sc,
			const struct layout_result *r, const char *what, struct tally *t)
{
	t->sheets++;
	PROBLEM(sc->npages == 1 && r->npages == 1, "%s: %d pages", what, sc->npages);
	const struct scene_page *p = &sc->pages[0];
	/* the roster and the alarm, where the page holds them: its heading,
	 * and the line of each room it lists */
	for (size_t k = 0; k < p->nitems; k++)
		if (heading_at(p, k, KEY_ADVERSARIES_HEADING)) {
			t->rosters++;
			PROBLEM(lv->key.nadversaries > 0, "%s: a roster heading with no roster", what);
			break;
		}
	const struct map_frame *f = &r->frame;
	struct box map = { f->ox + f->vx * f->s, f->oy + f->vy * f->s, f->ox + (f->vx + f->vw) * f->s,
			   f->oy + (f->vy + f->vh) * f->s };
	/* every room's entry: its anchor, and its number and title in bold */
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		char name[32], head[96];
		snprintf(name, sizeof name, "key-%d-%d", lv->map.depth, en->number);
		snprintf(head, sizeof head, "%d %s", en->number, en->title);
		int found = 0;
		for (size_t k = 0; k < p->nitems && !found; k++)
			found = p->items[k].kind == SCENE_TEXT && p->items[k].bold && heading_at(p, k, head);
		PROBLEM(has_anchor(p, name) && found, "%s: no key entry for room %d", what, en->number);
		t->entries++;
	}
	/* the texts: size, place, overlap */
	struct box *tb = malloc((p->nitems + 1) * sizeof *tb);
	const char **texts = malloc((p->nitems + 1) * sizeof *texts);
	ck_assert(tb && texts);
	int n = 0;
	double margin = PAPER_MARGIN - 0.5;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		struct box b;
		if (it->kind != SCENE_TEXT || !scene_item_bounds(p, it, &b.x0, &b.y0, &b.x1, &b.y1))
			continue;
		if (it->size < t->smallest)
			t->smallest = it->size;
		PROBLEM(!strstr(it->text, "too large"), "%s: the sheet warns a number is too large", what);
		PROBLEM(it->size >= LAYOUT_ONEPAGE_MIN_PT - 1e-9, "%s: '%s' set at %.2f pt", what, it->text, it->size);
		PROBLEM(b.x0 >= margin && b.y0 >= margin && b.x1 <= p->w - margin && b.y1 <= p->h - margin,
			"%s: '%s' outside the margins", what, it->text);
		/* the map's own marks (room numbers, a secret door's S) lie wholly on it */
		int over_map = b.x1 > map.x0 && b.x0 < map.x1 && b.y1 > map.y0 && b.y0 < map.y1;
		int mark = strlen(it->text) <= 3 && b.x0 >= map.x0 && b.x1 <= map.x1 && b.y0 >= map.y0 && b.y1 <= map.y1;
		PROBLEM(mark || !over_map, "%s: '%.40s' lies over the map", what, it->text);
		texts[n] = it->text;
		tb[n++] = b;
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double ox = fmin(tb[i].x1, tb[j].x1) - fmax(tb[i].x0, tb[j].x0);
			double oy = fmin(tb[i].y1, tb[j].y1) - fmax(tb[i].y0, tb[j].y0);
			PROBLEM(ox <= 0.5 || oy <= 0.5, "%s: '%.30s' and '%.30s' overlap at %.1f,%.1f", what, texts[i],
				texts[j], tb[i].x0, tb[i].y0);
		}
	free(texts);
	free(tb);
}

/* Generates and stocks the default map of meth for seed. */
static void default_level(struct level *lv, const char *meth, const char *seed)
{
	struct err e;
	ck_assert_msg(test_generate(&lv->map, meth, seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	ck_assert_msg(level_keys_build(lv, 1, &ko, NULL, NULL, seed, NULL, &e) == 0, "%s", e.msg);
}

/* Lays the level out on paper with --one-page: 1 when it fits, 0 when
 * refused (a usage error naming --one-page and --paper). */
static int one_page(struct level *lv, const char *seed, const char *paper_name, const struct style *st,
		    struct measure *ms, struct scene *sc, struct layout_result *r)
{
	struct doc d;
	memset(&d, 0, sizeof d);
	d.seed = seed;
	d.command = "mapsheet --one-page -o sheet.pdf";
	d.levels = lv;
	d.nlevels = 1;
	d.sheet.paper = paper_name;
	d.sheet.one_page = 1;
	d.template_dirs = test_template_dirs();
	struct paper paper;
	struct err e;
	ck_assert_int_eq(paper_parse(paper_name, &paper, &e), 0);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, &d, lv, st, ms, sc, &e), 0);
	int rc = layout_one_page(&c, &paper, r, &e);
	layout_ctx_free(&c);
	if (rc == 0)
		return 1;
	ck_assert_msg(e.kind == ERR_USAGE && strstr(e.msg, "--one-page") && strstr(e.msg, "--paper"), "%s", e.msg);
	ck_assert_int_eq(sc->npages, 0);
	return 0;
}

START_TEST(test_every_method_on_one_page)
{
	const struct method *meth = method_table[_i];
	static const char *const papers[] = { "letter", "tabloid" };
	struct measure ms;
	struct style st;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(style_load(&st, NULL, test_template_dirs(), &e), 0);
	for (int pi = 0; pi < 2; pi++) {
		struct tally t = { 0, 0, 0, 0, 0, 99, "" };
		for (int k = 0; k <= SEEDS; k++) {
			char seed[32], what[128];
			snprintf(seed, sizeof seed, k == 0 ? "demo" : "%d", k);
			struct level lv;
			default_level(&lv, meth->name, seed);
			struct scene sc;
			struct layout_result r;
			scene_init(&sc);
			snprintf(what, sizeof what, "--method %s --seed %s --paper %s --one-page", meth->name, seed, papers[pi]);
			if (one_page(&lv, seed, papers[pi], &st, &ms, &sc, &r))
				check_sheet(&lv, &sc, &r, what, &t);
			else
				t.refused++;
			scene_free(&sc);
			key_free(&lv.key);
			map_free(&lv.map);
		}
		printf("%s on %s: %d one-page sheets, %d with the roster, %d key entries, smallest text %.2f pt, %d refused; "
		       "%d problems\n", meth->name, papers[pi], t.sheets, t.rosters, t.entries, t.sheets ? t.smallest : 0.0,
		       t.refused, t.problems);
		fflush(stdout);
		ck_assert_msg(t.problems == 0, "%s: %d problems; the first: %s", papers[pi], t.problems, t.first);
		/* tabloid holds every default map; letter every dice and mansion map */
		if (pi == 1 || strcmp(meth->name, "dice") == 0 || strcmp(meth->name, "mansion") == 0)
			ck_assert_msg(t.refused == 0, "%s on %s: %d of %d seeds refused", meth->name, papers[pi], t.refused,
				      SEEDS + 1);
	}
	measure_free(&ms);
}
END_TEST

/* A small map keyed with the site (its roster and alarm) on tabloid: the
 * page holds the roster under the key where the key's own arrangement has
 * room for it, and the sheet stays sound; the players' copy never holds
 * it. */
START_TEST(test_roster_on_one_page)
{
	struct measure ms;
	struct style st;
	struct site_tables tables;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(style_load(&st, NULL, test_template_dirs(), &e), 0);
	ck_assert_msg(site_tables_load(&tables, test_template_dirs(), &e) == 0, "%s", e.msg);
	struct tally t = { 0, 0, 0, 0, 0, 99, "" };
	int listed = 0;
	for (int k = 1; k <= SEEDS; k++) {
		char seed[32], what[128];
		snprintf(seed, sizeof seed, "roster-%d", k);
		struct level lv;
		memset(&lv, 0, sizeof lv);
		ck_assert_msg(test_generate(&lv.map, "dice", seed, NULL, 6, 0, 0, &e) == 0, "%s", e.msg);
		struct site_plan plan;
		struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
		ck_assert_msg(level_site_plan(&plan, &tables, &lv, 1, seed, NULL, &e) == 0, "%s", e.msg);
		ck_assert_msg(level_keys_build(&lv, 1, &ko, &plan, &tables, seed, NULL, &e) == 0, "%s", e.msg);
		listed += lv.key.nadversaries > 0;
		struct scene sc;
		struct layout_result r;
		scene_init(&sc);
		snprintf(what, sizeof what, "--method dice --rooms 6 --seed %s --paper tabloid --one-page", seed);
		ck_assert_msg(one_page(&lv, seed, "tabloid", &st, &ms, &sc, &r), "%s: refused", what);
		check_sheet(&lv, &sc, &r, what, &t);
		scene_free(&sc);
		site_plan_free(&plan);
		levels_free(&lv, 1);
	}
	printf("roster on one page: %d of %d sheets whose level has one; %d problems\n", t.rosters, listed, t.problems);
	fflush(stdout);
	ck_assert_msg(t.problems == 0, "%d problems; the first: %s", t.problems, t.first);
	ck_assert_int_gt(listed, SEEDS / 2);
	ck_assert_int_eq(t.rosters, listed);
	site_tables_free(&tables);
	measure_free(&ms);
}
END_TEST

static int lines_in(const char *path)
{
	char *text = test_slurp(path, NULL);
	ck_assert_ptr_nonnull(text);
	int n = 0;
	for (const char *s = text; *s; s++)
		n += *s == '\n';
	free(text);
	return n;
}

/* A key too large for the page: exit 2, one line naming what to change,
 * nothing written. */
START_TEST(test_refused_when_too_big)
{
	const char *out = "build/tests/onepage-big.pdf", *err = "build/tests/onepage-big.err";
	unlink(out);
	ck_assert_int_eq(test_run("--seed demo --rooms 200 --one-page -o build/tests/onepage-big.pdf", NULL, err), 2);
	struct stat sb;
	ck_assert_int_ne(stat(out, &sb), 0);
	char *msg = test_slurp(err, NULL);
	ck_assert_ptr_nonnull(msg);
	ck_assert_msg(strncmp(msg, "mapsheet: --one-page: ", 22) == 0 && strstr(msg, "--rooms") && strstr(msg, "--paper"),
		      "%s", msg);
	free(msg);
	ck_assert_int_eq(lines_in(err), 1);
	/* the house's 50 rooms on letter: refused, and told the paper it fits */
	ck_assert_int_eq(test_run("--method house --seed demo --rooms 50 --one-page -o build/tests/onepage-big.pdf", NULL, err), 2);
	ck_assert_int_ne(stat(out, &sb), 0);
	msg = test_slurp(err, NULL);
	ck_assert_msg(strstr(msg, "fits on tabloid"), "%s", msg);
	free(msg);
}
END_TEST

/* Pages written: PDF (pdfinfo), SVG and PNG (one file, no second page). */
static int pdf_pages(const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdfinfo %s 2>/dev/null | sed -n 's/^Pages: *//p'", path);
	FILE *f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	int n = -1;
	if (fscanf(f, "%d", &n) != 1)
		n = -1;
	pclose(f);
	return n;
}

START_TEST(test_formats_and_booklet)
{
	struct stat sb;
	ck_assert_int_eq(test_run("--seed demo -q --one-page -o build/tests/onepage.pdf", NULL, NULL), 0);
	ck_assert_int_eq(pdf_pages("build/tests/onepage.pdf"), 1);
	static const char *const ext[] = { "svg", "png" };
	for (int i = 0; i < 2; i++) {
		char args[256], first[128], second[128];
		snprintf(first, sizeof first, "build/tests/onepage.%s", ext[i]);
		snprintf(second, sizeof second, "build/tests/onepage-2.%s", ext[i]);
		unlink(second);
		/* 21 rooms: a mansion's default 24, each with its exits, threads
		 * and facts, no longer fits beside its map on letter */
		snprintf(args, sizeof args, "--seed demo -q --method mansion --rooms 21 --one-page -o %s", first);
		ck_assert_int_eq(test_run(args, NULL, NULL), 0);
		ck_assert_int_eq(stat(first, &sb), 0);
		ck_assert_int_ne(stat(second, &sb), 0);
	}
	/* without --one-page the same map takes two pages */
	ck_assert_int_eq(test_run("--seed demo -q -o build/tests/onepage-not.pdf", NULL, NULL), 0);
	ck_assert_int_gt(pdf_pages("build/tests/onepage-not.pdf"), 1);
	/* a booklet: the cover, then each level on one page (a key of 24
	 * rooms with their occupants no longer fits beside a map on letter) */
	ck_assert_int_eq(test_run("--seed crypt -q --levels 3 --method dice,mansion --rooms 14 --one-page -o build/tests/onepage-b.pdf",
				  NULL, NULL), 0);
	ck_assert_int_eq(pdf_pages("build/tests/onepage-b.pdf"), 4);
}
END_TEST

static Suite *onepage_suite(void)
{
	Suite *s = suite_create("render_onepage");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	int nmeth = 0;
	while (method_table[nmeth])
		nmeth++;
	tcase_add_loop_test(tc, test_every_method_on_one_page, 0, nmeth);
	tcase_add_test(tc, test_roster_on_one_page);
	tcase_add_test(tc, test_refused_when_too_big);
	tcase_add_test(tc, test_formats_and_booklet);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(onepage_suite)
