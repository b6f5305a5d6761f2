/* inputs.h: the files a run reads (the config file, the stocking tables,
 * the style, tiles, name tables and zone themes), so that main() can check them
 * before anything is generated: the tables load (a bad --system or a
 * malformed table fails before any output), and no output (-o, --log) is
 * one of them, since writing it would replace something the run reads.
 * To add a kind of input, add its files in inputs_check_run(). */
#ifndef MAPSHEET_INPUTS_H
#define MAPSHEET_INPUTS_H

#include "cli/cli.h"

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
