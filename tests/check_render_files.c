/* check_render_files.c: what a file says about itself, read the way a
 * user's tools read it: a PDF's title (pdfinfo) is the title printed on
 * its first page (pdftotext), by default the site's name the seed draws,
 * for a sheet, a players' copy, a --title and a
 * booklet; every PNG the program writes (a sheet, each page of a page set,
 * the Markdown key's images, the image inside a tabletop file) carries its
 * resolution in a pHYs chunk right after IHDR, in pixels per metre of the
 * dpi asked for, with every chunk's CRC right; and --format takes uvtt, the
 * tabletop format's other name. */
#include "testutil.h"

#include "names/site_name.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define DIR "build/tests/files"

static void make_dir(void)
{
	mkdir("build", 0777);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
}

/* The standard output of a shell command, trailing newlines cut
 * (malloc'd), or NULL when it cannot run or fails. */
static char *command_output(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (cap - n < 2) {
			char *bigger = realloc(buf, cap * 2);
			if (!bigger) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	int st = pclose(p);
	if (!buf || st != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '\n')
		buf[--n] = '\0';
	return buf;
}

/* The PDF's Title, as pdfinfo reports it in UTF-8. */
static char *pdf_title(const char *path)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "pdfinfo -enc UTF-8 '%s' | sed -n 's/^Title: *//p'", path);
	return command_output(cmd);
}

/* Writes a PDF with args and checks that its Title is want and that the
 * first page prints it. */
static void check_title(const char *args, const char *file, const char *want)
{
	char cmd[1024], path[256];
	snprintf(path, sizeof path, DIR "/%s", file);
	snprintf(cmd, sizeof cmd, "-q %s -o %s", args, path);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	char *title = pdf_title(path);
	ck_assert_msg(title != NULL, "pdfinfo failed on %s", path);
	ck_assert_msg(strcmp(title, want) == 0, "%s: title '%s', expected '%s'", args, title, want);
	snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 -f 1 -l 1 '%s' -", path);
	char *text = command_output(cmd);
	ck_assert_msg(text && strstr(text, want), "%s: page 1 does not print the title '%s'", args, want);
	free(text);
	free(title);
}

/* The site name the seed's story gives a map of method. */
static void site_of(const char *method, const char *seed, char *out, size_t size)
{
	test_site_name(method, seed, out, size);
	ck_assert_msg(strstr(out, " map") == NULL && strstr(out, "seed") == NULL, "site name '%s'", out);
}

START_TEST(test_pdf_title)
{
	make_dir();
	char dice7[SITE_NAME_LEN], ashes[SITE_NAME_LEN];
	site_of("dice", "7", dice7, sizeof dice7);
	site_of("mansion", "ashes", ashes, sizeof ashes);
	check_title("-s 7", "plain.pdf", dice7);
	check_title("-m mansion -s ashes", "mansion.pdf", ashes);
	check_title("-s 7 --player", "player.pdf", dice7);
	check_title("-s 7 --title \"Tom's \xc3\x9cnterkeller \xe2\x80\x94 west\"", "titled.pdf",
		    "Tom's \xc3\x9cnterkeller \xe2\x80\x94 west");
	/* the booklet (libharu) and the Cairo document of several levels:
	 * the cover's title */
	check_title("-s 7 --levels 2", "booklet.pdf", dice7);
	check_title("-s 7 --levels 2 --title \"Tom's \xc3\x9cnterkeller\"", "booklet-titled.pdf",
		    "Tom's \xc3\x9cnterkeller");
	check_title("-s 7 --levels 2 --format pdf-cairo", "cairo-levels.pdf", dice7);
}
END_TEST

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Checks that png (len bytes) is a PNG whose second chunk is a pHYs of dpi
 * dots per inch in metres, every chunk's CRC right, ending with IEND. */
static void check_png_phys(const unsigned char *png, size_t len, int dpi, const char *what)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	ck_assert_msg(len > 8 && memcmp(png, sig, 8) == 0, "%s: not a PNG", what);
	size_t at = 8;
	int index = 0, phys_at = -1, ended = 0;
	uint32_t ppm_x = 0, ppm_y = 0;
	int unit = -1;
	while (at + 12 <= len && !ended) {
		uint32_t n = be32(png + at);
		ck_assert_msg(at + 12 + n <= len, "%s: chunk %d runs past the end", what, index);
		const unsigned char *type = png + at + 4, *data = png + at + 8;
		uint32_t crc = (uint32_t)crc32(crc32(0L, Z_NULL, 0), type, 4 + n);
		ck_assert_msg(crc == be32(data + n), "%s: chunk %d (%.4s) has a wrong CRC", what, index, type);
		if (memcmp(type, "pHYs", 4) == 0) {
			ck_assert_msg(phys_at < 0, "%s: two pHYs chunks", what);
			ck_assert_int_eq(n, 9);
			phys_at = index;
			ppm_x = be32(data);
			ppm_y = be32(data + 4);
			unit = data[8];
		}
		if (index == 0)
			ck_assert_msg(memcmp(type, "IHDR", 4) == 0, "%s: the first chunk is not IHDR", what);
		ended = memcmp(type, "IEND", 4) == 0;
		at += 12 + n;
		index++;
	}
	ck_assert_msg(ended && at == len, "%s: no IEND at the end", what);
	ck_assert_msg(phys_at == 1, "%s: no pHYs chunk after IHDR", what);
	ck_assert_int_eq(unit, 1);
	ck_assert_msg(ppm_x == ppm_y, "%s: %u x %u pixels per metre", what, ppm_x, ppm_y);
	/* back to dots per inch: within rounding of what was asked */
	double back = ppm_x * 0.0254;
	ck_assert_msg(back > dpi - 0.02 && back < dpi + 0.02, "%s: %u pixels per metre is %.3f dpi, not %d", what,
		      ppm_x, back, dpi);
}

