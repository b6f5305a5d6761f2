/* house_plan.c: stages 1 and 2 of the house method, the queue of areas.
 *
 * The plan (the whole grid: walls lie on the grid lines, so no square is
 * given to an outer wall) starts as one area in a first-in, first-out queue.
 * The front area is taken: while the hallway so far is below the hall rate
 * and the area is bigger than a room may be, a straight hallway is carved
 * across it and the pieces on either side are queued; otherwise an area
 * bigger than --max-room (or more than MAX_ASPECT times as long as wide) is
 * cut in two along a random line; otherwise it becomes a room. Every piece is smaller than its area, so the queue ends.
 *
 * A hallway runs across its area either way it fits, the longer split first
 * (house_join_halls() then joins the segments whose ends meet, as the
 * source carves through end walls). With --hallways joined a hallway after
 * the first must end against an earlier one: each area remembers which of
 * its sides lie along a hallway for their whole length, and a hallway is
 * only carved in a direction whose ends lie on such a side. */
#include "methods/house/house_build.h"

#include <stdlib.h>

/* The pieces beside a hallway are at least this deep, so rooms along a
 * hallway are at least 15 ft deep. */
#define HALL_PIECE 3
/* A hallway at least this long is two squares (10 ft) wide, else one. */
#define WIDE_HALL_LENGTH 20

/* An area more than this many times as long as it is wide is cut even when
 * it is small enough for a room, so rooms do not become corridors. */
#define MAX_ASPECT 3

/* The direction a line runs that splits an area: LINE_NS splits its width
 * (a north-south line), LINE_EW splits its height. */
enum line_dir { LINE_NS, LINE_EW };

struct area {
	struct rect r;
	unsigned char along_hall[SIDE_COUNT];   /* side lies along a hallway its full length */
};

struct area_queue {
	struct area *a;
	int head, n, cap;
};

static int queue_push(struct area_queue *q, const struct area *a, struct err *e)
{
	if (q->n == q->cap) {
		int ncap = q->cap ? q->cap * 2 : 64;
		struct area *na = realloc(q->a, (size_t)ncap * sizeof *na);
		if (!na)
			return err_set(e, "out of memory for the house's queue of areas");
		q->a = na;
		q->cap = ncap;
	}
	q->a[q->n++] = *a;
	return 0;
}

static int rect_push(struct rect **arr, int *n, int *cap, struct rect r, struct err *e)
{
	if (*n == *cap) {
		int ncap = *cap ? *cap * 2 : 64;
		struct rect *na = realloc(*arr, (size_t)ncap * sizeof *na);
		if (!na)
			return err_set(e, "out of memory for the house's rooms");
		*arr = na;
		*cap = ncap;
	}
	(*arr)[(*n)++] = r;
	return 0;
}

/* Splits area a by a line in direction dir at offset `at` (squares from its
 * west or north side), leaving a gap of `gap` squares (a hallway) between
 * the pieces. The sides facing the gap lie along a hallway when gap > 0. */
static void split_area(const struct area *a, enum line_dir dir, int at, int gap, struct area *lo,
		       struct area *hi)
{
	struct rect r = a->r;
	*lo = *a;
	*hi = *a;
	if (dir == LINE_NS) {
		lo->r = (struct rect){ r.x, r.y, at, r.h };
		hi->r = (struct rect){ r.x + at + gap, r.y, r.w - at - gap, r.h };
		lo->along_hall[SIDE_E] = hi->along_hall[SIDE_W] = gap > 0;
	} else {
		lo->r = (struct rect){ r.x, r.y, r.w, at };
		hi->r = (struct rect){ r.x, r.y + at + gap, r.w, r.h - at - gap };
		lo->along_hall[SIDE_S] = hi->along_hall[SIDE_N] = gap > 0;
	}
}

/* The extent a line in direction dir splits, and the line's length. */
static int split_extent(struct rect r, enum line_dir dir)
{
	return dir == LINE_NS ? r.w : r.h;
}
static int line_length(struct rect r, enum line_dir dir)
{
	return dir == LINE_NS ? r.h : r.w;
}

/* The direction that splits the longer extent of r (a tie is rolled). */
static enum line_dir longer_split(struct house_build *b, struct rect r)
{
	if (r.w != r.h)
		return r.w > r.h ? LINE_NS : LINE_EW;
	return rng_range(b->rng, 0, 1) ? LINE_NS : LINE_EW;
}

/* Whether a hallway in direction dir fits area a (with --hallways joined:
 * and ends against an earlier hallway; any direction fits the first). Sets
 * its width. */
