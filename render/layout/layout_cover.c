/* layout_cover.c: the booklet's cover. The title, a line saying how
 * many levels there are and whether stairs join them all (as the maps
 * have it, never more), whom a key stocked by a system with figures was
 * stocked for, the premise set as the cover's opening paragraph
 * with, on the referee's copy, the secret in an aside beside it
 * (layout_intro.h), then every level with its method, rooms, size, the
 * page it starts on and where its way in and its stairs are (each heading
 * links to the level's map), the small map of how the levels join
 * (layout_cover_joins.c), a few words on finding one's way in the
 * booklet, and the seed with the command that remakes it. Flows onto a
 * second cover page when a long booklet's list does not fit on one. */
#include "layout/layout.h"
#include "layout/layout_cover.h"

#include "model/level_join.h"
#include "layout/layout_intro.h"
#include "layout/layout_text.h"

#include "base/plural.h"
#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void layout_cover_title(const struct doc *d, char *out, size_t size)
{
	if (d->sheet.title) {
		snprintf(out, size, "%s", d->sheet.title);
		return;
	}
	if (d->site) {
		snprintf(out, size, "%s", d->site);
		return;
	}
	/* "Mansion and dice", from the methods in their order of first use */
	const char *seen[8];
	int nseen = 0;
	size_t used = 0;
	out[0] = '\0';
	for (int k = 0; k < d->nlevels && nseen < 8; k++) {
		const char *m = d->levels[k].map.method ? d->levels[k].map.method : "map";
		int dup = 0;
		for (int i = 0; i < nseen; i++)
			dup |= strcmp(seen[i], m) == 0;
		if (dup)
			continue;
		seen[nseen++] = m;
	}
	for (int i = 0; i < nseen && used < size; i++) {
		const char *sep = i == 0 ? "" : (i == nseen - 1 ? " and " : ", ");
		int n = snprintf(out + used, size - used, "%s%c%s", sep,
				 i == 0 && seen[i][0] >= 'a' && seen[i][0] <= 'z' ? seen[i][0] - 'a' + 'A' : seen[i][0],
				 seen[i] + 1);
		if (n > 0)
			used += (size_t)n;
	}
	if (used < size)
		snprintf(out + used, size - used, ": %d levels", d->nlevels);
}

int cover_new_page(struct cover *cv, struct err *e)
{
	char label[32];
	cv->pages++;
	if (cv->pages == 1)
		snprintf(label, sizeof label, "cover");
	else
		snprintf(label, sizeof label, "cover-%d", cv->pages);
	cv->page = scene_add_page(cv->sc, cv->pw, cv->ph, 0, PAGE_COVER);
	if (!cv->page)
		return scene_ok(cv->sc, e) < 0 ? -1 : err_set(e, "out of memory while laying out the cover");
	snprintf(cv->page->label, sizeof cv->page->label, "%s", label);
	const struct style *st = cv->st;
	if (st->paper.a > 0 && !(st->paper.r > 0.995 && st->paper.g > 0.995 && st->paper.b > 0.995)) {
		scene_rect_path(cv->sc, cv->page, PAPER_MARGIN, PAPER_MARGIN, cv->w, cv->ph - 2 * PAPER_MARGIN);
		scene_fill(cv->sc, cv->page, st->paper);
	}
	cv->y = PAPER_MARGIN;
	return 0;
}

int cover_page_index(const struct cover *cv)
{
	return (int)(cv->page - cv->sc->pages);
}

int cover_para(struct cover *cv, const char *text, struct text_style ts, double indent, const char *link,
		double need_after, struct err *e)
{
	struct text_block b;
	if (measure_block(cv->ms, &b, text, ts.family, ts.size, ts.bold ? -1 : 0, cv->w - indent, e) < 0)
		return -1;
	if (cv->y + b.height + need_after > cv->bottom && cv->y > PAPER_MARGIN + 1 && cover_new_page(cv, e) < 0) {
		text_block_free(&b);
		return -1;
	}
	layout_text_block(cv->sc, cv->page, &b, cv->x + indent, cv->y, ts.colour);
	if (link && b.nlines > 0)
		scene_link(cv->sc, cv->page, link, cv->x + indent, cv->y, b.lines[0].width, b.lines[0].height);
	cv->y += b.height;
	text_block_free(&b);
	return 0;
}

/* The premise and, on the referee's copy, the secret's aside under the
 * title (layout_intro.h), on a page of their own when paper too small
 * leaves them no room there, the aside on the next when not even that
 * holds both. */
