/* cli.h: the command line. cli_parse() turns argv into a struct cli (every
 * value checked, usage errors naming the option, the value and what is
 * accepted); main() acts on it. The option list is built from one table of
 * common options plus every method's own options from the method table. */
#ifndef MAPSHEET_CLI_H
#define MAPSHEET_CLI_H

#include "model/doc.h"
#include "methods/gen.h"
#include "model/key.h"

#include <stdio.h>

#define CLI_MAX_LEVELS 99
#define CLI_COMMAND_MAX 8192    /* the remake line; a longer one is refused */
#define CLI_MAX_CONFIG 16       /* settings in the config file */
#define CLI_MAX_INPUTS 99       /* --input files: one level each at least, a booklet at most 99 */

/* Checks of values that need the renderer's tables (main supplies them, so
 * that the core has no graphics library); NULL: not checked here. */
struct cli_checks {
	int (*paper)(const char *value, struct err *e);
	int (*style)(const char *value, const char *const *template_dirs, struct err *e);
	int no_config;          /* the config file is not read (the local server) */
};

/* A setting read from the config file. */
struct cli_setting {
	const char *option;         /* the option it stands for: "paper" */
	char value[256];            /* the value, blanks around it trimmed */
};

/* Lists the completion script offers that only main knows. */
struct cli_completion_lists {
	const char *formats;        /* "pdf svg png ..." */
	const char *styles;         /* "classic blueprint ..." */
	const char *systems;        /* "neutral ..." */
	const char *themes;         /* the cards method's theme tables */
};

enum cli_action { CLI_RUN, CLI_HELP, CLI_HELP_METHODS, CLI_VERSION, CLI_LIST_METHODS, CLI_LIST_STYLES, CLI_COMPLETION };

struct cli {
	enum cli_action action;
	const struct method *methods[CLI_MAX_LEVELS];  /* one per level; the last repeats */
	int nmethods;
	char seed[256];
	int seed_drawn;             /* no --seed: one was drawn */
	int rooms_given, size_given;
	const char *inputs[CLI_MAX_INPUTS];  /* --input: the map files to print, in order ("-": stdin) */
	int ninputs;                /* 0: a map is generated */
	int input_format;           /* --input-format: an enum input_format (read_map.h); 0: detected */
	const char *output;         /* NULL: text preview to stdout */
	const char *log_path;       /* --log, or NULL */
	const char *format;         /* --format, or NULL: from the extension */
	int levels;
	int only_level;             /* --level K, or 0 */
	int quiet;
	int verbose;                /* --verbose: details on stderr */
	struct gen_params params;
	struct key_options key;
	struct sheet_options sheet;
	char command[CLI_COMMAND_MAX];  /* the command that remakes this output */
	char system[101];           /* --system as installed ("5e" for "5E") */
	int party_given;            /* --party or --party-level on the command line */
	int system_taken;           /* the 5e system taken for a party given without --system */
	struct cli_setting config[CLI_MAX_CONFIG];  /* its settings, which options point into */
	int nconfig;
	const struct cli_checks *checks;
};

/* Parses argv; checks (may be NULL) check the values the core cannot.
 * Returns 0, or -1 with a usage error in e. */
int cli_parse(struct cli *c, int argc, char **argv, const char *const *template_dirs,
	      const struct cli_checks *checks, struct err *e);
/* The config file's path ($XDG_CONFIG_HOME/mapsheet/config when that is an
 * absolute path, else ~/.config/mapsheet/config) into path; -1 when there
 * is none. */
int cli_config_path(char *path, size_t size);
/* Reads the config file's settings into c (cli_config.c); a missing file is
 * no error, a bad line a usage error "PATH:LINE:COL: ...". */
int cli_read_config(struct cli *c, struct err *e);
/* The same for a config file's text already in memory (len bytes and a NUL
 * after them, as tpl_read_file gives it), named name in messages. */
int cli_config_parse_text(struct cli *c, const char *name, const char *text, size_t len, struct err *e);
/* Writes --help to f: the common options, grouped. */
void cli_help(FILE *f);
/* Writes --help-methods to f: each method's summary and its own options. */
void cli_help_methods(FILE *f);
/* Writes a bash completion script for every option to f, offering the
 * values of the options from the same tables the parser uses. */
void cli_completion_bash(FILE *f, const struct cli_completion_lists *lists);

#endif
