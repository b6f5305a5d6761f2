/* template_dir.c: listing a folder of template files (every *.tile,
 * *.card, ...) in name order, so that the files of a folder are read in the
 * same order on every machine. */
#include "template/template.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void tpl_dir_free(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int tpl_list_dir(const char *dir, const char *ext, const char *what, char ***out, int *nout, struct err *e)
{
	*out = NULL;
	*nout = 0;
	DIR *d = opendir(dir);
	if (!d)
		return err_usage(e, "cannot open the %s folder '%s': %s", what, dir, strerror(errno));
	size_t elen = strlen(ext);
	char **names = NULL;
	int n = 0, cap = 0, rc = 0;
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL) {
		size_t len = strlen(ent->d_name);
		if (len <= elen || ent->d_name[0] == '.' || strcmp(ent->d_name + len - elen, ext) != 0)
			continue;
		if (n == cap) {
			int ncap = cap ? cap * 2 : 16;
			char **p = realloc(names, (size_t)ncap * sizeof *p);
			if (!p) {
				rc = err_set(e, "out of memory listing %s", dir);
				break;
			}
			names = p;
			cap = ncap;
		}
		if (!(names[n] = strdup(ent->d_name))) {
			rc = err_set(e, "out of memory listing %s", dir);
			break;
		}
		n++;
	}
	closedir(d);
	if (rc == 0 && n == 0)
		rc = err_usage(e, "the %s folder '%s' holds no %s files", what, dir, ext);
	if (rc < 0) {
		tpl_dir_free(names, n);
		return -1;
	}
	qsort(names, (size_t)n, sizeof *names, cmp_name);
	*out = names;
	*nout = n;
	return 0;
}
