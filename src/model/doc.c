/* doc.c: what a document's levels own, and the check of a sheet's scale
 * (doc.h). */
#include "model/doc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int sheet_scale_check(double scale, struct err *e)
{
	if (!isfinite(scale) || scale < SHEET_SCALE_MIN)
		return err_usage(e, "--scale: '%g' is not a scale (squares per inch, %d to %d, or fit)", scale,
				 SHEET_SCALE_MIN, SHEET_SCALE_MAX);
	if (scale <= SHEET_SCALE_MAX)
		return 0;
	char side[32];
	if (1 / scale >= 0.005)
		snprintf(side, sizeof side, "%.2fin", 1 / scale);
	else
		snprintf(side, sizeof side, "under 0.01in");
	return err_usage(e, "--scale %g: squares would be %s, too small to read; %d squares to the inch is the finest "
			 "(use --scale %d to %d, or fit; or --poster to print a large map in pieces)", scale, side,
			 SHEET_SCALE_MAX, SHEET_SCALE_MIN, SHEET_SCALE_MAX);
}

void levels_free(struct level *levels, int n)
{
	for (int k = 0; k < n; k++) {
		key_free(&levels[k].key);
		map_free(&levels[k].map);
		free(levels[k].uses);
		levels[k].uses = NULL;
	}
}
