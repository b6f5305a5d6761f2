/* serve_args.c: a request's query made into the command line's argv
 * ("method=cards&seed=x" -> "mapsheet --seed x --method cards"), so that
 * the command line's own parser checks every value; the options the page
 * does not take are refused here, and the web's caps on the work checked
 * after the parse. */
#include "serve/serve_int.h"

#include "cli/cli_options.h"
#include "methods/gen.h"
#include "paper.h"
#include "render.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Options that are about the command itself, not the map (and the maker
 * of an --input file, which the page does not read). */
static const char *const not_on_page[] = { "format", "list-styles", "input-format", NULL };

/* Values that name a file or a folder: never read from the web. */
static int names_a_path(const char *arg)
{
	return arg && (strcmp(arg, "FILE") == 0 || strcmp(arg, "DIR") == 0);
}

int serve_option_taken(const char *name, const char **arg, const char **help)
{
	const struct cli_option *o = cli_option_find(name);
	if (o) {
		for (int i = 0; not_on_page[i]; i++)
			if (strcmp(not_on_page[i], name) == 0)
				return 0;
		*arg = o->arg;
		*help = o->help;
		return o->group != GROUP_GENERAL && !names_a_path(o->arg);
	}
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *mo = method_table[i]->options; mo && mo->name; mo++)
			if (strcmp(mo->name, name) == 0) {
				*arg = mo->arg;
				*help = mo->help;
				return !names_a_path(mo->arg);
			}
	return 0;
}

/* Whether name is an option of the command line at all. */
static int known_option(const char *name)
{
	if (cli_option_find(name))
		return 1;
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *mo = method_table[i]->options; mo && mo->name; mo++)
			if (strcmp(mo->name, name) == 0)
				return 1;
	return 0;
}

int serve_args_add(struct serve_args *sa, const char *word, struct err *e)
{
	if (sa->argc >= (int)(sizeof sa->argv / sizeof sa->argv[0]) - 1)
		return err_usage(e, "more than %d parameters", SERVE_MAX_PARAMS);
	char *copy = strdup(word);
	if (!copy)
		return err_set(e, "out of memory");
	sa->owned[sa->nowned++] = copy;
	sa->argv[sa->argc++] = copy;
	sa->argv[sa->argc] = NULL;
	return 0;
}

void serve_args_free(struct serve_args *sa)
{
	for (int i = 0; i < sa->nowned; i++)
		free(sa->owned[i]);
	sa->nowned = sa->argc = 0;
}

/* A checkbox's value: 1 on, 0 off, -1 neither. */
static int flag_value(const char *v)
{
	static const char *const on[] = { "", "1", "on", "true", "yes", NULL };
	static const char *const off[] = { "0", "off", "false", "no", NULL };
	if (!v)
		return 1;
	for (int i = 0; on[i]; i++)
		if (strcmp(v, on[i]) == 0)
			return 1;
	for (int i = 0; off[i]; i++)
		if (strcmp(v, off[i]) == 0)
			return 0;
	return -1;
}

/* Eight hex digits, as the command line draws them. */
static void draw_seed(char *seed, size_t size)
{
	unsigned int bits = 0;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read(fd, &bits, sizeof bits) != (ssize_t)sizeof bits)
		bits = (unsigned int)getpid() * 2654435761u ^ (unsigned int)(size_t)seed;
	if (fd >= 0)
		close(fd);
	snprintf(seed, size, "%08x", bits);
}

/* The options a did-you-mean may offer: those the page takes. */
static int page_takes(const char *name)
{
	const char *arg, *help;
	return serve_option_taken(name, &arg, &help);
}

/* One parameter as words of argv. */
static int add_param(struct serve_args *sa, const char *name, const char *value, struct err *e)
{
	const char *arg = NULL, *help = NULL;
	if (!serve_option_taken(name, &arg, &help)) {
		if (!known_option(name)) {
			const char *near = cli_option_suggest(name, page_takes);
			if (near)
				return err_usage(e, "unknown option '--%.60s'; did you mean --%s? (the page's options are "
						 "those of /options.json)", name, near);
			return err_usage(e, "unknown option '--%.60s' (the page's options are those of /options.json; "
					 "see mapsheet --help)", name);
		}
		if (names_a_path(arg))
			return err_usage(e, "--%s is not taken by the page: it would read or write a file (the page uses "
					 "the installed templates only; use the command line)", name);
		return err_usage(e, "--%s is not taken by the page (it is about the command line itself)", name);
	}
	char word[80];
	if (!arg) {
		int on = flag_value(value);
		if (on == 0)
			return 0;
		if (on < 0) {
			/* the parser's own message for a value given to a flag */
			char *both = malloc(strlen(name) + strlen(value) + 4);
			if (!both)
				return err_set(e, "out of memory");
			sprintf(both, "--%s=%s", name, value);
			int rc = serve_args_add(sa, both, e);
			free(both);
			return rc;
		}
		snprintf(word, sizeof word, "--%s", name);
		return serve_args_add(sa, word, e);
	}
	/* a NAME is an installed template's; a path is the command line's */
	if (value && strcmp(arg, "NAME") == 0 && strchr(value, '/'))
		return err_usage(e, "--%s: '%.80s' is a path; the page takes the names of the installed templates only",
				 name, value);
	snprintf(word, sizeof word, "--%s", name);
	if (serve_args_add(sa, word, e) < 0)
		return -1;
	return serve_args_add(sa, value ? value : "", e);
}

