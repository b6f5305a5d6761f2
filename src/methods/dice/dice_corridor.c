/* dice_corridor.c: steps 6 and 7 of the dice method. The rooms are joined
 * by a minimum spanning tree of corridors: pairs 1 square apart first, then
 * 2, 3 and so on (Kruskal's order, with a union-find), until every room is
 * connected; then a few extra corridors close loops between rooms that the
 * tree keeps at least three corridors apart. The candidate pairs are every
 * parent and child plus the pairs near each other, found through a bucket
 * grid, never all pairs. */
#include "methods/dice/dice_int.h"
#include "methods/dice/dice_room.h"

#include <stdlib.h>

#define DICE_BUCKET 16      /* squares on a side of a bucket */

struct cand {
	int a, b;       /* creation indices, a < b */
	int gap;        /* squares between the two rooms' bounding boxes */
	int pc;         /* parent and child */
};

/* A hint to start loading room r's record into the cache. */
static inline void prefetch_room(const struct dice_room *r)
{
#if defined(__GNUC__)
	__builtin_prefetch(r);
	__builtin_prefetch((const char *)r + sizeof *r - 1);
#else
	(void)r;
#endif
}

/* Squares between two boxes: along one axis when they overlap on the other,
 * else both gaps plus the corner square. -1 when the boxes overlap. */
static inline int box_gap(struct rect a, struct rect b)
{
	int gx = b.x - (a.x + a.w) > a.x - (b.x + b.w) ? b.x - (a.x + a.w) : a.x - (b.x + b.w);
	int gy = b.y - (a.y + a.h) > a.y - (b.y + b.h) ? b.y - (a.y + a.h) : a.y - (b.y + b.h);
	if (gx < 0 && gy < 0)
		return -1;
	if (gx < 0)
		return gy;
	if (gy < 0)
		return gx;
	return gx + gy + 1;
}

/* Sorts the candidates nearest first, parent and child before other pairs
 * at the same gap, otherwise in the order found (a stable counting sort:
 * gaps are small). Returns 0 or -1. */
static int sort_cands(struct dice_gen *g, struct cand **c, int nc)
{
	int nkeys = 0;
	for (int k = 0; k < nc; k++)
		if (2 * (*c)[k].gap + 2 > nkeys)
			nkeys = 2 * (*c)[k].gap + 2;
	int *count = calloc((size_t)nkeys + 1, sizeof *count);
	struct cand *out = malloc(((size_t)nc + 1) * sizeof *out);
	if (!count || !out) {
		free(count);
		free(out);
		return err_set(g->e, "out of memory for the corridor candidates");
	}
	for (int k = 0; k < nc; k++)
		count[2 * (*c)[k].gap + !(*c)[k].pc + 1]++;
	for (int key = 0; key < nkeys; key++)
		count[key + 1] += count[key];
	for (int k = 0; k < nc; k++)
		out[count[2 * (*c)[k].gap + !(*c)[k].pc]++] = (*c)[k];
	free(count);
	free(*c);
	*c = out;
	return 0;
}

static int cand_add(struct dice_gen *g, struct cand **c, int *n, int *cap, struct cand v)
{
	if (*n == *cap) {
		int ncap = *cap ? *cap * 2 : 256;
		struct cand *p = realloc(*c, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(g->e, "out of memory for the corridor candidates");
		*c = p;
		*cap = ncap;
	}
	(*c)[(*n)++] = v;
	return 0;
}

/* The candidate pairs, sorted nearest first. Returns the count or -1. */
static int collect(struct dice_gen *g, struct cand **out)
{
	const int n = g->nrooms, bw = (g->m->w + DICE_BUCKET - 1) / DICE_BUCKET;
	const int bh = (g->m->h + DICE_BUCKET - 1) / DICE_BUCKET;
	int *start = calloc((size_t)bw * bh + 1, sizeof *start);
	int *cursor = malloc((size_t)bw * bh * sizeof *cursor);
	int *stamp = malloc((size_t)n * sizeof *stamp);
	/* the boxes and parents side by side, read far more often than the
	 * rest of a room */
	struct rect *box = malloc((size_t)n * sizeof *box);
	int *parent = malloc((size_t)n * sizeof *parent);
	int *items = NULL, nc = 0, cap = 4 * n + 64;
	struct cand *c = malloc((size_t)cap * sizeof *c);
	if (!start || !cursor || !stamp || !box || !parent || !c)
		goto oom;
	for (int i = 0; i < n; i++) {
		box[i] = g->rooms[i].box;
		parent[i] = g->rooms[i].parent;
	}
	/* Bucket every room under the buckets its box covers (counting sort). */
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++) {
			struct rect r = box[i];
			for (int by = r.y / DICE_BUCKET; by <= (r.y + r.h - 1) / DICE_BUCKET; by++)
				for (int bx = r.x / DICE_BUCKET; bx <= (r.x + r.w - 1) / DICE_BUCKET; bx++) {
					if (pass == 0)
						start[by * bw + bx + 1]++;
					else
						items[start[by * bw + bx]++] = i;
				}
		}
		if (pass == 0) {
			for (int b = 0; b < bw * bh; b++)
				start[b + 1] += start[b];
			if (!(items = malloc(((size_t)start[bw * bh] + 1) * sizeof *items)))
				goto oom;
		} else {
			for (int b = bw * bh; b > 0; b--)
				start[b] = start[b - 1];
			start[0] = 0;
		}
	}
	/* A bucket lists its rooms in creation order, and the rooms are taken
	 * in that order: each bucket's cursor passes the rooms already taken
	 * once, instead of every room looking over them again. */
	for (int b = 0; b < bw * bh; b++)
		cursor[b] = start[b];
	for (int i = 0; i < n; i++) {
		stamp[i] = -1;
		if (parent[i] >= 0 &&
		    cand_add(g, &c, &nc, &cap, (struct cand){ parent[i], i, box_gap(box[parent[i]], box[i]), 1 }) < 0)
			goto fail;
	}
	for (int i = 0; i < n; i++) {
		struct rect r = box[i];
		int reach = DICE_NEAR + 1;
		int bx0 = (r.x - reach) / DICE_BUCKET, bx1 = (r.x + r.w + reach) / DICE_BUCKET;
		int by0 = (r.y - reach) / DICE_BUCKET, by1 = (r.y + r.h + reach) / DICE_BUCKET;
		if (r.x - reach < 0) bx0 = 0;
		if (r.y - reach < 0) by0 = 0;
		if (bx1 >= bw) bx1 = bw - 1;
		if (by1 >= bh) by1 = bh - 1;
		for (int by = by0; by <= by1; by++)
			for (int bx = bx0; bx <= bx1; bx++) {
				int b = by * bw + bx, k = cursor[b];
				while (k < start[b + 1] && items[k] <= i)
					k++;
				cursor[b] = k;
				for (; k < start[b + 1]; k++) {
					int j = items[k];
					if (stamp[j] == i)
						continue;
					stamp[j] = i;
					if (parent[j] == i || parent[i] == j)
						continue;
					int gap = box_gap(r, box[j]);
					if (gap >= 1 && gap <= DICE_NEAR &&
					    cand_add(g, &c, &nc, &cap, (struct cand){ i, j, gap, 0 }) < 0)
						goto fail;
				}
			}
	}
	free(start);
	free(cursor);
	free(stamp);
	free(items);
	free(box);
	free(parent);
	if (sort_cands(g, &c, nc) < 0)
		return -1;
	*out = c;
	return nc;
