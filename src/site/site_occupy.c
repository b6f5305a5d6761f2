/* site_occupy.c: what is seen on entering each room and who is there (the
 * fourth stage of site_level_build), and the level's wandering table (the
 * fifth). A faction's room holds a group of its members fit for the room's
 * use, more of them deeper down; the leader's room the leader and a guard;
 * cells their prisoners; a room nobody keeps now and then vermin, once a
 * level perhaps a visitor. Counts in rooms are rolled; in the wandering
 * table they stay dice, since each meeting rolls its own. */
#include "site/site_rooms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The member of faction type f fit for role, the first listed more often. */
static int member_for(const struct site_faction_type *f, enum site_role role, struct rng *rng)
{
	int found = -1, n = 0;
	for (int i = 0; i < f->nmembers; i++)
		if (f->members[i].roles & (1u << role)) {
			if (found < 0 || rng_range(rng, 0, 2 * n) == 0)
				found = i;
			n++;
		}
	return found;
}

static int add_occupant(struct key_entry *en, int faction, const char *creature, int count, enum site_role role)
{
	if (en->noccupants >= KEY_MAX_OCCUPANTS)
		return 0;
	struct key_occupant *o = &en->occupants[en->noccupants++];
	o->faction = faction;
	snprintf(o->creature, sizeof o->creature, "%s", creature);
	o->count = count;
	snprintf(o->role, sizeof o->role, "%s", role == ROLE_NONE ? "" : site_role_name(role));
	snprintf(en->contents_kind, sizeof en->contents_kind, "monster");
	return 0;
}

const char *site_fresh_line(struct level_plan *lp, char *const *lines, int n)
{
	int start = site_pick(n, &lp->rng), pick = start;
	for (int i = 0; i < n; i++) {
		int said = 0;
		for (int j = 0; j < lp->nsaid && !said; j++)
			said = lp->said[j] == lines[(start + i) % n];
		if (!said) {
			pick = (start + i) % n;
			break;
		}
	}
	if (lp->nsaid < (int)(sizeof lp->said / sizeof lp->said[0]))
		lp->said[lp->nsaid++] = lines[pick];
	return lines[pick];
}

/* A doing line of the role for the room of en: one whose needed feature is
 * drawn there, or that needs none; among those, one not said yet. */
static const char *doing_line(struct level_plan *lp, const struct site_faction_type *f, enum site_role role,
			      const struct key_entry *en)
{
	char *fit[64];
	int n = 0;
	const struct map *m = &lp->lv->map;
	for (int i = 0; i < f->ndoing[role] && n < 64; i++) {
		enum feature need = f->doing_needs[role][i];
		if (need == FEATURE_NONE || site_room_has(m, en->region, need))
			fit[n++] = f->doing[role][i];
	}
	return n > 0 ? site_fresh_line(lp, fit, n) : site_fresh_line(lp, f->doing[role], f->ndoing[role]);
}

/* Adds "Who: " + text filled with {n} and {who} as a line of en. */
static int add_who(struct key_entry *en, const char *text, const char *n, const char *who, struct err *e)
{
	const char *names[] = { "n", "who" };
	const char *values[] = { n, who };
	char *filled = site_fill(text, names, values, 2);
	if (!filled)
		return err_set(e, "out of memory writing the key");
	size_t len = strlen(filled) + 8;
	char *line = malloc(len);
	if (!line) {
		free(filled);
		return err_set(e, "out of memory writing the key");
	}
	snprintf(line, len, "Who: %s%s", filled, site_ends_sentence(filled) ? "" : ".");
	int rc = key_entry_add_line(en, line, e);
	free(line);
	free(filled);
	return rc;
}

/* A group of a faction's members in a room of the given use. */
static int faction_group(struct level_plan *lp, struct key_entry *en, int faction, enum site_role role,
			 struct err *e)
{
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	int m = member_for(f, role, &lp->rng);
	if (m < 0 || f->ndoing[role] == 0)
		return 0;
	const struct site_member *mb = &f->members[m];
	int count = site_dice_roll(&mb->count, &lp->rng) + (lp->lv->map.depth - 1);
	if (count < 2)
		count = 2;   /* the doing lines speak of a group */
	char buf[16];
	add_occupant(en, faction, mb->creature, count, role);
	return add_who(en, doing_line(lp, f, role, en),
		       site_number_word(count, buf, sizeof buf), mb->plural, e);
}

