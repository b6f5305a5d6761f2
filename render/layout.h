/* layout.h: the layout step's internal interface. Layout turns a level
 * (map + key) into scene pages: it picks the orientation and scale, places
 * the map, the room numbers, the key in columns, the legend, scale bar,
 * compass, title and footer, measuring all text with Pango. Split by part:
 * layout_page.c (the sheet), layout_map.c (the map drawing),
 * layout_symbols.c (door, stair, feature symbols shared with the legend),
 * layout_labels.c and layout_spot.c (room numbers), layout_zones.c (tinted
 * floor), layout_key.c (the key's flow). */
#ifndef MAPSHEET_LAYOUT_H
#define MAPSHEET_LAYOUT_H

#include "doc.h"
#include "measure.h"
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
	LEG_ALTAR, LEG_COUNT
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
	int *hdoor;             /* door index + 1 on the horizontal edge above (x, y): (h + 1) * w */
	int *vdoor;             /* door index + 1 on the vertical edge left of (x, y): h * (w + 1) */
	int *rdoor_first;       /* per region: its door squares are rdoor_sq[first[r] .. first[r + 1]) */
	int *rdoor_sq;          /* y * w + x of squares beside a door */
	int used[LEG_COUNT];    /* symbols drawn on this map */
	/* pen widths for the square size being drawn (see layout_pens) */
	struct {
		double wall, door, grid, grid_major, hatch, detail, wobble;
	} pen;
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

/* Lays out level index li of c->d into c->sc: its map page and key pages.
 * Returns 0, or -1 with e set (the map does not fit at the asked scale). */
int layout_level(struct layout_ctx *c, const struct paper *paper, struct layout_result *res, struct err *e);

/* Draws the map (rock, grid, walls, doors, stairs, features, entrance) into
 * page p at frame f and records the symbols used in c->used. */
void layout_map(struct layout_ctx *c, struct scene_page *p, const struct map_frame *f);
/* Marks in c->used what layout_map would draw (for sizing the legend). */
void layout_map_symbols(struct layout_ctx *c);

/* Symbols, drawn around a centre (cx, cy) for a square of s points. A
 * door symbol sits on an edge: `horizontal` when the wall runs along x. */
void sym_door(struct layout_ctx *c, struct scene_page *p, int kind, double cx, double cy, int horizontal,
	      double s);
/* Stairs filling the square at (x, y) (top-left), running towards `toward`. */
void sym_stairs(struct layout_ctx *c, struct scene_page *p, enum stair_dir dir, double x, double y, double s,
		enum side toward);
/* An arrow ending at (tx, ty) pointing in direction `side` (into the map). */
void sym_arrow(struct layout_ctx *c, struct scene_page *p, double tx, double ty, enum side side, double s);
void sym_feature(struct layout_ctx *c, struct scene_page *p, enum feature f, double x, double y, double s,
		 unsigned seed);
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
	int arrow_x, arrow_y;           /* the entrance arrow's square */
	int *heights, *stack;           /* scratch for the largest open rectangle */
	struct spot *placed;
	int nplaced;
	int *cell_head, *cell_next;     /* placed numbers by cell of their centre */
	int ncx, ncy;
	double max_hw, max_hh, max_lead; /* the largest half-size and leader placed */
	int relaxed;    /* spot_beside: a number may stand nearer another number than its room */
};
/* Prepares sp for up to nlabels numbers on c's map at frame f (c's pens
 * set for f). Returns 0, or -1 when out of memory. */
int spot_ctx_init(struct spot_ctx *sp, const struct layout_ctx *c, const struct map_frame *f, int nlabels);
void spot_ctx_free(struct spot_ctx *sp);
/* A place for a w x h (squares) number inside region id: 1 and *out, or 0. */
int spot_inside(const struct spot_ctx *sp, int id, double w, double h, struct spot *out);
/* A place beside region id, joined by a leader, nearer the room than any
 * other number (unless sp->relaxed): 1 and *out, or 0. */
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

/* The booklet's cover (layout_cover.c): the title, every level with its
 * method, rooms and stairs, and the seed, on pages labelled "cover".
 * Returns 0 or -1 with e set. */
int layout_cover(const struct doc *d, const struct style *st, struct measure *ms, struct scene *sc,
		 const struct paper *paper, struct err *e);
/* The title printed on level m's sheet (layout_page.c): --title, or the
 * method and seed ("Dice map, seed 7"; the players' copy without seed). */
void layout_sheet_title(const struct doc *d, const struct map *m, int player, char *out, size_t size);
/* The booklet's title: --title, or one made from the levels and seed. */
void layout_cover_title(const struct doc *d, char *out, size_t size);

/* The key's flow: frames are filled in order; next_frame asks for more. */
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
/* Sets the level's key into the flow. Returns 0 or -1 with e set. */
int layout_key(struct key_flow *kf, struct err *e);

/* A cheap hash for deterministic hand-drawn variation (no RNG state). */
unsigned layout_hash(int x, int y, int salt);

#endif
