/* site_wander.c: the level's wandering table (the fifth stage of
 * site_level_build): a d6 of the factions' patrols, vermin and a visitor,
 * their numbers as dice, since each meeting rolls its own, or sized for
 * the party by a system with figures. */
#include "site/site_rooms.h"

#include "base/article.h"
#include "site/site_held.h"

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

/* The rows' heads so far: who and how many ("7 veterans", "2d4
 * kobolds"), so that no two rows of the table read alike at a glance. */
struct heads {
	char said[8][SITE_WORD + 32];
	int n;
};

static void head_of(const char *creature, const char *count, char *out, size_t size)
{
	snprintf(out, size, "%s %s", count, creature);
}

static int head_used(const struct heads *h, const char *creature, const char *count)
{
	char k[SITE_WORD + 32];
	head_of(creature, count, k, sizeof k);
	for (int i = 0; h && i < h->n; i++)
		if (!strcmp(h->said[i], k))
			return 1;
	return 0;
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
		if (!strcmp(m->creature, creature) || site_creature_most(lp->t, m->creature, 100) < 100 ||
		    (m->cast != CAST_LIEUTENANT && m->cast != CAST_SPECIALIST && m->cast != CAST_BEAST) ||
		    (lp->sizer->fits && lp->sizer->fits(lp->sizer->ctx, m->creature, m->cast, lp->lv->map.depth) == 0))
			continue;
		g[n++] = (struct site_group){ m->creature, 0, 0, 0, 1, 0, 0 };
	}
	return n;
}

/* "A hill giant drives them on." for an optional group sized into a
 * patrol, by its part of the cast, in words the document has not said
 * where there are some; "" for none. */
static void patrol_led_by(const struct level_plan *lp, const struct site_faction_type *f,
			  const struct site_group *g, char *out, size_t size)
{
	static const char *const beast_one[] = { "lopes at their heels", "slinks along beside them",
						  "runs ahead of them, nose to the floor" };
	static const char *const beast_many[] = { "lope at their heels", "slink along beside them",
						   "run ahead of them, noses to the floor" };
	static const char *const lead_one[] = { "drives them on", "walks at their head", "brings up the rear, cursing the slow",
						 "keeps them in step with a word", "calls the turns at every corner",
						 "shoves the stragglers along from behind" };
	static const char *const lead_many[] = { "drive them on", "walk at their head", "bring up the rear, cursing the slow",
						  "keep them in step with a word", "call the turns at every corner",
						  "shove the stragglers along from behind" };
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
	const char *n = g->count == 1 ? article_for(m->creature)
				      : site_number_word(g->count, word, sizeof word);
	const char *who = g->count == 1 ? m->creature : m->plural;
	int beast = m->cast == CAST_BEAST, one = g->count == 1;
	const char *const *does = beast ? (one ? beast_one : beast_many) : (one ? lead_one : lead_many);
	int ndoes = beast ? (int)(sizeof beast_one / sizeof beast_one[0]) : (int)(sizeof lead_one / sizeof lead_one[0]);
	for (int i = 0; i < ndoes; i++) {
		snprintf(out, size, " %c%s %s %s.", n[0] >= 'a' && n[0] <= 'z' ? n[0] - 'a' + 'A' : n[0], n + 1, who,
			 does[i]);
		if (!key_said_any(lp->said, out + 1))
			break;
	}
}

/* The text of a row of the wandering table (caller frees) into *out, NULL
 * when out of memory, and where its words start past its figures into
 * *words: its count dice, or, sized for a party, as many as a low fight
 * holds, its figures first; a faction's patrol that is led (f not NULL)
 * may have one of its stronger kinds with it; from > 0: the room they
 * come from. */
