/* key_exits.c: an entry's exits: each door of the region followed to the
 * numbered rooms it leads to (through any corridors), then said wall by
 * wall in one paragraph ("North: doors to rooms 3 and 5; opening,
 * corridor to a portcullis into room 8."): through a corridor, each room
 * with the door at the corridor's far end, so both ends of a corridor
 * name both its doors. */
#include "model/key_int.h"

#include "base/sbuf.h"

#include <stdlib.h>

/* The keyed regions reached from `from` through door d: the region beyond, or,
 * when that is a corridor, every keyed region the corridor network touches
 * (for the players, not through a secret door), each with the door it is
 * entered by. */
static void follow_exit(const struct map *m, const struct graph *g, int from, const struct door *d, int player,
			struct key_exit *x, int *stack, unsigned char *seen)
{
	int a, b;
	map_door_regions(m, d, &a, &b);
	int to = a == from ? b : a;
	x->to_region = to;
	x->nleads = 0;
	x->via_corridor = 0;
	if (to <= 0)
		return;
	if (region_is_keyed(m->regions[to].kind)) {
		x->leads[x->nleads++] = m->regions[to].number;
		return;
	}
	x->via_corridor = 1;
	int top = 0, nseen = 0;
	stack[top++] = to;
	seen[to] = 1;
	int *visited = stack + m->nregions + 1;
	visited[nseen++] = to;
	while (top > 0) {
		int r = stack[--top];
		for (int k = g->first[r]; k < g->first[r + 1]; k++) {
			const struct door *dd = &m->doors[g->edges[k]];
			if (player && dd->kind == DOOR_SECRET)
				continue;   /* the players' key keeps the far end's secret too */
			int p, q;
			map_door_regions(m, dd, &p, &q);
			int o = p == r ? q : p;
			if (o <= 0 || o == from || seen[o])
				continue;
			seen[o] = 1;
			visited[nseen++] = o;
			if (region_is_keyed(m->regions[o].kind)) {
				if (x->nleads < (int)(sizeof x->leads / sizeof x->leads[0])) {
					x->far[x->nleads] = dd->kind;
					x->leads[x->nleads++] = m->regions[o].number;
				}
			} else {
				stack[top++] = o;
			}
		}
	}
	for (int i = 0; i < nseen; i++)
		seen[visited[i]] = 0;
	/* sort the room numbers for a tidy sentence */
	for (int i = 1; i < x->nleads; i++)
		for (int j = i; j > 0 && x->leads[j - 1] > x->leads[j]; j--) {
			int t = x->leads[j];
			x->leads[j] = x->leads[j - 1];
			x->leads[j - 1] = t;
			enum door_kind f = x->far[j];
			x->far[j] = x->far[j - 1];
			x->far[j - 1] = f;
		}
}

static const char *door_phrase(enum door_kind kind, int plural)
{
	switch (kind) {
	case DOOR_OPENING: return plural ? "openings" : "opening";
	case DOOR_LOCKED: return plural ? "locked doors" : "locked door";
	case DOOR_SECRET: return plural ? "secret doors" : "secret door";
	case DOOR_PORTCULLIS: return plural ? "portcullises" : "portcullis";
	default: return plural ? "doors" : "door";
	}
}

/* An exit straight into one numbered region, not locked: exits like it on
 * the same wall read as one phrase ("doors to rooms 3, 5 and 8"). */
static int exit_merges(const struct key_exit *x)
{
	return !x->via_corridor && x->nleads == 1 && x->kind != DOOR_LOCKED && x->to_region > 0;
}

static int exits_merge(const struct map *m, const struct key_exit *x, const struct key_exit *y)
{
	return x->wall == y->wall && x->kind == y->kind && exit_merges(x) && exit_merges(y) &&
	       m->regions[x->to_region].kind == m->regions[y->to_region].kind;
}

static void add_numbers(struct sbuf *s, const int *v, int n)
{
	for (int i = 0; i < n; i++) {
		sbuf_add(s, i == 0 ? "" : (i == n - 1 ? " and " : ", "));
		sbuf_add_int(s, v[i]);
	}
}

/* "a portcullis into room 3", "doors into rooms 3 and 5", "room 4" (an
 * opening: no door at the far end) for the rooms x leads to through a
 * corridor, grouped by the door at the corridor's far end, the groups in
 * the order of their lowest room. */
static void far_ends(struct sbuf *s, const struct key_exit *x)
{
	int kinds[DOOR_KIND_COUNT], nkinds = 0;
	for (int i = 0; i < x->nleads; i++) {
		int seen = 0;
		for (int k = 0; k < nkinds; k++)
			seen |= kinds[k] == (int)x->far[i];
		if (!seen)
			kinds[nkinds++] = (int)x->far[i];
	}
	for (int k = 0; k < nkinds; k++) {
		int v[8], n = 0;
		for (int i = 0; i < x->nleads; i++)
			if ((int)x->far[i] == kinds[k])
				v[n++] = x->leads[i];
		sbuf_add(s, k == 0 ? "" : k == nkinds - 1 ? " and " : ", ");
		if (kinds[k] != DOOR_OPENING || nkinds > 1)
			sbuf_printf(s, "%s%s into ", n > 1 ? "" : kinds[k] == DOOR_OPENING ? "an " : "a ",
				    door_phrase((enum door_kind)kinds[k], n > 1));
		sbuf_add(s, n > 1 ? "rooms " : "room ");
		add_numbers(s, v, n);
	}
}

/* Two exits of one wall that read the same: the same kind of door into the
 * same region (a cave room open to its passage along several squares). */
static int exits_alike(const struct key_exit *x, const struct key_exit *y)
{
	return x->kind == y->kind && x->to_region == y->to_region && x->via_corridor == y->via_corridor;
}