static int hall_fits(const struct house_build *b, const struct area *a, enum line_dir dir, int *width)
{
	int extent = split_extent(a->r, dir), len = line_length(a->r, dir);
	*width = len >= WIDE_HALL_LENGTH && extent >= 2 * HALL_PIECE + 2 ? 2 : 1;
	if (extent < 2 * HALL_PIECE + *width)
		return 0;
	if (b->nhalls == 0 || b->hp->hallways == HOUSE_HALLS_ANY)
		return 1;
	if (dir == LINE_NS)
		return a->along_hall[SIDE_N] || a->along_hall[SIDE_S];
	return a->along_hall[SIDE_W] || a->along_hall[SIDE_E];
}

/* Where a hallway of `width` goes across extent `extent`: in the middle half
 * when it can, through the start square (offset `want`, or -1) when it can. */
static int hall_offset(struct house_build *b, int extent, int width, int want)
{
	int lo = (extent - width) / 4;
	if (lo < HALL_PIECE)
		lo = HALL_PIECE;
	int hi = extent - width - lo;
	if (want >= 0) {
		int wlo = want - width + 1, whi = want;
		if (wlo < HALL_PIECE)
			wlo = HALL_PIECE;
		if (whi > extent - width - HALL_PIECE)
			whi = extent - width - HALL_PIECE;
		if (wlo <= whi)
			return rng_range(b->rng, wlo, whi);
	}
	return rng_range(b->rng, lo, hi);
}

/* Carves a hallway across a if the budget allows and one fits; queues the
 * pieces. Returns 1 when carved, 0 when not, -1 on error. */
static int try_hallway(struct house_build *b, struct area_queue *q, const struct area *a, long plan,
		       struct err *e)
{
	if ((double)b->hall_area >= b->hp->hall_rate * (double)plan ||
	    (long)a->r.w * a->r.h <= b->hp->max_room)
		return 0;
	enum line_dir pref = longer_split(b, a->r);
	enum line_dir dirs[2] = { pref, pref == LINE_NS ? LINE_EW : LINE_NS };
	for (int i = 0; i < 2; i++) {
		enum line_dir dir = dirs[i];
		int width;
		if (!hall_fits(b, a, dir, &width))
			continue;
		int want = -1;
		if (b->nhalls == 0 && b->p->start_x >= 0)
			want = dir == LINE_NS ? b->p->start_x - a->r.x : b->p->start_y - a->r.y;
		int at = hall_offset(b, split_extent(a->r, dir), width, want);
		struct area lo, hi;
		split_area(a, dir, at, width, &lo, &hi);
		struct rect hall = dir == LINE_NS ? (struct rect){ a->r.x + at, a->r.y, width, a->r.h }
						  : (struct rect){ a->r.x, a->r.y + at, a->r.w, width };
		if (rect_push(&b->halls, &b->nhalls, &b->halls_cap, hall, e) < 0 ||
		    queue_push(q, &lo, e) < 0 || queue_push(q, &hi, e) < 0)
			return -1;
		b->hall_area += (long)hall.w * hall.h;
		log_step(b->log, "Area %dx%d at (%d, %d): hallway %d wide running %s at %s %d; hallway is now %.1f%% of the plan",
			 a->r.w, a->r.h, a->r.x, a->r.y, width, dir == LINE_NS ? "north-south" : "east-west",
			 dir == LINE_NS ? "x" : "y", dir == LINE_NS ? hall.x : hall.y,
			 100.0 * (double)b->hall_area / (double)plan);
		return 1;
	}
	return 0;
}

/* Cuts a in two along a random line across its longer extent when it is
 * bigger than --max-room or too long for its width, both pieces
 * at least HOUSE_MIN_SIDE deep and in the middle half when they can be.
 * Returns 1 when cut, 0 when it cannot be, -1 on error. */