static int leader_room(struct level_plan *lp, struct key_entry *en, int faction, struct err *e)
{
	const struct faction *fa = &lp->site->factions[faction];
	const struct site_faction_type *f = &lp->t->factions[lp->site->faction_type[faction]];
	add_occupant(en, faction, fa->leader_creature, 1, ROLE_LEADER);
	char who[160];
	snprintf(who, sizeof who, "%s, %s %s,", fa->leader, strchr("aeiou", fa->leader_creature[0]) ? "an" : "a",
		 fa->leader_creature);
	if (add_who(en, doing_line(lp, f, ROLE_LEADER, en), "", who, e) < 0)
		return -1;
	return faction_group(lp, en, faction, ROLE_GUARD, e);
}

/* Whether outsider o may be met on this level: its setting and the
 * party's level. */
static int outsider_fits(const struct level_plan *lp, const struct site_outsider *o)
{
	return (o->settings & lp->setting) && site_fits_level(o->level_lo, o->level_hi, lp->site->party_level);
}

/* An outsider of the setting (vermin or visitors) in a room. */
static int outsider_group(struct level_plan *lp, struct key_entry *en, int visitor, const char *prison_of,
			  struct err *e)
{
	int found = -1, n = 0;
	for (int i = 0; i < lp->t->noutsiders; i++) {
		const struct site_outsider *o = &lp->t->outsiders[i];
		if (o->visitor == visitor && outsider_fits(lp, o) && rng_range(&lp->rng, 0, n++) == 0)
			found = i;
	}
	if (found < 0)
		return 0;
	const struct site_outsider *o = &lp->t->outsiders[found];
	int count = prison_of ? 1 + rng_range(&lp->rng, 0, 1) : site_dice_roll(&o->count, &lp->rng);
	char buf[16], text[400];
	add_occupant(en, -1, o->creature, count, prison_of ? ROLE_PRISON : ROLE_NONE);
	if (prison_of) {
		snprintf(text, sizeof text, "%s", count == 1 ? "{n} {who} sits chained to the wall, a prisoner of %s."
							     : "{n} {who} sit chained to the wall, prisoners of %s.");
		char line[400];
		snprintf(line, sizeof line, text, prison_of);
		const char *one = strchr("aeiou", o->creature[0]) ? "an" : "a";
		return add_who(en, line, count == 1 ? one : site_number_word(count, buf, sizeof buf),
			       count == 1 ? o->creature : o->plural, e);
	}
	return add_who(en, o->text, site_number_word(count, buf, sizeof buf), count == 1 ? o->creature : o->plural, e);
}

/* Cells: their jailers, where the faction keeps any, and a prisoner or two. */
static int prison(struct level_plan *lp, struct key_entry *en, int faction, struct err *e)
{
	if (faction_group(lp, en, faction, ROLE_PRISON, e) < 0)
		return -1;
	return outsider_group(lp, en, 1, lp->site->factions[faction].name, e);
}

/* Something worth taking that the room's kind holds, in about one room in
 * three: "Worth taking: a silver censer on a chain." */
static int worth_taking(struct level_plan *lp, struct key_entry *en, const struct site_kind *k, struct err *e)
{
	if (k->nfinds == 0 || !rng_chance(&lp->rng, 1.0 / 3))
		return 0;
	char *find = site_fill(site_fresh_line(lp, k->finds, k->nfinds), NULL, NULL, 0);
	if (!find)
		return err_set(e, "out of memory writing the key");
	size_t len = strlen(find) + 32;
	char *line = malloc(len);
	int rc = line ? 0 : err_set(e, "out of memory writing the key");
	if (line) {
		snprintf(line, len, "Worth taking: %s%s", find, site_ends_sentence(find) ? "" : ".");
		rc = key_entry_add_line(en, line, e);
	}
	free(line);
	free(find);
	return rc;
}

