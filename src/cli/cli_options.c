/* cli_options.c: the common options: each one's name, --help's line, the
 * label the page of mapsheet serve shows for it (a game master's words,
 * not the command line's), and the function that checks its value and
 * stores it in struct cli. */
#include "cli/cli_options.h"
#include "read/read_map.h"
#include "stock/stock_table.h"

#include <errno.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int set_method(struct cli *c, const char *value, struct err *e)
{
	char list[512], names[256];
	if (strlen(value) >= sizeof list)
		return err_usage(e, "--method: the list is too long");
	snprintf(list, sizeof list, "%s", value);
	c->nmethods = 0;
	char *save = NULL;
	for (char *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		const struct method *m = method_find(name);
		if (!m) {
			method_names(names, sizeof names);
			return err_usage(e, "unknown method '%s' (methods: %s)", name, names);
		}
		if (c->nmethods >= CLI_MAX_LEVELS)
			return err_usage(e, "--method: more than %d methods", CLI_MAX_LEVELS);
		c->methods[c->nmethods++] = m;
	}
	if (c->nmethods == 0) {
		method_names(names, sizeof names);
		return err_usage(e, "--method: no method named (methods: %s)", names);
	}
	return 0;
}

static int set_seed(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--seed: the seed is empty (any text of 1 to %zu characters)", sizeof c->seed - 1);
	if (strlen(value) >= sizeof c->seed)
		return err_usage(e, "--seed: the seed is longer than %zu characters", sizeof c->seed - 1);
	snprintf(c->seed, sizeof c->seed, "%s", value);
	return 0;
}

static int set_rooms(struct cli *c, const char *value, struct err *e)
{
	c->rooms_given = 1;
	return gen_parse_int("rooms", value, 1, MAP_MAX_ROOMS, &c->params.rooms, e);
}

static int set_size(struct cli *c, const char *value, struct err *e)
{
	char *end;
	errno = 0;
	long w = strtol(value, &end, 10);
	long h = -1;
	if (end != value && (*end == 'x' || *end == 'X')) {
		const char *hs = end + 1;
		h = strtol(hs, &end, 10);
		if (end == hs)
			h = -1;
	}
	if (errno == ERANGE || h < 0 || *end != '\0')
		return err_usage(e, "--size: '%s' is not WxH (squares, e.g. 60x40)", value);
	if (w < 8 || h < 8 || w > MAP_MAX_SIDE || h > MAP_MAX_SIDE || w * h > MAP_MAX_AREA)
		return err_usage(e, "--size: %s is out of range (each side 8 to %d squares, at most %ld squares in all)",
				 value, MAP_MAX_SIDE, MAP_MAX_AREA);
	c->params.w = (int)w;
	c->params.h = (int)h;
	c->size_given = 1;
	return 0;
}

static int set_input(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--input: the file name is empty (a map written by -o FILE.json, or - for standard "
				 "input)");
	if (c->ninputs == CLI_MAX_INPUTS)
		return err_usage(e, "--input: more than %d files (a booklet holds at most %d levels)", CLI_MAX_INPUTS,
				 CLI_MAX_INPUTS);
	for (int i = 0; i < c->ninputs; i++)
		if (strcmp(value, "-") == 0 && strcmp(c->inputs[i], "-") == 0)
			return err_usage(e, "--input: - (standard input) given twice; it can be read once");
	c->inputs[c->ninputs++] = value;
	return 0;
}

static int set_input_format(struct cli *c, const char *value, struct err *e)
{
	int f = input_format_find(value);
	if (f < 0)
		return err_usage(e, "--input-format: unknown format '%s' (formats: auto mapsheet watabou donjon)", value);
	c->input_format = f;
	return 0;
}

static int set_output(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--output: the file name is empty");
	c->output = value;
	return 0;
}

static int set_log(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--log: the file name is empty (a file, or - for standard error)");
	c->log_path = value;
	return 0;
}

