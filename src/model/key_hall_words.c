/* key_hall_words.c: the sentence of a hallway's runs from its plan
 * (key_hall.h): the trunk's legs with the rooms they pass and the
 * branches that leave them, the fork it ends at, then the lines not
 * named, counted, with the rooms on them that were not named before. */
#include "model/key_hall.h"

#include "base/sbuf.h"

#include <math.h>
#include <stdlib.h>

/* "rooms 3, 5 and 8, hallway 7" for d[0..n), sorted by kind and number. */
static void add_rooms(struct sbuf *s, const struct hall_door *d, int n)
{
	static const char *const one[] = { "room ", "hallway ", "bridge " };
	static const char *const many[] = { "rooms ", "hallways ", "bridges " };
	for (int i = 0; i < n;) {
		int j = i;
		while (j < n && d[j].kind == d[i].kind)
			j++;
		sbuf_add(s, i > 0 ? ", " : "");
		sbuf_add(s, j - i > 1 ? many[d[i].kind] : one[d[i].kind]);
		for (int k = i; k < j; k++) {
			sbuf_add(s, k == i ? "" : k == j - 1 ? " and " : ", ");
			sbuf_add_int(s, d[k].number);
		}
		i = j;
	}
}

/* A length in squares in feet, to 5 ft (to the foot on squares under 5 ft). */
static long feet(const struct hall_plan *p, double squares)
{
	int step = p->m->square_feet >= 5 ? 5 : 1;
	long ft = lround(squares * p->m->square_feet / step) * step;
	return ft < step ? step : ft;
}

/* word and the rooms on the line from run r, if it has any. */
static void add_line_rooms(const struct hall_plan *p, struct sbuf *s, int r, const char *word)
{
	int n = hall_line_rooms(p, r);
	if (n > 0) {
		sbuf_add(s, word);
		add_rooms(s, p->scratch, n);
	}
}

/* "east (30 ft, to rooms 3 and 5) and north at 20 ft (15 ft)" for the
 * branches b[0..n); with_at: where each leaves its leg. */
static void add_branches(const struct hall_plan *p, struct sbuf *s, const struct hall_branch *b, int n,
			 int with_at)
{
	for (int i = 0; i < n; i++) {
		sbuf_add(s, i == 0 ? "" : i == n - 1 ? " and " : ", ");
		sbuf_add(s, side_name(p->hr->runs[b[i].run].dir));
		if (with_at)
			sbuf_printf(s, " at %ld ft", feet(p, b[i].at));
		sbuf_printf(s, " (%ld ft", feet(p, hall_line_length(p, b[i].run, NULL)));
		add_line_rooms(p, s, b[i].run, ", to ");
		sbuf_add(s, ")");
	}
}

/* The legs of the trunk, each with the branches that leave it, then the
 * fork. */
static void add_trunk(const struct hall_plan *p, struct sbuf *s, const char *from)
{
	int nfork = 0;
	while (nfork < p->nbranches && p->branches[nfork].leg < 0)
		nfork++;
	for (int i = 0; i < p->nlegs; i++) {
		int r = p->legs[i];
		const char *dir = side_name(p->hr->runs[r].dir);
		long ft = feet(p, hall_line_length(p, r, NULL));
		if (i > 0)
			sbuf_printf(s, ", then turns %s for %ld ft", dir, ft);
		else if (from[0])
			sbuf_printf(s, "The hall runs %s from %s for %ld ft", dir, from, ft);
		else
			sbuf_printf(s, "The hall runs %s for %ld ft", dir, ft);
		add_line_rooms(p, s, r, ", past ");
		int j = nfork;
		while (j < p->nbranches && p->branches[j].leg < i)
			j++;
		int k = j;
		while (k < p->nbranches && p->branches[k].leg == i)
			k++;
		if (k > j) {
			sbuf_add(s, k - j > 1 ? ", with branches " : ", with a branch ");
			add_branches(p, s, p->branches + j, k - j, 1);
		}
	}
	if (nfork == 0)
		return;
	if (p->nlegs > 0)
		sbuf_add(s, ", then branches ");
	else if (from[0])
		sbuf_printf(s, "From %s the hall runs ", from);
	else
		sbuf_add(s, "The hall runs ");
	add_branches(p, s, p->branches, nfork, 0);
}

/* By kind and number, those on a named line before the others. */
static int cmp_rest(const void *a, const void *b)
{
	const struct hall_door *p = a, *q = b;
	if (p->kind != q->kind)
		return p->kind - q->kind;
	if (p->number != q->number)
		return p->number - q->number;
	return p->run - q->run;
}

/* The regions on no named line, by kind and number, each once, into
 * rest[] (p->ndoors long); returns how many. */
static int rest_rooms(const struct hall_plan *p, struct hall_door *rest)
{
	for (int i = 0; i < p->ndoors; i++)
		rest[i] = (struct hall_door){ !p->named[p->doors[i].run], p->doors[i].kind, p->doors[i].number };
	qsort(rest, (size_t)p->ndoors, sizeof *rest, cmp_rest);
	int n = 0;
	for (int i = 0; i < p->ndoors; i++) {
		int first = i == 0 || rest[i - 1].kind != rest[i].kind || rest[i - 1].number != rest[i].number;
		if (first && rest[i].run == 1)
			rest[n++] = rest[i];
	}
	return n;
}

/* "; 2 shorter branches lead to rooms 11 and 12" for the lines not named:
 * "shorter" when each is shorter than every branch named. Returns 0 or -1
 * with e set. */
static int add_rest(const struct hall_plan *p, struct sbuf *s, struct err *e)
{
	const struct hall_runs *hr = p->hr;
	int branches = 0, loops = 0, shorter = p->nbranches > 0;
	double least = -1;
	for (int i = 0; i < p->nbranches; i++) {
		double len = hall_line_length(p, p->branches[i].run, NULL);
		if (least < 0 || len < least)
			least = len;
	}
	for (int r = 0; r < hr->nruns; r++) {
		const struct hall_run *run = &hr->runs[r];
		/* a line's first run, not named */
		if (run->on >= 0 || p->named[r] || (run->parent >= 0 && p->straight[run->parent] == r))
			continue;
		loops += run->loop;
		branches += !run->loop;
		shorter &= run->loop || hall_line_length(p, r, NULL) < least;
	}
	if (branches + loops == 0)
		return 0;
	struct hall_door *rest = malloc(((size_t)p->ndoors + 1) * sizeof *rest);
	if (!rest)
		return err_set(e, "out of memory for the key");
	int nrest = rest_rooms(p, rest);
	sbuf_add(s, nrest > 0 ? "; " : branches + loops == 1 ? "; there is also " : "; there are also ");
	if (branches == 1)
		sbuf_add(s, shorter ? "a shorter branch" : "another branch");
	else if (branches > 1)
		sbuf_printf(s, "%d %s branches", branches, shorter ? "shorter" : "more");
	sbuf_add(s, branches && loops ? " and " : "");
	if (loops == 1)
		sbuf_add(s, "a run that closes a loop");
	else if (loops > 1)
		sbuf_printf(s, "%d runs that close loops", loops);
	if (nrest > 0) {
		sbuf_add(s, branches + loops == 1 ? " leads to " : " lead to ");
		add_rooms(s, rest, nrest);
	}
	free(rest);
	return 0;
}

int key_hall_words(const struct hall_plan *p, const char *from, struct sbuf *s, struct err *e)
{
	if (p->nlegs == 0 && p->nbranches == 0)
		return 0;
	add_trunk(p, s, from);
	if (add_rest(p, s, e) < 0)
		return -1;
	sbuf_add(s, ".");
	return 0;
}
