/* levels.c: generating the levels of a document, one after another. */
#include "levels.h"

#include "map_check.h"

#include <stdio.h>
#include <string.h>

/* The contents of level k are rolled from this stream, apart from the map's. */
#define LEVELS_STOCK_STREAM 1000u

static int find_stairs_down(const struct map *m, int *x, int *y)
{
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == STAIR_DOWN) {
			*x = m->stairs[i].x;
			*y = m->stairs[i].y;
			return 1;
		}
	return 0;
}

int levels_generate(struct level *levels, int n, const struct method *const *methods, int nmethods,
		    const struct gen_params *base, const char *seed, enum key_numbering numbering,
		    struct log *log, struct err *e)
{
	int start_x = base->start_x, start_y = base->start_y;
	for (int k = 0; k < n; k++) {
		const struct method *meth = methods[k < nmethods ? k : nmethods - 1];
		struct gen_params p = *base;
		struct map *m = &levels[k].map;
		struct rng rng;
		p.depth = k + 1;
		p.levels = n;
		p.start_x = start_x;
		p.start_y = start_y;
		rng_seed_text(&rng, seed, (unsigned)p.depth);
		if (map_init(m, p.w, p.h, e) < 0)
			return -1;
		m->square_feet = meth->square_feet;
		m->depth = p.depth;
		m->method = meth->name;
		if (n > 1)
			log_step(log, "Level %d: the %s method%s", p.depth, meth->name,
				 start_x >= 0 ? ", grown from the stairs above" : "");
		if (meth->generate(m, &p, &rng, log, e) < 0)
			return -1;
		map_recount(m);
		if (key_number(m, numbering, e) < 0)
			return -1;
		struct err check;
		if (map_check(m, &check) < 0)
			return err_set(e, "internal error: the %s method made a broken level %d (seed %s): %s",
				       meth->name, p.depth, seed, check.msg);
		if (k + 1 < n && !find_stairs_down(m, &start_x, &start_y))
			return err_set(e, "the %s method made level %d without stairs down", meth->name, p.depth);
	}
	return 0;
}

int levels_build_keys(struct level *levels, int n, const struct key_options *o, const char *seed,
		      struct err *e)
{
	for (int k = 0; k < n; k++) {
		struct rng rng;
		rng_seed_text(&rng, seed, LEVELS_STOCK_STREAM + (unsigned)k + 1);
		if (key_build(&levels[k].key, &levels[k].map, o, &rng, e) < 0)
			return -1;
	}
	return 0;
}

void levels_warn_short(const struct level *levels, int n, int wanted, struct log *log)
{
	for (int k = 0; k < n; k++) {
		const struct map *m = &levels[k].map;
		int keyed = 0;
		for (int id = 1; id <= m->nregions; id++)
			if (m->regions[id].number > 0)
				keyed++;
		if (keyed >= wanted)
			continue;
		char level[32] = "";
		if (n > 1)
			snprintf(level, sizeof level, "level %d: ", k + 1);
		log_warn(log, "%s%s: %d numbered rooms on the %dx%d grid, fewer than the %d asked for (a larger --size "
			 "makes room for more)", level, m->method, keyed, m->w, m->h, wanted);
	}
}

void levels_free(struct level *levels, int n)
{
	for (int k = 0; k < n; k++) {
		key_free(&levels[k].key);
		map_free(&levels[k].map);
	}
}
