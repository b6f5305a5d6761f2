/* cli_parse.c: parsing the command line into a struct cli. One table of common
 * options drives getopt_long, --help and the checks; every method's own
 * options (from the method table) are appended to it. */
#include "cli/cli_options.h"

#include "cli/cli_text.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define CLI_METHOD_BASE 1000
#define CLI_COMMON_BASE 500
#define CLI_MAX_OPTIONS 128

/* Every method option, flattened, so getopt's value can index it. */
struct method_opt_ref {
	const struct method *method;
	const struct method_option *opt;
};

static int collect_method_options(struct method_opt_ref *refs, int max)
{
	int n = 0;
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			if (n < max)
				refs[n++] = (struct method_opt_ref){ method_table[i], o };
	return n;
}

static void draw_seed(struct cli *c)
{
	unsigned int bits = 0;
	int fd = open("/dev/urandom", O_RDONLY);
	if (fd < 0 || read(fd, &bits, sizeof bits) != (ssize_t)sizeof bits) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		bits = (unsigned int)ts.tv_nsec ^ (unsigned int)ts.tv_sec ^ ((unsigned int)getpid() << 16);
	}
	if (fd >= 0)
		close(fd);
	snprintf(c->seed, sizeof c->seed, "%08x", bits);
	c->seed_drawn = 1;
}

/* Appends " WORD" (quoted for the shell) to the command; -1 when the
 * command would pass CLI_COMMAND_MAX. */
static int command_add(struct cli *c, size_t *used, const char *word)
{
	size_t room = sizeof c->command - *used;
	if (room < 2)
		return -1;
	c->command[(*used)++] = ' ';
	size_t n = cli_shell_quote(c->command + *used, room - 1, word);
	if (n >= room - 1)
		return -1;
	*used += n;
	return 0;
}

/* "mapsheet [SETTINGS] [--seed S] ARGS": the config file's settings that
 * the command line does not override first (so that options given later
 * win, as they did in this run), a drawn seed (before the arguments, which
 * may end with "--"), then the arguments; every word quoted so that sh,
 * bash and zsh read back the same bytes. */
static int build_command(struct cli *c, int argc, char **argv, const unsigned char *given, struct err *e)
{
	size_t used = (size_t)snprintf(c->command, sizeof c->command, "mapsheet");
	int rc = 0;
	for (int k = 0; k < c->nconfig && rc == 0; k++) {
		const struct cli_option *o = cli_option_find(c->config[k].option);
		if (given[o - cli_options])
			continue;
		char word[64];
		snprintf(word, sizeof word, "--%s", o->name);
		rc = command_add(c, &used, word);
		if (rc == 0)
			rc = command_add(c, &used, c->config[k].value);
	}
	if (c->seed_drawn && rc == 0 && (rc = command_add(c, &used, "--seed")) == 0)
		rc = command_add(c, &used, c->seed);
	for (int i = 1; i < argc && rc == 0; i++)
		rc = command_add(c, &used, argv[i]);
	if (rc < 0)
		return err_usage(e, "the command is longer than %d bytes, too long to print whole as the remake line "
				 "(shorten the file names, title or seed)", CLI_COMMAND_MAX - 1);
	return 0;
}

/* A grid within the program's limits (MAP_MAX_SIDE, MAP_MAX_AREA). */
static int grid_allowed(long w, long h)
{
	return w <= MAP_MAX_SIDE && h <= MAP_MAX_SIDE && w * h <= MAP_MAX_AREA;
}

static void method_grid(const struct method *m, int rooms, int *w, int *h)
{
	*w = 40;
	*h = 30;
	if (m->fit_size)
		m->fit_size(rooms, w, h);
}

/* Without --size: every level gets the largest grid its method wants for
 * its rooms, so stairs line up. A room count no grid within the limits
 * holds is refused here, naming the most rooms that do fit. */
