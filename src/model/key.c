/* key.c: numbering the rooms and building the key's skeleton: titles, sizes,
 * exits and where they lead, stairs and keys. Contents come from stock.c,
 * called by whoever builds the key. */
#include "model/key.h"
#include "base/plural.h"

#include "model/connect.h"
#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *key_default_title(enum region_kind kind)
{
	switch (kind) {
	case REGION_HALL: return "Hallway";
	case REGION_BRIDGE: return "Bridge";
	case REGION_CORRIDOR: return "Corridor";
	default: return "Room";
	}
}

/* Numbers the keyed regions by distance from the entrance region (or all
 * at distance 0 in reading order), then by their first square in reading
 * order, then by id. The regions are listed in order of first square by
 * one pass over the grid's runs (regions without squares first, by id),
 * then put in order of distance by a stable counting sort: no comparison
 * sort. */
int key_number(struct map *m, enum key_numbering mode, struct err *e)
{
	int n = m->nregions;
	int *order = malloc(((size_t)n + 1) * sizeof *order);
	int *sorted = malloc(((size_t)n + 1) * sizeof *sorted);
	int *dist = malloc(((size_t)n + 1) * sizeof *dist);
	int *count = calloc((size_t)n + 3, sizeof *count);
	unsigned char *seen = calloc((size_t)n + 1, 1);
	struct graph g = { 0 };
	int rc = -1;
	if (!order || !sorted || !dist || !count || !seen) {
		err_set(e, "out of memory while numbering rooms");
		goto out;
	}
	/* the regions by their first square in reading order */
	int nseen = 0;
	for (int y = 0; y < m->h; y++) {
		const int *row = m->cells + (long)y * m->w;
		for (int x = map_row_skip_ground(row, 0, m->w); x < m->w; x = map_row_skip_ground(row, x, m->w)) {
			int id = row[x];
			x = map_row_run_end(row, x + 1, m->w, id);
			if (id > 0 && id <= n && !seen[id]) {
				seen[id] = 1;
				order[nseen++] = id;
			}
		}
	}
	if (mode == KEY_NUMBER_ENTRANCE) {
		if (graph_build(&g, m, e) < 0 ||
		    connect_distances(m, &g, connect_entrance_region(m), dist, e) < 0)
			goto out;
	}
	/* keyed regions without squares first (by id), then the others by
	 * first square; each keeps its distance (unreached: after all) */
	int count_keyed = 0;
	for (int id = 1; id <= n; id++) {
		int keyed = region_is_keyed(m->regions[id].kind);
		if (!seen[id] && keyed)
			sorted[count_keyed++] = id;
		seen[id] = (unsigned char)keyed;   /* from here on: keyed or not */
	}
	for (int i = 0; i < nseen; i++)
		if (seen[order[i]])
			sorted[count_keyed++] = order[i];
	for (int i = 0; i < count_keyed; i++) {
		int id = sorted[i], d = mode == KEY_NUMBER_ENTRANCE ? dist[id] : 0;
		dist[id] = d < 0 || d > n ? n + 1 : d;
		count[dist[id] + 1]++;
	}
	for (int d = 0; d <= n + 1; d++)
		count[d + 1] += count[d];
	for (int i = 0; i < count_keyed; i++)
		order[count[dist[sorted[i]]]++] = sorted[i];
	/* the numbers by region (dist is free again), then written in one pass
	 * over the regions' records */
	for (int id = 1; id <= n; id++)
		dist[id] = 0;
	for (int i = 0; i < count_keyed; i++)
		dist[order[i]] = i + 1;
	for (int id = 1; id <= n; id++)
		m->regions[id].number = dist[id];
	rc = 0;
out:
	graph_free(&g);
	free(order);
	free(sorted);
	free(dist);
	free(count);
	free(seen);
	return rc;
}

int key_entry_add_line(struct key_entry *en, const char *text, struct err *e)
{
	char **p = realloc(en->lines, ((size_t)en->nlines + 1) * sizeof *p);
	if (!p)
		return err_set(e, "out of memory for the key");
	en->lines = p;
	p[en->nlines] = strdup(text);
	if (!p[en->nlines])
		return err_set(e, "out of memory for the key");
	en->nlines++;
	return 0;
}

const struct key_entry *key_find(const struct key *k, int number)
{
	if (number >= 1 && number <= k->n && k->entries[number - 1].number == number)
		return &k->entries[number - 1];
	for (int i = 0; i < k->n; i++)
		if (k->entries[i].number == number)
			return &k->entries[i];
	return NULL;
}

static void size_text(const struct map *m, const struct region *r, char *out, size_t size)
{
	int ft = m->square_feet;
	const struct rect *b = &r->bounds;
	if (r->area == b->w * b->h)
		snprintf(out, size, "%d x %d ft", b->w * ft, b->h * ft);
	else
		snprintf(out, size, "%d x %d ft overall, %d square%s", b->w * ft, b->h * ft, r->area, plural_s(r->area));
}

/* "Features: 6 pillars, an altar, water (9 squares)." for a room laid
 * from a room card (see cards_deal.c); "" when it has none. */
