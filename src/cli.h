/* cli.h: the command line. cli_parse() turns argv into a struct cli (every
 * value checked, usage errors naming the option, the value and what is
 * accepted); main() acts on it. The option list is built from one table of
 * common options plus every method's own options from the method table. */
#ifndef MAPSHEET_CLI_H
#define MAPSHEET_CLI_H

#include "doc.h"
#include "gen.h"
#include "key.h"

#include <stdio.h>

#define CLI_MAX_LEVELS 99

enum cli_action { CLI_RUN, CLI_HELP, CLI_HELP_METHODS, CLI_VERSION, CLI_LIST_METHODS, CLI_LIST_STYLES, CLI_COMPLETION };

struct cli {
	enum cli_action action;
	const struct method *methods[CLI_MAX_LEVELS];  /* one per level; the last repeats */
	int nmethods;
	char seed[256];
	int seed_drawn;             /* no --seed: one was drawn */
	int rooms_given, size_given;
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
	char command[2048];         /* the command that remakes this output */
	char config_values[8][256]; /* the config file's values, which options point into */
	int nconfig;
};

/* Parses argv. Returns 0, or -1 with a usage error in e. */
int cli_parse(struct cli *c, int argc, char **argv, const char *const *template_dirs, struct err *e);
/* The config file's path ($XDG_CONFIG_HOME/mapsheet/config, else
 * ~/.config/mapsheet/config) into path; -1 when neither variable is set. */
int cli_config_path(char *path, size_t size);
/* Writes --help to f: the common options, grouped. */
void cli_help(FILE *f);
/* Writes --help-methods to f: each method's summary and its own options. */
void cli_help_methods(FILE *f);
/* Writes a bash completion script for every option to f. */
void cli_completion_bash(FILE *f);

#endif
