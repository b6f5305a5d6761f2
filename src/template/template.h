/* template.h: the one small parser every data file in templates/ goes
 * through (styles, stocking tables, tiles, the config file).
 *
 * A file is a list of lines `directive:field:field...`. Blank lines and lines
 * whose first non-blank character is '#' are skipped. A directive starts at
 * the beginning of its line, or, in a file indented as a whole (an example
 * copied from a man page), after the spaces its first directive has. Each directive is
 * registered with a field spec, a space-separated list of types:
 *   int    a whole number            real   a decimal number
 *   str    one field (no ':')        text   the rest of the line, ':' and all
 * A type prefixed with '?' is optional (only at the end). The parser checks
 * the fields against the spec and calls the directive's handler with them;
 * every error is reported as "file:line:column: message". */
#ifndef MAPSHEET_TEMPLATE_H
#define MAPSHEET_TEMPLATE_H

#include "base/err.h"

#include <stddef.h>

#define TPL_MAX_FIELDS 16
#define TPL_MAX_LINE 4096

struct tpl_pos {
	const char *file;   /* name used in messages */
	int line;           /* 1-based */
};

struct tpl_field {
	const char *text;   /* the field's text, NUL-terminated (valid during the call) */
	int col;            /* 1-based column where it starts */
	long i;             /* value of an int field */
	double r;           /* value of a real field (or an int field) */
};

struct tpl_directive {
	const char *name;
	const char *spec;   /* "str int ?text" */
	/* Called with the fields after the directive name; nfields is how many
	 * were present. Returns 0, or -1 after tpl_error(). */
	int (*handle)(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nfields,
		      struct err *e);
	/* The handler gets ctx moved on by this many bytes: a parser whose ctx
	 * holds another's (the stocking tables hold the system's figures)
	 * takes that one's directives as they are. 0 for most. */
	size_t ctx_offset;
};

/* Parses the file at path with the directives (array ending in a {NULL}
 * entry). Returns 0, or -1 with e set (a usage error naming file:line:col, or
 * a run-time error when the file cannot be read). */
int tpl_parse_file(const char *path, const struct tpl_directive *dirs, void *ctx, struct err *e);
/* Parses text already in memory, naming it `name` in messages. */
int tpl_parse_text(const char *name, const char *text, size_t len, const struct tpl_directive *dirs,
		   void *ctx, struct err *e);
/* Parses one line (without its newline) at pos: a directive starts at the
 * beginning of the line. */
int tpl_parse_line(const struct tpl_pos *pos, const char *line, size_t len,
		   const struct tpl_directive *dirs, void *ctx, struct err *e);
/* The same in a file indented by `indent` spaces: every directive line
 * starts with exactly that many (columns in messages still count from the
 * line's start). */
int tpl_parse_indented(const struct tpl_pos *pos, const char *line, size_t len, size_t indent,
		       const struct tpl_directive *dirs, void *ctx, struct err *e);
/* A file's indentation: the spaces before its first directive (the first
 * line neither blank nor a comment), as when an example is copied with the
 * indentation man(1) gives it; 0 when they are not spaces alone. */
size_t tpl_indent(const char *text, size_t len);

/* Reports "file:line:col: message" into e; returns -1. */
int tpl_error(struct err *e, const struct tpl_pos *pos, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Reads a whole file into a NUL-terminated buffer (max 16 MiB); returns it or
 * NULL with e set. *len gets the size. Only a regular file is read (a FIFO,
 * a device or a directory is a usage error, found without blocking), and
 * its text must be UTF-8: a bad sequence is a usage error "file:line:col". */
char *tpl_read_file(const char *path, size_t *len, struct err *e);

/* Lists the files of folder dir whose names end in ext (".tile"), in name
 * order, into *names (*n of them; tpl_dir_free releases them). A folder that
 * cannot be opened or holds no such file is a usage error naming it as the
 * `what` folder ("tile"). Returns 0, or -1 with e set and nothing to free. */
int tpl_list_dir(const char *dir, const char *ext, const char *what, char ***names, int *n, struct err *e);
void tpl_dir_free(char **names, int n);

#endif