static int wandering_text(struct level_plan *lp, int row, const char *text, const struct site_dice *count,
			  const char *creature, const char *plural, const struct site_faction_type *f, int from,
			  int variant, const struct heads *heads, struct site_held *holds, char *said_head, char **out,
			  size_t *words,
			  struct err *e)
{
	char dice[32], word[16], head[16], figures[600] = "", whom[SITE_WORD + 32], led[160] = "";
	said_head[0] = '\0';
	/* a creature met alone or in pairs: no more than that, whatever its dice */
	int most = count->n * count->sides + count->plus, cap = site_creature_most(lp->t, creature, most);
	struct site_dice capped = { 1, cap, 0 };
	if (cap < most && cap >= 2)
		count = &capped;
	dice_text(count, dice, sizeof dice);
	/* dice an earlier row has for the same creature: one more (none more
	 * of a creature met only in pairs) */
	struct site_dice bumped = *count;
	int uncapped = site_creature_most(lp->t, creature, 100) >= 100;
	for (int i = 0; i < 6 && !lp->sizer && uncapped && head_used(heads, creature, dice); i++) {
		bumped.plus++;
		dice_text(&bumped, dice, sizeof dice);
	}
	const char *n = dice, *who = plural;
	int shown = bumped.n * bumped.sides + bumped.plus;   /* the most the row may bring */
	if (lp->sizer) {
		/* as many as its dice could roll, at most twice that sized */
		struct site_group g[8];
		g[0] = (struct site_group){ creature, cap > 0 ? cap : 1, !uncapped, 0, 0, 0, 0 };
		int ng = patrol_leaders(lp, f, creature, g, 8);
		struct site_meeting at = { lp->lv->map.depth, 0, 1, 0, &lp->rng, 0 };
		if (lp->sizer->size(lp->sizer->ctx, g, ng, &at, NULL, figures, sizeof figures, e) < 0)
			return -1;
		/* a patrol's later rows: fewer than the fight holds (half,
		 * three quarters, a pair), and never as many of the same
		 * creature as an earlier row: else the fight's own count, or
		 * one or two more */
		int c = g[0].count, limit = site_creature_most(lp->t, creature, 100);
		int tries[8] = { variant % 4 == 1 ? (c + 1) / 2 : variant % 4 == 2 ? (3 * c + 3) / 4 : variant % 4 ? 2 : c,
				 c, c + 1, c + 2, 2, 3, c + 3, 4 };
		int want = c;
		for (int i = 0; i < 8 && c > 0; i++) {
			char num[16];
			snprintf(num, sizeof num, "%d", tries[i]);
			if (tries[i] >= 2 && tries[i] <= limit && !head_used(heads, creature, num)) {
				want = tries[i];
				break;
			}
		}
		if (want != c) {
			struct site_group keep_g = g[0];
			char keep_f[sizeof figures];
			memcpy(keep_f, figures, sizeof figures);
			g[0] = (struct site_group){ creature, want, 1, 0, 0, 0, 0 };
			if (lp->sizer->size(lp->sizer->ctx, g, 1, &at, NULL, figures, sizeof figures, e) < 0)
				return -1;
			if (g[0].count == 0) {   /* too many for any fight: as sized */
				g[0] = keep_g;
				memcpy(figures, keep_f, sizeof figures);
			} else {
				ng = 1;
			}
		}
		if (g[0].count == 0) {
			text = "Nobody: only the sounds of the place, and the feeling of being watched";
			figures[0] = '\0';
			from = 0;
		} else if (figures[0]) {   /* sized; a creature the system lacks keeps its dice */
			char num[16];
			snprintf(num, sizeof num, "%d", g[0].count);
			head_of(creature, num, said_head, SITE_WORD + 32);
			n = site_number_word(g[0].count, word, sizeof word);
			who = g[0].count == 1 ? creature : plural;
			shown = g[0].count;
			for (int i = 1; i < ng && !led[0]; i++)
				patrol_led_by(lp, f, &g[i], led, sizeof led);
		}
	}
	if (!lp->sizer)
		head_of(creature, dice, said_head, SITE_WORD + 32);
	/* where they are based: "gnolls from room 7", where that room holds
	 * as many of them as the row may bring */
	const int *held_by = from > 0 ? site_held_by_room(holds, creature, e) : NULL;
	if (from > 0 && !held_by)
		return -1;
	int from_room = from > 0 ? site_held_room(holds, from) : -1;
	if (from > 0 && (from_room < 0 || held_by[from_room] == 0)) {
		/* a room of the faction without them: the next room that has them */
		int start = from_room < 0 ? 0 : from_room, other = 0;
		for (int i = 1; i <= lp->n && !other; i++) {
			int r = (start + i) % lp->n;
			if (held_by[r] > 0)
				other = lp->lv->key.entries[lp->rooms[r].entry].number;
		}
		from = other;
		from_room = other > 0 ? site_held_room(holds, other) : -1;
	}
	if (from > 0) {
		/* too few there for the row: from the next rooms that hold them
		 * too, "from rooms 8 and 12", or "from room 8 and the halls
		 * around it" */
		int list[4] = { from }, held = held_by[from_room], nlist = 1;
		for (int i = 0; i < lp->n && held < shown && nlist < 4; i++) {
			int number = lp->lv->key.entries[lp->rooms[i].entry].number, more = held_by[i];
			int listed = 0;
			for (int k = 0; k < nlist; k++)
				listed |= list[k] == number;
			if (more > 0 && !listed) {
				list[nlist++] = number;
				held += more;
			}
		}
		for (int k = 1; k < nlist; k++)   /* named in order: "rooms 1 and 9" */
			for (int j = k; j > 0 && list[j - 1] > list[j]; j--) {
				int swap = list[j];
				list[j] = list[j - 1];
				list[j - 1] = swap;
			}
		if (held < shown)
			snprintf(whom, sizeof whom, "%s from room %d and the halls around it", who, from);
		else if (nlist == 1)
			snprintf(whom, sizeof whom, "%s from room %d", who, from);
		else {
			int at = snprintf(whom, sizeof whom, "%s from rooms %d", who, list[0]);
			for (int k = 1; k < nlist && at > 0 && (size_t)at < sizeof whom; k++)
				at += snprintf(whom + at, sizeof whom - (size_t)at, "%s%d", k == nlist - 1 ? " and " : ", ", list[k]);
		}
		who = whom;
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
	if (line)
		snprintf(line, len, "%s%s%s%s%s%s", head, figures, figures[0] ? ". " : "", filled,
			 site_ends_sentence(filled) ? "" : ".", led);
	*words = figures[0] ? strlen(head) + strlen(figures) + 2 : 0;
	free(filled);
	*out = line;
	return rc;
}

/* Whether a sentence of row line's words (past its figures at words: the
 * system's numbers, alike for fights alike) was said before. */
static int words_said(const struct level_plan *lp, const char *line, size_t words)
{
	if (words == 0)
		return key_said_any(lp->said, line);
	size_t len = strlen(line + words) + 4;
	char *probe = malloc(len);
	if (!probe)
		return 0;   /* out of memory: the row as it is */
	snprintf(probe, len, "1. %s", line + words);
	int said = key_said_any(lp->said, probe);
	free(probe);
	return said;
}

/* Adds a row (see wandering_text), coming from one of rooms[0..nrooms)
 * (none: from nowhere said), the first from `first` on whose row the
 * document has not said; a row whose words the document has said, that
 * the caller may not skip, gives way to a sign of the place (site_signs.c)
 * where one is left. */
static int wandering_row(struct level_plan *lp, int row, const char *text, const struct site_dice *count,
			 const char *creature, const char *plural, const struct site_faction_type *f, const int *rooms,
			 int nrooms, int first, int may_skip, int variant, struct heads *heads, struct site_held *holds,
			 struct err *e)
{
	char *line = NULL, said_head[SITE_WORD + 32] = "";
	size_t words = 0;
	int strict = may_skip == 2;   /* 2: a row as many of the same creature as an earlier one is not written */
	struct rng keep = lp->rng;   /* the sizer rolls the same fight for each room tried */
	for (int i = 0; i < (nrooms > 0 ? nrooms : 1); i++) {
		free(line);
		line = NULL;
		lp->rng = keep;
		if (wandering_text(lp, row, text, count, creature, plural, f, nrooms > 0 ? rooms[(first + i) % nrooms] : 0,
				   variant, heads, holds, said_head, &line, &words, e) < 0)
			return -1;
		if (!key_said_any(lp->said, line))
			break;
	}
	if (may_skip == 1 && key_said_any(lp->said, line)) {
		free(line);
		return 1;   /* said before: the caller writes another row */
	}
	for (int i = 0; strict && said_head[0] && i < heads->n; i++)
		if (!strcmp(heads->said[i], said_head)) {
			free(line);
			return 2;   /* as many of them as a row above: the caller writes another */
		}
	if (words_said(lp, line, words)) {
		char *sign = NULL;
		if (site_sign_row(lp, row, &sign, e) < 0) {
			free(line);
			return -1;
		}
		if (sign) {
			free(line);
			line = sign;
			said_head[0] = '\0';
		}
	}
	key_said_add(lp->said, line);   /* a failure latches (key_said.h) */
	if (said_head[0] && heads->n < 8)
		snprintf(heads->said[heads->n++], sizeof heads->said[0], "%s", said_head);
	int rc = add_wandering(&lp->lv->key, line, e);
	free(line);
	return rc;
}

/* The numbers of the faction's rooms on this level where a patrol may come
 * from (not its cells), into rooms[]; returns how many. */
static int patrol_rooms(const struct level_plan *lp, int faction, int *rooms, int max)
{
	int n = 0;
	for (int i = 0; i < lp->n && n < max; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->faction == faction && r->role != ROLE_PRISON)
			rooms[n++] = lp->lv->key.entries[r->entry].number;
	}
	return n;
}

