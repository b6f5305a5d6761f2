/* foundry_html.c: the key's pages of a Foundry VTT module as HTML, the
 * format of a text page (foundry_int.h). Every paragraph is the sheet's
 * own text, escaped; what Foundry adds is its own markup: a room's stairs
 * link the scene of the level they reach and the page of the room they
 * arrive in (@UUID content links, which keep working after the Adventure
 * is imported, as it keeps its documents' ids), and the secret of the
 * referee's premise is a secret block, which players never see. Under a
 * system whose creatures are in a Foundry compendium (5e: dnd5e.monsters),
 * every creature of a room's fight links its Actor there; one that is not
 * has its figures written out. */
#include "export/foundry_int.h"

#include "base/sbuf.h"

#include <stdlib.h>
#include <string.h>

void foundry_html_text(struct sbuf *s, const char *text)
{
	for (const char *p = text; *p; p++) {
		switch (*p) {
		case '&': sbuf_add(s, "&amp;"); break;
		case '<': sbuf_add(s, "&lt;"); break;
		case '>': sbuf_add(s, "&gt;"); break;
		case '"': sbuf_add(s, "&quot;"); break;
		case '\'': sbuf_add(s, "&#39;"); break;
		/* "[" and "@" would not start a content link in escaped text,
		 * but a room named "@UUID[...]" is kept from looking like one */
		case '@': sbuf_add(s, "&#64;"); break;
		case '[': sbuf_add(s, "&#91;"); break;
		default: sbuf_addc(s, *p);
		}
	}
}

static void para(struct sbuf *s, const char *text)
{
	sbuf_add(s, "<p>");
	foundry_html_text(s, text);
	sbuf_add(s, "</p>");
}

/* A content link's label: text without the brackets that would end it. */
static void link_label(struct sbuf *s, const char *text)
{
	for (const char *p = text; *p; p++)
		if (*p != '{' && *p != '}')
			sbuf_addc(s, *p);
}

/* For each stair in the entry's room that reaches a level of the module:
 * links to that level's scene and to the room it arrives in. */
static void room_stair_links(struct sbuf *s, const struct doc *d, int li, const struct key_entry *en,
			     const struct foundry_ids *ids)
{
	const struct map *m = &d->levels[li].map;
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		int to = st->to_level > 0 ? foundry_level_of_depth(d, st->to_level) : -1;
		if (map_at(m, st->x, st->y) != en->region || to < 0)
			continue;
		char scene[FOUNDRY_ID_SIZE], name[340];
		foundry_id(ids, scene, "scene", st->to_level, 0);
		foundry_level_name(d, to, name, sizeof name);
		sbuf_printf(s, "<p>Stairs %s: @UUID[Scene.%s]{", st->dir == STAIR_UP ? "up" : "down", scene);
		link_label(s, name);
		sbuf_add(s, "}");
		const struct key_entry *arrive = st->to_room > 0 ? key_find(&d->levels[to].key, st->to_room) : NULL;
		if (arrive) {
			char journal[FOUNDRY_ID_SIZE], page[FOUNDRY_ID_SIZE];
			foundry_id(ids, journal, "journal", st->to_level, 0);
			foundry_id(ids, page, "page", st->to_level, arrive->number);
			sbuf_printf(s, ", arriving in @UUID[JournalEntry.%s.JournalEntryPage.%s]{%d. ", journal, page,
				    arrive->number);
			link_label(s, arrive->title);
			sbuf_add(s, "}");
		}
		sbuf_add(s, ".</p>");
	}
}

/* The fight's creatures: each linked to its Actor in the system's
 * compendium (Compendium.PACK.Actor.ID, which Foundry opens from the
 * installed system), or its figures written out when it has none there. */
