/* check_render_booklet.c: the booklet PDF read back with qpdf and poppler:
 * its pages, bookmarks, links and page labels against the scene the layout
 * made; the same page through the libharu and the Cairo backends,
 * rasterised and compared pixel by pixel; byte-identical files for the same
 * command with SOURCE_DATE_EPOCH; UTF-8 names; --level K and --format;
 * page numbers through the whole booklet. */
#include "testutil.h"

#include "methods/levels.h"
#include "render.h"
#include "render_int.h"

#include <stdlib.h>
#include <string.h>

#define OUT "build/tests/out"

/* Output of a shell command (caller frees), or NULL. */
static char *run_capture(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 1 << 20, n = 0, got;
	char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (n + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	pclose(p);
	if (buf)
		buf[n] = '\0';
	return buf;
}

static int count_substr(const char *text, const char *needle)
{
	int n = 0;
	for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* The same over len bytes that may hold NULs (a PDF's font data). */
static int count_bytes(const char *data, size_t len, const char *needle)
{
	size_t nl = strlen(needle);
	int n = 0;
	for (size_t i = 0; i + nl <= len; i++)
		if (data[i] == needle[0] && memcmp(data + i, needle, nl) == 0) {
			n++;
			i += nl - 1;
		}
	return n;
}

/* The scene the booklet is drawn from. */
static void lay_booklet(const struct doc *d, struct scene *sc)
{
	struct measure ms;
	struct style st;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	ck_assert_int_eq(render_load_style(&st, d->sheet.style, d->template_dirs, &ms, &e), 0);
	scene_init(sc);
	ck_assert_msg(render_lay_out(d, &st, &ms, 1, sc, &e) == 0, "%s", e.msg);
	measure_free(&ms);
}

static int scene_has_anchor(const struct scene *sc, const char *name)
{
	for (int p = 0; p < sc->npages; p++)
		for (size_t k = 0; k < sc->pages[p].nitems; k++)
			if (sc->pages[p].items[k].kind == SCENE_ANCHOR && strcmp(sc->pages[p].items[k].text, name) == 0)
				return 1;
	return 0;
}

static int pdf_pages(const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdfinfo '%s' 2>/dev/null", path);
	char *out = run_capture(cmd);
	ck_assert_ptr_nonnull(out);
	char *p = strstr(out, "Pages:");
	int n = p ? atoi(p + 6) : -1;
	free(out);
	return n;
}

/* Pages, bookmarks, links and labels, read back with pdfinfo and qpdf. */
START_TEST(test_booklet_structure)
{
	struct level lv[3];
	struct doc d;
	struct err e;
	test_levels_doc(lv, 3, "mansion,dice", "structure", NULL, &d);
	ck_assert_msg(render_write_booklet(&d, OUT "/booklet.pdf", &e) == 0, "%s", e.msg);
	struct scene sc;
	lay_booklet(&d, &sc);

	/* pages: the cover and every level's map and key pages */
	ck_assert_int_eq(pdf_pages(OUT "/booklet.pdf"), sc.npages);
	ck_assert_int_eq(sc.pages[0].kind, PAGE_COVER);
	int rooms = 0, maps = 0;
	for (int k = 0; k < 3; k++)
		rooms += lv[k].key.n;
	for (int p = 0; p < sc.npages; p++)
		maps += sc.pages[p].kind == PAGE_MAP;
	ck_assert_int_eq(maps, 3);

	/* bookmarks: the cover; per level the level, its map, each room */
	char *json = run_capture("qpdf --json --json-key=outlines --json-key=pagelabels " OUT "/booklet.pdf");
	ck_assert_ptr_nonnull(json);
	ck_assert_int_eq(count_substr(json, "\"title\":"), 1 + 3 * 2 + rooms);
	ck_assert_ptr_nonnull(strstr(json, "\"title\": \"Level 2 \xe2\x80\x94 Dice, "));
	char want[128];
	snprintf(want, sizeof want, "\"title\": \"1  %s\"", lv[0].key.entries[0].title);
	ck_assert_msg(strstr(json, want), "no bookmark %s", want);
	/* page labels: one a page, the cover, maps and key pages named (a
	 * level whose key fits beside its map has none) */
	ck_assert_int_eq(count_substr(json, "\"index\":"), sc.npages);
	ck_assert_ptr_nonnull(strstr(json, "\"u:cover\""));
	int keyed = 0;
	for (int k = 1; k <= 3; k++) {
		snprintf(want, sizeof want, "\"u:%d-map\"", k);
		ck_assert_msg(strstr(json, want), "no page label %s", want);
		int key_pages = 0;
		for (int p = 0; p < sc.npages; p++)
			key_pages += sc.pages[p].kind == PAGE_KEY && sc.pages[p].level == k;
		snprintf(want, sizeof want, "\"u:%d-key\"", k);
		ck_assert_msg(!strstr(json, want) == !key_pages, "page label %s on %d key pages", want, key_pages);
		keyed += key_pages > 0;
	}
	ck_assert_int_gt(keyed, 0);
	free(json);

	/* links: every scene link whose anchor is in the booklet; at least a
	 * room number and a key heading per room, and both ends of each stair */
	int links = 0;
	for (int p = 0; p < sc.npages; p++)
		for (size_t k = 0; k < sc.pages[p].nitems; k++)
			if (sc.pages[p].items[k].kind == SCENE_LINK && scene_has_anchor(&sc, sc.pages[p].items[k].text))
				links++;
	ck_assert_int_ge(links, 2 * rooms + 2 * 2 + 3);
	ck_assert_int_eq(system("qpdf --qdf --object-streams=disable " OUT "/booklet.pdf " OUT "/booklet.qdf"), 0);
	size_t qlen;
	char *qdf = test_slurp(OUT "/booklet.qdf", &qlen);
	ck_assert_ptr_nonnull(qdf);
	ck_assert_int_eq(count_bytes(qdf, qlen, "/Subtype /Link"), links);
	/* every font embedded, as TrueType glyphs */
	ck_assert_int_eq(count_bytes(qdf, qlen, "/FontFile2"), count_bytes(qdf, qlen, "/Subtype /CIDFontType2"));
	ck_assert_int_gt(count_bytes(qdf, qlen, "/FontFile2"), 0);
	free(qdf);
	scene_free(&sc);
	levels_free(lv, 3);
}
END_TEST

/* A grey PGM from pdftoppm: its size and pixels (caller frees). */
static unsigned char *read_pgm(const char *path, int *w, int *h)
{
	size_t len;
	char *data = test_slurp(path, &len);
	ck_assert_ptr_nonnull(data);
	int maxv, off = 0;
	ck_assert_int_eq(sscanf(data, "P5 %d %d %d%n", w, h, &maxv, &off), 3);
	ck_assert_int_eq(maxv, 255);
	off++;
	ck_assert((size_t)off + (size_t)*w * *h <= len);
	unsigned char *px = malloc((size_t)*w * *h);
	ck_assert_ptr_nonnull(px);
	memcpy(px, data + off, (size_t)*w * *h);
	free(data);
	return px;
}

/* Rasterises page `page` (1-based) of both PDFs at 50 dpi and compares. */
static void compare_page(const char *haru, const char *cairo, int page, double *over, double *mean)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdftoppm -gray -r 50 -f %d -l %d -singlefile %s " OUT "/px-haru", page, page, haru);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "pdftoppm -gray -r 50 -f %d -l %d -singlefile %s " OUT "/px-cairo", page, page, cairo);
	ck_assert_int_eq(system(cmd), 0);
	int w1, h1, w2, h2;
	unsigned char *a = read_pgm(OUT "/px-haru.pgm", &w1, &h1), *b = read_pgm(OUT "/px-cairo.pgm", &w2, &h2);
	ck_assert_int_eq(w1, w2);
	ck_assert_int_eq(h1, h2);
	long n = (long)w1 * h1, big = 0, sum = 0, ink = 0;
	for (long i = 0; i < n; i++) {
		int dv = abs(a[i] - b[i]);
		sum += dv;
		big += dv > 64;
		ink += b[i] < 128;
	}
	ck_assert_int_gt(ink, n / 200);    /* the page has something on it */
	*over = 100.0 * big / n;
	*mean = (double)sum / n;
	free(a);
	free(b);
}

/* The same pages through libharu and through Cairo, rasterised at 50 dpi:
 * at most 0.25% of pixels may differ by more than a quarter of the grey
 * range, and the mean difference must stay under 3 of 255 (measured: at
 * most 0.03% and 1.7; text set without Pango's kerning gave 3.3% and 7.4
 * on a key page). */
/* Compares the pages labelled labels[] of a booklet in `style` through
 * both backends; adds the worst figures to *worst_over, *worst_mean. */
static void compare_style(struct doc *d, const char *style, const char *const *labels, int n, double *worst_over,
			  double *worst_mean)
{
	struct err e;
	d->sheet.style = style;
	ck_assert_msg(render_write_booklet(d, OUT "/px-booklet.pdf", &e) == 0, "%s", e.msg);
	ck_assert_msg(render_write(d, OUT "/px-cairo.pdf", "pdf-cairo", &e) == 0, "%s", e.msg);
	ck_assert_int_eq(pdf_pages(OUT "/px-booklet.pdf"), pdf_pages(OUT "/px-cairo.pdf"));
	struct scene sc;
	lay_booklet(d, &sc);
	for (int i = 0; i < n; i++) {
		int page = -1;
		for (int p = 0; p < sc.npages; p++)
			if (strcmp(sc.pages[p].label, labels[i]) == 0)
				page = p + 1;
		ck_assert_int_gt(page, 0);
		double over, mean;
		compare_page(OUT "/px-booklet.pdf", OUT "/px-cairo.pdf", page, &over, &mean);
		ck_assert_msg(over <= 0.25, "%s page %s: %.3f%% of pixels differ", style, labels[i], over);
		ck_assert_msg(mean <= 3.0, "%s page %s: mean difference %.2f", style, labels[i], mean);
		*worst_over = over > *worst_over ? over : *worst_over;
		*worst_mean = mean > *worst_mean ? mean : *worst_mean;
	}
	scene_free(&sc);
}

START_TEST(test_backends_match)
{
	struct level lv[2];
	struct doc d;
	test_levels_doc(lv, 2, "mansion,dice", "pixels", NULL, &d);
	/* in portrait, where the bounds were measured (a landscape cover's
	 * longer lines drift a little further apart) */
	d.sheet.orientation = ORIENT_PORTRAIT;
	/* the cover, level 1's map and first key page, level 2's map; and the
	 * hatched style's rock hatching and transparent colours */
	const char *const classic[] = { "cover", "1-map", "1-key", "2-map" };
	const char *const hatched[] = { "1-map", "2-map" };
	double over = 0, mean = 0;
	compare_style(&d, "classic", classic, 4, &over, &mean);
	compare_style(&d, "hatched", hatched, 2, &over, &mean);
	fprintf(stderr, "booklet: libharu against Cairo, 6 pages at 50 dpi: at worst %.3f%% of pixels differ by more "
		"than 64 (bound 0.25%%), mean difference %.2f (bound 3.0)\n", over, mean);
	levels_free(lv, 2);
}
END_TEST

/* The same command twice gives the same bytes when SOURCE_DATE_EPOCH is
 * set, and the dates are that time. */
START_TEST(test_reproducible)
{
	const char *args = "--levels 3 --method dice,house --seed same -o " OUT "/same-a.pdf";
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	ck_assert_int_eq(system("mv " OUT "/same-a.pdf " OUT "/same-b.pdf"), 0);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	ck_assert_int_eq(system("cmp -s " OUT "/same-a.pdf " OUT "/same-b.pdf"), 0);
	char *info = run_capture("pdfinfo -isodates " OUT "/same-a.pdf");
	ck_assert_ptr_nonnull(info);
	ck_assert_msg(strstr(info, "2023-11-14T22:13:20"), "%s", info);
	ck_assert_ptr_nonnull(strstr(info, "Creator:         mapsheet " MAPSHEET_VERSION));
	free(info);
	/* another date, another file */
	setenv("SOURCE_DATE_EPOCH", "1700000001", 1);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	ck_assert_int_ne(system("cmp -s " OUT "/same-a.pdf " OUT "/same-b.pdf"), 0);
	setenv("SOURCE_DATE_EPOCH", "yesterday", 1);
	ck_assert_int_eq(test_run(args, NULL, NULL), 2);
	unsetenv("SOURCE_DATE_EPOCH");
}
END_TEST

/* A name beyond ASCII prints, can be found in the text, and titles the file. */
START_TEST(test_utf8_title)
{
	ck_assert_int_eq(test_run("--levels 2 --seed ae --title '\xc3\x86lfric'\"'\"'s Crypt' -o " OUT "/aelfric.pdf",
				  NULL, NULL), 0);
	char *text = run_capture("pdftotext " OUT "/aelfric.pdf - 2>&1");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strstr(text, "\xc3\x86lfric's Crypt"), "%.300s", text);
	ck_assert_msg(!strstr(text, "Syntax Warning"), "poppler complains: %.300s", text);
	free(text);
	char *info = run_capture("pdfinfo " OUT "/aelfric.pdf");
	ck_assert_ptr_nonnull(info);
	ck_assert_ptr_nonnull(strstr(info, "Title:           \xc3\x86lfric's Crypt"));
	free(info);
	char *fonts = run_capture("pdffonts " OUT "/aelfric.pdf");
	ck_assert_ptr_nonnull(fonts);
	ck_assert_ptr_nonnull(strstr(fonts, "DejaVuSans"));
	ck_assert_ptr_null(strstr(fonts, " no  "));     /* every font embedded */
	free(fonts);
}
END_TEST

/* --level K prints level K as it is in the booklet; --format picks the
 * writer whatever the extension. */
START_TEST(test_level_and_format)
{
	ck_assert_int_eq(test_run("--levels 3 --method mansion,dice --seed lv", OUT "/lv-all.txt", NULL), 0);
	ck_assert_int_eq(test_run("--levels 3 --level 2 --method mansion,dice --seed lv", OUT "/lv-2.txt", NULL), 0);
	char *all = test_slurp(OUT "/lv-all.txt", NULL), *two = test_slurp(OUT "/lv-2.txt", NULL);
	ck_assert_ptr_nonnull(all);
	ck_assert_ptr_nonnull(two);
	/* the site's name on the first line, its premise, then the level's header */
	const char *head = strstr(two, "\ndice, seed lv, level 2 of 3");
	ck_assert_msg(head != NULL, "%.80s", two);
	char *at = strstr(all, "dice, seed lv, level 2 of 3");
	char *end = at ? strstr(at + 1, "dice, seed lv, level 3 of 3") : NULL;
	ck_assert_ptr_nonnull(end);
	/* the same text, but for the remake command at the end of the output */
	char *remake = strstr(two, "\nRemake: ");
	ck_assert_ptr_nonnull(remake);
	size_t same = (size_t)(remake - (head + 1));
	ck_assert_int_ge((size_t)(end - at), same);
	ck_assert(strncmp(head + 1, at, same) == 0);
	ck_assert_ptr_nonnull(strstr(two, "Stairs down to level 3, room "));
	ck_assert_ptr_nonnull(strstr(two, "Stairs up to level 1, room "));
	free(all);
	free(two);
	/* a sheet of level 2 alone, through Cairo */
	ck_assert_int_eq(test_run("--levels 3 --level 2 --method mansion,dice --seed lv -o " OUT "/lv-2.pdf", NULL, NULL), 0);
	char *text = run_capture("pdftotext " OUT "/lv-2.pdf - 2>&1");
	ck_assert_ptr_nonnull(strstr(text, "Level 2"));
	ck_assert_ptr_nonnull(strstr(text, "level 2 of 3"));
	ck_assert_ptr_null(strstr(text, "Level 1"));
	free(text);
	/* pdf-cairo: the same pages as the booklet, no bookmarks, no links */
	ck_assert_int_eq(test_run("--levels 2 --seed fmt --format pdf-cairo -o " OUT "/fmt.out", NULL, NULL), 0);
	ck_assert_int_eq(test_run("--levels 2 --seed fmt -o " OUT "/fmt.pdf", NULL, NULL), 0);
	ck_assert_int_eq(pdf_pages(OUT "/fmt.out"), pdf_pages(OUT "/fmt.pdf"));
	char *json = run_capture("qpdf --json --json-key=outlines " OUT "/fmt.out");
	ck_assert_ptr_nonnull(json);
	ck_assert_int_eq(count_substr(json, "\"title\":"), 0);
	free(json);
	/* usage errors */
	ck_assert_int_eq(test_run("--levels 3 --level 4", NULL, NULL), 2);
	ck_assert_int_eq(test_run("--format booklet -o " OUT "/x.pdf", NULL, NULL), 2);
	ck_assert_int_eq(test_run("--levels 2 -o -", NULL, NULL), 0);      /* text to stdout */
	ck_assert_int_eq(test_run("--levels 2 --format pdf -o -", NULL, NULL), 2);
}
END_TEST

/* Every page of the booklet after the cover says its own number of the
 * whole booklet, cover counted, as pdftotext reads it: the players' copy
 * (whose footers name no level), the referee's, the one Cairo draws, and
 * the key pages of levels printed in pieces.
 * Before, the players' 4 pages each said "page 1 of 1". */
static void pages_numbered(const char *args, const char *pdf, int every)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "%s -o %s", args, pdf);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	snprintf(cmd, sizeof cmd, "pdfinfo %s 2>&1", pdf);
	char *info = run_capture(cmd);
	ck_assert_ptr_nonnull(info);
	const char *at = strstr(info, "Pages:");
	ck_assert_ptr_nonnull(at);
	int npages = atoi(at + 6);
	free(info);
	ck_assert_int_ge(npages, 4);
	int numbered = 0;
	for (int k = 2; k <= npages; k++) {
		snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d %s - 2>&1", k, k, pdf);
		char *text = run_capture(cmd);
		ck_assert_ptr_nonnull(text);
		char want[64];
		snprintf(want, sizeof want, "\xc2\xb7 page %d of %d\n", k, npages);
		int footers = count_substr(text, " \xc2\xb7 page ");
		numbered += footers;
		if (footers || every)
			ck_assert_msg(strstr(text, want) != NULL && footers == 1, "%s page %d does not say '%s': %s", args, k,
				      want, text);
		free(text);
	}
	ck_assert_int_ge(numbered, 2);
}

