/* site_kinds.c: each room's kind and name (the second stage of
 * site_level_build). A room the method named keeps its name and takes the
 * kind its words call for ("Guest Bedroom": a bedroom); the others take a
 * kind made for their use, one the features the method drew there call
 * for first, the kinds least used on the level before the rest, and a
 * name of that kind no other room of the level has. */
#include "site/site_rooms.h"

#include "names/name_qualify.h"
#include "names/name_set.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Whether word (lowercase) is one of the words of name, case ignored. */
static int has_word(const char *name, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = name; *p;) {
		while (*p && !isalpha((unsigned char)*p))
			p++;
		const char *start = p;
		while (*p && (isalpha((unsigned char)*p) || *p == '\'' || *p == '-'))
			p++;
		size_t len = (size_t)(p - start);
		if (len >= 2 && start[len - 2] == '\'' && start[len - 1] == 's')
			len -= 2;   /* "Servants'", "Master's" */
		else if (len >= 1 && start[len - 1] == '\'')
			len -= 1;
		if (len == wl) {
			size_t i = 0;
			while (i < len && tolower((unsigned char)start[i]) == word[i])
				i++;
			if (i == len)
				return 1;
		}
	}
	return 0;
}

int site_kind_by_name(const struct site_tables *t, const char *name, unsigned settings)
{
	int best = -1, best_score = 0;
	for (int i = 0; i < t->nkinds; i++) {
		const struct site_kind *k = &t->kinds[i];
		int score = 0;
		for (int w = 0; w < k->nmatch; w++)
			score += has_word(name, k->match[w]) ? 2 : 0;
		if (score == 0)
			continue;
		score += (k->settings & settings) != 0;
		if (score > best_score) {
			best = i;
			best_score = score;
		}
	}
	return best;
}

/* The feature the method drew most often in region id, or FEATURE_NONE. */
static enum feature drawn_feature(const struct map *m, int id)
{
	int count[FEATURE_COUNT] = { 0 };
	const struct rect *b = &m->regions[id].bounds;
	if (!m->features)
		return FEATURE_NONE;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++)
			if (map_at(m, x, y) == id && m->features[(long)y * m->w + x] < FEATURE_COUNT)
				count[m->features[(long)y * m->w + x]]++;
	int best = FEATURE_NONE;
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
		if (count[f] > count[best])
			best = f;
	return (enum feature)best;
}


/* Whether kind k may be given to room r: one of its names and one of its
 * seen lines hold there. */
static int kind_holds(struct level_plan *lp, const struct room_plan *r, int k)
{
	struct room_plan as = *r;
	as.kind = k;
	fact_bits facts = site_room_facts(lp, &as) | site_faction_who(lp, r->faction, r->role);
	const struct site_kind *kd = &lp->t->kinds[k];
	int fit[1];
	return site_fit_lines(kd->names_cond, kd->nnames, facts, fit, 1) > 0 &&
	       site_fit_lines(kd->seen_cond, kd->nseen, facts, fit, 1) > 0;
}

/* A kind for an unnamed room: of its use and setting, one whose names
 * and lines hold there, one the drawn feature calls for first, then the
 * least used; -1 when none. */
static int choose_kind(struct level_plan *lp, const struct room_plan *r, const int *used)
{
	enum feature drawn = drawn_feature(&lp->lv->map, r->region);
	int best = -1, best_score = -1000000, ties = 0;
	for (int pass = 0; pass < 2 && best < 0; pass++)
		for (int i = 0; i < lp->t->nkinds; i++) {
			const struct site_kind *k = &lp->t->kinds[i];
			enum site_role want = pass == 0 ? r->role : ROLE_NONE;
			if (k->role != want || !(k->settings & lp->setting) || !kind_holds(lp, r, i))
				continue;
			int score = -10 * used[i];
			if (drawn != FEATURE_NONE)
				score += k->feature == drawn ? 100 : k->feature == FEATURE_NONE ? 0 : -50;
			if (score > best_score) {
				best = i;
				best_score = score;
				ties = 1;
			} else if (score == best_score && rng_range(&lp->rng, 0, ties++) == 0) {
				best = i;
			}
		}
	return best;
}

static int name_words_hold(const char *name, fact_bits facts);

/* Whether room r's name holds there: when it is one of its kind's names,
 * that name's condition; and every word of it that is a fact of the map
 * ("Statues", "Well", "Stair") holds. */
static int name_holds(struct level_plan *lp, const struct room_plan *r)
{
	const struct site_kind *k = &lp->t->kinds[r->kind];
	const char *name = lp->lv->map.regions[r->region].name;
	fact_bits facts = site_room_facts(lp, r) | site_faction_who(lp, r->faction, r->role);
	for (int i = 0; i < k->nnames; i++)
		if (k->names_cond[i].n && !strcasecmp(k->names[i], name) && !fact_cond_holds(&k->names_cond[i], facts))
			return 0;
	return name_words_hold(name, facts);
}

/* Whether every word of name that is a thing of the map ("Statues",
 * "Well", "Stair": a feature, stairs, a trap) holds for facts. */
