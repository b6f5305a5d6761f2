/* main.c: the mapsheet command. Parses the options and runs the command
 * (run.c: generates the levels, builds their keys, writes the output), or
 * starts the local server (mapsheet serve, serve.c); prints the command's
 * error ("mapsheet: ...") and chooses the exit status: 2 for usage errors,
 * 1 for failures at run time. */
#include "cli/cli.h"
#include "base/mem.h"
#include "app/output.h"
#include "paper.h"
#include "base/paths.h"
#include "render.h"
#include "app/run.h"
#include "serve/serve.h"
#include "stock/stock_table.h"
#include "style.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static int fail(const struct err *e)
{
	fprintf(stderr, "mapsheet: %s\n", e->msg[0] ? e->msg : "unknown error");
	return e->kind == ERR_USAGE ? 2 : 1;
}

static void list_methods(void)
{
	for (int i = 0; method_table[i]; i++)
		printf("%-8s  %s\n", method_table[i]->name, method_table[i]->summary);
}

/* The value checks the command line leaves to the renderer's tables, so
 * that --paper and --style are checked whatever the format, and a config
 * file's bad value is reported at its line. */
static int check_paper(const char *value, struct err *e)
{
	struct paper p;
	return paper_parse(value, &p, e);
}

static int check_style(const char *value, const char *const *template_dirs, struct err *e)
{
	struct style st;
	if (style_load(&st, value, template_dirs, e) == 0)
		return 0;
	if (strncmp(e->msg, "--style", 7) != 0) {
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", e->msg);
		err_usage(e, "--style: %s", msg);
	}
	return -1;
}
static void print_completion(const char *const *template_dirs)
{
	char formats[200], styles[2000], systems[2000], themes[2000];
	output_names(formats, sizeof formats, 0);
	paths_list(template_dirs, "styles", "style", styles, sizeof styles);
	stock_systems_list(template_dirs, systems, sizeof systems);
	paths_list(template_dirs, "themes", "txt", themes, sizeof themes);
	struct cli_completion_lists lists = { formats, styles, systems, themes };
	cli_completion_bash(stdout, &lists);
}

int main(int argc, char **argv)
{
	struct paths paths;
	struct cli c;
	struct err e = { ERR_NONE, "" };
	static const struct cli_checks checks = { check_paper, check_style, 0 };
	/* the server is long-lived and threaded: the allocator as it comes */
	if (argc > 1 && strcmp(argv[1], "serve") == 0) {
		paths_init(&paths, argv[0]);
		return serve_main(argc - 1, argv + 1, paths.dirs, &checks);
	}
	mem_configure_run();
	/* Past a file-size limit (ulimit -f), write() fails with EFBIG and the
	 * run ends with a message, instead of the signal killing it mid-write. */
	signal(SIGXFSZ, SIG_IGN);
	paths_init(&paths, argc > 0 ? argv[0] : NULL);
	if (cli_parse(&c, argc, argv, paths.dirs, &checks, &e) < 0)
		return fail(&e);
	switch (c.action) {
	case CLI_HELP:
		cli_help(stdout);
		return fflush(stdout) == 0 ? 0 : 1;
	case CLI_HELP_METHODS:
		cli_help_methods(stdout);
		return fflush(stdout) == 0 ? 0 : 1;
	case CLI_VERSION:
		printf("mapsheet %s\n", MAPSHEET_VERSION);
		return fflush(stdout) == 0 ? 0 : 1;
	case CLI_COMPLETION:
		print_completion(paths.dirs);
		return fflush(stdout) == 0 ? 0 : 1;
	case CLI_LIST_STYLES: {
		char styles[4096];
		render_list_styles(paths.dirs, styles, sizeof styles);
		fputs(styles, stdout);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	case CLI_LIST_METHODS:
		list_methods();
		return fflush(stdout) == 0 ? 0 : 1;
	default:
		break;
	}
	int rc = run_command(&c, NULL, &e);
	render_release_fonts();
	if (rc < 0)
		return fail(&e);
	return 0;
}
