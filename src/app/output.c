/* output.c: the table of output formats and the text writers' file
 * handling (temporary file, then rename). */
#include "app/output.h"

#include "base/atomic.h"
#include "export/export.h"
#include "export/export_foundry.h"
#include "export/export_eplus.h"
#include "export/tabletop.h"
#include "model/map_pad.h"
#include "export/export_vtt.h"
#include "export/zip_archive.h"
#include "base/fileset.h"
#include "layout/map_image.h"
#include "render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef int (*stream_writer)(FILE *f, const struct doc *d, struct err *e);

static int write_stream(const struct doc *d, const char *path, stream_writer w, struct err *e)
{
	struct atomic_file af;
	if (atomic_open_in(&af, path, d->memory, e) < 0)
		return -1;
	if (w(af.f, d, e) < 0) {
		atomic_blame(&af, 1, e);
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

/* The name of level k's file (k >= 1) beside path: path with "-k" before
 * its extension, and the extension replaced by ext when ext is given
 * ("crypt.md", 2, "svg" -> "crypt-2.svg"); k = 0 leaves out the number. */
static int level_path(const char *path, int k, const char *ext, char *out, size_t size, struct err *e)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	if (!dot || dot == base)
		dot = base + strlen(base);
	char num[16] = "";
	if (k > 0)
		snprintf(num, sizeof num, "-%d", k);
	int n = snprintf(out, size, "%.*s%s%s%s", (int)(dot - path), path, num, ext ? "." : "", ext ? ext : dot);
	if (n < 0 || (size_t)n >= size)
		return err_usage(e, "output path is too long: %.60s...", path);
	return 0;
}


/* One Universal VTT file per level: the path itself for one level, NAME-k
 * for several. */
static int write_vtt(const struct doc *d, const char *path, struct err *e)
{
	if (d->nlevels < 1)
		return err_set(e, "nothing to export: no levels");
	if (d->nlevels > 1 && strcmp(path, "-") == 0)
		return err_usage(e, "-o -: %d levels need a tabletop file each; name a file (NAME-1, NAME-2, ... are "
				 "written)", d->nlevels);
	struct atomic_file *af = calloc((size_t)d->nlevels, sizeof *af);
	if (!af)
		return err_set(e, "out of memory");
	int opened = 0, rc = 0;
	for (int k = 0; k < d->nlevels && rc == 0; k++) {
		const struct map *m = &d->levels[k].map;
		char name[4096];
		int ppg = map_image_vtt_ppg(m, d->sheet.grid_pixels);
		int want = d->sheet.grid_pixels > 0 ? d->sheet.grid_pixels : MAP_IMAGE_PPG_DEFAULT;
		if (ppg < want)
			report_warn(d->report, "level %d: %d x %d squares at %d pixels a square would exceed %d pixels; "
				    "the tabletop image has %d pixels a square", m->depth, m->w, m->h, want,
				    MAP_IMAGE_MAX_SIDE, ppg);
		unsigned char *png = NULL;
		size_t len = 0;
		if (report_step(d->report, e, "level %d of %d: drawing the tabletop image...", k + 1, d->nlevels) < 0 ||
		    level_path(path, d->nlevels > 1 ? k + 1 : 0, NULL, name, sizeof name, e) < 0 ||
		    render_map_png(d, k, ppg, &png, &len, e) < 0 || atomic_open_in(&af[k], name, d->memory, e) < 0) {
			free(png);
			rc = -1;
			break;
		}
		opened++;
		char about[600], whose[300];
		if (d->sheet.player)
			snprintf(whose, sizeof whose, "players' map");
		else
			snprintf(whose, sizeof whose, "seed %s", d->seed ? d->seed : "unknown");
		snprintf(about, sizeof about, "mapsheet " MAPSHEET_VERSION ": level %d, file %d of %d, %s", m->depth,
			 k + 1, d->nlevels, whose);
		rc = export_vtt(af[k].f, m, ppg, png, len, about, e);
		free(png);
		report_info(d->report, "%s: level %d, %d x %d squares at %d pixels a square (%d x %d pixels)", name,
			    m->depth, m->w, m->h, ppg, m->w * ppg, m->h * ppg);
	}
	rc = fileset_finish(af, opened, 0, path, rc, e);
	free(af);
	return rc;
}

/* The levels of d with TABLETOP_MARGIN squares of solid ground round
 * each map, as a module shows them: *pad is d but for its levels, which
 * share d's keys (free them with padded_free). Returns 0 or -1 with e set. */
static int padded_doc(const struct doc *d, struct doc *pad, struct err *e)
{
	*pad = *d;
	pad->levels = NULL;     /* padded_free never frees d's own */
	struct level *lv = calloc((size_t)d->nlevels, sizeof *lv);
	if (!lv)
		return err_set(e, "out of memory");
	pad->levels = lv;
	for (int k = 0; k < d->nlevels; k++) {
		lv[k].key = d->levels[k].key;
		if (map_pad(&lv[k].map, &d->levels[k].map, TABLETOP_MARGIN, e) < 0)
			return -1;
	}
	return 0;
}

static void padded_free(struct doc *pad)
{
	for (int k = 0; pad->levels && k < pad->nlevels; k++)
		map_free(&pad->levels[k].map);
	free(pad->levels);
	pad->levels = NULL;
}

/* Pixels per map square of a module's picture: made a multiple of the
 * grid squares a map square holds, so the grid falls on whole pixels. */
static int module_ppg(const struct doc *d, const struct map *m)
{
	int ppg = map_image_vtt_ppg(m, d->sheet.grid_pixels);
	int split = tabletop_split(d, m);
	return ppg > split ? ppg - ppg % split : ppg;
}

/* Pixels on the longer side of a scene's thumbnail in Foundry's lists */
#define FOUNDRY_THUMB_SIDE 400

/* Level k's pictures for the Foundry module: the map at the tabletop
 * image's pixels a square, and its thumbnail. */
static int foundry_pictures(const struct doc *d, int k, struct foundry_picture *p, struct err *e)
{
	const struct map *m = &d->levels[k].map;
	int want = d->sheet.grid_pixels > 0 ? d->sheet.grid_pixels : MAP_IMAGE_PPG_DEFAULT;
	int split = tabletop_split(d, m);
	p->ppg = module_ppg(d, m);
	if (want / split < FOUNDRY_GRID_MIN)
		return err_usage(e, "--grid-pixels %d: a Foundry scene's grid is at least %d pixels a square%s", want,
				 FOUNDRY_GRID_MIN * split, split > 1 ? " of the map (its grid squares are smaller)" : "");
	if (p->ppg / split < FOUNDRY_GRID_MIN)
		return err_usage(e, "level %d: %d x %d squares is too large for a Foundry scene, whose grid is at least %d "
				 "pixels a square in a picture of at most %d pixels a side (%d squares)", m->depth, m->w,
				 m->h, FOUNDRY_GRID_MIN, MAP_IMAGE_MAX_SIDE, MAP_IMAGE_MAX_SIDE / FOUNDRY_GRID_MIN);
	if (p->ppg < want)
		report_warn(d->report, "level %d: %d x %d squares at %d pixels a square would exceed %d pixels; "
			    "the scene has %d pixels a square", m->depth, m->w, m->h, want, MAP_IMAGE_MAX_SIDE, p->ppg);
	int side = m->w > m->h ? m->w : m->h;
	int thumb = FOUNDRY_THUMB_SIDE / (side > 0 ? side : 1);
	thumb = thumb < 1 ? 1 : thumb > p->ppg ? p->ppg : thumb;
	if (report_step(d->report, e, "level %d of %d: drawing the scene's picture...", k + 1, d->nlevels) < 0 ||
	    render_map_png(d, k, p->ppg, &p->png, &p->len, e) < 0 ||
	    render_map_png(d, k, thumb, &p->thumb, &p->thumb_len, e) < 0)
		return -1;
	report_info(d->report, "level %d: a scene of %d x %d squares at %d pixels a square (%d x %d pixels)", m->depth,
		    m->w, m->h, p->ppg, m->w * p->ppg, m->h * p->ppg);
	return 0;
}

/* The Foundry VTT module: each level's pictures drawn, the module's files
 * made in memory (export_foundry.h) and written as one zip. */
static int write_foundry(const struct doc *sheet_doc, const char *path, struct err *e)
{
	if (sheet_doc->nlevels < 1)
		return err_set(e, "nothing to export: no levels");
	struct doc pad, *d = &pad;
	if (padded_doc(sheet_doc, &pad, e) < 0) {
		padded_free(&pad);
		return -1;
	}
	struct foundry_picture *pics = calloc((size_t)d->nlevels, sizeof *pics);
	if (!pics) {
		padded_free(&pad);
		return err_set(e, "out of memory");
	}
	int rc = 0;
	for (int k = 0; k < d->nlevels && rc == 0; k++)
		rc = foundry_pictures(d, k, &pics[k], e);
	struct memfiles files;
	memfiles_init(&files);
	if (rc == 0) {
		rc = export_foundry(d, pics, &files, e);
	} else {
		for (int k = 0; k < d->nlevels; k++) {
			free(pics[k].png);
			free(pics[k].thumb);
		}
	}
	if (rc == 0)
		rc = zip_archive_write(&files, path, d->memory, e);
	if (rc == 0)
		report_info(d->report, "%s: a Foundry VTT module of %d files, %zu bytes before compression", path,
			    files.n, files.bytes);
	memfiles_free(&files);
	free(pics);
	padded_free(&pad);
	return rc;
}

/* The EncounterPlus module: each level's picture drawn as for Universal
 * VTT, then the module's files (export_eplus.h) as one zip. */
static int write_eplus(const struct doc *sheet_doc, const char *path, struct err *e)
{
	if (sheet_doc->nlevels < 1)
		return err_set(e, "nothing to export: no levels");
	struct doc pad, *d = &pad;
	if (padded_doc(sheet_doc, &pad, e) < 0) {
		padded_free(&pad);
		return -1;
	}
	struct eplus_picture *pics = calloc((size_t)d->nlevels, sizeof *pics);
	if (!pics) {
		padded_free(&pad);
		return err_set(e, "out of memory");
	}
	int rc = 0;
	for (int k = 0; k < d->nlevels && rc == 0; k++) {
		const struct map *m = &d->levels[k].map;
		pics[k].ppg = module_ppg(d, m);
		int want = d->sheet.grid_pixels > 0 ? d->sheet.grid_pixels : MAP_IMAGE_PPG_DEFAULT;
		if (pics[k].ppg < want)
			report_warn(d->report, "level %d: %d x %d squares at %d pixels a square would exceed %d pixels; "
				    "the map's picture has %d pixels a square", m->depth, m->w, m->h, want,
				    MAP_IMAGE_MAX_SIDE, pics[k].ppg);
		if (report_step(d->report, e, "level %d of %d: drawing the map for EncounterPlus...", k + 1, d->nlevels) < 0 ||
		    render_map_png(d, k, pics[k].ppg, &pics[k].png, &pics[k].len, e) < 0)
			rc = -1;
	}
	struct memfiles files;
	memfiles_init(&files);
	if (rc == 0)
		rc = export_eplus(d, pics, &files, e);
	for (int k = 0; k < d->nlevels; k++)
		free(pics[k].png);
	free(pics);
	if (rc == 0)
		rc = zip_archive_write(&files, path, d->memory, e);
	if (rc == 0)
		report_info(d->report, "%s: an EncounterPlus module of %d level%s, %d files", path, d->nlevels,
			    d->nlevels == 1 ? "" : "s", files.n);
	memfiles_free(&files);
	padded_free(&pad);
	return rc;
}

/* The Markdown key and, beside it, one map image per level. */
static int write_md(const struct doc *d, const char *path, struct err *e)
{
	if (d->nlevels < 1)
		return err_set(e, "nothing to write: no levels");
	const char *ext = d->sheet.md_png ? "png" : "svg";
	int n = d->nlevels;
	struct atomic_file *af = calloc((size_t)n + 1, sizeof *af);
	char(*names)[4096] = calloc((size_t)n, sizeof *names);
	const char **links = calloc((size_t)n, sizeof *links);
	int opened = 0, rc = 0;
	if (!af || !names || !links)
		rc = err_set(e, "out of memory");
	for (int k = 0; k < n && rc == 0; k++) {
		if (report_step(d->report, e, "level %d of %d: drawing the map for the Markdown key...", k + 1, n) < 0 ||
		    level_path(path, n > 1 ? k + 1 : 0, ext, names[k], sizeof names[k], e) < 0 ||
		    atomic_open_in(&af[k], names[k], d->memory, e) < 0) {
			rc = -1;
			break;
		}
		opened++;
		rc = render_map_image(d, k, d->sheet.md_png ? MAP_IMAGE_PNG : MAP_IMAGE_SVG, af[k].f, e);
		/* the link is relative: the image sits beside the .md */
		const char *slash = strrchr(names[k], '/');
		links[k] = slash ? slash + 1 : names[k];
	}
	/* the key last in the loop; placed first (see fileset.h) */
	if (rc == 0) {
		if (atomic_open_in(&af[n], path, d->memory, e) < 0) {
			rc = -1;
		} else {
			opened = n + 1;
			rc = export_md(af[n].f, d, links, e);
		}
	}
	/* the images as one set named after NAME.svg (or .png), the key first */
	char pattern[4096];
	if (level_path(path, 0, ext, pattern, sizeof pattern, e) < 0)
		rc = -1;
	rc = fileset_finish(af, opened, n, pattern, rc, e);
	if (rc == 0)
		report_info(d->report, "%s: the key of %d level%s, with %s%s", path, n, n == 1 ? "" : "s", names[0],
			    n > 1 ? " and the other levels' maps beside it" : " beside it");
	free(af);
	free(names);
	free(links);
	return rc;
}

static const struct output_format formats[] = {
	{ .name = "pdf", .summary = "graph-paper sheets, every page in one file; several levels make a booklet "
				    "with bookmarks and links", .sheet = 1, .draws = 1, .write = write_pdf },
	{ .name = "pdf-cairo", .ext = "pdf", .summary = "every level in one PDF drawn by Cairo, cover included, without "
					  "bookmarks and links (to compare with the booklet)",
	  .sheet = 1, .draws = 1, .by_name_only = 1, .write = write_pdf_cairo },
	{ .name = "svg", .summary = "graph-paper sheets, one file a page", .sheet = 1, .draws = 1, .write = write_svg },
	{ .name = "png", .summary = "graph-paper sheets as images, one file a page", .sheet = 1, .draws = 1,
	  .write = write_png },
	{ .name = "txt", .summary = "text preview of the map and its key", .streams = 1, .write = write_txt },
	{ .name = "json", .summary = "the whole map model as JSON", .streams = 1, .write = write_json },
	{ .name = "dd2vtt", .ext2 = "uvtt", .summary = "Universal VTT for virtual tabletops: walls, doors and the "
						   "players' map image",
	  .streams = 1, .draws = 1, .write = write_vtt },
	{ .name = "md", .summary = "the room key as Markdown, with the map as an image beside it", .draws = 1,
	  .write = write_md },
	{ .name = "foundry", .ext = "zip", .summary = "a Foundry VTT module: an adventure of a scene per level, with "
						      "walls, doors and a note in every room, and the key as journal pages",
	  .draws = 1, .write = write_foundry },
	{ .name = "encounterplus", .ext = "module", .summary = "an EncounterPlus module: each level's map with walls, "
								 "doors and a marker on every room opening its page of the key",
	  .draws = 1, .write = write_eplus },
	{ .name = NULL }
};

const struct output_format *output_find(const char *name)
{
	for (int i = 0; formats[i].name; i++)
		if (strcmp(formats[i].name, name) == 0 || (formats[i].ext2 && strcmp(formats[i].ext2, name) == 0))
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
		if (!formats[i].by_name_only &&
		    (strcasecmp(formats[i].ext ? formats[i].ext : formats[i].name, dot + 1) == 0 ||
		     (formats[i].ext2 && strcasecmp(formats[i].ext2, dot + 1) == 0)))
			return &formats[i];
	return NULL;
}

const char *output_extension(const struct output_format *f)
{
	return f->ext ? f->ext : f->name;
}

int output_takes_extension_of(const struct output_format *f, const struct output_format *named)
{
	return f == named || strcmp(output_extension(f), output_extension(named)) == 0;
}

void output_names(char *out, size_t size, int extensions)
{
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; formats[i].name; i++) {
		if (extensions && formats[i].by_name_only)
			continue;
		const char *dot = extensions ? "." : "";
		const char *first = extensions && formats[i].ext ? formats[i].ext : formats[i].name;
		int n = snprintf(out + used, size - used, "%s%s%s%s%s%s", used ? ", " : "", dot, first,
				 formats[i].ext2 ? ", " : "", formats[i].ext2 ? dot : "",
				 formats[i].ext2 ? formats[i].ext2 : "");
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}
