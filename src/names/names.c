/* names.c: the room-name tables (templates/names/ *.names) and the draw
 * that names a level's rooms and hallways by size and by what they touch
 * (see names.h). */
#include "names/names.h"

#include "base/paths.h"
#include "template/template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Index of name s, added if new; -1 with e set when out of memory. */
static int intern(struct names_table *t, const char *s, struct err *e)
{
	for (int i = 0; i < t->nnames; i++)
		if (strcmp(t->names[i], s) == 0)
			return i;
	if (t->nnames == t->names_cap) {
		int ncap = t->names_cap ? t->names_cap * 2 : 32;
		char(*p)[NAMES_LEN] = realloc(t->names, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory for the name table");
		t->names = p;
		t->names_cap = ncap;
	}
	snprintf(t->names[t->nnames], NAMES_LEN, "%s", s);
	return t->nnames++;
}

/* Checks a name field: not empty, fits NAMES_LEN. */
static int check_name(const struct tpl_pos *pos, const struct tpl_field *f, struct err *e)
{
	size_t len = strlen(f->text);
	if (len == 0)
		return tpl_error(e, pos, f->col, "the name is empty");
	if (len >= NAMES_LEN)
		return tpl_error(e, pos, f->col, "the name is longer than %d characters", NAMES_LEN - 1);
	return 0;
}

static int on_entrance(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct names_table *t = ctx;
	(void)nf;
	if (t->entrance >= 0)
		return tpl_error(e, pos, 1, "a second 'entrance' line (one is allowed)");
	if (check_name(pos, &f[0], e) < 0)
		return -1;
	t->entrance = intern(t, f[0].text, e);
	return t->entrance < 0 ? -1 : 0;
}

static int on_name(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct names_table *t = ctx;
	struct names_entry en = { 0 };
	(void)nf;
	int kind = -1;
	for (int k = 0; k < REGION_KIND_COUNT; k++)
		if (strcmp(f[0].text, region_kind_name((enum region_kind)k)) == 0)
			kind = k;
	if (kind < 0)
		return tpl_error(e, pos, f[0].col, "unknown kind '%s' (expected room, hall, corridor or bridge)",
				 f[0].text);
	if (f[1].i < 1)
		return tpl_error(e, pos, f[1].col, "the smallest area must be at least 1 square");
	if (f[2].i < f[1].i)
		return tpl_error(e, pos, f[2].col, "the largest area %ld is below the smallest %ld", f[2].i, f[1].i);
	if (f[3].i < 1)
		return tpl_error(e, pos, f[3].col, "the weight must be at least 1");
	if (f[4].i < 0)
		return tpl_error(e, pos, f[4].col, "the count must be 0 (any number) or more");
	if (check_name(pos, &f[5], e) < 0)
		return -1;
	en.kind = (enum region_kind)kind;
	en.min_area = (int)f[1].i;
	en.max_area = (int)f[2].i;
	en.weight = (int)f[3].i;
	en.most = (int)f[4].i;
	en.tag = t->section;
	en.name = intern(t, f[5].text, e);
	if (en.name < 0)
		return -1;
	if (t->nentries == t->entries_cap) {
		int ncap = t->entries_cap ? t->entries_cap * 2 : 32;
		struct names_entry *p = realloc(t->entries, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory for the name table");
		t->entries = p;
		t->entries_cap = ncap;
	}
	t->entries[t->nentries++] = en;
	return 0;
}

static int on_beside(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct names_table *t = ctx;
	(void)nf;
	if (check_name(pos, &f[0], e) < 0 || check_name(pos, &f[1], e) < 0)
		return -1;
	int name = intern(t, f[0].text, e), other = name < 0 ? -1 : intern(t, f[1].text, e);
	if (other < 0)
		return -1;
	if (t->nbeside == t->beside_cap) {
		int ncap = t->beside_cap ? t->beside_cap * 2 : 16;
		struct names_beside *p = realloc(t->beside, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory for the name table");
		t->beside = p;
		t->beside_cap = ncap;
	}
	t->beside[t->nbeside++] = (struct names_beside){ name, other, pos->line };
	return 0;
}

/* for:TAG starts a section: the name lines after it suit only regions with
 * that tag; for:* ends it. */
static int on_for(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct names_table *t = ctx;
	(void)nf;
	if (strcmp(f[0].text, "*") == 0) {
		t->section = -1;
		return 0;
	}
	if (check_name(pos, &f[0], e) < 0)
		return -1;
	t->section = intern(t, f[0].text, e);
	return t->section < 0 ? -1 : 0;
}

static const struct tpl_directive directives[] = {
	{ "entrance", "text", on_entrance, 0 },
	{ "for", "text", on_for, 0 },
	{ "name", "str int int int int text", on_name, 0 },
	{ "beside", "str text", on_beside, 0 },
	{ NULL, NULL, NULL, 0 }
};

static int cmp_beside(const void *a, const void *b)
{
	const struct names_beside *x = a, *y = b;
	if (x->name != y->name)
		return x->name < y->name ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* True when some entry (or the entrance) is called name. */
static int is_declared(const struct names_table *t, int name)
{
	if (name == t->entrance)
		return 1;
	for (int i = 0; i < t->nentries; i++)
		if (t->entries[i].name == name)
			return 1;
	return 0;
}

/* Checks the `beside` rows name real entries and links each entry to the
 * rows for its name. */
static int link_beside(struct names_table *t, const char *file, struct err *e)
{
	for (int k = 0; k < t->nbeside; k++) {
		const struct names_beside *b = &t->beside[k];
		int named = 0;
		for (int i = 0; i < t->nentries && !named; i++)
			named = t->entries[i].name == b->name;
		if (!named)
			return err_at(e, file, b->line, 8, "'%s' has no 'name' line", t->names[b->name]);
		if (!is_declared(t, b->other))
			return err_at(e, file, b->line, 8, "'%s' is beside '%s', which no line names",
				      t->names[b->name], t->names[b->other]);
	}
	if (t->nbeside > 0)
		qsort(t->beside, (size_t)t->nbeside, sizeof *t->beside, cmp_beside);
	for (int i = 0; i < t->nentries; i++) {
		struct names_entry *en = &t->entries[i];
		en->beside_first = en->nbeside = 0;
		for (int k = 0; k < t->nbeside; k++)
			if (t->beside[k].name == en->name) {
				if (en->nbeside == 0)
					en->beside_first = k;
				en->nbeside++;
			}
	}
	return 0;
}

int names_parse(struct names_table *t, const char *file, const char *text, size_t len, struct err *e)
{
	memset(t, 0, sizeof *t);
	t->entrance = -1;
	t->section = -1;
	if (tpl_parse_text(file, text, len, directives, t, e) < 0 || link_beside(t, file, e) < 0) {
		names_free(t);
		return -1;
	}
	if (t->entrance < 0) {
		names_free(t);
		return err_usage(e, "%s: no 'entrance' line (the name of the entrance)", file);
	}
	return 0;
}

int names_load(struct names_table *t, const char *const *dirs, const char *name, struct err *e)
{
	char path[1400];
	memset(t, 0, sizeof *t);
	t->entrance = -1;
	t->section = -1;
	if (paths_find(dirs, "names", name, "names", "name table", path, sizeof path, e) < 0)
		return -1;
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	int rc = names_parse(t, path, text, len, e);
	free(text);
	return rc;
}

void names_free(struct names_table *t)
{
	free(t->names);
	free(t->entries);
	free(t->beside);
	memset(t, 0, sizeof *t);
	t->entrance = -1;
	t->section = -1;
}
