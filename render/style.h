/* style.h: how a sheet looks, read from templates/styles/NAME.style
 * (format in mapsheet-templates(5), STYLES). Every field has a default (the
 * classic look), so a style file sets only what it changes; an unknown key
 * or a bad value is an error naming file:line:column. */
#ifndef MAPSHEET_STYLE_H
#define MAPSHEET_STYLE_H

#include "base/err.h"
#include "scene.h"

#include <stddef.h>

enum rock_mode {
	ROCK_FILLED,    /* solid ground filled with the rock colour */
	ROCK_HATCHED,   /* hatching along the walls, `hatch-depth` squares deep */
	ROCK_PLAIN      /* left as bare paper (or grid) */
};

struct style {
	char name[64];
	char description[120];
	/* colours */
	struct colour paper, floor, rock, grid, grid_major, wall, door, hatch, text, number,
		title, accent, water;
	struct colour hall;     /* the tint over hallways' floor; none: drawn as rooms */
	/* line widths in points */
	double grid_width, grid_major_width, wall_width, door_width, hatch_width, detail_width;
	/* fonts (fontconfig family names) and sizes in points */
	char font_text[64], font_title[64], font_number[64];
	double size_title, size_heading, size_text, size_small, size_number;
	enum rock_mode rock_mode;
	double hatch_spacing;   /* points between hatch lines */
	double hatch_depth;     /* squares of rock hatched beside the walls */
	int hatch_cross;        /* a second set of lines across the first */
	int grid_major_every;   /* a heavier grid line every N squares; 0: none */
	int grid_in_rock;       /* the grid also runs over solid ground */
	double wobble;          /* hand-drawn wobble of walls, in points; 0: ruled */
};

/* Loads a style named `name` (looked up along the template search path as
 * styles/NAME.style) or at a path (containing '/'). NULL means "classic".
 * Returns 0, or -1 with e set (unknown style: a usage error listing the
 * styles; a bad line: "file:line:column: message"). */
int style_load(struct style *st, const char *name, const char *const *template_dirs, struct err *e);

/* Parses style text held in memory (for tests); `file` names it in messages. */
int style_parse_text(struct style *st, const char *file, const char *text, struct err *e);

/* Parses "#rrggbb", "#rrggbbaa" or "none" (transparent). Returns 0 or -1. */
int style_parse_colour(const char *text, struct colour *c);

#endif
