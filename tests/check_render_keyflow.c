/* check_render_keyflow.c: the key's flow over columns and pages, read from
 * the scene of generated maps at their default size (every method, seeds
 * demo and 1..20) and of mixed 3-level booklets: no near-empty key page and
 * no last key page of a few lines, no heading left at a column's foot
 * without lines of its entry, the wandering monster table in one column,
 * and the key on the map page when the map leaves room for a column; and
 * no sheet on more pages than a scale it may take would print it on. */
#include "testutil.h"

#include "layout/layout.h"
#include "layout/sheet_plan.h"
#include "methods/levels.h"
#include "render.h"
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BODY_INDENT 9.0

static void lay_out(const struct doc *d, int cover, struct scene *sc)
{
	struct measure ms;
	struct style st;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(render_load_style(&st, d->sheet.style, d->template_dirs, &ms, &e), 0);
	scene_init(sc);
	ck_assert_msg(render_lay_out(d, &st, &ms, cover, sc, &e) == 0, "%s", e.msg);
	measure_free(&ms);
}

/* The lines of the key's text on a key page: text items that start a line
 * (at a column's left or its indent), without the page's heading and
 * footer. Returns how many; each one's x and baseline in xs, ys. */
static int key_page_lines(const struct scene_page *p, double *xs, double *ys, int max)
{
	double top = 1e9, bottom = -1e9;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_TEXT)
			continue;
		top = fmin(top, it->y);
		bottom = fmax(bottom, it->y);
	}
	int n = 0;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind != SCENE_TEXT || it->y < top + 8 || it->y > bottom - 20)
			continue;
		int seen = 0;
		for (int i = 0; i < n && !seen; i++)
			seen = fabs(ys[i] - it->y) < 0.01 && it->x > xs[i] - 0.01 && it->x < xs[i] + 100;
		if (!seen && n < max) {
			xs[n] = it->x;
			ys[n] = it->y;
			n++;
		}
	}
	return n;
}

/* The share of the page's printable area the ink of its text covers. */
static double text_fill(const struct scene_page *p)
{
	double sum = 0;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind == SCENE_TEXT)
			sum += it->w * (it->ascent + it->descent);
	}
	return sum / ((p->w - 2 * PAPER_MARGIN) * (p->h - 2 * PAPER_MARGIN));
}

static const struct scene_item *find_anchor(const struct scene *sc, const char *name, int *page)
{
	for (int pg = 0; pg < sc->npages; pg++)
		for (size_t k = 0; k < sc->pages[pg].nitems; k++) {
			const struct scene_item *it = &sc->pages[pg].items[k];
			if (it->kind == SCENE_ANCHOR && strcmp(it->text, name) == 0) {
				*page = pg;
				return it;
			}
		}
	return NULL;
}

/* The first text item of level lv's pages whose text starts with prefix. */
static const struct scene_item *find_text(const struct scene *sc, int level, const char *prefix, size_t len,
					  int *page)
{
	for (int pg = 0; pg < sc->npages; pg++) {
		if (sc->pages[pg].level != level)
			continue;
		for (size_t k = 0; k < sc->pages[pg].nitems; k++) {
			const struct scene_item *it = &sc->pages[pg].items[k];
			if (it->kind == SCENE_TEXT && strncmp(it->text, prefix, len) == 0) {
				*page = pg;
				return it;
			}
		}
	}
	return NULL;
}

/* Lines of the entry set in its heading's column: the heading's and those
 * below it, before the next heading there. */
static int entry_lines_in_column(const struct scene_page *p, const struct scene_item *a)
{
	double next = 1e9;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		if (it->kind == SCENE_ANCHOR && strncmp(it->text, "key-", 4) == 0 && fabs(it->x - a->x) < 0.01 &&
		    it->y > a->y + 0.01 && it->y < next)
			next = it->y;
	}
	double ys[400];
	int n = 0;
	for (size_t k = 0; k < p->nitems; k++) {
		const struct scene_item *it = &p->items[k];
		int at_col = fabs(it->x - a->x) < 0.01 || fabs(it->x - a->x - BODY_INDENT) < 0.01;
		if (it->kind != SCENE_TEXT || !at_col || it->y < a->y || it->y > next)
			continue;
		int seen = 0;
		for (int i = 0; i < n && !seen; i++)
			seen = fabs(ys[i] - it->y) < 0.01;
		if (!seen && n < 400)
			ys[n++] = it->y;
	}
	return n;
}

