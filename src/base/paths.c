/* paths.c: the template search path and name lookups. */
#include "base/paths.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MAPSHEET_DATADIR
#define MAPSHEET_DATADIR "/usr/local/share/mapsheet"
#endif

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static void add_dir(struct paths *p, int *n, const char *dir)
{
	if (*n >= PATHS_MAX || !dir || !*dir || !is_dir(dir))
		return;
	for (int i = 0; i < *n; i++)
		if (strcmp(p->dirs[i], dir) == 0)
			return;
	snprintf(p->storage[*n], sizeof p->storage[*n], "%s", dir);
	p->dirs[*n] = p->storage[*n];
	(*n)++;
	p->dirs[*n] = NULL;
}

void paths_init(struct paths *p, const char *argv0)
{
	int n = 0;
	char exe[1024], dir[1100];
	memset(p, 0, sizeof *p);
	add_dir(p, &n, getenv("MAPSHEET_TEMPLATES"));
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = '\0';
	} else if (argv0) {
		snprintf(exe, sizeof exe, "%s", argv0);
	} else {
		exe[0] = '\0';
	}
	char *slash = strrchr(exe, '/');
	if (slash) {
		*slash = '\0';
		snprintf(dir, sizeof dir, "%s/templates", exe);
		add_dir(p, &n, dir);
		snprintf(dir, sizeof dir, "%s/../templates", exe);
		add_dir(p, &n, dir);
		/* an installed tree moved as a whole (or staged under DESTDIR) */
		snprintf(dir, sizeof dir, "%s/../share/mapsheet", exe);
		add_dir(p, &n, dir);
	}
	add_dir(p, &n, MAPSHEET_DATADIR);
}

int paths_find(const char *const *dirs, const char *subdir, const char *name, const char *ext,
	       const char *what, char *out, size_t size, struct err *e)
{
	/* something other than a regular file by that name is taken, so that
	 * reading it says what it is (a directory, a FIFO) */
	if (strchr(name, '/')) {
		if (!exists(name))
			return err_usage(e, "%s file '%s' does not exist", what, name);
		snprintf(out, size, "%s", name);
		return 0;
	}
	for (int i = 0; dirs && dirs[i]; i++) {
		snprintf(out, size, "%s/%s/%s.%s", dirs[i], subdir, name, ext);
		if (exists(out))
			return 0;
	}
	char names[400];
	paths_list(dirs, subdir, ext, names, sizeof names);
	return err_usage(e, "unknown %s '%s' (%ss: %s)", what, name, what, names[0] ? names : "none installed");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int paths_list(const char *const *dirs, const char *subdir, const char *ext, char *out, size_t size)
{
	char *names[256];
	int n = 0;
	size_t extlen = strlen(ext);
	for (int i = 0; dirs && dirs[i]; i++) {
		char dir[1200];
		snprintf(dir, sizeof dir, "%s/%s", dirs[i], subdir);
		DIR *d = opendir(dir);
		if (!d)
			continue;
		struct dirent *ent;
		while ((ent = readdir(d)) != NULL && n < 256) {
			size_t len = strlen(ent->d_name);
			if (len <= extlen + 1 || ent->d_name[len - extlen - 1] != '.' ||
			    strcmp(ent->d_name + len - extlen, ext) != 0)
				continue;
			char *name = strndup(ent->d_name, len - extlen - 1);
			if (!name)
				continue;
			int dup = 0;
			for (int k = 0; k < n && !dup; k++)
				dup = strcmp(names[k], name) == 0;
			if (dup)
				free(name);
			else
				names[n++] = name;
		}
		closedir(d);
	}
	paths_join_names(names, n, out, size);
	return n;
}

void paths_join_names(char **names, int n, char *out, size_t size)
{
	qsort(names, (size_t)n, sizeof *names, cmp_str);
	size_t used = 0;
	if (size)
		out[0] = '\0';
	for (int k = 0; k < n; k++) {
		int w = snprintf(out + used, size > used ? size - used : 0, "%s%s", k ? ", " : "", names[k]);
		if (w > 0 && (size_t)w < size - used)
			used += (size_t)w;
		free(names[k]);
	}
}

int paths_find_dir(const char *const *dirs, const char *subdir, char *out, size_t size)
{
	for (int i = 0; dirs && dirs[i]; i++) {
		snprintf(out, size, "%s/%s", dirs[i], subdir);
		if (is_dir(out))
			return 0;
	}
	return -1;
}
