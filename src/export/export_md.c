/* export_md.c: the room key as Markdown, for Homebrewery, Obsidian or a
 * wiki: a title, the premise and (the referee's copy) the secret as a
 * quote, a heading per level with its map (an image file written
 * beside the .md, linked by a relative path), and a numbered heading per
 * room with its size, exits and contents, then the wandering monsters and
 * the level's notes. Every generated text is escaped, so a room named
 * "*Vault* #2" prints as written instead of turning into emphasis or a
 * heading. */
#include "export/export.h"
#include "base/plural.h"

#include "base/sbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Backslash before every character that Markdown (CommonMark, GitHub,
 * Homebrewery's {{ }} blocks, Obsidian's $math$, #tags and ==highlights==)
 * could read as markup. At a line's start, also what would begin a heading, list
 * or quote. */
void md_escape(struct sbuf *s, const char *text, int line_start)
{
	static const char always[] = "\\`*_[]{}<>|~&$#";
	const char *p = text;
	if (line_start) {
		if (*p == '+' || *p == '-' || *p == ':' || *p == '=') {
			sbuf_addc(s, '\\');
		} else if (isdigit((unsigned char)*p)) {
			/* "1. " or "1) " would start an ordered list */
			size_t n = strspn(p, "0123456789");
			if (p[n] == '.' || p[n] == ')') {
				sbuf_addn(s, p, n);
				sbuf_addc(s, '\\');
				p += n;
			}
		}
	}
	for (; *p; p++) {
		if (*p == '\n' || *p == '\r' || *p == '\t') {
			sbuf_addc(s, ' ');
			continue;
		}
		/* "==" highlights (Obsidian); "![" would start an image */
		if (strchr(always, *p) || (*p == '=' && p[1] == '=') || (*p == '!' && p[1] == '['))
			sbuf_addc(s, '\\');
		sbuf_addc(s, *p);
	}
}

/* A code span holding text: fenced by one more backtick than the longest
 * run inside it. */
static void md_code(struct sbuf *s, const char *text)
{
	int longest = 0, run = 0;
	for (const char *p = text; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	for (int i = 0; i <= longest; i++)
		sbuf_addc(s, '`');
	sbuf_add(s, longest ? " " : "");
	for (const char *p = text; *p; p++)
		sbuf_addc(s, *p == '\n' ? ' ' : *p);
	sbuf_add(s, longest ? " " : "");
	for (int i = 0; i <= longest; i++)
		sbuf_addc(s, '`');
}

/* A link target: the file name with what a link cannot hold
 * percent-encoded. */
static void md_target(struct sbuf *s, const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (*p <= ' ' || *p >= 0x7f || strchr("()<>%#?[]\\`\"'", *p))
			sbuf_printf(s, "%%%02X", *p);
		else
			sbuf_addc(s, (char)*p);
	}
}

static void md_title(struct sbuf *s, const struct doc *d)
{
	sbuf_add(s, "# ");
	if (d->sheet.title) {
		md_escape(s, d->sheet.title, 0);
	} else if (d->site) {
		md_escape(s, d->site, 0);
		if (!d->sheet.player && d->seed) {
			sbuf_add(s, ", seed ");
			md_escape(s, d->seed, 0);
		}
		if (d->sheet.player)
			sbuf_add(s, " (players' map)");
	} else {
		const char *meth = d->nlevels > 0 && d->levels[0].map.method ? d->levels[0].map.method : "dungeon";
		int same = 1;
		for (int l = 1; l < d->nlevels; l++)
			same = same && d->levels[l].map.method && strcmp(d->levels[l].map.method, meth) == 0;
		char title[300];
		if (!same)
			snprintf(title, sizeof title, "Dungeon of %d levels", d->nlevels);
		else
			snprintf(title, sizeof title, "%c%s map", toupper((unsigned char)meth[0]), meth + 1);
		md_escape(s, title, 0);
		if (!d->sheet.player && d->seed) {
			sbuf_add(s, ", seed ");
			md_escape(s, d->seed, 0);
		}
		if (d->sheet.player)
			sbuf_add(s, " (players' map)");
	}
	sbuf_add(s, "\n\n");
	if (doc_story(d)) {
		md_escape(s, doc_story(d), 1);
		sbuf_add(s, "\n\n");
	}
	/* the referee's aside: a quote, a note box in Homebrewery */
	const char *secret = doc_secret(d);
	if (secret) {
		sbuf_add(s, "> **" DOC_SECRET_HEADING ":** ");
		md_escape(s, secret, 0);
		sbuf_add(s, "\n\n");
	}
}

static void md_entry(struct sbuf *s, const struct key_entry *en)
{
	sbuf_printf(s, "### %d. ", en->number);
	md_escape(s, en->title, 0);
	sbuf_add(s, "\n\n*");
	md_escape(s, en->size, 0);
	sbuf_add(s, "*\n\n");
	if (en->exits && en->exits[0]) {
		sbuf_add(s, "**Exits:** ");
		md_escape(s, en->exits, 0);
		sbuf_add(s, "\n\n");
	}
	for (int j = 0; j < en->nlines; j++) {
		md_escape(s, en->lines[j], 1);
		sbuf_add(s, "\n\n");
	}
}

