/* layout.h: the layout step's internal interface. Layout turns a level
 * (map + key) into scene pages: it picks the orientation and scale, places
 * the map, the room numbers, the key in columns, the legend, scale bar,
 * compass, title and footer, measuring all text with Pango. Split by part:
 * layout_page.c (the sheet's pages), sheet_plan.c (its arrangements),
 * sheet_choose.c (the one printing the fewest pages),
 * sheet_dress.c (its title, band and footer), layout_folio.c (a booklet's
 * page numbers), layout_text.c (text in a style), layout_intro.c (the
 * premise and the secret), layout_map.c (the map drawing),
 * layout_onepage.c (map and key on one page), layout_coords.c (the
 * squares' numbers along the map's edges),
 * layout_symbols.c (door, stair, feature symbols shared with the legend;
 * layout_furniture.c the furniture among the features),
 * layout_labels.c and layout_spot.c (room numbers), layout_zones.c (tinted
 * floor), layout_key.c (the key's flow), layout_keypages.c (its columns
 * and balance), layout_poster.c and layout_assembly.c (a map in pieces,
 * planned by poster_plan.c, the floor of each counted by floor_sums.c),
 * layout_cover.c and layout_cover_joins.c (a booklet's cover and its map
 * of how the levels join), layout_page_refs.c (the cover's page numbers,
 * written once the pages are laid out). */
#ifndef MAPSHEET_LAYOUT_H
#define MAPSHEET_LAYOUT_H

#include "model/doc.h"
#include "model/feature.h"
#include "text/measure.h"
#include "paper.h"
#include "scene.h"
#include "style.h"

/* Where a map sits on its page: square (x, y) has its top-left corner at
 * (ox + x * s, oy + y * s). The squares shown are the viewport vx, vy, vw,
 * vh: the floor's bounding box grown by one square for entrance arrows. */
struct map_frame {
	double ox, oy, s;
	int vx, vy, vw, vh;
	double scale;           /* squares per inch */
	int standard;           /* a standard scale (0: an exact fit) */
};

/* The symbols a legend lists, in legend order. */
enum legend_sym {
	LEG_OPENING, LEG_DOOR, LEG_LOCKED, LEG_SECRET, LEG_PORTCULLIS, LEG_STAIRS_UP, LEG_STAIRS_DOWN,
	LEG_ENTRANCE, LEG_PILLAR, LEG_WATER, LEG_RUBBLE, LEG_STATUE, LEG_PIT,
	LEG_ALTAR, LEG_COFFIN, LEG_BED, LEG_CRATE, LEG_SHELF, LEG_TABLE, LEG_THRONE,
	LEG_HEARTH, LEG_CAGE, LEG_WELL, LEG_COUNT
};

/* What the layout of one level needs, prepared once. */
struct layout_ctx {
	const struct doc *d;
	const struct level *lv;
	const struct map *m;
	const struct style *st;
	struct measure *ms;
	struct scene *sc;
	int player;             /* the players' handout */
	int with_key;           /* key pages wanted */
	int onepage_roster;     /* --one-page: the roster and the alarm follow the key
				 * (where the arrangement chosen without them holds them) */
	int intro;              /* the premise and the secret go on this level's
				 * pages: the first level printed, when no cover
				 * holds them */
	int *hdoor;             /* door index + 1 on the horizontal edge above (x, y): (h + 1) * w */
	int *vdoor;             /* door index + 1 on the vertical edge left of (x, y): h * (w + 1) */
	int *rdoor_first;       /* per region: its door squares are rdoor_sq[first[r] .. first[r + 1]) */
	int *rdoor_sq;          /* y * w + x of squares beside a door */
	int used[LEG_COUNT];    /* symbols drawn on this map */
	/* a poster's plan (poster_plan.h): room numbers are kept off the cuts
	 * between its pieces; NULL on a sheet */
	const struct poster_plan *poster;
	/* a booklet's footers, numbered through the whole document once every
	 * page is laid out (layout_folio.c); NULL: a sheet numbers its level's
	 * own pages */
	struct folios *folios;
	/* the sheet's plan chosen before it is laid out (layout_level_plan):
	 * layout_level takes it and frees it; NULL: it chooses one */
	struct level_plan *plan;
	/* pen widths for the square size being drawn (see layout_pens) */
	struct {
		double wall, door, grid, grid_major, hatch, detail, wobble;
	} pen;
};