/* Every rule of the key's flow, for each level of d laid out in sc. */
static void check_key_flow(const struct doc *d, const struct scene *sc, const char *what)
{
	for (int li = 0; li < d->nlevels; li++) {
		const struct level *lv = &d->levels[li];
		int level = lv->map.depth;
		int last_key = -1, first_key = -1;
		for (int pg = 0; pg < sc->npages; pg++)
			if (sc->pages[pg].level == level && sc->pages[pg].kind == PAGE_KEY) {
				last_key = pg;
				if (first_key < 0)
					first_key = pg;
			}
		/* key pages before the last are filled; the last holds more than a few lines */
		for (int pg = first_key; pg >= 0 && pg < last_key; pg++)
			ck_assert_msg(text_fill(&sc->pages[pg]) >= 0.1, "%s, level %d: key page %d fills %.0f%%", what, level,
				      pg + 1, 100 * text_fill(&sc->pages[pg]));
		if (last_key >= 0) {
			double xs[2000], ys[2000];
			int n = key_page_lines(&sc->pages[last_key], xs, ys, 2000);
			ck_assert_msg(n >= 4, "%s, level %d: the last key page (%d) holds %d line%s", what, level, last_key + 1,
				      n, n == 1 ? "" : "s");
		}
		/* a heading keeps lines of its entry under it */
		for (int r = 0; r < lv->key.n; r++) {
			const struct key_entry *en = &lv->key.entries[r];
			char name[32];
			snprintf(name, sizeof name, "key-%d-%d", level, en->number);
			int pg;
			const struct scene_item *a = find_anchor(sc, name, &pg);
			ck_assert_msg(a != NULL, "%s: %s missing", what, name);
			int body = (en->exits && en->exits[0]) + en->nlines;
			int want = 1 + (body < 2 ? body : 2);
			int got = entry_lines_in_column(&sc->pages[pg], a);
			ck_assert_msg(got >= want, "%s, level %d: entry %d has %d line%s at the foot of its column", what, level,
				      en->number, got, got == 1 ? "" : "s");
		}
		/* the wandering monster table in one column */
		if (lv->key.nwandering > 0) {
			int hp;
			const struct scene_item *h = find_text(sc, level, "Wandering monsters", 18, &hp);
			ck_assert_msg(h != NULL, "%s: no wandering monster table", what);
			for (int i = 0; i < lv->key.nwandering; i++) {
				int rp;
				const struct scene_item *row = find_text(sc, level, lv->key.wandering[i], 12, &rp);
				ck_assert_msg(row != NULL, "%s: wandering row '%s' missing", what, lv->key.wandering[i]);
				ck_assert_msg(rp == hp && fabs(row->x - h->x - BODY_INDENT) < 0.01 && row->y > h->y,
					      "%s, level %d: the wandering monster table is split ('%s')", what, level,
					      lv->key.wandering[i]);
			}
		}
	}
}

static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };

START_TEST(test_default_sheets)
{
	for (int mi = 0; mi < 5; mi++)
		for (int s = 0; s <= 20; s++) {
			char seed[16], what[64];
			snprintf(seed, sizeof seed, s == 0 ? "demo" : "%d", s);
			snprintf(what, sizeof what, "%s, seed %s", methods[mi], seed);
			struct level lv[1];
			struct doc d;
			struct scene sc;
			test_levels_doc(lv, 1, methods[mi], seed, "classic", &d);
			lay_out(&d, 0, &sc);
			check_key_flow(&d, &sc, what);
			scene_free(&sc);
			levels_free(lv, 1);
		}
}
END_TEST

START_TEST(test_booklets)
{
	static const char *const seeds[] = { "crypt", "1", "2", "3" };
	static const char *const mixes[] = { "dice,mansion,cards", "tiles,house,dice", "cards,dice,mansion",
					     "mansion,tiles,cards" };
	for (int i = 0; i < 4; i++) {
		char what[96];
		snprintf(what, sizeof what, "booklet %s, seed %s", mixes[i], seeds[i]);
		struct level lv[3];
		struct doc d;
		struct scene sc;
		test_levels_doc(lv, 3, mixes[i], seeds[i], "classic", &d);
		lay_out(&d, 1, &sc);
		check_key_flow(&d, &sc, what);
		scene_free(&sc);
		levels_free(lv, 3);
	}
}
END_TEST

/* Lays out d's only level, as the sheet does, into sc. */
static void lay_level(const struct doc *d, struct scene *sc, struct layout_result *res)
{
	struct measure ms;
	struct style st;
	struct paper paper;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(render_load_style(&st, d->sheet.style, d->template_dirs, &ms, &e), 0);
	ck_assert_int_eq(paper_parse(d->sheet.paper, &paper, &e), 0);
	struct layout_ctx c;
	scene_init(sc);
	ck_assert_int_eq(layout_ctx_init(&c, d, &d->levels[0], &st, &ms, sc, &e), 0);
	ck_assert_msg(layout_level(&c, &paper, res, &e) == 0, "%s", e.msg);
	layout_ctx_free(&c);
	measure_free(&ms);
}