static int set_levels(struct cli *c, const char *value, struct err *e)
{
	return gen_parse_int("levels", value, 1, CLI_MAX_LEVELS, &c->levels, e);
}

static int set_only_level(struct cli *c, const char *value, struct err *e)
{
	return gen_parse_int("level", value, 1, CLI_MAX_LEVELS, &c->only_level, e);
}

static int set_format(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--format: the name is empty (see mapsheet --help for the formats)");
	c->format = value;
	return 0;
}

static int set_numbering(struct cli *c, const char *value, struct err *e)
{
	if (strcmp(value, "entrance") == 0)
		c->key.numbering = KEY_NUMBER_ENTRANCE;
	else if (strcmp(value, "reading") == 0)
		c->key.numbering = KEY_NUMBER_READING;
	else
		return err_usage(e, "--numbering: unknown order '%s' (orders: entrance, reading)", value);
	return 0;
}

static int set_stock(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->key.stock = 1;
	return 0;
}

static int set_no_stock(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->key.stock = 0;
	return 0;
}

static int set_system(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--system: the name is empty (a folder of templates/tables/, or a path)");
	c->key.system = value;
	/* an installed system's name in any case, as --paper A4 is taken */
	char names[1000];
	if (strchr(value, '/') || stock_systems_list(c->params.template_dirs, names, sizeof names) <= 0)
		return 0;
	char *save = NULL;
	for (char *name = strtok_r(names, ", ", &save); name; name = strtok_r(NULL, ", ", &save))
		if (strcasecmp(name, value) == 0 && strlen(name) < sizeof c->system) {
			snprintf(c->system, sizeof c->system, "%s", name);
			c->key.system = c->system;
		}
	return 0;
}

static int set_party(struct cli *c, const char *value, struct err *e)
{
	return gen_parse_int("party", value, 1, KEY_PARTY_MAX, &c->key.party, e);
}

static int set_party_level(struct cli *c, const char *value, struct err *e)
{
	return gen_parse_int("party-level", value, 1, KEY_PARTY_LEVEL_MAX, &c->key.party_level, e);
}

static int set_paper(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--paper: the name is empty (letter, legal, tabloid, half-letter, executive, a0 to a10, "
				 "b0 to b10, or WxH in mm or in)");
	if (c->checks && c->checks->paper && c->checks->paper(value, e) < 0)
		return -1;
	c->sheet.paper = value;
	return 0;
}

static int set_landscape(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.orientation = ORIENT_LANDSCAPE;
	return 0;
}

static int set_portrait(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.orientation = ORIENT_PORTRAIT;
	return 0;
}

static int set_scale(struct cli *c, const char *value, struct err *e)
{
	if (strcmp(value, "fit") == 0) {
		c->sheet.scale = 0;
		return 0;
	}
	/* a number, then a number a sheet can print (finer is too small to read) */
	double v;
	if (gen_parse_real("scale", value, SHEET_SCALE_MIN, DBL_MAX, &v, e) < 0)
		return err_usage(e, "--scale: '%s' is not a scale (squares per inch, %d to %d, or fit)", value,
				 SHEET_SCALE_MIN, SHEET_SCALE_MAX);
	if (sheet_scale_check(v, e) < 0)
		return -1;
	c->sheet.scale = v;
	return 0;
}

static int set_style(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--style: the name is empty (see mapsheet --list-styles)");
	if (c->checks && c->checks->style && c->checks->style(value, c->params.template_dirs, e) < 0) {
		/* a style file in this folder, named without a path: say how to name it
		 * (not on the page of mapsheet serve, which reads no file of its own) */
		if (!c->checks->no_config && !strchr(value, '/') && access(value, R_OK) == 0) {
			char msg[sizeof e->msg];
			snprintf(msg, sizeof msg, "%s", e->msg);
			return err_usage(e, "%s; did you mean ./%s? (a style file of your own is named by its path)", msg,
					 value);
		}
		return -1;
	}
	c->sheet.style = value;
	return 0;
}