/* The facts the wandering table knows, which belong to no room: where
 * the level lies and the level's own (a level below or above it). */
static fact_bits wander_facts(const struct level_plan *lp)
{
	return (fact_bits)lp->setting | room_facts_of_level(&lp->lv->map, site_setting_of(&lp->lv->map));
}

/* The faction's wander line for a row, one whose condition holds on the
 * level (wander_facts): one the document has not said, else one this
 * table has not, else (when any is) any; NULL when none. */
static const char *patrol_line(struct level_plan *lp, const struct site_faction_type *f, unsigned *in_table, int any)
{
	int n = f->ndoing[ROLE_WANDER] < 32 ? f->ndoing[ROLE_WANDER] : 32, start = site_pick(n, &lp->rng), pick = -1;
	fact_bits level = wander_facts(lp);
	for (int pass = 0; pass < (any ? 3 : 2) && pick < 0; pass++)
		for (int i = 0; i < n && pick < 0; i++) {
			int j = (start + i) % n;
			const char *line = f->doing[ROLE_WANDER][j];
			if (!fact_cond_holds(&f->doing_cond[ROLE_WANDER][j], level) ||
			    (pass < 2 && (*in_table & (1u << j))) || (pass == 0 && key_said_marked(lp->said, line)))
				continue;
			pick = j;
		}
	if (pick < 0)
		return NULL;
	*in_table |= 1u << pick;
	key_said_mark(lp->said, f->doing[ROLE_WANDER][pick]);
	return f->doing[ROLE_WANDER][pick];
}

