/* check_render_text.c: setting text. The quick way (words shaped once,
 * broken at spaces) must give the lines Pango's own layout gives: the same
 * words on each line, the same widths, heights and baselines; lines never
 * wider than asked; newlines kept; the word cache growing mid-paragraph; text it cannot set (other scripts, tabs,
 * a word wider than the line) still set, through Pango; every size of a
 * family as Pango sets it; and the glyph
 * positions a backend reads from the attached glyphs the ones Pango's
 * layout reports. */
#include "testutil.h"

#include "text/measure.h"
#include "text/measure_pango.h"
#include "text/measure_words.h"
#include "base/rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOL 0.01

static const char *const sentences[] = {
	"North: door, corridor to room 9. East: opening, corridor to room 10. South: door, corridor to room 7.",
	"A weapon rack, empty but for a snapped pike. Somewhere far off, a door slams.",
	"Monster: A ghost of a child plays with a ball that makes no sound when it bounces.",
	"Treasure: In an iron pot hung high out of reach: 140 copper pieces in a rotten leather purse; "
	"a flawless amber worth 100 gold pieces.",
	"Stalactites of lime hang from the old mortar of the ceiling. It smells faintly of incense.",
	"Ælfric's tower · 30 x 70 ft · Œuvre naïve, déjà vu «quoted» — “curly” ‘marks’ … 1½ feet",
	"WAVY AVATAR Tea Today Yes, To Vow; kerning pairs: AV Ta Te Yo LT P. F. r, y.",
	"double  spaces   between    words and a trailing space ",
	"  leading spaces on the first line only",
	"Monster: An ooze of rust-red slime creeps over a pile of ruined weapons, eating the iron.",
	"A broken ladder leans against a bricked-up, mouth-shaped opening; a 3-headed dog-faced-looking thing.",
};

static const double widths[] = { 0, 60, 97.5, 150, 222.2, 300, 410 };

/* Line i of b as its text, runs joined, without the break's spaces. */
static void line_text(const struct text_block *b, int i, char *out, size_t size)
{
	const struct text_line *l = &b->lines[i];
	size_t from = l->nruns ? b->runs[l->first_run].start : 0, to = from;
	for (int k = l->first_run; k < l->first_run + l->nruns; k++)
		to = b->runs[k].start + b->runs[k].len;
	while (to > from && (b->text[to - 1] == ' ' || b->text[to - 1] == '\n'))
		to--;
	snprintf(out, size, "%.*s", (int)(to - from), b->text + from);
}