static int premise(struct cover *cv, struct err *e)
{
	struct cover_intro ci;
	int rc = cover_intro_measure(&ci, cv->d, cv->st, cv->ms, cv->w, e);
	if (rc == 0 && ci.h > 0) {
		cv->y += 2 * COVER_GAP;
		if (cv->y + ci.h > cv->bottom && cv->y > PAPER_MARGIN + 1)
			rc = cover_new_page(cv, e);
		int split = !ci.beside && ci.has_premise && ci.has_secret && cv->y + ci.h > cv->bottom;
		if (rc == 0) {
			cover_intro_draw(&ci, cv->sc, cv->page, cv->st, cv->x, cv->y, cv->w,
					 split ? COVER_PREMISE : COVER_PREMISE | COVER_ASIDE);
			cv->y += split ? ci.premise_h : ci.h;
		}
		if (rc == 0 && split && (rc = cover_new_page(cv, e)) == 0) {
			cover_intro_draw(&ci, cv->sc, cv->page, cv->st, cv->x, cv->y, cv->w, COVER_ASIDE);
			cv->y += ci.aside_h;
		}
		cv->y += COVER_GAP;
	}
	cover_intro_free(&ci);
	return rc;
}

void cover_room_words(int number, char *out, size_t size)
{
	if (number > 0)
		snprintf(out, size, "room %d", number);
	else
		snprintf(out, size, "a corridor");
}

/* The first stairs of m going dir to another level (to_level: that one;
 * 0: any): their index, or -1. */
static int stairs_of(const struct map *m, enum stair_dir dir, int to_level)
{
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == dir && m->stairs[i].to_level > 0 && (!to_level || m->stairs[i].to_level == to_level))
			return i;
	return -1;
}

static int room_at(const struct map *m, int x, int y)
{
	int id = map_at(m, x, y);
	return id > 0 ? m->regions[id].number : 0;
}

int cover_stairs_down(const struct doc *d, int k, int *room, int *to_room)
{
	if (k + 1 >= d->nlevels)
		return 0;
	const struct map *m = &d->levels[k].map;
	int i = stairs_of(m, STAIR_DOWN, d->levels[k + 1].map.depth);
	if (i < 0 || !levels_joined(m, &d->levels[k + 1].map))
		return 0;
	/* the room they arrive in, from where the stairs up stand below */
	const struct map *below = &d->levels[k + 1].map;
	int up = stairs_of(below, STAIR_UP, m->depth);
	*room = room_at(m, m->stairs[i].x, m->stairs[i].y);
	*to_room = up >= 0 ? room_at(below, below->stairs[up].x, below->stairs[up].y) : m->stairs[i].to_room;
	return 1;
}

void cover_way_in(const struct doc *d, int k, char *out, size_t size)
{
	const struct map *m = &d->levels[k].map;
	char room[32], from[32];
	int i = stairs_of(m, STAIR_UP, 0);
	if (i >= 0 && m->stairs[i].x == m->entrance.x && m->stairs[i].y == m->entrance.y) {
		const struct stair *st = &m->stairs[i];
		cover_room_words(room_at(m, st->x, st->y), room, sizeof room);
		snprintf(from, sizeof from, ", room %d", st->to_room);
		snprintf(out, size, "stairs up in %s from level %d%s", room, st->to_level, st->to_room > 0 ? from : "");
		return;
	}
	if (!m->entrance.set) {
		snprintf(out, size, "not marked on the map");
		return;
	}
	cover_room_words(room_at(m, m->entrance.x, m->entrance.y), room, sizeof room);
	if (m->entrance.side >= 0)
		snprintf(out, size, "the %s %s of %s", side_name((enum side)m->entrance.side),
			 map_find_door(m, m->entrance.x, m->entrance.y, (enum side)m->entrance.side) >= 0 ? "door" : "side",
			 room);
	else
		snprintf(out, size, "stairs up in %s", room);
}

/* "Way in: ... Stairs down ..." for level k, as the maps have them. */
static void level_lines(const struct doc *d, int k, struct sbuf *s)
{
	char words[200], room[32], to[32];
	int from = 0, to_room = 0;
	sbuf_reset(s);
	cover_way_in(d, k, words, sizeof words);
	sbuf_printf(s, "Way in: %s.", words);
	if (cover_stairs_down(d, k, &from, &to_room)) {
		cover_room_words(from, room, sizeof room);
		snprintf(to, sizeof to, ", room %d", to_room);
		sbuf_printf(s, " Stairs down in %s to level %d%s.", room, d->levels[k + 1].map.depth, to_room > 0 ? to : "");
	} else if (k + 1 < d->nlevels) {
		sbuf_printf(s, " No stairs lead down to level %d, which has a way in of its own.",
			    d->levels[k + 1].map.depth);
	} else if (d->sheet.player) {
		sbuf_add(s, " The last level this map shows.");
	} else {
		sbuf_add(s, " The deepest level.");
	}
}

