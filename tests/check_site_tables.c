/* check_site_tables.c: the site tables (templates/site/, read by
 * src/site/site_tables.c) refuse every wrong line with one line
 * "FILE:LINE:COL: message" naming what is accepted, and a table that lacks
 * what every site needs with one clear line; the shipped tables load and
 * pass. Through the program: a user's template folder with a broken
 * kinds.site makes mapsheet exit 2 with that one line and write nothing.
 * Add a case by adding a line to `bad_lines` or `incomplete`. */
#include "site/site_tables.h"
#include "testrun.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BASE "build/tests/site_tables"

/* A small table set that every rule passes: every setting, one faction,
 * a kind in each role a site needs (one with a feature), vermin; the
 * faction and the vermin suit every party level, the visitor the low ones
 * (no levels line). Every directive is known in every file, so one text
 * holds it all. */
static const char good[] =
	"built:any:Smugglers cut the cellars\n"
	"befell:any:The river rose and drowned them\n"
	"hook:any:A boy went in after his dog\n"
	"faction:rats:any:tribe\n"
	"called:the Rat King's court\n"
	"holds:{faction} crept in when the water fell, led by {leader} the {creature}\n"
	"leader:Old Whisker:wererat\n"
	"member:giant rat:giant rats:2d4:guard lair\n"
	"want:They want the cheese of the whole valley\n"
	"secret:The king is three rats in a coat\n"
	"doing:guard:{n} {who} squeak at every sound\n"
	"doing:lair:{n} {who} sleep in a heap of rags\n"
	"doing:leader:{who} counts crumbs on a throne of crates\n"
	"doing:wander:{n} {who} scurry past with a stolen sausage\n"
	"levels:1-20\n"
	"kind:gate:any:guard\n"
	"name:Rat Gate\n"
	"match:gate\n"
	"seen:A gnawed door hangs open.\n"
	"kind:nest:any:lair\n"
	"name:Nest\n"
	"seen:Rags and straw are heaped in the corners.\n"
	"find:a silver thimble\n"
	"kind:throne:any:leader\n"
	"name:Throne of Crates\n"
	"feature:throne:a throne of stacked crates\n"
	"seen:Stacked against the far wall stands {feature}.\n"
	"kind:cellar:any:none\n"
	"name:Cellar\n"
	"seen:Damp stone and old barrels.\n"
	"vermin:any:giant spider:giant spiders:1d2+1:{n} {who} wait in a web\n"
	"levels:1-20\n"
	"visitor:any:commoner:commoners:2:{n} {who} look for their dog\n"
	"company:over:one:{n} {who} bosses them\n"
	"company:over:many:[thinking]{n} {who} boss them\n"
	"company:alone:one:{n} {who} sits alone\n"
	"company:alone:many:{n} {who} sit alone\n"
	"company:among:one:{n} {who} is one of them\n"
	"company:among:many:{n} {who} are some of them\n"
	"company:beside:one:{n} {who} stands by the king\n"
	"company:beside:many:{n} {who} stand by the king\n"
	"company:beast:one:{n} {who} sniffs about\n"
	"company:beast:many:{n} {who} sniff about\n"
	"company:apart:one:{n} {who} keeps apart\n"
	"company:apart:many:{n} {who} keep apart\n"
	"company:captive:one:{n} {who} is a prisoner of {whose}\n"
	"company:captive:many:{n} {who} are prisoners of {whose}\n";

static void load_text(struct site_tables *t, const char *text, int *rc, struct err *e)
{
	memset(t, 0, sizeof *t);
	*e = (struct err){ ERR_NONE, "" };
	*rc = site_tables_parse(t, "t.site", text, strlen(text), e);
}

/* e holds one printable line. */
static void one_line(const struct err *e, const char *what)
{
	ck_assert_msg(e->msg[0] != '\0', "%s: no message", what);
	for (const char *c = e->msg; *c; c++)
		ck_assert_msg((unsigned char)*c >= 0x20 && *c != 0x7f, "%s: a control character in '%s'", what, e->msg);
	ck_assert_int_eq(e->kind, ERR_USAGE);
}

