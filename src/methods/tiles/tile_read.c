/* tile_read.c: the tile file reader: the tile, title, kind, weight and row
 * directives through the template parser, with every mistake reported as
 * file:line:column (see tile_read.h); and the library of a run read from
 * the shipped folder and the user's. */
#include "methods/tiles/tile_read.h"

#include "base/paths.h"
#include "template/template.h"
#include "methods/tiles/tile_set.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TILE_DEFAULT_WEIGHT 10

struct read_ctx {
	struct tile_set *set;
	struct tile cur;        /* the tile being read */
	int have;               /* cur holds a tile */
	int source;
	const char *file;
};

/* Ends the tile being read: checks it, finds its doors, adds it. */
static int finish(struct read_ctx *c, struct err *e)
{
	if (!c->have)
		return 0;
	c->have = 0;
	struct tile *t = &c->cur;
	if (t->h == 0) {
		err_at(e, t->file, t->line, 1, "tile '%s' has no rows", t->name);
		tile_free(t);
		return -1;
	}
	if (tile_analyse(t, e) < 0 || tile_set_add(c->set, t, e) < 0) {
		tile_free(t);
		return -1;
	}
	memset(t, 0, sizeof *t);
	return 0;
}

static int on_tile(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (finish(c, e) < 0)
		return -1;
	const char *name = f[0].text;
	size_t len = strlen(name);
	if (len == 0 || len >= sizeof c->cur.name)
		return tpl_error(e, pos, f[0].col, "a tile name is 1 to %d characters", (int)sizeof c->cur.name - 1);
	for (size_t i = 0; i < len; i++) {
		char ch = name[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
		      ch == '-' || ch == '_'))
			return tpl_error(e, pos, f[0].col + (int)i,
					 "'%c' in a tile name (use letters, digits, '-' and '_'; "
					 "title: gives the key's name)", ch);
	}
	struct tile *t = &c->cur;
	memset(t, 0, sizeof *t);
	snprintf(t->name, sizeof t->name, "%s", name);
	snprintf(t->file, sizeof t->file, "%s", c->file);
	t->line = pos->line;
	t->kind = TILE_ROOM;
	t->weight = TILE_DEFAULT_WEIGHT;
	t->source = c->source;
	c->have = 1;
	return 0;
}

static int need_tile(struct read_ctx *c, const struct tpl_pos *pos, const char *what, struct err *e)
{
	if (!c->have)
		return tpl_error(e, pos, 1, "'%s' before any 'tile:' line", what);
	return 0;
}

static int on_title(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_tile(c, pos, "title", e) < 0)
		return -1;
	if (strlen(f[0].text) >= sizeof c->cur.title)
		return tpl_error(e, pos, f[0].col, "a title is at most %d characters", (int)sizeof c->cur.title - 1);
	snprintf(c->cur.title, sizeof c->cur.title, "%s", f[0].text);
	return 0;
}

static int on_kind(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_tile(c, pos, "kind", e) < 0)
		return -1;
	int k = tile_kind_parse(f[0].text);
	if (k < 0)
		return tpl_error(e, pos, f[0].col,
				 "unknown kind '%s' (expected room, hall, corridor, stairs or entrance)", f[0].text);
	c->cur.kind = (enum tile_kind)k;
	return 0;
}

static int on_weight(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_tile(c, pos, "weight", e) < 0)
		return -1;
	if (f[0].i < 1 || f[0].i > 1000)
		return tpl_error(e, pos, f[0].col, "weight %ld is out of range (expected 1 to 1000)", f[0].i);
	c->cur.weight = (int)f[0].i;
	return 0;
}

