/* eplus_pages.c: the pages of the EncounterPlus module (pages.json), their
 * content in HTML with the key's text as the sheet prints it:
 *   the premise     at the module's top: the title, the site's premise, on
 *                   the referee's copy what the players do not know, each
 *                   level with a link to its map, and the command that
 *                   remakes the module (the referee's copy);
 *   each room       in its level's group, by number: its number and name,
 *                   size, exits, and its paragraphs (stairs, keys, what is
 *                   seen, who is there, treasure), then links to the rooms
 *                   its exits lead to and to where its stairs arrive;
 *   the wandering   table of the level, when it has one;
 *   the notes       of the level, when it has any: its lettered marks and
 *                   the lines under the key (the referee's copy).
 * The players' copy is made from their key, which holds only what their
 * map shows (no room behind a secret door, no secret door, no contents):
 * each room is named by its kind ("3. Room"), and there is no secret, no
 * wandering table and no notes. */
#include "export/eplus_int.h"

#include "base/plural.h"
#include "base/sbuf.h"
#include "model/key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int eplus_level_has_notes(const struct eplus *x, int l)
{
	const struct level *lv = &x->d->levels[l];
	return !x->player && (lv->map.nmarks > 0 || lv->key.nfooter > 0);
}

/* A page document; content is taken from s (freed). Appended to pages. */
static int add_page(const struct eplus *x, json_t *pages, const char *role, const char *name, const char *slug,
		    struct sbuf *s, const char *parent, int rank, struct err *e)
{
	char id[EPLUS_ID_LEN];
	eplus_id(x, id, "page/%s", role);
	json_t *o = json_object();
	int bad = !o || sbuf_failed(s);
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "name", eplus_text(name));
	bad |= json_object_set_new(o, "slug", json_string(slug));
	bad |= json_object_set_new(o, "content", bad ? NULL : json_stringn(sbuf_cstr(s), s->len));
	bad |= json_object_set_new(o, "parentId", json_string(parent));
	bad |= json_object_set_new(o, "rank", json_integer(rank));
	sbuf_free(s);
	if (bad) {
		json_decref(o);
		return err_set(e, "out of memory writing the EncounterPlus pages");
	}
	if (json_array_append_new(pages, o) < 0)
		return err_set(e, "out of memory writing the EncounterPlus pages");
	return 0;
}

/* <p>text</p> for each line of text. */
static void html_paragraphs(struct sbuf *s, const char *text)
{
	const char *p = text;
	while (*p) {
		size_t n = strcspn(p, "\n");
		if (n > 0) {
			sbuf_add(s, "<p>");
			eplus_html_n(s, p, n);
			sbuf_add(s, "</p>\n");
		}
		p += n + (p[n] == '\n');
	}
}

/* <a href="/KIND/SLUG">text</a> */
static void html_link(struct sbuf *s, const char *kind, const char *slug, const char *text)
{
	sbuf_printf(s, "<a href=\"/%s/", kind);
	eplus_html(s, slug);
	sbuf_add(s, "\">");
	eplus_html(s, text);
	sbuf_add(s, "</a>");
}

static int premise_page(const struct eplus *x, json_t *pages, struct err *e)
{
	const struct doc *d = x->d;
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "<h1>");
	eplus_html(&s, x->title);
	sbuf_add(&s, "</h1>\n");
	if (doc_story(d))
		html_paragraphs(&s, doc_story(d));
	const char *secret = doc_secret(d);
	if (secret && !x->player) {
		sbuf_add(&s, "<blockquote><p><strong>" DOC_SECRET_HEADING ":</strong> ");
		eplus_html(&s, secret);
		sbuf_add(&s, "</p></blockquote>\n");
	}
	char *paras[2];
	int np;
	if (doc_party_paragraphs(d, paras, &np, e) < 0) {
		sbuf_free(&s);
		return -1;
	}
	if (np > 0)
		sbuf_add(&s, "<h2>" DOC_PARTY_HEADING "</h2>\n");
	for (int i = 0; i < np; i++) {
		sbuf_add(&s, "<p>");
		eplus_html(&s, paras[i]);
		sbuf_add(&s, "</p>\n");
		free(paras[i]);
	}
	sbuf_add(&s, "<h2>Levels</h2>\n<ul>\n");
	for (int l = 0; l < d->nlevels; l++) {
		const struct level *lv = &d->levels[l];
		const struct map *m = &lv->map;
		char slug[EPLUS_SLUG_LEN], text[40], about[200];
		eplus_slug(x, slug, sizeof slug, "level-%d", m->depth);
		snprintf(text, sizeof text, "Level %d", m->depth);
		snprintf(about, sizeof about, ": %s method, %d x %d squares, 1 square = %d ft, %d room%s",
			 m->method ? m->method : "a", m->w, m->h, m->square_feet, lv->key.n, plural_s(lv->key.n));
		sbuf_add(&s, "<li>");
		html_link(&s, "map", slug, text);
		eplus_html(&s, about);
		sbuf_add(&s, "</li>\n");
	}
	sbuf_add(&s, "</ul>\n");
	if (!x->player && d->command) {
		sbuf_add(&s, "<p>Made by mapsheet: <code>");
		eplus_html(&s, d->command);
		sbuf_add(&s, "</code></p>\n");
	}
	char slug[EPLUS_SLUG_LEN];
	eplus_slug(x, slug, sizeof slug, "premise");
	return add_page(x, pages, "premise", "Premise", slug, &s, "", 0, e);
}