static int choose_grid(struct cli *c, struct err *e)
{
	int w = 8, h = 8;
	for (int k = 0; k < c->levels; k++) {
		const struct method *m = c->methods[k < c->nmethods ? k : c->nmethods - 1];
		int rooms = c->rooms_given ? c->params.rooms : m->default_rooms;
		int mw, mh;
		method_grid(m, rooms, &mw, &mh);
		if (!grid_allowed(mw, mh)) {
			int lo = 1, hi = rooms;   /* the most rooms that fit: lo fits, hi does not */
			while (hi - lo > 1) {
				int mid = lo + (hi - lo) / 2;
				method_grid(m, mid, &mw, &mh);
				if (grid_allowed(mw, mh))
					lo = mid;
				else
					hi = mid;
			}
			return err_usage(e, "--rooms %d: the %s method's grid for that many would pass the limits of %d "
					 "squares a side and %ld in all; it holds at most %d rooms", rooms, m->name,
					 MAP_MAX_SIDE, MAP_MAX_AREA, lo);
		}
		w = mw > w ? mw : w;
		h = mh > h ? mh : h;
	}
	c->params.w = w;
	c->params.h = h;
	return 0;
}

/* Fills what the options left open: methods, room counts and the grid. */
static int finish(struct cli *c, struct err *e)
{
	if (c->nmethods == 0) {
		c->methods[0] = method_find("dice");
		if (!c->methods[0])
			c->methods[0] = method_table[0];
		if (!c->methods[0])
			return err_set(e, "no methods are built in");
		c->nmethods = 1;
	}
	if (!c->seed[0] && !c->ninputs)
		draw_seed(c);
	if (c->nmethods > c->levels)
		return err_usage(e, "--method: %d methods named for %d level%s (one method per level, the last "
				 "repeats; add --levels %d)", c->nmethods, c->levels, c->levels == 1 ? "" : "s", c->nmethods);
	if (c->only_level > c->levels && !c->ninputs)
		return err_usage(e, "--level: %d is more than --levels %d", c->only_level, c->levels);
	/* rooms 0: each level takes its own method's default (levels.c) */
	if (!c->rooms_given)
		c->params.rooms = 0;
	if (!c->size_given && choose_grid(c, e) < 0)
		return -1;
	c->params.levels = c->levels;
	return 0;
}

static void fill_long_options(struct option *lo, const struct method_opt_ref *refs, int nrefs, char *shorts,
			      size_t shorts_size)
{
	int n = 0;
	size_t s = 0;
	for (int i = 0; cli_options[i].name; i++) {
		const struct cli_option *o = &cli_options[i];
		lo[n++] = (struct option){ o->name, o->arg ? required_argument : no_argument, NULL, CLI_COMMON_BASE + i };
		if (o->short_name && s + 3 < shorts_size) {
			shorts[s++] = (char)o->short_name;
			if (o->arg)
				shorts[s++] = ':';
		}
	}
	for (int i = 0; i < nrefs; i++)
		lo[n++] = (struct option){ refs[i].opt->name, refs[i].opt->arg ? required_argument : no_argument, NULL,
					   CLI_METHOD_BASE + i };
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	shorts[s] = '\0';
}

/* The option a misspelt or misremembered "--name[=value]" stands for, or
 * NULL. */
static const char *nearest_option(const char *arg)
{
	if (strncmp(arg, "--", 2) != 0)
		return NULL;
	char name[64];
	size_t len = strcspn(arg + 2, "=");
	if (len == 0 || len >= sizeof name)
		return NULL;
	memcpy(name, arg + 2, len);
	name[len] = '\0';
	return cli_option_suggest(name, NULL);
}

/* The usage error for an option getopt refused: an unknown one, a value
 * given to a flag ("--quiet=yes"), or a prefix of several ("--room"). */
