/* check_site.c: the site model as a game master reads its keys, over 200
 * seeds of every method and of three-level booklets: a room whose kind
 * calls for a feature has it drawn where the room can hold it and named in
 * its entry; no two rooms of a level share a name and none ends in a
 * number; most rooms with someone in them hold the site's own factions;
 * the leader's room lies in the farthest third from the way in by doors;
 * the premise and the secret are written, and the same seed gives the same
 * site. A site built for a party of level 1 to 20 is held by factions, and
 * visited by outsiders, that suit that level; the neutral system's by
 * those that suit a low one. */
#include "testutil.h"

#include "app/level_keys.h"
#include "methods/gen.h"
#include "methods/levels.h"
#include "site/site.h"
#include "site/site_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 200

struct tally {
	int needy_lines;   /* "Who:" lines that name a feature their room has */
	int rooms, feature_rooms, features_drawn, occupied, of_factions, leaders, wandering, wandering_factions;
};

static struct site_tables tables;

static void load_tables(void)
{
	struct err e;
	ck_assert_msg(site_tables_load(&tables, test_template_dirs(), &e) == 0, "%s", e.msg);
}

static void free_tables(void)
{
	site_tables_free(&tables);
}

/* Generates, plans and keys n levels of the methods in csv for a party of
 * party_level (0: the neutral system, planned as a run plans it). */
static void make_site_for(struct level *lv, int n, const char *csv, const char *seed, int party_level,
			  struct site_plan *plan)
{
	test_levels_generate(lv, n, csv, seed);
	struct err e;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	if (party_level == 0) {
		ck_assert_msg(level_site_plan(plan, &tables, lv, n, seed, NULL, &e) == 0, "%s", e.msg);
	} else {
		ck_assert_msg(site_plan_make(plan, &tables, lv, n, seed, party_level, &e) == 0, "%s", e.msg);
		for (int k = 0; k < n; k++)
			ck_assert_msg(site_level_plan(plan, &tables, &lv[k], seed, &e) == 0, "%s", e.msg);
	}
	ck_assert_msg(level_keys_build(lv, n, &ko, plan, &tables, seed, NULL, &e) == 0, "%s", e.msg);
}

static void make_site(struct level *lv, int n, const char *csv, const char *seed, struct site_plan *plan)
{
	make_site_for(lv, n, csv, seed, 0, plan);
}

static int entry_says(const struct key_entry *en, const char *text)
{
	for (int i = 0; i < en->nlines; i++)
		if (strstr(en->lines[i], text))
			return 1;
	return 0;
}

static const struct site_kind *kind_of(const struct key_entry *en)
{
	for (int i = 0; i < tables.nkinds; i++)
		if (!strcmp(tables.kinds[i].id, en->kind))
			return &tables.kinds[i];
	return NULL;
}

/* Whether the room has a square where site_place.c may stand a feature. */
static int can_hold(const struct map *m, int id)
{
	const struct rect *b = &m->regions[id].bounds;
	return b->w >= 2 && b->h >= 2 && m->regions[id].area >= 4;
}

static int has_feature(const struct map *m, int id, enum feature f)
{
	const struct rect *b = &m->regions[id].bounds;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++)
			if (map_at(m, x, y) == id && m->features[(long)y * m->w + x] == f)
				return 1;
	return 0;
}

static void check_names(const struct level *lv, const char *seed)
{
	const struct key *k = &lv->key;
	for (int i = 0; i < k->n; i++) {
		const char *t = k->entries[i].title;
		size_t len = strlen(t);
		ck_assert_msg(len > 0 && !isdigit((unsigned char)t[len - 1]), "%s seed %s: room %d is named '%s'",
			      lv->map.method, seed, k->entries[i].number, t);
		for (int j = 0; j < i; j++)
			ck_assert_msg(strcmp(t, k->entries[j].title) != 0, "%s seed %s: rooms %d and %d are both '%s'",
				      lv->map.method, seed, k->entries[j].number, k->entries[i].number, t);
	}
}

static void check_features(const struct level *lv, const char *seed, struct tally *t)
{
	const struct map *m = &lv->map;
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		const struct site_kind *k = kind_of(en);
		t->rooms++;
		if (!k || k->feature == FEATURE_NONE)
			continue;
		t->feature_rooms++;
		int drawn = has_feature(m, en->region, k->feature);
		/* drawn, it is named in the entry as one of the kind's words for it */
		int named = 0;
		for (int f = 0; f < k->nftexts && !named; f++)
			named = entry_says(en, k->ftexts[f]) || entry_says(en, k->ftexts[f] + 2) ||
				strchr(k->ftexts[f], '{');
		ck_assert_msg(!drawn || named, "%s seed %s: room %d (%s) does not name its %s ('%s')", m->method, seed,
			      en->number, en->title, feature_name(k->feature), k->feature_text);
		if (can_hold(m, en->region))
			t->features_drawn += drawn;
	}
}