struct poster_plan;

/* The footers of a booklet's pages, waiting for the page count: each
 * page's scene index, its level's index in the document and the footer's
 * box (top-left corner and width). */
struct folio {
	int page, level;
	double x, y, w;
};
struct folios {
	struct folio *v;
	int n, cap;
};

struct rect_pt {
	double x, y, w, h;
};

/* What layout_level placed (tests read it). */
struct layout_result {
	struct map_frame frame;
	enum orientation orientation;   /* the one chosen */
	double page_w, page_h;
	int first_page, npages;         /* the level's pages in the scene */
	int key_beside, key_below;      /* where the key starts on the map page */
	struct rect_pt map_area;        /* the box the map was fitted into */
	int pieces, piece_rows, piece_cols;     /* a poster: pieces printed, of rows x cols */
};

/* Prepares c for level lv (door edge tables).
 * Returns 0 or -1 with e set; layout_ctx_free releases it. */
int layout_ctx_init(struct layout_ctx *c, const struct doc *d, const struct level *lv, const struct style *st,
		    struct measure *ms, struct scene *sc, struct err *e);
void layout_ctx_free(struct layout_ctx *c);

/* Sets c->pen for squares of s points: the style's widths, made thinner
 * where squares are so small that full-weight lines would fill them. */
void layout_pens(struct layout_ctx *c, double s);

/* The door on the edge on `side` of (x, y), or NULL. */
const struct door *layout_door_at(const struct layout_ctx *c, int x, int y, enum side side);
/* The kind a door is drawn as: its own. The players' handout draws the
 * players' map (src/handout.h), where secret doors are wall already. */
int layout_door_kind(const struct layout_ctx *c, const struct door *dr);
/* True when stair i is drawn: it stands on a floor. The players' map has
 * no stairs that players cannot see. */
int layout_stair_shown(const struct layout_ctx *c, int i);

/* Writes the footers fo holds, "page N of M" numbering sc's pages through
 * the document, cover included (layout_folio.c). Returns 0 or -1 with e
 * set. */
int layout_folios(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
		  const struct folios *fo, struct err *e);

/* Lays out level index li of c->d into c->sc: its map page and key pages.
 * Returns 0, or -1 with e set (the map does not fit at the asked scale). */
int layout_level(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e);

/* The plan layout_level would lay c's level out by, chosen without laying
 * it out (the booklet chooses its orientation by them): *out, for
 * c->plan or layout_level_plan_free, and in *res the frame, orientation,
 * page size and pages it prints. Returns 0, or -1 with e set as
 * layout_level would. */
struct level_plan;
int layout_level_plan(struct layout_ctx *c, const struct paper *paper, struct level_plan **out,
		      struct layout_result *res, struct err *e);
void layout_level_plan_free(struct level_plan *lp);

/* A map page's fixed parts (sheet_plan.c), for another arrangement of the
 * same sheet: the page, its content box (inside the margins), the box
 * between the header and the band (scale bar, legend, compass), and the
 * heights of the header, band and footer at the style's sizes. */
struct sheet_parts {
	enum orientation o;
	double pw, ph;
	struct rect_pt content, map_area;
	double header_h, band_h, footer_h;
	double intro_h;         /* of the header: the premise and secret under the
				 * subtitle (a sheet without key), or 0 */
};
/* Measures the parts for orientation o. Returns 0 or -1 with e set. */
int layout_sheet_parts(struct layout_ctx *c, enum orientation o, const struct paper *paper, struct sheet_parts *sp,
		       struct err *e);
/* Adds the level's map page (labelled "L-map"), or NULL when out of memory. */
struct scene_page *layout_sheet_page(struct layout_ctx *c, const struct sheet_parts *sp);
/* Draws the header (title, subtitle with the scale of f, and the warning
 * for `crowded` numbers), the band and the footer ("page 1 of 1") on p.
 * Returns 0 or -1 with e set. */
