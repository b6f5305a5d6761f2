/* house_doors.c: stage 4 of the house method, doors until every room is
 * connected.
 *
 * The procedure: queue all rooms; take the first; from a random point walk
 * its boundary for a wall that opens onto a hallway and put a door there,
 * and with the hall-door probability keep walking for more; if none opens
 * onto a hallway, do the same for walls into rooms already connected, with
 * the room-door probability for more. A room that got no door goes to the
 * back of the queue.
 *
 * The queue is simulated, not spun: a room that has no connected neighbour
 * gets no door and rolls no dice, so trying it changes nothing but its place
 * in the queue. Rooms keep their first order across passes, so the queue is
 * a series of passes over the remaining rooms in creation order; a room is
 * tried only once a neighbour is connected, in this pass if it lies ahead of
 * the pass's position, else in the next (two heaps of room indices).
 *
 * Termination: the rooms and the hallway tile the plan rectangle, so while a
 * room is unconnected some unconnected room shares a wall with a connected
 * region; it was put in a heap when that region was connected and gets a
 * door in the next pass at the latest. So every pass connects at least one
 * room, there are at most as many passes as rooms, each room is queued once,
 * and the work is O((rooms + walls) log rooms). */
#include "methods/house/house_build.h"
#include "base/plural.h"

#include <stdlib.h>

void house_perimeter_edge(struct rect r, int k, int *x, int *y, enum side *side)
{
	if (k < r.w) {
		*x = r.x + k, *y = r.y, *side = SIDE_N;
		return;
	}
	k -= r.w;
	if (k < r.h) {
		*x = r.x + r.w - 1, *y = r.y + k, *side = SIDE_E;
		return;
	}
	k -= r.h;
	if (k < r.w) {
		*x = r.x + r.w - 1 - k, *y = r.y + r.h - 1, *side = SIDE_S;
		return;
	}
	k -= r.w;
	*x = r.x, *y = r.y + r.h - 1 - k, *side = SIDE_W;
}

/* The regions beyond r's boundary walk (0 outside the grid): ring[k] is
 * the region beyond edge k (see house_perimeter_edge), read a wall at a
 * time along the rows and columns next to r. */
static void ring_fill(const struct map *m, struct rect r, int *ring)
{
	int k = 0;
	for (int i = 0; i < r.w; i++)
		ring[k++] = map_at(m, r.x + i, r.y - 1);
	for (int i = 0; i < r.h; i++)
		ring[k++] = map_at(m, r.x + r.w, r.y + i);
	for (int i = 0; i < r.w; i++)
		ring[k++] = map_at(m, r.x + r.w - 1 - i, r.y + r.h);
	for (int i = 0; i < r.h; i++)
		ring[k++] = map_at(m, r.x - 1, r.y + r.h - 1 - i);
}

/* A min-heap of room indices. */
struct heap {
	int *a;
	int n;
};

static void heap_push(struct heap *h, int v)
{
	int i = h->n++;
	while (i > 0 && h->a[(i - 1) / 2] > v) {
		h->a[i] = h->a[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h->a[i] = v;
}

static int heap_pop(struct heap *h)
{
	int top = h->a[0], v = h->a[--h->n], i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && h->a[c + 1] < h->a[c])
			c++;
		if (h->a[c] >= v)
			break;
		h->a[i] = h->a[c];
		i = c;
	}
	if (h->n > 0)
		h->a[i] = v;
	return top;
}

/* What the door stage keeps between rooms. */
struct door_state {
	unsigned char *connected;   /* per region */
	int *used;                  /* scratch: side + 4 * region of this room's doors */
	int *ring;                  /* scratch: the regions beyond a room's walls (ring_fill) */
};

/* Whether region o may take a door from room `self` in phase 0 (hallway) or
 * phase 1 (a connected room). */
static int door_target(const struct house_build *b, const struct door_state *d, int phase, int self, int o)
{
	if (o <= 0 || o == self)
		return 0;
	if (phase == 0)
		return o == b->hall_region;
	/* the rooms are the ids from room_base on (no read of the region) */
	return o >= b->room_base && o - b->room_base < b->nrooms && d->connected[o];
}

/* Places a door on the run of wall around edge k of room i that faces region
 * o: the edges on the same side with o beyond, away from its ends when the
 * run is three or more squares long. */
static int door_in_run(struct house_build *b, const int *ring, int i, int k, int o, struct err *e)
{
	struct rect r = b->rooms[i];
	int x, y;
	enum side s;
	house_perimeter_edge(r, k, &x, &y, &s);
	/* The walk's positions of this wall: [w0, w1). */
	int len[SIDE_COUNT] = { r.w, r.h, r.w, r.h }, w0 = 0;
	for (int t = 0; t < (int)s; t++)
		w0 += len[t];
	int w1 = w0 + len[s], lo = k, hi = k;
	while (lo > w0 && ring[lo - 1] == o)
		lo--;
	while (hi + 1 < w1 && ring[hi + 1] == o)
		hi++;
	if (hi - lo >= 2)
		lo++, hi--;
	int at = rng_range(b->rng, lo, hi);
	house_perimeter_edge(r, at, &x, &y, &s);
	if (map_add_door(b->m, x, y, s, DOOR_PLAIN, e) < 0)
		return -1;
	if (log_on(b->log))
		log_step(b->log, "Room at (%d, %d) %dx%d: door on its %s wall at (%d, %d) to the %s", r.x, r.y, r.w,
			 r.h, side_name(s), x, y, o == b->hall_region ? "hallway" : "connected room");
	return 0;
}

