/* invariants.c: the generic invariants of a generated level, and the sweep
 * that checks them over many seeds for any method (see invariants.h). */
#include "invariants.h"

#include "model/key.h"
#include "methods/levels.h"
#include "model/map_check.h"
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *say(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static const char *say(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return buf;
}

int test_generate_logged(struct map *m, const struct method *meth, const char *seed, const struct gen_params *p,
			 int *warnings, struct err *e)
{
	struct gen_params params = *p;
	struct log lg = { NULL, NULL, 0 };
	if (!params.template_dirs)
		params.template_dirs = test_template_dirs();
	int rc = levels_generate_one(m, meth, &params, seed, KEY_NUMBER_ENTRANCE, &lg, e);
	if (warnings)
		*warnings = lg.warnings;
	return rc;
}

/* Stairs: down exactly when a level follows, up exactly on the start square. */
static const char *check_stairs(const struct map *m, const struct gen_params *p, char *buf, size_t size)
{
	int down = 0, up = 0;
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *s = &m->stairs[i];
		if (s->dir == STAIR_DOWN) {
			down++;
			if (s->to_level != p->depth + 1)
				return say(buf, size, "stairs down at (%d, %d) lead to level %d, not %d", s->x, s->y,
					   s->to_level, p->depth + 1);
		} else {
			up++;
			if (s->x != p->start_x || s->y != p->start_y)
				return say(buf, size, "stairs up at (%d, %d), not on the start square (%d, %d)", s->x,
					   s->y, p->start_x, p->start_y);
		}
	}
	if (p->depth < p->levels && down == 0)
		return say(buf, size, "no stairs down on level %d of %d", p->depth, p->levels);
	if (p->depth >= p->levels && down > 0)
		return say(buf, size, "stairs down on the last level (%d)", p->depth);
	if (p->start_x >= 0 && up != 1)
		return say(buf, size, "%d stairs up for the start square (%d, %d)", up, p->start_x, p->start_y);
	if (p->start_x < 0 && up > 0)
		return say(buf, size, "stairs up on a level with no start square");
	if (p->start_x >= 0 && m->entrance.side != -1)
		return say(buf, size, "a level entered by stairs has an entrance on side %d", m->entrance.side);
	return NULL;
}

/* An entrance on the grid's border, facing out, has its door to the outside. */
static const char *check_entrance(const struct map *m, char *buf, size_t size)
{
	int side = m->entrance.side;
	if (side < 0)
		return NULL;
	if (side >= SIDE_COUNT)
		return say(buf, size, "entrance side %d", side);
	int x = m->entrance.x, y = m->entrance.y;
	if (!map_in(m, x + side_dx[side], y + side_dy[side]) && map_find_door(m, x, y, (enum side)side) < 0)
		return say(buf, size, "the entrance at (%d, %d) is on the %s border but has no door", x, y,
			   side_name((enum side)side));
	return NULL;
}

/* The key has one entry per numbered region, in number order. */
static const char *check_key(const struct map *m, int keyed, char *buf, size_t size)
{
	struct key k;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 0, NULL, test_template_dirs(), 0, NULL, 0, 0 };
	struct err e;
	const char *bad = NULL;
	if (key_build(&k, m, &ko, &e) < 0) {
		key_free(&k);
		return say(buf, size, "key_build: %s", e.msg);
	}
	if (k.n != keyed)
		bad = say(buf, size, "the key has %d entries for %d numbered regions", k.n, keyed);
	for (int i = 0; !bad && i < k.n; i++) {
		const struct key_entry *en = &k.entries[i];
		if (en->number != i + 1 || en->region < 1 || en->region > m->nregions ||
		    m->regions[en->region].number != en->number)
			bad = say(buf, size, "key entry %d is numbered %d for region %d", i + 1, en->number, en->region);
	}
	key_free(&k);
	return bad;
}

const char *test_invariants(const struct map *m, const struct gen_params *p, int warnings, unsigned flags,
			    char *buf, size_t size)
{
	struct err e;
	const char *bad;
	if (map_check(m, &e) < 0)
		return say(buf, size, "map_check: %s", e.msg);
	if (m->w != p->w || m->h != p->h)
		return say(buf, size, "the map is %dx%d, not the %dx%d grid asked for", m->w, m->h, p->w, p->h);
	int keyed = 0;
	for (int id = 1; id <= m->nregions; id++) {
		if ((unsigned)m->regions[id].kind >= REGION_KIND_COUNT)
			return say(buf, size, "region %d has kind %d", id, (int)m->regions[id].kind);
		if (m->regions[id].number > 0)
			keyed++;
	}
	for (int i = 0; i < m->ndoors; i++)
		if ((unsigned)m->doors[i].kind >= DOOR_KIND_COUNT)
			return say(buf, size, "door %d has kind %d", i, (int)m->doors[i].kind);
	for (long i = 0; i < (long)m->w * m->h; i++)
		if (m->features[i] >= FEATURE_COUNT)
			return say(buf, size, "square %ld has feature %d", i, m->features[i]);
	if (m->nnotes < 0 || m->nnotes > MAP_MAX_NOTES)
		return say(buf, size, "%d notes", m->nnotes);
	if (m->nfigures < 0 || m->nfigures > MAP_MAX_FIGURES)
		return say(buf, size, "%d figures", m->nfigures);
	if ((bad = check_stairs(m, p, buf, size)) || (bad = check_entrance(m, buf, size)) ||
	    (bad = check_key(m, keyed, buf, size)))
		return bad;
	if (!(flags & SWEEP_COUNT_NOT_TARGET) && keyed < p->rooms && warnings == 0)
		return say(buf, size, "%d numbered regions for %d rooms asked for, and no warning", keyed, p->rooms);
	return NULL;
}