static int ascii_alnum(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* Text with a dash, a slash or a hyphen not between a letter or digit and
 * a letter, which Pango may break after inside a word: wrapped, the quick
 * way sets it only when it needs no breaking. (A hyphen in a word, as in
 * "rust-red", it breaks after as Pango does.) */
static int breaks_inside_word(const char *text, double width)
{
	if (width <= 0)
		return 0;
	for (const char *p = text; *p; p++)
		if ((*p == '-' && !(p > text && ascii_alnum(p[-1]) && ascii_alnum(p[1]) && !(p[1] >= '0' && p[1] <= '9'))) ||
		    *p == '/' ||
		    ((unsigned char)p[0] == 0xe2 && (unsigned char)p[1] == 0x80 && (unsigned char)p[2] >= 0x90 &&
		     (unsigned char)p[2] <= 0x95))
			return 1;
	return 0;
}

/* Sets text both ways and holds the quick way to Pango's lines; returns
 * whether the quick way set it (when `must`, it has to, unless the text
 * may break inside a word). */
static int same_in(struct measure *ms, const char *text, const char *family, double size, int bold_len,
		   double width, int must)
{
	struct text_block q, p;
	struct err e;
	int quick = measure_words_block(ms, &q, text, family, size, bold_len, width);
	ck_assert_int_ge(quick, 0);
	if (must && !breaks_inside_word(text, width))
		ck_assert_int_eq(quick, 1);
	if (!quick)
		return 0;
	ck_assert_msg(measure_pango_block(ms, &p, text, family, size, bold_len, width, &e) == 0, "%s", e.msg);
	ck_assert_msg(q.nlines == p.nlines, "'%s' in %s %g at %g pt: %d lines, Pango %d", text, family, size, width,
		      q.nlines, p.nlines);
	for (int i = 0; i < q.nlines; i++) {
		char a[512], b[512];
		line_text(&q, i, a, sizeof a);
		line_text(&p, i, b, sizeof b);
		ck_assert_msg(strcmp(a, b) == 0, "at %g pt line %d: '%s', Pango '%s'", width, i, a, b);
		ck_assert_double_eq_tol(q.lines[i].top, p.lines[i].top, TOL);
		ck_assert_double_eq_tol(q.lines[i].baseline, p.lines[i].baseline, TOL);
		ck_assert_double_eq_tol(q.lines[i].height, p.lines[i].height, TOL);
		/* Pango counts a wrapped line's closing space in its width */
		double w = 0;
		for (int k = p.lines[i].first_run; k < p.lines[i].first_run + p.lines[i].nruns; k++)
			w = p.runs[k].x + p.runs[k].w;
		ck_assert_double_le(q.lines[i].width, w + TOL);
		if (width > 0)
			ck_assert_double_le(q.lines[i].width, width);
		for (int k = q.lines[i].first_run; k < q.lines[i].first_run + q.lines[i].nruns; k++)
			ck_assert_ptr_nonnull(q.runs[k].glyphs);
	}
	ck_assert_double_eq_tol(q.height, p.height, TOL);
	text_block_free(&q);
	text_block_free(&p);
	return 1;
}

static void assert_same_in(struct measure *ms, const char *text, const char *family, double size, int bold_len,
			   double width)
{
	same_in(ms, text, family, size, bold_len, width, 1);
}

static void assert_same_block(struct measure *ms, const char *text, int bold_len, double width)
{
	assert_same_in(ms, text, "DejaVu Sans", 8, bold_len, width);
}

START_TEST(test_same_lines_as_pango)
{
	struct measure ms;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	for (size_t s = 0; s < sizeof sentences / sizeof *sentences; s++)
		for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
			if (widths[w] > 0 && widths[w] < 100 && strstr(sentences[s], "Treasure"))
				continue;       /* "leather purse;" and such fit; the longest words are tested below */
			assert_same_block(&ms, sentences[s], 0, widths[w]);
			assert_same_block(&ms, sentences[s], 6, widths[w]);
			assert_same_block(&ms, sentences[s], -1, widths[w]);
		}
	/* every width from 100 to 420 pt in steps that land near the breaks */
	for (double w = 100; w < 420; w += 1.37)
		for (size_t s = 0; s < sizeof sentences / sizeof *sentences; s++)
			assert_same_block(&ms, sentences[s], 0, w);
	/* a paragraph of more distinct words than the cache first holds: it
	 * grows while the paragraph is being set */
	char *many = malloc(3000 * 8);
	ck_assert_ptr_nonnull(many);
	size_t used = 0;
	for (int i = 0; i < 3000; i++)
		used += (size_t)sprintf(many + used, "%sw%d", i ? " " : "", i);
	assert_same_block(&ms, many, 0, 300);
	free(many);
	/* every size of a face is made from the first one Pango found */
	static const double sizes[] = { 8, 6.75, 7, 8.5, 9, 11.05, 17, 23.3 };
	static const double wide[] = { 0, 300, 450, 620, 800 };
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
		for (size_t w = 0; w < sizeof wide / sizeof *wide; w++) {
			assert_same_in(&ms, sentences[0], "DejaVu Serif", sizes[k], 12, wide[w]);
			assert_same_in(&ms, sentences[5], "DejaVu Sans", sizes[k], -1, wide[w]);
			assert_same_in(&ms, "heading\n\nbody after an empty line", "DejaVu Serif", sizes[k], 4, wide[w]);
		}
	/* a word shaped before comes from the cache and sets the same */
	assert_same_block(&ms, sentences[0], 0, 150);
	measure_free(&ms);
}
END_TEST

/* Random text from pieces that meet at the quick way's edges: spaces in
 * runs, newlines, accents, punctuation that kerns, long and short words,
 * a bold head of any length. Either the quick way leaves the text to Pango
 * or it sets exactly Pango's lines. */
