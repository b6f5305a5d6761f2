/* poster_plan.h: a map printed at its scale across several pages, the
 * "pieces" of a poster to tape together. The plan says which squares each
 * piece shows (with the overlap that goes under its neighbours), where the
 * map's window sits on the page, each piece's label ("B3": rows A, B, ...,
 * columns 1, 2, ...) and which pieces hold nothing but solid ground (left
 * out). The Cairo sheets and the libharu booklet draw the same plan
 * (layout_poster.c, layout_assembly.c). */
#ifndef MAPSHEET_POSTER_PLAN_H
#define MAPSHEET_POSTER_PLAN_H

#include "model/doc.h"
#include "base/err.h"
#include "model/map.h"
#include "paper.h"

#define POSTER_PIECES_MAX 400           /* more than this is refused */
#define POSTER_MARGIN_DEFAULT 18.0      /* 0.25 in that printers may not reach */
#define POSTER_OVERLAP_DEFAULT 18.0     /* 0.25 in under the next piece */
#define POSTER_BAND 22.0                /* label, arrows, numbers and trim marks, inside the margin */

struct poster_piece {
	int row, col;
	char label[18];                 /* "B3"; room for the longest poster_label writes */
	double x0, y0, x1, y1;          /* the squares shown (grid units), overlap included */
	double cut_x, cut_y;            /* where its own squares end: the next piece's cut, or the map's end */
	int empty;                      /* nothing but solid ground: not printed */
};

struct poster_plan {
	enum orientation o;
	double pw, ph;                  /* the page */
	double margin, overlap;         /* points */
	double s, scale;                /* points a square; squares per inch */
	int vx, vy, vw, vh;             /* the squares of the map printed (layout_viewport) */
	int step_x, step_y;             /* squares a piece adds to the one before it (its cut to the next's) */
	int off_x, off_y;               /* the grid of cuts starts this many squares before vx, vy: the first
					 * piece shows step - off of its own squares */
	int cols, rows;
	double win_x, win_y;            /* the top-left corner of the map's window on a piece */
	struct poster_piece *pieces;    /* rows x cols, row by row */
	int nprinted;                   /* pieces not empty */
};

/* The least share of a printed piece's window in floor that the grid of
 * cuts is shifted for (see poster_plan_make). */
#define POSTER_FLOOR_MIN 0.1

/* Plans the pieces of map m (squares vx, vy, vw, vh) at `scale` squares an
 * inch on paper, in orientation want (auto: either), with overlap and
 * margin given as lengths (NULL: the defaults). Of the grids of cuts
 * starting at vx, vy, each orientation's fewest printed pieces (portrait
 * on a tie) is the most printed; within that, the grid is shifted by
 * whole squares (and turned, when auto) so that every printed piece holds
 * floor over at least POSTER_FLOOR_MIN of its window where a shift allows
 * it, then to print the fewest pieces, of the fewest in all, least
 * shifted. Returns 0, or -1 with a usage error: a length that does not
 * parse, an overlap or margin leaving no room for a square, or more than
 * POSTER_PIECES_MAX pieces. poster_plan_free releases it. */
int poster_plan_make(struct poster_plan *pl, const struct map *m, int vx, int vy, int vw, int vh, double scale,
		     const struct paper *paper, enum orientation want, const char *overlap, const char *margin,
		     struct err *e);
void poster_plan_free(struct poster_plan *pl);

/* Piece (row, col). */
const struct poster_piece *poster_piece_at(const struct poster_plan *pl, int row, int col);

/* Moves a box of w x h squares centred at (*cx, *cy) the least that keeps
 * it off every cut between pieces, so that it lies whole on one piece.
 * Returns 1 when it moved. */
int poster_plan_keep_whole(const struct poster_plan *pl, double *cx, double *cy, double w, double h);

#endif
