/* sheet_dress.h: what a level's map page wears around the map
 * (sheet_dress.c): the header (title, subtitle and, on a sheet without
 * key, the premise), the band under the
 * map (scale bar, legend, compass) and the footer. The plan
 * (sheet_plan.h) measures them, layout_page.c draws them, and so does
 * layout_sheet_dress() (layout.h) for layout_onepage.c. */
#ifndef MAPSHEET_SHEET_DRESS_H
#define MAPSHEET_SHEET_DRESS_H

#include "layout/layout.h"
#include "base/sbuf.h"

#include <stddef.h>

#define SHEET_GAP 14.0          /* between the map, key columns and bands */

/* The subtitle under the title for the map at frame f ("Level 1 · 30 × 20
 * squares · 12 rooms · 5 squares to the inch"), with the note on crowded
 * room numbers too large for their rooms when crowded > 0. Returns the
 * subtitle's length without the note. */
size_t sheet_subtitle(const struct layout_ctx *c, const struct map_frame *f, int crowded, char *out, size_t size);

/* Warns (report_warn) that `crowded` room numbers find no room at f's
 * scale, with what would make room; nothing when crowded is 0. */
void sheet_warn_crowded(const struct layout_ctx *c, const struct map_frame *f, int crowded);

/* The footer of page `page` of npages into s: the program, the method, the
 * seed and level (not on the players' copy), the page, and the command that
 * remakes the sheet. Returns 0, or -1 without memory. */
int sheet_footer_text(const struct layout_ctx *c, int page, int npages, struct sbuf *s);

/* The footer of scene page `index`, page `page` of npages of the level's
 * sheet, at the foot of sp's content box; in a booklet (c->folios) it is
 * kept there instead, to be numbered through the booklet. Returns 0 or -1
 * with e set. */
int sheet_draw_footer(struct layout_ctx *c, int index, const struct sheet_parts *sp, int page, int npages,
		      struct err *e);

/* A key page's heading, the sheet's title and "key" ("key, continued"
 * after the first key page; kp counts from 1), and its style. */
void sheet_key_heading(const struct layout_ctx *c, int kp, char *out, size_t size);
struct text_style sheet_key_heading_style(const struct layout_ctx *c);

/* The band's height for a content box content_w points wide: the legend's
 * rows beside the scale bar and compass. */
double sheet_band_height(struct layout_ctx *c, double content_w);

/* How a sheet without key sets the premise and the secret in its header,
 * SHEET_INTRO_GAP under the subtitle, in sheet_intro_style. */
#define SHEET_INTRO_GAP 5.0
#define SHEET_INTRO_SPACE 3.0   /* between the premise and the secret */
struct text_style sheet_intro_style(const struct layout_ctx *c);

/* Draws the title (set smaller when too long for one line) and the
 * subtitle at the top of sp's content box, and under them the premise and
 * the secret when sp holds them (intro_h). Returns 0 or -1 with e set. */
int sheet_draw_header(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp, const char *subtitle,
		      struct err *e);

/* Draws the band above sp's footer for squares of s points: the scale bar,
 * the legend and the compass, at the legend's pen widths (c->pen is left
 * set to them). Returns 0 or -1 with e set. */
int sheet_draw_band(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp, double s,
		    struct err *e);

#endif
