/* fileset.c: finishing several files as one output (see fileset.h). */
#include "base/fileset.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* How far into a file the mark is looked for: SVG metadata follows the
 * <svg> tag, PNG text chunks the header, the JSON key opens the file. */
#define MARK_WINDOW 8192

/* Whether the n bytes at buf hold the mark. */
static int has_mark(const char *buf, size_t n)
{
	size_t m = strlen(FILESET_MARK);
	for (size_t i = 0; i + m <= n; i++)
		if (buf[i] == FILESET_MARK[0] && memcmp(buf + i, FILESET_MARK, m) == 0)
			return 1;
	return 0;
}

/* Whether the file at path is a regular file that this program wrote (it
 * carries FILESET_MARK near its start). */
static int fileset_is_ours(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	struct stat st;
	char buf[MARK_WINDOW];
	ssize_t got = 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		got = read(fd, buf, sizeof buf);
	close(fd);
	return got > 0 && has_mark(buf, (size_t)got);
}

/* The extension of a last name (from its last dot, "" when none or when
 * the name starts with its only dot). */
static const char *name_ext(const char *base)
{
	const char *dot = strrchr(base, '.');
	return dot && dot != base ? dot : base + strlen(base);
}

/* Whether name (a last name, no folder) is of the set of pattern's last
 * name: the name itself or NAME-K.EXT. */
static int fileset_name_matches(const char *pattern, const char *name)
{
	const char *slash = strrchr(pattern, '/');
	const char *base = slash ? slash + 1 : pattern;
	const char *ext = name_ext(base);
	size_t stem = (size_t)(ext - base), elen = strlen(ext), nlen = strlen(name);
	if (strcmp(name, base) == 0)
		return 1;
	if (nlen < stem + 2 + elen || strncmp(name, base, stem) != 0 || name[stem] != '-' ||
	    strcmp(name + nlen - elen, ext) != 0)
		return 0;
	const char *d = name + stem + 1, *dend = name + nlen - elen;
	if (*d < '1' || *d > '9' || dend - d > 9)
		return 0;
	for (; d < dend; d++)
		if (*d < '0' || *d > '9')
			return 0;
	return 1;
}

static int belongs(const char *target, void *arg)
{
	return fileset_name_matches(arg, target);
}

/* Removes every file of the pattern that this program wrote, except the
 * one named keep (a last name). */
static void remove_ours(const char *pattern, const char *keep)
{
	char dir[4096];
	const char *slash = strrchr(pattern, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else
		snprintf(dir, sizeof dir, "%.*s", slash == pattern ? 1 : (int)(slash - pattern), pattern);
	DIR *dh = opendir(dir);
	if (!dh)
		return;
	for (struct dirent *de = readdir(dh); de; de = readdir(dh)) {
		if (strcmp(de->d_name, keep) == 0 || !fileset_name_matches(pattern, de->d_name))
			continue;
		char full[8192];
		snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
		if (fileset_is_ours(full))
			unlink(full);
	}
	closedir(dh);
}

int fileset_finish(struct atomic_file *af, int n, int lead, const char *pattern, int rc, struct err *e)
{
	if (rc != 0)
		atomic_blame(af, n, e);
	for (int i = 0; i < n && rc == 0; i++)
		if (atomic_settle(&af[i], e) < 0)
			rc = -1;
	if (rc == 0 && n > 0) {
		const char *slash = strrchr(af[lead].path, '/');
		/* standard output, a device or memory: no set of files on disk */
		int on_disk = !af[lead].is_stdout && !af[lead].is_device && !af[lead].mem;
		if (on_disk)
			remove_ours(pattern, slash ? slash + 1 : af[lead].path);
		if (atomic_place(&af[lead], e) < 0)
			rc = -1;
		for (int i = 0; i < n && rc == 0; i++)
			if (i != lead && atomic_place(&af[i], e) < 0)
				rc = -1;
		if (on_disk)
			atomic_sweep(pattern, belongs, (void *)pattern);
	}
	for (int i = 0; i < n; i++)
		atomic_abort(&af[i]);
	return rc;
}
