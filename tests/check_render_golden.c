/* check_render_golden.c: golden images. Each case of tests/golden/images/cases
 * (NAME|PAGE|ARGUMENTS) is printed to PDF by ./mapsheet, page PAGE is
 * rasterised by pdftoppm in grey at 60 dpi and compared with the PNG
 * tests/golden/images/NAME.png checked in after a person looked at it. On a
 * difference the new image and a difference image are left in OUT and named
 * in the failure; `make golden` rewrites the stored images on purpose. */
#include "testutil.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUT "build/tests/out/golden"
#define CASES "tests/golden/images/cases"

/* A pixel counts as different when its grey differs by more than this. */
#define GOLDEN_GREY_STEP 64
/* At most this share (percent) of pixels may differ: about 67 pixels of a
 * letter page at 60 dpi, room for antialiasing that differs between poppler
 * and FreeType versions, not for a moved wall, a missing line or a label
 * that changed (the darkest 20x20 patch of the dice sheet has 96 pixels of
 * ink). On the machine that made the images the pages match exactly. */
#define GOLDEN_MAX_SHARE 0.02

struct golden_case {
	char name[64];
	int page;
	char args[900];
};

/* Reads case number `index` (0-based, comments and blank lines skipped) of
 * the cases file; returns 0, or -1 when there are fewer cases (or no file).
 * Calls no Check assertion, so the suite can count the cases before it runs;
 * test_golden_image checks each case's fields. */
static int golden_read_case(int index, struct golden_case *c)
{
	FILE *f = fopen(CASES, "r");
	if (!f)
		return -1;
	char line[1024];
	int seen = 0, found = -1;
	while (found < 0 && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (seen++ != index)
			continue;
		char *bar1 = strchr(line, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
		memset(c, 0, sizeof *c);
		found = 0;
		if (!bar2 || bar1 - line >= (long)sizeof c->name || strlen(bar2 + 1) >= sizeof c->args)
			continue;    /* left empty: test_golden_image refuses it */
		*bar1 = *bar2 = '\0';
		strcpy(c->name, line);
		c->page = atoi(bar1 + 1);
		strcpy(c->args, bar2 + 1);
	}
	fclose(f);
	return found;
}

static int golden_count_cases(void)
{
	struct golden_case c;
	int n = 0;
	while (golden_read_case(n, &c) == 0)
		n++;
	return n;
}

/* A PNG read by Cairo as 8-bit grey (caller frees), with its size. */
static unsigned char *golden_read_png(const char *path, int *w, int *h)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);
	ck_assert_msg(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "cannot read %s: %s", path,
		      cairo_status_to_string(cairo_surface_status(s)));
	cairo_surface_flush(s);
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	cairo_format_t fmt = cairo_image_surface_get_format(s);
	ck_assert_msg(fmt == CAIRO_FORMAT_RGB24 || fmt == CAIRO_FORMAT_ARGB32, "%s: unexpected pixel format", path);
	const unsigned char *data = cairo_image_surface_get_data(s);
	unsigned char *grey = malloc((size_t)*w * *h);
	ck_assert_ptr_nonnull(grey);
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			uint32_t px;
			memcpy(&px, data + (size_t)y * stride + 4 * (size_t)x, 4);
			unsigned r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;
			grey[(size_t)y * *w + x] = (unsigned char)((r * 30 + g * 59 + b * 11) / 100);
		}
	cairo_surface_destroy(s);
	return grey;
}

/* The share (percent) of pixels whose grey differs by more than the step. */
static double golden_share_differing(const unsigned char *a, const unsigned char *b, long n)
{
	long big = 0;
	for (long i = 0; i < n; i++)
		big += abs(a[i] - b[i]) > GOLDEN_GREY_STEP;
	return 100.0 * (double)big / (double)n;
}

/* Writes a difference image: the stored page faint, pixels that differ by
 * more than the step black, smaller differences mid grey. */
static void golden_write_diff(const unsigned char *want, const unsigned char *got, int w, int h, const char *path)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	ck_assert(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(s);
	unsigned char *data = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			size_t i = (size_t)y * w + x;
			int d = abs(want[i] - got[i]);
			unsigned v = d > GOLDEN_GREY_STEP ? 0 : d > 0 ? 128 : 200 + want[i] * 55 / 255;
			uint32_t px = v << 16 | v << 8 | v;
			memcpy(data + (size_t)y * stride + 4 * (size_t)x, &px, 4);
		}
	cairo_surface_mark_dirty(s);
	ck_assert_msg(cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS, "cannot write %s", path);
	cairo_surface_destroy(s);
}

