/* inputs.h: the files a run reads (the config file, the stocking tables,
 * the style, tiles, name tables and zone themes), so that main() can check them
 * before anything is generated: the tables load (a bad --system or a
 * malformed table fails before any output), and no output (-o, --log) is
 * one of them, since writing it would replace something the run reads.
 * To add a kind of input, add its files in inputs_check_run(). */
#ifndef MAPSHEET_INPUTS_H
#define MAPSHEET_INPUTS_H

#include "cli/cli.h"

#include <sys/types.h>

struct input_file {
	dev_t dev;
	ino_t ino;
	char what[160];         /* "a table of --system neutral" */
};

struct inputs {
	struct input_file *v;
	int n, cap;
};

void inputs_init(struct inputs *in);
void inputs_free(struct inputs *in);

/* Adds the file at path, described as `what`, when it exists (a missing
 * file is read by nobody). Returns 0, or -1 with e set (out of memory). */
int inputs_add_file(struct inputs *in, const char *path, const char *what, struct err *e);
/* Adds every regular file in folder dir whose name ends in ext. Returns 0,
 * or -1 with e set (out of memory; an unreadable folder adds nothing). */
int inputs_add_dir(struct inputs *in, const char *dir, const char *ext, const char *what, struct err *e);

/* Returns -1 with a run-time error naming `option` when path (an output)
 * is one of the inputs, else 0. "-" and missing files are never inputs. */
int inputs_check_output(const struct inputs *in, const char *option, const char *path, struct err *e);

/* The checks main() makes before a run of c writing out_path ("-": stdout):
 * the stocking tables load (when stocking), the outputs are none of the
 * run's inputs, and --log is not the --output file. The tables loaded stay
 * in *tables for the run's keys (left empty when not stocking); the caller
 * frees them with stock_tables_free() whatever the result. Returns 0, or
 * -1 with e set (a usage error for bad tables or a log equal to the output,
 * a run-time error for an output that is an input). */
struct stock_tables;
int inputs_check_run(const struct cli *c, const char *out_path, struct stock_tables *tables, struct err *e);

#endif
