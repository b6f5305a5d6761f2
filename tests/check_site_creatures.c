/* check_site_creatures.c: every creature the site tables name (each
 * faction's leaders and members, each vermin and visitor) is a monster of
 * the System Reference Document 5.1, so that a game system built on the
 * open rules finds each one in its creature table, and the key never names
 * a creature from a book that is not open content. The names are kept
 * here: the SRD's, in lower case, without a parenthesised part ("deep
 * gnome" for Deep Gnome (Svirfneblin)) and without the form of a
 * shapechanger ("vampire", "werewolf"). A creature is written the same in
 * the plural wherever it stands. */
#include "site/site_tables.h"
#include "testrun.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The 334 monsters of SRD 5.1 (CC BY 4.0), 322 names once the forms of a
 * shapechanger are one name and Succubus/Incubus two. */
static const char *const srd51[] = {
	"aboleth", "acolyte", "adult black dragon", "adult blue dragon", "adult brass dragon",
	"adult bronze dragon", "adult copper dragon", "adult gold dragon", "adult green dragon",
	"adult red dragon", "adult silver dragon", "adult white dragon", "air elemental",
	"ancient black dragon", "ancient blue dragon", "ancient brass dragon", "ancient bronze dragon",
	"ancient copper dragon", "ancient gold dragon", "ancient green dragon", "ancient red dragon",
	"ancient silver dragon", "ancient white dragon", "androsphinx", "animated armor", "ankheg", "ape",
	"archmage", "assassin", "awakened shrub", "awakened tree", "axe beak", "azer", "baboon", "badger",
	"balor", "bandit", "bandit captain", "barbed devil", "basilisk", "bat", "bearded devil", "behir",
	"berserker", "black bear", "black dragon wyrmling", "black pudding", "blink dog", "blood hawk",
	"blue dragon wyrmling", "boar", "bone devil", "brass dragon wyrmling", "bronze dragon wyrmling",
	"brown bear", "bugbear", "bulette", "camel", "cat", "centaur", "chain devil", "chimera", "chuul",
	"clay golem", "cloaker", "cloud giant", "cockatrice", "commoner", "constrictor snake",
	"copper dragon wyrmling", "couatl", "crab", "crocodile", "cult fanatic", "cultist", "darkmantle",
	"death dog", "deep gnome", "deer", "deva", "dire wolf", "djinni", "doppelganger", "draft horse",
	"dragon turtle", "dretch", "drider", "drow", "druid", "dryad", "duergar", "dust mephit", "eagle",
	"earth elemental", "efreeti", "elephant", "elk", "erinyes", "ettercap", "ettin", "fire elemental",
	"fire giant", "flesh golem", "flying snake", "flying sword", "frog", "frost giant", "gargoyle",
	"gelatinous cube", "ghast", "ghost", "ghoul", "giant ape", "giant badger", "giant bat", "giant boar",
	"giant centipede", "giant constrictor snake", "giant crab", "giant crocodile", "giant eagle",
	"giant elk", "giant fire beetle", "giant frog", "giant goat", "giant hyena", "giant lizard",
	"giant octopus", "giant owl", "giant poisonous snake", "giant rat", "giant scorpion",
	"giant sea horse", "giant shark", "giant spider", "giant toad", "giant vulture", "giant wasp",
	"giant weasel", "giant wolf spider", "gibbering mouther", "glabrezu", "gladiator", "gnoll", "goat",
	"goblin", "gold dragon wyrmling", "gorgon", "gray ooze", "green dragon wyrmling", "green hag", "grick",
	"griffon", "grimlock", "guard", "guardian naga", "gynosphinx", "half-red dragon veteran", "harpy",
	"hawk", "hell hound", "hezrou", "hill giant", "hippogriff", "hobgoblin", "homunculus", "horned devil",
	"hunter shark", "hydra", "hyena", "ice devil", "ice mephit", "imp", "incubus", "invisible stalker",
	"iron golem", "jackal", "killer whale", "knight", "kobold", "kraken", "lamia", "lemure", "lich",
	"lion", "lizard", "lizardfolk", "mage", "magma mephit", "magmin", "mammoth", "manticore", "marilith",
	"mastiff", "medusa", "merfolk", "merrow", "mimic", "minotaur", "minotaur skeleton", "mule", "mummy",
	"mummy lord", "nalfeshnee", "night hag", "nightmare", "noble", "ochre jelly", "octopus", "ogre",
	"ogre zombie", "oni", "orc", "otyugh", "owl", "owlbear", "panther", "pegasus", "phase spider",
	"pit fiend", "planetar", "plesiosaurus", "poisonous snake", "polar bear", "pony", "priest",
	"pseudodragon", "purple worm", "quasit", "quipper", "rakshasa", "rat", "raven", "red dragon wyrmling",
	"reef shark", "remorhaz", "rhinoceros", "riding horse", "roc", "roper", "rug of smothering",
	"rust monster", "saber-toothed tiger", "sahuagin", "salamander", "satyr", "scorpion", "scout",
	"sea hag", "sea horse", "shadow", "shambling mound", "shield guardian", "shrieker",
	"silver dragon wyrmling", "skeleton", "solar", "specter", "spider", "spirit naga", "sprite", "spy",
	"steam mephit", "stirge", "stone giant", "stone golem", "storm giant", "succubus", "swarm of bats",
	"swarm of beetles", "swarm of centipedes", "swarm of insects", "swarm of poisonous snakes",
	"swarm of quippers", "swarm of rats", "swarm of ravens", "swarm of spiders", "swarm of wasps",
	"tarrasque", "thug", "tiger", "treant", "tribal warrior", "triceratops", "troll", "tyrannosaurus rex",
	"unicorn", "vampire", "vampire spawn", "veteran", "violet fungus", "vrock", "vulture", "warhorse",
	"warhorse skeleton", "water elemental", "weasel", "werebear", "wereboar", "wererat", "weretiger",
	"werewolf", "white dragon wyrmling", "wight", "will-o'-wisp", "winter wolf", "wolf", "worg", "wraith",
	"wyvern", "xorn", "young black dragon", "young blue dragon", "young brass dragon",
	"young bronze dragon", "young copper dragon", "young gold dragon", "young green dragon",
	"young red dragon", "young silver dragon", "young white dragon", "zombie",
};