int layout_sheet_dress(struct layout_ctx *c, struct scene_page *p, const struct sheet_parts *sp,
		       const struct map_frame *f, int crowded, struct err *e);

/* Whether level c's map fits a sheet of paper at the asked scale in an
 * orientation allowed: 1, 0, or -1 with e set. */
int layout_sheet_fits(struct layout_ctx *c, const struct paper *paper, struct err *e);
/* Adds the key pages of c's level after the scene's last page, in
 * orientation o, with their headings and footers ("page 1 of 2"), as a
 * sheet's key pages (for a poster's pieces). Returns 0 or -1 with e set. */
int layout_key_after(struct layout_ctx *c, const struct paper *paper, enum orientation o, struct err *e);

/* A map too large for the paper at its scale, or any map with --poster,
 * printed in pieces (layout_poster.c, poster_plan.h): an assembly page
 * (layout_assembly.c), the pieces that hold floor, then the key pages.
 * layout_poster_wanted: 1 when c's level is printed so, 0, or -1 with e
 * set. */
int layout_poster_wanted(struct layout_ctx *c, const struct paper *paper, struct err *e);
int layout_poster(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e);
/* The assembly page of plan pl: the whole map small under the grid of
 * pieces, each labelled, the empty ones shaded, with the scale, a bar to
 * check it by and how to put the pieces together. Returns 0 or -1. */
int layout_assembly(struct layout_ctx *c, const struct poster_plan *pl, struct err *e);
/* The map and its whole key on one page (layout_onepage.c, --one-page):
 * the key in columns beside and below the map, its text lowered step by
 * step to LAYOUT_ONEPAGE_MIN_PT and the map's scale to
 * LAYOUT_ONEPAGE_MIN_SCALE squares per inch as needed. Returns 0, or -1
 * with a usage error when the key does not fit even so. */
#define LAYOUT_ONEPAGE_MIN_PT 6.5
#define LAYOUT_ONEPAGE_MIN_SCALE 16
int layout_one_page(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e);

/* Draws the map (rock, grid, walls, doors, stairs, features, entrance) into
 * page p at frame f and records the symbols used in c->used. */
void layout_map(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f);
/* The map's lettered marks, each a circled label on its square (drawn by
 * layout_map, after the stairs). */
void layout_marks(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f);
/* Marks in c->used what layout_map would draw (for sizing the legend). */
void layout_map_symbols(struct layout_ctx *c);

/* The squares' numbers along the map's edges (layout_coords.c), printed
 * on the maps of a run of several levels: every fifth column above the
 * map, every fifth row to its left, counted on the whole grid as the key
 * counts them (key_square_number), with a tick at every square line.
 * layout_coords_margin: the room they take left of and above the map (0
 * when c's map gets none; the column numbers also rise a little into the
 * space under the header); layout_coords draws them for frame f. Returns
 * 0 or -1 with e set. */
void layout_coords_margin(struct layout_ctx *c, double *left, double *top);
int layout_coords(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f, struct err *e);

/* Symbols, drawn around a centre (cx, cy) for a square of s points. A
 * door symbol sits on an edge: `horizontal` when the wall runs along x. */
void sym_door(struct layout_ctx *c, struct scene_page *p, int kind, double cx, double cy, int horizontal,
	      double s);
/* Stairs filling the square at (x, y) (top-left), running towards `toward`. */
void sym_stairs(struct layout_ctx *c, struct scene_page *p, enum stair_dir dir, double x, double y, double s,
		enum side toward);
/* An arrow ending at (tx, ty) pointing in direction `side` (into the map). */
void sym_arrow(struct layout_ctx *c, struct scene_page *p, double tx, double ty, enum side side, double s);
/* Feature f filling the square at (x, y) (top-left), standing as pl says
 * (feature.h; NULL: free, back to the north); seed varies rubble and
 * crates from square to square. sym_furniture (layout_furniture.c) draws
 * those from the coffin on. */
void sym_feature(struct layout_ctx *c, struct scene_page *p, enum feature f, double x, double y, double s,
		 const struct feature_place *pl, unsigned seed);
