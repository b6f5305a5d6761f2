/* zip_archive.c: files in memory as one zip archive (see zip_archive.h).
 * libzip writes the archive into a buffer source it is opened on; the
 * finished buffer is read back and handed to the atomic writer. */
#include "export/zip_archive.h"

#include "base/atomic.h"

#include <stdlib.h>
#include <string.h>
#include <zip.h>

/* 1980-01-01 00:00 in MS-DOS form: the earliest date a zip can hold, the
 * same for every entry of every run */
#define ZIP_DOS_TIME 0
#define ZIP_DOS_DATE 0x21

/* Adds each file, deflated and dated ZIP_DOS_DATE. Returns 0, or -1 with e
 * set (the archive is then discarded by the caller). */
static int zip_add_files(zip_t *za, const struct memfiles *files, struct err *e)
{
	for (int i = 0; i < files->n; i++) {
		const struct memfile *f = &files->v[i];
		zip_source_t *fs = zip_source_buffer(za, f->data, f->len, 0);
		if (!fs)
			return err_set(e, "cannot add %s to the archive: %s", f->name, zip_strerror(za));
		zip_int64_t idx = zip_file_add(za, f->name, fs, ZIP_FL_ENC_UTF_8);
		if (idx < 0) {
			zip_source_free(fs);
			return err_set(e, "cannot add %s to the archive: %s", f->name, zip_strerror(za));
		}
		if (zip_set_file_compression(za, (zip_uint64_t)idx, ZIP_CM_DEFLATE, 9) < 0 ||
		    zip_file_set_dostime(za, (zip_uint64_t)idx, ZIP_DOS_TIME, ZIP_DOS_DATE, 0) < 0)
			return err_set(e, "cannot add %s to the archive: %s", f->name, zip_strerror(za));
	}
	return 0;
}

/* Reads the whole of the finished buffer source src into *out. */
static int zip_read_back(zip_source_t *src, unsigned char **out, size_t *len, struct err *e)
{
	zip_stat_t st;
	zip_stat_init(&st);
	if (zip_source_stat(src, &st) < 0 || !(st.valid & ZIP_STAT_SIZE))
		return err_set(e, "cannot read the archive back: %s", zip_error_strerror(zip_source_error(src)));
	unsigned char *buf = malloc(st.size ? (size_t)st.size : 1);
	if (!buf)
		return err_set(e, "out of memory writing the archive");
	if (zip_source_open(src) < 0) {
		free(buf);
		return err_set(e, "cannot read the archive back: %s", zip_error_strerror(zip_source_error(src)));
	}
	zip_int64_t got = zip_source_read(src, buf, st.size);
	zip_source_close(src);
	if (got < 0 || (zip_uint64_t)got != st.size) {
		free(buf);
		return err_set(e, "cannot read the archive back: %s", zip_error_strerror(zip_source_error(src)));
	}
	*out = buf;
	*len = (size_t)st.size;
	return 0;
}

int zip_archive_build(const struct memfiles *files, unsigned char **out, size_t *len, struct err *e)
{
	*out = NULL;
	*len = 0;
	zip_error_t zerr;
	zip_error_init(&zerr);
	zip_source_t *src = zip_source_buffer_create(NULL, 0, 0, &zerr);
	if (!src) {
		err_set(e, "cannot start the archive: %s", zip_error_strerror(&zerr));
		zip_error_fini(&zerr);
		return -1;
	}
	zip_t *za = zip_open_from_source(src, ZIP_TRUNCATE, &zerr);
	if (!za) {
		err_set(e, "cannot start the archive: %s", zip_error_strerror(&zerr));
		zip_error_fini(&zerr);
		zip_source_free(src);
		return -1;
	}
	zip_error_fini(&zerr);
	/* kept past zip_close, to be read back */
	zip_source_keep(src);
	if (zip_add_files(za, files, e) < 0) {
		zip_discard(za);
		zip_source_free(src);
		return -1;
	}
	if (zip_close(za) < 0) {
		err_set(e, "cannot finish the archive: %s", zip_strerror(za));
		zip_discard(za);
		zip_source_free(src);
		return -1;
	}
	int rc = zip_read_back(src, out, len, e);
	zip_source_free(src);
	return rc;
}

int zip_archive_write(const struct memfiles *files, const char *path, struct memfiles *out_mem, struct err *e)
{
	unsigned char *buf;
	size_t len;
	if (zip_archive_build(files, &buf, &len, e) < 0)
		return -1;
	struct atomic_file af;
	if (atomic_open_in(&af, path, out_mem, e) < 0) {
		free(buf);
		return -1;
	}
	fwrite(buf, 1, len, af.f);
	free(buf);
	return atomic_commit(&af, e);
}
