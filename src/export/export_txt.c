/* export_txt.c: the text preview. Each square is drawn 3 characters wide and
 * 1 high, with a character column and row for the edges between squares, so
 * walls and doors sit on the grid lines as on the printed sheet:
 *
 *   +---+---+     walls: - | +    doors on a wall: D door, L locked,
 *   | 1     D     S secret, # portcullis, a gap for an opening
 *   +---+---+     > < stairs, E the entrance; features: o ~ % & * A
 *                 pillar water rubble statue pit altar, C B X = T
 *                 coffin bed crate shelf table, K H ! W throne hearth
 *                 cage well
 *
 * The lines of text around the map are wrapped to a width: the terminal's
 * when the preview goes to one, else a fixed 80 columns, so that a file or
 * pipe gets the same bytes wherever it is made. A map wider than the
 * terminal is said so above it.
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

/* Writes text wrapped at spaces to width columns: the first line after
 * `first`, the others after `rest`. A word longer than a line stands alone. */
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
		fprintf(f, "%s%.*s\n", indent, (int)(brk - p), p);
		p = brk;
		while (*p == ' ')
			p++;
		indent = rest;
	} while (*p);
}

static char door_char(enum door_kind k)
{
	switch (k) {
	case DOOR_OPENING: return ' ';
	case DOOR_LOCKED: return 'L';
	case DOOR_SECRET: return 'S';
	case DOOR_PORTCULLIS: return '#';
	default: return 'D';
	}
}

char export_txt_feature_char(enum feature f)
{
	static const char chars[] = { ' ', 'o', '~', '%', '&', '*', 'A', 'C', 'B', 'X', '=', 'T', 'K', 'H', '!', 'W' };
	_Static_assert(sizeof chars == FEATURE_COUNT, "a character for every feature");
	return (unsigned)f < FEATURE_COUNT ? chars[f] : ' ';
}

/* Is there a wall on the edge on `side` of (x, y)? */
static int is_wall(const struct map *m, int x, int y, enum side side)
{
	int a = map_at(m, x, y), b = map_at(m, x + side_dx[side], y + side_dy[side]);
	int in_a = map_in(m, x, y), in_b = map_in(m, x + side_dx[side], y + side_dy[side]);
	if (!in_a && !in_b)
		return 0;
	return a != b;
}

/* A label square for each numbered region: the square nearest the middle of
 * its bounds that belongs to it (first in reading order among the nearest). */
static void label_squares(const struct map *m, int *label)
{
	for (int id = 1; id <= m->nregions; id++) {
		const struct rect *b = &m->regions[id].bounds;
		long best = -1, bestd = 0;
		int cx2 = 2 * b->x + b->w - 1, cy2 = 2 * b->y + b->h - 1;
		for (int y = b->y; y < b->y + b->h; y++)
			for (int x = b->x; x < b->x + b->w; x++) {
				if (map_at(m, x, y) != id)
					continue;
				long dx = 2 * x - cx2, dy = 2 * y - cy2, d = dx * dx + dy * dy;
				if (best < 0 || d < bestd) {
					best = (long)y * m->w + x;
					bestd = d;
				}
			}
		label[id] = (int)best;
	}
}

