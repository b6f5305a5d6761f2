/* check_render_bookpages.c: booklets read back as a game master would
 * leaf through them, with poppler (pdftotext's word boxes, pdftoppm's
 * pixels): one orientation through the GM's booklet and the players';
 * every key page but a level's last at least two-thirds full, counting
 * the columns the page's width holds; no column that begins in the middle
 * of an entry unless that entry is longer than a column; wrapped headings
 * hanging under their title; each players' map at the largest standard
 * scale that fits its page, spanning at least 60% of the page's width or
 * height; the GM's cover saying whom the key was stocked for, the
 * players' saying nothing of it. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/bookpages"
#define MAX_LINES 2000
#define MAX_PAGES 40
#define GAP 12.0                /* between columns, as the sheet sets them */

struct pline {
	double x0, y0, x1, y1;
	double x_second;        /* the second word's left edge (0: none) */
	char text[400];
	char last[64];          /* its last word */
};

struct ppage {
	double w, h;
	struct pline *lines;
	int n;
};

struct pdoc {
	struct ppage pages[MAX_PAGES];
	int npages;
};

static char *run_capture(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap);
	ck_assert_ptr_nonnull(buf);
	while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (n + 1 == cap) {
			buf = realloc(buf, cap *= 2);
			ck_assert_ptr_nonnull(buf);
		}
	}
	pclose(p);
	buf[n] = '\0';
	return buf;
}

static double attr(const char *tag, const char *name)
{
	const char *a = strstr(tag, name);
	ck_assert_ptr_nonnull(a);
	return strtod(a + strlen(name) + 2, NULL);
}

/* The pages of pdf and their lines of words, as pdftotext -bbox-layout
 * reads them. */
static void read_pdf(const char *pdf, struct pdoc *d)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "pdftotext -bbox-layout '%s' - 2>/dev/null", pdf);
	char *xml = run_capture(cmd);
	memset(d, 0, sizeof *d);
	struct ppage *pg = NULL;
	struct pline *ln = NULL;
	int word = 0;
	for (char *s = xml; (s = strchr(s, '<')) != NULL; s++) {
		if (strncmp(s, "<page ", 6) == 0) {
			ck_assert_int_lt(d->npages, MAX_PAGES);
			pg = &d->pages[d->npages++];
			pg->w = attr(s, "width");
			pg->h = attr(s, "height");
			pg->lines = calloc(MAX_LINES, sizeof *pg->lines);
			ck_assert_ptr_nonnull(pg->lines);
		} else if (strncmp(s, "<line ", 6) == 0) {
			ck_assert_ptr_nonnull(pg);
			ck_assert_int_lt(pg->n, MAX_LINES);
			ln = &pg->lines[pg->n++];
			ln->x0 = attr(s, "xMin");
			ln->y0 = attr(s, "yMin");
			ln->x1 = attr(s, "xMax");
			ln->y1 = attr(s, "yMax");
			word = 0;
		} else if (strncmp(s, "<word ", 6) == 0 && ln) {
			if (word == 1)
				ln->x_second = attr(s, "xMin");
			const char *t = strchr(s, '>') + 1, *end = strchr(t, '<');
			size_t len = (size_t)(end - t), have = strlen(ln->text);
			if (have + len + 2 < sizeof ln->text)
				snprintf(ln->text + have, sizeof ln->text - have, "%s%.*s", word ? " " : "", (int)len, t);
			snprintf(ln->last, sizeof ln->last, "%.*s", (int)(len < 63 ? len : 63), t);
			word++;
		}
	}
	free(xml);
}

static void free_pdf(struct pdoc *d)
{
	for (int i = 0; i < d->npages; i++)
		free(d->pages[i].lines);
}