static int bad_option(const struct option *lo, int opt, const char *arg, struct err *e)
{
	if (opt > 0 && opt < 256)
		return err_usage(e, "unknown option '-%c' (see mapsheet --help)", opt);
	if (strncmp(arg, "--", 2) == 0) {
		const char *name = arg + 2;
		size_t len = strcspn(name, "=");
		char names[300] = "";
		int n = 0;
		const struct option *only = NULL;
		for (int i = 0; lo[i].name; i++) {
			if (strncmp(lo[i].name, name, len) != 0)
				continue;
			if (strlen(lo[i].name) == len) {   /* an exact name: the only match */
				only = &lo[i];
				n = 1;
				break;
			}
			size_t used = strlen(names);
			snprintf(names + used, sizeof names - used, "%s--%s", n ? ", " : "", lo[i].name);
			only = &lo[i];
			n++;
		}
		if (n == 1 && name[len] == '=' && only->has_arg == no_argument)
			return err_usage(e, "option '--%s' takes no value (found '%s')", only->name, arg);
		if (n > 1)
			return err_usage(e, "option '--%.*s' is ambiguous (it could be %s)", (int)len, name, names);
	}
	const char *near = nearest_option(arg);
	if (near)
		return err_usage(e, "unknown option '%s'; did you mean --%s? (see mapsheet --help)", arg, near);
	return err_usage(e, "unknown option '%s' (see mapsheet --help)", arg);
}

/* A word that is not an option: a file name most likely meant for -o
 * (or, when it is a map file there is, for --input). */
static int stray_argument(const char *arg, struct err *e)
{
	const char *slash = strrchr(arg, '/');
	const char *dot = strrchr(slash ? slash + 1 : arg, '.');
	if (arg[0] != '-' && dot && dot[1] && dot != (slash ? slash + 1 : arg)) {
		if (strcasecmp(dot, ".json") == 0 && access(arg, F_OK) == 0)
			return err_usage(e, "unexpected argument '%s'; did you mean --input %s (to print the map in it) or "
					 "-o %s (to write over it)?", arg, arg, arg);
		return err_usage(e, "unexpected argument '%s'; did you mean -o %s? (the file to write follows -o; see "
				 "mapsheet --help)", arg, arg);
	}
	return err_usage(e, "unexpected argument '%s' (options start with -; see mapsheet --help)", arg);
}

/* Every value is printed somewhere (the sheet, the JSON, the remake line),
 * and every output is UTF-8: a value that is not is refused. */
static int check_utf8(const char *option, const char *value, struct err *e)
{
	if (!value)
		return 0;
	size_t bad = cli_utf8_invalid_at(value);
	if (bad == CLI_UTF8_OK)
		return 0;
	return err_usage(e, "--%s: the value is not valid UTF-8 (at byte offset %zu; values are UTF-8 text)", option,
			 bad);
}

/* A map read with --input is printed as it is: the options that generate,
 * number or stock a map are refused with it. */
static const char *const input_refuses[] = { "method", "seed", "rooms", "size", "levels", "numbering", "stock",
					     "no-stock", "system", NULL };

static int check_input_alone(const struct cli *c, const unsigned char *given, const unsigned char *given_method,
			     int nrefs, const struct method_opt_ref *refs, struct err *e)
{
	if (!c->ninputs) {
		if (c->input_format)
			return err_usage(e, "--input-format names the maker of an --input file; give --input FILE too");
		return 0;
	}
	for (int k = 0; input_refuses[k]; k++)
		if (given[cli_option_find(input_refuses[k]) - cli_options])
			return err_usage(e, "--%s cannot be given with --input: a map read from a file is printed as it is, "
					 "nothing is generated or rolled again (give only sheet and output options)",
					 input_refuses[k]);
	for (int i = 0; i < nrefs; i++)
		if (given_method[i])
			return err_usage(e, "--%s cannot be given with --input: a map read from a file is printed as it is "
					 "(method options only shape a map being generated)", refs[i].opt->name);
	return 0;
}

/* A party (--party, --party-level, on the command line or in the config
 * file) with no --system anywhere: the 5e system, the one that sizes fights
 * for a party, is taken. A party given on the command line is remembered,
 * so that a system named that sizes no fights refuses it (run.c); one from
 * the config file is then a default that does not apply. */
static void take_party_system(struct cli *c, const unsigned char *given)
{
	c->party_given = given[cli_option_find("party") - cli_options] ||
			 given[cli_option_find("party-level") - cli_options];
	int party = c->party_given, system = given[cli_option_find("system") - cli_options];
	for (int k = 0; k < c->nconfig; k++) {
		party |= strncmp(c->config[k].option, "party", 5) == 0;
		system |= strcmp(c->config[k].option, "system") == 0;
	}
	if (party && !system && !c->ninputs) {
		c->key.system = "5e";
		c->system_taken = 1;
	}
}

