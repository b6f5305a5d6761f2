/* hall_pieces.c: a hallway's squares into straight pieces, and the ends of
 * the pieces, the places where they meet and the start into nodes along
 * each piece (hall_runs.h); hall_walk.c makes the runs between the nodes.
 * Every loop runs over the hall's squares, pieces or stops a bounded
 * number of times. */
#include "model/hall_int.h"

#include <stdlib.h>
#include <string.h>

/* Nodes closer than this along a piece, in squares, are one. */
#define HALL_RUNS_MERGE 1.5
/* But the start is one with another stop only this close (on the same
 * square, or within the width of a crossing piece): a start merged into
 * an end further off would put the squares between them, and the doors
 * on them, ahead of the party when they lie behind it. */
#define HALL_RUNS_MERGE_START 1.0

/* A place along a piece that becomes a node: the start, an end, or where
 * another piece meets it (a junction, one stop on each of its pieces), in
 * rising precedence: a node of several stops lies where the highest is. */
enum stop_kind { STOP_START, STOP_END, STOP_JUNCTION };
struct stop {
	int piece;
	double pos;             /* along the piece's axis, on the squares' edges */
	enum stop_kind kind;
	int junction;           /* the junction's number, or -1 */
	int start;              /* the walk starts here */
};

void hall_runs_free(struct hall_runs *hr)
{
	free(hr->piece);
	free(hr->pieces);
	free(hr->cut);
	free(hr->cut_node);
	free(hr->cut_run);
	free(hr->runs);
	memset(hr, 0, sizeof *hr);
}

/* Sets len[] of every square of the hall to the length of its run of hall
 * squares along its row (rows) or its column (!rows). */
static void run_lengths(const struct map *m, int id, struct rect b, int rows, int *len)
{
	int lines = rows ? b.h : b.w, span = rows ? b.w : b.h;
	for (int l = 0; l < lines; l++)
		for (int i = 0; i < span;) {
			int j = i;
			while (j < span && map_at(m, rows ? b.x + j : b.x + l, rows ? b.y + l : b.y + j) == id)
				j++;
			for (int k = i; k < j; k++)
				len[rows ? l * b.w + k : k * b.w + l] = j - i;
			i = j > i ? j : i + 1;
		}
}

/* Flood-fills piece k from square i of the box over the squares of the
 * same axis, and measures it. */
static void fill_piece(struct hall_runs *hr, const int *axis, int *stack, int i, int k)
{
	struct rect b = hr->box;
	struct hall_piece *p = &hr->pieces[k];
	int ax = axis[i];
	p->axis = ax;
	p->lo = p->plo = b.w + b.h;
	p->hi = p->phi = -1;
	size_t top = 0;
	stack[top++] = i;
	hr->piece[i] = k;
	while (top > 0) {
		int at = stack[--top], x = at % b.w, y = at / b.w;
		int a = ax ? y : x, c = ax ? x : y;
		p->lo = a < p->lo ? a : p->lo;
		p->hi = a > p->hi ? a : p->hi;
		p->plo = c < p->plo ? c : p->plo;
		p->phi = c > p->phi ? c : p->phi;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nx = x + side_dx[s], ny = y + side_dy[s], j = ny * b.w + nx;
			if (nx >= 0 && ny >= 0 && nx < b.w && ny < b.h && axis[j] == ax && hr->piece[j] < 0) {
				hr->piece[j] = k;
				stack[top++] = j;
			}
		}
	}
	/* from the box's coordinates to the grid's */
	int along0 = ax ? b.y : b.x, across0 = ax ? b.x : b.y;
	p->lo += along0;
	p->hi += along0;
	p->plo += across0;
	p->phi += across0;
	p->mid = (p->plo + p->phi + 1) / 2.0;
}

/* Gives each square of the hall its axis, the way its hall is longer
 * through it (a tie runs east-west), and its piece. Returns 1, 0 when the
 * hall is no network of narrow runs, or -1 with e set. */