/* Prints case `index` and rasterises its page to OUT/NAME.png. */
static void golden_render_case(const struct golden_case *c, char *png, size_t png_size)
{
	char args[1100], cmd[1400];
	snprintf(args, sizeof args, "%s --quiet -o " OUT "/%s.pdf", c->args, c->name);
	ck_assert_msg(test_run(args, NULL, OUT "/mapsheet.err") == 0, "./mapsheet %s failed", args);
	snprintf(cmd, sizeof cmd, "pdftoppm -gray -png -r 60 -f %d -l %d -singlefile " OUT "/%s.pdf " OUT "/%s",
		 c->page, c->page, c->name, c->name);
	ck_assert_msg(system(cmd) == 0, "%s failed", cmd);
	snprintf(png, png_size, OUT "/%s.png", c->name);
}

START_TEST(test_golden_image)
{
	struct golden_case c;
	ck_assert_int_eq(golden_read_case(_i, &c), 0);
	ck_assert_msg(c.name[0] && c.page > 0, CASES ": case %d is not NAME|PAGE|ARGUMENTS", _i + 1);
	char got_path[200], want_path[200], diff_path[200];
	golden_render_case(&c, got_path, sizeof got_path);
	snprintf(want_path, sizeof want_path, "tests/golden/images/%s.png", c.name);
	snprintf(diff_path, sizeof diff_path, OUT "/%s-diff.png", c.name);
	int ww, wh, gw, gh;
	unsigned char *want = golden_read_png(want_path, &ww, &wh);
	unsigned char *got = golden_read_png(got_path, &gw, &gh);
	ck_assert_msg(ww == gw && wh == gh, "%s: the page is %dx%d pixels, %s is %dx%d (new image: %s)", c.name, gw,
		      gh, want_path, ww, wh, got_path);
	double share = golden_share_differing(want, got, (long)ww * wh);
	if (share > GOLDEN_MAX_SHARE)
		golden_write_diff(want, got, ww, wh, diff_path);
	ck_assert_msg(share <= GOLDEN_MAX_SHARE,
		      "%s: %.3f%% of pixels differ from %s (bound %.2f%%); new image %s, differences %s; "
		      "if the change is meant, look at them and run make golden",
		      c.name, share, want_path, GOLDEN_MAX_SHARE, got_path, diff_path);
	free(want);
	free(got);
}
END_TEST

/* The comparison sees a small change: a 20x20 patch painted white on a
 * stored page (as a room label or a wall segment gone) is over the bound,
 * and the page against itself is not. */
START_TEST(test_golden_sees_small_change)
{
	struct golden_case c;
	ck_assert_int_eq(golden_read_case(0, &c), 0);
	char path[200];
	snprintf(path, sizeof path, "tests/golden/images/%s.png", c.name);
	int w, h;
	unsigned char *want = golden_read_png(path, &w, &h);
	unsigned char *changed = malloc((size_t)w * h);
	ck_assert_ptr_nonnull(changed);
	memcpy(changed, want, (size_t)w * h);
	ck_assert_double_eq(golden_share_differing(want, changed, (long)w * h), 0);
	/* the darkest 20x20 patch of the page, whitened */
	long best = -1;
	int bx = 0, by = 0;
	for (int y = 0; y + 20 <= h; y += 10)
		for (int x = 0; x + 20 <= w; x += 10) {
			long ink = 0;
			for (int j = 0; j < 20; j++)
				for (int i = 0; i < 20; i++)
					ink += want[(size_t)(y + j) * w + x + i] < 128;
			if (ink > best) {
				best = ink;
				bx = x;
				by = y;
			}
		}
	for (int j = 0; j < 20; j++)
		memset(changed + (size_t)(by + j) * w + bx, 255, 20);
	ck_assert_int_gt(best, 60);
	ck_assert_msg(golden_share_differing(want, changed, (long)w * h) > GOLDEN_MAX_SHARE,
		      "a whitened patch of %ld ink pixels went unseen", best);
	free(want);
	free(changed);
}
END_TEST

static Suite *golden_image_suite(void)
{
	Suite *s = suite_create("golden images");
	TCase *tc = tcase_create("images");
	tcase_set_timeout(tc, 60);
	int cases = golden_count_cases();
	if (cases < 1)
		fprintf(stderr, "golden images: no cases in " CASES "\n");
	tcase_add_loop_test(tc, test_golden_image, 0, cases);
	tcase_add_test(tc, test_golden_sees_small_change);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	if (system("mkdir -p " OUT) != 0)
		return 1;
	return test_run_suite(golden_image_suite());
}