START_TEST(test_page_numbers)
{
	pages_numbered("--levels 3 --player --seed 7", OUT "/numbered-player.pdf", 1);
	pages_numbered("--levels 3 --seed 7", OUT "/numbered.pdf", 1);
	pages_numbered("--levels 3 --seed 7 --format pdf-cairo", OUT "/numbered-cairo.pdf", 1);
	/* levels in pieces: the key pages after the pieces (which say which
	 * piece they are) numbered through the booklet */
	pages_numbered("--levels 2 --seed 7 --scale 2", OUT "/numbered-poster.pdf", 0);
}
END_TEST

/* Text of page `page` of pdf, every run of white space one space. */
static char *page_words(const char *pdf, int page)
{
	char cmd[400];
	snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d %s - 2>&1", page, page, pdf);
	char *text = run_capture(cmd);
	ck_assert_ptr_nonnull(text);
	size_t n = 0;
	int space = 0;
	for (const char *p = text; *p; p++) {
		if (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\f') {
			space = 1;
			continue;
		}
		if (space && n)
			text[n++] = ' ';
		space = 0;
		text[n++] = *p;
	}
	text[n++] = ' ';
	text[n] = '\0';
	return text;
}

/* The cover lists every level with the page its map starts on (the first
 * page whose header names the level), and draws how they join: a box a
 * level with the same page, the stairs between them. Both back ends. */