/* Walks room i's boundary from a random point and places its doors (phase 0:
 * onto the hallway, phase 1 if that placed none: into connected rooms), at
 * most one per wall and region beyond. Returns the doors placed or -1. */
static int place_doors(struct house_build *b, struct door_state *d, int i, struct err *e)
{
	struct rect r = b->rooms[i];
	int self = b->room_base + i, per = 2 * (r.w + r.h);
	int start = rng_range(b->rng, 0, per - 1), placed = 0;
	ring_fill(b->m, r, d->ring);
	for (int phase = 0; phase < 2 && placed == 0; phase++) {
		double more = phase == 0 ? b->hp->hall_door_prob : b->hp->room_door_prob;
		int nused = 0, go_on = 1;
		for (int step = 0; step < per && go_on; step++) {
			int k = (start + step) % per, x, y;
			enum side s;
			int o = d->ring[k];
			if (!door_target(b, d, phase, self, o))
				continue;
			house_perimeter_edge(r, k, &x, &y, &s);
			int tag = (int)s + 4 * o, seen = 0;
			for (int u = 0; u < nused && !seen; u++)
				seen = d->used[u] == tag;
			if (seen)
				continue;
			if (door_in_run(b, d->ring, i, k, o, e) < 0)
				return -1;
			d->used[nused++] = tag;
			placed++;
			go_on = rng_chance(b->rng, more);
		}
	}
	return placed;
}

/* Queues the unconnected rooms beside room region `reg` that are not queued
 * yet: in this pass if they lie after position pos, else in the next. */
static void wake_neighbours(const struct house_build *b, const struct door_state *d, int idx, int pos,
			    unsigned char *queued, struct heap *cur, struct heap *next)
{
	int id = b->room_base + idx;
	for (int k = b->touch_first[id]; k < b->touch_first[id + 1]; k++) {
		int j = b->touch[k] - b->room_base;
		if (j < 0 || j >= b->nrooms || d->connected[b->touch[k]] || queued[j])
			continue;
		queued[j] = 1;
		heap_push(j > pos ? cur : next, j);
	}
}

int house_doors(struct house_build *b, struct err *e)
{
	struct door_state d = { 0 };
	struct heap h[2] = { { 0 }, { 0 } };
	int maxper = 4;
	for (int i = 0; i < b->nrooms; i++)
		if (2 * (b->rooms[i].w + b->rooms[i].h) > maxper)
			maxper = 2 * (b->rooms[i].w + b->rooms[i].h);
	d.connected = calloc((size_t)b->m->nregions + 1, 1);
	d.used = malloc((size_t)maxper * sizeof *d.used);
	d.ring = malloc((size_t)maxper * sizeof *d.ring);
	unsigned char *queued = calloc((size_t)b->nrooms + 1, 1);
	h[0].a = malloc(((size_t)b->nrooms + 1) * sizeof *h[0].a);
	h[1].a = malloc(((size_t)b->nrooms + 1) * sizeof *h[1].a);
	int rc = -1;
	if (!d.connected || !d.used || !d.ring || !queued || !h[0].a || !h[1].a) {
		err_set(e, "out of memory for the house's doors");
		goto out;
	}
	d.connected[b->hub] = 1;
	int left = 0;
	for (int i = 0; i < b->nrooms; i++)
		if (b->room_base + i != b->hub)
			left++;
	/* The rooms beside the hub start in the first pass. */
	struct heap *cur = &h[0], *next = &h[1];
	if (b->hub == b->hall_region) {
		/* the rooms touching it: listed once each */
		for (int k = b->touch_first[b->hub]; k < b->touch_first[b->hub + 1]; k++) {
			int i = b->touch[k] - b->room_base;
			if (i >= 0 && i < b->nrooms) {
				queued[i] = 1;
				heap_push(cur, i);
			}
		}
	} else {
		wake_neighbours(b, &d, b->hub - b->room_base, -1, queued, cur, next);
	}
	long requeued = 0;
	int pass = 1, pos = -1;
	while (left > 0) {
		if (cur->n == 0) {
			if (next->n == 0) {
				err_set(e, "house: %d rooms have no wall to a connected room (a bug)", left);
				goto out;
			}
			struct heap *t = cur;
			cur = next;
			next = t;
			pos = -1;
			pass++;
		}
		int i = heap_pop(cur);
		pos = i;
		int placed = place_doors(b, &d, i, e);
		if (placed < 0)
			goto out;
		if (placed == 0) {
			err_set(e, "house: room %d was woken but has no door to place (a bug)", i);
			goto out;
		}
		d.connected[b->room_base + i] = 1;
		requeued += pass - 1;
		left--;
		wake_neighbours(b, &d, i, pos, queued, cur, next);
	}
	int joined = b->nrooms - (b->hub != b->hall_region);
	log_step(b->log, "Doors: %d room%s connected in %d pass%s through the queue; rooms went back to its end %ld "
		 "time%s", joined, plural_s(joined), pass, pass == 1 ? "" : "es", requeued, plural_s(requeued));
	rc = 0;
out:
	free(d.connected);
	free(d.used);
	free(d.ring);
	free(queued);
	free(h[0].a);
	free(h[1].a);
	return rc;
}
