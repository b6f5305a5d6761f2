/* cli.c: parsing the command line into a struct cli. One table of common
 * options drives getopt_long, --help and the checks; every method's own
 * options (from the method table) are appended to it. */
#include "cli.h"

#include "template.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum cli_group { GROUP_GENERAL, GROUP_MAP, GROUP_KEY, GROUP_OUTPUT };

struct cli_option {
	const char *name;
	int short_name;         /* 0: long only */
	const char *arg;        /* NULL: a flag */
	const char *help;
	enum cli_group group;
	int (*apply)(struct cli *c, const char *value, struct err *e);
};

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
	return gen_parse_int("rooms", value, 1, GEN_MAX_ROOMS, &c->params.rooms, e);
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
	if (w < 8 || h < 8 || w > GEN_MAX_SIDE || h > GEN_MAX_SIDE || w * h > GEN_MAX_AREA)
		return err_usage(e, "--size: %s is out of range (each side 8 to %d squares, at most %ld squares in all)",
				 value, GEN_MAX_SIDE, GEN_MAX_AREA);
	c->params.w = (int)w;
	c->params.h = (int)h;
	c->size_given = 1;
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

static int set_quiet(struct cli *c, const char *value, struct err *e)
{
	(void)value;
	(void)e;
	c->quiet = 1;
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

static const struct cli_option cli_options[] = {
	{ "method", 'm', "NAME[,NAME...]", "the method (default dice); a list gives one per level, the last repeats",
	  GROUP_MAP, set_method },
	{ "seed", 's', "TEXT", "the seed, any text (default: one is drawn and shown)", GROUP_MAP, set_seed },
	{ "rooms", 'n', "N", "rooms or spaces wanted (default: the method's)", GROUP_MAP, set_rooms },
	{ "size", 0, "WxH", "grid size in squares (default: fitted to the rooms)", GROUP_MAP, set_size },
	{ "levels", 0, "N", "generate N levels joined by stairs (default 1)", GROUP_MAP, set_levels },
	{ "numbering", 0, "ORDER", "room numbers: entrance (outward from it, default) or reading", GROUP_KEY,
	  set_numbering },
	{ "output", 'o', "FILE", "write FILE; the format follows its extension (.txt .json); - is stdout",
	  GROUP_OUTPUT, set_output },
	{ "log", 0, "FILE", "write the roll log to FILE (- for standard error)", GROUP_OUTPUT, set_log },
	{ "quiet", 'q', NULL, "no warnings and no drawn-seed message on standard error", GROUP_GENERAL, set_quiet },
	{ "list-methods", 0, NULL, "list the methods and exit", GROUP_GENERAL, act_list_methods },
	{ "help", 'h', NULL, "show this help and exit", GROUP_GENERAL, act_help },
	{ "version", 'V', NULL, "show the version and exit", GROUP_GENERAL, act_version },
	{ NULL, 0, NULL, NULL, GROUP_GENERAL, NULL }
};

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
	if (cl->option->apply(cl->cli, f[0].text, e) < 0) {
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

/* Reads defaults from $XDG_CONFIG_HOME/mapsheet/config (or
 * ~/.config/mapsheet/config): lines "setting:value" in template syntax. A
 * missing file is no error; a bad line is a usage error naming file:line:col. */
static int read_config(struct cli *c, struct err *e)
{
	char path[1024];
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	if (xdg && xdg[0])
		snprintf(path, sizeof path, "%s/mapsheet/config", xdg);
	else if (home && home[0])
		snprintf(path, sizeof path, "%s/.config/mapsheet/config", home);
	else
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
	if (c->only_level > c->levels)
		return err_usage(e, "--level: %d is more than --levels %d", c->only_level, c->levels);
	const struct method *first = c->methods[0];
	if (!c->rooms_given)
		c->params.rooms = first->default_rooms;
	if (!c->size_given) {
		/* Every level gets the largest grid its method wants, so stairs line up. */
		int w = 0, h = 0;
		for (int k = 0; k < c->levels; k++) {
			const struct method *m = c->methods[k < c->nmethods ? k : c->nmethods - 1];
			int rooms = c->rooms_given ? c->params.rooms : m->default_rooms;
			int mw = 40, mh = 30;
			if (m->fit_size)
				m->fit_size(rooms, &mw, &mh);
			w = mw > w ? mw : w;
			h = mh > h ? mh : h;
		}
		c->params.w = w < 8 ? 8 : (w > GEN_MAX_SIDE ? GEN_MAX_SIDE : w);
		c->params.h = h < 8 ? 8 : (h > GEN_MAX_SIDE ? GEN_MAX_SIDE : h);
		while ((long)c->params.w * c->params.h > GEN_MAX_AREA) {
			c->params.w = c->params.w * 9 / 10;
			c->params.h = c->params.h * 9 / 10;
		}
	}
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
		if (ch == '?') {
			if (optopt && optopt < 256)
				return err_usage(e, "unknown option '-%c' (see mapsheet --help)", optopt);
			return err_usage(e, "unknown option '%s' (see mapsheet --help)", argv[optind - 1]);
		}
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

static void help_option(FILE *f, int short_name, const char *name, const char *arg, const char *help)
{
	char left[64];
	if (short_name)
		snprintf(left, sizeof left, "-%c, --%s%s%s", short_name, name, arg ? " " : "", arg ? arg : "");
	else
		snprintf(left, sizeof left, "    --%s%s%s", name, arg ? " " : "", arg ? arg : "");
	if (strlen(left) > 26)
		fprintf(f, "  %s\n  %-26s  %s\n", left, "", help);
	else
		fprintf(f, "  %-26s  %s\n", left, help);
}

void cli_help(FILE *f)
{
	static const char *const headings[] = { "General", "The map", "The key", "Output" };
	static const enum cli_group order[] = { GROUP_MAP, GROUP_KEY, GROUP_OUTPUT, GROUP_GENERAL };
	fputs("Usage: mapsheet [OPTION]...\n"
	      "Generate a dungeon or building map and print it with a numbered room key.\n", f);
	for (size_t g = 0; g < sizeof order / sizeof order[0]; g++) {
		fprintf(f, "\n%s:\n", headings[order[g]]);
		for (int i = 0; cli_options[i].name; i++)
			if (cli_options[i].group == order[g])
				help_option(f, cli_options[i].short_name, cli_options[i].name, cli_options[i].arg,
					    cli_options[i].help);
	}
	for (int i = 0; method_table[i]; i++) {
		const struct method *m = method_table[i];
		if (!m->options || !m->options->name)
			continue;
		fprintf(f, "\nThe %s method:\n", m->name);
		for (const struct method_option *o = m->options; o->name; o++)
			help_option(f, 0, o->name, o->arg, o->help);
	}
	fputs("\nMethods (--list-methods for more):", f);
	for (int i = 0; method_table[i]; i++)
		fprintf(f, " %s", method_table[i]->name);
	fputs("\n\nExamples:\n"
	      "  mapsheet --method dice --seed goblin-warrens --rooms 30 -o warrens.txt\n"
	      "  mapsheet --method dice --seed 7 -o map.json\n"
	      "\nSee mapsheet(1) for every option and mapsheet-templates(5) for the data files.\n", f);
}
