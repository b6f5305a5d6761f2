/* render.c: the sheet API: checks the options, has every level laid out
 * into one scene (render_layout.c) and the Cairo backend write it,
 * atomically. */
#include "render.h"

#include "base/atomic.h"
#include "cairo/cairo_backend.h"
#include "base/fileset.h"
#include "layout/layout.h"
#include "text/measure.h"
#include "paper.h"
#include "base/paths.h"
#include "render_int.h"
#include "style.h"

#include <ctype.h>
#include <dirent.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int render_load_style(struct style *st, const char *name, const char *const *dirs, struct measure *ms,
		      struct err *e)
{
	if (style_load(st, name, dirs, e) < 0)
		return -1;
	const char *fonts[3] = { st->font_text, st->font_title, st->font_number };
	for (int i = 0; i < 3; i++)
		if (!measure_has_family(ms, fonts[i]))
			return err_usage(e, "--style %s: font '%s' is not installed (fontconfig has no such family; "
					 "the DejaVu fonts come with fonts-dejavu-core)", st->name, fonts[i]);
	return 0;
}

int render_validate(const struct sheet_options *o, const char *const *template_dirs, struct err *e)
{
	struct paper paper;
	if (paper_parse(o->paper, &paper, e) < 0 || paper_check_scale(o->scale, e) < 0)
		return -1;
	if (o->dpi != 0 && (o->dpi < RENDER_DPI_MIN || o->dpi > RENDER_DPI_MAX))
		return err_usage(e, "--dpi: '%d' is out of range (expected %d to %d)", o->dpi, RENDER_DPI_MIN,
				 RENDER_DPI_MAX);
	if (o->poster && o->scale <= 0)
		return err_usage(e, "--poster: needs a scale (expected --scale N, squares per inch; --scale 1 for one "
				 "inch a square)");
	double length;
	if (o->overlap && paper_parse_length("--overlap", o->overlap, &length, e) < 0)
		return -1;
	if (o->margin && paper_parse_length("--margin", o->margin, &length, e) < 0)
		return -1;
	if (o->orientation != ORIENT_AUTO && o->orientation != ORIENT_PORTRAIT && o->orientation != ORIENT_LANDSCAPE)
		return err_usage(e, "orientation: expected --portrait or --landscape");
	struct measure ms;
	if (measure_init(&ms, e) < 0)
		return -1;
	struct style st;
	int rc = render_load_style(&st, o->style, template_dirs, &ms, e);
	measure_free(&ms);
	return rc;
}

void render_page_path(const char *path, int page, char *out, size_t size)
{
	if (page <= 1) {
		snprintf(out, size, "%s", path);
		return;
	}
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(path, '.');
	if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
		snprintf(out, size, "%s-%d", path, page);
	else
		snprintf(out, size, "%.*s-%d%s", (int)(dot - path), path, page, dot);
}

/* What page i of n says of itself in its file's metadata: the document's
 * title and the page, and (on the referee's sheet) the seed. */
static void page_about(const struct doc *d, const char *doc_title, int page, int npages, char *title, size_t tsize,
		       char *about, size_t asize)
{
	snprintf(title, tsize, "%s, page %d of %d", doc_title, page, npages);
	if (d->sheet.player)
		snprintf(about, asize, "page %d of %d, players' map", page, npages);
	else
		snprintf(about, asize, "page %d of %d, seed %s", page, npages, d->seed ? d->seed : "unknown");
}

/* Writes the files: one for PDF, one per page otherwise. All are written to
 * temporary files first and placed only when every one is complete, as one
 * set (see fileset.h). */