/* The key starts on the map's page when the map leaves room there for a
 * column (1.67 in wide beside it, or five lines under it). */
START_TEST(test_key_beside_map)
{
	static const char *const styles[] = { "classic", "blueprint", "inksaver", "hatched" };
	for (int si = 0; si < 4; si++)
		for (int mi = 0; mi < 5; mi++)
			for (int s = 0; s <= 3; s++) {
				char seed[16], what[96];
				snprintf(seed, sizeof seed, s == 0 ? "demo" : "%d", s);
				snprintf(what, sizeof what, "%s, %s, seed %s", methods[mi], styles[si], seed);
				struct level lv[1];
				struct doc d;
				struct scene sc;
				struct layout_result r;
				test_levels_doc(lv, 1, methods[mi], seed, styles[si], &d);
				lay_level(&d, &sc, &r);
				int pg;
				ck_assert_ptr_nonnull(find_anchor(&sc, "key-1-1", &pg));
				double free_w = r.map_area.w - r.frame.vw * r.frame.s - 14;
				double free_h = r.map_area.h - r.frame.vh * r.frame.s - 14;
				if (free_w >= 120 || free_h >= 60)
					ck_assert_msg(pg == 0, "%s: %.0f x %.0f pt free beside and %.0f pt under the map, "
						      "but the key starts on page %d", what, free_w, r.map_area.h, free_h, pg + 1);
				check_key_flow(&d, &sc, what);
				scene_free(&sc);
				levels_free(lv, 1);
			}
}
END_TEST

/* Lays out d's only level at an explicit scale and orientation: its
 * pages, or 0 when the map does not fit so. */
static int pages_at(struct doc *d, double scale, enum orientation o, struct layout_result *res)
{
	struct doc at = *d;
	at.sheet.scale = scale;
	at.sheet.orientation = o;
	struct measure ms;
	struct style st;
	struct paper paper;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(render_load_style(&st, at.sheet.style, at.template_dirs, &ms, &e), 0);
	ck_assert_int_eq(paper_parse(at.sheet.paper, &paper, &e), 0);
	struct layout_ctx c;
	struct scene sc;
	scene_init(&sc);
	ck_assert_int_eq(layout_ctx_init(&c, &at, &at.levels[0], &st, &ms, &sc, &e), 0);
	int rc = layout_level(&c, &paper, res, &e);
	layout_ctx_free(&c);
	scene_free(&sc);
	measure_free(&ms);
	return rc < 0 ? 0 : res->npages;
}

/* No two texts of the map page overlap, none runs over the map but its
 * own marks, and all stay inside the margins. */
static void assert_clear(const struct scene *sc, const struct layout_result *r, const char *what)
{
	const struct scene_page *p = &sc->pages[r->first_page];
	const struct map_frame *f = &r->frame;
	double mx0 = f->ox + f->vx * f->s, my0 = f->oy + f->vy * f->s;
	double mx1 = mx0 + f->vw * f->s, my1 = my0 + f->vh * f->s;
	for (size_t i = 0; i < p->nitems; i++) {
		const struct scene_item *a = &p->items[i];
		double ax0, ay0, ax1, ay1;
		if (a->kind != SCENE_TEXT || !scene_item_bounds(p, a, &ax0, &ay0, &ax1, &ay1))
			continue;
		ck_assert_msg(ax0 >= PAPER_MARGIN - 0.01 && ay0 >= PAPER_MARGIN - 0.01 && ax1 <= p->w - PAPER_MARGIN + 0.01 &&
			      ay1 <= p->h - PAPER_MARGIN + 0.01, "%s: '%s' outside the margins", what, a->text);
		/* the map's own marks (room numbers, a secret door's S, lettered
		 * marks) stand on it */
		int on_map = ax0 < mx1 && ax1 > mx0 && ay0 < my1 && ay1 > my0;
		int mark = strlen(a->text) <= 3 && ax0 >= mx0 && ax1 <= mx1 && ay0 >= my0 && ay1 <= my1;
		ck_assert_msg(!on_map || mark, "%s: '%.40s' at %.1f,%.1f runs over the map", what, a->text, a->x, a->y);
		for (size_t j = i + 1; j < p->nitems; j++) {
			const struct scene_item *b = &p->items[j];
			double bx0, by0, bx1, by1;
			if (b->kind != SCENE_TEXT || !scene_item_bounds(p, b, &bx0, &by0, &bx1, &by1))
				continue;
			double ox = fmin(ax1, bx1) - fmax(ax0, bx0), oy = fmin(ay1, by1) - fmax(ay0, by0);
			/* (lines set closer, at 0.94 of their pitch, share a point of
			 * their boxes, not of their ink) */
			ck_assert_msg(ox <= 0.5 || oy <= 1.0, "%s: '%.30s' and '%.30s' overlap by %.1f x %.1f at %.1f,%.1f",
				      what, a->text, b->text, ox, oy, a->x, a->y);
		}
	}
}