static void check_png_file(const char *path, int dpi)
{
	size_t len = 0;
	unsigned char *png = (unsigned char *)test_slurp(path, &len);
	ck_assert_msg(png != NULL, "%s was not written", path);
	check_png_phys(png, len, dpi, path);
	free(png);
}

START_TEST(test_png_sheet_resolution)
{
	make_dir();
	ck_assert_int_eq(test_run("-q -s 7 --dpi 100 -o " DIR "/sheet.png", NULL, NULL), 0);
	check_png_file(DIR "/sheet.png", 100);
	ck_assert_int_eq(test_run("-q -s 7 -o " DIR "/default.png", NULL, NULL), 0);
	check_png_file(DIR "/default.png", 150);
	/* a page set: the map and the key's pages, a file each */
	ck_assert_int_eq(test_run("-q -s 3 -n 60 --dpi 72 -o " DIR "/set.png", NULL, NULL), 0);
	check_png_file(DIR "/set.png", 72);
	check_png_file(DIR "/set-2.png", 72);
	struct stat st;
	int pages = 2;
	char name[64];
	for (;; pages++) {
		snprintf(name, sizeof name, DIR "/set-%d.png", pages + 1);
		if (stat(name, &st) != 0)
			break;
		check_png_file(name, 72);
	}
	ck_assert_int_ge(pages, 2);
}
END_TEST

START_TEST(test_png_md_and_tabletop_resolution)
{
	make_dir();
	ck_assert_int_eq(test_run("-q -s 7 --md-image png --dpi 96 -o " DIR "/key.md", NULL, NULL), 0);
	check_png_file(DIR "/key.png", 96);
	ck_assert_int_eq(test_run("-q -s 7 --levels 2 --md-image png --dpi 96 -o " DIR "/keys.md", NULL, NULL), 0);
	check_png_file(DIR "/keys-1.png", 96);
	check_png_file(DIR "/keys-2.png", 96);
	/* the tabletop image: an inch a square, the scale of miniatures, so
	 * 50 pixels a square is 50 dpi */
	ck_assert_int_eq(test_run("-q -s 7 --grid-pixels 50 -o " DIR "/table.dd2vtt", NULL, NULL), 0);
	char *b64 = command_output("python3 -c \"import json,sys; print(json.load(open('" DIR
				   "/table.dd2vtt'))['image'])\"");
	ck_assert_msg(b64 != NULL, "the tabletop file has no image");
	size_t n = strlen(b64), len = 0;
	unsigned char *png = malloc(n);
	ck_assert_ptr_nonnull(png);
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	uint32_t acc = 0;
	int bits = 0;
	for (size_t i = 0; i < n && b64[i] != '='; i++) {
		const char *at = strchr(alphabet, b64[i]);
		ck_assert_msg(at && b64[i], "the image is not base64");
		acc = acc << 6 | (uint32_t)(at - alphabet);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			png[len++] = (unsigned char)(acc >> bits);
		}
	}
	check_png_phys(png, len, 50, "the tabletop image");
	free(png);
	free(b64);
}
END_TEST

START_TEST(test_format_uvtt)
{
	make_dir();
	ck_assert_int_eq(test_run("-q -s 7 --format uvtt -o " DIR "/named.out", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -s 7 -o " DIR "/ext.uvtt", NULL, NULL), 0);
	size_t a = 0, b = 0;
	char *named = test_slurp(DIR "/named.out", &a), *ext = test_slurp(DIR "/ext.uvtt", &b);
	ck_assert_msg(named && ext, "a tabletop file was not written");
	ck_assert_msg(a == b && memcmp(named, ext, a) == 0, "--format uvtt and .uvtt differ");
	ck_assert_msg(strstr(named, "\"line_of_sight\""), "--format uvtt wrote no tabletop file");
	free(named);
	free(ext);
	/* and the refusal lists it */
	ck_assert_int_eq(test_run("-q --format nosuch -o " DIR "/x.out", NULL, DIR "/refusal.txt"), 2);
	char *msg = test_slurp(DIR "/refusal.txt", NULL);
	ck_assert_msg(msg && strstr(msg, "uvtt"), "the refusal does not list uvtt: %s", msg ? msg : "");
	free(msg);
}
END_TEST

static Suite *files_suite(void)
{
	Suite *s = suite_create("render_files");
	TCase *tc = tcase_create("files");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_pdf_title);
	tcase_add_test(tc, test_png_sheet_resolution);
	tcase_add_test(tc, test_png_md_and_tabletop_resolution);
	tcase_add_test(tc, test_format_uvtt);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(files_suite)