const char *test_same_map(const struct map *a, const struct map *b, char *buf, size_t size)
{
	if (a->w != b->w || a->h != b->h || a->nregions != b->nregions || a->ndoors != b->ndoors ||
	    a->nstairs != b->nstairs || a->nlocks != b->nlocks || a->nzones != b->nzones || a->nnotes != b->nnotes ||
	    a->nfigures != b->nfigures)
		return say(buf, size, "different sizes or counts");
	size_t squares = (size_t)a->w * (size_t)a->h;
	if (memcmp(a->cells, b->cells, squares * sizeof *a->cells) != 0 ||
	    memcmp(a->features, b->features, squares) != 0)
		return say(buf, size, "different squares");
	for (int id = 1; id <= a->nregions; id++) {
		const struct region *ra = &a->regions[id], *rb = &b->regions[id];
		if (ra->kind != rb->kind || ra->number != rb->number || strcmp(ra->name, rb->name) != 0 ||
		    ra->zone != rb->zone || ra->flags != rb->flags)
			return say(buf, size, "region %d differs", id);
	}
	for (int i = 0; i < a->ndoors; i++)
		if (memcmp(&a->doors[i], &b->doors[i], sizeof a->doors[i]) != 0)
			return say(buf, size, "door %d differs", i);
	for (int i = 0; i < a->nstairs; i++)
		if (memcmp(&a->stairs[i], &b->stairs[i], sizeof a->stairs[i]) != 0)
			return say(buf, size, "stairs %d differ", i);
	for (int i = 0; i < a->nlocks; i++)
		if (a->locks[i].door != b->locks[i].door || a->locks[i].region != b->locks[i].region ||
		    strcmp(a->locks[i].name, b->locks[i].name) != 0)
			return say(buf, size, "lock %d differs", i);
	for (int i = 0; i < a->nnotes; i++)
		if (strcmp(a->notes[i], b->notes[i]) != 0)
			return say(buf, size, "note %d differs", i);
	for (int i = 0; i < a->nfigures; i++)
		if (strcmp(a->figures[i], b->figures[i]) != 0)
			return say(buf, size, "figure %d differs", i);
	if (a->entrance.x != b->entrance.x || a->entrance.y != b->entrance.y || a->entrance.side != b->entrance.side)
		return say(buf, size, "different entrances");
	return NULL;
}

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

void test_sweep(const struct sweep *sw, struct sweep_stats *stats)
{
	const struct method *meth = method_find(sw->method);
	struct sweep_stats local;
	struct gen_params base;
	ck_assert_msg(meth != NULL, "no method %s", sw->method);
	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof *stats);
	if (sw->params) {
		base = *sw->params;
	} else {
		gen_params_default(&base);
		base.rooms = meth->default_rooms;
	}
	if ((base.w == 0 || base.h == 0) && meth->fit_size)
		meth->fit_size(base.rooms, &base.w, &base.h);
	int levels = sw->flags & SWEEP_LEVELS ? 2 : 1;
	for (int i = 0; i < sw->seeds; i++) {
		char seed[64], buf[600];
		snprintf(seed, sizeof seed, "%s-%d", sw->prefix ? sw->prefix : "sweep", i);
		struct gen_params p = base;
		p.levels = levels > 1 ? levels : base.levels;
		p.start_x = p.start_y = -1;
		for (int depth = 1; depth <= levels; depth++) {
			struct map m, again;
			struct err e;
			int warnings = 0, w2;
			p.depth = depth;
			int rc = test_generate_logged(&m, meth, seed, &p, &warnings, &e);
			ck_assert_msg(rc == 0, "%s seed %s level %d: %s", meth->name, seed, depth, e.msg);
			const char *bad = test_invariants(&m, &p, warnings, sw->flags, buf, sizeof buf);
			if (!bad && sw->check)
				bad = sw->check(&m, &p, sw->ctx, buf, sizeof buf);
			if (!bad && ((sw->flags & SWEEP_TWICE) || i % 10 == 0)) {
				rc = test_generate_logged(&again, meth, seed, &p, &w2, &e);
				ck_assert_msg(rc == 0, "%s seed %s level %d, again: %s", meth->name, seed, depth, e.msg);
				bad = test_same_map(&m, &again, buf, sizeof buf);
				if (!bad && w2 != warnings)
					bad = "a different number of warnings";
				map_free(&again);
			}
			ck_assert_msg(bad == NULL, "%s seed %s level %d (%dx%d, %d rooms): %s", meth->name, seed, depth,
				      p.w, p.h, p.rooms, bad);
			stats->maps++;
			stats->warned += warnings > 0;
			int keyed = 0;
			for (int id = 1; id <= m.nregions; id++)
				keyed += m.regions[id].number > 0;
			stats->keyed += keyed;
			stats->short_count += keyed < p.rooms;
			if (depth < levels)
				ck_assert_msg(find_stairs_down(&m, &p.start_x, &p.start_y), "%s seed %s: no stairs down",
					      meth->name, seed);
			map_free(&m);
		}
	}
}
