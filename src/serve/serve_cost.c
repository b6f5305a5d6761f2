/* serve_cost.c: what a request for a map will take, told from its parsed
 * options before anything is made: the memory at its peak (an estimate
 * meant to be above the real one, so that the server's budget holds) and
 * the least its answer will weigh (meant to be below, so that only what
 * cannot fit is refused before it is made). The figures come from the
 * peaks measured in the server (VmHWM over one request, less the RSS
 * before it) across the methods, formats, papers, scales and
 * resolutions; measured and estimated, ten levels of 1000 rooms on 24x36in:
 * PDF 311-335 MB (362), with tiles 374 (385), cards 505-511 (487,
 * refused); the preview 213-217 (367); a level of 1000 rooms as Universal
 * VTT 232 (259), as SVG 64-196 (138-159), as PNG at 100 dpi 88-118 (107).
 * An answer's bytes a room vary less: 22 to 35 kB in an SVG set. */
#include "serve/serve_int.h"

#include "methods/gen.h"
#include "paper.h"
#include "layout/poster_plan.h"
#include "render.h"

#include <math.h>
#include <string.h>

#define KB 1024.0
#define MB (1024.0 * 1024.0)

/* The run's fixed share: fonts' caches, the stocking, buffers. */
#define COST_BASE (6 * MB)
/* Generating and keying a level: its grids and the generator's work, and
 * each room's key entry (a level of 1000 rooms on 500 x 500 squares, as
 * JSON: 6 MB). */
#define COST_GEN_SQUARE 24.0
#define COST_GEN_ROOM (1.5 * KB)
/* Generating, laying out and drawing a level's pages (the map and its
 * key), fitted to the peaks of the PDF of a level of 1000 rooms over the
 * methods: 26 MB for mansion's 22,000 squares to 50 for cards' 162,000. */
#define COST_DRAW_ROOM (24 * KB)
#define COST_DRAW_SQUARE 160.0
/* A poster: its plan, and each piece's drawing. */
#define COST_POSTER (6 * MB)
#define COST_PIECE (70 * KB)
/* A picture being drawn: 4 bytes a pixel, and the PNG it is compressed to. */
#define COST_PIXEL 4.5
/* The files of the answer: the most a room adds to each format, measured;
 * and the least it adds to an SVG set (the only answer that outgrows the
 * cap before the memory does). */
#define COST_SVG_ROOM (36 * KB)
#define COST_SVG_ROOM_LEAST (20 * KB)
#define COST_SVG_PIECE (100 * KB)
#define COST_SVG_MAP_SQUARE 60.0    /* the preview: the map page alone */
#define COST_PDF_ROOM (2.5 * KB)
#define COST_PDF_PIECE (10 * KB)
#define COST_PNG_ROOM (14 * KB)     /* at 100 dots an inch; grows as the dots */
#define COST_MD_ROOM (2.5 * KB)
#define COST_MD_SQUARE 40.0         /* the map beside it, SVG */
#define COST_JSON_ROOM (1.2 * KB)
#define COST_TEXT_ROOM (1 * KB)
#define COST_IMAGE_PIXEL 0.1        /* a tabletop image, compressed and in base64 */

static int level_rooms(const struct cli *c, int k)
{
	const struct method *m = c->methods[k < c->nmethods ? k : c->nmethods - 1];
	return c->rooms_given ? c->params.rooms : m ? m->default_rooms : 30;
}

/* The pieces of a poster of the grid at scale on paper (1: one sheet). */
static double poster_pieces(const struct cli *c, const struct paper *paper)
{
	if (c->sheet.scale <= 0)
		return 1;
	/* the page less its margins, overlap and band, as poster_plan.c */
	double band = 2 * (POSTER_MARGIN_DEFAULT + POSTER_BAND) + POSTER_OVERLAP_DEFAULT;
	double inch_w = c->params.w / c->sheet.scale, inch_h = c->params.h / c->sheet.scale;
	double best = POSTER_PIECES_MAX;
	for (int turn = 0; turn < 2; turn++) {
		double pw = (turn ? paper->h : paper->w) - band, ph = (turn ? paper->w : paper->h) - band;
		if (pw < 36 || ph < 36)
			continue;
		double n = ceil(inch_w * 72 / pw) * ceil(inch_h * 72 / ph);
		best = n < best ? n : best;
	}
	if (best <= 1 && !c->sheet.poster)
		return 1;
	return best > 1 ? best : 2;
}