static int on_row(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	struct tile *t = &c->cur;
	(void)nf;
	if (need_tile(c, pos, "row", e) < 0)
		return -1;
	const char *row = f[0].text;
	int len = (int)strlen(row);
	for (int i = 0; i < len; i++)
		if (tile_square_of(row[i]) == TSQ_BAD)
			return tpl_error(e, pos, f[0].col + i,
					 "unknown square '%c' (expected one of: # . D E o ~ %% & < > or a space)",
					 row[i]);
	if (len == 0)
		return tpl_error(e, pos, f[0].col, "an empty row (draw the outside as spaces)");
	/* rows may differ in width (man(1) and editors drop trailing spaces):
	 * the tile is as wide as its widest row, the rest padded with outside */
	int w = len > t->w ? len : t->w;
	if (w > TILE_MAX_SIDE || t->h >= TILE_MAX_SIDE)
		return tpl_error(e, pos, f[0].col, "a tile is at most %d squares on a side", TILE_MAX_SIDE);
	int h = t->h + 1;
	char *cells = malloc((size_t)w * (size_t)h);
	int *rl = cells ? realloc(t->row_line, (size_t)h * sizeof *rl) : NULL;
	if (rl)
		t->row_line = rl;
	int *rc = rl ? realloc(t->row_col, (size_t)h * sizeof *rc) : NULL;
	if (!rc) {
		free(cells);
		return err_set(e, "out of memory reading %s", pos->file);
	}
	t->row_col = rc;
	memset(cells, ' ', (size_t)w * (size_t)h);
	for (int y = 0; y < t->h; y++)
		memcpy(cells + (size_t)y * (size_t)w, t->cells + (size_t)y * (size_t)t->w, (size_t)t->w);
	memcpy(cells + (size_t)t->h * (size_t)w, row, (size_t)len);
	free(t->cells);
	t->cells = cells;
	t->row_line[t->h] = pos->line;
	t->row_col[t->h] = f[0].col;
	t->w = w;
	t->h = h;
	return 0;
}

static const struct tpl_directive tile_directives[] = {
	{ "tile", "str", on_tile, 0 },
	{ "title", "text", on_title, 0 },
	{ "kind", "str", on_kind, 0 },
	{ "weight", "int", on_weight, 0 },
	{ "row", "text", on_row, 0 },
	{ NULL, NULL, NULL, 0 }
};

int tile_read_text(struct tile_set *s, const char *name, const char *text, size_t len, int source,
		   struct err *e)
{
	struct read_ctx c;
	memset(&c, 0, sizeof c);
	c.set = s;
	c.source = source;
	c.file = name;
	int rc = tpl_parse_text(name, text, len, tile_directives, &c, e);
	if (rc == 0)
		rc = finish(&c, e);
	if (c.have)
		tile_free(&c.cur);
	return rc;
}

/* Reads one file (see tile_read_text). */
static int read_file(struct tile_set *s, const char *path, int source, struct err *e)
{
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	int rc = tile_read_text(s, path, text, len, source, e);
	free(text);
	return rc;
}

/* Reads every DIR/ *.tile in name order. A folder that cannot be opened or
 * holds no .tile file is a usage error. */
static int read_dir(struct tile_set *s, const char *dir, int source, struct err *e)
{
	char **names;
	int n;
	if (tpl_list_dir(dir, ".tile", "tile", &names, &n, e) < 0)
		return -1;
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		rc = read_file(s, path, source, e);
	}
	tpl_dir_free(names, n);
	return rc;
}

int tile_set_load(struct tile_set *s, const char *const *dirs, const char *user_dir, struct err *e)
{
	const char *key = user_dir ? user_dir : "";
	if (s->loaded && strcmp(s->loaded_for, key) == 0)
		return 0;
	tile_set_free(s);
	char shipped[1200], where[2600];
	int rc = 0;
	if (user_dir && user_dir[0] != '+') {
		rc = read_dir(s, user_dir, 0, e);
		snprintf(where, sizeof where, "%s", user_dir);
	} else {
		if (paths_find_dir(dirs, "tiles", shipped, sizeof shipped) < 0)
			return err_set(e, "cannot find the shipped tiles (templates/tiles) along the template path");
		rc = read_dir(s, shipped, 0, e);
		if (rc == 0 && user_dir)
			rc = read_dir(s, user_dir + 1, 1, e);
		snprintf(where, sizeof where, "%s%s%s", shipped, user_dir ? " and " : "", user_dir ? user_dir + 1 : "");
	}
	if (rc == 0)
		rc = tile_set_index(s, where, e);
	if (rc < 0) {
		tile_set_free(s);
		return -1;
	}
	snprintf(s->loaded_for, sizeof s->loaded_for, "%s", key);
	s->loaded = 1;
	return 0;
}
