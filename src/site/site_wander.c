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

/* The faction's stronger kinds that may lead a sized patrol of creature:
 * its lieutenants, specialists and beasts strong enough for their parts,
 * as optional groups after g[0]. Returns the groups in g. */
static int patrol_leaders(const struct level_plan *lp, const struct site_faction_type *f, const char *creature,
			  struct site_group *g, int max)
{
	int n = 1;
	for (int i = 0; f && i < f->nmembers && n < max; i++) {
		const struct site_member *m = &f->members[i];
		if (!strcmp(m->creature, creature) ||
		    (m->cast != CAST_LIEUTENANT && m->cast != CAST_SPECIALIST && m->cast != CAST_BEAST) ||
		    (lp->sizer->fits && lp->sizer->fits(lp->sizer->ctx, m->creature, m->cast, lp->lv->map.depth) == 0))
			continue;
		g[n++] = (struct site_group){ m->creature, 0, 0, 0, 1 };
	}
	return n;
}

/* "A hill giant drives them on." for an optional group sized into a
 * patrol, by its part of the cast; "" for none. */
static void patrol_led_by(const struct site_faction_type *f, const struct site_group *g, char *out, size_t size)
{
	out[0] = '\0';
	if (!f || g->count <= 0)
		return;
	const struct site_member *m = NULL;
	for (int i = 0; i < f->nmembers && !m; i++)
		if (!strcmp(f->members[i].creature, g->creature))
			m = &f->members[i];
	if (!m)
		return;
	char word[16];
	const char *n = g->count == 1 ? (strchr("aeiou", m->creature[0]) ? "an" : "a")
				      : site_number_word(g->count, word, sizeof word);
	const char *who = g->count == 1 ? m->creature : m->plural;
	const char *does = m->cast == CAST_BEAST ? (g->count == 1 ? "lopes at their heels" : "lope at their heels")
						 : (g->count == 1 ? "drives them on" : "drive them on");
	snprintf(out, size, " %c%s %s %s.", n[0] >= 'a' && n[0] <= 'z' ? n[0] - 'a' + 'A' : n[0], n + 1, who, does);
}

/* A row of the wandering table: its count dice, or, sized for a party, as
 * many as a low fight holds, its figures first; a faction's patrol that is
 * led (f not NULL) may have one of its stronger kinds with it. */
static int wandering_row(struct level_plan *lp, int row, const char *text, const struct site_dice *count,
			 const char *creature, const char *plural, const struct site_faction_type *f, struct err *e)
{
	char dice[32], word[16], head[16], figures[600] = "", led[160] = "";
	dice_text(count, dice, sizeof dice);
	const char *n = dice, *who = plural;
	if (lp->sizer) {
		/* as many as its dice could roll, at most twice that sized */
		int most = count->n * count->sides + count->plus;
		struct site_group g[8];
		g[0] = (struct site_group){ creature, most > 0 ? most : 1, 0, 0, 0 };
		int ng = patrol_leaders(lp, f, creature, g, 8);
		struct site_meeting at = { lp->lv->map.depth, 0, 1, 0, &lp->rng };
		if (lp->sizer->size(lp->sizer->ctx, g, ng, &at, NULL, figures, sizeof figures, e) < 0)
			return -1;
		if (g[0].count == 0) {
			text = "Nobody: only the sounds of the place, and the feeling of being watched";
			figures[0] = '\0';
		} else if (figures[0]) {   /* sized; a creature the system lacks keeps its dice */
			n = site_number_word(g[0].count, word, sizeof word);
			who = g[0].count == 1 ? creature : plural;
			for (int i = 1; i < ng && !led[0]; i++)
				patrol_led_by(f, &g[i], led, sizeof led);
		}
	}
	const char *names[] = { "n", "who" };
	const char *values[] = { n, who };
	char *filled = site_fill(text, names, values, 2);
	if (!filled)
		return err_set(e, "out of memory for the wandering table");
	snprintf(head, sizeof head, "%d. ", row);
	size_t len = strlen(head) + strlen(figures) + strlen(filled) + strlen(led) + 4;
	char *line = malloc(len);
	int rc = line ? 0 : err_set(e, "out of memory for the wandering table");
	if (line) {
		snprintf(line, len, "%s%s%s%s%s%s", head, figures, figures[0] ? ". " : "", filled,
			 site_ends_sentence(filled) ? "" : ".", led);
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
		/* every second patrol led by one of the faction's stronger kinds, where the party's fight allows */
		if (wandering_row(lp, row, text, &f->members[m].count, f->members[m].creature, f->members[m].plural,
				  row % 2 == 0 ? f : NULL, e) < 0)
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
		if (wandering_row(lp, row, o->text, &o->count, o->creature, o->plural, NULL, e) < 0)
			return -1;
	}
	return 0;
}
