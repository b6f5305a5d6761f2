/* hall_walk.c: the runs between a hallway's nodes, walked from the start
 * (hall_int.h): oriented, ordered, their parents and loops found, and the
 * runs that carry straight on joined to the run before them. */
#include "model/hall_int.h"

#include <stdlib.h>
#include <string.h>

/* The runs between consecutive cuts of each piece that are different
 * nodes; hr->cut_run says which run follows each cut. */
static int make_runs(struct hall_runs *hr, struct err *e)
{
	int ncut = 0;
	for (int k = 0; k < hr->npieces; k++)
		ncut += hr->pieces[k].ncuts;
	hr->runs = malloc(((size_t)ncut + 1) * sizeof *hr->runs);
	if (!hr->runs)
		return err_set(e, "out of memory for a hallway's runs");
	for (int k = 0; k < hr->npieces; k++) {
		const struct hall_piece *p = &hr->pieces[k];
		for (int c = p->first_cut; c < p->first_cut + p->ncuts; c++) {
			hr->cut_run[c] = -1;
			if (c + 1 == p->first_cut + p->ncuts || hr->cut_node[c] == hr->cut_node[c + 1])
				continue;
			hr->cut_run[c] = hr->nruns;
			hr->runs[hr->nruns++] = (struct hall_run){ hr->cut_node[c], hr->cut_node[c + 1],
								   p->axis ? SIDE_S : SIDE_E, hr->cut[c + 1] - hr->cut[c],
								   -1, 0, -1 };
		}
	}
	return 0;
}

/* Each node's runs, longest first: at[first[v] .. first[v + 1]). */
static int incidence(const struct hall_runs *hr, int **first_out, int **at_out, struct err *e)
{
	int *first = calloc((size_t)hr->nodes + 2, sizeof *first);
	int *at = malloc(((size_t)hr->nruns * 2 + 1) * sizeof *at);
	if (!first || !at) {
		free(first);
		free(at);
		return err_set(e, "out of memory for a hallway's runs");
	}
	for (int r = 0; r < hr->nruns; r++) {
		first[hr->runs[r].from + 2]++;
		first[hr->runs[r].to + 2]++;
	}
	for (int v = 0; v < hr->nodes; v++)
		first[v + 2] += first[v + 1];
	for (int r = 0; r < hr->nruns; r++) {
		at[first[hr->runs[r].from + 1]++] = r;
		at[first[hr->runs[r].to + 1]++] = r;
	}
	for (int v = 0; v < hr->nodes; v++)
		for (int i = first[v] + 1; i < first[v + 1]; i++)
			for (int j = i; j > first[v] && hr->runs[at[j]].length > hr->runs[at[j - 1]].length; j--) {
				int t = at[j];
				at[j] = at[j - 1];
				at[j - 1] = t;
			}
	*first_out = first;
	*at_out = at;
	return 0;
}

/* Breadth-first from the start (then from any node not reached, for a
 * hall in parts): order[] gets the runs as they are met, each oriented
 * away from the node it is met from. */
static void walk(struct hall_runs *hr, const int *first, const int *at, int *reached_by, int *queue,
		 unsigned char *met, int *order)
{
	int head = 0, tail = 0, n = 0;
	for (int v = 0; v < hr->nodes; v++)
		reached_by[v] = -2;
	for (int v = hr->start, next = 0; v >= 0;) {
		reached_by[v] = -1;
		queue[tail++] = v;
		while (head < tail) {
			int u = queue[head++];
			for (int i = first[u]; i < first[u + 1]; i++) {
				int r = at[i];
				if (met[r])
					continue;
				met[r] = 1;
				struct hall_run *run = &hr->runs[r];
				if (run->from != u) {
					run->to = run->from;
					run->from = u;
					run->dir = side_opposite(run->dir);
				}
				run->parent = reached_by[u];
				if (reached_by[run->to] != -2) {
					run->loop = 1;
				} else {
					reached_by[run->to] = r;
					queue[tail++] = run->to;
				}
				order[n++] = r;
			}
		}
		for (v = -1; next < hr->nodes && v < 0; next++)
			if (reached_by[next] == -2 && first[next + 1] > first[next])
				v = next;
	}
}

