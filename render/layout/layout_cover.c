/* layout_cover.c: the booklet's cover. The title, the premise set as the
 * cover's opening paragraph with, on the referee's copy, the secret in an
 * aside beside it (layout_intro.h), then every level with its method,
 * rooms, size and where its stairs lead (each heading links to the level's
 * map), a few words on finding one's way in the booklet, and the seed with
 * the command that remakes it. Flows onto a second cover page when a long
 * booklet's list does not fit on one. */
#include "layout/layout.h"
#include "layout/layout_intro.h"
#include "layout/layout_text.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <string.h>

#define COVER_GAP 10.0

struct cover {
	const struct doc *d;
	const struct style *st;
	struct measure *ms;
	struct scene *sc;
	struct scene_page *page;
	double pw, ph, x, w, y, bottom;
	int pages;
};

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

static int new_page(struct cover *cv, struct err *e)
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

/* Sets a paragraph in style ts at the cursor, indented by indent points,
 * on a new page when it does not fit with need_after points below it.
 * link: an anchor name the first line links to, or NULL. */
static int para(struct cover *cv, const char *text, struct text_style ts, double indent, const char *link,
		double need_after, struct err *e)
{
	struct text_block b;
	if (measure_block(cv->ms, &b, text, ts.family, ts.size, ts.bold ? -1 : 0, cv->w - indent, e) < 0)
		return -1;
	if (cv->y + b.height + need_after > cv->bottom && cv->y > PAPER_MARGIN + 1 && new_page(cv, e) < 0) {
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
			rc = new_page(cv, e);
		int split = !ci.beside && ci.has_premise && ci.has_secret && cv->y + ci.h > cv->bottom;
		if (rc == 0) {
			cover_intro_draw(&ci, cv->sc, cv->page, cv->st, cv->x, cv->y, cv->w,
					 split ? COVER_PREMISE : COVER_PREMISE | COVER_ASIDE);
			cv->y += split ? ci.premise_h : ci.h;
		}
		if (rc == 0 && split && (rc = new_page(cv, e)) == 0) {
			cover_intro_draw(&ci, cv->sc, cv->page, cv->st, cv->x, cv->y, cv->w, COVER_ASIDE);
			cv->y += ci.aside_h;
		}
		cv->y += COVER_GAP;
	}
	cover_intro_free(&ci);
	return rc;
}

static int stair_room(const struct map *m, enum stair_dir dir, int *room, int *to_level, int *to_room)
{
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == dir) {
			int id = map_at(m, m->stairs[i].x, m->stairs[i].y);
			*room = id > 0 ? m->regions[id].number : 0;
			*to_level = m->stairs[i].to_level;
			*to_room = m->stairs[i].to_room;
			return 1;
		}
	return 0;
}

/* "Way in: ... Stairs down: ..." for level k. */
static void level_lines(const struct doc *d, int k, struct sbuf *s)
{
	const struct map *m = &d->levels[k].map;
	int room = 0, to_level = 0, to_room = 0;
	sbuf_reset(s);
	if (stair_room(m, STAIR_UP, &room, &to_level, &to_room) && to_level > 0)
		sbuf_printf(s, "Way in: stairs up in room %d from level %d, room %d.", room, to_level, to_room);
	else if (m->entrance.set && m->entrance.side >= 0)
		sbuf_printf(s, "Way in: the %s door of room %d.", side_name((enum side)m->entrance.side),
			    m->regions[map_at(m, m->entrance.x, m->entrance.y)].number);
	else if (m->entrance.set)
		sbuf_printf(s, "Way in: room %d.", m->regions[map_at(m, m->entrance.x, m->entrance.y)].number);
	if (stair_room(m, STAIR_DOWN, &room, &to_level, &to_room) && to_level > 0) {
		sbuf_printf(s, " Stairs down in room %d to level %d", room, to_level);
		if (to_room > 0)
			sbuf_printf(s, ", room %d", to_room);
		sbuf_add(s, ".");
	} else {
		sbuf_add(s, " The deepest level.");
	}
}