static void make(const char *args, const char *pdf)
{
	char cmd[800];
	mkdir("build/tests", 0755);
	mkdir(DIR, 0755);
	snprintf(cmd, sizeof cmd, "%s -o %s", args, pdf);
	ck_assert_msg(test_run(cmd, NULL, DIR "/err.txt") == 0, "mapsheet %s failed", cmd);
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A key page: its title ends "— key". */
static int is_key_page(const struct ppage *p)
{
	return p->n > 0 && strstr(p->lines[0].text, "\xe2\x80\x94 key") != NULL;
}

/* The first line of a key's unit: an entry's heading ("4 Gate Hall · ..."),
 * the key's title, or a list's heading. */
static int unit_start(const struct pline *l)
{
	const char *t = l->text;
	if (t[0] >= '0' && t[0] <= '9') {
		const char *sp = strchr(t, ' ');
		return sp && sp[1] >= 'A' && sp[1] <= 'Z' && strspn(t, "0123456789") == (size_t)(sp - t) &&
		       !starts(sp + 1, "XP");   /* a wandering row wrapped at its figures: "900 XP, low ..." */
	}
	return starts(t, "Key to level") || starts(t, "Key") || starts(t, "Marks") || starts(t, "Notes") ||
	       starts(t, "Wandering monsters") || starts(t, "Adversaries and the alarm") || starts(t, "The party");
}

static int is_footer(const struct pline *l)
{
	return starts(l->text, "mapsheet ") || starts(l->text, "Remake:") || starts(l->text, "page ");
}

/* The columns of the key pages from..to - 1 (one level's; each level's
 * sheet sets its own): their pitch (column and gap), from the left edges
 * of their headings; 0 when all stand in one column. */
static double column_pitch(const struct pdoc *d, int from, int to, double margin)
{
	double pitch = 0;
	for (int i = from; i < to; i++) {
		const struct ppage *p = &d->pages[i];
		for (int k = 1; k < p->n; k++) {
			double off = p->lines[k].x0 - margin;
			if (unit_start(&p->lines[k]) && off > 60 && (pitch == 0 || off < pitch))
				pitch = off;
		}
	}
	return pitch;
}

struct column {
	int first, n;           /* the column's lines, top down: index into p->lines */
	int idx[MAX_LINES / 4];
	double top, bottom;
};

/* Splits key page p's body (under its title, above its footer) into
 * columns of `pitch`; returns how many hold lines. */
static int columns_of(const struct ppage *p, double margin, double pitch, struct column *col, int max)
{
	for (int c = 0; c < max; c++) {
		col[c].n = 0;
		col[c].top = 1e9;
		col[c].bottom = 0;
	}
	int used = 0;
	for (int k = 1; k < p->n; k++) {
		const struct pline *l = &p->lines[k];
		if (is_footer(l))
			continue;
		int c = (int)((l->x0 - margin) / pitch + 0.25);
		ck_assert_int_lt(c, max);
		struct column *cl = &col[c];
		/* top down: pdftotext gives each column's lines in order */
		ck_assert_int_lt(cl->n, MAX_LINES / 4);
		int at = cl->n;
		while (at > 0 && p->lines[cl->idx[at - 1]].y0 > l->y0) {
			cl->idx[at] = cl->idx[at - 1];
			at--;
		}
		cl->idx[at] = k;
		cl->n++;
		if (l->y0 < cl->top)
			cl->top = l->y0;
		if (l->y1 > cl->bottom)
			cl->bottom = l->y1;
		if (c + 1 > used)
			used = c + 1;
	}
	return used;
}

/* Checks the key pages of booklet pdf; the fill of each into fills (of
 * the first max) and the headings found wrapped into *wrapped, their
 * count returned. */
static int check_key_pages(const char *pdf, double *fills, int max, int *wrapped_out)
{
	struct pdoc d;
	read_pdf(pdf, &d);
	const double margin = 28.8;
	/* each key page's column pitch, its level's */
	double pitch[MAX_PAGES] = { 0 };
	for (int i = 0; i < d.npages; i++) {
		if (!is_key_page(&d.pages[i]) || (i > 0 && is_key_page(&d.pages[i - 1])))
			continue;
		int end = i;
		while (end < d.npages && is_key_page(&d.pages[end]))
			end++;
		double pt = column_pitch(&d, i, end, margin);
		for (int k = i; k < end; k++)
			pitch[k] = pt > 0 ? pt : d.pages[k].w - 2 * margin + GAP;
	}
	/* the columns' full height: the lowest any key column reaches */
	double top = 1e9, bottom = 0;
	struct column col[8];
	for (int i = 0; i < d.npages; i++) {
		if (!is_key_page(&d.pages[i]))
			continue;
		int nc = columns_of(&d.pages[i], margin, pitch[i], col, 8);
		for (int c = 0; c < nc; c++)
			if (col[c].n > 0) {
				top = col[c].top < top ? col[c].top : top;
				bottom = col[c].bottom > bottom ? col[c].bottom : bottom;
			}
	}
	double full = bottom - top;
	int nkey = 0, wrapped = 0;
	for (int i = 0; i < d.npages; i++) {
		const struct ppage *p = &d.pages[i];
		if (!is_key_page(p))
			continue;
		int last_of_level = i + 1 >= d.npages || !is_key_page(&d.pages[i + 1]);
		int ncols = (int)((p->w - 2 * margin + GAP) / pitch[i] + 0.05);
		int nc = columns_of(p, margin, pitch[i], col, 8);
		ck_assert_int_le(nc, ncols);
		double used = 0;
		for (int c = 0; c < nc; c++) {
			if (col[c].n == 0)
				continue;
			used += col[c].bottom - top;
			/* a column begins with a unit, unless the unit it
			 * continues fills the column before it and this one */
			const struct pline *head = &p->lines[col[c].idx[0]];
			if (!unit_start(head)) {
				int long_unit = c > 0 && col[c - 1].n > 0 && unit_start(&p->lines[col[c - 1].idx[0]]);
				for (int k = 1; long_unit && k < col[c - 1].n; k++)
					long_unit = !unit_start(&p->lines[col[c - 1].idx[k]]);
				ck_assert_msg(long_unit, "%s page %d column %d begins in the middle of an entry: '%s'", pdf,
					      i + 1, c + 1, head->text);
			}
			/* a heading that wraps hangs under its title */
			for (int k = 0; k + 1 < col[c].n; k++) {
				const struct pline *l = &p->lines[col[c].idx[k]], *next = &p->lines[col[c].idx[k + 1]];
				if (!unit_start(l) || !(l->text[0] >= '0' && l->text[0] <= '9') ||
				    strcmp(l->last, "ft") == 0 || strcmp(l->last, "squares") == 0 ||
				    strcmp(l->last, "square") == 0)
					continue;
				wrapped++;
				ck_assert_msg(next->x0 >= l->x_second - 1,
					      "%s page %d: heading '%s' wraps with '%s' at %.1f, left of its title at %.1f",
					      pdf, i + 1, l->text, next->text, next->x0, l->x_second);
			}
		}
		double fill = used / (ncols * full);
		if (nkey < max)
			fills[nkey] = fill;
		nkey++;
		if (!last_of_level)
			ck_assert_msg(fill >= 2.0 / 3 - 1e-9, "%s page %d: a key page %.0f%% full before its level's last",
				      pdf, i + 1, fill * 100);
	}
	*wrapped_out = wrapped;
	free_pdf(&d);
	return nkey;
}

static void check_one_orientation(const char *pdf)
{
	struct pdoc d;
	read_pdf(pdf, &d);
	ck_assert_int_gt(d.npages, 1);
	for (int i = 1; i < d.npages; i++)
		ck_assert_msg(d.pages[i].w == d.pages[0].w && d.pages[i].h == d.pages[0].h,
			      "%s: page %d is %.0f x %.0f, page 1 %.0f x %.0f", pdf, i + 1, d.pages[i].w, d.pages[i].h,
			      d.pages[0].w, d.pages[0].h);
	free_pdf(&d);
}

static const char *const seeds[] = { "sunken-keep", "ash-barrow", "salt-warren" };

/* Three 3-level booklets, and one of a mansion and a house whose keys
 * take two key pages each. */
START_TEST(test_gm_booklet)
{
	char args[300], pdf[200];
	snprintf(pdf, sizeof pdf, DIR "/gm-%d.pdf", _i);
	if (_i < 3)
		snprintf(args, sizeof args, "--levels 3 --seed %s --system 5e --party 4 --party-level 5", seeds[_i]);
	else
		snprintf(args, sizeof args, "--levels 2 --method mansion,house --seed sunken-keep --system 5e --party 4 "
			 "--party-level 5");
	make(args, pdf);
	check_one_orientation(pdf);
	/* the cover says whom the key was stocked for */
	char cmd[300];
	snprintf(cmd, sizeof cmd, "pdftotext -f 1 -l 1 %s - | tr '\n' ' '", pdf);
	char *cover = run_capture(cmd);
	ck_assert_msg(strstr(cover, "Stocked with the 5e system for 4 characters of level 5") != NULL, "%s: %s", pdf,
		      cover);
	free(cover);
	double fills[40];
	int wrapped = 0;
	int n = check_key_pages(pdf, fills, 40, &wrapped);
	ck_assert_int_ge(n, _i < 3 ? 3 : 4);
	/* the mansion's booklet has headings that wrap (a long name and its
	 * size), so the hanging check above has work */
	if (_i == 3)
		ck_assert_int_ge(wrapped, 1);
}
END_TEST

/* The ink of page `page` of pdf between y0 and y1 (points), rasterised
 * at 36 dpi: its box in points. */
static void ink_box(const char *pdf, int page, double y0, double y1, double *bx0, double *by0, double *bx1,
		    double *by1)
{
	char cmd[600], pgm[300];
	snprintf(pgm, sizeof pgm, DIR "/ink-%d", page);
	snprintf(cmd, sizeof cmd, "pdftoppm -gray -r 36 -f %d -l %d -singlefile '%s' %s", page, page, pdf, pgm);
	ck_assert_int_eq(system(cmd), 0);
	strcat(pgm, ".pgm");
	FILE *f = fopen(pgm, "rb");
	ck_assert_ptr_nonnull(f);
	int w, h, maxv;
	ck_assert_int_eq(fscanf(f, "P5 %d %d %d", &w, &h, &maxv), 3);
	fgetc(f);
	unsigned char *px = malloc((size_t)w * h);
	ck_assert_ptr_nonnull(px);
	ck_assert_int_eq(fread(px, 1, (size_t)w * h, f), (size_t)w * h);
	fclose(f);
	int x0 = w, x1 = -1, r0 = h, r1 = -1;
	for (int y = (int)(y0 / 2) + 1; y < (int)(y1 / 2) && y < h; y++)
		for (int x = 0; x < w; x++)
			if (px[(size_t)y * w + x] < 245) {
				x0 = x < x0 ? x : x0;
				x1 = x > x1 ? x : x1;
				r0 = y < r0 ? y : r0;
				r1 = y > r1 ? y : r1;
			}
	free(px);
	ck_assert_int_ge(x1, 0);
	*bx0 = x0 * 2.0, *bx1 = (x1 + 1) * 2.0, *by0 = r0 * 2.0, *by1 = (r1 + 1) * 2.0;
}

START_TEST(test_players_maps)
{
	static const double standard[] = { 1, 2, 3, 4, 5, 6, 8, 10, 12, 16 };
	char args[300], pdf[200];
	snprintf(pdf, sizeof pdf, DIR "/players-%s.pdf", seeds[_i]);
	snprintf(args, sizeof args, "--levels 3 --seed %s --system 5e --party 4 --party-level 5 --player", seeds[_i]);
	make(args, pdf);
	check_one_orientation(pdf);
	/* the players' cover names no party: nothing of the key's stocking */
	char cmd[300];
	snprintf(cmd, sizeof cmd, "pdftotext %s - | grep -c 'Stocked with'", pdf);
	char *said = run_capture(cmd);
	ck_assert_int_eq(atoi(said), 0);
	free(said);
	struct pdoc d;
	read_pdf(pdf, &d);
	int maps = 0;
	for (int i = 0; i < d.npages; i++) {
		const struct ppage *p = &d.pages[i];
		const struct pline *sub = NULL, *band = NULL;
		for (int k = 0; k < p->n; k++) {
			if (!sub && starts(p->lines[k].text, "Players"))
				sub = &p->lines[k];
			if (!band && starts(p->lines[k].text, "1 square = "))
				band = &p->lines[k];
		}
		if (!sub)
			continue;
		ck_assert_ptr_nonnull(band);
		const char *at = strstr(sub->text, " to the inch");
		ck_assert_ptr_nonnull(at);
		while (at > sub->text && at[-1] != '\xb7')
			at--;
		double scale = strtod(at, NULL);
		int si = -1;
		for (int k = 0; k < 10; k++)
			if (standard[k] == scale)
				si = k;
		ck_assert_msg(si >= 0, "%s page %d: '%s' is not at a standard scale", pdf, i + 1, sub->text);
		double x0, y0, x1, y1;
		ink_box(pdf, i + 1, sub->y1 + 2, band->y0 - 8, &x0, &y0, &x1, &y1);
		double span_w = (x1 - x0) / p->w, span_h = (y1 - y0) / p->h;
		ck_assert_msg(span_w >= 0.6 || span_h >= 0.6, "%s page %d: the map spans %.0f%% x %.0f%% of the page",
			      pdf, i + 1, span_w * 100, span_h * 100);
		/* at the next coarser standard scale it would not fit */
		if (si > 0) {
			double grow = scale / standard[si - 1];
			double room_w = p->w - 2 * 28.8, room_h = band->y0 - sub->y1;
			ck_assert_msg((x1 - x0) * grow > room_w - 8 || (y1 - y0) * grow > room_h - 8,
				      "%s page %d: the map (%.0f x %.0f pt at %g to the inch) would fit at %g "
				      "(%.0f x %.0f pt room)", pdf, i + 1, x1 - x0, y1 - y0, scale, standard[si - 1],
				      room_w, room_h);
		}
		maps++;
	}
	ck_assert_int_eq(maps, 3);
	free_pdf(&d);
}
END_TEST

static Suite *bookpages_suite(void)
{
	Suite *s = suite_create("render_bookpages");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_gm_booklet, 0, 4);
	tcase_add_loop_test(tc, test_players_maps, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(bookpages_suite)