/* One phrase for the n exits x[0..n) (n > 1 only for exits that merge);
 * many: the door is one of several alike. */
static void exit_phrase(struct sbuf *s, const struct map *m, const struct key_exit *x, int n, int many)
{
	const struct door *d = &m->doors[x->door];
	sbuf_add(s, door_phrase(x->kind, n > 1 || many));
	if (x->to_region <= 0) {
		sbuf_add(s, " to the outside");
	} else if (x->nleads == 0) {
		sbuf_add(s, x->via_corridor ? " to a dead-end corridor" : "");
	} else {
		enum region_kind k = m->regions[x->to_region].kind;
		int plural = n > 1 || x->nleads > 1;
		const char *by = m->regions[x->to_region].name;
		if (x->via_corridor && by[0])   /* a named passage: "across the Underground Lake" */
			sbuf_printf(s, ", across the %s to ", by);
		else
			sbuf_add(s, x->via_corridor ? ", corridor to " : " to ");
		if (n > 1) {
			int distinct = 1;
			for (int i = 1; i < n; i++)
				distinct += x[i].leads[0] != x[i - 1].leads[0];
			plural = distinct > 1 || x->nleads > 1;
		}
		if (x->via_corridor) {
			far_ends(s, x);
		} else {
			if (k == REGION_HALL)
				sbuf_add(s, plural ? "hallways " : "hallway ");
			else if (k == REGION_BRIDGE)
				sbuf_add(s, plural ? "bridges " : "bridge ");
			else
				sbuf_add(s, plural ? "rooms " : "room ");
			int leads[64], nl = 0;
			for (int i = 0; i < n && nl < 64; i++)
				if (nl == 0 || leads[nl - 1] != x[i].leads[0])
					leads[nl++] = x[i].leads[0];
			add_numbers(s, leads, nl);
		}
	}
	if (d->kind == DOOR_LOCKED && d->lock >= 0) {
		const struct lock *l = &m->locks[d->lock];
		int kr = l->region;
		if (kr > 0 && kr <= m->nregions && m->regions[kr].number > 0)
			sbuf_printf(s, " (opened by the %s, in room %d)", l->name, m->regions[kr].number);
		else
			sbuf_printf(s, " (opened by the %s)", l->name);
	}
}

/* Writes the exits paragraph: a sentence per wall, its exits in phrases
 * parted by semicolons ("North: doors to rooms 3 and 5; opening, corridor
 * to room 8."). The exits are sorted by wall. */
static void exit_paragraph(struct sbuf *s, const struct map *m, const struct key_exit *x, int n)
{
	static const char *const walls[SIDE_COUNT] = { "North", "East", "South", "West" };
	for (int i = 0; i < n;) {
		int wall_end = i;
		while (wall_end < n && x[wall_end].wall == x[i].wall)
			wall_end++;
		sbuf_add(s, i > 0 ? " " : "");
		sbuf_add(s, walls[x[i].wall]);
		sbuf_add(s, ": ");
		int said = 0;
		for (int j = i; j < wall_end;) {
			int k = j + 1;
			while (k < wall_end && k - j < 64 && exits_merge(m, &x[j], &x[k]))
				k++;
			/* an exit like one said before on this wall is said with it */
			int before = 0, alike = 0;
			for (int p = i; p < j && !before; p++)
				before = k == j + 1 && exits_alike(&x[p], &x[j]);
			for (int p = j + 1; p < wall_end && k == j + 1; p++)
				alike += exits_alike(&x[p], &x[j]);
			if (!before) {
				if (said++)
					sbuf_add(s, "; ");
				exit_phrase(s, m, &x[j], k - j, alike > 0);
			}
			j = k;
		}
		sbuf_add(s, ".");
		i = wall_end;
	}
}

/* By wall; on a wall, exits that merge together (same kind of door, same
 * kind of region beyond) in the order of their room numbers. */
static int cmp_exit(const void *a, const void *b)
{
	const struct key_exit *p = a, *q = b;
	if (p->wall != q->wall)
		return (int)p->wall - (int)q->wall;
	int mp = exit_merges(p), mq = exit_merges(q);
	if (mp != mq)
		return mq - mp;
	if (p->kind != q->kind)
		return (int)p->kind - (int)q->kind;
	int lp = p->nleads ? p->leads[0] : 0, lq = q->nleads ? q->leads[0] : 0;
	if (lp != lq)
		return lp - lq;
	return p->door - q->door;
}

int key_exits_build(struct key_entry *en, const struct map *m, const struct graph *g, int id,
		    const struct key_options *o, int *stack, unsigned char *seen, struct err *e)
{
	int deg = g->first[id + 1] - g->first[id];
	en->exit_list = calloc((size_t)deg + 1, sizeof *en->exit_list);
	if (!en->exit_list)
		return err_set(e, "out of memory for the key");
	for (int k = g->first[id]; k < g->first[id + 1]; k++) {
		int di = g->edges[k];
		const struct door *d = &m->doors[di];
		if (o->player && d->kind == DOOR_SECRET)
			continue;
		struct key_exit *x = &en->exit_list[en->nexits++];
		x->door = di;
		x->kind = d->kind;
		x->wall = map_at(m, d->x, d->y) == id ? d->side : side_opposite(d->side);
		follow_exit(m, g, id, d, o->player, x, stack, seen);
	}
	qsort(en->exit_list, (size_t)en->nexits, sizeof *en->exit_list, cmp_exit);
	struct sbuf s;
	sbuf_init(&s);
	if (en->nexits == 0)
		sbuf_add(&s, "No exits.");
	exit_paragraph(&s, m, en->exit_list, en->nexits);
	en->exits = sbuf_take(&s);
	if (!en->exits)
		return err_set(e, "out of memory for the key");
	return 0;
}
