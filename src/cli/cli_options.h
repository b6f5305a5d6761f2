/* cli_options.h: the table of common options, shared by the parser
 * (cli_parse.c), by --help and the shell completion (cli_help.c), and by
 * the page of mapsheet serve, which shows each option's label. */
#ifndef MAPSHEET_CLI_OPTIONS_H
#define MAPSHEET_CLI_OPTIONS_H

#include "cli/cli.h"

enum cli_group { GROUP_GENERAL, GROUP_MAP, GROUP_KEY, GROUP_SHEET, GROUP_OUTPUT };

struct cli_option {
	const char *name;
	int short_name;         /* 0: long only */
	const char *arg;        /* NULL: a flag */
	const char *help;       /* --help's line, the command line's words */
	const char *label;      /* the page's words for it: a short caption a
				 * game master reads ("Squares per inch") */
	enum cli_group group;
	/* Checks value and stores it in c; returns 0 or -1 with a usage error. */
	int (*apply)(struct cli *c, const char *value, struct err *e);
	/* Words the completion offers for the value, space-separated (NULL:
	 * none, or a list only main knows); apply accepts each of them. */
	const char *values;
};

/* The common options, ending with an entry whose name is NULL. */
extern const struct cli_option cli_options[];

/* mapsheet serve's own options (serve.c parses them; no apply function),
 * ending with an entry whose name is NULL. */
extern const struct cli_option cli_serve_options[];

/* The option (common or a method's) a user most likely meant by the
 * unknown long name name (no dashes): a near spelling, or a game master's
 * word for it ("player-level": "party-level"); NULL when none is clear.
 * keep (may be NULL) limits the answer to the options it returns 1 for
 * (cli_suggest.c). */
const char *cli_option_suggest(const char *name, int (*keep)(const char *name));

/* The common option called name, or NULL. */
const struct cli_option *cli_option_find(const char *name);

#endif
