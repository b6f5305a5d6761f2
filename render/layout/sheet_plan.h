/* sheet_plan.h: how a level's sheet is arranged (sheet_plan.c): the page
 * in an orientation, its fixed parts, the map's frame and where the key
 * starts. layout_page.c lays the sheet out by it. */
#ifndef MAPSHEET_SHEET_PLAN_H
#define MAPSHEET_SHEET_PLAN_H

#include "layout/layout.h"

enum key_where { KEY_NEXT_PAGE, KEY_BESIDE, KEY_BELOW };

struct sheet_plan {
	struct sheet_parts parts;       /* the page, its content box, the map's area, header, band, footer */
	struct rect_pt key_area;        /* the key's room beside or below the map */
	double subtitle_h;              /* the subtitle's reserved height, under the title */
	struct map_frame f;
	double map_w, map_h;            /* the map with the squares' numbers, if any */
	enum key_where where;
	double col_w;                   /* the key's column width */
	int fits;                       /* the map fits (at a legible scale when fitted) */
};

/* Works out the plan for orientation o on paper, the map at scale squares
 * per inch (<= 0: fitted); the header of a sheet without key holds the
 * premise (parts.intro_h) unless the map fits only without it. Returns 0
 * or -1 with e set. */
int sheet_plan_make(struct layout_ctx *c, enum orientation o, const struct paper *paper, double scale,
		    struct sheet_plan *pl, struct err *e);

/* Picks the plan among the orientations allowed: the one that fits with
 * the largest squares, then the one leaving more room for the key on the
 * map page, then portrait. Returns 0, or -1 with e set (a usage error
 * naming the paper that would do when none fits). */
int sheet_plan_choose(struct layout_ctx *c, const struct paper *paper, struct sheet_plan *out, struct err *e);

/* Puts pl's key on pages of its own, in columns as wide as on a sheet's
 * key pages. */
void sheet_plan_key_after(struct sheet_plan *pl);

#endif
