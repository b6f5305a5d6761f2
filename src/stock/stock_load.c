/* stock_load.c: finding a table system (templates/tables/NAME along the
 * search path, or a folder given by path), reading its *.table files in name
 * order and listing the systems there are. */
#include "stock/stock_table.h"

#include "base/paths.h"
#include "template/template.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Adds every *.table file of folder dir, in name order. */
static int stock_tables_parse_dir(struct stock_tables *t, const char *dir, struct err *e)
{
	DIR *d = opendir(dir);
	if (!d)
		return err_usage(e, "cannot open the table folder %s", dir);
	char **names = NULL;
	int n = 0, cap = 0, rc = -1;
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL) {
		size_t len = strlen(ent->d_name);
		if (len < 7 || ent->d_name[0] == '.' || strcmp(ent->d_name + len - 6, ".table") != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			char **p = realloc(names, (size_t)cap * sizeof *p);
			if (!p)
				goto oom;
			names = p;
		}
		if (!(names[n] = strdup(ent->d_name)))
			goto oom;
		n++;
	}
	closedir(d);
	d = NULL;
	if (n == 0) {
		err_usage(e, "the table folder %s holds no *.table files", dir);
		goto out;
	}
	qsort(names, (size_t)n, sizeof *names, cmp_cstr);
	for (int i = 0; i < n; i++) {
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		size_t len;
		char *text = tpl_read_file(path, &len, e);
		if (!text)
			goto out;
		int r = stock_tables_parse_text(t, path, text, len, e);
		free(text);
		if (r < 0)
			goto out;
	}
	rc = 0;
	goto out;
oom:
	err_set(e, "out of memory reading %s", dir);
out:
	if (d)
		closedir(d);
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* ---- systems ---- */

int stock_systems_list(const char *const *dirs, char *out, size_t size)
{
	char *names[64];
	int n = 0;
	for (int i = 0; dirs && dirs[i]; i++) {
		char dir[1200];
		snprintf(dir, sizeof dir, "%s/tables", dirs[i]);
		DIR *d = opendir(dir);
		if (!d)
			continue;
		struct dirent *ent;
		while ((ent = readdir(d)) != NULL && n < 64) {
			if (ent->d_name[0] == '.')
				continue;
			char sub[1500];
			snprintf(sub, sizeof sub, "%s/%s", dir, ent->d_name);
			DIR *probe = opendir(sub);
			if (!probe)
				continue;
			closedir(probe);
			int dup = 0;
			for (int k = 0; k < n && !dup; k++)
				dup = strcmp(names[k], ent->d_name) == 0;
			if (!dup && (names[n] = strdup(ent->d_name)) != NULL)
				n++;
		}
		closedir(d);
	}
	paths_join_names(names, n, out, size);
	return n;
}

int stock_system_dir(const char *const *dirs, const char *system, char *dir, size_t size, struct err *e)
{
	if (strchr(system, '/')) {
		snprintf(dir, size, "%s", system);
		return 0;
	}
	char sub[200];
	if (!system[0] || system[0] == '.' || strlen(system) > 100)
		return err_usage(e, "--system: '%s' is not a table system name", system);
	snprintf(sub, sizeof sub, "tables/%s", system);
	if (paths_find_dir(dirs, sub, dir, size) < 0) {
		char names[400];
		stock_systems_list(dirs, names, sizeof names);
		return err_usage(e, "unknown table system '%s' (systems: %s)", system,
				 names[0] ? names : "none installed");
	}
	return 0;
}

int stock_tables_load(struct stock_tables *t, const char *const *dirs, const char *system, struct err *e)
{
	char dir[1400];
	stock_tables_init(t);
	if (stock_system_dir(dirs, system, dir, sizeof dir, e) < 0)
		return -1;
	if (stock_tables_parse_dir(t, dir, e) < 0)
		return -1;
	/* the bases after the system's own tables, each of which stands in
	 * for a base's table of the same name; a base is a shipped system,
	 * found by name, and may have a base of its own */
	char base[64];
	snprintf(base, sizeof base, "%s", t->fig.base);
	for (int depth = 1; base[0]; depth++) {
		char bdir[1400];
		if (depth > STOCK_MAX_BASES)
			return err_usage(e, "%s: its bases build on each other more than %d deep (at '%s')", dir,
					 STOCK_MAX_BASES, base);
		if (stock_system_dir(dirs, base, bdir, sizeof bdir, e) < 0)
			return -1;
		t->reading_system = depth;
		stock_figures_free(&t->base_fig);
		if (stock_tables_parse_dir(t, bdir, e) < 0 || stock_figures_merge(&t->fig, &t->base_fig, e) < 0)
			return -1;
		snprintf(base, sizeof base, "%s", t->base_fig.base);
	}
	t->reading_system = 0;
	return stock_tables_resolve(t, e);
}