static void features_text(const struct map *m, int id, char *out, size_t size)
{
	int count[FEATURE_COUNT] = { 0 };
	const struct rect *b = &m->regions[id].bounds;
	out[0] = '\0';
	if (!m->features)
		return;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++) {
			unsigned char f = m->features[(long)y * m->w + x];
			if (f > FEATURE_NONE && f < FEATURE_COUNT && map_at(m, x, y) == id)
				count[f]++;
		}
	static const char *const one[FEATURE_COUNT] = { "", "a pillar", "", "", "a statue", "", "an altar" };
	static const char *const many[FEATURE_COUNT] = { "", "pillars", "", "", "statues", "", "altars" };
	static const char *const area[FEATURE_COUNT] = { "", "", "water", "rubble", "", "a pit", "" };
	size_t len = 0;
	for (int f = FEATURE_PILLAR; f < FEATURE_COUNT; f++) {
		int n = count[f];
		if (n == 0 || len + 48 >= size)
			continue;
		len += (size_t)snprintf(out + len, size - len, "%s", len ? ", " : "Features: ");
		if (area[f][0])
			len += (size_t)snprintf(out + len, size - len, "%s (%d square%s)", area[f], n, n == 1 ? "" : "s");
		else if (n == 1)
			len += (size_t)snprintf(out + len, size - len, "%s", one[f]);
		else
			len += (size_t)snprintf(out + len, size - len, "%d %s", n, many[f]);
	}
	if (len > 0 && len + 1 < size)
		snprintf(out + len, size - len, ".");
}

/* The keyed regions reached from `from` through door d: the region beyond, or,
 * when that is a corridor, every keyed region the corridor network touches. */
