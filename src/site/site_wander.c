/* site_wander.c: the level's wandering table (the fifth stage of
 * site_level_build): a d6 of the factions' patrols, vermin and a visitor,
 * their numbers as dice, since each meeting rolls its own, or sized for
 * the party by a system with figures. */
#include "site/site_rooms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add_wandering(struct key *k, const char *text, struct err *e)
{
	char **p = realloc(k->wandering, ((size_t)k->nwandering + 1) * sizeof *p);
	if (!p)
		return err_set(e, "out of memory for the wandering table");
	k->wandering = p;
	if (!(p[k->nwandering] = strdup(text)))
		return err_set(e, "out of memory for the wandering table");
	k->nwandering++;
	return 0;
}

static void dice_text(const struct site_dice *d, char *out, size_t size)
{
	if (d->n == 0)
		snprintf(out, size, "%d", d->plus);
	else if (d->plus)
		snprintf(out, size, "%dd%d+%d", d->n, d->sides, d->plus);
	else
		snprintf(out, size, "%dd%d", d->n, d->sides);
}

/* A row of the wandering table: its count dice, or, sized for a party, as
 * many as a low fight holds, its figures first. */
static int wandering_row(struct level_plan *lp, int row, const char *text, const struct site_dice *count,
			 const char *creature, const char *plural, struct err *e)
{
	char dice[32], word[16], head[16], figures[600] = "";
	dice_text(count, dice, sizeof dice);
	const char *n = dice, *who = plural;
	if (lp->sizer) {
		/* as many as its dice could roll, at most twice that sized */
		int most = count->n * count->sides + count->plus;
		struct site_group g = { creature, most > 0 ? most : 1, 0, 0, 0 };
		struct site_meeting at = { lp->lv->map.depth, 0, 1, 0, &lp->rng };
		if (lp->sizer->size(lp->sizer->ctx, &g, 1, &at, NULL, figures, sizeof figures, e) < 0)
			return -1;
		if (g.count == 0) {
			text = "Nobody: only the sounds of the place, and the feeling of being watched";
		} else if (figures[0]) {   /* sized; a creature the system lacks keeps its dice */
			n = site_number_word(g.count, word, sizeof word);
			who = g.count == 1 ? creature : plural;
		}
	}
	const char *names[] = { "n", "who" };
	const char *values[] = { n, who };
	char *filled = site_fill(text, names, values, 2);
	if (!filled)
		return err_set(e, "out of memory for the wandering table");
	snprintf(head, sizeof head, "%d. ", row);
	size_t len = strlen(head) + strlen(figures) + strlen(filled) + 4;
	char *line = malloc(len);
	int rc = line ? 0 : err_set(e, "out of memory for the wandering table");
	if (line) {
		snprintf(line, len, "%s%s%s%s%s", head, figures, figures[0] ? ". " : "", filled,
			 site_ends_sentence(filled) ? "" : ".");
		rc = add_wandering(&lp->lv->key, line, e);
	}
	free(line);
	free(filled);
	return rc;
}

/* A d6: four rows of the factions' patrols, one of vermin, one of a
 * visitor (vermin again where the setting has no visitor). */
int site_wandering_table(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	snprintf(k->wandering_die, sizeof k->wandering_die, "d6");
	int order[SITE_MAX_FACTIONS][16], used[SITE_MAX_FACTIONS] = { 0 };
	for (int f = 0; f < lp->site->nfactions; f++) {
		int n = lp->t->factions[lp->site->faction_type[f]].ndoing[ROLE_WANDER];
		for (int i = 0; i < 16; i++)
			order[f][i] = n > 0 ? i % n : 0;
		rng_shuffle(&lp->rng, order[f], (size_t)(n < 16 ? n : 16));
	}
	for (int row = 1; row <= 4; row++) {
		int faction = lp->site->nfactions > 1 && row > 2 ? 1 : 0;
		const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
		int m = site_member_for(f, ROLE_WANDER, &lp->rng);
		if (m < 0)
			m = 0;
		int n = f->ndoing[ROLE_WANDER] < 16 ? f->ndoing[ROLE_WANDER] : 16;
		const char *text = f->doing[ROLE_WANDER][order[faction][used[faction]++ % n]];
		if (wandering_row(lp, row, text, &f->members[m].count, f->members[m].creature, f->members[m].plural, e) < 0)
			return -1;
	}
	for (int row = 5; row <= 6; row++) {
		int want_visitor = row == 6, found = -1, n = 0;
		for (int pass = 0; pass < 2 && found < 0; pass++)
			for (int i = 0; i < lp->t->noutsiders; i++) {
				const struct site_outsider *o = &lp->t->outsiders[i];
				if ((pass == 1 || o->visitor == want_visitor) && site_outsider_fits(lp, o) &&
				    rng_range(&lp->rng, 0, n++) == 0)
					found = i;
			}
		if (found < 0)
			continue;
		const struct site_outsider *o = &lp->t->outsiders[found];
		if (wandering_row(lp, row, o->text, &o->count, o->creature, o->plural, e) < 0)
			return -1;
	}
	return 0;
}
