/* inputs.c: what a run reads, checked against what it writes. */
#include "app/inputs.h"

#include "base/paths.h"

#include "stock/stock.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

struct input_file {
	dev_t dev;
	ino_t ino;
	char what[160];         /* "a table of --system neutral" */
};

/* The files a run reads. */
struct inputs {
	struct input_file *v;
	int n, cap;
};

static void inputs_init(struct inputs *in)
{
	memset(in, 0, sizeof *in);
}

static void inputs_free(struct inputs *in)
{
	free(in->v);
	inputs_init(in);
}

/* Adds the file at path, described as `what`, when it exists (a missing
 * file is read by nobody). Returns 0, or -1 with e set (out of memory). */
static int inputs_add_file(struct inputs *in, const char *path, const char *what, struct err *e)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if (in->n == in->cap) {
		int cap = in->cap ? in->cap * 2 : 16;
		struct input_file *v = realloc(in->v, (size_t)cap * sizeof *v);
		if (!v)
			return err_set(e, "out of memory listing the input files");
		in->v = v;
		in->cap = cap;
	}
	struct input_file *f = &in->v[in->n++];
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	snprintf(f->what, sizeof f->what, "%s", what);
	return 0;
}

/* Adds every regular file in folder dir whose name ends in ext. Returns 0,
 * or -1 with e set (out of memory; an unreadable folder adds nothing). */
static int inputs_add_dir(struct inputs *in, const char *dir, const char *ext, const char *what, struct err *e)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t elen = strlen(ext);
	int rc = 0;
	struct dirent *ent;
	while (rc == 0 && (ent = readdir(d)) != NULL) {
		size_t len = strlen(ent->d_name);
		if (len <= elen || strcmp(ent->d_name + len - elen, ext) != 0)
			continue;
		char path[PATH_MAX];
		if (snprintf(path, sizeof path, "%s/%s", dir, ent->d_name) >= (int)sizeof path)
			continue;
		rc = inputs_add_file(in, path, what, e);
	}
	closedir(d);
	return rc;
}

/* Returns -1 with a run-time error naming `option` when path (an output)
 * is one of the inputs, else 0. "-" and missing files are never inputs. */
static int inputs_check_output(const struct inputs *in, const char *option, const char *path, struct err *e)
{
	struct stat st;
	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	for (int i = 0; i < in->n; i++)
		if (in->v[i].dev == st.st_dev && in->v[i].ino == st.st_ino)
			return err_set(e, "%s: will not write %s: this run reads it (%s); name another file", option,
				       path, in->v[i].what);
	return 0;
}

/* Splits path into its folder's identity and its last part. Returns 0, or
 * -1 when the folder does not exist. */
static int locate(const char *path, struct stat *dir_st, const char **base)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	*base = slash ? slash + 1 : path;
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	return stat(dir, dir_st) == 0 ? 0 : -1;
}

/* True when a and b name the same file, existing or not yet. */
static int same_target(const char *a, const char *b)
{
	struct stat sa, sb;
	const char *ba, *bb;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && S_ISREG(sa.st_mode);
	return locate(a, &sa, &ba) == 0 && locate(b, &sb, &bb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino && strcmp(ba, bb) == 0;
}

int inputs_check_run(const struct cli *c, const char *out_path, struct stock_tables *tables, struct err *e)
{
	struct inputs in;
	char path[1024], what[160];
	int rc = -1;
	inputs_init(&in);
	stock_tables_init(tables);
	if (c->log_path && strcmp(c->log_path, "-") != 0 && strcmp(out_path, "-") != 0 &&
	    same_target(c->log_path, out_path)) {
		err_usage(e, "--log: %s is also the output file; name another file for the roll log", c->log_path);
		goto out;
	}
	if (cli_config_path(path, sizeof path) == 0 && inputs_add_file(&in, path, "the config file", e) < 0)
		goto out;
	if (c->key.stock) {
		/* Load the tables once, now, so a bad system fails before any
		 * output; the keys are stocked from these. */
		if (stock_tables_load(tables, c->key.template_dirs, c->key.system, e) < 0 ||
		    stock_check_system(tables, e) < 0)
			goto out;
		char dir[1400];
		if (stock_system_dir(c->key.template_dirs, c->key.system, dir, sizeof dir, e) < 0)
			goto out;
		snprintf(what, sizeof what, "a stocking table of --system %s", c->key.system);
		if (inputs_add_dir(&in, dir, ".table", what, e) < 0)
			goto out;
	}
	/* the style, tiles, name tables and zone themes the methods and sheets read */
	const char *style = c->sheet.style ? c->sheet.style : "classic";
	struct err ignore;
	if (paths_find(c->params.template_dirs, "styles", style, "style", "style", path, sizeof path, &ignore) == 0 &&
	    inputs_add_file(&in, path, "the style file", e) < 0)
		goto out;
	static const char *const kinds[][3] = {
		{ "tiles", ".tile", "a shipped tile file" },
		{ "names", ".names", "a room name table" },
		{ "themes", ".txt", "a zone theme table" },
	};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (int i = 0; c->params.template_dirs && c->params.template_dirs[i]; i++) {
			snprintf(path, sizeof path, "%s/%s", c->params.template_dirs[i], kinds[k][0]);
			if (inputs_add_dir(&in, path, kinds[k][1], kinds[k][2], e) < 0)
				goto out;
		}
	if (c->params.tiles.dir) {
		const char *dir = c->params.tiles.dir[0] == '+' ? c->params.tiles.dir + 1 : c->params.tiles.dir;
		if (inputs_add_dir(&in, dir, ".tile", "a tile file of --tiles", e) < 0)
			goto out;
	}
	for (int i = 0; i < c->ninputs; i++)
		if (strcmp(c->inputs[i], "-") != 0 && inputs_add_file(&in, c->inputs[i], "an --input map", e) < 0)
			goto out;
	if (inputs_check_output(&in, "--output", out_path, e) < 0 ||
	    (c->log_path && inputs_check_output(&in, "--log", c->log_path, e) < 0))
		goto out;
	rc = 0;
out:
	inputs_free(&in);
	return rc;
}
