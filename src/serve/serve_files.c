/* serve_files.c: what the local server loads once, when it starts: the
 * page's files (templates/serve/: the HTML, its style sheet and script)
 * and every installed system of stocking tables, so that no request reads
 * a file. */
#define _DEFAULT_SOURCE
#include "serve/serve_int.h"

#include "base/paths.h"
#include "stock/stock.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A name the page's files may have: letters, digits, '-', '_' and '.',
 * not first, and an extension of a type served (not the LICENSE note). */
static int page_name_ok(const char *name)
{
	if (!name[0] || name[0] == '.' || strlen(name) >= sizeof((struct serve_page_file *)0)->name ||
	    strcmp(serve_type_for(name), "application/octet-stream") == 0)
		return 0;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-' ||
		      *p == '_' || *p == '.'))
			return 0;
	return 1;
}

static int read_page_file(struct serve_page_file *pf, const char *dir, const char *name, struct err *e)
{
	char path[2048];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return err_set(e, "cannot read %s: %s", path, strerror(errno));
	char *data = malloc(SERVE_MAX_PAGE_FILE + 1);
	size_t len = data ? fread(data, 1, SERVE_MAX_PAGE_FILE + 1, f) : 0;
	int bad = ferror(f);
	fclose(f);
	if (!data)
		return err_set(e, "out of memory");
	if (bad || len > SERVE_MAX_PAGE_FILE) {
		free(data);
		return err_set(e, "cannot read %s: %s", path, bad ? "read error" : "larger than 512 KiB");
	}
	memcpy(pf->name, name, strlen(name) + 1); /* page_name_ok() bounds its length */
	pf->data = data;
	pf->len = len;
	return 0;
}

static int load_page(struct serve_ctx *ctx, struct err *e)
{
	char dir[1400];
	if (paths_find_dir(ctx->template_dirs, "serve", dir, sizeof dir) < 0)
		return err_set(e, "the page's files (templates/serve) are not installed");
	DIR *dh = opendir(dir);
	if (!dh)
		return err_set(e, "cannot read %s: %s", dir, strerror(errno));
	int rc = 0;
	for (struct dirent *de = readdir(dh); de && rc == 0; de = readdir(dh)) {
		char path[2048];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (!page_name_ok(de->d_name) || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (ctx->nfiles >= SERVE_MAX_PAGE_FILES)
			rc = err_set(e, "%s: more than %d files", dir, SERVE_MAX_PAGE_FILES);
		else if ((rc = read_page_file(&ctx->files[ctx->nfiles], dir, de->d_name, e)) == 0)
			ctx->nfiles++;
	}
	closedir(dh);
	if (rc == 0 && !serve_page_file(ctx, "index.html"))
		rc = err_set(e, "%s has no index.html", dir);
	return rc;
}

static int load_systems(struct serve_ctx *ctx, struct err *e)
{
	char names[2000];
	stock_systems_list(ctx->template_dirs, names, sizeof names);
	char *save = NULL;
	for (char *name = strtok_r(names, ", ", &save); name; name = strtok_r(NULL, ", ", &save)) {
		if (ctx->nsystems >= SERVE_MAX_SYSTEMS)
			break;
		struct serve_system *s = &ctx->systems[ctx->nsystems];
		snprintf(s->name, sizeof s->name, "%s", name);
		stock_tables_init(&s->tables);
		ctx->nsystems++;
		if (stock_tables_load(&s->tables, ctx->template_dirs, name, e) < 0 || stock_check_system(&s->tables, e) < 0)
			return -1;
	}
	return 0;
}

int serve_load(struct serve_ctx *ctx, struct err *e)
{
	return load_page(ctx, e) < 0 || load_systems(ctx, e) < 0 || site_tables_load(&ctx->site, ctx->template_dirs, e) < 0
		       ? -1
		       : 0;
}

void serve_unload(struct serve_ctx *ctx)
{
	for (int i = 0; i < ctx->nfiles; i++)
		free(ctx->files[i].data);
	ctx->nfiles = 0;
	for (int i = 0; i < ctx->nsystems; i++)
		stock_tables_free(&ctx->systems[i].tables);
	ctx->nsystems = 0;
	site_tables_free(&ctx->site);
}

const struct serve_page_file *serve_page_file(const struct serve_ctx *ctx, const char *name)
{
	for (int i = 0; i < ctx->nfiles; i++)
		if (strcmp(ctx->files[i].name, name) == 0)
			return &ctx->files[i];
	return NULL;
}

const char *serve_type_for(const char *name)
{
	static const char *const types[][2] = {
		{ ".html", "text/html; charset=utf-8" }, { ".css", "text/css; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" }, { ".svg", "image/svg+xml" }, { ".png", "image/png" },
		{ ".pdf", "application/pdf" }, { ".json", "application/json" }, { ".uvtt", "application/json" },
		{ ".dd2vtt", "application/json" }, { ".md", "text/markdown; charset=utf-8" },
		{ ".txt", "text/plain; charset=utf-8" }, { ".zip", "application/zip" }, { ".ico", "image/x-icon" },
	};
	const char *dot = strrchr(name, '.');
	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (strcmp(dot, types[i][0]) == 0)
			return types[i][1];
	return "application/octet-stream";
}