/* A method option is refused when no level of the run uses its method. */
static int check_methods_used(const struct cli *c, const struct method_opt_ref *refs, int nrefs,
			      const unsigned char *given_method, struct err *e)
{
	for (int i = 0; i < nrefs; i++) {
		if (!given_method[i])
			continue;
		int used = 0;
		for (int k = 0; k < c->nmethods && !used; k++)
			used = c->methods[k] == refs[i].method;
		if (used)
			continue;
		char takers[200] = "";
		for (int j = 0; j < nrefs; j++)
			if (strcmp(refs[j].opt->name, refs[i].opt->name) == 0)
				snprintf(takers + strlen(takers), sizeof takers - strlen(takers), "%s%s",
					 takers[0] ? " or " : "", refs[j].method->name);
		char run[200] = "";
		for (int k = 0; k < c->nmethods; k++)
			snprintf(run + strlen(run), sizeof run - strlen(run), "%s%s", k ? ", " : "", c->methods[k]->name);
		return err_usage(e, "--%s is an option of the %s method, which no level of this run uses (this run's "
				 "methods: %s)", refs[i].opt->name, takers, run);
	}
	return 0;
}

int cli_parse(struct cli *c, int argc, char **argv, const char *const *template_dirs,
	      const struct cli_checks *checks, struct err *e)
{
	memset(c, 0, sizeof *c);
	c->levels = 1;
	gen_params_default(&c->params);
	c->params.template_dirs = template_dirs;
	c->key.stock = 1;
	c->key.system = "neutral";
	c->key.template_dirs = template_dirs;
	c->sheet.dpi = 150;

	struct method_opt_ref refs[CLI_MAX_OPTIONS];
	int nrefs = collect_method_options(refs, CLI_MAX_OPTIONS);
	struct option lo[CLI_MAX_OPTIONS * 2 + 1];
	char shorts[64];
	fill_long_options(lo, refs, nrefs, shorts, sizeof shorts);

	c->checks = checks;
	if (!(checks && checks->no_config) && cli_read_config(c, e) < 0)
		return -1;
	unsigned char given[CLI_MAX_OPTIONS] = { 0 };
	unsigned char given_method[CLI_MAX_OPTIONS] = { 0 };

	char optstring[80];
	snprintf(optstring, sizeof optstring, ":%s", shorts);
	optind = 0;   /* glibc: 0 also resets the scan state between calls */
	opterr = 0;
	for (;;) {
		int longindex = -1;
		int ch = getopt_long(argc, argv, optstring, lo, &longindex);
		if (ch == -1)
			break;
		if (ch == '?')
			return bad_option(lo, optopt, argv[optind - 1], e);
		if (ch == ':')
			return err_usage(e, "option '%s' needs a value (see mapsheet --help)", argv[optind - 1]);
		if (ch < 256) {
			for (int i = 0; cli_options[i].name; i++)
				if (cli_options[i].short_name == ch)
					ch = CLI_COMMON_BASE + i;
		}
		if (ch >= CLI_METHOD_BASE && ch < CLI_METHOD_BASE + nrefs) {
			const struct method_option *o = refs[ch - CLI_METHOD_BASE].opt;
			if (check_utf8(o->name, optarg, e) < 0 || o->apply(&c->params, optarg, e) < 0)
				return -1;
			given_method[ch - CLI_METHOD_BASE] = 1;
		} else if (ch >= CLI_COMMON_BASE && ch < CLI_METHOD_BASE) {
			const struct cli_option *o = &cli_options[ch - CLI_COMMON_BASE];
			if (check_utf8(o->name, optarg, e) < 0 || o->apply(c, optarg, e) < 0)
				return -1;
			given[ch - CLI_COMMON_BASE] = 1;
		}
	}
	if (optind < argc)
		return stray_argument(argv[optind], e);
	if (c->action != CLI_RUN)
		return 0;
	take_party_system(c, given);
	if (check_input_alone(c, given, given_method, nrefs, refs, e) < 0)
		return -1;
	if (finish(c, e) < 0 || (!c->ninputs && check_methods_used(c, refs, nrefs, given_method, e) < 0))
		return -1;
	return build_command(c, argc, argv, given, e);
}