/* The faction's member for a patrol: one that wanders and has not yet
 * in this table, where there is one (*used: the members used); else any
 * that wanders, else its first. */
static int wander_member(struct level_plan *lp, const struct site_faction_type *f, unsigned *used)
{
	int found = -1, n = 0;
	for (int pass = 0; pass < 2 && found < 0; pass++)
		for (int i = 0; i < f->nmembers && i < 32; i++)
			if ((f->members[i].roles & (1u << ROLE_WANDER)) && (pass || !(*used & (1u << i))) &&
			    rng_range(&lp->rng, 0, n++) == 0)
				found = i;
	if (found < 0)
		return 0;
	*used |= 1u << found;
	return found;
}

/* A patrol's dice for a row of the table, so rows of one kind differ in
 * size: as the faction rolls them, fewer, more, or a pair. */
static struct site_dice row_dice(const struct site_dice *d, int variant)
{
	struct site_dice r = *d;
	switch (variant % 4) {
	case 1:   /* fewer */
		if (r.n > 1)
			r.n /= 2;
		else if (r.plus > 0)
			r.plus /= 2;
		else if (r.sides > 2)
			r.sides /= 2;
		if (r.n * r.sides + r.plus < 2 || r.n == 0)
			r = (struct site_dice){ 0, 0, 2 };
		break;
	case 2:   /* more */
		if (r.n > 0)
			r.plus += r.sides / 2 > 1 ? r.sides / 2 : 1;
		else
			r.plus += 2;
		break;
	case 3:   /* a pair */
		r = (struct site_dice){ 0, 0, 2 };
		break;
	default:
		break;
	}
	return r;
}

/* A row of a patrol of faction's (see patrol_line and patrol_rooms),
 * coming from its k-th room; any: even with a line the table has; strict:
 * not as many of the same creature as a row above. Returns 0, 1 when there
 * is no line for it, 2 when strict and a row above has its head, or -1
 * with e set. */
static int patrol_row(struct level_plan *lp, int row, int faction, unsigned *in_table, unsigned *members,
		      int *variant, struct heads *heads, struct site_held *holds, int k, int any, int strict,
		      struct err *e)
{
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	int m = wander_member(lp, f, &members[faction]);
	if (f->ndoing[ROLE_WANDER] == 0)
		return 0;
	const char *text = patrol_line(lp, f, &in_table[faction], any);
	if (!text)
		return 1;
	int rooms[64], nrooms = patrol_rooms(lp, faction, rooms, 64);
	/* every second patrol led by one of the faction's stronger kinds, where the party's fight allows */
	int v = (*variant)++;
	struct site_dice count = lp->sizer ? f->members[m].count : row_dice(&f->members[m].count, v);
	return wandering_row(lp, row, text, &count, f->members[m].creature, f->members[m].plural,
			     row % 2 == 0 ? f : NULL, rooms, nrooms, k, strict ? 2 : 0, v, heads, holds, e);
}

/* A d6: four rows of the factions' patrols, one of vermin, one of a
 * visitor (vermin again where the setting has no visitor). Each row's line
 * is one the document has not said yet, where there is one, and a patrol
 * says which of its rooms it comes from, so no two rows read alike. */