/* Has a number been linked already in this paragraph? */
static int seen_number(const int *seen, int n, int v)
{
	for (int i = 0; i < n; i++)
		if (seen[i] == v)
			return 1;
	return 0;
}

/* The links of a room's page: the rooms its exits lead to, in the order
 * of its exits, and the rooms its stairs arrive in. */
static void room_links(const struct eplus *x, int l, const struct key_entry *en, struct sbuf *s)
{
	const struct level *lv = &x->d->levels[l];
	const struct map *m = &lv->map;
	int seen[64], nseen = 0, links = 0;
	char slug[EPLUS_SLUG_LEN], text[160];
	for (int i = 0; i < en->nexits; i++)
		for (int k = 0; k < en->exit_list[i].nleads; k++) {
			int to = en->exit_list[i].leads[k];
			const struct key_entry *other = key_find(&lv->key, to);
			if (!other || to == en->number || seen_number(seen, nseen, to) || nseen == 64)
				continue;
			seen[nseen++] = to;
			eplus_slug(x, slug, sizeof slug, "level-%d-room-%d", m->depth, to);
			snprintf(text, sizeof text, "%d. %s", to, eplus_room_title(x, l, other));
			sbuf_add(s, links++ ? " \xc2\xb7 " : "<p>Go to: ");
			html_link(s, "page", slug, text);
		}
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		int to = st->to_level > 0 ? eplus_level_index(x->d, st->to_level) : -1;
		if (map_at(m, st->x, st->y) != en->region || to < 0)
			continue;
		const struct key_entry *other = st->to_room > 0 ? key_find(&x->d->levels[to].key, st->to_room) : NULL;
		if (other) {
			eplus_slug(x, slug, sizeof slug, "level-%d-room-%d", st->to_level, st->to_room);
			snprintf(text, sizeof text, "level %d, %d. %s", st->to_level, st->to_room,
				 eplus_room_title(x, to, other));
			sbuf_add(s, links++ ? " \xc2\xb7 " : "<p>Go to: ");
			html_link(s, "page", slug, text);
		} else {
			eplus_slug(x, slug, sizeof slug, "level-%d", st->to_level);
			snprintf(text, sizeof text, "level %d", st->to_level);
			sbuf_add(s, links++ ? " \xc2\xb7 " : "<p>Go to: ");
			html_link(s, "map", slug, text);
		}
	}
	if (links)
		sbuf_add(s, "</p>\n");
}

static int room_page(const struct eplus *x, int l, const struct key_entry *en, const char *group, json_t *pages,
		     struct err *e)
{
	int depth = x->d->levels[l].map.depth;
	char name[96], role[64], slug[EPLUS_SLUG_LEN];
	snprintf(name, sizeof name, "%d. %s", en->number, eplus_room_title(x, l, en));
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "<h1>");
	eplus_html(&s, name);
	sbuf_add(&s, "</h1>\n<p><em>");
	eplus_html(&s, en->size);
	sbuf_add(&s, "</em></p>\n");
	if (en->exits && en->exits[0]) {
		sbuf_add(&s, "<p>");
		eplus_html(&s, en->exits);
		sbuf_add(&s, "</p>\n");
	}
	for (int j = 0; j < en->nlines; j++) {
		sbuf_add(&s, "<p>");
		eplus_html(&s, en->lines[j]);
		sbuf_add(&s, "</p>\n");
	}
	if (eplus_room_has_fight(x, en)) {
		char fight[EPLUS_SLUG_LEN];
		eplus_slug(x, fight, sizeof fight, "level-%d-room-%d-encounter", depth, en->number);
		sbuf_add(&s, "<p>Run it: ");
		html_link(&s, "encounter", fight, "the fight");
		sbuf_add(&s, ", its creatures from the monsters of EncounterPlus.</p>\n");
	}
	room_links(x, l, en, &s);
	snprintf(role, sizeof role, "%d/room/%d", depth, en->number);
	eplus_slug(x, slug, sizeof slug, "level-%d-room-%d", depth, en->number);
	return add_page(x, pages, role, name, slug, &s, group, en->number, e);
}