void sym_furniture(struct layout_ctx *c, struct scene_page *p, enum feature f, double x, double y, double s,
		   const struct feature_place *pl, unsigned seed);
/* A compass rose of radius r around (cx, cy), north up. */
void sym_compass(struct layout_ctx *c, struct scene_page *p, double cx, double cy, double r);
/* A legend swatch for symbol k in the box x, y, size x size. */
void sym_legend(struct layout_ctx *c, struct scene_page *p, enum legend_sym k, double x, double y, double size);
const char *sym_legend_label(enum legend_sym k);

/* The squares a sheet shows of m: the floor's bounding box grown by one
 * square (entrance arrows stand just outside the floor). */
void layout_viewport(const struct map *m, int *vx, int *vy, int *vw, int *vh);

/* Tinted floor (layout_zones.c): each zone of a cards map of several zones
 * and the hallways (the style's hall colour). layout_zone_count: the tints
 * the legend shows (the zones, then "hallway"; 0 for none); the tints on
 * the map; a legend swatch and label for tint k; the tints of region id
 * over the box x, y, w, h (a number's box on its floor). */
int layout_zone_count(const struct layout_ctx *c);
void layout_zone_tints(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f);
void layout_zone_swatch(struct layout_ctx *c, struct scene_page *p, int zone, double x, double y, double size);
void layout_zone_label(const struct layout_ctx *c, int zone, char *out, size_t size);
void layout_tint_box(struct layout_ctx *c, struct scene_page *p, int id, double x, double y, double w, double h);

/* Room numbers: places every keyed region's number at the centre of its
 * largest open area, clear of walls, door marks and features, or beside a
 * room too small for it with a leader line, and adds the anchors and links
 * of the key. Returns how many numbers found no such place (those are set
 * at 7 pt on their room's middle anyway). */
int layout_labels(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f);

/* Placing numbers (layout_spot.c), in squares: a number's box, and where a
 * number goes: its centre, and for a number beside its room the far end
 * of its leader, inside the room (for one inside: its open area's centre). */
struct spot_cands;
struct spot_sums;
struct spot_box {
	double x0, y0, x1, y1;
};
struct spot {
	double cx, cy, tx, ty;
	double ex, ey;          /* the leader's near end, on the number's box */
	int leader;
	struct spot_box box;    /* set by spot_keep */
};
/* What the search shares for one map: clearances, blocked squares, the
 * numbers placed so far. */
struct spot_ctx {
	const struct layout_ctx *c;
	const struct map_frame *f;
	double clear;                   /* from the walls' ink, in squares */
	double reach[DOOR_KIND_COUNT + 1]; /* door marks' half-depth by kind + 1 (0: none) */
	unsigned char *blocked;         /* per square: a feature, stairs, the entrance arrow */
	unsigned char *door_sides;      /* per square: bit 1 << side for a door mark there */
	int arrow_x, arrow_y;           /* the entrance arrow's square */
	int *heights, *stack;           /* scratch for the largest open rectangle */
	struct spot *placed;
	int nplaced;
	int *cell_head, *cell_next;     /* placed numbers by cell of their centre */
	int ncx, ncy;
	double max_hw, max_hh, max_lead; /* the largest half-size and leader placed */
	int relaxed;    /* spot_beside: a number may stand nearer another number than its room */
	struct spot_cands *cands;       /* spot_beside's places around the last room asked */
	struct spot_sums *sums;         /* the open squares, counted for any box at once */
	struct spot_query *query;       /* when not NULL: grown by every look at the numbers placed */
};
/* The cells (SPOT_CELL squares a side) whose placed numbers a search
 * looked at, as one range: a search's answer depends on no number placed
 * outside it, so while none there changes it stands. */
struct spot_query {
	int x0, y0, x1, y1;     /* empty while x1 < x0 */
};
/* The cell of the centre (x, y) in sp's grid of placed numbers. */
void spot_cell(const struct spot_ctx *sp, double x, double y, int *cx, int *cy);
/* Prepares sp for up to nlabels numbers on c's map at frame f (c's pens
 * set for f). Returns 0, or -1 when out of memory. */