static int is_srd(const char *name)
{
	for (size_t i = 0; i < sizeof srd51 / sizeof srd51[0]; i++)
		if (!strcmp(srd51[i], name))
			return 1;
	return 0;
}

/* Each creature the tables name, with where it stands, passed to fn;
 * stops at the first fn refuses (returns nonzero), and returns that. */
typedef int (*creature_fn)(void *ctx, const char *creature, const char *plural, const char *where);

static int each_creature(const struct site_tables *t, creature_fn fn, void *ctx)
{
	char where[160];
	int rc = 0;
	for (int i = 0; i < t->nfactions && !rc; i++) {
		const struct site_faction_type *f = &t->factions[i];
		for (int l = 0; l < f->nleaders && !rc; l++) {
			snprintf(where, sizeof where, "%s:%d: faction '%s', leader %s", f->file, f->line, f->id,
				 f->leaders[l].name);
			rc = fn(ctx, f->leaders[l].creature, NULL, where);
		}
		for (int m = 0; m < f->nmembers && !rc; m++) {
			snprintf(where, sizeof where, "%s:%d: faction '%s', a member", f->file, f->line, f->id);
			rc = fn(ctx, f->members[m].creature, f->members[m].plural, where);
		}
	}
	for (int i = 0; i < t->noutsiders && !rc; i++) {
		const struct site_outsider *o = &t->outsiders[i];
		snprintf(where, sizeof where, "a %s line", o->visitor ? "visitor" : "vermin");
		rc = fn(ctx, o->creature, o->plural, where);
	}
	return rc;
}

struct found {
	char what[256];
};

static int not_srd(void *ctx, const char *creature, const char *plural, const char *where)
{
	struct found *f = ctx;
	(void)plural;
	if (is_srd(creature))
		return 0;
	snprintf(f->what, sizeof f->what, "%s: '%s'", where, creature);
	return 1;
}