static int set_dpi(struct cli *c, const char *value, struct err *e)
{
	return gen_parse_int("dpi", value, 30, 1200, &c->sheet.dpi, e);
}

static int set_player(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.player = 1;
	c->key.player = 1;
	return 0;
}

static int set_player_secret_rooms(struct cli *c, const char *value, struct err *e)
{
	c->sheet.player_secret_rooms = 1;
	return set_player(c, value, e);
}

static int set_no_key(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.no_key = 1;
	return 0;
}

static int set_one_page(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.one_page = 1;
	return 0;
}

static int set_poster(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.poster = 1;
	return 0;
}

static int set_overlap(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--overlap: the length is empty (a number with in, mm, cm or pt, such as 0.25in)");
	c->sheet.overlap = value;
	return 0;
}

static int set_margin(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--margin: the length is empty (a number with in, mm, cm or pt, such as 0.25in)");
	c->sheet.margin = value;
	return 0;
}

static int set_title(struct cli *c, const char *value, struct err *e)
{
	if (value[0] == '\0')
		return err_usage(e, "--title: the title is empty (any text of 1 to 200 characters)");
	if (strlen(value) > 200)
		return err_usage(e, "--title: longer than 200 characters");
	c->sheet.title = value;
	return 0;
}

static int act_list_styles(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->action = CLI_LIST_STYLES;
	return 0;
}

static int set_quiet(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->quiet = 1;
	c->verbose = 0;
	return 0;
}

static int set_verbose(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->verbose = 1;
	c->quiet = 0;
	return 0;
}

static int set_grid_pixels(struct cli *c, const char *value, struct err *e)
{
	return gen_parse_int("grid-pixels", value, 10, 300, &c->sheet.grid_pixels, e);
}

static int set_vtt_grid(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->sheet.vtt_grid = 1;
	return 0;
}

static int set_md_image(struct cli *c, const char *value, struct err *e)
{
	if (strcmp(value, "svg") == 0)
		c->sheet.md_png = 0;
	else if (strcmp(value, "png") == 0)
		c->sheet.md_png = 1;
	else
		return err_usage(e, "--md-image: unknown format '%s' (formats: svg, png)", value);
	return 0;
}

static int act_help_methods(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->action = CLI_HELP_METHODS;
	return 0;
}

static int act_help(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->action = CLI_HELP;
	return 0;
}

static int act_version(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->action = CLI_VERSION;
	return 0;
}

static int act_list_methods(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->action = CLI_LIST_METHODS;
	return 0;
}

static int act_completion(struct cli *c, const char *value, struct err *e)
{
	if (strcmp(value, "bash") != 0)
		return err_usage(e, "--completion: unknown shell '%s' (shells: bash)", value);
	c->action = CLI_COMPLETION;
	return 0;
}

