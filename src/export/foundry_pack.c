/* foundry_pack.c: a Foundry VTT compendium pack, a LevelDB database (the
 * form of packs since Foundry 11), written with the distribution's
 * libleveldb into a temporary folder, opened again (which leaves the entry
 * in one sorted table) to prove it holds the entry, and carried into the module's files; the
 * folder is removed whatever happens. Without compression, so that any
 * LevelDB reads it; the database's own log (LOG, LOG.old: dated lines)
 * and its lock are left out, so the same entry gives the same files. */
#include "export/foundry_int.h"

#include "base/memfiles.h"
#include "base/slurp.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <leveldb/c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* no file of a pack of one entry comes near this */
#define PACK_FILE_MAX ((size_t)1 << 30)
#define PACK_MAX_FILES 64

/* Sets e from a LevelDB error message (which is freed). */
static int pack_error(struct err *e, const char *what, char *msg)
{
	err_set(e, "cannot write the Foundry compendium pack (%s): %s", what, msg ? msg : "unknown error");
	leveldb_free(msg);
	return -1;
}

/* Writes the entry into a new database at dir and closes it. */
static int pack_put(const char *dir, const char *key, const char *value, size_t len, struct err *e)
{
	leveldb_options_t *o = leveldb_options_create();
	leveldb_writeoptions_t *wo = leveldb_writeoptions_create();
	if (!o || !wo) {
		leveldb_options_destroy(o);
		leveldb_writeoptions_destroy(wo);
		return err_set(e, "out of memory writing the Foundry compendium pack");
	}
	leveldb_options_set_create_if_missing(o, 1);
	leveldb_options_set_error_if_exists(o, 1);
	leveldb_options_set_compression(o, leveldb_no_compression);
	char *msg = NULL;
	int rc = 0;
	leveldb_t *db = leveldb_open(o, dir, &msg);
	if (!db) {
		rc = pack_error(e, "open", msg);
	} else {
		leveldb_put(db, wo, key, strlen(key), value, len, &msg);
		if (msg)
			rc = pack_error(e, "put", msg);
		leveldb_close(db);
	}
	leveldb_writeoptions_destroy(wo);
	leveldb_options_destroy(o);
	return rc;
}

/* Opens the database at dir again, which turns its log into a sorted
 * table, as Foundry's own tools leave a pack, and reads the entry: it must
 * be there as written. Nothing here starts LevelDB's compaction thread
 * (leveldb_compact_range would, and it would outlive the writer): a
 * database of one table never needs compacting. */
static int pack_check(const char *dir, const char *key, const char *value, size_t len, struct err *e)
{
	leveldb_options_t *o = leveldb_options_create();
	leveldb_readoptions_t *ro = leveldb_readoptions_create();
	if (!o || !ro) {
		leveldb_options_destroy(o);
		leveldb_readoptions_destroy(ro);
		return err_set(e, "out of memory reading the Foundry compendium pack back");
	}
	leveldb_options_set_paranoid_checks(o, 1);
	leveldb_readoptions_set_verify_checksums(ro, 1);
	char *msg = NULL;
	int rc = 0;
	leveldb_t *db = leveldb_open(o, dir, &msg);
	if (!db) {
		rc = pack_error(e, "open again", msg);
	} else {
		size_t got_len = 0;
		char *got = leveldb_get(db, ro, key, strlen(key), &got_len, &msg);
		if (msg)
			rc = pack_error(e, "read back", msg);
		else if (!got || got_len != len || memcmp(got, value, len) != 0)
			rc = err_set(e, "cannot write the Foundry compendium pack: it does not hold what was written");
		leveldb_free(got);
		leveldb_close(db);
	}
	leveldb_readoptions_destroy(ro);
	leveldb_options_destroy(o);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The database's files, in name order, without its log and lock. */
static int pack_list(const char *dir, char **names, int *n, struct err *e)
{
	DIR *dh = opendir(dir);
	if (!dh)
		return err_set(e, "cannot read the Foundry compendium pack's folder %s: %s", dir, strerror(errno));
	*n = 0;
	struct dirent *de;
	int rc = 0;
	while ((de = readdir(dh)) != NULL) {
		const char *nm = de->d_name;
		if (strcmp(nm, ".") == 0 || strcmp(nm, "..") == 0 || strcmp(nm, "LOCK") == 0 ||
		    strncmp(nm, "LOG", 3) == 0)
			continue;
		if (*n == PACK_MAX_FILES) {
			rc = err_set(e, "the Foundry compendium pack has more than %d files", PACK_MAX_FILES);
			break;
		}
		if (!(names[*n] = strdup(nm))) {
			rc = err_set(e, "out of memory");
			break;
		}
		(*n)++;
	}
	closedir(dh);
	qsort(names, (size_t)*n, sizeof *names, by_name);
	return rc;
}

/* Adds the file dir/name to files as prefix + name. */
static int pack_take(const char *dir, const char *name, const char *prefix, struct memfiles *files,
		     struct err *e)
{
	char path[4200], inner[4200];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(inner, sizeof inner, "%s%s", prefix, name);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *data;
	size_t len;
	if (fd < 0 || fstat(fd, &st) < 0 || slurp_fd(fd, (size_t)st.st_size, PACK_FILE_MAX, &data, &len) < 0) {
		int saved = errno;
		if (fd >= 0)
			close(fd);
		return err_set(e, "cannot read the Foundry compendium pack's %s: %s", name, strerror(saved));
	}
	close(fd);
	return memfiles_add(files, inner, data, len, e);
}

int foundry_pack_write(const char *key, const char *value, size_t len, const char *prefix, struct memfiles *files,
		       struct err *e)
{
	const char *tmp = getenv("TMPDIR");
	char dir[4096];
	int n = snprintf(dir, sizeof dir, "%s/mapsheet-foundry-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (n < 0 || (size_t)n >= sizeof dir)
		return err_set(e, "TMPDIR is too long a path: %.60s...", tmp);
	if (!mkdtemp(dir))
		return err_set(e, "cannot make a temporary folder for the Foundry compendium pack in %s: %s",
			       tmp && *tmp ? tmp : "/tmp", strerror(errno));
	char *names[PACK_MAX_FILES];
	int count = 0;
	int rc = pack_put(dir, key, value, len, e);
	if (rc == 0)
		rc = pack_check(dir, key, value, len, e);
	if (rc == 0)
		rc = pack_list(dir, names, &count, e);
	for (int i = 0; i < count && rc == 0; i++)
		rc = pack_take(dir, names[i], prefix, files, e);
	for (int i = 0; i < count; i++)
		free(names[i]);
	/* the folder goes, whatever happened: every file in it, then it */
	DIR *dh = opendir(dir);
	struct dirent *de;
	while (dh && (de = readdir(dh)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		unlinkat(dirfd(dh), de->d_name, 0);
	}
	if (dh)
		closedir(dh);
	if (rmdir(dir) < 0 && rc == 0)
		rc = err_set(e, "cannot remove the temporary folder %s: %s", dir, strerror(errno));
	return rc;
}