void layout_levels_joined_text(const struct doc *d, struct sbuf *s)
{
	int apart = 0;
	for (int k = 0; k + 1 < d->nlevels; k++)
		apart += !levels_joined(&d->levels[k].map, &d->levels[k + 1].map);
	sbuf_printf(s, "%d level%s", d->nlevels, d->nlevels == 1 ? "" : "s");
	if (d->nlevels < 2)
		return;
	if (apart == 0) {
		sbuf_add(s, " joined by stairs");
		return;
	}
	if (apart == d->nlevels - 1) {
		sbuf_add(s, " that no stairs join");
		return;
	}
	sbuf_add(s, "; no stairs join levels ");
	int said = 0;
	for (int k = 0; k + 1 < d->nlevels; k++) {
		if (levels_joined(&d->levels[k].map, &d->levels[k + 1].map))
			continue;
		said++;
		sbuf_printf(s, "%s%d and %d", said == 1 ? "" : said == apart ? ", or " : ", ", d->levels[k].map.depth,
			    d->levels[k + 1].map.depth);
	}
}

/* Level k's heading, with the page it starts on at the right end of its
 * first line (written once the pages are laid out), and its lines. */
static int level_entry(struct cover *cv, int k, struct sbuf *s, struct err *e)
{
	const struct style *st = cv->st;
	const struct level *lv = &cv->d->levels[k];
	const struct map *m = &lv->map;
	struct text_style head = { .family = st->font_text, .size = st->size_heading * 1.15, .bold = 1,
				   .colour = st->title };
	struct text_style body = { .family = st->font_text, .size = st->size_text + 1, .colour = st->text };
	char line[300], anchor[32];
	snprintf(line, sizeof line, "Level %d \xe2\x80\x94 %s \xc2\xb7 %d room%s \xc2\xb7 %d \xc3\x97 %d squares of %d ft",
		 m->depth, m->method ? m->method : "map", lv->key.n, plural_s(lv->key.n), m->w, m->h, m->square_feet);
	snprintf(anchor, sizeof anchor, "level-%d", m->depth);
	double ref_w = layout_page_ref_width(cv->ms, head, "page ");
	if (ref_w < 0)
		return err_set(e, "cannot measure text");
	struct text_block b;
	if (measure_block(cv->ms, &b, line, head.family, head.size, -1, cv->w - ref_w - 24, e) < 0)
		return -1;
	if (cv->y + b.height + st->size_text * 2.6 > cv->bottom && cv->y > PAPER_MARGIN + 1 && cover_new_page(cv, e) < 0) {
		text_block_free(&b);
		return -1;
	}
	layout_text_block(cv->sc, cv->page, &b, cv->x, cv->y, head.colour);
	if (b.nlines > 0) {
		scene_link(cv->sc, cv->page, anchor, cv->x, cv->y, cv->w, b.lines[0].height);
		struct page_ref r = { cover_page_index(cv), m->depth, cv->x + cv->w, cv->y + b.lines[0].baseline,
				      cv->x + b.lines[0].width, head, "page " };
		layout_page_ref_add(cv->refs, cv->sc, &r);
	}
	cv->y += b.height;
	text_block_free(&b);
	level_lines(cv->d, k, s);
	if (sbuf_failed(s))
		return err_set(e, "out of memory while laying out the cover");
	if (cover_para(cv, sbuf_cstr(s), body, 12, NULL, 0, e) < 0)
		return -1;
	cv->y += COVER_GAP;
	return 0;
}

