/* names_assign.c: the draw that names a level's regions from a loaded
 * name table, and the touching lists it reads (see names.h). */
#include "names/names.h"

#include <stdlib.h>
#include <string.h>

/* A region to name, with what the draw reads of it (copied here, so the
 * draw reads the regions in sorted order from this array, not from all
 * over the map's region array). */
struct order {
	int id;
	int group;      /* 0 hallways, 1 the rest */
	int area;
	unsigned tie;
	enum region_kind kind;
};

/* Sorts order[0..n) hallways first, then by area, largest first, then by
 * the tie roll, then by id: a stable radix sort, a byte at a time from the
 * least significant key (order[] comes in id order, so equal keys keep
 * it). Linear in n, where a comparison sort of 10,000 regions costs more
 * than the draw. Returns 0 or -1 (out of memory). */
static int sort_order(struct order *order, int n)
{
	struct order *tmp = malloc(((size_t)n + 1) * sizeof *tmp), *from = order, *to = tmp;
	if (!tmp)
		return -1;
	unsigned most = 0;      /* every area bit set in some region */
	for (int i = 0; i < n; i++)
		most |= (unsigned)order[i].area;
	/* digits: the tie's 4 bytes, the area's bytes (reversed: larger
	 * first), the group */
	int area_bytes = 0;
	while (area_bytes < 4 && most >> (8 * area_bytes))
		area_bytes++;
	for (int d = 0; d < 4 + area_bytes + 1; d++) {
		int count[257] = { 0 };
		for (int pass = 0; pass < 2; pass++) {     /* count, then place */
			for (int i = 0; i < n; i++) {
				const struct order *o = &from[i];
				unsigned key = d < 4 ? o->tie >> (8 * d) & 255u :
					       d < 4 + area_bytes ? 255u - ((unsigned)o->area >> (8 * (d - 4)) & 255u) :
					       (unsigned)o->group;
				if (pass == 0)
					count[key + 1]++;
				else
					to[count[key]++] = *o;
			}
			if (pass == 0)
				for (int k = 0; k < 256; k++)
					count[k + 1] += count[k];
		}
		struct order *t = from;
		from = to;
		to = t;
	}
	if (from != order)
		memcpy(order, from, (size_t)n * sizeof *order);
	free(tmp);
	return 0;
}

/* Copies a name into a region's name field, cut to fit. */
static void set_name(char *dst, size_t size, const char *name)
{
	size_t len = strlen(name);
	if (len >= size)
		len = size - 1;
	memcpy(dst, name, len);
	dst[len] = '\0';
}

/* True when entry en's `beside` needs are met by a region touching id. */
static int beside_ok(const struct names_table *t, const struct names_entry *en, const int *name_of,
		     int id, const int *adj_first, const int *adj)
{
	if (en->nbeside == 0)
		return 1;
	for (int k = adj_first[id]; k < adj_first[id + 1]; k++)
		for (int b = en->beside_first; b < en->beside_first + en->nbeside; b++)
			if (name_of[adj[k]] == t->beside[b].other)
				return 1;
	return 0;
}

int names_assign(const struct names_table *t, struct map *m, int entrance, const int *adj_first,
		 const int *adj, struct rng *rng, struct log *log, struct err *e)
{
	return names_assign_tagged(t, m, entrance, adj_first, adj, NULL, rng, log, e);
}

/* The index of tag s among t's names, or -1 (none, or no line names it). */
static int tag_index(const struct names_table *t, const char *s)
{
	for (int i = 0; s && s[0] && i < t->nnames; i++)
		if (strcmp(t->names[i], s) == 0)
			return i;
	return -1;
}

/* Sets w[i] for every entry that suits region r in section tag; returns
 * how many do and adds their weights to *sum. */
static int weigh(const struct names_table *t, const struct order *r, int tag, const int *count,
		 const int *name_of, const int *adj_first, const int *adj, double *w, double *sum)
{
	int choices = 0;
	for (int i = 0; i < t->nentries; i++) {
		const struct names_entry *en = &t->entries[i];
		w[i] = 0;
		if (en->tag != tag || en->kind != r->kind || r->area < en->min_area || r->area > en->max_area ||
		    (en->most > 0 && count[en->name] >= en->most) ||
		    !beside_ok(t, en, name_of, r->id, adj_first, adj))
			continue;
		/* each name drawn before weighs less, so a level varies */
		w[i] = (double)en->weight / (1 + count[en->name]);
		*sum += w[i];
		choices++;
	}
	return choices;
}