/* The level's roster and its alarm, a paragraph each. */
static void md_adversaries(struct sbuf *s, const struct key *k)
{
	if (k->nadversaries <= 0)
		return;
	sbuf_add(s, "### " KEY_ADVERSARIES_HEADING "\n\n");
	for (int i = 0; i < k->nadversaries; i++) {
		md_escape(s, k->adversaries[i], 1);
		sbuf_add(s, "\n\n");
	}
}

static void md_wandering(struct sbuf *s, const struct key *k)
{
	if (k->nwandering <= 0)
		return;
	sbuf_add(s, "### Wandering monsters (");
	md_escape(s, k->wandering_die, 0);
	sbuf_add(s, ")\n\n");
	for (int i = 0; i < k->nwandering; i++) {
		/* the table's own "3. " becomes the list's number */
		const char *line = k->wandering[i];
		size_t n = strspn(line, "0123456789");
		if (n > 0 && line[n] == '.' && line[n + 1] == ' ') {
			sbuf_printf(s, "%.*s. ", (int)n, line);
			md_escape(s, line + n + 2, 0);
		} else {
			sbuf_printf(s, "%d. ", i + 1);
			md_escape(s, line, 0);
		}
		sbuf_addc(s, '\n');
	}
	sbuf_addc(s, '\n');
}

/* The marks' section: a label once, bold, and its text. */
static int md_marks(struct sbuf *s, const struct map *m, struct err *e)
{
	char **lines;
	int n = map_mark_lines(m, &lines, e);
	if (n <= 0)
		return n;
	sbuf_add(s, "### Marks\n\n");
	for (int i = 0; i < n; i++) {
		const char *colon = strstr(lines[i], ": ");
		/* a label is letters and digits: nothing to escape */
		sbuf_add(s, "- **");
		sbuf_addn(s, lines[i], (size_t)(colon - lines[i]));
		sbuf_add(s, "**: ");
		md_escape(s, colon + 2, 0);
		sbuf_addc(s, '\n');
	}
	sbuf_addc(s, '\n');
	map_mark_lines_free(lines, n);
	return 0;
}

static int md_level(struct sbuf *s, const struct doc *d, int l, const char *image, struct err *e)
{
	const struct level *lv = &d->levels[l];
	const struct map *m = &lv->map;
	sbuf_printf(s, "## Level %d\n\n", m->depth);
	if (image) {
		sbuf_printf(s, "![Map of level %d](", m->depth);
		md_target(s, image);
		sbuf_add(s, ")\n\n");
	}
	sbuf_add(s, "*");
	char line[200];
	snprintf(line, sizeof line, "%s method, %d x %d squares, 1 square = %d ft, %d room%s",
		 m->method ? m->method : "a", m->w, m->h, m->square_feet, lv->key.n, plural_s(lv->key.n));
	md_escape(s, line, 0);
	sbuf_add(s, "*\n\n");
	if (d->sheet.player)
		return 0;
	for (int i = 0; i < lv->key.n; i++)
		md_entry(s, &lv->key.entries[i]);
	if (md_marks(s, m, e) < 0)
		return -1;
	md_wandering(s, &lv->key);
	md_adversaries(s, &lv->key);
	for (int i = 0; i < lv->key.nfooter; i++) {
		md_escape(s, lv->key.footer[i], 1);
		sbuf_add(s, "\n\n");
	}
	return 0;
}

/* The remake line: inline code, or a fenced block when it holds a newline
 * (a seed of two lines), which a code span would turn into a space. */
static void md_command(struct sbuf *s, const char *command)
{
	if (!strchr(command, '\n')) {
		sbuf_add(s, "Made by mapsheet: ");
		md_code(s, command);
		sbuf_addc(s, '\n');
		return;
	}
	int longest = 0, run = 0;
	for (const char *p = command; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	int fence = longest < 3 ? 3 : longest + 1;
	sbuf_add(s, "Made by mapsheet:\n\n");
	for (int i = 0; i < fence; i++)
		sbuf_addc(s, '`');
	sbuf_add(s, "sh\n");
	sbuf_add(s, command);
	sbuf_addc(s, '\n');
	for (int i = 0; i < fence; i++)
		sbuf_addc(s, '`');
	sbuf_addc(s, '\n');
}

/* After the last level's key: the party it was stocked for, the credit. */
static int md_party(struct sbuf *s, const struct doc *d, struct err *e)
{
	char *para[2];
	int n;
	if (doc_party_paragraphs(d, para, &n, e) < 0)
		return -1;
	if (n > 0)
		sbuf_add(s, "### " DOC_PARTY_HEADING "\n\n");
	for (int i = 0; i < n; i++) {
		md_escape(s, para[i], 1);
		sbuf_add(s, "\n\n");
		free(para[i]);
	}
	return 0;
}

int export_md(FILE *f, const struct doc *d, const char *const *images, struct err *e)
{
	struct sbuf s;
	sbuf_init(&s);
	md_title(&s, d);
	for (int l = 0; l < d->nlevels; l++)
		if (md_level(&s, d, l, images ? images[l] : NULL, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
	if (md_party(&s, d, e) < 0) {
		sbuf_free(&s);
		return -1;
	}
	if (!d->sheet.player && d->command) {
		sbuf_add(&s, "---\n\n");
		md_command(&s, d->command);
	}
	if (sbuf_failed(&s)) {
		sbuf_free(&s);
		return err_set(e, "out of memory writing the Markdown key");
	}
	fwrite(s.data, 1, s.len, f);
	sbuf_free(&s);
	return 0;
}
