/* check_render_layout.c: the renderer's layout without drawing: paper and
 * scale arithmetic, style parsing and its errors, orientation, room labels
 * inside their rooms away from doors, the key's flow over columns and
 * pages, everything inside the printable area, the player's version. */
#include "testutil.h"

#include "layout/layout.h"
#include "layout/sheet_plan.h"
#include "render.h"
#include "render_fixture.h"

#include <math.h>
#include <stdlib.h>

/* Lays out d's first level into sc; returns layout_level's result. */
static int lay(struct doc *d, struct scene *sc, struct layout_result *res, struct err *e)
{
	struct measure ms;
	struct style st;
	struct paper paper;
	ck_assert_int_eq(measure_init(&ms, e), 0);
	ck_assert_msg(style_load(&st, d->sheet.style, d->template_dirs, e) == 0, "%s", e->msg);
	ck_assert_int_eq(paper_parse(d->sheet.paper, &paper, e), 0);
	struct layout_ctx c;
	ck_assert_int_eq(layout_ctx_init(&c, d, &d->levels[0], &st, &ms, sc, e), 0);
	int rc = layout_level(&c, &paper, res, e);
	layout_ctx_free(&c);
	measure_free(&ms);
	return rc;
}

START_TEST(test_scale_arithmetic)
{
	ck_assert_double_eq_tol(paper_square_pt(5), 14.4, 1e-12);
	ck_assert_double_eq_tol(paper_square_pt(4), 18, 1e-12);
	int std;
	/* 30 squares in 7 in: 4 per inch is 7.5 in, too wide; 5 per inch fits */
	ck_assert_double_eq(paper_fit_scale(7 * 72, 10 * 72, 30, 10, &std), 5);
	ck_assert_int_eq(std, 1);
	ck_assert_double_eq(paper_fit_scale(7 * 72, 10 * 72, 20, 10, &std), 4);
	/* too many squares for any standard scale: the exact fit */
	double s = paper_fit_scale(7 * 72, 10 * 72, 1000, 10, &std);
	ck_assert_int_eq(std, 0);
	ck_assert_double_le(1000 * paper_square_pt(s), 7 * 72 + 1e-6);
	ck_assert_double_ge(1000 * paper_square_pt(s), 7 * 72 - 1e-6);

	/* on the sheet a square is exactly 72 / N points */
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	d.sheet.scale = 5;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
	ck_assert_double_eq_tol(r.frame.s, 14.4, 1e-12);
	scene_free(&sc);
	/* a scale too large for the paper is a usage error naming --scale */
	d.sheet.scale = 1;
	scene_init(&sc);
	ck_assert_int_eq(lay(&d, &sc, &r, &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_ptr_nonnull(strstr(e.msg, "--scale 1"));
	scene_free(&sc);
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_paper)
{
	struct paper p;
	struct err e;
	ck_assert_int_eq(paper_parse(NULL, &p, &e), 0);
	ck_assert_double_eq(p.w, 612);
	ck_assert_double_eq(p.h, 792);
	ck_assert_int_eq(paper_parse("A4", &p, &e), 0);
	ck_assert_double_eq_tol(p.w, 595.276, 0.01);
	ck_assert_int_eq(paper_parse("210x297mm", &p, &e), 0);
	ck_assert_double_eq_tol(p.h, 841.89, 0.01);
	ck_assert_int_eq(paper_parse("8.5x14in", &p, &e), 0);
	ck_assert_double_eq(p.h, 1008);
	double w, h;
	paper_oriented(&p, ORIENT_LANDSCAPE, &w, &h);
	ck_assert_double_eq(w, 1008);
	ck_assert_int_eq(paper_parse("10x10cm", &p, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--paper"));
	ck_assert_int_eq(paper_parse("quarto", &p, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "letter, legal, tabloid, ledger, half-letter, statement, executive, a0 to a10, "
					    "b0 to b10"));
	/* the large sizes, by name */
	ck_assert_int_eq(paper_parse("a0", &p, &e), 0);
	ck_assert_double_eq_tol(p.w * p.h, 2383.937 * 3370.394, 1);
	ck_assert_int_eq(paper_parse("Ledger", &p, &e), 0);
	ck_assert_double_eq(p.w, 1224);
	/* the order a refusal suggests them in: the asked paper's family first */
	const char *us[] = { "letter", "legal", "tabloid", "a4", "a3", "a2", "a1", "a0" };
	const char *iso[] = { "a4", "a3", "a2", "a1", "a0", "letter", "legal", "tabloid" };
	struct paper a4, mm;
	ck_assert_int_eq(paper_parse("a4", &a4, &e), 0);
	ck_assert_int_eq(paper_parse("300x400mm", &mm, &e), 0);
	for (int i = 0; i < 8; i++) {
		ck_assert_str_eq(paper_standard(NULL, i)->name, us[i]);
		ck_assert_str_eq(paper_standard(&a4, i)->name, iso[i]);
		ck_assert_str_eq(paper_standard(&mm, i)->name, iso[i]);
	}
	ck_assert_ptr_null(paper_standard(NULL, 8));
	ck_assert_int_eq(paper_parse("1x1in", &p, &e), -1);
	ck_assert_int_eq(paper_check_scale(0, &e), 0);
	ck_assert_int_eq(paper_check_scale(0.5, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--scale"));
	ck_assert_int_eq(paper_check_scale(16, &e), 0);
	ck_assert_int_eq(paper_check_scale(20, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "too small to read"));
	ck_assert_double_ge(PAPER_MARGIN, 18);
}
END_TEST

START_TEST(test_style_errors)
{
	struct style st;
	struct err e;
	static const char *const names[] = { "classic", "blueprint", "inksaver", "hatched" };
	for (int i = 0; i < 4; i++) {
		ck_assert_msg(style_load(&st, names[i], test_template_dirs(), &e) == 0, "%s", e.msg);
		ck_assert_str_eq(st.name, names[i]);
		ck_assert(st.description[0] != '\0');
	}
	ck_assert_int_eq(style_load(&st, "hatched", test_template_dirs(), &e), 0);
	ck_assert_int_eq(st.rock_mode, ROCK_HATCHED);
	ck_assert_int_eq(style_load(&st, "nosuch", test_template_dirs(), &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "classic"));

	ck_assert_int_eq(style_parse_text(&st, "t.style", "# c\ncolour:wal:#000000\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "t.style:2:8:") && strstr(e.msg, "unknown colour key 'wal'"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "colour:wall:#00zz00\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "t.style:1:13:") && strstr(e.msg, "not a colour"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "width:wall:-1\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "t.style:1:12:") && strstr(e.msg, "out of range"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "size:number:6\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "expected 7 to"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "rock:striped\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "t.style:1:6:") && strstr(e.msg, "filled, hatched or plain"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "shade:rock:1\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "t.style:1:1:") && strstr(e.msg, "unknown directive"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "flag:grid-in-rock:maybe\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "not yes or no"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "width:wall:abc\n", &e), -1);
	ck_assert_msg(strstr(e.msg, "t.style:1:12:") && strstr(e.msg, "not a number"), "%s", e.msg);
	ck_assert_int_eq(style_parse_text(&st, "t.style", "colour:rock:#11223380\nwidth:wall:2\n", &e), 0);
	ck_assert_double_eq_tol(st.rock.a, 128 / 255.0, 1e-9);
	ck_assert_double_eq(st.wall_width, 2);
	ck_assert_double_eq(st.grid_width, 0.3);   /* unset keys keep their defaults */

	/* the example in mapsheet-templates(5), STYLES, is a valid style */
	char *man = test_slurp("man/mapsheet-templates.5", NULL);
	ck_assert_ptr_nonnull(man);
	char *sec = strstr(man, ".SH STYLES");
	ck_assert_ptr_nonnull(sec);
	char *ex = strstr(sec, ".SS Example");
	ck_assert_ptr_nonnull(ex);
	char *from = strstr(ex, ".nf\n"), *to = strstr(ex, ".fi\n");
	ck_assert(from && to && from < to);
	from += 4;
	*to = '\0';
	char text[2000];
	size_t n = 0;
	for (char *q = from; *q && n + 1 < sizeof text; q++) {
		if (q[0] == '\\' && q[1] == '-')
			q++;
		text[n++] = *q;
	}
	text[n] = '\0';
	ck_assert_msg(style_parse_text(&st, "sepia.style", text, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(st.rock_mode, ROCK_HATCHED);
	ck_assert_double_eq(st.hatch_depth, 2);
	free(man);

	struct sheet_options o = { 0 };
	o.style = "nosuch";
	ck_assert_int_eq(render_validate(&o, test_template_dirs(), &e), -1);
	ck_assert_int_eq(e.kind, ERR_USAGE);
	o.style = "classic";
	o.dpi = 5;
	ck_assert_int_eq(render_validate(&o, test_template_dirs(), &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "--dpi"));
	o.dpi = 300;
	o.paper = "a3";
	o.scale = 5;
	ck_assert_msg(render_validate(&o, test_template_dirs(), &e) == 0, "%s", e.msg);
	char list[2000];
	ck_assert_int_ge(render_list_styles(test_template_dirs(), list, sizeof list), 4);
	ck_assert_ptr_nonnull(strstr(list, "blueprint"));
	ck_assert_ptr_nonnull(strstr(list, "hand-inked"));
}
END_TEST

/* Every item of every page lies within the margins. */
static void assert_inside(const struct scene *sc, double margin)
{
	for (int i = 0; i < sc->npages; i++) {
		const struct scene_page *p = &sc->pages[i];
		for (size_t k = 0; k < p->nitems; k++) {
			double x0, y0, x1, y1;
			if (!scene_item_bounds(p, &p->items[k], &x0, &y0, &x1, &y1))
				continue;
			ck_assert_msg(x0 >= margin - 0.01 && y0 >= margin - 0.01 && x1 <= p->w - margin + 0.01 &&
				      y1 <= p->h - margin + 0.01,
				      "page %d item %zu (kind %d) at %.1f,%.1f-%.1f,%.1f is outside the printable area",
				      i + 1, k, p->items[k].kind, x0, y0, x1, y1);
		}
	}
}

static const struct scene_item *find_named(const struct scene *sc, enum scene_kind kind, const char *name, int *page)
{
	for (int i = 0; i < sc->npages; i++)
		for (size_t k = 0; k < sc->pages[i].nitems; k++) {
			const struct scene_item *it = &sc->pages[i].items[k];
			if (it->kind == kind && strcmp(it->text, name) == 0) {
				if (page)
					*page = i;
				return it;
			}
		}
	return NULL;
}

START_TEST(test_labels_inside_rooms)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r;
	fx_dungeon(&lv.map);
	fx_doc(&d, &lv, "classic", 0);
	const struct map *m = &lv.map;
	for (int sc_i = 0; sc_i < 3; sc_i++) {
		static const double scales[] = { 4, 5, 8 };
		d.sheet.scale = scales[sc_i];
		scene_init(&sc);
		ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
		const struct map_frame *f = &r.frame;
		for (int id = 1; id <= m->nregions; id++) {
			int n = m->regions[id].number;
			if (n <= 0)
				continue;
			char name[32];
			snprintf(name, sizeof name, "key-1-%d", n);
			/* the label's box (its link rectangle) lies wholly inside region id */
			const struct scene_item *ln = find_named(&sc, SCENE_LINK, name, NULL);
			ck_assert_msg(ln != NULL, "no label for room %d", n);
			double xs[2] = { ln->x + 0.01, ln->x + ln->w - 0.01 }, ys[2] = { ln->y + 0.01, ln->y + ln->h - 0.01 };
			for (int a = 0; a < 2; a++)
				for (int b = 0; b < 2; b++) {
					int sx = (int)floor((xs[a] - f->ox) / f->s), sy = (int)floor((ys[b] - f->oy) / f->s);
					ck_assert_msg(map_at(m, sx, sy) == id, "label %d corner in square %d,%d (region %d)", n,
						      sx, sy, map_at(m, sx, sy));
				}
			/* its square has no door on any edge */
			int cx = (int)floor((ln->x + ln->w / 2 - f->ox) / f->s), cy = (int)floor((ln->y + ln->h / 2 - f->oy) / f->s);
			for (int sd = 0; sd < SIDE_COUNT; sd++)
				ck_assert_msg(map_find_door(m, cx, cy, (enum side)sd) < 0, "label %d beside a door", n);
			/* and the number is at least 7 pt */
			char text[16];
			snprintf(text, sizeof text, "%d", n);
			int found = 0;
			for (size_t k = 0; k < sc.pages[0].nitems; k++) {
				const struct scene_item *it = &sc.pages[0].items[k];
				if (it->kind == SCENE_TEXT && strcmp(it->text, text) == 0 && it->x >= ln->x - 0.01 &&
				    it->x + it->w <= ln->x + ln->w + 0.01) {
					ck_assert_double_ge(it->size, 7);
					found = 1;
				}
			}
			ck_assert_msg(found, "number %d not drawn in its label box", n);
		}
		/* in the big room (3 x 4 free squares around it) the number keeps two squares from doors */
		assert_inside(&sc, PAPER_MARGIN);
		scene_free(&sc);
	}
	fx_doc_free(&d);
}
END_TEST

START_TEST(test_key_flow)
{
	static const char *const papers[] = { "letter", "a4", "tabloid" };
	for (int pi = 0; pi < 3; pi++) {
		struct level lv;
		struct doc d;
		struct err e;
		struct scene sc;
		struct layout_result r;
		fx_gallery(&lv.map, 12, 10);
		fx_doc(&d, &lv, "classic", 0);
		d.sheet.paper = papers[pi];
		scene_init(&sc);
		ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
		ck_assert_int_gt(sc.npages, 1);            /* 120 rooms: the key continues */
		ck_assert_int_eq(r.npages, sc.npages);
		ck_assert_int_eq(sc.pages[0].kind, PAGE_MAP);
		for (int i = 1; i < sc.npages; i++)
			ck_assert_int_eq(sc.pages[i].kind, PAGE_KEY);
		/* every entry once, in order: page and y (then x for columns) never go back */
		int last_page = 0;
		double last_x = -1, last_y = -1;
		for (int n = 1; n <= 120; n++) {
			char name[32];
			snprintf(name, sizeof name, "key-1-%d", n);
			int page;
			const struct scene_item *a = find_named(&sc, SCENE_ANCHOR, name, &page);
			ck_assert_msg(a != NULL, "key entry %d missing", n);
			ck_assert_int_ge(page, last_page);
			if (page == last_page)
				ck_assert_msg(a->x > last_x + 1 || (fabs(a->x - last_x) <= 1 && a->y > last_y),
					      "entry %d out of order", n);
			last_page = page;
			last_x = a->x;
			last_y = a->y;
		}
		/* on the map page, no text overlaps the map */
		double mx0 = r.frame.ox + r.frame.vx * r.frame.s, my0 = r.frame.oy + r.frame.vy * r.frame.s;
		double mx1 = mx0 + r.frame.vw * r.frame.s, my1 = my0 + r.frame.vh * r.frame.s;
		const struct scene_page *p = &sc.pages[0];
		for (size_t k = 0; k < p->nitems; k++) {
			const struct scene_item *it = &p->items[k];
			if (it->kind != SCENE_TEXT)
				continue;
			/* room numbers are inside the map by design */
			int is_number = atoi(it->text) > 0 && strspn(it->text, "0123456789") == strlen(it->text);
			if (is_number && it->x >= mx0 && it->x <= mx1 && it->y >= my0 && it->y <= my1)
				continue;
			double x0, y0, x1, y1;
			scene_item_bounds(p, it, &x0, &y0, &x1, &y1);
			ck_assert_msg(x1 <= mx0 || x0 >= mx1 || y1 <= my0 || y0 >= my1,
				      "text '%s' at %.1f,%.1f overlaps the map", it->text, it->x, it->y);
		}
		/* continuation pages: text stays in columns that do not overlap */
		assert_inside(&sc, PAPER_MARGIN);
		scene_free(&sc);
		fx_doc_free(&d);
	}
}
END_TEST

/* The orientation and scale picked print the sheet on the fewest pages,
 * then with the largest squares: a wide map without key goes landscape,
 * where its squares are larger; with its key, on the side that prints it
 * on fewer pages, its squares at least SHEET_SHRINK_MIN of the largest. */
START_TEST(test_orientation_auto)
{
	struct level lv;
	struct doc d;
	struct err e;
	struct scene sc;
	struct layout_result r, forced[2];
	fx_gallery(&lv.map, 12, 3);    /* wide */
	fx_doc(&d, &lv, "inksaver", 0);
	d.sheet.no_key = 1;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(r.orientation, ORIENT_LANDSCAPE);
	ck_assert_double_eq(sc.pages[0].w, 792);
	double largest = r.frame.s;
	scene_free(&sc);
	d.sheet.no_key = 0;
	for (int k = 0; k < 2; k++) {
		d.sheet.orientation = k == 0 ? ORIENT_PORTRAIT : ORIENT_LANDSCAPE;
		scene_init(&sc);
		ck_assert_msg(lay(&d, &sc, &forced[k], &e) == 0, "%s", e.msg);
		ck_assert_double_eq(sc.pages[0].w, k == 0 ? 612 : 792);
		scene_free(&sc);
	}
	d.sheet.orientation = ORIENT_AUTO;
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
	scene_free(&sc);
	int fewer = forced[0].npages <= forced[1].npages ? 0 : 1;
	ck_assert_int_eq(r.npages, forced[fewer].npages);
	ck_assert_msg(forced[0].npages != forced[1].npages, "the fixture no longer tells the orientations apart");
	ck_assert_int_eq(r.orientation, fewer == 0 ? ORIENT_PORTRAIT : ORIENT_LANDSCAPE);
	ck_assert_msg(r.frame.s >= SHEET_SHRINK_MIN * largest - 1e-9, "squares of %.1f pt, the largest %.1f pt",
		      r.frame.s, largest);
	fx_doc_free(&d);
	fx_gallery(&lv.map, 3, 9);     /* tall */
	fx_doc(&d, &lv, "inksaver", 0);
	scene_init(&sc);
	ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(r.orientation, ORIENT_PORTRAIT);
	assert_inside(&sc, PAPER_MARGIN);
	scene_free(&sc);
	fx_doc_free(&d);
}
END_TEST

/* True when the point (in points) lies inside the fixture's north room and
 * closet (squares 11..19 by 1..4), a fifth of a square in from their walls,
 * and inside the squares shown (grid lines end on the frame's edge). */
static int behind_secret_door(const struct map_frame *f, double x, double y)
{
	double sx = (x - f->ox) / f->s, sy = (y - f->oy) / f->s;
	return sx > 11.2 && sx < 19.8 && sy > 1.2 && sy < 4.8 && sx > f->vx + 0.1 && sx < f->vx + f->vw - 0.1 &&
	       sy > f->vy + 0.1 && sy < f->vy + f->vh - 0.1;
}

START_TEST(test_player_version)
{
	for (int player = 0; player <= 1; player++) {
		struct level lv;
		struct doc d;
		struct err e;
		struct scene sc;
		struct layout_result r;
		fx_dungeon(&lv.map);
		/* stairs in the closet, which only a secret door leads to */
		ck_assert_int_ge(map_add_stair(&lv.map, 19, 3, STAIR_DOWN, 2, &e), 0);
		int stairs = lv.map.nstairs;
		fx_doc(&d, &lv, "classic", player);
		scene_init(&sc);
		ck_assert_msg(lay(&d, &sc, &r, &e) == 0, "%s", e.msg);
		int secret_s = 0, key_anchor = 0, legend_secret = 0, legend_locked = 0, seed = 0, closet = 0;
		for (int i = 0; i < sc.npages; i++)
			for (size_t k = 0; k < sc.pages[i].nitems; k++) {
				const struct scene_item *it = &sc.pages[i].items[k];
				if (it->kind == SCENE_TEXT && strcmp(it->text, "S") == 0)
					secret_s++;
				if (it->kind == SCENE_TEXT && strstr(it->text, "secret door"))
					legend_secret++;
				if (it->kind == SCENE_TEXT && strstr(it->text, "locked door"))
					legend_locked++;
				if (it->kind == SCENE_TEXT && strstr(it->text, "fixture"))
					seed++;
				if (it->kind == SCENE_ANCHOR && strncmp(it->text, "key-", 4) == 0)
					key_anchor++;
				/* a number, or a line (wall, door, stairs), inside the
				 * north room and its closet, behind the secret door */
				if (i == 0 && it->kind == SCENE_TEXT)
					closet += behind_secret_door(&r.frame, it->x, it->y);
				for (size_t o = 0; i == 0 && it->kind == SCENE_STROKE && o < it->nops; o++) {
					const struct scene_op *op = &sc.pages[i].ops[it->op_start + o];
					closet += behind_secret_door(&r.frame, op->x[0], op->y[0]);
				}
			}
		if (player) {
			ck_assert_int_eq(sc.npages, 1);    /* no key */
			ck_assert_int_eq(secret_s, 0);
			ck_assert_int_eq(legend_secret, 0);
			ck_assert_int_eq(legend_locked, 0);
			ck_assert_int_eq(key_anchor, 0);
			ck_assert_int_eq(seed, 0);         /* no seed to remake the GM's map from */
			ck_assert_int_eq(closet, 0);       /* no number, no stairs */
			ck_assert_int_eq(lv.map.nstairs, stairs - 1);
		} else {
			ck_assert_int_eq(secret_s, 2);    /* on its wall and in the legend */
			ck_assert_int_gt(legend_secret, 0);
			ck_assert_int_gt(key_anchor, 0);
			ck_assert_int_gt(closet, 0);
		}
		scene_free(&sc);
		fx_doc_free(&d);
	}
}
END_TEST

static Suite *render_layout_suite(void)
{
	Suite *s = suite_create("render_layout");
	TCase *tc = tcase_create("layout");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_scale_arithmetic);
	tcase_add_test(tc, test_paper);
	tcase_add_test(tc, test_style_errors);
	tcase_add_test(tc, test_labels_inside_rooms);
	tcase_add_test(tc, test_key_flow);
	tcase_add_test(tc, test_orientation_auto);
	tcase_add_test(tc, test_player_version);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(render_layout_suite)
