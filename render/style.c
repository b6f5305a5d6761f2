/* style.c: reading sheet styles (templates/styles/ *.style) through the
 * template parser. Keys live in one table per directive, so an unknown key
 * is reported at its column with the keys that are known. */
#include "style.h"

#include "base/paths.h"
#include "template/template.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct colour rgb(unsigned v)
{
	return (struct colour){ ((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0, 1 };
}

/* The built-in defaults (the classic look). */
static void style_default(struct style *st)
{
	memset(st, 0, sizeof *st);
	snprintf(st->name, sizeof st->name, "classic");
	st->paper = rgb(0xffffff);
	st->floor = rgb(0xffffff);
	st->rock = rgb(0xd9d8d2);
	st->grid = rgb(0xb8d0e4);
	st->grid_major = rgb(0x90b4d4);
	st->wall = rgb(0x3b3b3b);
	st->door = rgb(0x3b3b3b);
	st->hatch = rgb(0x555555);
	st->text = rgb(0x222222);
	st->number = rgb(0x222222);
	st->title = rgb(0x222222);
	st->accent = rgb(0x555555);
	st->water = rgb(0xa8cce8);
	st->hall = rgb(0xf1ead8);
	st->grid_width = 0.3;
	st->grid_major_width = 0.6;
	st->wall_width = 1.5;
	st->door_width = 0.8;
	st->hatch_width = 0.5;
	st->detail_width = 0.6;
	snprintf(st->font_text, sizeof st->font_text, "DejaVu Sans");
	snprintf(st->font_title, sizeof st->font_title, "DejaVu Serif");
	snprintf(st->font_number, sizeof st->font_number, "DejaVu Sans");
	st->size_title = 16;
	st->size_heading = 8.5;
	st->size_text = 8;
	st->size_small = 7;
	st->size_number = 9;
	st->rock_mode = ROCK_FILLED;
	st->hatch_spacing = 2.5;
	st->hatch_depth = 1;
	st->grid_major_every = 0;
	st->grid_in_rock = 1;
}

struct key_field {
	const char *key;
	size_t offset;
	double lo, hi;          /* range for numbers */
};

#define F(k, m, lo, hi) { k, offsetof(struct style, m), lo, hi }
static const struct key_field colour_keys[] = {
	F("paper", paper, 0, 0), F("floor", floor, 0, 0), F("rock", rock, 0, 0), F("grid", grid, 0, 0),
	F("grid-major", grid_major, 0, 0), F("wall", wall, 0, 0), F("door", door, 0, 0),
	F("hatch", hatch, 0, 0), F("text", text, 0, 0), F("number", number, 0, 0),
	F("title", title, 0, 0), F("accent", accent, 0, 0), F("water", water, 0, 0),
	F("hall", hall, 0, 0), { NULL, 0, 0, 0 }
};
static const struct key_field width_keys[] = {
	F("grid", grid_width, 0, 5), F("grid-major", grid_major_width, 0, 5), F("wall", wall_width, 0.1, 8),
	F("door", door_width, 0.1, 5), F("hatch", hatch_width, 0.1, 5), F("detail", detail_width, 0.1, 5),
	{ NULL, 0, 0, 0 }
};
static const struct key_field font_keys[] = {
	F("text", font_text, 0, 0), F("title", font_title, 0, 0), F("number", font_number, 0, 0),
	{ NULL, 0, 0, 0 }
};
/* Room numbers are never smaller than 7 pt, so they stay readable. */
static const struct key_field size_keys[] = {
	F("title", size_title, 8, 48), F("heading", size_heading, 5, 24), F("text", size_text, 5, 24),
	F("small", size_small, 5, 24), F("number", size_number, 7, 24), { NULL, 0, 0, 0 }
};
static const struct key_field measure_keys[] = {
	F("hatch-spacing", hatch_spacing, 1, 20), F("hatch-depth", hatch_depth, 0, 10),
	F("wobble", wobble, 0, 2), { NULL, 0, 0, 0 }
};
static const struct key_field count_keys[] = {
	F("grid-major-every", grid_major_every, 0, 100), { NULL, 0, 0, 0 }
};
static const struct key_field flag_keys[] = {
	F("grid-in-rock", grid_in_rock, 0, 0), F("hatch-cross", hatch_cross, 0, 0), { NULL, 0, 0, 0 }
};
#undef F

struct style_ctx {
	struct style *st;
};

static const struct key_field *find_key(const struct key_field *keys, const struct tpl_pos *pos,
					const struct tpl_field *f, const char *what, struct err *e)
{
	for (const struct key_field *k = keys; k->key; k++)
		if (strcmp(k->key, f->text) == 0)
			return k;
	char names[300];
	size_t used = 0;
	names[0] = '\0';
	for (const struct key_field *k = keys; k->key && used + 2 < sizeof names; k++) {
		int n = snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", k->key);
		if (n < 0)
			break;
		used += (size_t)n;
	}
	tpl_error(e, pos, f->col, "unknown %s key '%s' (expected one of: %s)", what, f->text, names);
	return NULL;
}

int style_parse_colour(const char *text, struct colour *c)
{
	if (strcmp(text, "none") == 0) {
		*c = (struct colour){ 0, 0, 0, 0 };
		return 0;
	}
	size_t n = strlen(text);
	if (text[0] != '#' || (n != 7 && n != 9))
		return -1;
	unsigned v[4] = { 0, 0, 0, 255 };
	for (size_t i = 0; i < (n - 1) / 2; i++) {
		unsigned byte = 0;
		for (int j = 0; j < 2; j++) {
			char ch = text[1 + i * 2 + (size_t)j];
			int d = ch >= '0' && ch <= '9' ? ch - '0'
				: ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
				: ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
			if (d < 0)
				return -1;
			byte = byte * 16 + (unsigned)d;
		}
		v[i] = byte;
	}
	*c = (struct colour){ v[0] / 255.0, v[1] / 255.0, v[2] / 255.0, v[3] / 255.0 };
	return 0;
}

static int h_description(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)pos, (void)n, (void)e;
	struct style *st = ((struct style_ctx *)ctx)->st;
	snprintf(st->description, sizeof st->description, "%s", f[0].text);
	return 0;
}

static int h_colour(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	const struct key_field *k = find_key(colour_keys, pos, &f[0], "colour", e);
	if (!k)
		return -1;
	struct colour c;
	if (style_parse_colour(f[1].text, &c) < 0)
		return tpl_error(e, pos, f[1].col, "'%s' is not a colour (expected #rrggbb, #rrggbbaa or none)",
				 f[1].text);
	*(struct colour *)((char *)((struct style_ctx *)ctx)->st + k->offset) = c;
	return 0;
}

static int set_number(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f,
		      const struct key_field *keys, const char *what, const char *unit, struct err *e)
{
	const struct key_field *k = find_key(keys, pos, &f[0], what, e);
	if (!k)
		return -1;
	if (f[1].r < k->lo || f[1].r > k->hi)
		return tpl_error(e, pos, f[1].col, "%s %s: %s is out of range (expected %g to %g%s)", what, k->key,
				 f[1].text, k->lo, k->hi, unit);
	*(double *)((char *)((struct style_ctx *)ctx)->st + k->offset) = f[1].r;
	return 0;
}

static int h_width(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	return set_number(ctx, pos, f, width_keys, "width", " pt", e);
}

static int h_size(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	return set_number(ctx, pos, f, size_keys, "size", " pt", e);
}

static int h_measure(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	return set_number(ctx, pos, f, measure_keys, "measure", "", e);
}

static int h_count(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	const struct key_field *k = find_key(count_keys, pos, &f[0], "count", e);
	if (!k)
		return -1;
	if (f[1].i < k->lo || f[1].i > k->hi)
		return tpl_error(e, pos, f[1].col, "count %s: %s is out of range (expected %g to %g)", k->key,
				 f[1].text, k->lo, k->hi);
	*(int *)((char *)((struct style_ctx *)ctx)->st + k->offset) = (int)f[1].i;
	return 0;
}

static int h_flag(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	const struct key_field *k = find_key(flag_keys, pos, &f[0], "flag", e);
	if (!k)
		return -1;
	int v;
	if (strcmp(f[1].text, "yes") == 0)
		v = 1;
	else if (strcmp(f[1].text, "no") == 0)
		v = 0;
	else
		return tpl_error(e, pos, f[1].col, "flag %s: '%s' is not yes or no", k->key, f[1].text);
	*(int *)((char *)((struct style_ctx *)ctx)->st + k->offset) = v;
	return 0;
}

static int h_font(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	const struct key_field *k = find_key(font_keys, pos, &f[0], "font", e);
	if (!k)
		return -1;
	size_t len = strlen(f[1].text);
	if (len == 0 || len >= 64 || strpbrk(f[1].text, ",\"\\"))
		return tpl_error(e, pos, f[1].col, "font %s: '%s' is not a font family name (1 to 63 characters, "
				 "no commas or quotes)", k->key, f[1].text);
	memcpy((char *)((struct style_ctx *)ctx)->st + k->offset, f[1].text, len + 1);
	return 0;
}

static int h_rock(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int n, struct err *e)
{
	(void)n;
	struct style *st = ((struct style_ctx *)ctx)->st;
	if (strcmp(f[0].text, "filled") == 0)
		st->rock_mode = ROCK_FILLED;
	else if (strcmp(f[0].text, "hatched") == 0)
		st->rock_mode = ROCK_HATCHED;
	else if (strcmp(f[0].text, "plain") == 0)
		st->rock_mode = ROCK_PLAIN;
	else
		return tpl_error(e, pos, f[0].col, "rock: '%s' is not a rock mode (expected filled, hatched or plain)",
				 f[0].text);
	return 0;
}

static const struct tpl_directive style_directives[] = {
	{ "description", "text", h_description, 0 },
	{ "colour", "str str", h_colour, 0 },
	{ "width", "str real", h_width, 0 },
	{ "font", "str text", h_font, 0 },
	{ "size", "str real", h_size, 0 },
	{ "measure", "str real", h_measure, 0 },
	{ "count", "str int", h_count, 0 },
	{ "flag", "str str", h_flag, 0 },
	{ "rock", "str", h_rock, 0 },
	{ NULL, NULL, NULL, 0 }
};

static void name_from_path(struct style *st, const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strcspn(base, ".");
	if (n >= sizeof st->name)
		n = sizeof st->name - 1;
	memcpy(st->name, base, n);
	st->name[n] = '\0';
}

int style_parse_text(struct style *st, const char *file, const char *text, struct err *e)
{
	style_default(st);
	name_from_path(st, file);
	struct style_ctx ctx = { st };
	return tpl_parse_text(file, text, strlen(text), style_directives, &ctx, e);
}

int style_load(struct style *st, const char *name, const char *const *template_dirs, struct err *e)
{
	char path[1200];
	if (!name)
		name = "classic";
	if (paths_find(template_dirs, "styles", name, "style", "style", path, sizeof path, e) < 0)
		return -1;
	style_default(st);
	name_from_path(st, path);
	struct style_ctx ctx = { st };
	return tpl_parse_file(path, style_directives, &ctx, e);
}