const struct cli_option cli_options[] = {
	/* name, short, metavar, --help's line, the page's label, group, apply, values */
	{ "method", 'm', "NAME[,...]", "dice (default) or another; a list: one a level",
	  "Method", GROUP_MAP, set_method, NULL },
	{ "seed", 's', "TEXT", "any text (default: one is drawn and shown)",
	  "Seed", GROUP_MAP, set_seed, NULL },
	{ "rooms", 'n', "N", "rooms wanted (default: the method's)",
	  "Rooms", GROUP_MAP, set_rooms, NULL },
	{ "size", 0, "WxH", "grid size in squares (default: fitted to the rooms)",
	  "Grid size in squares", GROUP_MAP, set_size, NULL },
	{ "input", 'i', "FILE", "print FILE's map (-o x.json; -: stdin); repeatable",
	  "Map file to print", GROUP_MAP, set_input, NULL },
	{ "input-format", 0, "NAME", "made by: auto (default), mapsheet, watabou, donjon",
	  "Made by", GROUP_MAP, set_input_format, "auto mapsheet watabou donjon" },
	{ "levels", 0, "N", "N levels joined by stairs (default 1): a booklet",
	  "Levels", GROUP_MAP, set_levels, NULL },
	{ "level", 0, "K", "print level K alone, as it is in the booklet",
	  "Print one level only", GROUP_MAP, set_only_level, NULL },
	{ "numbering", 0, "ORDER", "room numbers: entrance (default) or reading order",
	  "Number the rooms from", GROUP_KEY, set_numbering, "entrance reading" },
	{ "stock", 0, NULL, "roll room contents from the tables (default)",
	  "Roll what is in each room", GROUP_KEY, set_stock, NULL },
	{ "no-stock", 0, NULL, "a bare key: sizes and exits only",
	  "Empty rooms: sizes and exits only", GROUP_KEY, set_no_stock, NULL },
	{ "system", 0, "NAME", "stocking tables: neutral (default), 5e, or a folder",
	  "Game system", GROUP_KEY, set_system, NULL },
	{ "party", 0, "N", "characters in the party 5e stocks for (default 4)",
	  "Characters in the party", GROUP_KEY, set_party, NULL },
	{ "party-level", 0, "L", "their level, 1 to 20 (default 1)",
	  "The characters' level", GROUP_KEY, set_party_level, NULL },
	{ "paper", 0, "NAME", "letter (default), legal, a0-a10, b0-b10, 210x297mm",
	  "Paper", GROUP_SHEET, set_paper, "letter legal tabloid ledger half-letter statement executive a0 a1 a2 a3 "
	  "a4 a5 a6 b0 b1 b2 b3 b4 b5 b6 b7" },
	{ "landscape", 0, NULL, "turn the paper sideways (default: best fit)",
	  "Paper sideways", GROUP_SHEET, set_landscape, NULL },
	{ "portrait", 0, NULL, "keep the paper upright",
	  "Paper upright", GROUP_SHEET, set_portrait, NULL },
	{ "scale", 0, "N|fit", "squares per inch, 1 to 16 (graph paper: 4), or fit",
	  "Squares per inch", GROUP_SHEET, set_scale, "fit 4 5 6 8 10 12 16" },
	{ "style", 0, "NAME", "a style (default classic; --list-styles) or file",
	  "Look of the sheet", GROUP_SHEET, set_style, NULL },
	{ "list-styles", 0, NULL, "list the styles and exit",
	  "List the looks", GROUP_SHEET, act_list_styles, NULL },
	{ "dpi", 0, "N", "PNG resolution, 30 to 1200 (default 150)",
	  "Picture sharpness (dots per inch)", GROUP_SHEET, set_dpi, NULL },
	{ "player", 0, NULL, "the players' handout: no secrets, no key",
	  "Players' handout: no secrets, no key", GROUP_SHEET, set_player, NULL },
	{ "player-secret-rooms", 0, NULL, "as --player, and the rooms behind secret doors too",
	  "Players' handout, secret rooms shown", GROUP_SHEET, set_player_secret_rooms, NULL },
	{ "no-key", 0, NULL, "the map page alone, without the key",
	  "The map alone, no key", GROUP_SHEET, set_no_key, NULL },
	{ "one-page", 0, NULL, "map and whole key on one page (text down to 6.5 pt)",
	  "Map and key on one page", GROUP_SHEET, set_one_page, NULL },
	{ "poster", 0, NULL, "print in pieces to tape together, at --scale",
	  "Poster: pieces to tape together", GROUP_SHEET, set_poster, NULL },
	{ "overlap", 0, "LENGTH", "poster pieces' overlap (default 0.25in)",
	  "Poster pieces overlap by", GROUP_SHEET, set_overlap, NULL },
	{ "margin", 0, "LENGTH", "poster pieces' unprinted margin (0.25in)",
	  "Poster pieces' blank edge", GROUP_SHEET, set_margin, NULL },
	{ "title", 0, "TEXT", "the title (default: a site name from the seed)",
	  "Title", GROUP_SHEET, set_title, NULL },
	{ "output", 'o', "FILE", "write FILE, by its extension: .pdf .svg .png .txt .json .md .dd2vtt .uvtt .zip .module",
	  "File to write", GROUP_OUTPUT, set_output, NULL },
	{ "format", 0, "NAME", "the format, whatever the extension: pdf, pdf-cairo, svg, png, txt, ...",
	  "Kind of file", GROUP_OUTPUT, set_format, NULL },
	{ "grid-pixels", 0, "N", "tabletop image: pixels a square (default 70)",
	  "Virtual tabletop: pixels a square", GROUP_OUTPUT, set_grid_pixels, NULL },
	{ "vtt-grid", 0, NULL, "tabletop image: draw the grid in (default: none)",
	  "Virtual tabletop: grid drawn in", GROUP_OUTPUT, set_vtt_grid, NULL },
	{ "md-image", 0, "FORMAT", ".md: the map beside it, svg (default) or png",
	  "Markdown: picture of the map as", GROUP_OUTPUT, set_md_image, "svg png" },
	{ "log", 0, "FILE", "write the roll log to FILE (- for stderr)",
	  "Every roll, written to", GROUP_OUTPUT, set_log, NULL },
	{ "quiet", 'q', NULL, "no warnings, progress or seed message",
	  "Say nothing", GROUP_GENERAL, set_quiet, NULL },
	{ "verbose", 'v', NULL, "details: each level's method, size, rooms, time",
	  "Say more", GROUP_GENERAL, set_verbose, NULL },
	{ "list-methods", 0, NULL, "list the methods and exit",
	  "List the methods", GROUP_GENERAL, act_list_methods, NULL },
	{ "completion", 0, "SHELL", "print the completion script for SHELL (bash)",
	  "Shell completion", GROUP_GENERAL, act_completion, "bash" },
	{ "help", 'h', NULL, "show this help and exit",
	  "Help", GROUP_GENERAL, act_help, NULL },
	{ "help-methods", 0, NULL, "show each method's own options and exit",
	  "The methods' help", GROUP_GENERAL, act_help_methods, NULL },
	{ "version", 'V', NULL, "show the version and exit",
	  "Version", GROUP_GENERAL, act_version, NULL },
	{ NULL, 0, NULL, NULL, NULL, GROUP_GENERAL, NULL, NULL }
};