static int name_words_hold(const char *name, fact_bits facts)
{
	for (const char *p = name; *p;) {
		while (*p && !isalpha((unsigned char)*p))
			p++;
		char word[24];
		size_t len = 0;
		while (isalpha((unsigned char)*p)) {
			if (len + 1 < sizeof word)
				word[len++] = (char)tolower((unsigned char)*p);
			p++;
		}
		word[len] = '\0';
		/* the map's things: its features, stairs, a trap (the other
		 * facts' words are no things of the map: not looked for) */
		int f = !strcmp(word, "stair") ? FACT_STAIRS : -1;
		for (int t = FACT_FEATURE; t <= FACT_TRAP && f < 0 && len > 0; t++) {
			const char *thing = fact_name((enum fact)t);
			if (thing[0] == word[0] && !strncmp(thing, word, len) && thing[len] == '\0')
				f = t;
		}
		if (f >= 0 && !(facts & FACT_BIT(f)))
			return 0;
	}
	return 1;
}

/* A name of kind k not taken on the level (names), else one qualified by
 * where the room lies; added to names. Returns 0 or -1 (out of memory). */
static int choose_name(struct level_plan *lp, const struct room_plan *r, const struct site_kind *k,
		       struct name_set *names)
{
	struct map *m = &lp->lv->map;
	struct region *reg = &m->regions[r->region];
	int fit[64];
	fact_bits facts = site_room_facts(lp, r) | site_faction_who(lp, r->faction, r->role);
	int nfit = site_fit_lines(k->names_cond, k->nnames, facts, fit, 64), nkeep = 0;
	for (int i = 0; i < nfit; i++)
		if (!lp->drawn || name_words_hold(k->names[fit[i]], facts))
			fit[nkeep++] = fit[i];
	nfit = nkeep > 0 ? nkeep : nfit;
	if (nfit == 0)
		for (nfit = 0; nfit < k->nnames && nfit < 64; nfit++)
			fit[nfit] = nfit;
	int s0 = site_pick(nfit, &lp->rng), start = fit[s0];
	for (int j = 0; j < nfit; j++) {
		const char *name = k->names[fit[(s0 + j) % nfit]];
		if (strlen(name) < sizeof reg->name && !name_set_has(names, name)) {
			snprintf(reg->name, sizeof reg->name, "%s", name);
			return name_set_add(names, reg->name);
		}
	}
	char other[sizeof reg->name];
	for (int t = 0; name_qualify(m, r->region, k->names[start], t, other, sizeof other) == 0; t++)
		if (!name_set_has(names, other)) {
			snprintf(reg->name, sizeof reg->name, "%s", other);
			return name_set_add(names, reg->name);
		}
	snprintf(reg->name, sizeof reg->name, "%s", k->names[start]);
	return 0;
}

int site_kinds_assign(struct level_plan *lp, struct err *e)
{
	int used[512] = { 0 };
	if (lp->t->nkinds > (int)(sizeof used / sizeof used[0]))
		return err_usage(e, "the site tables have %d room kinds; at most %zu are read", lp->t->nkinds,
				 sizeof used / sizeof used[0]);
	for (int i = 0; i < lp->n; i++)
		if (lp->rooms[i].kind >= 0)
			used[lp->rooms[i].kind]++;
	struct map *m = &lp->lv->map;
	struct name_set names;
	if (name_set_init(&names, (size_t)lp->n) < 0)
		return err_set(e, "out of memory naming the rooms");
	int rc = 0;
	for (int id = 1; id <= m->nregions && rc == 0; id++)
		if (region_is_keyed(m->regions[id].kind) && m->regions[id].name[0])
			rc = name_set_add(&names, m->regions[id].name);
	for (int i = 0; i < lp->n && rc == 0; i++) {
		struct room_plan *r = &lp->rooms[i];
		if (r->named && r->kind >= 0 && (!name_holds(lp, r) || !kind_holds(lp, r, r->kind))) {
			/* the method's name promises what the room lacks ("Crypt
			 * Stair" with no stairs): another name of its kind, or of
			 * another kind for its use when none of its kind's holds */
			if (!kind_holds(lp, r, r->kind)) {
				int k = choose_kind(lp, r, used);
				if (k < 0)
					continue;
				r->kind = k;
				used[k]++;
			}
			rc = choose_name(lp, r, &lp->t->kinds[r->kind], &names);
			continue;
		}
		if (r->named)
			continue;
		r->kind = choose_kind(lp, r, used);
		if (r->kind < 0)
			continue;
		used[r->kind]++;
		rc = choose_name(lp, r, &lp->t->kinds[r->kind], &names);
	}
	name_set_free(&names);
	if (rc < 0 || name_make_distinct(m) < 0)
		return err_set(e, "out of memory naming the rooms");
	return 0;
}

int site_names_check(struct level_plan *lp, struct err *e)
{
	struct map *m = &lp->lv->map;
	struct name_set names;
	if (name_set_init(&names, (size_t)lp->n) < 0)
		return err_set(e, "out of memory naming the rooms");
	int rc = 0, renamed = 0, clash = 0;
	for (int i = 0; i < lp->n && rc == 0; i++) {
		struct room_plan *r = &lp->rooms[i];
		if (r->kind < 0 || name_holds(lp, r))
			continue;
		if (!renamed++)   /* the level's names, once a room needs another */
			for (int id = 1; id <= m->nregions && rc == 0; id++)
				if (region_is_keyed(m->regions[id].kind) && m->regions[id].name[0])
					rc = name_set_add(&names, m->regions[id].name);
		if (rc == 0)
			rc = choose_name(lp, r, &lp->t->kinds[r->kind], &names);
		/* a name choose_name could not make the level's own */
		if (rc == 0 && !name_set_has(&names, m->regions[r->region].name))
			clash = 1;
	}
	name_set_free(&names);
	if (rc < 0 || (clash && name_make_distinct(m) < 0))
		return err_set(e, "out of memory naming the rooms");
	return 0;
}