int layout_cover(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
		 const struct paper *paper, struct err *e)
{
	struct cover cv = { d, st, ms, sc, NULL, 0, 0, 0, 0, 0, 0, 0 };
	paper_oriented(paper, d->sheet.orientation == ORIENT_LANDSCAPE ? ORIENT_LANDSCAPE : ORIENT_PORTRAIT, &cv.pw,
		       &cv.ph);
	cv.x = PAPER_MARGIN;
	cv.w = cv.pw - 2 * PAPER_MARGIN;
	cv.bottom = cv.ph - PAPER_MARGIN;
	int player = d->sheet.player;
	if (new_page(&cv, e) < 0)
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
	char title[256], line[512], anchor[32];
	layout_cover_title(d, title, sizeof title);
	cv.y += cv.ph * 0.08;
	if (para(&cv, title, big, 0, NULL, 0, e) < 0)
		return -1;
	int rooms = 0;
	for (int k = 0; k < d->nlevels; k++)
		rooms += d->levels[k].key.n;
	snprintf(line, sizeof line, "%s in %d levels joined by stairs \xc2\xb7 %d rooms in all",
		 player ? "A players' map" : "An adventure site", d->nlevels, rooms);
	cv.y += 4;
	struct text_style intro = { .family = st->font_text, .size = st->size_heading, .colour = st->accent };
	if (para(&cv, line, intro, 0, NULL, 0, e) < 0)
		return -1;
	if (premise(&cv, e) < 0)
		return -1;
	cv.y += COVER_GAP;
	scene_move(sc, cv.page, cv.x, cv.y);
	scene_line(sc, cv.page, cv.x + cv.w, cv.y);
	scene_stroke(sc, cv.page, st->title, 0.8, SCENE_CAP_BUTT, SCENE_JOIN_MITER);
	cv.y += 2 * COVER_GAP;

	struct sbuf s;
	sbuf_init(&s);
	struct text_style level_heading = heading;
	level_heading.size = st->size_heading * 1.15;
	int rc = 0;
	for (int k = 0; k < d->nlevels && rc == 0; k++) {
		const struct level *lv = &d->levels[k];
		const struct map *m = &lv->map;
		snprintf(line, sizeof line, "Level %d \xe2\x80\x94 %s \xc2\xb7 %d rooms \xc2\xb7 %d \xc3\x97 %d squares of %d ft",
			 m->depth, m->method ? m->method : "map", lv->key.n, m->w, m->h, m->square_feet);
		snprintf(anchor, sizeof anchor, "level-%d", m->depth);
		rc = para(&cv, line, level_heading, 0, anchor, st->size_text * 2.6, e);
		level_lines(d, k, &s);
		if (rc == 0 && sbuf_failed(&s))
			rc = err_set(e, "out of memory while laying out the cover");
		if (rc == 0)
			rc = para(&cv, sbuf_cstr(&s), body, 12, NULL, 0, e);
		cv.y += COVER_GAP;
	}
	sbuf_free(&s);
	if (rc < 0)
		return -1;
	cv.y += COVER_GAP;
	if (para(&cv, "Finding your way", heading, 0, NULL, st->size_text * 3, e) < 0 ||
	    para(&cv, player || d->sheet.no_key
			      ? "Each level has its map page. On screen, the bookmarks list every level and every room; "
				"stairs open the room they reach, and the headings above open each level."
			      : "Each level has its map page, then its key. On screen, the bookmarks list every level and "
				"every room; a room number on a map opens its key entry, a key heading returns to the map, "
				"stairs and the stairs sentences of the key open the room they reach, and the headings "
				"above open each level.",
		 body, 12, NULL, 0, e) < 0)
		return -1;
	return scene_ok(sc, e);
}