int layout_cover(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
		 const struct paper *paper, struct page_refs *refs, struct err *e)
{
	struct cover cv = { d, st, ms, sc, NULL, refs, 0, 0, 0, 0, 0, 0, 0 };
	paper_oriented(paper, d->sheet.orientation == ORIENT_LANDSCAPE ? ORIENT_LANDSCAPE : ORIENT_PORTRAIT, &cv.pw,
		       &cv.ph);
	cv.x = PAPER_MARGIN;
	cv.w = cv.pw - 2 * PAPER_MARGIN;
	cv.bottom = cv.ph - PAPER_MARGIN;
	int player = d->sheet.player;
	if (cover_new_page(&cv, e) < 0)
		return -1;
	/* the seed and the command at the foot of the first page (the players'
	 * copy names no seed: it would remake the referee's booklet) */
	if (!player) {
		struct sbuf foot;
		struct text_block b;
		sbuf_init(&foot);
		sbuf_printf(&foot, "Seed %s \xc2\xb7 mapsheet %s", d->seed ? d->seed : "?", MAPSHEET_VERSION);
		if (d->command)
			sbuf_printf(&foot, "\nRemake: %s", d->command);
		if (sbuf_failed(&foot)) {
			sbuf_free(&foot);
			return err_set(e, "out of memory while laying out the cover");
		}
		int rc = measure_block(ms, &b, sbuf_cstr(&foot), st->font_text, st->size_small, 0, cv.w, e);
		sbuf_free(&foot);
		if (rc < 0)
			return -1;
		cv.bottom -= b.height + COVER_GAP;
		layout_text_block(sc, cv.page, &b, cv.x, cv.ph - PAPER_MARGIN - b.height, st->accent);
		text_block_free(&b);
	}
	struct text_style big = { .family = st->font_title, .size = st->size_title * 1.8, .bold = 1,
				  .colour = st->title };
	struct text_style heading = { .family = st->font_text, .size = st->size_heading, .bold = 1,
				      .colour = st->title };
	struct text_style body = { .family = st->font_text, .size = st->size_text + 1, .colour = st->text };
	char title[256];
	layout_cover_title(d, title, sizeof title);
	cv.y += cv.ph * 0.06;
	if (cover_para(&cv, title, big, 0, NULL, 0, e) < 0)
		return -1;
	int rooms = 0;
	for (int k = 0; k < d->nlevels; k++)
		rooms += d->levels[k].key.n;
	struct sbuf s;
	sbuf_init(&s);
	sbuf_printf(&s, "%s in ", player ? "A players' map" : "An adventure site");
	layout_levels_joined_text(d, &s);
	sbuf_printf(&s, " \xc2\xb7 %d rooms in all", rooms);
	cv.y += 4;
	struct text_style intro = { .family = st->font_text, .size = st->size_heading, .colour = st->accent };
	int rc = sbuf_failed(&s) ? err_set(e, "out of memory while laying out the cover") : 0;
	if (rc == 0)
		rc = cover_para(&cv, sbuf_cstr(&s), intro, 0, NULL, 0, e);
	/* whom the key was stocked for, under a system with figures: the
	 * first sentence of the key's last words ("The party") */
	char *party[2];
	int nparty = 0;
	if (rc == 0 && (rc = doc_party_paragraphs(d, party, &nparty, e)) == 0 && nparty > 0) {
		cv.y += 2;
		rc = cover_para(&cv, party[0], intro, 0, NULL, 0, e);
	}
	for (int i = 0; i < nparty; i++)
		free(party[i]);
	if (rc == 0)
		rc = premise(&cv, e);
	if (rc == 0) {
		cv.y += COVER_GAP;
		scene_move(sc, cv.page, cv.x, cv.y);
		scene_line(sc, cv.page, cv.x + cv.w, cv.y);
		scene_stroke(sc, cv.page, st->title, 0.8, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
		cv.y += 2 * COVER_GAP;
	}
	for (int k = 0; k < d->nlevels && rc == 0; k++)
		rc = level_entry(&cv, k, &s, e);
	sbuf_free(&s);
	if (rc < 0 || (d->nlevels > 1 && cover_joins(&cv, e) < 0))
		return -1;
	cv.y += COVER_GAP;
	if (cover_para(&cv, "Finding your way", heading, 0, NULL, st->size_text * 3, e) < 0 ||
	    cover_para(&cv, player || d->sheet.no_key
			      ? "Each level has its map page; the page numbers above say where each starts. On screen, "
				"the bookmarks list every level and every room; stairs open the room they reach, and the "
				"headings and boxes above open each level."
			      : "Each level has its map page, then its key; the page numbers above say where each starts. "
				"On screen, the bookmarks list every level and every room; a room number on a map opens its "
				"key entry, a key heading returns to the map, stairs and the stairs sentences of the key "
				"open the room they reach, and the headings and boxes above open each level.",
		 body, 12, NULL, 0, e) < 0)
		return -1;
	return scene_ok(sc, e);
}