/* Whether page p holds the heading of a room's entry ("4  Chasm Edge"). */
static int page_has_room(const struct scene_page *p)
{
	for (size_t i = 0; i < p->nitems; i++) {
		const char *t = p->items[i].text;
		if (p->items[i].kind != SCENE_TEXT || !t)
			continue;
		size_t digits = strspn(t, "0123456789");
		if (digits > 0 && t[digits] == ' ' && t[digits + 1] == ' ' && t[digits + 2] >= 'A' && t[digits + 2] <= 'Z')
			return 1;
	}
	return 0;
}

/* A key page is added only when the key needs it: no scale the sheet may
 * take (the largest squares that fit, or a finer standard scale keeping
 * SHEET_SHRINK_MIN of them, up to SHEET_SHRINK_SCALE_MAX to the inch) in
 * either orientation prints the sheet on fewer pages than the one chosen,
 * and a last page holds a room's entry: the cards sheet of seed
 * ember had a second page of only the notes and the monster table. */
START_TEST(test_no_page_for_a_remainder)
{
	static const double scales[] = { 4, 5, 6, 8, 10, 12, 16 };
	int sheets = 0, before = 0, after = 0;
	for (int mi = 0; mi < 5; mi++)
		for (int s = 0; s <= 8; s++) {
			char seed[16];
			snprintf(seed, sizeof seed, s == 0 ? "ember" : "%d", s);
			struct level lv[1];
			struct doc d;
			test_levels_doc(lv, 1, methods[mi], seed, "classic", &d);
			struct layout_result chosen, r;
			struct scene sc;
			char what[64];
			snprintf(what, sizeof what, "%s, seed %s", methods[mi], seed);
			lay_level(&d, &sc, &chosen);
			assert_clear(&sc, &chosen, what);
			check_key_flow(&d, &sc, what);
			/* a page after the first holds a room's entry, not only the
			 * notes and the monster table (the cards sheet of seed
			 * ember) */
			if (chosen.npages > 1)
				ck_assert_msg(page_has_room(&sc.pages[chosen.first_page + chosen.npages - 1]),
					      "%s: its last page holds no room's entry", what);
			scene_free(&sc);
			int pages = chosen.npages;
			/* the largest squares that fit, in either orientation */
			double largest = 0;
			int at_largest = 0;
			for (int k = 0; k < 7 && largest == 0; k++)
				for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
					int n = pages_at(&d, scales[k], (enum orientation)o, &r);
					if (n > 0 && (largest == 0 || n < at_largest)) {
						largest = paper_square_pt(scales[k]);
						at_largest = n;
					}
				}
			ck_assert(largest > 0);
			for (int k = 0; k < 7; k++) {
				double sq = paper_square_pt(scales[k]);
				if (sq > largest + 1e-9 || sq < SHEET_SHRINK_MIN * largest - 1e-9 ||
				    (sq < largest - 1e-9 && scales[k] > SHEET_SHRINK_SCALE_MAX))
					continue;
				for (int o = ORIENT_PORTRAIT; o <= ORIENT_LANDSCAPE; o++) {
					int n = pages_at(&d, scales[k], (enum orientation)o, &r);
					ck_assert_msg(n == 0 || n >= pages, "%s, seed %s: %d pages, but %d at %g to the inch %s",
						      methods[mi], seed, pages, n, scales[k],
						      o == ORIENT_PORTRAIT ? "portrait" : "landscape");
				}
			}
			ck_assert_msg(chosen.frame.s >= SHEET_SHRINK_MIN * largest - 1e-9, "%s, seed %s: squares of %.1f pt",
				      methods[mi], seed, chosen.frame.s);
			sheets++;
			before += at_largest;
			after += pages;
			levels_free(lv, 1);
		}
	printf("render_keyflow: %d default sheets on %d pages, %d at their largest squares\n", sheets, after, before);
}
END_TEST

static Suite *render_keyflow_suite(void)
{
	Suite *s = suite_create("render_keyflow");
	TCase *tc = tcase_create("keyflow");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_default_sheets);
	tcase_add_test(tc, test_booklets);
	tcase_add_test(tc, test_key_beside_map);
	tcase_add_test(tc, test_no_page_for_a_remainder);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(render_keyflow_suite)
