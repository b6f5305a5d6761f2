/* key_hall.c: a hallway's entry says how its runs go, as a party walks
 * them from the way in ("The hall runs north from the front door for 40
 * ft, then branches east (30 ft, to rooms 3, 5 and 8) and west (50 ft, to
 * rooms 2, 4, 6 and 9)."). Here the plan (key_hall.h): the runs of the
 * hall (hall_runs.h) from where the party comes in, the numbered rooms
 * whose exits open on each, the trunk's legs and the branches named;
 * key_hall_words.c writes the sentence. */
#include "model/key_hall.h"
#include "model/key_int.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>

static int cmp_door(const void *a, const void *b)
{
	const struct hall_door *p = a, *q = b;
	if (p->run != q->run)
		return p->run - q->run;
	if (p->kind != q->kind)
		return p->kind - q->kind;
	return p->number - q->number;
}

/* Sorts d[0..n) and keeps each once; returns how many are left. */
static int sort_unique(struct hall_door *d, int n)
{
	qsort(d, (size_t)n, sizeof *d, cmp_door);
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (kept == 0 || cmp_door(&d[kept - 1], &d[i]) != 0)
			d[kept++] = d[i];
	return kept;
}

/* The square on the hall's side of door d. */
static void hall_side(const struct map *m, int id, const struct door *d, int *x, int *y)
{
	*x = d->x;
	*y = d->y;
	if (map_at(m, d->x, d->y) != id) {
		*x += side_dx[d->side];
		*y += side_dy[d->side];
	}
}

/* The numbered regions en's exits lead to, each on the run its door opens
 * on, but for the door the walk starts from (the sentence names it).
 * Returns 0 or -1 with e set. */
static int collect_doors(struct hall_plan *p, const struct key_entry *en, int id, int start_door, struct err *e)
{
	int n = 0;
	for (int i = 0; i < en->nexits; i++)
		n += en->exit_list[i].nleads;
	p->doors = malloc(((size_t)n + 1) * sizeof *p->doors);
	p->scratch = malloc(((size_t)n + 1) * sizeof *p->scratch);
	if (!p->doors || !p->scratch)
		return err_set(e, "out of memory for the key");
	for (int i = 0; i < en->nexits; i++) {
		const struct key_exit *x = &en->exit_list[i];
		if (x->door == start_door)
			continue;
		int sx, sy;
		hall_side(p->m, id, &p->m->doors[x->door], &sx, &sy);
		int run = hall_runs_at(p->hr, sx, sy);
		enum region_kind k = x->to_region > 0 ? p->m->regions[x->to_region].kind : REGION_ROOM;
		int kind = x->via_corridor ? 0 : k == REGION_HALL ? 1 : k == REGION_BRIDGE ? 2 : 0;
		for (int j = 0; run >= 0 && j < x->nleads; j++)
			p->doors[p->ndoors++] = (struct hall_door){ run, kind, x->leads[j] };
	}
	p->ndoors = sort_unique(p->doors, p->ndoors);
	return 0;
}

double hall_line_length(const struct hall_plan *p, int r, int *last)
{
	double len = 0;
	int end = r;
	for (int steps = 0; r >= 0 && steps < p->hr->nruns; steps++, r = p->straight[r]) {
		len += p->hr->runs[r].length;
		end = r;
	}
	if (last)
		*last = end;
	return len;
}

int hall_line_rooms(const struct hall_plan *p, int r)
{
	int n = 0;
	for (int steps = 0; r >= 0 && steps < p->hr->nruns; steps++, r = p->straight[r])
		for (int i = 0; i < p->ndoors; i++)
			if (p->doors[i].run == r)
				p->scratch[n++] = (struct hall_door){ 0, p->doors[i].kind, p->doors[i].number };
	return sort_unique(p->scratch, n);
}

int hall_kids(const struct hall_plan *p, int r, int *kids)
{
	const struct hall_runs *hr = p->hr;
	int n = 0, straight = r >= 0 ? p->straight[r] : -1;
	for (int c = 0; c < hr->nruns && n < KEY_HALL_KIDS; c++) {
		const struct hall_run *run = &hr->runs[c];
		if (run->on < 0 && !run->loop && run->parent == r && c != straight && (r >= 0 || run->from == hr->start))
			kids[n++] = c;
	}
	return n;
}

