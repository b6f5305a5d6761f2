/* foundry_journal.c: one level's key as a Foundry VTT JournalEntry
 * (foundry_int.h): a text page per room in number order, named as the
 * sheet heads it ("3. Guard Room"), after the site's premise (on the
 * module's first level) and before the wandering monsters and the level's
 * notes (marks and closing lines), where there are any. On the players'
 * copy every player may read it (its rooms are those the players know, its
 * text what they see); the referee's is the referee's alone. */
#include "export/foundry_int.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <string.h>

/* CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML; CONST.DOCUMENT_OWNERSHIP_LEVELS */
#define PAGE_FORMAT_HTML 1
#define OWNERSHIP_INHERIT (-1)
#define OWNERSHIP_NONE 0
#define OWNERSHIP_OBSERVER 2
/* pages are sorted by this, a step apart */
#define PAGE_SORT_STEP 100000

/* Opens a page: its id, name and the start of its content. */
static void page_open(struct sbuf *s, int *count, const char *id, const char *name)
{
	sbuf_printf(s, "%s{\"_id\": \"%s\", \"name\": ", *count ? ", " : "", id);
	sbuf_add_json(s, name);
	sbuf_add(s, ", \"type\": \"text\", \"title\": {\"show\": true, \"level\": 1}, \"text\": {\"format\": 1, "
		    "\"content\": ");
}

/* Closes a page whose content (HTML) is html. */
static void page_close(struct sbuf *s, int *count, struct sbuf *html)
{
	const char *content = sbuf_cstr(html);
	sbuf_add_json(s, content ? content : "");
	sbuf_printf(s, "}, \"system\": {}, \"sort\": %d, \"ownership\": {\"default\": %d}, "
		       "\"flags\": {}, ", (*count + 1) * PAGE_SORT_STEP, OWNERSHIP_INHERIT);
	foundry_stats_json(s);
	sbuf_add(s, "}");
	(*count)++;
	sbuf_reset(html);
}

int foundry_journal_json(struct sbuf *s, const struct doc *d, int li, const struct foundry_ids *ids,
			 struct err *e)
{
	const struct level *lv = &d->levels[li];
	int depth = lv->map.depth, count = 0;
	char id[FOUNDRY_ID_SIZE], folder[FOUNDRY_ID_SIZE], name[400];
	foundry_id(ids, id, "journal", depth, 0);
	foundry_id(ids, folder, "folder", 1, 0);
	foundry_level_name(d, li, name, sizeof name);
	sbuf_printf(s, "{\"_id\": \"%s\", \"name\": ", id);
	snprintf(name + strlen(name), sizeof name - strlen(name), ": key");
	sbuf_add_json(s, name);
	sbuf_add(s, ", \"pages\": [");
	struct sbuf html;
	sbuf_init(&html);
	if (li == 0) {
		foundry_id(ids, id, "premise", 0, 0);
		page_open(s, &count, id, "Premise");
		foundry_html_premise(&html, d, ids);
		if (foundry_html_party(&html, d, e) < 0) {
			sbuf_free(&html);
			return -1;
		}
		page_close(s, &count, &html);
	}
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		char title[100];
		snprintf(title, sizeof title, "%d. %s", en->number, en->title);
		foundry_id(ids, id, "page", depth, en->number);
		page_open(s, &count, id, title);
		foundry_html_room(&html, d, li, en, ids);
		page_close(s, &count, &html);
	}
	if (lv->key.nwandering > 0) {
		char title[64];
		snprintf(title, sizeof title, "Wandering monsters (%s)", lv->key.wandering_die);
		foundry_id(ids, id, "wandering", depth, 0);
		page_open(s, &count, id, title);
		foundry_html_wandering(&html, &lv->key);
		foundry_id(ids, id, "table", depth, 0);
		sbuf_printf(&html, "<p>Roll it: @UUID[RollTable.%s]{the roll table of level %d}.</p>", id, depth);
		page_close(s, &count, &html);
	}
	if (lv->key.nadversaries > 0 && !d->sheet.player) {
		foundry_id(ids, id, "adversaries", depth, 0);
		page_open(s, &count, id, KEY_ADVERSARIES_HEADING);
		foundry_html_lines(&html, lv->key.adversaries, lv->key.nadversaries);
		page_close(s, &count, &html);
	}
	int notes = foundry_html_level_notes(&html, lv, e);
	if (notes < 0) {
		sbuf_free(&html);
		return -1;
	}
	if (notes > 0) {
		char text[64];
		foundry_id(ids, id, "notes", depth, 0);
		snprintf(text, sizeof text, "Notes on level %d", depth);
		page_open(s, &count, id, text);
		page_close(s, &count, &html);
	}
	sbuf_free(&html);
	sbuf_printf(s, "], \"folder\": \"%s\", \"sort\": %d, \"ownership\": {\"default\": %d}, \"flags\": {}, ", folder,
		    depth * PAGE_SORT_STEP, d->sheet.player ? OWNERSHIP_OBSERVER : OWNERSHIP_NONE);
	foundry_stats_json(s);
	sbuf_add(s, "}");
	return 0;
}