int serve_args_build(struct serve_args *sa, const char *const *names, const char *const *values, int n,
		     struct err *e)
{
	memset(sa, 0, sizeof *sa);
	if (n > SERVE_MAX_PARAMS)
		return err_usage(e, "%d parameters; the page takes at most %d", n, SERVE_MAX_PARAMS);
	if (serve_args_add(sa, "mapsheet", e) < 0)
		return -1;
	int seeded = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i], "seed") == 0 && values[i]) {
			snprintf(sa->seed, sizeof sa->seed, "%s", values[i]);
			seeded = 1;
		}
	}
	/* no seed: one is drawn, and written first as the command line does */
	if (!seeded) {
		draw_seed(sa->seed, sizeof sa->seed);
		if (serve_args_add(sa, "--seed", e) < 0 || serve_args_add(sa, sa->seed, e) < 0)
			return -1;
	}
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i], "format") == 0) {
			sa->format = values[i] ? values[i] : "";
			continue;
		}
		if (add_param(sa, names[i], values[i], e) < 0)
			return -1;
	}
	return 0;
}

/* Whether the run draws PNG pages (the sheet as PNG, by its file name). */
static int png_output(const struct cli *c)
{
	size_t n = c->output ? strlen(c->output) : 0;
	return n > 4 && strcmp(c->output + n - 4, ".png") == 0;
}

int serve_check_limits(const struct cli *c, struct err *e)
{
	if (c->rooms_given && c->params.rooms > SERVE_MAX_ROOMS)
		return err_usage(e, "--rooms %d: the page makes at most %d rooms a level (the command line makes up to "
				 "%d)", c->params.rooms, SERVE_MAX_ROOMS, MAP_MAX_ROOMS);
	if (c->levels > SERVE_MAX_LEVELS)
		return err_usage(e, "--levels %d: the page makes at most %d levels (the command line makes up to %d)",
				 c->levels, SERVE_MAX_LEVELS, CLI_MAX_LEVELS);
	if (c->params.w > SERVE_MAX_SIDE || c->params.h > SERVE_MAX_SIDE ||
	    (long)c->params.w * c->params.h > SERVE_MAX_AREA)
		return err_usage(e, "--size %dx%d: the page's grids are at most %d squares a side and %ld in all "
				 "(fewer rooms, or the command line)", c->params.w, c->params.h, SERVE_MAX_SIDE,
				 SERVE_MAX_AREA);
	if (c->sheet.dpi > SERVE_MAX_DPI)
		return err_usage(e, "--dpi %d: the page draws at most %d dots an inch (the command line up to 1200)",
				 c->sheet.dpi, SERVE_MAX_DPI);
	if (png_output(c)) {
		struct paper paper;
		if (paper_parse(c->sheet.paper, &paper, e) < 0)
			return -1;
		int dpi = c->sheet.dpi > 0 ? c->sheet.dpi : RENDER_DPI_DEFAULT;
		double pixels = paper.w / 72 * dpi * (paper.h / 72 * dpi);
		if (pixels > (double)SERVE_MAX_PNG_PIXELS)
			return err_usage(e, "--dpi %d: a page of %s paper would be %.0f million pixels; the page draws PNG "
					 "pages of at most %ld million (a lower --dpi, smaller paper, or the command line)",
					 dpi, paper.name, pixels / 1e6, SERVE_MAX_PNG_PIXELS / 1000000);
	}
	if (c->sheet.grid_pixels > SERVE_MAX_GRID_PIXELS)
		return err_usage(e, "--grid-pixels %d: the page draws at most %d pixels a square (the command line up "
				 "to 300)", c->sheet.grid_pixels, SERVE_MAX_GRID_PIXELS);
	return 0;
}
