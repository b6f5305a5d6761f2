/* spot_line.h: the squares a leader line passes, as its samples find them,
 * for counting the walls a room number's leader crosses (layout_spot.c).
 * The samples' places only grow (or only shrink) along the line, so the
 * next square is found by estimating the first sample past the current
 * square's edge and checking it, and the one before, with the samples' own
 * formula, instead of visiting every sample on the way. Inline: it runs
 * for every place a number is tried at. */
#ifndef MAPSHEET_SPOT_LINE_H
#define MAPSHEET_SPOT_LINE_H

/* A line from (ax, ay) to (bx, by) sampled at n + 1 points, sample i at
 * ax + (bx - ax) * i / n (and likewise in y), each in the square that
 * holds it (its coordinates' floors). */
struct spot_line {
	double ax, ay, dx, dy;
	int n, i;       /* the sample reached */
	int sx, sy;     /* its square */
};

/* floor(v) as an int, for map coordinates (well inside an int's range) */
static inline int spot_ifloor(double v)
{
	int i = (int)v;
	return i - (v < (double)i);
}

/* The first sample after i (n + 1: none) whose coordinate a + d * k / n
 * is out of the unit interval [s, s + 1). */
static inline int spot_line_out(double a, double d, int s, int i, int n)
{
	if (d == 0)
		return n + 1;
	double est = ((d > 0 ? s + 1 : s) - a) * n / d;
	int k = est <= i ? i + 1 : est >= n ? n : (int)est;
	/* back while the sample before is out too, on while this one is in */
	while (k - 1 > i && spot_ifloor(a + d * (k - 1) / n) != s)
		k--;
	while (k <= n && spot_ifloor(a + d * k / n) == s)
		k++;
	return k;
}

/* Starts at sample 0. */
static inline void spot_line_begin(struct spot_line *ln, double ax, double ay, double bx, double by, int n)
{
	*ln = (struct spot_line){ ax, ay, bx - ax, by - ay, n, 0, spot_ifloor(ax), spot_ifloor(ay) };
}

/* Moves to the first later sample in another square than the one reached,
 * setting sx, sy; 0 when no later sample is. The squares met are those a
 * walk over every sample meets, in the same order. */
static inline int spot_line_next(struct spot_line *ln)
{
	int kx = spot_line_out(ln->ax, ln->dx, ln->sx, ln->i, ln->n);
	int ky = spot_line_out(ln->ay, ln->dy, ln->sy, ln->i, ln->n);
	int k = kx < ky ? kx : ky;
	if (k > ln->n)
		return 0;
	ln->i = k;
	ln->sx = spot_ifloor(ln->ax + ln->dx * k / ln->n);
	ln->sy = spot_ifloor(ln->ay + ln->dy * k / ln->n);
	return 1;
}

#endif