/* The pixels of a level's picture at ppg pixels a square, no side past
 * MAP_IMAGE_MAX_SIDE (render/map_image.h: 8192). */
static double image_pixels(const struct cli *c, double ppg)
{
	double side = c->params.w > c->params.h ? c->params.w : c->params.h;
	if (side * ppg > 8192)
		ppg = floor(8192 / side);
	if (ppg < 1)
		ppg = 1;
	return c->params.w * ppg * (c->params.h * ppg);
}

void serve_cost_estimate(const struct cli *c, const char *format, enum serve_output what, struct serve_cost *cost)
{
	const char *f = what == SERVE_PREVIEW ? "preview" : what == SERVE_KEY || what == SERVE_KEY_JSON ? "key" : format;
	int svg = strcmp(f, "svg") == 0, png = strcmp(f, "png") == 0;
	int pdf = strcmp(f, "pdf") == 0 || strcmp(f, "handout") == 0 || strcmp(f, "booklet") == 0;
	int pages = pdf || svg || png || strcmp(f, "preview") == 0;
	struct paper paper;
	if (paper_parse(c->sheet.paper, &paper, NULL) < 0)
		paper = (struct paper){ "letter", 612, 792 };
	double squares = (double)c->params.w * c->params.h, pieces = poster_pieces(c, &paper);
	double dpi = c->sheet.dpi > 0 ? c->sheet.dpi : RENDER_DPI_DEFAULT;
	double page_pixels = paper.w / 72 * dpi * (paper.h / 72 * dpi);
	int printed = c->only_level > 0 ? 1 : c->levels;
	/* the levels generated; those printed are drawn (which counts their
	 * generating too) */
	double gen = 0, rooms = 0;
	for (int k = 0; k < c->levels; k++) {
		if (k < printed)
			rooms += level_rooms(c, c->only_level > 0 ? c->only_level - 1 : k);
		if (!pages || k >= printed)
			gen += squares * COST_GEN_SQUARE + level_rooms(c, k) * COST_GEN_ROOM;
	}
	double draw = 0, answer = 0, least = 0;
	int copies = 1;             /* the answer's bytes in memory at the peak */
	if (pages) {
		draw = rooms * COST_DRAW_ROOM + printed * squares * COST_DRAW_SQUARE;
		if (pieces > 1)
			draw += printed * (COST_POSTER + pieces * COST_PIECE);
	}
	if (svg) {
		/* each page's stream as it grows, the files, their zip */
		answer = rooms * COST_SVG_ROOM + printed * pieces * COST_SVG_PIECE;
		least = rooms * COST_SVG_ROOM_LEAST;
		copies = 3;
	} else if (strcmp(f, "preview") == 0) {
		answer = squares * COST_SVG_MAP_SQUARE;
	} else if (png) {
		draw += page_pixels * COST_PIXEL;
		answer = rooms * COST_PNG_ROOM * dpi / 100 + printed * pieces * page_pixels * 0.1;
		copies = 2;
	} else if (strcmp(f, "uvtt") == 0) {
		double px = image_pixels(c, c->sheet.grid_pixels > 0 ? c->sheet.grid_pixels : 70);
		draw = px * COST_PIXEL + squares * COST_DRAW_SQUARE;
		answer = printed * px * COST_IMAGE_PIXEL;
		copies = printed > 1 ? 2 : 1;
	} else if (strcmp(f, "md") == 0) {
		draw = squares * COST_DRAW_SQUARE + (c->sheet.md_png ? image_pixels(c, dpi / 4) * COST_PIXEL : 0);
		answer = rooms * COST_MD_ROOM + printed * squares * COST_MD_SQUARE;
		copies = 2;
	} else if (pdf) {
		/* one file, its bytes counted in the fit */
		answer = rooms * COST_PDF_ROOM + printed * pieces * COST_PDF_PIECE;
		copies = 0;
	} else {
		answer = rooms * (strcmp(f, "json") == 0 ? COST_JSON_ROOM : COST_TEXT_ROOM);
		/* the page's key as JSON: the text, its escaped copy and the file */
		if (what == SERVE_KEY_JSON)
			copies = 3;
	}
	/* the run stops once its files pass the cap */
	double cap = (double)SERVE_MAX_ANSWER_BYTES;
	answer = answer < cap ? answer : cap;
	cost->peak = (size_t)(COST_BASE + gen + draw + copies * answer);
	cost->answer_least = (size_t)least;
}