const struct cli_option cli_serve_options[] = {
	{ "port", 0, "N", "the port, 0 to 65535 (default 8750; 0 picks a free one)",
	  "Port", GROUP_GENERAL, NULL, NULL },
	{ "bind", 0, "ADDR", "the address to listen on (default 127.0.0.1: this machine only)",
	  "Address", GROUP_GENERAL, NULL, NULL },
	{ "request-seconds", 0, "S", "a map's request stopped past S seconds (default 20), answered 503",
	  "Seconds a map may take", GROUP_GENERAL, NULL, NULL },
	{ "connections", 0, "N", "open connections held at most, 8 to 65536 (default 2048); more wait",
	  "Connections", GROUP_GENERAL, NULL, NULL },
	{ "header-seconds", 0, "S", "a request's headers must be in within S seconds (default 10)",
	  "Seconds for a request's headers", GROUP_GENERAL, NULL, NULL },
	{ "send-seconds", 0, "S", "an answer not sent within S seconds (default 60) is dropped",
	  "Seconds to send an answer", GROUP_GENERAL, NULL, NULL },
	{ NULL, 0, NULL, NULL, NULL, GROUP_GENERAL, NULL, NULL }
};

const struct cli_option *cli_option_find(const char *name)
{
	for (int i = 0; cli_options[i].name; i++)
		if (strcmp(cli_options[i].name, name) == 0)
			return &cli_options[i];
	return NULL;
}