static void room_creatures(struct sbuf *s, const struct doc *d, const struct key_entry *en)
{
	const struct key_encounter *k = &en->encounter;
	const char *pack = d->party ? d->party->compendium.pack : "";
	if (k->nfoes == 0 || d->sheet.player)
		return;
	sbuf_add(s, "<p><strong>Statistics:</strong> ");
	for (int i = 0; i < k->nfoes; i++) {
		const struct key_foe *f = &k->foes[i];
		sbuf_add(s, i ? "; " : "");
		if (f->actor[0] && pack[0]) {
			sbuf_printf(s, "@UUID[Compendium.%s.Actor.%s]{", pack, f->actor);
			link_label(s, f->name);
			sbuf_add(s, "}");
			continue;
		}
		sbuf_add(s, "<strong>");
		foundry_html_text(s, f->name);
		sbuf_printf(s, "</strong> (CR %s, %d XP): Armor Class %d, Hit Points %d", f->cr, f->xp, f->ac, f->hp);
		if (f->hit_dice[0])
			sbuf_printf(s, " (%s)", f->hit_dice);
	}
	sbuf_add(s, ".</p>");
}

void foundry_html_room(struct sbuf *s, const struct doc *d, int li, const struct key_entry *en,
		       const struct foundry_ids *ids)
{
	sbuf_add(s, "<p><em>");
	foundry_html_text(s, en->size);
	sbuf_add(s, "</em></p>");
	if (en->exits && en->exits[0]) {
		sbuf_add(s, "<p><strong>Exits:</strong> ");
		foundry_html_text(s, en->exits);
		sbuf_add(s, "</p>");
	}
	for (int j = 0; j < en->nlines; j++)
		para(s, en->lines[j]);
	room_creatures(s, d, en);
	room_stair_links(s, d, li, en, ids);
}

void foundry_html_premise(struct sbuf *s, const struct doc *d, const struct foundry_ids *ids)
{
	if (doc_story(d))
		para(s, doc_story(d));
	const char *secret = doc_secret(d);
	if (secret) {
		char id[FOUNDRY_ID_SIZE];
		foundry_id(ids, id, "secret", 0, 0);
		sbuf_printf(s, "<section class=\"secret\" id=\"secret-%s\"><p><strong>" DOC_SECRET_HEADING
			       ":</strong> ", id);
		foundry_html_text(s, secret);
		sbuf_add(s, "</p></section>");
	}
	if (!doc_story(d) && !secret)
		para(s, "No premise was written for this map.");
}

int foundry_html_party(struct sbuf *s, const struct doc *d, struct err *e)
{
	char *paras[2];
	int n;
	if (doc_party_paragraphs(d, paras, &n, e) < 0)
		return -1;
	if (n > 0)
		sbuf_add(s, "<h2>" DOC_PARTY_HEADING "</h2>");
	for (int i = 0; i < n; i++) {
		para(s, paras[i]);
		free(paras[i]);
	}
	return 0;
}

void foundry_html_lines(struct sbuf *s, char *const *lines, int n)
{
	for (int i = 0; i < n; i++)
		para(s, lines[i]);
}

void foundry_html_wandering(struct sbuf *s, const struct key *k)
{
	for (int i = 0; i < k->nwandering; i++)
		para(s, k->wandering[i]);
}

int foundry_html_level_notes(struct sbuf *s, const struct level *lv, struct err *e)
{
	char **lines;
	int n = map_mark_lines(&lv->map, &lines, e);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		const char *colon = strstr(lines[i], ": ");
		if (!colon) {
			para(s, lines[i]);
			continue;
		}
		/* the mark's label in bold, as the sheet sets it */
		sbuf_add(s, "<p><strong>");
		sbuf_addn(s, lines[i], (size_t)(colon - lines[i]));
		sbuf_add(s, "</strong>: ");
		foundry_html_text(s, colon + 2);
		sbuf_add(s, "</p>");
	}
	map_mark_lines_free(lines, n);
	for (int i = 0; i < lv->key.nfooter; i++)
		para(s, lv->key.footer[i]);
	return n + lv->key.nfooter;
}
