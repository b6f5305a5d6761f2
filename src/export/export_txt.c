/* export_txt.c: the text preview: the title, each level's heading, its map
 * (drawn by txt_map.c, as wide as fits) and its key, and the Remake line;
 * and the key alone for the local server.
 *
 * The lines of text around the map are wrapped to a width: the terminal's
 * when the preview goes to one, else a fixed 80 columns, so that a file or
 * pipe gets the same bytes wherever it is made. The map is drawn for the
 * same width, with squares as wide as fit it; a map wider than the
 * terminal even so is said so on standard error, after the preview.
 */
#include "export/export.h"

#include "base/sbuf.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define TXT_WIDTH 80          /* columns for files, pipes and unknown terminals */
#define TXT_MIN_WIDTH 40
#define TXT_MAX_WIDTH 1000

/* The width to wrap to, and whether f is a terminal. */
static int txt_width(FILE *f, int *terminal)
{
	int fd = fileno(f);
	*terminal = fd >= 0 && isatty(fd);
	if (!*terminal)
		return TXT_WIDTH;
	struct winsize ws;
	int cols = 0;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0)
		cols = ws.ws_col;
	const char *env = getenv("COLUMNS");
	if (cols <= 0 && env)
		cols = atoi(env);
	if (cols <= 0)
		return TXT_WIDTH;
	return cols < TXT_MIN_WIDTH ? TXT_MIN_WIDTH : cols > TXT_MAX_WIDTH ? TXT_MAX_WIDTH : cols;
}