int spot_ctx_init(struct spot_ctx *sp, const struct layout_ctx *c, const struct map_frame *f, int nlabels);
void spot_ctx_free(struct spot_ctx *sp);
/* A place for a w x h (squares) number inside region id: 1 and *out, or 0. */
int spot_inside(const struct spot_ctx *sp, int id, double w, double h, struct spot *out);
/* A place beside region id, joined by a leader, nearer the room than any
 * other number (unless sp->relaxed): 1 and *out, 0, or -1 when out of memory. */
int spot_beside(const struct spot_ctx *sp, int id, double w, double h, struct spot *out);
/* Records a placed number, which later ones keep clear of. */
void spot_keep(struct spot_ctx *sp, const struct spot *s, double w, double h);
/* Forgets the numbers placed after the first n. */
void spot_forget(struct spot_ctx *sp, int n);

/* Links between levels (layout_links.c): the page's "level-L" anchor and a
 * link on every stair shown to the room it arrives in. */
void layout_stair_links(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f);
/* A link over a key sentence about stairs (line of entry en, set at x, y,
 * w x h on page p) to where the stairs lead; other lines get none. */
void layout_key_line_link(struct layout_ctx *c, struct scene_page *p, const struct key_entry *en, const char *line,
			  double x, double y, double w, double h);

/* A level's page number printed on the cover, written once every page of
 * the booklet is laid out (layout_page_refs.c): "page 4" with its baseline
 * ending at (x, y) on scene page `page`, naming the first page of the
 * level of that depth, cover counted; dot leaders run to it from x =
 * lead_from (0: none). */
struct page_ref {
	int page, depth;
	double x, y, lead_from;
	struct text_style ts;
	const char *prefix;     /* "page ", "p. " (a static string) */
};
struct page_refs {
	struct page_ref *v;
	int n, cap;
};
/* Adds r to refs (latches a failure in sc). */
void layout_page_ref_add(struct page_refs *refs, struct scene *sc, const struct page_ref *r);
/* The widest text a ref in style ts with prefix can take (page 999). */
double layout_page_ref_width(struct measure *ms, struct text_style ts, const char *prefix);
/* Writes every ref of refs into sc, now that its pages are laid out.
 * Returns 0 or -1 with e set (a level without a page: an internal error). */
int layout_page_refs(struct scene *sc, struct measure *ms, const struct page_refs *refs, struct err *e);

/* The booklet's cover (layout_cover.c): the title and the premise, every
 * level with its method, rooms, stairs and the page it starts on (in refs,
 * written by layout_page_refs once the levels are laid out), a small map
 * of how the levels join (layout_cover_joins.c), and the seed, on pages
 * labelled "cover". Returns 0 or -1 with e set. */
int layout_cover(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
		 const struct paper *paper, struct page_refs *refs, struct err *e);
/* The booklet's levels and whether stairs join them, into s: "3 levels
 * joined by stairs", "3 levels; no stairs join levels 1 and 2". */
struct sbuf;
void layout_levels_joined_text(const struct doc *d, struct sbuf *s);
/* The title printed on level m's sheet (sheet_dress.c): --title, or the
 * site's name ("Tomb of the Grey Lady"), or failing that the method and
 * seed ("Dice map, seed 7"; the players' copy without seed). */
void layout_sheet_title(const struct doc *d, const struct map *m, int player, char *out, size_t size);
/* The booklet's title: --title, the site's name, or one made from the
 * levels and seed. */
void layout_cover_title(const struct doc *d, char *out, size_t size);

/* The key's flow (layout_key.c): the key measured once at a column width
 * into lines kept in units (an entry with its heading, the notes, the
 * wandering monster table), flowed into column frames a caller gives, as
 * often as it likes, then emitted into the pages of the frames. */
struct key_text;
/* Column frame i (0-based), all of the width measured at, and the height
 * it has before a caller shortens it to balance columns (a table that
 * fits that moves whole); 0, or -1 for none. */
struct key_frames {
	int (*frame)(void *arg, int i, struct rect_pt *out, double *full_h);
	/* the page frame i stands on (NULL: all on one) */
	int (*page)(void *arg, int i);
	void *arg;
};
/* How tightly lines are set: line pitch and space between entries, as
 * factors of their natural size (1, 1: as measured). */
