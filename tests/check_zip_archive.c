/* check_zip_archive.c: a set of files written as one zip (zip_archive.h):
 * read back with libzip, every file is there under its path with its
 * bytes, deflated and dated 1980-01-01; the same files give the same bytes;
 * in memory the archive lands in the memory's files; a file libzip cannot
 * take (a name given twice) leaves an existing archive untouched. */
#include "testutil.h"

#include "export/zip_archive.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zip.h>

static void add_text(struct memfiles *mf, const char *name, const char *text)
{
	struct err e = { ERR_NONE, "" };
	char *copy = strdup(text);
	ck_assert_ptr_nonnull(copy);
	ck_assert_int_eq(memfiles_add(mf, name, copy, strlen(text), &e), 0);
}

/* A module's worth of files: a manifest, a pack's files, a picture's bytes
 * (zeros and a NUL, so a length is not a string's). */
static void sample_files(struct memfiles *mf)
{
	struct err e = { ERR_NONE, "" };
	memfiles_init(mf);
	add_text(mf, "mod/module.json", "{\"id\": \"mod\", \"title\": \"Tomb\"}\n");
	add_text(mf, "mod/packs/adventure/CURRENT", "MANIFEST-000002\n");
	size_t n = 5000;
	char *pic = calloc(n, 1);
	ck_assert_ptr_nonnull(pic);
	pic[17] = 'x';
	ck_assert_int_eq(memfiles_add(mf, "mod/scenes/level-1.png", pic, n, &e), 0);
}

static char *tmp_path(const char *name)
{
	static char path[256];
	snprintf(path, sizeof path, "/tmp/check_zip_archive-%ld-%s", (long)getpid(), name);
	return path;
}

START_TEST(test_files_read_back)
{
	struct memfiles mf;
	sample_files(&mf);
	struct err e = { ERR_NONE, "" };
	const char *path = tmp_path("a.zip");
	ck_assert_int_eq(zip_archive_write(&mf, path, NULL, &e), 0);
	int zerr = 0;
	zip_t *za = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &zerr);
	ck_assert_ptr_nonnull(za);
	ck_assert_int_eq(zip_get_num_entries(za, 0), mf.n);
	for (int i = 0; i < mf.n; i++) {
		zip_stat_t st;
		ck_assert_int_eq(zip_stat_index(za, (zip_uint64_t)i, 0, &st), 0);
		ck_assert_str_eq(st.name, mf.v[i].name);
		ck_assert_uint_eq(st.size, mf.v[i].len);
		ck_assert_int_eq(st.comp_method, ZIP_CM_DEFLATE);
		struct tm tm;
		ck_assert_ptr_nonnull(localtime_r(&st.mtime, &tm));
		ck_assert_int_eq(tm.tm_year + 1900, 1980);
		ck_assert_int_eq(tm.tm_mon, 0);
		ck_assert_int_eq(tm.tm_mday, 1);
		char *buf = malloc(st.size + 1);
		ck_assert_ptr_nonnull(buf);
		zip_file_t *zf = zip_fopen_index(za, (zip_uint64_t)i, 0);
		ck_assert_ptr_nonnull(zf);
		ck_assert_int_eq(zip_fread(zf, buf, st.size), (zip_int64_t)st.size);
		zip_fclose(zf);
		ck_assert_mem_eq(buf, mf.v[i].data, st.size);
		free(buf);
	}
	/* the picture of zeros is deflated to far less than its 5000 bytes */
	zip_stat_t st;
	ck_assert_int_eq(zip_stat(za, "mod/scenes/level-1.png", 0, &st), 0);
	ck_assert_uint_lt(st.comp_size, 200);
	zip_close(za);
	unlink(path);
	memfiles_free(&mf);
}
END_TEST

START_TEST(test_same_files_same_bytes)
{
	struct memfiles mf;
	sample_files(&mf);
	struct err e = { ERR_NONE, "" };
	unsigned char *a, *b;
	size_t alen, blen;
	ck_assert_int_eq(zip_archive_build(&mf, &a, &alen, &e), 0);
	sleep(1);
	ck_assert_int_eq(zip_archive_build(&mf, &b, &blen, &e), 0);
	ck_assert_uint_eq(alen, blen);
	ck_assert_mem_eq(a, b, alen);
	/* a zip: its local header's signature first */
	ck_assert_mem_eq(a, "PK\003\004", 4);
	free(a);
	free(b);
	memfiles_free(&mf);
}
END_TEST

START_TEST(test_written_to_memory)
{
	struct memfiles mf, out;
	sample_files(&mf);
	memfiles_init(&out);
	struct err e = { ERR_NONE, "" };
	const char *path = tmp_path("never-written.zip");
	ck_assert_int_eq(zip_archive_write(&mf, path, &out, &e), 0);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(out.n, 1);
	ck_assert_str_eq(out.v[0].name, path);
	unsigned char *direct;
	size_t len;
	ck_assert_int_eq(zip_archive_build(&mf, &direct, &len, &e), 0);
	ck_assert_uint_eq(out.v[0].len, len);
	ck_assert_mem_eq(out.v[0].data, direct, len);
	free(direct);
	memfiles_free(&out);
	memfiles_free(&mf);
}
END_TEST

START_TEST(test_failure_keeps_old_file)
{
	const char *path = tmp_path("old.zip");
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("the old archive", f);
	ck_assert_int_eq(fclose(f), 0);
	struct memfiles mf;
	sample_files(&mf);
	add_text(&mf, "mod/module.json", "twice");
	struct err e = { ERR_NONE, "" };
	ck_assert_int_eq(zip_archive_write(&mf, path, NULL, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "mod/module.json"));
	size_t len;
	char *kept = test_slurp(path, &len);
	ck_assert_ptr_nonnull(kept);
	ck_assert_str_eq(kept, "the old archive");
	free(kept);
	unlink(path);
	memfiles_free(&mf);
}
END_TEST

static Suite *zip_archive_suite(void)
{
	Suite *s = suite_create("zip_archive");
	TCase *tc = tcase_create("zip_archive");
	tcase_add_test(tc, test_files_read_back);
	tcase_add_test(tc, test_same_files_same_bytes);
	tcase_add_test(tc, test_written_to_memory);
	tcase_add_test(tc, test_failure_keeps_old_file);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(zip_archive_suite)