static int write_files(const struct doc *d, const struct scene *sc, int skip, const char *path, enum cairo_format fmt,
		       struct err *e)
{
	int nfiles = fmt == CAIRO_OUT_PDF ? 1 : sc->npages - skip;
	if (nfiles > 1 && strcmp(path, "-") == 0)
		return err_usage(e, "-o -: the sheet has %d pages, which need a file each in this format; "
				 "name a file, or use PDF", nfiles);
	struct atomic_file *af = calloc((size_t)nfiles, sizeof *af);
	if (!af)
		return err_set(e, "out of memory");
	int dpi = d->sheet.dpi > 0 ? d->sheet.dpi : RENDER_DPI_DEFAULT;
	/* the PDF's title is the one printed: the sheet's, or the cover's */
	char doc_title[256];
	if (d->nlevels > 1)
		layout_cover_title(d, doc_title, sizeof doc_title);
	else
		layout_sheet_title(d, &d->levels[0].map, d->sheet.player, doc_title, sizeof doc_title);
	/* in memory, the pages asked for only (the preview: the map page) */
	int nwrite = d->memory && d->memory->max_files > 0 && d->memory->max_files < nfiles ? d->memory->max_files
											     : nfiles;
	int opened = 0, rc = 0;
	size_t written = 0;
	for (int i = 0; i < nwrite && rc == 0; i++) {
		/* in memory, the pages so far within the cap on the answer */
		if (i > 0 && d->memory) {
			if (fflush(af[i - 1].f) != 0) {
				rc = err_set(e, "out of memory for %s", af[i - 1].path);
				break;
			}
			written += af[i - 1].len;
			if ((rc = memfiles_room(d->memory, written, e)) < 0)
				break;
		}
		char name[4096], title[600], about[600];
		struct page_meta meta = { title, about };
		render_page_path(path, i + 1, name, sizeof name);
		if (fmt == CAIRO_OUT_PDF)
			meta = (struct page_meta){ doc_title, NULL };
		else
			page_about(d, doc_title, skip + i + 1, sc->npages, title, sizeof title, about, sizeof about);
		if (atomic_open_in(&af[i], name, d->memory, e) < 0) {
			rc = -1;
			break;
		}
		opened++;
		if (fmt == CAIRO_OUT_PDF)
			rc = report_step(d->report, e, "drawing %d page%s...", sc->npages, sc->npages == 1 ? "" : "s");
		else
			rc = report_step(d->report, e, "drawing page %d of %d...", i + 1, nfiles);
		if (rc == 0)
			rc = cairo_backend_write(sc, fmt == CAIRO_OUT_PDF ? 0 : skip + i, fmt == CAIRO_OUT_PDF ? sc->npages : 1, fmt,
					 dpi, &meta, af[i].f, e);
	}
	/* all complete: place them as one set; after a failure, drop them all */
	if (fmt == CAIRO_OUT_PDF)
		rc = atomic_finish_all(af, opened, rc, e);
	else
		rc = fileset_finish(af, opened, 0, path, rc, e);
	free(af);
	return rc;
}

int render_write(const struct doc *d, const char *path, const char *format, struct err *e)
{
	enum cairo_format fmt;
	int cover = 0;
	if (strcmp(format, "pdf") == 0)
		fmt = CAIRO_OUT_PDF;
	else if (strcmp(format, "pdf-cairo") == 0)
		fmt = CAIRO_OUT_PDF, cover = d->nlevels > 1;
	else if (strcmp(format, "svg") == 0)
		fmt = CAIRO_OUT_SVG;
	else if (strcmp(format, "png") == 0)
		fmt = CAIRO_OUT_PNG;
	else
		return err_usage(e, "unknown sheet format '%s' (expected pdf, svg or png; or pdf-cairo)", format);
	if (d->nlevels < 1)
		return err_set(e, "nothing to print: no levels");
	/* the preview of a booklet: its pages as the booklet numbers them,
	 * from the first after the cover */
	int skip = 0;
	if (fmt != CAIRO_OUT_PDF && d->memory && d->memory->booklet_preview && d->nlevels > 1)
		cover = skip = 1;
	struct measure ms;
	if (measure_init(&ms, e) < 0)
		return -1;
	struct style st;
	struct scene sc;
	scene_init(&sc);
	int rc = render_load_style(&st, d->sheet.style, d->template_dirs, &ms, e);
	if (rc == 0)
		rc = render_lay_out(d, &st, &ms, cover, &sc, e);
	if (rc == 0)
		rc = write_files(d, &sc, skip, path, fmt, e);
	scene_free(&sc);
	measure_free(&ms);
	return rc;
}

int render_list_styles(const char *const *template_dirs, char *out, size_t size)
{
	char names[2000];
	int n = paths_list(template_dirs, "styles", "style", names, sizeof names);
	size_t used = 0;
	if (size)
		out[0] = '\0';
	char *save = NULL;
	for (char *name = strtok_r(names, ", ", &save); name; name = strtok_r(NULL, ", ", &save)) {
		struct style st;
		struct err e;
		const char *desc = style_load(&st, name, template_dirs, &e) == 0 ? st.description : e.msg;
		int w = snprintf(out + used, size > used ? size - used : 0, "%-12s %s\n", name, desc);
		if (w > 0 && used + (size_t)w < size)
			used += (size_t)w;
	}
	return n;
}

/* The threads of this process other than the calling one, or -1 when
 * they cannot be counted. */
static int other_threads(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return -1;
	int n = -1;
	for (struct dirent *de = readdir(d); de; de = readdir(d))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

void render_release_fonts(void)
{
	/* Pango matches and sorts fonts in threads it does not wait for; the
	 * font map goes only when they have ended (at most a second), or what
	 * they hold would be lost with them */
	for (int i = 0; i < 1000 && other_threads() > 0; i++)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	pango_cairo_font_map_set_default(NULL);
}

void render_start_fonts(void)
{
	pango_cairo_font_map_get_default();
}