int export_txt_map(FILE *f, const struct map *m, struct err *e)
{
	int cols = 4 * m->w + 1, rows = 2 * m->h + 1;
	char *canvas = malloc((size_t)cols * (size_t)rows);
	int *label = malloc(((size_t)m->nregions + 1) * sizeof *label);
	if (!canvas || !label) {
		free(canvas);
		free(label);
		return err_set(e, "out of memory for the text preview");
	}
	memset(canvas, ' ', (size_t)cols * (size_t)rows);
#define AT(cx, cy) canvas[(size_t)(cy) * (size_t)cols + (size_t)(cx)]
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x <= m->w; x++) {
			/* the edge below (x, y-1) / above (x, y), and the edge right of (x-1, y) / left of (x, y) */
			if (x < m->w && is_wall(m, x, y, SIDE_N))
				memcpy(&AT(4 * x + 1, 2 * y), "---", 3);
			if (y < m->h && is_wall(m, x, y, SIDE_W))
				AT(4 * x, 2 * y + 1) = '|';
		}
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x <= m->w; x++) {
			int h = (x > 0 && AT(4 * x - 1, 2 * y) == '-') || (x < m->w && AT(4 * x + 1, 2 * y) == '-');
			int v = (y > 0 && AT(4 * x, 2 * y - 1) == '|') || (y < m->h && AT(4 * x, 2 * y + 1) == '|');
			AT(4 * x, 2 * y) = h && v ? '+' : (h ? '-' : (v ? '|' : ' '));
		}
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		char c = door_char(d->kind);
		int ex = d->x + (d->side == SIDE_E), ey = d->y + (d->side == SIDE_S);
		if (d->side == SIDE_N || d->side == SIDE_S) {
			/* a secret door looks like wall, the others are gaps with their letter */
			memset(&AT(4 * d->x + 1, 2 * ey), d->kind == DOOR_SECRET ? '-' : ' ', 3);
			AT(4 * d->x + 2, 2 * ey) = c;
		} else {
			AT(4 * ex, 2 * d->y + 1) = c;
		}
	}
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			unsigned char ft = m->features[(long)y * m->w + x];
			if (ft > FEATURE_NONE && ft < FEATURE_COUNT)
				AT(4 * x + 2, 2 * y + 1) = export_txt_feature_char((enum feature)ft);
		}
	label_squares(m, label);
	for (int id = 1; id <= m->nregions; id++) {
		int n = m->regions[id].number;
		if (n <= 0 || label[id] < 0)
			continue;
		int x = label[id] % m->w, y = label[id] / m->w;
		char num[16];
		snprintf(num, sizeof num, n < 1000 ? "%-3d" : "***", n);
		memcpy(&AT(4 * x + 1, 2 * y + 1), num, 3);
	}
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *s = &m->stairs[i];
		AT(4 * s->x + 3, 2 * s->y + 1) = s->dir == STAIR_DOWN ? '>' : '<';
	}
	if (m->entrance.set && m->entrance.side >= 0)
		AT(4 * m->entrance.x + 1, 2 * m->entrance.y + 1) = 'E';
	int rc = 0;
	for (int y = 0; y < rows && rc == 0; y++) {
		int len = cols;
		while (len > 0 && AT(len - 1, y) == ' ')
			len--;
		if (fwrite(&AT(0, y), 1, (size_t)len, f) != (size_t)len || fputc('\n', f) == EOF)
			rc = err_set(e, "write error in the text preview");
	}
#undef AT
	free(canvas);
	free(label);
	return rc;
}

/* Columns the drawn map takes: to the east wall of its easternmost region
 * (the lines end there). */
static long map_columns(const struct map *m)
{
	int x1 = 0;
	for (int id = 1; id <= m->nregions; id++)
		if (m->regions[id].area > 0 && m->regions[id].bounds.x + m->regions[id].bounds.w > x1)
			x1 = m->regions[id].bounds.x + m->regions[id].bounds.w;
	return 4L * (x1 > 0 ? x1 : m->w) + 1;
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
	if (d->story) {
		put_wrapped(f, "", "", d->story, width);
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
 * and size, after lead. */
static void write_level_heading(FILE *f, const char *lead, const struct doc *d, const struct map *m, int width)
{
	char line[512];
	int seed = !d->sheet.player && d->seed && d->seed[0];
	snprintf(line, sizeof line, "%s%s%s%s, level %d of %d: %dx%d squares, 1 square = %d ft", lead,
		 m->method ? m->method : "imported map", seed ? ", seed " : "", seed ? d->seed : "", m->depth,
		 doc_total_levels(d), m->w, m->h, m->square_feet);
	put_wrapped(f, "", "   ", line, width);
}

int export_txt(FILE *f, const struct doc *d, struct err *e)
{
	int terminal;
	int width = txt_width(f, &terminal);
	char line[512];
	write_title(f, d, width);
	for (int l = 0; l < d->nlevels; l++) {
		const struct map *m = &d->levels[l].map;
		if (l > 0)
			fputs("\n\n", f);
		write_level_heading(f, "mapsheet: ", d, m, width);
		put_wrapped(f, "", "", "Doors: D door, L locked, S secret, # portcullis, gap opening. E entrance, > < stairs.",
			    width);
		long map_cols = map_columns(m);
		if (terminal && map_cols > width) {
			snprintf(line, sizeof line, "The map is %ld columns wide, wider than this %d-column terminal: widen "
				 "it, or write the preview to a file (-o map.txt) and view that.", map_cols, width);
			put_wrapped(f, "", "", line, width);
		}
		fputc('\n', f);
		if (export_txt_map(f, m, e) < 0)
			return -1;
		if (write_key(f, m, &d->levels[l].key, width, e) < 0)
			return -1;
	}
	/* unwrapped: a command split over lines would not paste into a shell */
	fprintf(f, "\nRemake: %s\n", d->command ? d->command : "mapsheet");
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
		write_level_heading(f, "", d, m, width);
		/* the players' copy has no key: its rooms' secrets and who is there */
		if (!d->sheet.player && write_key(f, m, &d->levels[l].key, width, e) < 0)
			return -1;
	}
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