/* A row of an outsider of the setting (a visitor, else vermin), not one
 * of taken[0..*ntaken) and met nowhere in the document yet where there is
 * one; may_skip as wandering_row's. Returns wandering_row's result, 3
 * when there is none, or -1. */
static int outsider_row(struct level_plan *lp, int row, int want_visitor, int *taken, int *ntaken, int may_skip,
			struct heads *heads, struct site_held *holds, struct err *e)
{
	struct key *k = &lp->lv->key;
	int found = -1, n = 0;
	fact_bits level = wander_facts(lp);
	/* one not met in the document yet, then one not in this table */
	for (int pass = 0; pass < 3 && found < 0; pass++)
		for (int i = 0; i < lp->t->noutsiders; i++) {
			const struct site_outsider *o = &lp->t->outsiders[i];
			int was = 0;
			for (int j = 0; j < *ntaken; j++)
				was |= taken[j] == i;
			if ((pass == 2 || o->visitor == want_visitor) && !was && site_outsider_fits(lp, o) &&
			    fact_cond_holds(&o->cond, level) &&
			    (pass > 0 || !key_said_marked(lp->said, o->text)) && rng_range(&lp->rng, 0, n++) == 0)
				found = i;
		}
	if (found < 0)
		return 3;
	if (*ntaken < 6)
		taken[(*ntaken)++] = found;
	const struct site_outsider *o = &lp->t->outsiders[found];
	key_said_mark(lp->said, o->text);
	/* met in rooms of this level too: the row says which they come from */
	int rooms[64], nrooms = 0;
	for (int i = 0; i < k->n && nrooms < 64; i++)
		for (int j = 0; j < k->entries[i].noccupants; j++)
			if (k->entries[i].occupants[j].faction < 0 && !k->entries[i].occupants[j].role[0] &&
			    strcmp(k->entries[i].occupants[j].creature, o->creature) == 0) {
				rooms[nrooms++] = k->entries[i].number;
				break;
			}
	return wandering_row(lp, row, o->text, &o->count, o->creature, o->plural, NULL, rooms, nrooms, 0, may_skip, 0,
			     heads, holds, e);
}

/* A d6: four rows of the factions' patrols, one of vermin, one of a
 * visitor (vermin again where the setting has no visitor). Each row's line
 * is one the document has not said yet, where there is one, and a patrol
 * says which of its rooms it comes from, so no two rows read alike; a
 * patrol as many of the same creature as a row above gives way to vermin. */
int site_wandering_table(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	snprintf(k->wandering_die, sizeof k->wandering_die, "d6");
	int patrols[SITE_MAX_FACTIONS] = { 0 }, start = site_pick(64, &lp->rng);
	unsigned in_table[SITE_MAX_FACTIONS] = { 0 }, members[SITE_MAX_FACTIONS] = { 0 };
	int variant[SITE_MAX_FACTIONS] = { 0 }, taken[6], ntaken = 0;
	struct heads heads = { .n = 0 };
	struct site_held holds;
	if (site_held_init(&holds, lp, e) < 0)
		return -1;
	int rc = 0;
	for (int row = 1; row <= 4 && rc >= 0; row++) {
		int fa = lp->site->nfactions > 1 && row > 2 ? 1 : 0;
		rc = patrol_row(lp, row, fa, in_table, members, &variant[fa], &heads, &holds, start + patrols[row > 2]++, 1,
				1, e);
		if (rc == 2)
			rc = outsider_row(lp, row, 0, taken, &ntaken, 0, &heads, &holds, e);
		if (rc == 3)
			rc = patrol_row(lp, row, fa, in_table, members, &variant[fa], &heads, &holds,
					start + patrols[row > 2]++, 1, 0, e);
	}
	for (int row = 5; row <= 6 && rc >= 0; row++) {
		/* met before in the document: a patrol of the holders instead, with
		 * a line this table has not, else the row again */
		int nt = ntaken;
		rc = outsider_row(lp, row, row == 6, taken, &ntaken, 1, &heads, &holds, e);
		if (rc == 1)
			rc = patrol_row(lp, row, lp->site->nfactions > 1 ? row - 5 : 0, in_table, members,
					&variant[lp->site->nfactions > 1 ? row - 5 : 0], &heads, &holds, start + row, 0, 0, e);
		if (rc == 1 && ntaken > nt) {   /* the same outsider's row again */
			ntaken--;
			rc = outsider_row(lp, row, row == 6, taken, &ntaken, 0, &heads, &holds, e);
		}
	}
	site_held_free(&holds);
	return rc < 0 ? -1 : 0;
}