struct key_fit {
	double lead, space;
};
/* Measures the key of c's level in columns `width` points wide into *out
 * (key_text_free releases it). Returns 0, or -1 with e set. */
int key_text_build(struct key_text **out, struct layout_ctx *c, double width, struct err *e);
void key_text_free(struct key_text *kt);
/* Flows the key into the frames: a heading never ends a column, at least
 * two lines of an entry end or start one, a table that fits a column stays
 * whole. Returns the frames used, or -1 when the frames ran out. */
int key_text_flow(struct key_text *kt, const struct key_frames *fr, struct key_fit fit);
/* Where a flow first stood at the head of frame `frame` or past it (the
 * first frame of a page): what it did before does not depend on the
 * heights of that page's frames or later ones, so flows that change only
 * those may start there (key_text_flow_resume). */
struct key_flow_mark {
	int frame;              /* asked: the first frame of a page */
	int taken;              /* the flow got there */
	int unit, line, at;     /* the unit and line it was at, in frame `at` */
};
/* key_text_flow, taking *mark on the way. */
int key_text_flow_mark(struct key_text *kt, const struct key_frames *fr, struct key_fit fit,
		       struct key_flow_mark *mark);
/* The same flow as key_text_flow with fit, when the frames before the
 * mark are as they were for the flow that took it (with the same fit):
 * the lines before it are left where that flow put them. */
int key_text_flow_resume(struct key_text *kt, const struct key_frames *fr, struct key_fit fit,
			 const struct key_flow_mark *mark);
/* Lines the last flow put in frames f0 .. f1 - 1. */
int key_text_lines_in(const struct key_text *kt, int f0, int f1);
/* Emits the lines where the last flow (made with fit) put them: a frame's
 * lines on page_of(arg, frame), with the entries' anchors and links, into
 * c's scene (c: the level's context laying it out, which need not be the
 * one that measured the key: a booklet plans its levels before it lays
 * them out). */
void key_text_emit(struct key_text *kt, struct layout_ctx *c, const struct key_fit *fit,
		   struct scene_page *(*page_of)(void *arg, int frame), void *arg);

/* The key's columns on a sheet (layout_keypages.c): the nfirst columns
 * `first` on the map page (beside, below or around the map; 0: none), in
 * reading order, then key pages of ncols columns in page_area[0] (the
 * first key page) or page_area[1] (the others), all col_w wide and gap
 * apart. The caps are the balancing's. */
#define KEY_PAGES_MAX 10000
struct key_pages {
	const struct rect_pt *first;
	struct rect_pt page_area[2];
	int nfirst, ncols;
	double col_w, gap;
	int cap_from, cap_to;   /* frames cap_from .. cap_to - 1 at most cap_h high */
	double cap_h;
	int cap2;               /* and frame cap2 (-1: none) at most cap2_h */
	double cap2_h;
};
/* The key page (1-based) frame i stands on, 0 for the map's page. */
int key_pages_page(const struct key_pages *kp, int i);
/* Flows kt into kp's columns and balances its end (a tighter *fit when
 * that saves a page, a last page of at least a few lines, even columns on
 * it), leaving kt placed as chosen. Returns the frames used, or -1 with e
 * set. */
int key_pages_balance(struct key_pages *kp, struct key_text *kt, struct key_fit *fit, struct err *e);
/* A key flowed frame by frame for --one-page: frames are filled in order;
 * next_frame asks for more. */
struct key_flow {
	struct layout_ctx *c;
	struct scene_page *page;
	struct rect_pt frame;
	double y;               /* next free y in the frame */
	int started;            /* something placed in this frame */
	/* gives the next frame (on a new page when needed); 0 or -1 */
	int (*next_frame)(struct key_flow *kf, struct err *e);
	void *arg;
};
/* The key set compactly for --one-page (layout_onekey.c): each room one
 * run-in paragraph. Returns 0 or -1 with e set. */
int layout_key_compact(struct key_flow *kf, struct err *e);

/* A cheap hash for deterministic hand-drawn variation (no RNG state). */
unsigned layout_hash(int x, int y, int salt);

#endif
