/* cards_themes.c: reads the cards method's theme table
 * (templates/themes/NAME.txt, see mapsheet-templates(5)): zone themes with a
 * line of description, the names of the keys that lock zones, and the names
 * of island crossings. */
#include "methods/cards/cards_int.h"

#include "base/paths.h"
#include "template/template.h"

#include <stdio.h>
#include <string.h>

#define THEME_NAME_MAX 32   /* so "Landing of the NAME" fits a region name */

static int copy_name(char *dst, size_t size, size_t max, const struct tpl_pos *pos, const struct tpl_field *f,
		     struct err *e)
{
	size_t len = strlen(f->text);
	if (len == 0)
		return tpl_error(e, pos, f->col, "empty name");
	if (len > max)
		return tpl_error(e, pos, f->col, "'%s' is longer than %zu characters", f->text, max);
	snprintf(dst, size, "%s", f->text);
	return 0;
}

static int full(const struct tpl_pos *pos, const char *what, struct err *e)
{
	return tpl_error(e, pos, 1, "more than %d %s lines", CARDS_MAX_NAMES, what);
}

static int on_theme(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct cards_themes *t = ctx;
	if (t->nthemes == CARDS_MAX_NAMES)
		return full(pos, "theme", e);
	if (copy_name(t->theme[t->nthemes], CARDS_NAME_LEN, THEME_NAME_MAX, pos, &f[0], e) < 0)
		return -1;
	t->text[t->nthemes][0] = '\0';
	t->deck[t->nthemes][0] = '\0';
	if (nf > 1 && copy_name(t->text[t->nthemes], CARDS_TEXT_LEN, CARDS_TEXT_LEN - 1, pos, &f[1], e) < 0)
		return -1;
	t->nthemes++;
	return 0;
}

static int on_key(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct cards_themes *t = ctx;
	(void)nf;
	if (t->nkeys == CARDS_MAX_NAMES)
		return full(pos, "key", e);
	if (copy_name(t->key[t->nkeys], CARDS_NAME_LEN, CARDS_NAME_LEN - 10, pos, &f[0], e) < 0)
		return -1;
	t->nkeys++;
	return 0;
}

static int on_crossing(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct cards_themes *t = ctx;
	(void)nf;
	if (t->ncrossings == CARDS_MAX_NAMES)
		return full(pos, "crossing", e);
	if (copy_name(t->crossing[t->ncrossings], CARDS_NAME_LEN, CARDS_NAME_LEN - 1, pos, &f[0], e) < 0)
		return -1;
	t->ncrossings++;
	return 0;
}

static int on_deck(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct cards_themes *t = ctx;
	(void)nf;
	if (t->nthemes == 0)
		return tpl_error(e, pos, 1, "'deck' before any 'theme:' line (it names the deck of the theme above)");
	return copy_name(t->deck[t->nthemes - 1], CARDS_NAME_LEN, CARDS_NAME_LEN - 1, pos, &f[0], e);
}

static const struct tpl_directive theme_directives[] = {
	{ "theme", "str ?text", on_theme, 0 },
	{ "deck", "str", on_deck, 0 },
	{ "key", "str", on_key, 0 },
	{ "crossing", "str", on_crossing, 0 },
	{ NULL, NULL, NULL, 0 }
};

int cards_themes_load(struct cards_themes *t, const struct gen_params *p, struct err *e)
{
	char path[1024];
	const char *name = p->cards.themes ? p->cards.themes : "cards";
	memset(t, 0, sizeof *t);
	if (paths_find(p->template_dirs, "themes", name, "txt", "theme table", path, sizeof path, e) < 0)
		return -1;
	if (tpl_parse_file(path, theme_directives, t, e) < 0)
		return -1;
	if (t->nthemes == 0 || t->nkeys == 0 || t->ncrossings == 0)
		return err_usage(e, "%s: a theme table needs at least one theme, key and crossing line", path);
	return 0;
}