START_TEST(test_random_text)
{
	static const char *const bits[] = { "a", "Te", "AV", "Wo", "y.", "f,", "r", "LT", "12", "\xc3\x86", "\xc3\xa9",
					    "\xe2\x80\x94", "\xc2\xb7", " ", " ", " ", "  ", "\n", "-", "'",
					    "(x)", "room", "corridor", "portcullis", "Supercalifragilistic", "?", "!",
					    "\xe2\x80\xa6", "%", "&", "+", "=", "3d6", "\xe2\x80\x9c", "\xe2\x80\x9d", "\xc2\xab",
					    "\xc2\xbb", ":", ";", "[", "]", "\xc2\xbd", "#", "*", "\xe2\x80\x93", "/" };
	struct measure ms;
	struct err e;
	struct rng r;
	int quick = 0;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	rng_seed(&r, 2026, 11);
	for (int n = 0; n < 4000; n++) {
		char text[400] = "";
		size_t len = 0;
		for (int k = rng_range(&r, 1, 40); k > 0; k--) {
			const char *b = bits[rng_range(&r, 0, (int)(sizeof bits / sizeof *bits) - 1)];
			if (len + strlen(b) >= sizeof text)
				break;
			memcpy(text + len, b, strlen(b) + 1);
			len += strlen(b);
		}
		int bold_len = rng_range(&r, -1, (int)len + 2);
		/* a bold head ends between characters */
		while (bold_len > 0 && bold_len < (int)len && (text[bold_len] & 0xc0) == 0x80)
			bold_len--;
		double width = rng_chance(&r, 0.2) ? 0 : rng_range(&r, 30, 400) + rng_unit(&r);
		double size = rng_chance(&r, 0.5) ? 8 : 6 + rng_unit(&r) * 12;
		quick += same_in(&ms, text, "DejaVu Sans", size, bold_len, width, 0);
	}
	/* most of it is plain enough to go the quick way */
	ck_assert_int_ge(quick, 1000);
	measure_free(&ms);
}
END_TEST

/* Text Pango might break inside a word (but for a word's hyphens, which
 * the quick way breaks after too) is set the quick way when it needs no
 * breaking at all, and left to Pango when it does. */
START_TEST(test_fits_without_breaking)
{
	struct measure ms;
	struct err e;
	struct text_block b;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	const char *footer = "mapsheet 0.1.0 \xc2\xb7 seed x\nRemake: mapsheet -n 30 -s x -o level.pdf";
	ck_assert_int_eq(same_in(&ms, footer, "DejaVu Sans", 8, 0, 400, 0), 1);
	ck_assert_int_eq(same_in(&ms, "Dice map \xe2\x80\x94 key", "DejaVu Serif", 11, -1, 300, 0), 1);
	const char *ladder = "A broken ladder leans against a bricked/walled opening near the ceiling.";
	ck_assert_int_eq(measure_words_block(&ms, &b, ladder, "DejaVu Sans", 8, 0, 120), 0);
	ck_assert_int_eq(measure_block(&ms, &b, ladder, "DejaVu Sans", 8, 0, 120, &e), 0);
	ck_assert_int_ge(b.nlines, 3);
	for (int i = 0; i < b.nlines; i++)
		ck_assert_double_le(b.lines[i].width, 120);
	text_block_free(&b);
	measure_free(&ms);
}
END_TEST

/* A line's width, measured without setting it, is the width of the line
 * set, and the width Pango's layout gives it. */
START_TEST(test_width_alone)
{
	struct measure ms;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	for (size_t s = 0; s < sizeof sentences / sizeof *sentences; s++)
		for (int bold = 0; bold < 2; bold++) {
			double w;
			struct text_block p;
			ck_assert_int_eq(measure_words_width(&ms, sentences[s], "DejaVu Sans", 9, bold, &w), 1);
			ck_assert_int_eq(measure_block(&ms, &p, sentences[s], "DejaVu Sans", 9, bold ? -1 : 0, 0, &e), 0);
			ck_assert_double_eq_tol(w, p.width, TOL);
			ck_assert_double_eq_tol(measure_width(&ms, sentences[s], "DejaVu Sans", 9, bold), p.width, TOL);
			text_block_free(&p);
			/* Pango counts the spaces that end a line; the quick way does not */
			if (sentences[s][strlen(sentences[s]) - 1] == ' ')
				continue;
			ck_assert_int_eq(measure_pango_block(&ms, &p, sentences[s], "DejaVu Sans", 9, bold ? -1 : 0, 0, &e), 0);
			ck_assert_msg(fabs(w - p.width) < TOL, "'%s' bold %d: %g, Pango %g", sentences[s], bold, w, p.width);
			text_block_free(&p);
		}
	measure_free(&ms);
}
END_TEST