/* The level's distances by doors from the way in, sorted. */
static int cmp_int(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

static void check_leader(const struct level *lv, const char *seed, struct tally *t)
{
	const struct map *m = &lv->map;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist), *keyed = malloc((size_t)lv->key.n * sizeof *keyed);
	ck_assert(dist && keyed);
	struct err e;
	ck_assert_int_eq(site_door_distances(m, dist, &e), 0);
	int n = 0;
	for (int i = 0; i < lv->key.n; i++)
		keyed[n++] = dist[lv->key.entries[i].region];
	qsort(keyed, (size_t)n, sizeof *keyed, cmp_int);
	int first_here = 0;   /* the first faction's leader is on this level */
	for (int i = 0; i < lv->key.n; i++)
		for (int o = 0; o < lv->key.entries[i].noccupants; o++)
			first_here |= !strcmp(lv->key.entries[i].occupants[o].role, "leader") &&
				      lv->key.entries[i].occupants[o].faction == 0;
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		for (int o = 0; o < en->noccupants; o++) {
			if (strcmp(en->occupants[o].role, "leader") != 0)
				continue;
			t->leaders++;
			if (en->occupants[o].faction > 0 && first_here)
				continue;   /* the second faction's, in the nearer half it keeps */
			int third = keyed[(2 * n) / 3 < n ? (2 * n) / 3 : n - 1];
			ck_assert_msg(dist[en->region] >= third, "%s seed %s: the leader's room %d is %d doors in; the "
				      "farthest third starts at %d", m->method, seed, en->number, dist[en->region], third);
		}
	}
	free(dist);
	free(keyed);
}

/* A doing line that names a feature (its needs: line) is said only in a
 * room where that feature is drawn. The line is known by its text after
 * its last placeholder. */
static void check_needs(const struct level *lv, const char *seed, struct tally *t)
{
	for (int fi = 0; fi < tables.nfactions; fi++) {
		const struct site_faction_type *f = &tables.factions[fi];
		for (int r = 0; r < ROLE_WANDER; r++)
			for (int i = 0; i < f->ndoing[r]; i++) {
				if (f->doing_needs[r][i] == FEATURE_NONE)
					continue;
				const char *tail = strrchr(f->doing[r][i], '}');
				char mark[40];
				snprintf(mark, sizeof mark, "%s", tail ? tail + 1 : f->doing[r][i]);
				for (int k = 0; k < lv->key.n; k++) {
					const struct key_entry *en = &lv->key.entries[k];
					for (int j = 0; j < en->nlines; j++) {
						if (strncmp(en->lines[j], "Who: ", 5) != 0 || !strstr(en->lines[j], mark))
							continue;
						ck_assert_msg(has_feature(&lv->map, en->region, f->doing_needs[r][i]),
							      "%s seed %s: room %d (%s) says '%s' with no %s drawn",
							      lv->map.method, seed, en->number, en->title, en->lines[j],
							      feature_name(f->doing_needs[r][i]));
						t->needy_lines++;
					}
				}
			}
	}
}

static void count_occupants(const struct level *lv, struct tally *t, int nfactions)
{
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		if (en->noccupants == 0)
			continue;
		t->occupied++;
		int ours = 0;
		for (int o = 0; o < en->noccupants; o++) {
			ck_assert_int_lt(en->occupants[o].faction, nfactions);
			ck_assert_int_ge(en->occupants[o].count, 1);
			ours |= en->occupants[o].faction >= 0;
		}
		t->of_factions += ours;
		ck_assert_msg(entry_says(en, "Who: "), "room %d holds someone but says nobody", en->number);
	}
	t->wandering += lv->key.nwandering;
}

static void check_one(const char *csv, int nlevels, const char *seed, struct tally *t)
{
	struct level lv[3];
	struct site_plan plan;
	make_site(lv, nlevels, csv, seed, &plan);
	ck_assert_msg(plan.premise && strlen(plan.premise) > 80, "%s seed %s: premise '%s'", csv, seed,
		      plan.premise ? plan.premise : "");
	ck_assert_ptr_nonnull(plan.secret);
	ck_assert_int_ge(plan.nfactions, 1);
	int leaders_before = t->leaders;
	for (int k = 0; k < nlevels; k++) {
		check_names(&lv[k], seed);
		check_features(&lv[k], seed, t);
		check_leader(&lv[k], seed, t);
		check_needs(&lv[k], seed, t);
		count_occupants(&lv[k], t, plan.nfactions);
	}
	/* the first faction's leader waits on the deepest level */
	ck_assert_msg(t->leaders > leaders_before, "%s seed %s: no leader anywhere", csv, seed);
	site_plan_free(&plan);
	levels_free(lv, nlevels);
}