static int wandering_page(const struct eplus *x, int l, const char *group, int rank, json_t *pages, struct err *e)
{
	const struct key *k = &x->d->levels[l].key;
	int depth = x->d->levels[l].map.depth;
	char name[80], role[32], slug[EPLUS_SLUG_LEN];
	snprintf(name, sizeof name, "Level %d wandering monsters (%s)", depth, k->wandering_die);
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "<h1>");
	eplus_html(&s, name);
	sbuf_add(&s, "</h1>\n<ol>\n");
	for (int i = 0; i < k->nwandering; i++) {
		/* the table's own "3. " becomes the item's number */
		const char *line = k->wandering[i];
		size_t n = strspn(line, "0123456789");
		if (n > 0 && n < 6 && line[n] == '.' && line[n + 1] == ' ') {
			sbuf_printf(&s, "<li value=\"%.*s\">", (int)n, line);
			line += n + 2;
		} else {
			sbuf_add(&s, "<li>");
		}
		eplus_html(&s, line);
		sbuf_add(&s, "</li>\n");
	}
	sbuf_add(&s, "</ol>\n<p>Roll it: ");
	char table[EPLUS_SLUG_LEN];
	eplus_slug(x, table, sizeof table, "level-%d-wandering-table", depth);
	html_link(&s, "table", table, "the table");
	sbuf_add(&s, ".</p>\n");
	snprintf(role, sizeof role, "%d/wandering", depth);
	eplus_slug(x, slug, sizeof slug, "level-%d-wandering", depth);
	return add_page(x, pages, role, name, slug, &s, group, rank, e);
}

/* The level's adversary roster and its alarm, a paragraph each. */
static int adversaries_page(const struct eplus *x, int l, const char *group, int rank, json_t *pages,
			    struct err *e)
{
	const struct key *k = &x->d->levels[l].key;
	int depth = x->d->levels[l].map.depth;
	char name[80], role[32], slug[EPLUS_SLUG_LEN];
	snprintf(name, sizeof name, "Level %d: " KEY_ADVERSARIES_HEADING, depth);
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "<h1>");
	eplus_html(&s, name);
	sbuf_add(&s, "</h1>\n");
	for (int i = 0; i < k->nadversaries; i++) {
		sbuf_add(&s, "<p>");
		eplus_html(&s, k->adversaries[i]);
		sbuf_add(&s, "</p>\n");
	}
	snprintf(role, sizeof role, "%d/adversaries", depth);
	eplus_slug(x, slug, sizeof slug, "level-%d-adversaries", depth);
	return add_page(x, pages, role, name, slug, &s, group, rank, e);
}

static int notes_page(const struct eplus *x, int l, const char *group, int rank, json_t *pages, struct err *e)
{
	const struct level *lv = &x->d->levels[l];
	int depth = lv->map.depth;
	char name[48], role[32], slug[EPLUS_SLUG_LEN];
	snprintf(name, sizeof name, "Level %d notes", depth);
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "<h1>");
	eplus_html(&s, name);
	sbuf_add(&s, "</h1>\n");
	char **lines;
	int n = map_mark_lines(&lv->map, &lines, e);
	if (n < 0) {
		sbuf_free(&s);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		/* "A: text": the label bold, as on the sheet */
		const char *colon = strstr(lines[i], ": ");
		sbuf_add(&s, "<p><strong>");
		if (colon) {
			eplus_html_n(&s, lines[i], (size_t)(colon - lines[i]));
			sbuf_add(&s, "</strong>: ");
			eplus_html(&s, colon + 2);
		} else {
			eplus_html(&s, lines[i]);
			sbuf_add(&s, "</strong>");
		}
		sbuf_add(&s, "</p>\n");
	}
	map_mark_lines_free(lines, n);
	for (int i = 0; i < lv->key.nfooter; i++) {
		sbuf_add(&s, "<p>");
		eplus_html(&s, lv->key.footer[i]);
		sbuf_add(&s, "</p>\n");
	}
	snprintf(role, sizeof role, "%d/notes", depth);
	eplus_slug(x, slug, sizeof slug, "level-%d-notes", depth);
	return add_page(x, pages, role, name, slug, &s, group, rank, e);
}

int eplus_pages(const struct eplus *x, json_t *pages, struct err *e)
{
	if (premise_page(x, pages, e) < 0)
		return -1;
	for (int l = 0; l < x->d->nlevels; l++) {
		const struct level *lv = &x->d->levels[l];
		char group[EPLUS_ID_LEN];
		eplus_id(x, group, "group/%d", lv->map.depth);
		int last = 0;
		for (int i = 0; i < lv->key.n; i++) {
			if (room_page(x, l, &lv->key.entries[i], group, pages, e) < 0)
				return -1;
			last = lv->key.entries[i].number;
		}
		if (lv->key.nwandering > 0 && !x->player && wandering_page(x, l, group, last + 1, pages, e) < 0)
			return -1;
		if (eplus_level_has_notes(x, l) && notes_page(x, l, group, last + 2, pages, e) < 0)
			return -1;
		if (lv->key.nadversaries > 0 && !x->player && adversaries_page(x, l, group, last + 3, pages, e) < 0)
			return -1;
	}
	return 0;
}