static void follow_exit(const struct map *m, const struct graph *g, int from, const struct door *d,
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
			int p, q;
			map_door_regions(m, dd, &p, &q);
			int o = p == r ? q : p;
			if (o <= 0 || o == from || seen[o])
				continue;
			seen[o] = 1;
			visited[nseen++] = o;
			if (region_is_keyed(m->regions[o].kind)) {
				if (x->nleads < (int)(sizeof x->leads / sizeof x->leads[0]))
					x->leads[x->nleads++] = m->regions[o].number;
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
		if (!x->via_corridor && k == REGION_HALL)
			sbuf_add(s, plural ? "hallways " : "hallway ");
		else if (!x->via_corridor && k == REGION_BRIDGE)
			sbuf_add(s, plural ? "bridges " : "bridge ");
		else
			sbuf_add(s, plural ? "rooms " : "room ");
		if (n > 1) {
			int leads[64], nl = 0;
			for (int i = 0; i < n && nl < 64; i++)
				if (nl == 0 || leads[nl - 1] != x[i].leads[0])
					leads[nl++] = x[i].leads[0];
			add_numbers(s, leads, nl);
		} else {
			add_numbers(s, x->leads, x->nleads);
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

/* Collects the exits of region id and writes its exits paragraph. */
static int build_exits(struct key_entry *en, const struct map *m, const struct graph *g, int id,
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
		follow_exit(m, g, id, d, x, stack, seen);
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

void key_stair_line(const struct stair *st, char *buf, size_t size)
{
	/* stairs to another level name their square, which is the same
	 * square on both levels (the maps' edges number the squares) */
	int col = key_square_number(st->x), row = key_square_number(st->y);
	if (st->to_level > 0 && st->to_room > 0)
		snprintf(buf, size, "Stairs %s to level %d, room %d, at column %d, row %d.",
			 st->dir == STAIR_UP ? "up" : "down", st->to_level, st->to_room, col, row);
	else if (st->to_level > 0)
		snprintf(buf, size, "Stairs %s to level %d, at column %d, row %d.", st->dir == STAIR_UP ? "up" : "down",
			 st->to_level, col, row);
	else
		snprintf(buf, size, "Stairs %s.", st->dir == STAIR_UP ? "up" : "down");
}

static int add_stairs_and_keys(struct key_entry *en, const struct map *m, int id, struct err *e)
{
	char line[400];
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		if (map_at(m, st->x, st->y) != id)
			continue;
		key_stair_line(st, line, sizeof line);
		if (key_entry_add_line(en, line, e) < 0)
			return -1;
	}
	/* a key lying here, once, with every door it opens (locks of one name
	 * in one room are one key) */
	for (int i = 0; i < m->nlocks; i++) {
		const struct lock *l = &m->locks[i];
		if (l->region != id || l->door < 0)
			continue;
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = m->locks[j].region == id && m->locks[j].door >= 0 && strcmp(m->locks[j].name, l->name) == 0;
		if (seen)
			continue;
		/* "to room 7", "to rooms 7 and 5", "between rooms 2 and 3, to room 5" */
		int to[8], nto = 0, ndoors = 0;
		char between[120] = "";
		for (int j = i; j < m->nlocks; j++) {
			const struct lock *o = &m->locks[j];
			if (o->region != id || o->door < 0 || strcmp(o->name, l->name) != 0)
				continue;
			int a, b;
			map_door_regions(m, &m->doors[o->door], &a, &b);
			int na = a > 0 ? m->regions[a].number : 0, nb = b > 0 ? m->regions[b].number : 0;
			size_t used = strlen(between);
			if (na > 0 && nb > 0)
				snprintf(between + used, sizeof between - used, "%sbetween rooms %d and %d",
					 used ? ", " : "", na < nb ? na : nb, na < nb ? nb : na);
			else if (nto < 8)
				to[nto++] = na > 0 ? na : nb;
			ndoors++;
		}
		char rooms[120] = "";
		for (int k = 0; k < nto; k++) {
			size_t used = strlen(rooms);
			snprintf(rooms + used, sizeof rooms - used, "%s%d",
				 k == 0 ? "" : (k == nto - 1 ? " and " : ", "), to[k]);
		}
		snprintf(line, sizeof line, "The %s lies here; it opens the locked door%s %s%s%s%s%s.", l->name,
			 ndoors > 1 ? "s" : "", between, between[0] && nto ? ", " : "", nto ? "to room" : "",
			 nto > 1 ? "s " : (nto ? " " : ""), rooms);
		if (key_entry_add_line(en, line, e) < 0)
			return -1;
	}
	/* the way in; stairs up from above already have their line */
	int stairs_in = 0;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == STAIR_UP && m->stairs[i].to_level > 0 && m->stairs[i].x == m->entrance.x &&
		    m->stairs[i].y == m->entrance.y)
			stairs_in = 1;
	if (m->entrance.set && map_at(m, m->entrance.x, m->entrance.y) == id && !stairs_in &&
	    key_entry_add_line(en, m->entrance.side >= 0 ? "The entrance." : "The way in: stairs up.", e) < 0)
		return -1;
	return 0;
}

static int add_footer(struct key *k, const char *text, struct err *e)
{
	char **p = realloc(k->footer, ((size_t)k->nfooter + 1) * sizeof *p);
	if (!p)
		return err_set(e, "out of memory for the key");
	k->footer = p;
	if (!(p[k->nfooter] = strdup(text)))
		return err_set(e, "out of memory for the key");
	k->nfooter++;
	return 0;
}

int key_build(struct key *k, const struct map *m, const struct key_options *o, struct err *e)
{
	memset(k, 0, sizeof *k);
	int n = 0, top = 0;
	for (int id = 1; id <= m->nregions; id++)
		if (m->regions[id].number > 0) {
			n++;
			if (m->regions[id].number > top)
				top = m->regions[id].number;
		}
	struct graph g;
	if (graph_build(&g, m, e) < 0)
		return -1;
	int *stack = malloc(((size_t)m->nregions + 1) * 2 * sizeof *stack);
	unsigned char *seen = calloc((size_t)m->nregions + 1, 1);
	/* the regions by number: the players' map leaves some numbers out */
	int *by_number = calloc((size_t)top + 1, sizeof *by_number);
	k->entries = calloc((size_t)n + 1, sizeof *k->entries);
	if (!stack || !seen || !by_number || !k->entries) {
		err_set(e, "out of memory for the key");
		goto fail;
	}
	for (int id = 1; id <= m->nregions; id++) {
		int num = m->regions[id].number;
		if (num <= 0)
			continue;
		if (by_number[num]) {
			err_set(e, "regions %d and %d are both numbered %d", by_number[num], id, num);
			goto fail;
		}
		by_number[num] = id;
	}
	for (int num = 1; num <= top; num++) {
		int id = by_number[num];
		if (id == 0)
			continue;
		const struct region *r = &m->regions[id];
		struct key_entry *en = &k->entries[k->n++];
		en->region = id;
		en->number = r->number;
		snprintf(en->title, sizeof en->title, "%s", r->name[0] ? r->name : key_default_title(r->kind));
		size_text(m, r, en->size, sizeof en->size);
		if (build_exits(en, m, &g, id, o, stack, seen, e) < 0 || add_stairs_and_keys(en, m, id, e) < 0)
			goto fail;
		if (r->card[0]) {
			char feats[160];
			features_text(m, id, feats, sizeof feats);
			if (feats[0] && key_entry_add_line(en, feats, e) < 0)
				goto fail;
		}
	}
	for (int i = 0; i < m->nnotes; i++)
		if (add_footer(k, m->notes[i], e) < 0)
			goto fail;
	free(stack);
	free(seen);
	free(by_number);
	graph_free(&g);
	return 0;
fail:
	free(stack);
	free(seen);
	free(by_number);
	graph_free(&g);
	key_free(k);
	return -1;
}

void key_free(struct key *k)
{
	for (int i = 0; i < k->n; i++) {
		struct key_entry *en = &k->entries[i];
		free(en->exits);
		free(en->exit_list);
		for (int j = 0; j < en->nlines; j++)
			free(en->lines[j]);
		free(en->lines);
	}
	free(k->entries);
	for (int i = 0; i < k->nfooter; i++)
		free(k->footer[i]);
	free(k->footer);
	for (int i = 0; i < k->nwandering; i++)
		free(k->wandering[i]);
	free(k->wandering);
	memset(k, 0, sizeof *k);
}
