/* serve.h: mapsheet serve, the local web page to roll maps on (serve.c). */
#ifndef MAPSHEET_SERVE_H
#define MAPSHEET_SERVE_H

#include "cli/cli.h"

/* Runs `mapsheet serve [--port N] [--bind ADDR]` (argv[0] is "serve"):
 * serves the page until SIGINT or SIGTERM. Returns the exit status: 0
 * after a clean stop, 2 for a bad option, 1 when it cannot start. */
int serve_main(int argc, char **argv, const char *const *template_dirs, const struct cli_checks *checks);

#endif