/* straight[r]: the run going on from r's end the way r runs. */
static void find_straight(struct hall_plan *p)
{
	const struct hall_runs *hr = p->hr;
	for (int r = 0; r < hr->nruns; r++)
		p->straight[r] = -1;
	for (int c = 0; c < hr->nruns; c++) {
		const struct hall_run *run = &hr->runs[c];
		if (run->on < 0 && !run->loop && run->parent >= 0 && p->straight[run->parent] < 0 &&
		    hr->runs[run->parent].dir == run->dir)
			p->straight[run->parent] = c;
	}
}

/* The trunk: its legs while each ends at one run going on (a turn), into
 * p->legs; the runs of the fork it ends at (or of the start, when more
 * than one leaves it) into fork[]. Returns how many are in fork[]. */
static int plan_trunk(struct hall_plan *p, int *fork)
{
	int n = hall_kids(p, -1, fork);
	if (n != 1)
		return n;
	for (int r = fork[0]; p->nlegs < KEY_HALL_NAMED;) {
		p->legs[p->nlegs++] = r;
		int last;
		hall_line_length(p, r, &last);
		n = hall_kids(p, last, fork);
		if (n != 1)
			break;
		r = fork[0];
	}
	return n >= 2 ? n : 0;
}

/* The longest branch leaving a leg on the way that is not named yet, into
 * *b; 0 when there is none. */
static int longest_side(const struct hall_plan *p, struct hall_branch *b)
{
	double best = -1;
	for (int i = 0; i < p->nlegs; i++) {
		double at = 0;
		int last;
		hall_line_length(p, p->legs[i], &last);
		for (int r = p->legs[i], steps = 0; r >= 0 && r != last && steps < p->hr->nruns;
		     steps++, r = p->straight[r]) {
			at += p->hr->runs[r].length;
			int kids[KEY_HALL_KIDS], n = hall_kids(p, r, kids);
			for (int k = 0; k < n; k++) {
				double len = hall_line_length(p, kids[k], NULL);
				if (!p->named[kids[k]] && len > best) {
					best = len;
					*b = (struct hall_branch){ kids[k], i, at };
				}
			}
		}
	}
	return best >= 0;
}

/* Marks the runs of the line from r as named. */
static void name_line(struct hall_plan *p, int r)
{
	for (int steps = 0; r >= 0 && steps < p->hr->nruns; steps++, r = p->straight[r])
		p->named[r] = 1;
}

/* Sorts the lines from runs[0..n) longest first (the walk's order among
 * equals). */
static void sort_longest(const struct hall_plan *p, int *runs, int n)
{
	double len[KEY_HALL_KIDS];
	for (int i = 0; i < n && i < KEY_HALL_KIDS; i++) {
		int r = runs[i], j = i;
		double l = hall_line_length(p, r, NULL);
		for (; j > 0 && len[j - 1] < l; j--) {
			runs[j] = runs[j - 1];
			len[j] = len[j - 1];
		}
		runs[j] = r;
		len[j] = l;
	}
}

/* The legs, the fork's lines, longest first, and, while the names last,
 * the longest branches on the way; the branches in order of the fork,
 * then leg and place. */
static void plan(struct hall_plan *p)
{
	int fork[KEY_HALL_KIDS];
	int nfork = plan_trunk(p, fork);
	sort_longest(p, fork, nfork);
	for (int i = 0; i < p->nlegs; i++)
		name_line(p, p->legs[i]);
	for (int i = 0; i < nfork && p->nlegs + p->nbranches < KEY_HALL_NAMED; i++) {
		p->branches[p->nbranches++] = (struct hall_branch){ fork[i], -1, 0 };
		name_line(p, fork[i]);
	}
	int sides = p->nbranches;
	struct hall_branch b;
	while (p->nlegs + p->nbranches < KEY_HALL_NAMED && longest_side(p, &b)) {
		int i = p->nbranches++;
		for (; i > sides && (p->branches[i - 1].leg > b.leg ||
				     (p->branches[i - 1].leg == b.leg && p->branches[i - 1].at > b.at));
		     i--)
			p->branches[i] = p->branches[i - 1];
		p->branches[i] = b;
		name_line(p, b.run);
	}
}

