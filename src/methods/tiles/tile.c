/* tile.c: tile kinds by name, the region kind a tile makes, copying and
 * freeing tiles (see tile.h; the drawing alphabet is inline there). */
#include "methods/tiles/tile.h"

#include <stdlib.h>
#include <string.h>

static const char *const kind_names[TILE_KIND_COUNT] = {
	"room", "hall", "corridor", "stairs", "entrance"
};

int tile_kind_parse(const char *name)
{
	for (int k = 0; k < TILE_KIND_COUNT; k++)
		if (strcmp(kind_names[k], name) == 0)
			return k;
	return -1;
}

enum region_kind tile_region_kind(enum tile_kind k)
{
	switch (k) {
	case TILE_CORRIDOR:
		return REGION_CORRIDOR;
	case TILE_HALL:
		return REGION_HALL;
	default:
		return REGION_ROOM;
	}
}

void tile_free(struct tile *t)
{
	free(t->cells);
	free(t->comp);
	free(t->comp_area);
	free(t->doors);
	free(t->row_line);
	free(t->row_col);
	memset(t, 0, sizeof *t);
}

/* Duplicates n elements of size bytes; NULL stays NULL. Returns -1 on
 * failure to allocate. */
static int dup_array(void **dst, const void *src, size_t n, size_t size)
{
	*dst = NULL;
	if (!src)
		return 0;
	*dst = malloc(n ? n * size : 1);
	if (!*dst)
		return -1;
	memcpy(*dst, src, n * size);
	return 0;
}

int tile_copy(const struct tile *src, struct tile *out, struct err *e)
{
	size_t n = (size_t)src->w * (size_t)src->h;
	*out = *src;
	out->cells = NULL;
	out->comp = NULL;
	out->comp_area = NULL;
	out->doors = NULL;
	out->row_line = out->row_col = NULL;
	if (dup_array((void **)&out->cells, src->cells, n, 1) < 0 ||
	    dup_array((void **)&out->comp, src->comp, n, sizeof *src->comp) < 0 ||
	    dup_array((void **)&out->comp_area, src->comp_area, (size_t)src->ncomp, sizeof *src->comp_area) < 0 ||
	    dup_array((void **)&out->doors, src->doors, (size_t)src->ndoors, sizeof *src->doors) < 0 ||
	    dup_array((void **)&out->row_line, src->row_line, (size_t)src->h, sizeof *src->row_line) < 0 ||
	    dup_array((void **)&out->row_col, src->row_col, (size_t)src->h, sizeof *src->row_col) < 0) {
		tile_free(out);
		return err_set(e, "out of memory copying tile '%s'", src->name);
	}
	return 0;
}

int tile_same_drawing(const struct tile *a, const struct tile *b)
{
	return a->w == b->w && a->h == b->h && memcmp(a->cells, b->cells, (size_t)a->w * (size_t)a->h) == 0;
}
