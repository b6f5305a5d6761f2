/* cli.c: parsing the command line into a struct cli. One table of common
 * options drives getopt_long, --help and the checks; every method's own
 * options (from the method table) are appended to it. */
#include "cli_options.h"

#include "template.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Settings a config file may give: defaults for options of these names. */
static const char *const config_settings[] = { "paper", "style", "scale", "dpi", "numbering", "system", NULL };

struct config_line {
	struct cli *cli;
	const struct cli_option *option;
};

static int config_apply(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct config_line *cl = ctx;
	(void)nf;
	/* the field's text lives only during this call, and options such as
	 * --paper keep a pointer to their value: keep a copy in the cli */
	struct cli *c = cl->cli;
	if (c->nconfig >= (int)(sizeof c->config_values / sizeof c->config_values[0]) ||
	    strlen(f[0].text) >= sizeof c->config_values[0])
		return tpl_error(e, pos, f[0].col, "too many settings, or a value longer than %zu characters",
				 sizeof c->config_values[0] - 1);
	char *value = c->config_values[c->nconfig++];
	snprintf(value, sizeof c->config_values[0], "%s", f[0].text);
	if (cl->option->apply(cl->cli, value, e) < 0) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		return tpl_error(e, pos, f[0].col, "%s", msg);
	}
	return 0;
}

static const struct cli_option *find_option(const char *name)
{
	for (int i = 0; cli_options[i].name; i++)
		if (strcmp(cli_options[i].name, name) == 0)
			return &cli_options[i];
	return NULL;
}

int cli_config_path(char *path, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0])
		snprintf(path, size, "%s/mapsheet/config", xdg);
	else if (home && home[0])
		snprintf(path, size, "%s/.config/mapsheet/config", home);
	else
		return -1;
	return 0;
}

/* Reads defaults from $XDG_CONFIG_HOME/mapsheet/config (or
 * ~/.config/mapsheet/config): lines "setting:value" in template syntax. A
 * missing file is no error; a bad line is a usage error naming file:line:col. */
static int read_config(struct cli *c, struct err *e)
{
	char path[1024];
	if (cli_config_path(path, sizeof path) < 0)
		return 0;
	if (access(path, F_OK) != 0)
		return 0;
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	struct tpl_pos pos = { path, 0 };
	int rc = 0;
	for (size_t i = 0; i < len && rc == 0;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		char name[64] = "";
		size_t n = strcspn(text + i, ":\n");
		pos.line++;
		if (n < sizeof name && i + n < end)
			snprintf(name, sizeof name, "%.*s", (int)n, text + i);
		const struct cli_option *opt = NULL;
		for (int k = 0; config_settings[k] && !opt; k++)
			if (strcmp(config_settings[k], name) == 0)
				opt = find_option(name);
		struct config_line cl = { c, opt };
		const struct tpl_directive dirs[] = { { opt ? opt->name : "", "text", config_apply }, { NULL, NULL, NULL } };
		const struct tpl_directive none[] = { { NULL, NULL, NULL } };
		rc = tpl_parse_line(&pos, text + i, end - i, opt ? dirs : none, &cl, e);
		if (rc < 0 && !opt && strstr(e->msg, "unknown directive")) {
			char avail[200] = "";
			for (int k = 0; config_settings[k]; k++)
				if (find_option(config_settings[k]))
					snprintf(avail + strlen(avail), sizeof avail - strlen(avail), "%s%s",
						 avail[0] ? ", " : "", config_settings[k]);
			rc = tpl_error(e, &pos, 1, "unknown setting '%s' (settings: %s)", name, avail);
		}
		i = end + 1;
	}
	free(text);
	return rc;
}

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

/* "mapsheet ARGS [--seed S]", each argument quoted when it needs to be. */
static void build_command(struct cli *c, int argc, char **argv)
{
	size_t used = (size_t)snprintf(c->command, sizeof c->command, "mapsheet");
	for (int i = 1; i < argc && used < sizeof c->command; i++) {
		const char *a = argv[i];
		int plain = a[0] != '\0' && strspn(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
						      "0123456789-_=.,/:+") == strlen(a);
		int n = snprintf(c->command + used, sizeof c->command - used, plain ? " %s" : " '%s'", a);
		if (n > 0)
			used += (size_t)n;
	}
	if (c->seed_drawn && used < sizeof c->command)
		snprintf(c->command + used, sizeof c->command - used, " --seed %s", c->seed);
}

/* A grid within the program's limits (GEN_MAX_SIDE, GEN_MAX_AREA). */
static int grid_allowed(long w, long h)
{
	return w <= GEN_MAX_SIDE && h <= GEN_MAX_SIDE && w * h <= GEN_MAX_AREA;
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
					 GEN_MAX_SIDE, GEN_MAX_AREA, lo);
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
	if (!c->seed[0])
		draw_seed(c);
	if (c->nmethods > c->levels)
		return err_usage(e, "--method: %d methods named for %d level%s (one method per level, the last "
				 "repeats; add --levels %d)", c->nmethods, c->levels, c->levels == 1 ? "" : "s", c->nmethods);
	if (c->only_level > c->levels)
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
	return err_usage(e, "unknown option '%s' (see mapsheet --help)", arg);
}

int cli_parse(struct cli *c, int argc, char **argv, const char *const *template_dirs, struct err *e)
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

	if (read_config(c, e) < 0)
		return -1;

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
			if (refs[ch - CLI_METHOD_BASE].opt->apply(&c->params, optarg, e) < 0)
				return -1;
		} else if (ch >= CLI_COMMON_BASE && ch < CLI_METHOD_BASE) {
			if (cli_options[ch - CLI_COMMON_BASE].apply(c, optarg, e) < 0)
				return -1;
		}
	}
	if (optind < argc)
		return err_usage(e, "unexpected argument '%s' (options start with -; see mapsheet --help)", argv[optind]);
	if (c->action != CLI_RUN)
		return 0;
	if (finish(c, e) < 0)
		return -1;
	build_command(c, argc, argv);
	return 0;
}

