/* spot_line.c: the squares a sampled leader line passes (see spot_line.h).
 * The samples' places are monotone along the line, so the next square is
 * found by estimating the first sample past the current square's edge and
 * checking it and the one before with the samples' own formula, not by
 * visiting every sample on the way. */
#include "layout/spot_line.h"

#include <math.h>

static inline int ifloor(double v)
{
	int i = (int)v;
	return i - (v < (double)i);
}

static double sample_at(double a, double d, int i, int n)
{
	return a + d * i / n;
}

/* The first sample after i (at most n + 1: none) whose coordinate a + d * k
 * / n leaves the unit interval [s, s + 1). */
static int first_out(double a, double d, int s, int i, int n)
{
	if (d == 0)
		return n + 1;
	double edge = d > 0 ? s + 1 : s;
	double est = (edge - a) * n / d;
	int k = est <= i ? i + 1 : est >= n + 1 ? n + 1 : (int)ceil(est);
	if (k > n)
		k = n + 1;
	/* down while the sample before is already out, up while k is still in */
	while (k - 1 > i && ifloor(sample_at(a, d, k - 1, n)) != s)
		k--;
	while (k <= n && ifloor(sample_at(a, d, k, n)) == s)
		k++;
	return k;
}

void spot_line_begin(struct spot_line *ln, double ax, double ay, double bx, double by, int n)
{
	*ln = (struct spot_line){ ax, ay, bx - ax, by - ay, n, 0, ifloor(ax), ifloor(ay) };
}

int spot_line_next(struct spot_line *ln)
{
	int kx = first_out(ln->ax, ln->dx, ln->sx, ln->i, ln->n);
	int ky = first_out(ln->ay, ln->dy, ln->sy, ln->i, ln->n);
	int k = kx < ky ? kx : ky;
	if (k > ln->n)
		return 0;
	ln->i = k;
	ln->sx = ifloor(sample_at(ln->ax, ln->dx, k, ln->n));
	ln->sy = ifloor(sample_at(ln->ay, ln->dy, k, ln->n));
	return 1;
}