START_TEST(test_good_tables_pass)
{
	struct site_tables t;
	struct err e;
	int rc;
	load_text(&t, good, &rc, &e);
	ck_assert_msg(rc == 0, "%s", e.msg);
	ck_assert_msg(site_tables_check(&t, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(t.nfactions, 1);
	ck_assert_int_eq(t.nkinds, 4);
	ck_assert_int_eq(t.noutsiders, 2);
	ck_assert_int_eq(t.factions[0].members[0].count.n, 2);
	ck_assert_int_eq(t.factions[0].members[0].count.sides, 4);
	ck_assert_int_eq(t.outsiders[1].count.plus, 2);
	ck_assert_int_eq(t.kinds[2].feature, FEATURE_THRONE);
	ck_assert_str_eq(t.factions[0].file, "t.site");
	ck_assert_int_eq(t.kinds[3].line, 28);
	ck_assert_int_eq(t.factions[0].level_lo, 1);
	ck_assert_int_eq(t.factions[0].level_hi, 20);
	ck_assert_int_eq(t.outsiders[0].level_hi, 20);
	ck_assert_int_eq(t.outsiders[1].level_lo, SITE_LEVELS_LO);
	ck_assert_int_eq(t.outsiders[1].level_hi, SITE_LEVELS_HI);
	site_tables_free(&t);
}
END_TEST

/* A kind's feature in several words: more feature: lines of it, with a
 * condition (said where it holds) or without one (other words). */
START_TEST(test_feature_words)
{
	struct site_tables t;
	struct err e;
	int rc;
	load_text(&t,
		  "kind:hall:any:none\nname:Hall\nseen:Dust.\nfeature:pillar:rows of pillars\n"
		  "feature:pillar:[!pillars]a lone pillar\nfeature:pillar:a colonnade of grey stone\n",
		  &rc, &e);
	ck_assert_msg(rc == 0, "%s", e.msg);
	ck_assert_int_eq(t.kinds[0].feature, FEATURE_PILLAR);
	ck_assert_int_eq(t.kinds[0].nftexts, 3);
	ck_assert_str_eq(t.kinds[0].feature_text, "rows of pillars");
	ck_assert_str_eq(t.kinds[0].ftexts[1], "a lone pillar");
	ck_assert_int_eq(t.kinds[0].ftexts_cond[1].n, 1);
	ck_assert_str_eq(t.kinds[0].ftexts[2], "a colonnade of grey stone");
	ck_assert_int_eq(t.kinds[0].ftexts_cond[2].n, 0);
	site_tables_free(&t);
}
END_TEST

/* The shipped tables load along the search path and pass the check, each
 * file alone parses, and every setting has its faction and kinds. */
START_TEST(test_shipped_tables_load)
{
	struct site_tables t;
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(site_tables_load(&t, test_template_dirs(), &e) == 0, "%s", e.msg);
	ck_assert_int_ge(t.nfactions, 4);
	ck_assert_int_ge(t.nkinds, 4 * 4);
	ck_assert_int_eq(t.nfiles, 6);
	ck_assert_msg(site_tables_check(&t, &e) == 0, "%s", e.msg);
	site_tables_free(&t);
	static const char *const files[] = { "premises", "factions", "kinds", "outsiders", "creatures", "company" };
	for (int i = 0; i < 6; i++) {
		char path[128];
		size_t len;
		snprintf(path, sizeof path, "templates/site/%s.site", files[i]);
		char *text = test_slurp(path, &len);
		ck_assert_ptr_nonnull(text);
		memset(&t, 0, sizeof t);
		ck_assert_msg(site_tables_parse(&t, path, text, len, &e) == 0, "%s", e.msg);
		site_tables_free(&t);
		free(text);
	}
}
END_TEST

/* A party of level 1 to 20 meets what suits its level; the neutral
 * system (level 0) what suits a low level, as it always has. */
START_TEST(test_fits_level)
{
	ck_assert(site_fits_level(5, 10, 5) && site_fits_level(5, 10, 10) && site_fits_level(1, 20, 20));
	ck_assert(!site_fits_level(5, 10, 4) && !site_fits_level(5, 10, 11) && !site_fits_level(1, 4, 5));
	ck_assert(site_fits_level(1, 4, 0) && site_fits_level(4, 9, 0) && site_fits_level(1, 1, 0));
	ck_assert(!site_fits_level(5, 10, 0) && !site_fits_level(17, 20, 0));
}
END_TEST

/* What the shipped tables give a game master beyond the rule: for every
 * setting and party level, two factions or more to draw from (so a site
 * for a party of level 12 is not always held by the same one), a visitor
 * as well as vermin, and in every band of levels (5 to 10, 11 to 16, 17
 * to 20) two factions that suit at least half of it. */
START_TEST(test_shipped_tables_every_level)
{
	struct site_tables t;
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(site_tables_load(&t, test_template_dirs(), &e) == 0, "%s", e.msg);
	static const int bands[][2] = { { 5, 10 }, { 11, 16 }, { 17, 20 } };
	for (int s = 0; s < SETTING_COUNT; s++) {
		const char *name = site_setting_name((enum site_setting)s);
		for (int level = 1; level <= SITE_LEVEL_MAX; level++) {
			int factions = 0, visitors = 0;
			for (int i = 0; i < t.nfactions; i++)
				factions += ((t.factions[i].settings >> s) & 1u) &&
					    site_fits_level(t.factions[i].level_lo, t.factions[i].level_hi, level);
			for (int i = 0; i < t.noutsiders; i++)
				visitors += t.outsiders[i].visitor && ((t.outsiders[i].settings >> s) & 1u) &&
					    site_fits_level(t.outsiders[i].level_lo, t.outsiders[i].level_hi, level);
			ck_assert_msg(factions >= 2, "%s, party level %d: %d faction(s)", name, level, factions);
			ck_assert_msg(visitors >= 1, "%s, party level %d: no visitor", name, level);
		}
		for (int b = 0; b < 3; b++) {
			int suit = 0, size = bands[b][1] - bands[b][0] + 1;
			for (int i = 0; i < t.nfactions; i++) {
				const struct site_faction_type *f = &t.factions[i];
				int lo = f->level_lo > bands[b][0] ? f->level_lo : bands[b][0];
				int hi = f->level_hi < bands[b][1] ? f->level_hi : bands[b][1];
				suit += ((f->settings >> s) & 1u) && 2 * (hi - lo + 1) >= size;
			}
			ck_assert_msg(suit >= 2, "%s: %d faction(s) suit half the levels %d to %d", name, suit, bands[b][0],
				      bands[b][1]);
		}
	}
	site_tables_free(&t);
}
END_TEST

struct bad_line {
	const char *text;       /* the table text */
	const char *message;    /* the whole message */
};

#define F "faction:rats:any:tribe\n"
#define K "kind:nest:any:lair\n"
#define FACT_WORDS                                                                                             \
	"dungeon crypt cave building pillar water rubble statue pit altar coffin bed crate shelf table throne "    \
	"hearth cage well pillars statues coffins beds crates shelves tables cages pair stairs trap door opening "      \
	"locked secret portcullis below above boards flagstones earth cold warm wet dark lit occupied faction leader beast "    \
	"vermin undead construct ooze living thinking bare kitchen sleeping storage worship workshop grand carried hoard"
#define SETTINGS "(settings: dungeon, crypt, cave, building, any)"
#define KIND_ROLES "(roles: none, guard, lair, leader, shrine, prison, store, work)"
#define MEMBER_ROLES "(roles: guard, lair, shrine, prison, store, work, wander)"
#define DOING_ROLES "(roles: guard, lair, leader, shrine, prison, store, work, wander)"
#define DICE                                                                                                 \
	"is not a count of creatures (a number from 1 to 999, or NdS or NdS+P: 1 to 20 dice of 2 to 100 sides, " \
	"as 1d4 or 2d6+1)"
#define MEMBER(dice) F "member:rat:rats:" dice ":guard\n"
#define VERMIN(dice) "vermin:any:rat:rats:" dice ":{n} {who}\n"
#define FEATURES                                                                                            \
	"(features: altar, statue, pillar, water, rubble, pit, coffin, bed, crate, shelf, table, throne, hearth, " \
	"cage, well)"
#define FACTION_ONLY "this line belongs to a faction: start one with 'faction:'"
#define KIND_ONLY "this line belongs to a room kind: start one with 'kind:'"
#define LEVELS "is not a range of party levels (LO-HI, each from 1 to 20, as 5-10)"
#define LEVELS_ONLY "'levels' follows the faction, vermin or visitor line it belongs to"

static const struct bad_line bad_lines[] = {
	/* settings */
	{ "built:dungon:A text\n", "t.site:1:7: unknown setting 'dungon' " SETTINGS },
	{ "kind:x:dungeon Crypt:none\n", "t.site:1:16: unknown setting 'Crypt' " SETTINGS },
	{ "faction:x:cave,crypt:tribe\n", "t.site:1:11: unknown setting 'cave,crypt' " SETTINGS },
	{ "hook::A text\n", "t.site:1:6: no setting " SETTINGS },
	{ "vermin: :rat:rats:2:{n} {who}\n", "t.site:1:8: no setting " SETTINGS },
	/* roles */
	{ "kind:x:any:gaurd\n", "t.site:1:12: unknown role 'gaurd' " KIND_ROLES },
	{ "kind:x:any:wander\n", "t.site:1:12: unknown role 'wander' " KIND_ROLES },
	{ "kind:x:any:\n", "t.site:1:12: no role " KIND_ROLES },
	{ "kind:x:any:guard lair\n", "t.site:1:12: one role, not 'guard lair'" },
	{ F "member:rat:rats:2d4:guard cook\n", "t.site:2:27: unknown role 'cook' " MEMBER_ROLES },
	{ F "member:rat:rats:2d4:leader\n", "t.site:2:21: unknown role 'leader' " MEMBER_ROLES },
	{ F "member:rat:rats:2d4:none\n", "t.site:2:21: unknown role 'none' " MEMBER_ROLES },
	{ F "doing:none:{n} {who} idle\n", "t.site:2:7: unknown role 'none' " DOING_ROLES },
	{ F "doing:gard:{n} {who} idle\n", "t.site:2:7: unknown role 'gard' " DOING_ROLES },
	{ F "doing:guard lair:{n} {who} idle\n", "t.site:2:7: one role, not 'guard lair'" },
	{ F "needs:altar\n", "t.site:2:1: 'needs' follows the doing line it belongs to" },
	{ "group:leader:{n} {who} idle\n",
	  "t.site:1:7: unknown role 'leader' (roles: guard, lair, shrine, prison, store, work)" },
	{ "group:wander:{n} {who} idle\n",
	  "t.site:1:7: unknown role 'wander' (roles: guard, lair, shrine, prison, store, work)" },
	{ "group:guard:{n} {who} idle\nneeds:altar\n", "t.site:2:1: 'needs' follows the doing line it belongs to" },
	{ "group:guard:[sleepy]{n} {who} idle\n", "t.site:1:14: unknown fact 'sleepy' (facts: " FACT_WORDS ")" },
	{ "group:guard:{n} {whose} idle\n",
	  "t.site:1:17: unknown placeholder '{whose}' (placeholders of a 'group:' line: {n}, {who})" },
	{ F "doing:wander:{n} {who} idle\nneeds:altar\n",
	  "t.site:3:1: a wandering line is said in no room, so it needs nothing" },
	{ F "doing:lair:{n} {who} kneel\nneeds:altar\nneeds:table\n",
	  "t.site:4:1: the doing line above needs altar already (one feature a line)" },
	{ F "doing:lair:{n} {who} kneel\nneeds:alter\n", "t.site:3:7: unknown feature 'alter' (features: altar, statue, "
	  "pillar, water, rubble, pit, coffin, bed, crate, shelf, table, throne, hearth, cage, well)" },
	/* features */
	{ K "feature:alter:a black altar\n", "t.site:2:9: unknown feature 'alter' " FEATURES },
	{ K "feature:Altar:a black altar\n", "t.site:2:9: unknown feature 'Altar' " FEATURES },
	{ K "feature::a black altar\n", "t.site:2:9: unknown feature '' " FEATURES },
	{ K "feature:altar:a black altar\nfeature:well:a well\n",
	  "t.site:3:9: room kind 'nest' has the feature altar already (a kind has one feature; more 'feature:' "
	  "lines name it in other words, or with a condition for other facts)" },
	{ K "feature:pillar:rows of pillars\nfeature:pillar:[pillar !pillars]\n",
	  "t.site:3:16: a condition with no text after it" },
	{ K "feature:pillar:rows of pillars\nfeature:pillar:[pilars]a pillar\n",
	  "t.site:3:17: unknown fact 'pilars' (facts: " FACT_WORDS ")" },
	{ K "seen:[table !table]Cards.\n", "t.site:2:14: the condition both needs and refuses 'table'" },
	{ K "seen:[table Cards.\n", "t.site:2:6: a condition '[' is not closed by ']' (facts: " FACT_WORDS ")" },
	{ K "seen:[]Cards.\n", "t.site:2:6: an empty condition '[]' names no fact (facts: " FACT_WORDS ")" },
	{ K "name:[! table]Den\n", "t.site:2:8: '!' names no fact '' (facts: " FACT_WORDS ")" },
	{ K "facts:boards beast\n", "t.site:2:14: a room kind's facts are its floor, air, light and use, not 'beast' "
	  "(words: boards flagstones earth cold warm wet dark lit kitchen sleeping storage worship workshop grand)" },
	{ K "contents:monster\n", "t.site:2:10: unknown contents 'monster' (contents: trap, special, empty)" },
	{ "creature:rat:beast tiny:any\n", "t.site:1:20: a creature's nature is none of 'tiny' (words: beast vermin "
	  "undead construct ooze living thinking bare)" },
	/* a creature's habitat facts and its most */
	{ "creature:rat:beast:any !undead\n", "t.site:1:24: a habitat's facts are a room's floor, air and light "
	  "(wet, cold, warm, ...), not '!undead'" },
	{ "creature:rat:beast:any !moist\n", "t.site:1:24: a habitat's facts are a room's floor, air and light "
	  "(wet, cold, warm, ...), not '!moist'" },
	{ "most:2\n", "t.site:1:1: 'most' follows the creature line it belongs to" },
	{ "creature:rat:beast:any\nmost:1\n", "t.site:2:6: most: a count from 2 (its lines speak of a group) to 99, "
	  "not '1'" },
	/* faction types */
	{ "faction:x:any:gang\n",
	  "t.site:1:15: unknown faction type 'gang' (types: tribe, cult, household, brood, dead, band)" },
	{ "faction:x:any:\n", "t.site:1:15: unknown faction type '' (types: tribe, cult, household, brood, dead, band)" },
	/* the first mistake on a line, from the left */
	{ "faction:Rats:cellar:gang\n", "t.site:1:9: an id is lowercase letters, digits and '-', not 'Rats'" },
	{ "faction:rats:cellar:gang\n", "t.site:1:14: unknown setting 'cellar' " SETTINGS },
	/* dice */
	{ MEMBER("2d"), "t.site:2:17: '2d' " DICE },
	{ MEMBER("d6"), "t.site:2:17: 'd6' " DICE },
	{ MEMBER("0"), "t.site:2:17: '0' " DICE },
	{ MEMBER("1d1"), "t.site:2:17: '1d1' " DICE },
	{ MEMBER("21d6"), "t.site:2:17: '21d6' " DICE },
	{ MEMBER("1d101"), "t.site:2:17: '1d101' " DICE },
	{ MEMBER("0d6"), "t.site:2:17: '0d6' " DICE },
	{ MEMBER("1d6+"), "t.site:2:17: '1d6+' " DICE },
	{ MEMBER("2d6-1"), "t.site:2:17: '2d6-1' " DICE },
	{ MEMBER("1000"), "t.site:2:17: '1000' " DICE },
	{ MEMBER(""), "t.site:2:17: '' " DICE },
	{ MEMBER(" 2"), "t.site:2:17: ' 2' " DICE },
	{ VERMIN("two"), "t.site:1:21: 'two' " DICE },
	/* empty text */
	{ "built:any:\n", "t.site:1:11: empty text (a 'built:' line needs its text)" },
	{ "befell:any:   \n", "t.site:1:12: empty text (a 'befell:' line needs its text)" },
	{ F "want:\n", "t.site:2:6: empty text (a 'want:' line needs its text)" },
	{ F "called:\n", "t.site:2:8: empty text (a 'called:' line needs its text)" },
	{ F "doing:guard:\n", "t.site:2:13: empty text (a 'doing:' line needs its text)" },
	{ K "seen:\n", "t.site:2:6: empty text (a 'seen:' line needs its text)" },
	{ K "name:\n", "t.site:2:6: empty text (a 'name:' line needs its text)" },
	{ K "feature:altar:\n", "t.site:2:15: empty text (a 'feature:' line needs its text)" },
	{ "visitor:any:rat:rats:2:\n", "t.site:1:24: empty text (a 'visitor:' line needs its text)" },
	{ F "leader::wererat\n", "t.site:2:8: the leader's name is empty" },
	{ F "member:rat: :2:guard\n", "t.site:2:12: the plural is empty" },
	{ "vermin:any::rats:2:{n} {who}\n", "t.site:1:12: the creature is empty" },
	/* ids */
	{ "faction:Rats:any:tribe\n", "t.site:1:9: an id is lowercase letters, digits and '-', not 'Rats'" },
	{ "kind:rat_nest:any:lair\n", "t.site:1:9: an id is lowercase letters, digits and '-', not 'rat_nest'" },
	{ "kind:rat nest:any:lair\n", "t.site:1:9: an id is lowercase letters, digits and '-', not 'rat nest'" },
	{ "kind::any:lair\n", "t.site:1:6: the id is empty" },
	{ "kind:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:any:lair\n",
	  "t.site:1:6: the id 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is longer than 31 characters" },
	/* the same id twice */
	{ F "called:the rats\n" F, "t.site:3:9: faction 'rats' again (first at t.site:1)" },
	{ K "name:Nest\n\n" K, "t.site:4:6: room kind 'nest' again (first at t.site:1)" },
	/* a faction's line outside a faction, a kind's outside a kind */
	{ "called:the rats\n", "t.site:1:1: " FACTION_ONLY },
	{ "holds:{faction} live here\n", "t.site:1:1: " FACTION_ONLY },
	{ "leader:Old Whisker:wererat\n", "t.site:1:1: " FACTION_ONLY },
	{ "member:rat:rats:2:guard\n", "t.site:1:1: " FACTION_ONLY },
	{ "want:cheese\n", "t.site:1:1: " FACTION_ONLY },
	{ "secret:three rats in a coat\n", "t.site:1:1: " FACTION_ONLY },
	{ "clue:A coat with three tails hangs here\n", "t.site:1:1: 'clue' follows the 'secret:' line it points at" },
	{ F "secret:The king is three rats in a coat\nclue:A crown lies here\n",
	  "t.site:3:6: this clue shares no word of five letters or more with its secret ('The king is three rats in a "
	  "coat'), which it must point at" },
	{ F "secret:The king is three rats in a coat\nclue:three tails hang out of the royal robe\n",
	  "t.site:3:6: a clue is a whole sentence, starting with a capital letter" },
	{ "lead:A map of the cheese shop\n", "t.site:1:1: 'lead' follows the 'want:' line whose object it points to" },
	{ F "want:The cheese of the mayor's larder\nlead:A map of the larder\nlead:A key to the larder\n",
	  "t.site:4:1: a want has one 'lead' line" },
	{ F "want:The cheese of the mayor's larder\nlead:A map of the town\n",
	  "t.site:3:6: this lead shares no word of five letters or more with its want ('The cheese of the mayor's "
	  "larder'), which it must point to" },
	{ F "want:The cheese of the mayor's larder\nlead:a map of the larder\n",
	  "t.site:3:6: a lead is a whole sentence, starting with a capital letter" },
	{ "# a comment\n\ndoing:guard:{n} {who} squeak\n", "t.site:3:1: " FACTION_ONLY },
	{ F K "want:cheese\n", "t.site:3:1: " FACTION_ONLY },
	{ "name:Nest\n", "t.site:1:1: " KIND_ONLY },
	{ "match:nest\n", "t.site:1:1: " KIND_ONLY },
	{ "feature:bed:a bed of rags\n", "t.site:1:1: " KIND_ONLY },
	{ "seen:Rags.\n", "t.site:1:1: " KIND_ONLY },
	{ "find:a thimble\n", "t.site:1:1: " KIND_ONLY },
	{ K F "seen:Rags.\n", "t.site:3:1: " KIND_ONLY },
	/* placeholders */
	{ F "holds:{fation} moved in\n",
	  "t.site:2:7: unknown placeholder '{fation}' (placeholders of a 'holds:' line: {faction}, {leader}, {creature})" },
	{ F "holds:{faction} moved in {n}\n",
	  "t.site:2:26: unknown placeholder '{n}' (placeholders of a 'holds:' line: {faction}, {leader}, {creature})" },
	{ F "doing:lair:{n} {who} eat {feature}\n",
	  "t.site:2:26: unknown placeholder '{feature}' (placeholders of a 'doing:' line: {n}, {who})" },
	{ F "doing:lair:{n} {Who} eat\n",
	  "t.site:2:16: unknown placeholder '{Who}' (placeholders of a 'doing:' line: {n}, {who})" },
	{ F "want:{faction} want cheese\n",
	  "t.site:2:6: unknown placeholder '{faction}' (placeholders of a 'want:' line: none)" },
	{ K "seen:{feature stands here\n",
	  "t.site:2:6: '{' without its '}' (placeholders of a 'seen:' line: {feature})" },
	{ K "seen:{who} is here\n",
	  "t.site:2:6: unknown placeholder '{who}' (placeholders of a 'seen:' line: {feature})" },
	{ "vermin:any:rat:rats:2:{n} {who} and {leader}\n",
	  "t.site:1:37: unknown placeholder '{leader}' (placeholders of a 'vermin:' line: {n}, {who})" },
	{ "built:any:Built by {faction}\n",
	  "t.site:1:20: unknown placeholder '{faction}' (placeholders of a 'built:' line: none)" },
	/* names the key shows */
	{ K "name:Cell 2\n",
	  "t.site:2:11: a room's name ends in no number (the key numbers a name given twice), not 'Cell 2'" },
	{ K "name:Hall of the Forty-Seven Sleepers Under the Hills\n",
	  "t.site:2:6: a 'name:' text is at most 47 characters, not 48" },
	{ F "called:the most venerable and ancient brotherhood of the rat king beneath the old hill!\n",
	  "t.site:2:8: a 'called:' text is at most 79 characters, not 80" },
	{ K "match:Nest\n", "t.site:2:7: a match word is one lowercase word, not 'Nest'" },
	{ K "match:rat nest\n", "t.site:2:10: a match word is one lowercase word, not 'rat nest'" },
	/* the template parser's own */
	/* a want's or a secret's thread, and a condition on the map they name */
	{ F "want:They want cheese\nthread:leader:cheese:-:The cheese\n",
	  "t.site:3:8: unknown place 'leader' (who, find or feature, after a want or a secret)" },
	{ F "secret:The cook knows\nthread:who:butler:commoner:The butler\n",
	  "t.site:3:12: 'butler' is not in the line it belongs to (a thread is named in the premise's own words)" },
	{ F "called:the rats\nthread:find:rats:-:The rats\n",
	  "t.site:3:1: 'thread' follows the 'built:', 'befell:', 'hook:', 'want:' or 'secret:' line it belongs to" },
	{ F "want:They want cheese\ndoing:lair:{n} {who} eat\nthread:find:cheese:-:The cheese\n",
	  "t.site:4:1: 'thread' follows the 'built:', 'befell:', 'hook:', 'want:' or 'secret:' line it belongs to" },
	{ F "want:[downstairs]They want cheese\n", "t.site:2:7: unknown fact 'downstairs' (facts: " FACT_WORDS ")" },
	/* a thread's further wordings */
	{ "hook:any:A lost goat\nthread:feature:goat:-:The goat's rope\nthread:find:goat:-:The goat's bell\n",
	  "t.site:3:1: this line's thread is 'goat' already: a further 'thread:' line is another wording of it, with the "
	  "same place, words and creature" },
	{ "hook:any:A lost goat\nthread:feature:goat:-:A goat\nthread:feature:goat:-:B goat\nthread:feature:goat:-:C "
	  "goat\nthread:feature:goat:-:D goat\nthread:feature:goat:-:E goat\n",
	  "t.site:6:1: a thread has at most 4 wordings" },
	{ "kinds:x:any:none\n", "t.site:1:1: unknown directive 'kinds' (expected one of: built, befell, hook, place, thread, faction, "
				"called, holds, leader, member, want, lead, secret, clue, doing, needs, group, kind, name, match, feature, seen, "
				"find, vermin, visitor, levels, facts, contents, creature, most, size, company)" },
	/* the company a group keeps */
	{ "company:aside:one:{n} {who} waits\n",
	  "t.site:1:9: unknown company 'aside' (over, alone, among, beside, beast, apart or captive)" },
	{ "company:over:two:{n} {who} wait\n", "t.site:1:14: 'one' or 'many', not 'two'" },
	{ "company:over:one:{n} {who} serves {whose}\n",
	  "t.site:1:35: unknown placeholder '{whose}' (placeholders of a 'company:' line: {n}, {who})" },
	{ "faction:x:any\n", "t.site:1:14: 'faction' needs str field 3 (spec: str str str)" },
	{ "kind:x:any:none\n name:X\n", "t.site:2:1: a directive starts at the beginning of the line" },
	/* party levels */
	{ F "levels:5\n", "t.site:2:8: '5' " LEVELS },
	{ F "levels:\n", "t.site:2:8: '' " LEVELS },
	{ F "levels:0-4\n", "t.site:2:8: '0-4' " LEVELS },
	{ F "levels:5-21\n", "t.site:2:8: '5-21' " LEVELS },
	{ F "levels:5-\n", "t.site:2:8: '5-' " LEVELS },
	{ F "levels:5 - 10\n", "t.site:2:8: '5 - 10' " LEVELS },
	{ F "levels:five-ten\n", "t.site:2:8: 'five-ten' " LEVELS },
	{ F "levels:10-5\n", "t.site:2:8: '10-5' runs backwards: the lower party level comes first (5-10)" },
	{ F "levels:5-10\ncalled:the rats\nlevels:5-10\n",
	  "t.site:4:1: faction 'rats' has a 'levels:' line already (at t.site:2)" },
	{ VERMIN("2") "levels:1-4\nlevels:2-3\n", "t.site:3:1: vermin 'rat' has a 'levels:' line already (at t.site:2)" },
	{ "visitor:any:rat:rats:2:{n} {who}\nlevels:1-4\n" F "levels:1-4\nlevels:1-4\n",
	  "t.site:5:1: faction 'rats' has a 'levels:' line already (at t.site:4)" },
	{ "levels:1-4\n", "t.site:1:1: " LEVELS_ONLY },
	{ "# the rats\n\nlevels:1-4\n", "t.site:3:1: " LEVELS_ONLY },
	{ K "levels:1-4\n", "t.site:2:1: " LEVELS_ONLY },
	{ F K "levels:1-4\n", "t.site:3:1: " LEVELS_ONLY },
	/* an outsider's line ends the faction above it */
	{ F VERMIN("2") "called:the rats\n", "t.site:3:1: " FACTION_ONLY },
	{ K VERMIN("2") "seen:Rags.\n", "t.site:3:1: " KIND_ONLY },
};

START_TEST(test_bad_line)
{
	const struct bad_line *c = &bad_lines[_i];
	struct site_tables t;
	struct err e;
	int rc;
	load_text(&t, c->text, &rc, &e);
	ck_assert_msg(rc == -1, "case %d was read:\n%s", _i, c->text);
	one_line(&e, c->text);
	ck_assert_msg(strcmp(e.msg, c->message) == 0, "case %d:\n%s\nsaid:     %s\nexpected: %s", _i, c->text, e.msg,
		      c->message);
	site_tables_free(&t);
}
END_TEST

/* A change to the good tables (the first `from` made `to`) and the one
 * line the check then gives. */
struct incomplete {
	const char *from, *to;
	const char *message;
};

#define LEVELS_HOW "(a 'levels:' line says the party levels a faction or an outsider suits; without one, 1-4)"
#define NO_LEVEL(what, level)                                                                          \
	"the site tables have no " what " for a party of level " #level " in the dungeon setting " LEVELS_HOW
#define AT_FACTION "t.site:4:1: faction 'rats' "
#define NEEDS "(a faction needs called, holds, leader, member, want, secret, doing:leader and doing:wander lines)"

static const struct incomplete incomplete[] = {
	{ "company:beast:many:{n} {who} sniff about\n", "",
	  "the site tables have no 'company:beast:many:' line (the company a group keeps, in the singular and the "
	  "plural)" },
	{ "called:the Rat King's court\n", "", AT_FACTION "has no 'called:' line " NEEDS },
	{ "holds:{faction} crept in when the water fell, led by {leader} the {creature}\n", "",
	  AT_FACTION "has no 'holds:' line " NEEDS },
	{ "leader:Old Whisker:wererat\n", "", AT_FACTION "has no 'leader:' line " NEEDS },
	{ "member:giant rat:giant rats:2d4:guard lair\n", "", AT_FACTION "has no 'member:' line " NEEDS },
	{ "want:They want the cheese of the whole valley\n", "", AT_FACTION "has no 'want:' line " NEEDS },
	{ "secret:The king is three rats in a coat\n", "", AT_FACTION "has no 'secret:' line " NEEDS },
	{ "doing:leader:", "doing:lair:", AT_FACTION "has no 'doing:leader:' line " NEEDS },
	{ "doing:wander:", "doing:lair:", AT_FACTION "has no 'doing:wander:' line " NEEDS },
	{ "doing:guard:", "doing:lair:", AT_FACTION "has giant rats in the guard role but no 'doing:guard:' line" },
	{ "2d4:guard lair", "2d4:guard lair store", AT_FACTION "has giant rats in the store role but no 'doing:store:' line" },
	{ "doing:lair:{n} {who} sleep in a heap of rags\n", "doing:lair:{n} {who} sleep in their beds\nneeds:bed\n",
	  "t.site:4:1: faction 'rats': every 'doing:lair:' line has a 'needs:' line; one that needs nothing is said where "
	  "the room has none of those features" },
	{ "name:Nest\n", "", "t.site:20:1: room kind 'nest' has no 'name:' line (a kind needs name and seen lines)" },
	{ "seen:Damp stone and old barrels.\n", "",
	  "t.site:28:1: room kind 'cellar' has no 'seen:' line (a kind needs name and seen lines)" },
	{ "feature:throne:a throne of stacked crates\n", "",
	  "t.site:24:1: room kind 'throne' has a 'seen:' line naming {feature} but no 'feature:' line" },
	/* every setting: a premise, a faction, vermin, the kinds a site needs */
	{ "built:any:", "built:dungeon crypt cave:", "the site tables have no 'built:' line for the building setting" },
	{ "befell:any:", "befell:crypt cave building:", "the site tables have no 'befell:' line for the dungeon setting" },
	{ "hook:any:", "hook:dungeon:", "the site tables have no 'hook:' line for the crypt setting" },
	{ "faction:rats:any:", "faction:rats:dungeon crypt building:", "the site tables have no faction for the cave setting" },
	{ "vermin:any:", "visitor:any:", "the site tables have no 'vermin:' line for the dungeon setting" },
	{ "kind:gate:any:guard", "kind:gate:dungeon crypt cave:guard",
	  "the site tables have no room kind in the guard role for the building setting" },
	{ "kind:nest:any:lair", "kind:nest:any:store", "the site tables have no room kind in the lair role for the dungeon setting" },
	{ "kind:throne:any:leader", "kind:throne:any:shrine",
	  "the site tables have no room kind in the leader role for the dungeon setting" },
	{ "kind:cellar:any:none", "kind:cellar:any:work", "the site tables have no room kind in the none role for the dungeon setting" },
	/* every setting: a faction and vermin for every party level */
	{ "levels:1-20\nkind:", "levels:1-9\nkind:", NO_LEVEL("faction", 10) },
	{ "levels:1-20\nkind:", "levels:2-20\nkind:", NO_LEVEL("faction", 1) },
	{ "levels:1-20\nkind:", "kind:", NO_LEVEL("faction", 5) },
	{ "wait in a web\nlevels:1-20\n", "wait in a web\nlevels:1-19\n", NO_LEVEL("'vermin:' line", 20) },
	{ "wait in a web\nlevels:1-20\n", "wait in a web\n", NO_LEVEL("'vermin:' line", 5) },
};

START_TEST(test_incomplete)
{
	const struct incomplete *c = &incomplete[_i];
	const char *at = strstr(good, c->from);
	ck_assert_ptr_nonnull(at);
	size_t head = (size_t)(at - good);
	char text[sizeof good + 256];
	snprintf(text, sizeof text, "%.*s%s%s", (int)head, good, c->to, at + strlen(c->from));
	struct site_tables t;
	struct err e;
	int rc;
	load_text(&t, text, &rc, &e);
	ck_assert_msg(rc == 0, "case %d does not parse: %s", _i, e.msg);
	ck_assert_msg(site_tables_check(&t, &e) == -1, "case %d passed the check", _i);
	one_line(&e, c->from);
	ck_assert_msg(strcmp(e.msg, c->message) == 0, "case %d:\nsaid:     %s\nexpected: %s", _i, e.msg, c->message);
	site_tables_free(&t);
}
END_TEST

/* A faction or a kind is named by the file it is in, whichever: every
 * directive is known in every file, and the tables gather several. */
START_TEST(test_messages_name_the_file)
{
	struct site_tables t;
	struct err e = { ERR_NONE, "" };
	memset(&t, 0, sizeof t);
	const char *a = "faction:rats:any:tribe\ncalled:the rats\n";
	const char *b = "# mine\nkind:nest:any:lair\n\nfaction:rats:any:tribe\n";
	ck_assert_int_eq(site_tables_parse(&t, "my/kinds.site", a, strlen(a), &e), 0);
	ck_assert_int_eq(site_tables_parse(&t, "my/other.site", b, strlen(b), &e), -1);
	ck_assert_str_eq(e.msg, "my/other.site:4:9: faction 'rats' again (first at my/kinds.site:1)");
	ck_assert_int_eq(site_tables_check(&t, &e), -1);
	ck_assert_str_eq(e.msg, "my/kinds.site:1:1: faction 'rats' has no 'holds:' line " NEEDS);
	site_tables_free(&t);
	/* a faction does not run on into the next file */
	memset(&t, 0, sizeof t);
	const char *c = "want:cheese\n";
	ck_assert_int_eq(site_tables_parse(&t, "my/kinds.site", a, strlen(a), &e), 0);
	ck_assert_int_eq(site_tables_parse(&t, "my/more.site", c, strlen(c), &e), -1);
	ck_assert_str_eq(e.msg, "my/more.site:1:1: " FACTION_ONLY);
	site_tables_free(&t);
}
END_TEST

/* ---- through the program ---- */

static void sh(const char *cmd)
{
	ck_assert_msg(system(cmd) == 0, "setup failed: %s", cmd);
}

/* A user's template folder: DIR/tpl/site/NAME.site holding text, the rest
 * from the shipped templates; DIR/out.json a sentinel. mapsheet must exit
 * 2 with exactly "mapsheet: " + message (DIR put for {D}) and leave DIR as
 * it was. */
static void user_folder_refused(const char *name, const char *text, const char *message)
{
	const char *dir = BASE "/user";
	char path[256], want[1024], args[512];
	sh("rm -rf " BASE "/user && mkdir -p " BASE "/user/tpl/site && echo sentinel > " BASE "/user/out.json");
	snprintf(path, sizeof path, "%s/tpl/site/%s.site", dir, name);
	ck_assert_int_eq(test_write_file(path, text, strlen(text)), 0);
	const char *d = strstr(message, "{D}");
	if (d)
		snprintf(want, sizeof want, "mapsheet: %.*s%s%s\n", (int)(d - message), message, dir, d + 3);
	else
		snprintf(want, sizeof want, "mapsheet: %s\n", message);
	ck_assert_int_eq(setenv("MAPSHEET_TEMPLATES", BASE "/user/tpl", 1), 0);
	static const char *const outputs[] = { "out.json", "out.txt", "out.pdf", "out.md" };
	for (int i = 0; i < 4; i++) {
		char *before = test_snapshot(dir);
		snprintf(args, sizeof args, "--seed site -o %s/%s", dir, outputs[i]);
		struct test_limits lim = { 30, 0, NULL };
		int rc = test_run_limited(args, &lim, BASE "/stdout", BASE "/stderr");
		char *after = test_snapshot(dir);
		char *err = test_slurp(BASE "/stderr", NULL);
		size_t outlen = 1;
		char *out = test_slurp(BASE "/stdout", &outlen);
		ck_assert_ptr_nonnull(err);
		ck_assert_msg(rc == 2, "%s: exit %d: %s", args, rc, err);
		ck_assert_msg(strcmp(err, want) == 0, "%s:\nsaid:     %sexpected: %s", args, err, want);
		ck_assert_msg(out && outlen == 0, "%s wrote to stdout", args);
		ck_assert_msg(before && after && strcmp(before, after) == 0, "%s changed its folder:\n%s\n%s", args,
			      before, after);
		free(before);
		free(after);
		free(err);
		free(out);
	}
	unsetenv("MAPSHEET_TEMPLATES");
}

START_TEST(test_user_folder_bad_line)
{
	sh("mkdir -p " BASE);
	user_folder_refused("kinds", "# my kinds\nkind:nest:any:nest\nname:Nest\nseen:Rags.\n",
			    "{D}/tpl/site/kinds.site:2:15: unknown role 'nest' " KIND_ROLES);
	user_folder_refused("kinds", "kind:nest:any:lair\nname:Nest\nseen:Rags.\nfeature:bed:a bed\nfeature:well:a well\n",
			    "{D}/tpl/site/kinds.site:5:9: room kind 'nest' has the feature bed already (a kind has one "
			    "feature; more 'feature:' lines name it in other words, or with a condition for other facts)");
}
END_TEST

START_TEST(test_user_folder_incomplete)
{
	sh("mkdir -p " BASE);
	/* the user's kinds replace the shipped ones: these lack a guard room */
	user_folder_refused("kinds",
			    "kind:nest:any:lair\nname:Nest\nseen:Rags.\nkind:throne:any:leader\nname:Throne\nseen:A "
			    "chair.\nkind:cellar:any:none\nname:Cellar\nseen:Damp.\n",
			    "the site tables have no room kind in the guard role for the dungeon setting");
	user_folder_refused("factions", "faction:rats:any:tribe\ncalled:the rats\nholds:{faction} live here\n",
			    "{D}/tpl/site/factions.site:1:1: faction 'rats' has no 'leader:' line " NEEDS);
}
END_TEST

static Suite *site_tables_suite(void)
{
	Suite *s = suite_create("site_tables");
	TCase *tc = tcase_create("tables");
	tcase_add_test(tc, test_good_tables_pass);
	tcase_add_test(tc, test_feature_words);
	tcase_add_test(tc, test_shipped_tables_load);
	tcase_add_test(tc, test_fits_level);
	tcase_add_test(tc, test_shipped_tables_every_level);
	tcase_add_loop_test(tc, test_bad_line, 0, (int)(sizeof bad_lines / sizeof bad_lines[0]));
	tcase_add_loop_test(tc, test_incomplete, 0, (int)(sizeof incomplete / sizeof incomplete[0]));
	tcase_add_test(tc, test_messages_name_the_file);
	suite_add_tcase(s, tc);
	TCase *run = tcase_create("program");
	tcase_set_timeout(run, 120);
	tcase_add_test(run, test_user_folder_bad_line);
	tcase_add_test(run, test_user_folder_incomplete);
	suite_add_tcase(s, run);
	return s;
}

TEST_MAIN(site_tables_suite)
