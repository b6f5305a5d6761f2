/* site_held.c: how many of a creature each room of a level holds, worked
 * out once a creature (see site_held.h). */
#include "site/site_held.h"

#include <stdlib.h>
#include <string.h>

static int by_number(const void *a, const void *b)
{
	const struct site_held_room *x = a, *y = b;
	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	return (x->room > y->room) - (x->room < y->room);
}

int site_held_init(struct site_held *h, const struct level_plan *lp, struct err *e)
{
	memset(h, 0, sizeof *h);
	h->lp = lp;
	h->by_number = malloc(((size_t)lp->n + 1) * sizeof *h->by_number);
	if (!h->by_number)
		return err_set(e, "out of memory for the wandering table");
	for (int i = 0; i < lp->n; i++)
		h->by_number[i] = (struct site_held_room){ lp->lv->key.entries[lp->rooms[i].entry].number, i };
	qsort(h->by_number, (size_t)lp->n, sizeof *h->by_number, by_number);
	return 0;
}

void site_held_free(struct site_held *h)
{
	for (int i = 0; i < h->ncreatures; i++)
		free(h->creatures[i].by_room);
	free(h->creatures);
	free(h->by_number);
	memset(h, 0, sizeof *h);
}

/* How many of creature the entry holds that may walk with a patrol. */
static int entry_holds(const struct key_entry *en, const char *creature)
{
	int held = 0;
	for (int j = 0; j < en->noccupants; j++)
		if (!strcmp(en->occupants[j].creature, creature) && strcmp(en->occupants[j].role, "leader") != 0 &&
		    strcmp(en->occupants[j].role, "prison") != 0 && strcmp(en->occupants[j].role, "sought") != 0)
			held += en->occupants[j].count;
	return held;
}

const int *site_held_by_room(struct site_held *h, const char *creature, struct err *e)
{
	for (int i = 0; i < h->ncreatures; i++)
		if (!strcmp(h->creatures[i].creature, creature))
			return h->creatures[i].by_room;
	const struct level_plan *lp = h->lp;
	struct site_held_creature *more = realloc(h->creatures, ((size_t)h->ncreatures + 1) * sizeof *more);
	if (!more) {
		err_set(e, "out of memory for the wandering table");
		return NULL;
	}
	h->creatures = more;
	int *held = malloc(((size_t)lp->n + 1) * sizeof *held);
	if (!held) {
		err_set(e, "out of memory for the wandering table");
		return NULL;
	}
	for (int i = 0; i < lp->n; i++)
		held[i] = entry_holds(&lp->lv->key.entries[lp->rooms[i].entry], creature);
	/* rooms sharing a number count as one: each gets the sum of them all */
	for (int i = 0; i < lp->n;) {
		int end = i, sum = 0;
		while (end < lp->n && h->by_number[end].number == h->by_number[i].number)
			sum += held[h->by_number[end++].room];
		for (; i < end; i++)
			held[h->by_number[i].room] = sum;
	}
	h->creatures[h->ncreatures++] = (struct site_held_creature){ creature, held };
	return held;
}

int site_held_room(const struct site_held *h, int number)
{
	int lo = 0, hi = h->lp->n;   /* the first of them numbered above `number` */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (h->by_number[mid].number <= number)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && h->by_number[lo - 1].number == number ? h->by_number[lo - 1].room : -1;
}
