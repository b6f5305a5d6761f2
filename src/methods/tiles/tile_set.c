/* tile_set.c: the tile library of one run (see tile_set.h): the tiles
 * read, the distinct turned copies of every tile and the (facing, width)
 * index the joiner looks candidates up in. */
#include "methods/tiles/tile_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tile_set_add(struct tile_set *s, struct tile *t, struct err *e)
{
	for (int i = 0; i < s->ntiles; i++) {
		struct tile *old = &s->tiles[i];
		if (strcmp(old->name, t->name) != 0)
			continue;
		if (old->source == t->source)
			return err_at(e, t->file, t->line, 1, "tile '%s' is already defined at %s:%d",
				      t->name, old->file, old->line);
		tile_free(old);
		*old = *t;
		return 0;
	}
	if (s->ntiles == s->tiles_cap) {
		int ncap = s->tiles_cap ? s->tiles_cap * 2 : 32;
		struct tile *p = realloc(s->tiles, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory adding tile '%s'", t->name);
		s->tiles = p;
		s->tiles_cap = ncap;
	}
	s->tiles[s->ntiles++] = *t;
	return 0;
}

/* Adds the distinct copies of tile i. */
static int add_variants(struct tile_set *s, int i, struct err *e)
{
	int first = s->nvariants;
	for (int turn = 0; turn < TILE_TURNS; turn++) {
		struct tile t;
		/* the drawing first: a copy that repeats an earlier one (a
		 * symmetric tile) is dropped before its doors are carried over.
		 * The tile read has no corner posts left, so its turned drawing
		 * is what tile_analyse would leave of it. */
		if (tile_turn_drawing(&s->tiles[i], turn, &t, e) < 0)
			return -1;
		int keeps = turn % 2 == 0, dup = -1;
		for (int v = first; v < s->nvariants && dup < 0; v++)
			if (tile_same_drawing(&s->variants[v].t, &t))
				dup = v;
		if (dup >= 0) {
			s->variants[dup].keeps_axes |= keeps;
			tile_free(&t);
			continue;
		}
		if (tile_turn_analysis(&s->tiles[i], turn, &t, e) < 0) {
			tile_free(&t);
			return -1;
		}
		if (s->nvariants == s->variants_cap) {
			int ncap = s->variants_cap ? s->variants_cap * 2 : 64;
			struct tile_variant *p = realloc(s->variants, (size_t)ncap * sizeof *p);
			if (!p) {
				tile_free(&t);
				return err_set(e, "out of memory turning tiles");
			}
			s->variants = p;
			s->variants_cap = ncap;
		}
		s->variants[s->nvariants++] = (struct tile_variant){ t, i, turn, keeps };
	}
	return 0;
}

static int add_cand(struct tile_set *s, int f, int w, int tile, int variant, int door, struct err *e)
{
	int n = s->ncands[f][w];
	if ((n & (n - 1)) == 0) {   /* grow at 0, 1, 2, 4, 8, ... */
		struct tile_cand *p = realloc(s->cands[f][w], (size_t)(n ? n * 2 : 1) * sizeof *p);
		if (!p)
			return err_set(e, "out of memory indexing tiles");
		s->cands[f][w] = p;
	}
	s->cands[f][w][n] = (struct tile_cand){ variant, door };
	s->ncands[f][w] = n + 1;
	int g = s->ngroups[f][w];
	if (g > 0 && s->groups[f][w][g - 1].tile == tile) {
		s->groups[f][w][g - 1].count++;
		return 0;
	}
	if ((g & (g - 1)) == 0) {
		struct tile_group *p = realloc(s->groups[f][w], (size_t)(g ? g * 2 : 1) * sizeof *p);
		if (!p)
			return err_set(e, "out of memory indexing tiles");
		s->groups[f][w] = p;
	}
	s->groups[f][w][g] = (struct tile_group){ tile, n, 1 };
	s->ngroups[f][w] = g + 1;
	return 0;
}

int tile_set_index(struct tile_set *s, const char *where, struct err *e)
{
	int has_width[TILE_MAX_DOOR + 1] = { 0 };
	s->entrances = 0;
	for (int i = 0; i < s->ntiles; i++) {
		if (add_variants(s, i, e) < 0)
			return -1;
		s->entrances += s->tiles[i].kind == TILE_ENTRANCE;
	}
	if (s->entrances == 0)
		return err_usage(e, "no entrance tile (kind:entrance) among the tiles in %s", where);
	for (int v = 0; v < s->nvariants; v++) {
		const struct tile_variant *tv = &s->variants[v];
		if (tv->t.kind == TILE_ENTRANCE)
			continue;
		for (int d = 0; d < tv->t.ndoors; d++) {
			const struct tile_door *door = &tv->t.doors[d];
			if (door->facing < 0 || door->entry || (door->width > 1 && !tv->keeps_axes))
				continue;
			if (add_cand(s, door->facing, door->width, tv->tile, v, d, e) < 0)
				return -1;
			has_width[door->width] = 1;
		}
	}
	s->nwidths = 0;
	for (int w = 1; w <= TILE_MAX_DOOR; w++)
		if (has_width[w])
			s->widths[s->nwidths++] = w;
	return 0;
}

void tile_set_free(struct tile_set *s)
{
	for (int i = 0; i < s->ntiles; i++)
		tile_free(&s->tiles[i]);
	for (int v = 0; v < s->nvariants; v++)
		tile_free(&s->variants[v].t);
	free(s->tiles);
	free(s->variants);
	for (int f = 0; f < SIDE_COUNT; f++)
		for (int w = 0; w <= TILE_MAX_DOOR; w++) {
			free(s->cands[f][w]);
			free(s->groups[f][w]);
		}
	memset(s, 0, sizeof *s);
}
