/* output.h: the table of output formats (extension -> writer), read by the
 * command line, --help and the man page alike. */
#ifndef MAPSHEET_OUTPUT_H
#define MAPSHEET_OUTPUT_H

#include "model/doc.h"

struct output_format {
	const char *name;       /* the format name and the usual extension */
	const char *ext2;       /* another extension and --format name for it, or NULL */
	const char *ext;        /* the extension when it is not the name (foundry:
				 * .zip), or NULL */
	const char *summary;
	int streams;            /* can be written to standard output ("-") */
	int sheet;              /* drawn on paper: the sheet options apply */
	int draws;              /* draws the map (sheets, tabletop, Markdown): --style applies */
	int by_name_only;       /* chosen with --format only, never by an extension */
	int players;            /* has a players' copy (--player) though it draws
				 * nothing: the page's key, the premise without the
				 * secret or the rooms */
	/* Writes the document to path ("-": stdout when streams). Returns 0 or
	 * -1 with e set; a failed write leaves any existing file untouched. */
	int (*write)(const struct doc *d, const char *path, struct err *e);
};

/* The format for a --format name (its name or its ext2), or NULL. */
const struct output_format *output_find(const char *name);
/* The format for a file name's extension, or NULL. */
const struct output_format *output_for_path(const char *path);
/* The extension f's files usually end in ("svg", "zip"; pdf-cairo: "pdf"). */
const char *output_extension(const struct output_format *f);
/* Whether a file named for format named (by its extension) may hold f's
 * output: the same format, or one written to the same extension. */
int output_takes_extension_of(const struct output_format *f, const struct output_format *named);
/* For messages: every name --format takes ("pdf, pdf-cairo, ...") or,
 * with extensions, the file extensions (".pdf, .svg, ..."). */
void output_names(char *out, size_t size, int extensions);

#endif
