/* key_build.c: building the key of a numbered map: an entry per number,
 * its title and size, its exits (key_exits.c) and further paragraphs
 * (key_lines.c), a way in that lies in a corridor (key_way_in.c), and the
 * footer of the map's notes. Contents come from
 * stock.c, called by whoever builds the key. */
#include "model/key_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void size_text(const struct map *m, const struct region *r, char *out, size_t size)
{
	int ft = m->square_feet;
	const struct rect *b = &r->bounds;
	if (r->area == b->w * b->h)
		snprintf(out, size, "%d x %d ft", b->w * ft, b->h * ft);
	else
		snprintf(out, size, "%d x %d ft at the widest", b->w * ft, b->h * ft);
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
		if (key_exits_build(en, m, &g, id, o, stack, seen, e) < 0 || key_entry_lines(en, m, id, e) < 0)
			goto fail;
	}
	if (key_way_in_line(k, m, e) < 0)
		goto fail;
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
