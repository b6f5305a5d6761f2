/* sheet_plan.h: how a level's sheet is arranged: the page in an
 * orientation, its fixed parts, the map's frame and the key's columns on
 * the map page (sheet_plan.c), and the choice among the arrangements by
 * the pages the key then needs (sheet_choose.c). layout_page.c lays the
 * sheet out by it. */
#ifndef MAPSHEET_SHEET_PLAN_H
#define MAPSHEET_SHEET_PLAN_H

#include "layout/layout.h"

/* Where the key starts: on the next page; in columns right of the map;
 * under it; or around it (the map at the top right, columns down its
 * left and on under it). */
enum key_where { KEY_NEXT_PAGE, KEY_BESIDE, KEY_BELOW, KEY_AROUND };

#define SHEET_FIRST_MAX 8       /* key columns on the map page */

struct sheet_plan {
	struct sheet_parts parts;       /* the page, its content box, the map's area, header, band, footer */
	double subtitle_h;              /* the subtitle's reserved height, under the title */
	struct map_frame f;
	double map_w, map_h;            /* the map with the squares' numbers, if any */
	double coord_l, coord_t;        /* of which the numbers take, left of and above it */
	enum key_where where;
	double col_w;                   /* the key's column width */
	struct rect_pt first[SHEET_FIRST_MAX]; /* the key's columns on the map page, in reading order */
	int nfirst;
	int fits;                       /* the map fits (at a legible scale when fitted) */
	int pages;                      /* the sheet's pages, key included (set by sheet_plan_choose) */
};

/* Works out the plan for orientation o on paper, the map at scale squares
 * per inch (<= 0: fitted); the header of a sheet without key holds the
 * premise (parts.intro_h) unless the map fits only without it. Returns 0
 * or -1 with e set. */
int sheet_plan_make(struct layout_ctx *c, enum orientation o, const struct paper *paper, double scale,
		    struct sheet_plan *pl, struct err *e);

/* Re-arranges pl with its key around the map (KEY_AROUND). Returns 1, or
 * 0 with pl unchanged when the map leaves no column beside it or no room
 * under it. */
int sheet_plan_around(struct sheet_plan *pl);

/* Puts pl's key on pages of its own, in columns as wide as on a sheet's
 * key pages. */
void sheet_plan_key_after(struct sheet_plan *pl);

/* The usage error when none of the n plans in cand fits: the paper that
 * would do, the scale to use or the poster. Returns -1 with e set. */
int sheet_plan_refuse(struct layout_ctx *c, const struct paper *paper, const struct sheet_plan *cand, int n,
		      struct err *e);

/* The scales a fitted map with a key is tried at (sheet_choose.c): the
 * fitted one and finer standard scales while a square's side stays at
 * least SHEET_SHRINK_MIN of the largest an orientation allowed fits and
 * the scale SHEET_SHRINK_SCALE_MAX squares to the inch or coarser (5 to
 * the inch may become 8, 4 may become 6). */
#define SHEET_SHRINK_MIN 0.6
#define SHEET_SHRINK_SCALE_MAX 10

/* Picks the plan among the orientations allowed, the map's scale (a
 * fitted one or a finer standard scale, see above) and where the key
 * starts: the one that fits and prints the sheet on the fewest pages,
 * then with the largest squares, then with the key beside or below the
 * map rather than around it, leaving it more room there, then portrait.
 * When key is not NULL, *key is the key as measured at the chosen plan's
 * column width while choosing (the caller frees it), or NULL when it was
 * not measured at exactly that width. Returns 0, or -1 with e set (a
 * usage error naming the paper that would do when none fits). */
int sheet_plan_choose(struct layout_ctx *c, const struct paper *paper, struct sheet_plan *out, struct key_text **key,
		      struct err *e);

/* Sets kp to the key's columns of sheet pl: those on the map page, then
 * those of the key pages under their heading, above the footer. Returns 0
 * or -1 with e set. */
int sheet_key_frames(struct layout_ctx *c, const struct sheet_plan *pl, struct key_pages *kp, struct err *e);

#endif