static void report(const char *what, const struct tally *t)
{
	fprintf(stderr, "site: %s: %d rooms, %d with a kind's feature (%d drawn), %d occupied, %.0f%% by the factions, "
		"%d leaders, %d lines naming a feature of their room\n", what, t->rooms, t->feature_rooms,
		t->features_drawn, t->occupied, t->occupied ? 100.0 * t->of_factions / t->occupied : 0.0, t->leaders,
		t->needy_lines);
}

START_TEST(test_every_method)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	const char *csv = methods[_i];
	struct tally t = { 0 };
	for (int s = 0; s < SEEDS; s++) {
		char seed[32];
		snprintf(seed, sizeof seed, "site-%d", s);
		check_one(csv, 1, seed, &t);
	}
	report(csv, &t);
	/* most rooms with someone in them hold the site's own */
	ck_assert_msg(t.of_factions * 100 >= t.occupied * 60, "%s: %d of %d occupied rooms hold the factions", csv,
		      t.of_factions, t.occupied);
	/* the lines that name a feature were said, and only where it is */
	ck_assert_msg(t.needy_lines > 0, "%s: no line naming a feature was said", csv);
	/* nearly every feature a kind calls for is drawn */
	ck_assert_msg(t.features_drawn * 100 >= t.feature_rooms * 90, "%s: %d of %d features drawn", csv,
		      t.features_drawn, t.feature_rooms);
}
END_TEST

START_TEST(test_booklets)
{
	struct tally t = { 0 };
	for (int s = 0; s < SEEDS / 4; s++) {
		char seed[32];
		snprintf(seed, sizeof seed, "booklet-%d", s);
		check_one(s % 2 ? "mansion,dice,cards" : "dice,tiles,dice", 3, seed, &t);
	}
	report("three-level booklets", &t);
	ck_assert_msg(t.of_factions * 100 >= t.occupied * 60, "%d of %d", t.of_factions, t.occupied);
}
END_TEST

/* The same seed gives the same premise, names and occupants. */
START_TEST(test_same_seed_same_site)
{
	struct level a[1], b[1];
	struct site_plan pa, pb;
	make_site(a, 1, "dice", "again", &pa);
	make_site(b, 1, "dice", "again", &pb);
	ck_assert_str_eq(pa.premise, pb.premise);
	ck_assert_str_eq(pa.secret, pb.secret);
	ck_assert_int_eq(a[0].key.n, b[0].key.n);
	for (int i = 0; i < a[0].key.n; i++) {
		ck_assert_str_eq(a[0].key.entries[i].title, b[0].key.entries[i].title);
		ck_assert_int_eq(a[0].key.entries[i].nlines, b[0].key.entries[i].nlines);
		for (int j = 0; j < a[0].key.entries[i].nlines; j++)
			ck_assert_str_eq(a[0].key.entries[i].lines[j], b[0].key.entries[i].lines[j]);
	}
	ck_assert_int_eq(memcmp(a[0].map.features, b[0].map.features, (size_t)a[0].map.w * (size_t)a[0].map.h), 0);
	site_plan_free(&pa);
	site_plan_free(&pb);
	levels_free(a, 1);
	levels_free(b, 1);
}
END_TEST

/* Whether one of the faction type's leaders or members is creature. */
static int faction_has(const struct site_faction_type *f, const char *creature)
{
	for (int i = 0; i < f->nleaders; i++)
		if (!strcmp(f->leaders[i].creature, creature))
			return 1;
	for (int i = 0; i < f->nmembers; i++)
		if (!strcmp(f->members[i].creature, creature))
			return 1;
	return 0;
}

/* Whether an outsider of the setting that fits the party's level is
 * creature. */
static int outsider_fits(const char *creature, enum site_setting setting, int party_level)
{
	for (int i = 0; i < tables.noutsiders; i++) {
		const struct site_outsider *o = &tables.outsiders[i];
		if (!strcmp(o->creature, creature) && ((o->settings >> setting) & 1u) &&
		    site_fits_level(o->level_lo, o->level_hi, party_level))
			return 1;
	}
	return 0;
}

/* Every faction of the plan, and every creature in the keys, suits the
 * party's level: the factions' own in their rooms, outsiders that fit it
 * in the rest. Counts the sites each faction type holds in drawn. */