int names_assign_tagged(const struct names_table *t, struct map *m, int entrance, const int *adj_first,
			const int *adj, const char *const *tag_of, struct rng *rng, struct log *log, struct err *e)
{
	int n = m->nregions;
	int *name_of = malloc(((size_t)n + 1) * sizeof *name_of);
	int *count = calloc((size_t)t->nnames + 1, sizeof *count);
	double *w = malloc(((size_t)t->nentries + 1) * sizeof *w);
	struct order *order = malloc(((size_t)n + 1) * sizeof *order);
	int rc = -1;
	if (!name_of || !count || !w || !order) {
		err_set(e, "out of memory while naming rooms");
		goto out;
	}
	for (int id = 0; id <= n; id++)
		name_of[id] = -1;
	int norder = 0;
	for (int id = 1; id <= n; id++) {
		if (id == entrance || m->regions[id].name[0])
			continue;
		const struct region *r = &m->regions[id];
		order[norder++] = (struct order){ id, r->kind != REGION_HALL, r->area, (unsigned)rng_next(rng),
						  r->kind };
	}
	if (sort_order(order, norder) < 0) {
		err_set(e, "out of memory while naming rooms");
		goto out;
	}
	if (entrance > 0 && entrance <= n && t->entrance >= 0 && !m->regions[entrance].name[0]) {
		name_of[entrance] = t->entrance;
		set_name(m->regions[entrance].name, sizeof m->regions[entrance].name, t->names[t->entrance]);
		count[t->entrance]++;
		log_step(log, "Name: %s %d is the %s", region_kind_name(m->regions[entrance].kind), entrance,
			 t->names[t->entrance]);
	}
	for (int k = 0; k < norder; k++) {
		int id = order[k].id;
		const struct order *r = &order[k];
		double sum = 0;
		int tag = tag_of ? tag_index(t, tag_of[id]) : -1, choices = 0;
		if (tag >= 0)
			choices = weigh(t, r, tag, count, name_of, adj_first, adj, w, &sum);
		if (choices == 0)
			choices = weigh(t, r, -1, count, name_of, adj_first, adj, w, &sum);
		if (choices == 0) {
			log_step(log, "Name: %s %d (%d squares): no name in the table suits it",
				 region_kind_name(r->kind), id, r->area);
			continue;
		}
		double roll = rng_unit(rng) * sum;
		int pick = -1;
		for (int i = 0; i < t->nentries; i++) {
			if (w[i] <= 0)
				continue;
			pick = i;
			if (roll < w[i])
				break;
			roll -= w[i];
		}
		int nm = t->entries[pick].name;
		name_of[id] = nm;
		count[nm]++;
		set_name(m->regions[id].name, sizeof m->regions[id].name, t->names[nm]);
		log_step(log, "Name: %s %d (%d squares) is the %s, drawn from %d name%s", region_kind_name(r->kind),
			 id, r->area, t->names[nm], choices, choices == 1 ? "" : "s");
	}
	rc = 0;
out:
	free(name_of);
	free(count);
	free(w);
	free(order);
	return rc;
}

/* Sorts the pairs (a < b) by a, then b, and drops repeats, in linear time:
 * two counting sorts (by b, then stably by a), then one pass over the runs.
 * A hallway touching thousands of rooms costs no more than its pairs.
 * Returns the number of pairs left, or -1. */
