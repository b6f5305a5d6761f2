/* turn.c: turning and mirroring a drawing's squares (see turn.h). */
#include "methods/turn.h"

void turn_point(int w, int h, int turn, int x, int y, int *nx, int *ny, int *nw, int *nh)
{
	if (turn >= 4)
		x = w - 1 - x;
	for (int q = 0; q < turn % 4; q++) {
		/* a quarter turn clockwise: the west column becomes the north row */
		int tx = h - 1 - y, ty = x;
		int t = w;
		w = h;
		h = t;
		x = tx;
		y = ty;
	}
	*nx = x;
	*ny = y;
	*nw = w;
	*nh = h;
}

void turn_steps(int w, int h, int turn, long *at0, long *step_x, long *step_y, int *nw, int *nh)
{
	/* the turn is affine: where (0, 0) goes and where one step east or
	 * south moves it */
	int x0, y0, x1, y1, x2, y2;
	turn_point(w, h, turn, 0, 0, &x0, &y0, nw, nh);
	turn_point(w, h, turn, 1, 0, &x1, &y1, nw, nh);
	turn_point(w, h, turn, 0, 1, &x2, &y2, nw, nh);
	*at0 = (long)y0 * *nw + x0;
	*step_x = (long)(y1 - y0) * *nw + (x1 - x0);
	*step_y = (long)(y2 - y0) * *nw + (x2 - x0);
}