oom:
	err_set(g->e, "out of memory for the corridor candidates");
fail:
	free(start);
	free(cursor);
	free(stamp);
	free(items);
	free(box);
	free(parent);
	free(c);
	return -1;
}

static int uf_find(int *up, int i)
{
	while (up[i] != i) {
		up[i] = up[up[i]];
		i = up[i];
	}
	return i;
}

/* True when rooms a and b are joined directly or through one other room. */
static int near_in_graph(const struct dice_gen *g, int a, int b)
{
	for (int k = g->link_head[a]; k >= 0; k = g->links[k].next) {
		int via = g->links[k].to;
		if (via == b)
			return 1;
		for (int l = g->link_head[b]; l >= 0; l = g->links[l].next)
			if (g->links[l].to == via)
				return 1;
	}
	return 0;
}

/* Step 6: Kruskal's spanning tree over the candidates, nearest first. */
static int spanning_tree(struct dice_gen *g, const struct cand *c, int nc)
{
	int n = g->nrooms;
	int *up = malloc((size_t)n * sizeof *up);
	if (!up)
		return err_set(g->e, "out of memory for the spanning tree");
	for (int i = 0; i < n; i++)
		up[i] = i;
	for (int k = 0; k < nc && g->tree_corridors < n - 1; k++) {
		/* the pairs lie all over the map: the rooms a few pairs ahead
		 * start loading while this one is laid */
		if (k + 8 < nc) {
			prefetch_room(&g->rooms[c[k + 8].a]);
			prefetch_room(&g->rooms[c[k + 8].b]);
		}
		int ra = uf_find(up, c[k].a), rb = uf_find(up, c[k].b);
		struct dice_route rt;
		if (ra == rb || !dice_route_find(g, c[k].a, c[k].b, &rt))
			continue;
		if (dice_route_build(g, c[k].a, c[k].b, &rt, c[k].gap, "Corridor ") < 0) {
			free(up);
			return -1;
		}
		up[ra] = rb;
		g->tree_corridors++;
	}
	free(up);
	/* Every child's line to its parent stays reserved, so this cannot
	 * happen; it is checked all the same. */
	if (g->tree_corridors < n - 1)
		return err_set(g->e, "dice: the spanning tree joined only %d of %d rooms", g->tree_corridors + 1, n);
	return 0;
}

/* Step 7: loop corridors between rooms more than two corridors apart. */
static int loops(struct dice_gen *g, const struct cand *c, int nc)
{
	int want = g->p->dice.loops < 0 ? dice_default_loops(g->nrooms) : g->p->dice.loops;
	for (int k = 0; k < nc && g->loop_corridors < want; k++) {
		struct dice_route rt;
		if (near_in_graph(g, c[k].a, c[k].b) || !dice_route_find(g, c[k].a, c[k].b, &rt))
			continue;
		if (dice_route_build(g, c[k].a, c[k].b, &rt, c[k].gap, "Loop corridor ") < 0)
			return -1;
		g->loop_corridors++;
	}
	if (g->loop_corridors < want) {
		if (g->p->dice.loops >= 0)
			log_warn(g->log, "dice: only %d of %d loop corridors fit", g->loop_corridors, want);
		else
			log_step(g->log, "Only %d of %d loop corridors fit.", g->loop_corridors, want);
	}
	return 0;
}

int dice_connect(struct dice_gen *g)
{
	struct cand *c = NULL;
	int nc = collect(g, &c);
	if (nc < 0)
		return -1;
	log_step(g->log, "Spanning tree: %d candidate pairs, nearest first.", nc);
	int rc = spanning_tree(g, c, nc);
	if (rc == 0)
		rc = loops(g, c, nc);
	free(c);
	return rc;
}