/* Puts the runs in the order of the walk, then joins each run that
 * carries its parent straight on through a node of two runs to it. */
static int reorder(struct hall_runs *hr, const int *first, const int *order, struct err *e)
{
	struct hall_run *runs = malloc(((size_t)hr->nruns + 1) * sizeof *runs);
	int *index = malloc(((size_t)hr->nruns + 1) * sizeof *index);
	if (!runs || !index) {
		free(runs);
		free(index);
		return err_set(e, "out of memory for a hallway's runs");
	}
	for (int i = 0; i < hr->nruns; i++)
		index[order[i]] = i;
	for (int i = 0; i < hr->nruns; i++) {
		runs[i] = hr->runs[order[i]];
		if (runs[i].parent >= 0)
			runs[i].parent = index[runs[i].parent];
	}
	int ncut = 0;
	for (int k = 0; k < hr->npieces; k++)
		ncut += hr->pieces[k].ncuts;
	for (int c = 0; c < ncut; c++)
		if (hr->cut_run[c] >= 0)
			hr->cut_run[c] = index[hr->cut_run[c]];
	free(hr->runs);
	hr->runs = runs;
	free(index);
	/* a parent comes before its children, so each is joined before them */
	for (int r = 0; r < hr->nruns; r++) {
		struct hall_run *run = &hr->runs[r];
		int p = run->parent;
		if (p >= 0 && hr->runs[p].on >= 0)
			p = run->parent = hr->runs[p].on;
		if (p < 0 || run->loop || run->dir != hr->runs[p].dir || hr->runs[p].to != run->from ||
		    first[run->from + 1] - first[run->from] != 2)
			continue;
		run->on = p;
		hr->runs[p].length += run->length;
		hr->runs[p].to = run->to;
	}
	return 0;
}

int hall_walk(struct hall_runs *hr, struct err *e)
{
	if (make_runs(hr, e) < 0)
		return -1;
	int *first = NULL, *at = NULL;
	if (incidence(hr, &first, &at, e) < 0)
		return -1;
	int *reached_by = malloc(((size_t)hr->nodes + 1) * sizeof *reached_by);
	int *queue = malloc(((size_t)hr->nodes + 1) * sizeof *queue);
	int *order = malloc(((size_t)hr->nruns + 1) * sizeof *order);
	unsigned char *met = calloc((size_t)hr->nruns + 1, 1);
	int rc = 0;
	if (!reached_by || !queue || !order || !met) {
		rc = err_set(e, "out of memory for a hallway's runs");
	} else {
		walk(hr, first, at, reached_by, queue, met, order);
		rc = reorder(hr, first, order, e);
	}
	free(first);
	free(at);
	free(reached_by);
	free(queue);
	free(order);
	free(met);
	return rc;
}

int hall_runs_at(const struct hall_runs *hr, int x, int y)
{
	const struct rect b = hr->box;
	if (!hr->piece || x < b.x || y < b.y || x >= b.x + b.w || y >= b.y + b.h)
		return -1;
	int k = hr->piece[(y - b.y) * b.w + (x - b.x)];
	if (k < 0)
		return -1;
	const struct hall_piece *p = &hr->pieces[k];
	double pos = (p->axis ? y : x) + 0.5;
	int c = p->first_cut, last = p->first_cut + p->ncuts - 1;
	while (c + 1 < last && pos >= hr->cut[c + 1])
		c++;
	int r = c < last ? hr->cut_run[c] : -1;
	/* a piece too short for a run of its own: a run from its node */
	for (int i = 0; r < 0 && i < hr->nruns; i++)
		if (hr->runs[i].from == hr->cut_node[c] || hr->runs[i].to == hr->cut_node[c])
			r = i;
	return r >= 0 && hr->runs[r].on >= 0 ? hr->runs[r].on : r;
}

int hall_runs_count(const struct hall_runs *hr)
{
	int n = 0;
	for (int r = 0; r < hr->nruns; r++)
		n += hr->runs[r].on < 0;
	return n;
}