/* What is seen on entering: a line of the kind's, its feature named. */
static int seen_line(struct level_plan *lp, struct key_entry *en, const struct site_kind *k, struct err *e)
{
	const char *names[] = { "feature" };
	const char *values[] = { k->feature_text ? k->feature_text : "" };
	const char *text = site_fresh_line(lp, k->seen, k->nseen);
	char *line = site_fill(text, names, values, 1);
	if (!line)
		return err_set(e, "out of memory writing the key");
	int rc = 0;
	if (k->feature_text && !strstr(text, "{feature}")) {
		char *more = site_fill(k->feature_text, NULL, NULL, 0);
		size_t len = strlen(line) + (more ? strlen(more) : 0) + 4;
		char *both = more ? malloc(len) : NULL;
		if (!both)
			rc = err_set(e, "out of memory writing the key");
		else
			snprintf(both, len, "%s %s.", line, more);
		free(more);
		free(line);
		line = both;
	}
	if (rc == 0)
		rc = key_entry_add_line(en, line, e);
	free(line);
	return rc;
}

int site_occupants_place(struct level_plan *lp, struct err *e)
{
	struct key *k = &lp->lv->key;
	int visitor_done = 0;
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		struct key_entry *en = &k->entries[r->entry];
		if (r->kind >= 0 && seen_line(lp, en, &lp->t->kinds[r->kind], e) < 0)
			return -1;
		int rc = 0;
		if (r->leader && r->faction >= 0)
			rc = leader_room(lp, en, r->faction, e);
		else if (r->role == ROLE_PRISON && r->faction >= 0)
			rc = prison(lp, en, r->faction, e);
		else if (r->role == ROLE_STORE && rng_chance(&lp->rng, 0.5))
			rc = 0;
		else if (r->role != ROLE_NONE && r->faction >= 0)
			rc = faction_group(lp, en, r->faction, r->role, e);
		else if (!visitor_done && r->dist > 0 && rng_chance(&lp->rng, 0.08))
			rc = outsider_group(lp, en, 1, NULL, e), visitor_done = 1;
		else if (r->dist > 0 && rng_chance(&lp->rng, 0.25))
			rc = outsider_group(lp, en, 0, NULL, e);
		if (rc < 0 || (r->kind >= 0 && worth_taking(lp, en, &lp->t->kinds[r->kind], e) < 0))
			return -1;
	}
	return 0;
}

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

static int wandering_row(struct level_plan *lp, int row, const char *text, const struct site_dice *count,
			 const char *plural, struct err *e)
{
	char n[32], head[16];
	dice_text(count, n, sizeof n);
	const char *names[] = { "n", "who" };
	const char *values[] = { n, plural };
	char *filled = site_fill(text, names, values, 2);
	if (!filled)
		return err_set(e, "out of memory for the wandering table");
	snprintf(head, sizeof head, "%d. ", row);
	size_t len = strlen(head) + strlen(filled) + 2;
	char *line = malloc(len);
	int rc = line ? 0 : err_set(e, "out of memory for the wandering table");
	if (line) {
		snprintf(line, len, "%s%s%s", head, filled, site_ends_sentence(filled) ? "" : ".");
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
		int m = member_for(f, ROLE_WANDER, &lp->rng);
		if (m < 0)
			m = 0;
		int n = f->ndoing[ROLE_WANDER] < 16 ? f->ndoing[ROLE_WANDER] : 16;
		const char *text = f->doing[ROLE_WANDER][order[faction][used[faction]++ % n]];
		if (wandering_row(lp, row, text, &f->members[m].count, f->members[m].plural, e) < 0)
			return -1;
	}
	for (int row = 5; row <= 6; row++) {
		int want_visitor = row == 6, found = -1, n = 0;
		for (int pass = 0; pass < 2 && found < 0; pass++)
			for (int i = 0; i < lp->t->noutsiders; i++) {
				const struct site_outsider *o = &lp->t->outsiders[i];
				if ((pass == 1 || o->visitor == want_visitor) && outsider_fits(lp, o) &&
				    rng_range(&lp->rng, 0, n++) == 0)
					found = i;
			}
		if (found < 0)
			continue;
		const struct site_outsider *o = &lp->t->outsiders[found];
		if (wandering_row(lp, row, o->text, &o->count, o->plural, e) < 0)
			return -1;
	}
	return 0;
}