/* Where the walk starts, "the front door", into *x, *y and what[], and
 * the door to a numbered region it starts from into *door (else -1); -1,
 * -1 and "" when the hall has neither the entrance nor a door to a
 * numbered region. */
static void find_start(const struct map *m, const struct key_entry *en, int id, int *x, int *y, int *door,
		       char *what, size_t size)
{
	*x = *y = *door = -1;
	what[0] = '\0';
	if (m->entrance.set && map_at(m, m->entrance.x, m->entrance.y) == id) {
		*x = m->entrance.x;
		*y = m->entrance.y;
		int d = m->entrance.side >= 0 ? map_find_door(m, *x, *y, (enum side)m->entrance.side) : -1;
		snprintf(what, size, "%s",
			 m->entrance.side < 0 ? "the stairs up"
			 : d >= 0 && m->doors[d].kind != DOOR_OPENING ? "the front door"
								       : "the entrance");
		return;
	}
	/* the door to the lowest number: the way the party comes in */
	const struct key_exit *first = NULL;
	for (int i = 0; i < en->nexits; i++) {
		const struct key_exit *x2 = &en->exit_list[i];
		if (x2->nleads > 0 && (!first || x2->leads[0] < first->leads[0]))
			first = x2;
	}
	if (!first)
		return;
	*door = first->door;
	hall_side(m, id, &m->doors[first->door], x, y);
	enum region_kind k = first->to_region > 0 ? m->regions[first->to_region].kind : REGION_ROOM;
	snprintf(what, size, "the %s to %s %d", first->kind == DOOR_OPENING ? "opening" : "door",
		 first->via_corridor || k == REGION_ROOM ? "room" : k == REGION_HALL ? "hallway" : "bridge",
		 first->leads[0]);
}

/* The plan of hall id's line and its sentence into s. Returns 0 or -1. */
static int write_line(const struct map *m, const struct hall_runs *hr, const struct key_entry *en, int id,
		      int start_door, const char *from, struct sbuf *s, struct err *e)
{
	struct hall_plan p = { .m = m, .hr = hr };
	p.straight = malloc(((size_t)hr->nruns + 1) * sizeof *p.straight);
	p.named = calloc((size_t)hr->nruns + 1, 1);
	int rc = 0;
	if (!p.straight || !p.named)
		rc = err_set(e, "out of memory for the key");
	else if (collect_doors(&p, en, id, start_door, e) < 0)
		rc = -1;
	if (rc == 0) {
		find_straight(&p);
		plan(&p);
		rc = key_hall_words(&p, from, s, e);
	}
	free(p.straight);
	free(p.named);
	free(p.doors);
	free(p.scratch);
	return rc;
}

int key_hall_line(struct key_entry *en, const struct map *m, int id, struct err *e)
{
	if (m->regions[id].kind != REGION_HALL || m->regions[id].area <= 0)
		return 0;
	char from[64];
	int sx, sy, door;
	find_start(m, en, id, &sx, &sy, &door, from, sizeof from);
	struct hall_runs hr;
	int found = hall_runs_find(&hr, m, id, sx, sy, e);
	if (found <= 0)
		return found;
	int rc = 0;
	if (m->regions[id].area >= KEY_HALL_MIN_SQUARES || hall_runs_count(&hr) >= KEY_HALL_MIN_RUNS) {
		struct sbuf s;
		sbuf_init(&s);
		rc = write_line(m, &hr, en, id, door, from, &s, e);
		if (rc == 0 && sbuf_failed(&s))
			rc = err_set(e, "out of memory for the key");
		if (rc == 0 && sbuf_cstr(&s)[0] && key_entry_add_line(en, sbuf_cstr(&s), e) < 0)
			rc = -1;
		sbuf_free(&s);
	}
	hall_runs_free(&hr);
	return rc;
}