/* The first plural seen for each creature. */
struct plurals {
	char creature[256][SITE_WORD], plural[256][SITE_WORD];
	int n;
	char what[400];
};

static int same_plural(void *ctx, const char *creature, const char *plural, const char *where)
{
	struct plurals *p = ctx;
	if (!plural)
		return 0;
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->creature[i], creature)) {
			if (!strcmp(p->plural[i], plural))
				return 0;
			snprintf(p->what, sizeof p->what, "%s: '%s' in the plural is '%s' here, '%s' elsewhere", where,
				 creature, plural, p->plural[i]);
			return 1;
		}
	ck_assert_int_lt(p->n, 256);
	snprintf(p->creature[p->n], SITE_WORD, "%s", creature);
	snprintf(p->plural[p->n++], SITE_WORD, "%s", plural);
	return 0;
}

static void load_shipped(struct site_tables *t)
{
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(site_tables_load(t, test_template_dirs(), &e) == 0, "%s", e.msg);
}

START_TEST(test_shipped_creatures_are_srd)
{
	struct site_tables t;
	load_shipped(&t);
	struct found f = { "" };
	ck_assert_msg(each_creature(&t, not_srd, &f) == 0, "not a monster of SRD 5.1: %s", f.what);
	struct plurals *p = calloc(1, sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_msg(each_creature(&t, same_plural, p) == 0, "%s", p->what);
	ck_assert_int_ge(p->n, 40);
	free(p);
	site_tables_free(&t);
}
END_TEST

/* The check finds a creature of another book, whether leader, member or
 * outsider, and a plural written two ways. */
START_TEST(test_check_finds_others)
{
	static const struct {
		const char *text, *found;
	} cases[] = {
		{ "faction:k:any:tribe\nleader:Queen Snaggle:winged kobold\n",
		  "t.site:1: faction 'k', leader Queen Snaggle: 'winged kobold'" },
		{ "faction:k:any:tribe\nleader:Yip:kobold\nmember:troglodyte:troglodytes:2:guard\n",
		  "t.site:1: faction 'k', a member: 'troglodyte'" },
		{ "vermin:any:giant rat:giant rats:2:{n} {who}\nvisitor:any:Scout:scouts:2:{n} {who}\n",
		  "a visitor line: 'Scout'" },
		{ "visitor:any:vampire, vampire form:vampires:2:{n} {who}\n",
		  "a visitor line: 'vampire, vampire form'" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct site_tables t;
		struct err e = { ERR_NONE, "" };
		memset(&t, 0, sizeof t);
		ck_assert_msg(site_tables_parse(&t, "t.site", cases[i].text, strlen(cases[i].text), &e) == 0, "%s",
			      e.msg);
		struct found f = { "" };
		ck_assert_int_eq(each_creature(&t, not_srd, &f), 1);
		ck_assert_str_eq(f.what, cases[i].found);
		site_tables_free(&t);
	}
	const char *two = "vermin:any:giant rat:giant rats:2:{n} {who}\nvermin:any:giant rat:giant ratz:2:{n} {who}\n";
	struct site_tables t;
	struct err e = { ERR_NONE, "" };
	memset(&t, 0, sizeof t);
	ck_assert_int_eq(site_tables_parse(&t, "t.site", two, strlen(two), &e), 0);
	struct plurals *p = calloc(1, sizeof *p);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(each_creature(&t, same_plural, p), 1);
	ck_assert_str_eq(p->what, "a vermin line: 'giant rat' in the plural is 'giant ratz' here, 'giant rats' elsewhere");
	free(p);
	site_tables_free(&t);
}
END_TEST

static Suite *site_creatures_suite(void)
{
	Suite *s = suite_create("site_creatures");
	TCase *tc = tcase_create("creatures");
	tcase_add_test(tc, test_shipped_creatures_are_srd);
	tcase_add_test(tc, test_check_finds_others);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(site_creatures_suite)