static void cover_pages(const char *args, const char *pdf, int nlevels)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "-q %s -o %s", args, pdf);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	char *cover = page_words(pdf, 1);
	int last_cover = 1;
	/* the map of how the levels join starts the next page where its
	 * columns do not fit under a long premise: the cover is both */
	if (!strstr(cover, "How the levels join")) {
		char *more = page_words(pdf, 2);
		size_t n = strlen(cover), m = strlen(more);
		char *both = malloc(n + m + 1);
		ck_assert_ptr_nonnull(both);
		memcpy(both, cover, n);
		memcpy(both + n, more, m + 1);
		free(cover);
		free(more);
		cover = both;
		last_cover = 2;
	}
	ck_assert_msg(strstr(cover, "How the levels join") != NULL, "%s: %s", args, cover);
	for (int k = 1; k <= nlevels; k++) {
		/* a map page's header says "Level 2 · ...", a poster's "... · level 2" */
		char head[64], box[64], header[64], poster[64];
		snprintf(head, sizeof head, "Level %d \xe2\x80\x94 ", k);
		snprintf(header, sizeof header, "Level %d \xc2\xb7 ", k);
		snprintf(poster, sizeof poster, "\xc2\xb7 level %d Poster in ", k);
		const char *at = strstr(cover, head);
		ck_assert_msg(at != NULL, "%s: no line for level %d on the cover: %s", args, k, cover);
		const char *page = strstr(at, " page ");
		ck_assert_ptr_nonnull(page);
		int p = atoi(page + 6);
		ck_assert_int_gt(p, last_cover);
		/* the level's box in the map of how the levels join names the
		 * same page (in columns, pdftotext reads them in any order) */
		snprintf(box, sizeof box, "Level %d \xc2\xb7 ", k);
		ck_assert_msg(strstr(strstr(cover, "How the levels join"), box) != NULL, "%s: no box for level %d", args, k);
		char named[32];
		snprintf(named, sizeof named, " page %d ", p);
		ck_assert_msg(count_substr(cover, named) == 2, "%s: page %d is not named twice: %s", args, p, cover);
		char *text = page_words(pdf, p);
		ck_assert_msg(strstr(text, header) || strstr(text, poster), "%s: page %d, named for level %d, is not its "
			      "map: %s", args, p, k, text);
		free(text);
		if (p - 1 > last_cover) {
			text = page_words(pdf, p - 1);
			ck_assert_msg(!strstr(text, header) && !strstr(text, poster), "%s: level %d starts before page %d", args,
				      k, p);
			free(text);
		}
	}
	/* "stairs down from room 10 to room 1" under a box above, "... from
	 * level 1, room 10, to room 1" where the boxes stand side by side */
	ck_assert_msg(strstr(cover, "stairs down from room ") || strstr(cover, "stairs down from level "), "%s", cover);
	free(cover);
}

START_TEST(test_cover_pages)
{
	cover_pages("--levels 3 --seed 7", OUT "/cover-pages.pdf", 3);
	cover_pages("--levels 3 --seed 7 --format pdf-cairo", OUT "/cover-pages-cairo.pdf", 3);
	cover_pages("--levels 3 --seed 7 --player-secret-rooms", OUT "/cover-pages-player.pdf", 3);
	cover_pages("--levels 4 --seed 7 --scale 2", OUT "/cover-pages-poster.pdf", 4);
}
END_TEST

static Suite *booklet_suite(void)
{
	Suite *s = suite_create("booklet");
	TCase *tc = tcase_create("booklet");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_booklet_structure);
	tcase_add_test(tc, test_backends_match);
	tcase_add_test(tc, test_reproducible);
	tcase_add_test(tc, test_utf8_title);
	tcase_add_test(tc, test_level_and_format);
	tcase_add_test(tc, test_page_numbers);
	tcase_add_test(tc, test_cover_pages);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	if (system("mkdir -p " OUT) != 0)
		return 1;
	return test_run_suite(booklet_suite());
}
