/* tile_transform.c: turning and mirroring tiles. A turn number 0..7 is a
 * mirror west to east when it is 4 or more, followed by (turn % 4) quarter
 * turns clockwise; the eight numbers give every way a tile can lie on the
 * grid (methods/turn.h, which the cards method's room cards share). The
 * doors of the new copy are found afresh from its drawing, so a turned
 * tile obeys exactly the rules a drawn one does. */
#include "methods/tiles/tile.h"
#include "methods/turn.h"

#include <stdlib.h>
#include <string.h>

int tile_turn_drawing(const struct tile *src, int turn, struct tile *out, struct err *e)
{
	memset(out, 0, sizeof *out);
	memcpy(out->name, src->name, sizeof out->name);
	memcpy(out->title, src->title, sizeof out->title);
	memcpy(out->file, src->file, sizeof out->file);
	out->kind = src->kind;
	out->weight = src->weight;
	out->line = src->line;
	out->source = src->source;
	int nw, nh;
	long at0, step_x, step_y;
	turn_steps(src->w, src->h, turn, &at0, &step_x, &step_y, &nw, &nh);
	out->w = nw;
	out->h = nh;
	out->cells = malloc((size_t)nw * (size_t)nh);
	if (!out->cells)
		return err_set(e, "out of memory turning tile '%s'", src->name);
	for (int y = 0; y < src->h; y++) {
		long at = at0 + y * step_y;
		for (int x = 0; x < src->w; x++, at += step_x)
			out->cells[at] = src->cells[y * src->w + x];
	}
	return 0;
}

int tile_transform(const struct tile *src, int turn, struct tile *out, struct err *e)
{
	if (tile_turn_drawing(src, turn, out, e) < 0)
		return -1;
	if (tile_analyse(out, e) < 0) {
		tile_free(out);
		return -1;
	}
	return 0;
}
