/* check_render_watabou.c: a One Page Dungeon export in the booklet. Two
 * levels read from the fixture tests/data/watabou/crypt.json make a
 * booklet (several --input files will make one): it is written, has the
 * cover and each level's pages, and its text holds the export's story
 * and every note under the key. */
#include "testutil.h"

#include "methods/levels.h"
#include "read/read_map.h"
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define OUT "build/tests/render_watabou"

static char *capture(const char *cmd)
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
	buf[n] = '\0';
	pclose(p);
	return buf;
}

START_TEST(test_booklet_of_imports)
{
	struct read_json_doc rd[2];
	struct level lv[2];
	struct err e = { ERR_NONE, "" };
	for (int k = 0; k < 2; k++) {
		ck_assert_msg(read_map_file("tests/data/watabou/crypt.json", INPUT_WATABOU, &rd[k], NULL, &e) == 0, "%s",
			      e.msg);
		lv[k] = rd[k].levels[0];
		lv[k].map.depth = k + 1;
		rd[k].nlevels = 0;      /* the level is lv[k]'s now */
	}
	struct doc d = { .seed = rd[0].seed, .story = rd[0].story, .levels = lv, .nlevels = 2,
			 .template_dirs = test_template_dirs() };
	d.sheet.title = rd[0].title;
	ck_assert_msg(render_write_booklet(&d, OUT "/booklet.pdf", &e) == 0, "%s", e.msg);
	char *info = capture("pdfinfo " OUT "/booklet.pdf 2>&1");
	char *pages = strstr(info, "Pages:");
	ck_assert_msg(pages && atoi(pages + 6) >= 3, "%s", info);
	free(info);
	char *text = capture("pdftotext " OUT "/booklet.pdf - 2>&1");
	ck_assert_ptr_nonnull(strstr(text, "Crypt of the Test Bishop"));
	ck_assert_ptr_nonnull(strstr(text, "Long ago the test bishop"));
	ck_assert_ptr_nonnull(strstr(text, "A guard post: two goblins play dice"));
	ck_assert_ptr_nonnull(strstr(text, "The altar of the moon, cracked in two."));
	free(text);
	levels_free(lv, 2);
	for (int k = 0; k < 2; k++)
		read_json_doc_free(&rd[k]);
}
END_TEST

static Suite *render_watabou_suite(void)
{
	Suite *s = suite_create("render_watabou");
	TCase *tc = tcase_create("render_watabou");
	tcase_set_timeout(tc, 60);
	mkdir("build/tests", 0777);
	mkdir(OUT, 0777);
	tcase_add_test(tc, test_booklet_of_imports);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(render_watabou_suite)