static long unique_pairs(int *pairs, size_t np, int n)
{
	int *start = malloc(((size_t)n + 2) * sizeof *start);
	int *tmp = malloc((np + 1) * 2 * sizeof *tmp);
	if (!start || !tmp) {
		free(start);
		free(tmp);
		return -1;
	}
	/* pass 0 sorts pairs into tmp by b, pass 1 tmp back into pairs by a */
	for (int pass = 0; pass < 2; pass++) {
		const int *from = pass == 0 ? pairs : tmp;
		int *to = pass == 0 ? tmp : pairs, field = pass == 0 ? 1 : 0;
		memset(start, 0, ((size_t)n + 2) * sizeof *start);
		for (size_t i = 0; i < np; i++)
			start[from[2 * i + field] + 1]++;
		for (int k = 0; k <= n; k++)
			start[k + 1] += start[k];
		for (size_t i = 0; i < np; i++) {
			int at = start[from[2 * i + field]]++;
			to[2 * at] = from[2 * i];
			to[2 * at + 1] = from[2 * i + 1];
		}
	}
	long u = 0;
	for (size_t i = 0; i < np; i++)
		if (u == 0 || pairs[2 * u - 2] != pairs[2 * i] || pairs[2 * u - 1] != pairs[2 * i + 1]) {
			pairs[2 * u] = pairs[2 * i];
			pairs[2 * u + 1] = pairs[2 * i + 1];
			u++;
		}
	free(start);
	free(tmp);
	return u;
}

/* The pairs found so far: (a, b) with a < b, a wall's run of squares
 * between the same two regions kept once. */
struct pair_list {
	int *v;
	size_t n, cap;
};

/* Adds the pair of regions a > 0 and b (none when b is 0 or solid). */
static int pair_add(struct pair_list *pl, int a, int b)
{
	if (b <= 0)
		return 0;
	int lo = a < b ? a : b, hi = a < b ? b : a;
	if (pl->n > 0 && pl->v[2 * pl->n - 2] == lo && pl->v[2 * pl->n - 1] == hi)
		return 0;
	if (pl->n == pl->cap) {
		int *p = realloc(pl->v, pl->cap * 4 * sizeof *p);
		if (!p)
			return -1;
		pl->v = p;
		pl->cap *= 2;
	}
	pl->v[2 * pl->n] = lo;
	pl->v[2 * pl->n + 1] = hi;
	pl->n++;
	return 0;
}

int names_touching(const struct map *m, int **adj_first, int **adj, struct err *e)
{
	int n = m->nregions;
	struct pair_list pl = { malloc(256 * 2 * sizeof(int)), 0, 256 };
	*adj_first = NULL;
	*adj = NULL;
	if (!pl.v)
		return err_set(e, "out of memory while finding touching rooms");
	/* each row: the squares whose east or south neighbour differs (an
	 * east wall the row above had with the same two regions is known) */
	for (int y = 0; y < m->h; y++) {
		const int *row = m->cells + (long)y * m->w, *below = y + 1 < m->h ? row + m->w : NULL;
		const int *above = y > 0 ? row - m->w : NULL;
		for (int x = 0; x + 1 < m->w; x++)
			if (row[x] != row[x + 1] && row[x] > 0 &&
			    !(above && above[x] == row[x] && above[x + 1] == row[x + 1]) &&
			    pair_add(&pl, row[x], row[x + 1]) < 0)
				goto oom;
		for (int x = 0; below && x < m->w; x++)
			if (row[x] != below[x] && row[x] > 0 && pair_add(&pl, row[x], below[x]) < 0)
				goto oom;
	}
	int *pairs = pl.v;
	size_t np = pl.n;
	long nu = unique_pairs(pairs, np, n);
	if (nu < 0) {
		free(pairs);
		return err_set(e, "out of memory while finding touching rooms");
	}
	size_t u = (size_t)nu;
	int *first = calloc((size_t)n + 2, sizeof *first);
	int *list = malloc((2 * u + 1) * sizeof *list);
	int *fill = calloc((size_t)n + 1, sizeof *fill);
	if (!first || !list || !fill) {
		free(pairs);
		free(first);
		free(list);
		free(fill);
		return err_set(e, "out of memory while finding touching rooms");
	}
	for (size_t i = 0; i < u; i++) {
		first[pairs[2 * i] + 1]++;
		first[pairs[2 * i + 1] + 1]++;
	}
	for (int id = 0; id <= n; id++)
		first[id + 1] += first[id];
	for (size_t i = 0; i < u; i++) {
		int a = pairs[2 * i], b = pairs[2 * i + 1];
		list[first[a] + fill[a]++] = b;
		list[first[b] + fill[b]++] = a;
	}
	free(pairs);
	free(fill);
	*adj_first = first;
	*adj = list;
	return 0;
oom:
	free(pl.v);
	return err_set(e, "out of memory while finding touching rooms");
}
