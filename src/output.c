/* output.c: the table of output formats and the text writers' file
 * handling (temporary file, then rename). */
#include "output.h"

#include "atomic.h"
#include "export.h"
#include "render.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef int (*stream_writer)(FILE *f, const struct doc *d, struct err *e);

static int write_stream(const struct doc *d, const char *path, stream_writer w, struct err *e)
{
	struct atomic_file af;
	if (atomic_open(&af, path, e) < 0)
		return -1;
	if (w(af.f, d, e) < 0) {
		atomic_abort(&af);
		return -1;
	}
	return atomic_commit(&af, e);
}

static int write_txt(const struct doc *d, const char *path, struct err *e)
{
	return write_stream(d, path, export_txt, e);
}

static int write_json(const struct doc *d, const char *path, struct err *e)
{
	return write_stream(d, path, export_json, e);
}

/* One level: the Cairo sheet; several: the booklet, through libharu. */
static int write_pdf(const struct doc *d, const char *path, struct err *e)
{
	if (d->nlevels > 1)
		return render_write_booklet(d, path, e);
	return render_write(d, path, "pdf", e);
}

static int write_pdf_cairo(const struct doc *d, const char *path, struct err *e)
{
	return render_write(d, path, "pdf-cairo", e);
}

static int write_svg(const struct doc *d, const char *path, struct err *e)
{
	return render_write(d, path, "svg", e);
}

static int write_png(const struct doc *d, const char *path, struct err *e)
{
	return render_write(d, path, "png", e);
}

static const struct output_format formats[] = {
	{ "pdf", NULL, "graph-paper sheets, every page in one file; several levels make a booklet "
	  "with bookmarks and links", 0, 1, write_pdf },
	{ "pdf-cairo", NULL, "every level in one PDF drawn by Cairo, cover included, without bookmarks "
	  "and links (to compare with the booklet)", 0, 1, write_pdf_cairo },
	{ "svg", NULL, "graph-paper sheets, one file a page", 0, 1, write_svg },
	{ "png", NULL, "graph-paper sheets as images, one file a page", 0, 1, write_png },
	{ "txt", NULL, "text preview of the map and its key", 1, 0, write_txt },
	{ "json", NULL, "the whole map model as JSON", 1, 0, write_json },
	{ NULL, NULL, NULL, 0, 0, NULL }
};

const struct output_format *output_find(const char *name)
{
	for (int i = 0; formats[i].name; i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}

const struct output_format *output_for_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash : path, '.');
	if (!dot || !dot[1])
		return NULL;
	for (int i = 0; formats[i].name; i++)
		if (strcasecmp(formats[i].name, dot + 1) == 0 || (formats[i].ext2 && strcasecmp(formats[i].ext2, dot + 1) == 0))
			return &formats[i];
	return NULL;
}

void output_names(char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; formats[i].name; i++) {
		int n = snprintf(out + used, size - used, "%s.%s", i ? ", " : "", formats[i].name);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}