/* Columns a UTF-8 string takes: one per character. */
static int text_columns(const char *s, const char *end)
{
	int n = 0;
	for (; s < end; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* A space no line breaks at ("1 square = 10 ft" stays whole), printed
 * as a space. */
#define GLUE "\x1f"

/* Writes text wrapped at spaces to width columns: the first line after
 * `first`, the others after `rest`, GLUE printed as a space. A word longer
 * than a line stands alone. */
static void put_wrapped(FILE *f, const char *first, const char *rest, const char *text, int width)
{
	const char *indent = first, *p = text;
	do {
		int avail = width - text_columns(indent, indent + strlen(indent));
		const char *end = p, *brk = NULL;
		int cols = 0;
		while (*end && !(cols >= avail && *end != ' ' && brk)) {
			if (*end == ' ' && cols <= avail)
				brk = end;
			cols += ((unsigned char)*end & 0xC0) != 0x80;
			end++;
		}
		if (*end == '\0' && cols <= avail)
			brk = end;
		else if (!brk)
			brk = end;
		if (!brk || brk == p) {   /* a word longer than the line */
			brk = p;
			while (*brk && *brk != ' ')
				brk++;
		}
		fputs(indent, f);
		for (const char *q = p; q < brk; q++)
			fputc(*q == GLUE[0] ? ' ' : *q, f);
		fputc('\n', f);
		p = brk;
		while (*p == ' ')
			p++;
		indent = rest;
	} while (*p);
}

static int write_key(FILE *f, const struct map *m, const struct key *k, int width, struct err *e)
{
	char line[1024];
	fprintf(f, "\nKey\n");
	for (int i = 0; i < k->n; i++) {
		const struct key_entry *en = &k->entries[i];
		snprintf(line, sizeof line, "%d. %s (%s)", en->number, en->title, en->size);
		fputc('\n', f);
		put_wrapped(f, "", "   ", line, width);
		put_wrapped(f, "   ", "   ", en->exits, width);
		for (int j = 0; j < en->nlines; j++)
			put_wrapped(f, "   ", "   ", en->lines[j], width);
	}
	char **marks;
	int nmarks = map_mark_lines(m, &marks, e);
	if (nmarks < 0)
		return -1;
	if (nmarks > 0)
		fprintf(f, "\nMarks\n");
	for (int i = 0; i < nmarks; i++)
		put_wrapped(f, "   ", "   ", marks[i], width);
	map_mark_lines_free(marks, nmarks);
	if (k->nwandering > 0) {
		fprintf(f, "\nWandering monsters (%s)\n", k->wandering_die);
		for (int i = 0; i < k->nwandering; i++)
			put_wrapped(f, "   ", "   ", k->wandering[i], width);
	}
	if (k->nadversaries > 0) {
		fprintf(f, "\n" KEY_ADVERSARIES_HEADING "\n");
		for (int i = 0; i < k->nadversaries; i++)
			put_wrapped(f, "   ", "   ", k->adversaries[i], width);
	}
	if (k->nfooter > 0)
		fputc('\n', f);
	for (int i = 0; i < k->nfooter; i++)
		put_wrapped(f, "", "", k->footer[i], width);
	return 0;
}

/* The title, the premise and, on the referee's copy, the secret under
 * its heading: the text's first lines, in the preview and the page's key
 * alike. */
static void write_title(FILE *f, const struct doc *d, int width)
{
	const char *title = d->sheet.title ? d->sheet.title : d->site;
	if (title)
		fprintf(f, "%s\n", title);
	if (doc_story(d)) {
		put_wrapped(f, "", "", doc_story(d), width);
		fputc('\n', f);
	}
	const char *secret = doc_secret(d);
	if (secret) {
		struct sbuf s;
		sbuf_init(&s);
		sbuf_printf(&s, "%s: %s", DOC_SECRET_HEADING, secret);
		/* without memory, the heading and the secret each on its own */
		if (sbuf_failed(&s)) {
			put_wrapped(f, "", "", DOC_SECRET_HEADING ":", width);
			put_wrapped(f, "", "", secret, width);
		} else {
			put_wrapped(f, "", "", sbuf_cstr(&s), width);
		}
		sbuf_free(&s);
		fputc('\n', f);
	}
}

/* Level m's heading: its method (or that it was imported), seed (not on
 * the players' copy: it would remake the referee's), place in the booklet
 * and size; the scale never broken over lines. */
static void write_level_heading(FILE *f, const struct doc *d, const struct map *m, int width)
{
	char line[512];
	int seed = !d->sheet.player && d->seed && d->seed[0];
	snprintf(line, sizeof line, "%s%s%s, level %d of %d: %dx%d squares, 1" GLUE "square" GLUE "=" GLUE "%d" GLUE "ft",
		 m->method ? m->method : "imported map", seed ? ", seed " : "", seed ? d->seed : "", m->depth,
		 doc_total_levels(d), m->w, m->h, m->square_feet);
	put_wrapped(f, "", "   ", line, width);
}

/* Says, on standard error, that the maps of `wide` levels (the widest
 * `cols` columns) are wider than the terminal, and how to see them. */
static void warn_wide(const struct doc *d, int wide, int level, int cols, int width)
{
	if (wide == 0)
		return;
	char what[64];
	if (d->nlevels == 1)
		snprintf(what, sizeof what, "the map is");
	else if (wide == 1)
		snprintf(what, sizeof what, "the map of level %d is", level);
	else
		snprintf(what, sizeof what, "the maps of %d levels are up to", wide);
	report_warn(d->report, "%s %d columns wide, wider than this %d-column terminal: see %s whole with '| less -S', "
		    "or print %s with -o map.pdf", what, cols, width, wide > 1 ? "them" : "it", wide > 1 ? "them" : "it");
}

/* After the last level's key: the party it was stocked for, the credit. */
static int write_party(FILE *f, const struct doc *d, int width, struct err *e)
{
	char *para[2];
	int n;
	if (doc_party_paragraphs(d, para, &n, e) < 0)
		return -1;
	if (n > 0)
		fprintf(f, "\n%s\n", DOC_PARTY_HEADING);
	for (int i = 0; i < n; i++) {
		put_wrapped(f, "   ", "   ", para[i], width);
		free(para[i]);
	}
	return 0;
}

int export_txt(FILE *f, const struct doc *d, struct err *e)
{
	int terminal;
	int width = txt_width(f, &terminal);
	int wide = 0, widest = 0, widest_level = 0;
	write_title(f, d, width);
	for (int l = 0; l < d->nlevels; l++) {
		const struct map *m = &d->levels[l].map;
		if (l > 0)
			fputs("\n\n", f);
		write_level_heading(f, d, m, width);
		struct sbuf legend;
		sbuf_init(&legend);
		if (export_txt_legend(m, width, &legend, e) < 0) {
			sbuf_free(&legend);
			return -1;
		}
		if (legend.len > 0) {
			/* a symbol stays on the line of its word: "o pillar" */
			char *t = legend.data;
			for (size_t i = 1; i < legend.len; i++)
				if (t[i] == ' ' && t[i - 1] != ' ' && (i == 1 || t[i - 2] == ' '))
					t[i] = GLUE[0];
			put_wrapped(f, "", "", t, width);
		}
		sbuf_free(&legend);
		fputc('\n', f);
		int cols = export_txt_map(f, m, width, e);
		if (cols < 0)
			return -1;
		if (cols > width) {
			wide++;
			if (cols > widest) {
				widest = cols;
				widest_level = m->depth;
			}
		}
		if (write_key(f, m, &d->levels[l].key, width, e) < 0)
			return -1;
	}
	if (write_party(f, d, width, e) < 0)
		return -1;
	/* unwrapped: a command split over lines would not paste into a shell */
	fprintf(f, "\nRemake: %s\n", d->command ? d->command : "mapsheet");
	if (terminal) {
		/* after the preview, where the reader is */
		fflush(f);
		warn_wide(d, wide, widest_level, widest, width);
	}
	return 0;
}

int export_txt_levels_key(FILE *f, const struct doc *d, struct err *e)
{
	int terminal;
	int width = txt_width(f, &terminal);
	for (int l = 0; l < d->nlevels; l++) {
		const struct map *m = &d->levels[l].map;
		if (l > 0)
			fputs("\n", f);
		write_level_heading(f, d, m, width);
		/* the players' copy has no key: its rooms' secrets and who is there */
		if (!d->sheet.player && write_key(f, m, &d->levels[l].key, width, e) < 0)
			return -1;
	}
	if (write_party(f, d, width, e) < 0)
		return -1;
	if (d->sheet.player) {
		fputc('\n', f);
		put_wrapped(f, "", "", "The players' copy has no key: what the rooms hold is the game master's.", width);
	}
	return 0;
}

int export_txt_key(FILE *f, const struct doc *d, struct err *e)
{
	int terminal;
	write_title(f, d, txt_width(f, &terminal));
	return export_txt_levels_key(f, d, e);
}