START_TEST(test_newlines)
{
	struct measure ms;
	struct err e;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	const char *texts[] = { "one line\nand another", "a\n\nb", "closing newline\n", "\nopening newline",
				"footer line · page 1 of 3\nRemake: mapsheet -n 30 -s x -o level.pdf" };
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		assert_same_block(&ms, texts[i], 0, 0);
		assert_same_block(&ms, texts[i], 0, 120);
	}
	/* the spaces before a newline count in full: "\xc2\xb7" fits only
	 * without the space after it, so Pango moves it to the next line */
	assert_same_in(&ms, "\xc3\x86;\xc3\x86 f,y.y. \xc2\xb7 \nabc", "DejaVu Sans", 10.5, -1, 66.1476);
	assert_same_in(&ms, "\xc3\x86;\xc3\x86 f,y.y. \xc2\xb7  \n", "DejaVu Sans", 10.5, -1, 66.1476);
	measure_free(&ms);
}
END_TEST

START_TEST(test_left_to_pango)
{
	struct measure ms;
	struct err e;
	struct text_block b;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	const char *texts[] = { "שלום עולם", "a\ttab", "", "Supercalifragilisticexpialidocious-and-more-words" };
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		ck_assert_int_eq(measure_words_block(&ms, &b, texts[i], "DejaVu Sans", 8, 0, 60), 0);
		ck_assert_msg(measure_block(&ms, &b, texts[i], "DejaVu Sans", 8, 0, 60, &e) == 0, "%s", e.msg);
		ck_assert_int_ge(b.nlines, 1);
		for (int k = 0; k < b.nlines; k++)
			ck_assert_double_le(b.lines[k].width, 60 + TOL);
		text_block_free(&b);
	}
	measure_free(&ms);
}
END_TEST

START_TEST(test_clusters_from_glyphs)
{
	struct measure ms;
	struct err e;
	struct scene sc;
	ck_assert_int_eq(measure_init(&ms, &e), 0);
	scene_init(&sc);
	struct scene_page *p = scene_add_page(&sc, 612, 792, 1, PAGE_KEY);
	ck_assert_ptr_nonnull(p);
	for (size_t s = 0; s < sizeof sentences / sizeof *sentences; s++) {
		struct text_block b;
		ck_assert_int_eq(measure_block(&ms, &b, sentences[s], "DejaVu Sans", 8, 0, 0, &e), 0);
		size_t before = p->nitems;
		measure_emit_line(&sc, p, &b, 0, 10, 20, (struct colour){ 0, 0, 0, 1 });
		ck_assert_uint_eq(p->nitems, before + 1);
		const struct scene_item *it = &p->items[before];
		ck_assert_ptr_nonnull(it->glyphs);
		size_t len = strlen(it->text), starts[512], want_starts[512];
		double xs[512], want_xs[512];
		int n = measure_item_clusters(&ms, it, starts, xs, (int)len);
		int want = measure_clusters(&ms, it->text, it->family, it->size, it->bold, it->italic, want_starts,
					    want_xs, (int)len);
		ck_assert_int_eq(n, want);
		for (int i = 0; i < n; i++) {
			ck_assert_uint_eq(starts[i], want_starts[i]);
			ck_assert_double_eq_tol(xs[i], want_xs[i], TOL);
		}
		text_block_free(&b);
	}
	scene_free(&sc);
	measure_free(&ms);
}
END_TEST

static Suite *render_text_suite(void)
{
	Suite *s = suite_create("render_text");
	TCase *tc = tcase_create("text");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_same_lines_as_pango);
	tcase_add_test(tc, test_random_text);
	tcase_add_test(tc, test_fits_without_breaking);
	tcase_add_test(tc, test_width_alone);
	tcase_add_test(tc, test_newlines);
	tcase_add_test(tc, test_left_to_pango);
	tcase_add_test(tc, test_clusters_from_glyphs);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(render_text_suite)
