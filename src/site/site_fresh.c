/* site_fresh.c: drawing one of a list's lines for a room, so that what is
 * said suits the room and the document says each sentence once. Of the
 * lines whose conditions hold there (room_facts.h), the most specific come
 * first; among them, one the document has not drawn (model/key_said.h)
 * and whose text says nothing said before, else a less specific one
 * rather than a sentence again. */
#include "site/site_rooms.h"
#include "site/site_stale.h"

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
	int small_spec[64];
	int *specific = n <= 64 ? small_spec : malloc((size_t)n * sizeof *specific);
	if (!specific)
		return NULL;   /* out of memory */
	for (int i = 0; i < n; i++) {
		int s = specific[i] = spec_of(conds, i, facts);
		if (s > top)
			top = s;
		if (s >= 0 && s <= FACT_COUNT)
			count[s]++;
	}
	if (top < 0) {
		if (specific != small_spec)
			free(specific);
		return NULL;
	}
	/* the lines that hold, by how specific they are: those as specific as
	 * spec are held[first[spec] ..], in the list's order */
	for (int s = 0; s <= FACT_COUNT; s++)
		first[s + 1] = first[s] + count[s];
	int small[64], fill_at[FACT_COUNT + 1];
	int *held = first[FACT_COUNT + 1] <= 64 ? small : malloc((size_t)first[FACT_COUNT + 1] * sizeof *held);
	if (!held) {
		if (specific != small_spec)
			free(specific);
		return NULL;   /* out of memory */
	}
	memcpy(fill_at, first, sizeof fill_at);
	for (int i = 0; i < n; i++)
		if (specific[i] >= 0 && specific[i] <= FACT_COUNT)
			held[fill_at[specific[i]]++] = i;
	/* a list found stale before for this filling is stale still: only
	 * the last resort is drawn (site_stale.h) */
	char *note = fill ? site_stale_note(lines, n, held, first[FACT_COUNT + 1], specific, fill, ctx) : NULL;
	int stale = note && key_said_noted(lp->said, note);
	if (specific != small_spec)
		free(specific);
	/* what is learnt of each held line in the first pass, so the second
	 * and the last resort ask nothing twice (a filler gives a line the
	 * same text each time) */
	enum { MARKED = 1, TRIED = 2 };
	unsigned char small_flags[64];
	unsigned char *flag = first[FACT_COUNT + 1] <= 64 ? small_flags : calloc((size_t)first[FACT_COUNT + 1], 1);
	if (!flag) {
		free(note);
		if (held != small)
			free(held);
		return NULL;   /* out of memory */
	}
	memset(flag, 0, flag == small_flags ? sizeof small_flags : 0);
	/* each level's lines tried from a random one of them on, so a line
	 * after lines that do not hold is drawn no more often than the rest */
	int start = rng_range(&lp->rng, 0, 1 << 20), pick = -1;
	/* the text of the line the last resort would draw: the first of the
	 * most specific not drawn yet, else the first */
	char *keep = NULL;
	int keep_slot = -1;
	/* a line not drawn yet whose text is new, then (filled) any line whose
	 * text is new, the most specific first */
	for (int pass = 0; pass < (stale ? 0 : fill ? 2 : 1) && pick < 0; pass++)
		for (int spec = top; spec >= 0 && pick < 0; spec--)
			for (int j = 0; j < count[spec] && pick < 0; j++) {
				int slot = first[spec] + (start + j) % count[spec], i = held[slot];
				if (pass == 0 && key_said_marked(lp->said, lines[i]))
					flag[slot] |= MARKED;
				if ((pass == 0 && (flag[slot] & MARKED)) || (pass == 1 && (flag[slot] & TRIED)))
					continue;   /* drawn before; or its text said, found in the first pass */
				if (!fill) {
					pick = i;
					break;
				}
				char *t = fill(ctx, lines[i]);
				if (!t) {
					free(note);
					free(keep);
					if (flag != small_flags)
						free(flag);
					if (held != small)
						free(held);
					return lines[i];   /* *text NULL: out of memory */
				}
				flag[slot] |= TRIED;
				if (!key_said_any(lp->said, t)) {
					pick = i;
					*text = t;
				} else if (spec == top && keep_slot < 0 && (pass == 0 || j == 0)) {
					keep = t;
					keep_slot = slot;
				} else {
					free(t);
				}
			}
	if (fresh)
		*fresh = pick >= 0;
	if (pick < 0 && note && !stale)
		key_said_note(lp->said, note);   /* a failure latches (key_said.h) */
	free(note);
	/* every line that holds said: the most specific again, one not drawn
	 * where there is one */
	int slot = -1;
	for (int pass = 0; pass < 2 && pick < 0; pass++)
		for (int j = 0; j < count[top] && pick < 0; j++) {
			slot = first[top] + (start + j) % count[top];
			if (stale && pass == 0 && key_said_marked(lp->said, lines[held[slot]]))
				flag[slot] |= MARKED;   /* not asked in a first pass */
			if (pass == 1 || !(flag[slot] & MARKED))
				pick = held[slot];
		}
	if (flag != small_flags)
		free(flag);
	if (held != small)
		free(held);
	if (fill && !*text) {
		if (slot == keep_slot) {
			*text = keep;
			keep = NULL;
		} else if (!(*text = fill(ctx, lines[pick]))) {
			free(keep);
			return lines[pick];
		}
	}
	free(keep);
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