static int find_pieces(struct hall_runs *hr, const struct map *m, int id, struct err *e)
{
	struct rect b = hr->box;
	size_t n = (size_t)b.w * (size_t)b.h;
	int *along = malloc(n * sizeof *along), *axis = malloc(n * sizeof *axis);
	int *stack = malloc(n * sizeof *stack);
	hr->piece = malloc(n * sizeof *hr->piece);
	hr->pieces = calloc(HALL_RUNS_MAX_PIECES, sizeof *hr->pieces);
	int rc = 1;
	if (!along || !axis || !stack || !hr->piece || !hr->pieces) {
		rc = err_set(e, "out of memory for a hallway's runs");
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		along[i] = axis[i] = hr->piece[i] = -1;
	run_lengths(m, id, b, 1, along);
	run_lengths(m, id, b, 0, axis);
	for (size_t i = 0; i < n; i++)
		if (along[i] >= 0)
			axis[i] = along[i] >= axis[i] ? 0 : 1;
	for (size_t i = 0; i < n && rc == 1; i++) {
		if (axis[i] < 0 || hr->piece[i] >= 0)
			continue;
		if (hr->npieces == HALL_RUNS_MAX_PIECES) {
			rc = 0;
			break;
		}
		fill_piece(hr, axis, stack, (int)i, hr->npieces);
		const struct hall_piece *p = &hr->pieces[hr->npieces++];
		if (p->phi - p->plo + 1 > HALL_RUNS_MAX_WIDTH)
			rc = 0;
	}
	if (hr->npieces == 0)
		rc = 0;
out:
	free(along);
	free(axis);
	free(stack);
	return rc;
}

/* Adds a stop, growing the array. Returns 0 or -1. */
static int add_stop(struct stop **st, int *n, int *cap, struct stop s)
{
	if (*n == *cap) {
		struct stop *more = realloc(*st, (size_t)*cap * 2 * sizeof **st);
		if (!more)
			return -1;
		*st = more;
		*cap *= 2;
	}
	(*st)[(*n)++] = s;
	return 0;
}

/* The stops: each piece's two ends, a stop on both pieces of each pair
 * that meet, and the start: on square (sx, sy) when it is on the hall,
 * else the west or north end of the longest piece. Returns the count, or
 * -1 with e set. */
static int make_stops(struct hall_runs *hr, int sx, int sy, struct stop **out, struct err *e)
{
	int np = hr->npieces, cap = 2 * np + 8, n = 0, njunctions = 0;
	struct rect b = hr->box;
	unsigned char *met = calloc((size_t)np * (size_t)np, 1);
	struct stop *st = malloc((size_t)cap * sizeof *st);
	if (!met || !st)
		goto oom;
	int longest = 0;
	for (int k = 0; k < np; k++) {
		const struct hall_piece *p = &hr->pieces[k];
		st[n++] = (struct stop){ k, p->lo, STOP_END, -1, 0 };
		st[n++] = (struct stop){ k, p->hi + 1, STOP_END, -1, 0 };
		if (p->hi - p->lo > hr->pieces[longest].hi - hr->pieces[longest].lo)
			longest = k;
	}
	for (int y = 0; y < b.h; y++)
		for (int x = 0; x < b.w; x++) {
			int a = hr->piece[y * b.w + x];
			for (int s = 0; s < 2 && a >= 0; s++) {
				int nx = x + (s == 0), ny = y + (s == 1);
				int c = nx < b.w && ny < b.h ? hr->piece[ny * b.w + nx] : -1;
				if (c < 0 || c == a || met[(long)a * np + c])
					continue;
				met[(long)a * np + c] = met[(long)c * np + a] = 1;
				/* where their middle lines cross */
				double on_a = hr->pieces[c].mid, on_c = hr->pieces[a].mid;
				if (add_stop(&st, &n, &cap, (struct stop){ a, on_a, STOP_JUNCTION, njunctions, 0 }) < 0 ||
				    add_stop(&st, &n, &cap, (struct stop){ c, on_c, STOP_JUNCTION, njunctions, 0 }) < 0)
					goto oom;
				njunctions++;
			}
		}
	int on = -1;
	if (sx >= b.x && sy >= b.y && sx < b.x + b.w && sy < b.y + b.h)
		on = hr->piece[(sy - b.y) * b.w + sx - b.x];
	if (on < 0) {
		st[2 * longest].start = 1;
	} else {
		double pos = (hr->pieces[on].axis ? sy : sx) + 0.5;
		if (add_stop(&st, &n, &cap, (struct stop){ on, pos, STOP_START, -1, 1 }) < 0)
			goto oom;
	}
	free(met);
	*out = st;
	return n;
oom:
	free(met);
	free(st);
	return err_set(e, "out of memory for a hallway's runs");
}

static int cmp_stop(const void *a, const void *b)
{
	const struct stop *p = a, *q = b;
	if (p->piece != q->piece)
		return p->piece - q->piece;
	return p->pos < q->pos ? -1 : p->pos > q->pos;
}

static int find_root(int *up, int i)
{
	int r = i;
	while (up[r] != r)
		r = up[r];
	while (up[i] != r) {
		int next = up[i];
		up[i] = r;
		i = next;
	}
	return r;
}

static void join(int *up, int a, int b)
{
	a = find_root(up, a);
	b = find_root(up, b);
	if (a != b)
		up[a > b ? a : b] = a < b ? a : b;
}

/* Sorts the stops along their pieces and merges those closer than
 * HALL_RUNS_MERGE, and the two stops of each junction, into nodes; writes
 * each piece's cuts, a node's place along it (a junction's if the node
 * has one there, else an end's, else the start's), and the start's node.
 * Returns 0 or -1 with e set. */
static int make_cuts(struct hall_runs *hr, struct stop *st, int n, struct err *e)
{
	int *up = malloc((size_t)n * sizeof *up), *first = malloc((size_t)n * sizeof *first);
	hr->cut = malloc((size_t)n * sizeof *hr->cut);
	hr->cut_node = malloc((size_t)n * sizeof *hr->cut_node);
	hr->cut_run = malloc((size_t)n * sizeof *hr->cut_run);
	if (!up || !first || !hr->cut || !hr->cut_node || !hr->cut_run) {
		free(up);
		free(first);
		return err_set(e, "out of memory for a hallway's runs");
	}
	qsort(st, (size_t)n, sizeof *st, cmp_stop);
	for (int i = 0; i < n; i++)
		up[i] = i, first[i] = -1;
	/* a junction's two stops are one node: first[j] is its first stop */
	for (int i = 0; i < n; i++) {
		int j = st[i].junction;
		if (j >= 0 && first[j] < 0)
			first[j] = i;
		else if (j >= 0)
			join(up, first[j], i);
	}
	int ncut = 0, start = 0;
	for (int i = 0; i < n;) {
		int k = st[i].piece, g = i, best = i;
		double last = st[i].pos;
		for (; i < n && st[i].piece == k &&
		       st[i].pos - last <= (st[i].start || (i > g && st[i - 1].start) ? HALL_RUNS_MERGE_START
											 : HALL_RUNS_MERGE);
		     i++) {
			last = st[i].pos;
			if (st[i].kind > st[best].kind)
				best = i;
			if (st[i].start)
				start = g;
			join(up, g, i);
		}
		if (g == 0 || st[g - 1].piece != k)
			hr->pieces[k].first_cut = ncut;
		hr->pieces[k].ncuts = ncut + 1 - hr->pieces[k].first_cut;
		hr->cut[ncut] = st[best].pos;
		hr->cut_node[ncut++] = g;
	}
	/* the nodes, numbered from 0 in the order their roots come */
	for (int i = 0; i < n; i++)
		first[i] = -1;
	for (int c = 0; c < ncut; c++) {
		int r = find_root(up, hr->cut_node[c]);
		if (first[r] < 0)
			first[r] = hr->nodes++;
		hr->cut_node[c] = first[r];
	}
	hr->start = first[find_root(up, start)];
	free(up);
	free(first);
	return 0;
}

int hall_runs_find(struct hall_runs *hr, const struct map *m, int id, int sx, int sy, struct err *e)
{
	memset(hr, 0, sizeof *hr);
	const struct region *r = &m->regions[id];
	if (r->area <= 0 || (long)r->bounds.w * r->bounds.h > HALL_RUNS_MAX_AREA)
		return 0;
	hr->box = r->bounds;
	int rc = find_pieces(hr, m, id, e);
	struct stop *st = NULL;
	int n = 0;
	if (rc == 1 && (n = make_stops(hr, sx, sy, &st, e)) < 0)
		rc = -1;
	if (rc == 1 && (make_cuts(hr, st, n, e) < 0 || hall_walk(hr, e) < 0))
		rc = -1;
	free(st);
	if (rc != 1)
		hall_runs_free(hr);
	return rc;
}
