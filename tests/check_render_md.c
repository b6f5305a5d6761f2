/* check_render_md.c: the Markdown key as a wiki or Obsidian reads it: a
 * title, a heading per level in order, the map image beside the .md (SVG
 * that parses as XML, or PNG) linked by a relative path that exists, a
 * numbered heading per room of the key, escaped names, nothing left behind
 * when a write fails. */
#include "testutil.h"

#include "export/export.h"
#include "render_fixture.h"
#include "base/sbuf.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/md"

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static int count(const char *text, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static char *escaped(const char *text, int line_start)
{
	struct sbuf s;
	sbuf_init(&s);
	md_escape(&s, text, line_start);
	return sbuf_take(&s);
}

START_TEST(test_escape)
{
	char *a = escaped("*Vault* [of] #1 <b>_x_ {{y}} $5 a|b `c` ~d~ & e==f", 0);
	ck_assert_str_eq(a, "\\*Vault\\* \\[of\\] \\#1 \\<b\\>\\_x\\_ \\{\\{y\\}\\} \\$5 a\\|b \\`c\\` \\~d\\~ \\& e\\==f");
	free(a);
	/* what would open a heading, a list or a quote at a line's start */
	static const char *const cases[][2] = {
		{ "# not a heading", "\\# not a heading" }, { "1. not a list", "1\\. not a list" },
		{ "12) nor this", "12\\) nor this" },     { "- nor this", "\\- nor this" },
		{ "> nor a quote", "\\> nor a quote" },   { "+ plus", "\\+ plus" },
		{ "30 x 20 ft", "30 x 20 ft" },           { "Monster: 3 orcs.", "Monster: 3 orcs." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = escaped(cases[i][0], 1);
		ck_assert_str_eq(s, cases[i][1]);
		free(s);
	}
	char *nl = escaped("two\nlines", 0);
	ck_assert_str_eq(nl, "two lines");
	free(nl);
}
END_TEST

START_TEST(test_structure)
{
	struct doc d;
	struct level lv;
	memset(&lv, 0, sizeof lv);
	fx_dungeon(&lv.map);
	snprintf(lv.map.regions[map_at(&lv.map, 12, 8)].name, 48, "*Hall* of [Doom] #2");
	fx_doc(&d, &lv, "classic", 0);
	const char *images[] = { "fixture map.svg" };
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	ck_assert_ptr_nonnull(f);
	struct err e;
	ck_assert_int_eq(export_md(f, &d, images, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(strncmp(buf, "# Dice map, seed fixture\n\n", 26) == 0, "%s", buf);
	ck_assert_int_eq(count(buf, "\n## Level "), 1);
	ck_assert_ptr_nonnull(strstr(buf, "\n## Level 1\n\n![Map of level 1](fixture%20map.svg)\n"));
	/* one numbered heading per key entry, in order, each with its size */
	ck_assert_int_eq(count(buf, "\n### "), lv.key.n + (lv.key.nwandering > 0));
	const char *at = buf;
	for (int i = 0; i < lv.key.n; i++) {
		char head[80];
		snprintf(head, sizeof head, "\n### %d. ", lv.key.entries[i].number);
		const char *p = strstr(at, head);
		ck_assert_msg(p != NULL, "no heading for room %d after the previous one", i + 1);
		ck_assert_ptr_nonnull(strstr(p, lv.key.entries[i].size));
		at = p + 1;
	}
	ck_assert_ptr_nonnull(strstr(buf, "### 2. \\*Hall\\* of \\[Doom\\] \\#2\n"));
	ck_assert_ptr_nonnull(strstr(buf, "**Exits:** "));
	ck_assert_ptr_nonnull(strstr(buf, "Made by mapsheet: `mapsheet --method dice --seed fixture -o fixture.pdf`"));
	free(buf);
	fx_doc_free(&d);

	/* a long key: every room of a 6 x 5 gallery has its heading */
	memset(&lv, 0, sizeof lv);
	fx_gallery(&lv.map, 6, 5);
	fx_doc(&d, &lv, "classic", 0);
	f = open_memstream(&buf, &n);
	ck_assert_int_eq(export_md(f, &d, NULL, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(lv.key.n, 30);
	ck_assert_int_eq(count(buf, "\n### "), 30);
	ck_assert_ptr_null(strstr(buf, "![Map"));
	free(buf);
	fx_doc_free(&d);
}
END_TEST

/* Checks that an SVG file parses as XML with an <svg> root. */
static void check_svg(const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd,
		 "python3 -c \"import sys, xml.etree.ElementTree as T; r = T.parse(sys.argv[1]).getroot(); "
		 "assert r.tag.endswith('svg'), r.tag\" '%s' 2>/dev/null", path);
	ck_assert_msg(system(cmd) == 0, "%s is not an SVG document", path);
}

START_TEST(test_cli_files)
{
	unlink(DIR "/level.md");
	unlink(DIR "/level.svg");
	ck_assert_int_eq(test_run("--seed goblins --rooms 6 -o " DIR "/level.md", NULL, NULL), 0);
	char *md = test_slurp(DIR "/level.md", NULL);
	ck_assert_ptr_nonnull(md);
	ck_assert_ptr_nonnull(strstr(md, "![Map of level 1](level.svg)"));
	ck_assert_int_eq(count(md, "\n## Level "), 1);
	ck_assert_int_ge(count(md, "\n### "), 6);
	ck_assert_ptr_nonnull(strstr(md, "\n### 6. "));
	check_svg(DIR "/level.svg");
	free(md);

	/* several levels: one .md, an image per level, headings in order */
	ck_assert_int_eq(test_run("--seed crypt --levels 3 --rooms 5 -o " DIR "/crypt.md", NULL, NULL), 0);
	md = test_slurp(DIR "/crypt.md", NULL);
	ck_assert_ptr_nonnull(md);
	const char *at = md;
	for (int k = 1; k <= 3; k++) {
		char head[64], link[64], file[64];
		snprintf(head, sizeof head, "\n## Level %d\n", k);
		snprintf(link, sizeof link, "![Map of level %d](crypt-%d.svg)", k, k);
		snprintf(file, sizeof file, DIR "/crypt-%d.svg", k);
		const char *p = strstr(at, head);
		ck_assert_msg(p != NULL, "no heading for level %d after level %d", k, k - 1);
		ck_assert_ptr_nonnull(strstr(p, link));
		check_svg(file);
		at = p + 1;
	}
	ck_assert(!exists(DIR "/crypt.svg"));
	free(md);

	/* PNG beside it */
	unlink(DIR "/pic.png");
	ck_assert_int_eq(test_run("--seed goblins --rooms 6 --md-image png -o " DIR "/pic.md", NULL, NULL), 0);
	md = test_slurp(DIR "/pic.md", NULL);
	ck_assert_ptr_nonnull(strstr(md, "![Map of level 1](pic.png)"));
	free(md);
	size_t len;
	char *png = test_slurp(DIR "/pic.png", &len);
	ck_assert_ptr_nonnull(png);
	ck_assert(len > 100 && memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0);
	free(png);

	/* the players' version: the map, no key, no seed */
	ck_assert_int_eq(test_run("--seed goblins --rooms 6 --player -o " DIR "/players.md", NULL, NULL), 0);
	md = test_slurp(DIR "/players.md", NULL);
	ck_assert_ptr_nonnull(strstr(md, "![Map of level 1](players.svg)"));
	ck_assert_ptr_null(strstr(md, "### 1."));
	ck_assert_ptr_null(strstr(md, "goblins"));
	free(md);
}
END_TEST

START_TEST(test_failed_write_leaves_nothing)
{
	/* the .md itself is a folder: a usage error before anything is made */
	mkdir(DIR "/folder.md", 0777);
	ck_assert_int_eq(test_run("--seed goblins --rooms 4 -o " DIR "/folder.md", NULL, NULL), 2);
	ck_assert(!exists(DIR "/folder.svg"));
	/* the image cannot be written (a folder has its name): no .md either */
	mkdir(DIR "/taken.svg", 0777);
	unlink(DIR "/taken.md");
	rmdir(DIR "/taken.md");   /* left by earlier versions of this test */
	/* repeated: a run that fails once fonts are set up must end with status
	 * 1 every time (it once aborted in about half the runs, releasing font
	 * caches while Pango's threads still used them) */
	for (int i = 0; i < 12; i++)
		ck_assert_int_eq(test_run("--seed goblins --rooms 4 -o " DIR "/taken.md", NULL, NULL), 1);
	ck_assert(!exists(DIR "/taken.md"));
	/* and an existing key is kept when the run fails */
	FILE *f = fopen(DIR "/kept.md", "w");
	ck_assert_ptr_nonnull(f);
	fputs("my notes", f);
	fclose(f);
	ck_assert_int_eq(test_run("--seed goblins --style no-such-style -o " DIR "/kept.md", NULL, NULL), 2);
	char *kept = test_slurp(DIR "/kept.md", NULL);
	ck_assert_str_eq(kept, "my notes");
	free(kept);
}
END_TEST

static Suite *md_suite(void)
{
	Suite *s = suite_create("render_md");
	TCase *tc = tcase_create("md");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_escape);
	tcase_add_test(tc, test_structure);
	tcase_add_test(tc, test_cli_files);
	tcase_add_test(tc, test_failed_write_leaves_nothing);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(md_suite)
