/* site_fresh.c: drawing one of a list's lines for a room, so that what is
 * said suits the room and the document says each sentence once. Of the
 * lines whose conditions hold there (room_facts.h), the most specific come
 * first; among them, one the document has not drawn (model/key_said.h)
 * and whose text says nothing said before, else a less specific one
 * rather than a sentence again. */
#include "site/site_rooms.h"

#include <stdlib.h>
#include <string.h>

/* How specific line i is where facts hold (its condition's words), or -1
 * when it does not hold there. */
static int spec_of(const struct fact_cond *conds, int i, fact_bits facts)
{
	if (!conds)
		return 0;
	return fact_cond_holds(&conds[i], facts) ? conds[i].n : -1;
}


const char *site_fit_text(struct level_plan *lp, char *const *lines, const struct fact_cond *conds, int n,
			  fact_bits facts, site_filler *fill, void *ctx, char **text, int *fresh)
{
	int top = -1, count[FACT_COUNT + 1] = { 0 }, first[FACT_COUNT + 2] = { 0 };
	if (fresh)
		*fresh = 0;
	for (int i = 0; i < n; i++) {
		int s = spec_of(conds, i, facts);
		if (s > top)
			top = s;
		if (s >= 0 && s <= FACT_COUNT)
			count[s]++;
	}
	if (top < 0)
		return NULL;
	/* the lines that hold, by how specific they are: those as specific as
	 * spec are held[first[spec] ..], in the list's order */
	for (int s = 0; s <= FACT_COUNT; s++)
		first[s + 1] = first[s] + count[s];
	int small[64], fill_at[FACT_COUNT + 1];
	int *held = first[FACT_COUNT + 1] <= 64 ? small : malloc((size_t)first[FACT_COUNT + 1] * sizeof *held);
	if (!held)
		return NULL;   /* out of memory */
	memcpy(fill_at, first, sizeof fill_at);
	for (int i = 0; i < n; i++) {
		int s = spec_of(conds, i, facts);
		if (s >= 0 && s <= FACT_COUNT)
			held[fill_at[s]++] = i;
	}
	/* each level's lines tried from a random one of them on, so a line
	 * after lines that do not hold is drawn no more often than the rest */
	int start = rng_range(&lp->rng, 0, 1 << 20), pick = -1;
	/* a line not drawn yet whose text is new, then (filled) any line whose
	 * text is new, the most specific first */
	for (int pass = 0; pass < (fill ? 2 : 1) && pick < 0; pass++)
		for (int spec = top; spec >= 0 && pick < 0; spec--)
			for (int j = 0; j < count[spec] && pick < 0; j++) {
				int i = held[first[spec] + (start + j) % count[spec]];
				if (pass == 0 && key_said_marked(lp->said, lines[i]))
					continue;
				if (!fill) {
					pick = i;
					break;
				}
				char *t = fill(ctx, lines[i]);
				if (!t) {
					if (held != small)
						free(held);
					return lines[i];   /* *text NULL: out of memory */
				}
				if (!key_said_any(lp->said, t)) {
					pick = i;
					*text = t;
				} else {
					free(t);
				}
			}
	if (fresh)
		*fresh = pick >= 0;
	/* every line that holds said: the most specific again, one not drawn
	 * where there is one */
	for (int pass = 0; pass < 2 && pick < 0; pass++)
		for (int j = 0; j < count[top] && pick < 0; j++) {
			int i = held[first[top] + (start + j) % count[top]];
			if (pass == 1 || !key_said_marked(lp->said, lines[i]))
				pick = i;
		}
	if (held != small)
		free(held);
	if (fill && !*text && !(*text = fill(ctx, lines[pick])))
		return lines[pick];
	key_said_mark(lp->said, lines[pick]);   /* a failure latches (key_said.h) */
	return lines[pick];
}

const char *site_fresh_text(struct level_plan *lp, char *const *lines, int n, site_filler *fill, void *ctx,
			    char **text, int *fresh)
{
	const char *line = site_fit_text(lp, lines, NULL, n, 0, fill, ctx, text, fresh);
	return fill && !*text ? NULL : line;
}

const char *site_fresh_line(struct level_plan *lp, char *const *lines, int n)
{
	char *none = NULL;
	return site_fit_text(lp, lines, NULL, n, 0, NULL, NULL, &none, NULL);
}

int site_add_said(struct level_plan *lp, struct key_entry *en, const char *line, struct err *e)
{
	key_said_add(lp->said, line);   /* a failure latches (key_said.h) */
	return key_entry_add_line(en, line, e);
}
