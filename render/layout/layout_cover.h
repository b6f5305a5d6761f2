/* layout_cover.h: what the parts of the booklet's cover share: the cover
 * being laid out (its page, cursor and measure), a paragraph set at the
 * cursor, a new cover page, and the small map of how the levels join
 * (layout_cover_joins.c). */
#ifndef MAPSHEET_LAYOUT_COVER_H
#define MAPSHEET_LAYOUT_COVER_H

#include "layout/layout.h"

#define COVER_GAP 10.0

struct cover {
	const struct doc *d;
	const struct style *st;
	struct measure *ms;
	struct scene *sc;
	struct scene_page *page;
	struct page_refs *refs;
	double pw, ph, x, w, y, bottom;
	int pages;
};

/* Starts a cover page (labelled "cover", "cover-2", ...), the cursor at
 * its top. Returns 0 or -1 with e set. */
int cover_new_page(struct cover *cv, struct err *e);
/* The index of the cover's current page in the scene. */
int cover_page_index(const struct cover *cv);
/* Sets a paragraph in style ts at the cursor, indented by indent points,
 * on a new page when it does not fit with need_after points below it.
 * link: an anchor name the first line links to, or NULL. Returns 0 or -1
 * with e set. */
int cover_para(struct cover *cv, const char *text, struct text_style ts, double indent, const char *link,
	       double need_after, struct err *e);
/* The room a stair stands in or leads to, in words: "room 4", or "a
 * corridor" for number 0. */
void cover_room_words(int number, char *out, size_t size);
/* The way level k of the document is entered: "the south door of room 1",
 * "stairs up in room 1 from level 2, room 9". */
void cover_way_in(const struct doc *d, int k, char *out, size_t size);
/* Level k's stairs down to level k + 1 (index), when stairs join the two:
 * 1 and the room they stand in and the one the stairs up below stand in
 * (0: a corridor), 0 when none. */
int cover_stairs_down(const struct doc *d, int k, int *room, int *to_room);
/* The small map of how the levels join: a box a level (its page number
 * in cv->refs), the stairs between them labelled with their rooms, a way
 * in from outside marked, levels that stairs do not join shown apart;
 * under a heading, at the cursor, flowing into columns and onto another
 * page when long. Returns 0 or -1 with e set. */
int cover_joins(struct cover *cv, struct err *e);

#endif