static void check_party_site(const char *csv, int nlevels, const char *seed, int party_level, int *drawn)
{
	struct level lv[3];
	struct site_plan plan;
	make_site_for(lv, nlevels, csv, seed, party_level, &plan);
	ck_assert_int_eq(plan.party_level, party_level);
	for (int f = 0; f < plan.nfactions; f++) {
		const struct site_faction_type *ft = &tables.factions[plan.faction_type[f]];
		ck_assert_msg(site_fits_level(ft->level_lo, ft->level_hi, party_level),
			      "%s seed %s, party level %d: faction '%s' suits levels %d-%d", csv, seed, party_level,
			      ft->id, ft->level_lo, ft->level_hi);
		drawn[plan.faction_type[f]]++;
	}
	for (int k = 0; k < nlevels; k++) {
		enum site_setting setting = site_setting_of(&lv[k].map);
		for (int i = 0; i < lv[k].key.n; i++) {
			const struct key_entry *en = &lv[k].key.entries[i];
			for (int o = 0; o < en->noccupants; o++) {
				const struct key_occupant *oc = &en->occupants[o];
				if (oc->faction >= 0)
					ck_assert_msg(faction_has(&tables.factions[plan.faction_type[oc->faction]], oc->creature),
						      "%s seed %s: room %d holds %s, not of its faction", csv, seed, en->number,
						      oc->creature);
				else if (strcmp(oc->role, "sought") != 0)   /* the hook's person is the premise's */
					ck_assert_msg(outsider_fits(oc->creature, setting, party_level),
						      "%s seed %s, party level %d: room %d holds %s, which does not suit it", csv,
						      seed, party_level, en->number, oc->creature);
			}
		}
	}
	site_plan_free(&plan);
	levels_free(lv, nlevels);
}

START_TEST(test_party_levels)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	const char *csv = methods[_i];
	int *drawn = calloc((size_t)tables.nfactions, sizeof *drawn);
	ck_assert_ptr_nonnull(drawn);
	for (int level = 0; level <= SITE_LEVEL_MAX; level++)
		for (int s = 0; s < 6; s++) {
			char seed[32];
			snprintf(seed, sizeof seed, "party-%d-%d", level, s);
			check_party_site(csv, 1, seed, level, drawn);
		}
	int kinds = 0, high = 0;
	for (int i = 0; i < tables.nfactions; i++) {
		kinds += drawn[i] > 0;
		high += drawn[i] > 0 && tables.factions[i].level_lo > SITE_LEVELS_HI;
	}
	fprintf(stderr, "site: %s: %d sites for parties of level 0 to %d held by %d kinds of faction, %d of them "
		"for parties above level %d\n", csv, (SITE_LEVEL_MAX + 1) * 6, SITE_LEVEL_MAX, kinds, high,
		SITE_LEVELS_HI);
	/* a method's sites for high levels are held by the factions made for them */
	ck_assert_int_ge(high, 3);
	free(drawn);
}
END_TEST

/* A booklet's levels may lie in other settings than its first: each
 * level's outsiders still suit the party. */
START_TEST(test_party_booklets)
{
	int *drawn = calloc((size_t)tables.nfactions, sizeof *drawn);
	ck_assert_ptr_nonnull(drawn);
	for (int level = 1; level <= SITE_LEVEL_MAX; level += 3) {
		char seed[32];
		snprintf(seed, sizeof seed, "party-booklet-%d", level);
		check_party_site(level % 2 ? "mansion,dice,cards" : "cards,tiles,house", 3, seed, level, drawn);
	}
	free(drawn);
	/* a party's level is 1 to 20 (0: the neutral system's) */
	struct level lv[1];
	struct site_plan plan;
	make_site(lv, 1, "dice", "party-bad", &plan);
	site_plan_free(&plan);
	struct err e = { ERR_NONE, "" };
	ck_assert_int_eq(site_plan_make(&plan, &tables, lv, 1, "party-bad", 21, &e), -1);
	ck_assert_str_eq(e.msg, "a party's level is from 1 to 20, not 21");
	ck_assert_int_eq(e.kind, ERR_USAGE);
	ck_assert_int_eq(site_plan_make(&plan, &tables, lv, 1, "party-bad", -1, &e), -1);
	levels_free(lv, 1);
}
END_TEST

static Suite *site_suite(void)
{
	Suite *s = suite_create("site");
	TCase *tc = tcase_create("keys");
	tcase_add_unchecked_fixture(tc, load_tables, free_tables);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_every_method, 0, 5);
	tcase_add_test(tc, test_booklets);
	tcase_add_test(tc, test_same_seed_same_site);
	tcase_add_loop_test(tc, test_party_levels, 0, 5);
	tcase_add_test(tc, test_party_booklets);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(site_suite)