static int try_cut(struct house_build *b, struct area_queue *q, const struct area *a, struct err *e)
{
	int longer = a->r.w > a->r.h ? a->r.w : a->r.h, shorter = a->r.w + a->r.h - longer;
	if ((long)a->r.w * a->r.h <= b->hp->max_room && longer <= MAX_ASPECT * shorter)
		return 0;
	enum line_dir dir = longer_split(b, a->r);
	int extent = split_extent(a->r, dir);
	if (extent < 2 * HOUSE_MIN_SIDE)
		return 0;
	int lo = extent / 4 > HOUSE_MIN_SIDE ? extent / 4 : HOUSE_MIN_SIDE;
	int at = rng_range(b->rng, lo, extent - lo);
	struct area pa, pb;
	split_area(a, dir, at, 0, &pa, &pb);
	if (queue_push(q, &pa, e) < 0 || queue_push(q, &pb, e) < 0)
		return -1;
	if (log_on(b->log))
		log_step(b->log, "Area %dx%d at (%d, %d): cut %s at %s %d", a->r.w, a->r.h, a->r.x, a->r.y,
			 dir == LINE_NS ? "north-south" : "east-west", dir == LINE_NS ? "x" : "y",
			 (dir == LINE_NS ? a->r.x : a->r.y) + at);
	return 1;
}

int house_plan(struct house_build *b, struct err *e)
{
	struct area_queue q = { 0 };
	struct area plan = { { 0, 0, b->m->w, b->m->h }, { 0 } };
	long plan_area = (long)plan.r.w * plan.r.h;
	int rc = queue_push(&q, &plan, e);
	/* Each area taken either becomes a room or queues two strictly smaller
	 * pieces, so the queue empties after at most 2 * squares + 1 areas. */
	while (rc == 0 && q.head < q.n) {
		struct area a = q.a[q.head++];
		int done = try_hallway(b, &q, &a, plan_area, e);
		if (done == 0)
			done = try_cut(b, &q, &a, e);
		if (done < 0) {
			rc = -1;
		} else if (done == 0) {
			rc = rect_push(&b->rooms, &b->nrooms, &b->rooms_cap, a.r, e);
			if (log_on(b->log))
				log_step(b->log, "Area %dx%d at (%d, %d): a room", a.r.w, a.r.h, a.r.x, a.r.y);
		}
	}
	free(q.a);
	return rc;
}

/* The segment index + 1 at each square (0: none), for the join. */
static int *segment_grid(const struct house_build *b, struct err *e)
{
	const struct map *m = b->m;
	int *at = calloc((size_t)m->w * m->h, sizeof *at);
	if (!at) {
		err_set(e, "out of memory for the house's hallway join");
		return NULL;
	}
	for (int i = 0; i < b->nhalls; i++) {
		struct rect h = b->halls[i];
		for (int y = h.y; y < h.y + h.h; y++)
			for (int x = h.x; x < h.x + h.w; x++)
				at[(long)y * m->w + x] = i + 1;
	}
	return at;
}

int house_join_halls(struct house_build *b, struct err *e)
{
	const struct map *m = b->m;
	b->first_lone_hall = b->nrooms;
	if (b->nhalls <= 1)
		return 0;
	int *at = segment_grid(b, e);
	int *queue = malloc((size_t)b->nhalls * sizeof *queue);
	unsigned char *joined = calloc((size_t)b->nhalls, 1);
	int rc = -1;
	if (!at || !queue || !joined) {
		err_set(e, "out of memory for the house's hallway join");
		goto out;
	}
	/* From the first segment, through every segment beyond an end (a
	 * segment's ends are the only walls it shares with another). */
	int head = 0, tail = 0;
	joined[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		struct rect h = b->halls[queue[head++]];
		for (int k = 0; k < 2 * (h.w + h.h); k++) {
			int x, y;
			enum side s;
			house_perimeter_edge(h, k, &x, &y, &s);
			x += s == SIDE_E ? 1 : s == SIDE_W ? -1 : 0;
			y += s == SIDE_S ? 1 : s == SIDE_N ? -1 : 0;
			if (!map_in(m, x, y))
				continue;
			int o = at[(long)y * m->w + x] - 1;
			if (o >= 0 && !joined[o]) {
				joined[o] = 1;
				queue[tail++] = o;
			}
		}
	}
	/* The segments left out become hallways reached like rooms. */
	int kept = 0;
	for (int i = 0; i < b->nhalls; i++) {
		struct rect h = b->halls[i];
		if (joined[i]) {
			b->halls[kept++] = h;
			continue;
		}
		if (rect_push(&b->rooms, &b->nrooms, &b->rooms_cap, h, e) < 0)
			goto out;
		b->hall_area -= (long)h.w * h.h;
		log_step(b->log, "Hallway %dx%d at (%d, %d): no end meets the network; doors will reach it like a room",
			 h.w, h.h, h.x, h.y);
	}
	log_step(b->log, "Hallways joined: %d of %d segments meet the first at an end", kept, b->nhalls);
	b->nhalls = kept;
	rc = 0;
out:
	free(at);
	free(queue);
	free(joined);
	return rc;
}
