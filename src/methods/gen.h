/* gen.h: what every generator receives, and the table of methods.
 *
 * Every method has one signature (method_generate_fn) and one entry in the
 * table listed in method_list.h; the command line, --help, --list-methods and
 * the man page all read that table. A method's own parameters live in its own
 * header, gathered here in struct gen_params. */
#ifndef MAPSHEET_GEN_H
#define MAPSHEET_GEN_H

#include "base/err.h"
#include "base/log.h"
#include "model/map.h"
#include "base/rng.h"

/* every method's parameters */
#define METHOD(name)
#include "methods/method_list.h"
#undef METHOD

/* Width over height of the map's space on a portrait letter or A4 sheet at
 * 4 squares to the inch (27 by 31 squares with the square of margin each
 * side): the shape of the grids the methods fit to a room count. */
#define GEN_PAGE_ASPECT (27.0 / 31.0)

struct gen_params {
	int rooms;          /* rooms or spaces wanted; 0: the method's default */
	int w, h;           /* grid size in squares */
	int start_x, start_y; /* grow the level from this square (stairs up), or -1, -1 */
	int depth;          /* level number, 1-based */
	int levels;         /* levels in the booklet (stairs down unless depth == levels) */
	const char *const *template_dirs;  /* NULL-terminated search path for templates/ */
	/* each method's own: struct dice_params dice, ... */
#define METHOD(name) struct name##_params name;
#include "methods/method_list.h"
#undef METHOD
};

/* Fills the map (already map_init'ed at p->w x p->h, square_feet set from the
 * method's default) with a level that meets map_check(). Room numbers are
 * given afterwards by key_number(). Warnings (a level ended early) go to log.
 * Returns 0, or -1 with e set when the request cannot be met at all. */
typedef int (*method_generate_fn)(struct map *m, const struct gen_params *p, struct rng *rng,
				  struct log *log, struct err *e);

/* An option that belongs to one method (--hall-rate, --layout, ...). */
struct method_option {
	const char *name;       /* long option name without "--" */
	const char *arg;        /* "R", "N", "RULE"; NULL for a flag */
	const char *help;       /* one line for --help, the command line's words */
	const char *label;      /* the page of mapsheet serve's caption for it, a
				 * game master's words ("Extra corridors closing
				 * loops") */
	/* Parses value into p; returns 0 or -1 with a usage error naming the
	 * option, the value and what is accepted. */
	int (*apply)(struct gen_params *p, const char *value, struct err *e);
	/* The words apply accepts, space-separated, for the shell completion
	 * (NULL: a number, name or path); comma_list: a comma-separated list
	 * of them is accepted. */
	const char *values;
	int comma_list;
};

struct method {
	const char *name;
	const char *summary;            /* one line for --list-methods and --help */
	int square_feet;                /* default square size in feet */
	int default_rooms;
	/* Grid size for a room count when --size is not given. */
	void (*fit_size)(int rooms, int *w, int *h);
	void (*defaults)(struct gen_params *p);   /* sets this method's params */
	method_generate_fn generate;
	const struct method_option *options;      /* ends with {NULL}; may be NULL */
};

/* The methods, in table order, ending with NULL. */
extern const struct method *const method_table[];

/* The method called name, or NULL. */
const struct method *method_find(const char *name);
/* "dice, mansion, ..." for messages. */
void method_names(char *out, size_t size);
/* Sets p to the defaults of every method and the common fields. */
void gen_params_default(struct gen_params *p);

/* Helpers for method_option apply functions: parse a number and check its
 * range, with a usage error "--NAME: 'VALUE' is not ...; expected ...". */
int gen_parse_int(const char *option, const char *value, long lo, long hi, int *out, struct err *e);
int gen_parse_real(const char *option, const char *value, double lo, double hi, double *out, struct err *e);

#endif
