/* check_key_truth.c: the key agrees with the map and with itself, read
 * as a game master reads it. Over 200 seeds of every method and 50
 * three-level booklets, stocked by the neutral system and by 5e, it reads
 * each entry's words (its title and paragraphs, as the text preview
 * prints them) and the map (features, doors and stairs drawn), and
 * counts: entries that promise what the map lacks (stairs, a well, rows
 * of pillars, a portcullis, a trap, water); hiding places in furniture
 * the room lacks; creatures out of place (by a habitat list of this
 * test's own, not the tables'); and features drawn but never named. Each
 * count must be 0. Its word lists are its own: it never reads the flags
 * the generator sets. */
#include "testutil.h"

#include "app/level_keys.h"
#include "base/article.h"
#include "base/sbuf.h"
#include "export/export.h"
#include "methods/levels.h"
#include "site/site.h"
#include "site/site_int.h"
#include "stock/stock_table.h"

#include <ctype.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 200
#define BOOKLETS 50

struct counts {
	long entries, contradictions, hiding, misplaced, unnamed;
	long too_big, empty_found, crowds, count_words, articles, unsuited;
	long patrols;
	long remains, unheld, crowded;
	long promises, people, dressing;
	long loose, belted;
	struct words {
		long doors_told, doors_which, program, possessive, legend, company;
	} w;
};

static struct site_tables site;
static struct stock_tables sys5e;

static void load(void)
{
	struct err e;
	ck_assert_msg(site_tables_load(&site, test_template_dirs(), &e) == 0, "%s", e.msg);
	stock_tables_init(&sys5e);
	ck_assert_msg(stock_tables_load(&sys5e, test_template_dirs(), "5e", &e) == 0, "%s", e.msg);
}

static void unload(void)
{
	site_tables_free(&site);
	stock_tables_free(&sys5e);
}

/* ---- reading an entry ---- */

/* The entry's words as one lowercase text: its title and paragraphs. */
static void entry_text(const struct key_entry *en, char *out, size_t size)
{
	size_t n = (size_t)snprintf(out, size, "%s.", en->title);
	for (int i = 0; i < en->nlines && n < size; i++)
		n += (size_t)snprintf(out + n, size - n, " %s", en->lines[i]);
	for (char *p = out; *p; p++)
		*p = (char)tolower((unsigned char)*p);
}

/* The paragraphs that start with label ("who:"), lowercase, joined. */
static void lines_with(const struct key_entry *en, const char *label, char *out, size_t size)
{
	size_t n = 0, ll = strlen(label);
	out[0] = '\0';
	for (int i = 0; i < en->nlines && n < size; i++)
		if (!strncasecmp(en->lines[i], label, ll))
			n += (size_t)snprintf(out + n, size - n, " %s", en->lines[i]);
	for (char *p = out; *p; p++)
		*p = (char)tolower((unsigned char)*p);
}

/* The last words found by says(), with a little of the text around them,
 * for the report. */
static char found[96];

static void note(const char *text, const char *at)
{
	const char *from = at - text > 40 ? at - 40 : text;
	snprintf(found, sizeof found, "...%.80s...", from);
}

/* The paragraphs that say where a key lies ("The brass key ..."), lowercase. */
static void key_lines(const struct key_entry *en, char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (int i = 0; i < en->nlines && n < size; i++)
		if (!strncmp(en->lines[i], "The ", 4) && strstr(en->lines[i], " key ") &&
		    strstr(en->lines[i], "it opens"))
			n += (size_t)snprintf(out + n, size - n, " %s", en->lines[i]);
	for (char *p = out; *p; p++)
		*p = (char)tolower((unsigned char)*p);
}

/* Whether any of the words (NULL-ended) is in text. */
static int says(const char *text, const char *const *words)
{
	for (; *words; words++) {
		const char *at = strstr(text, *words);
		if (at) {
			note(text, at);
			return 1;
		}
	}
	return 0;
}

/* Whether word stands in text as a whole word (letters either side end it). */
static int says_word(const char *text, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[len])) {
			note(text, p);
			return 1;
		}
	return 0;
}

/* ---- reading the map ---- */

struct room {
	int features[FEATURE_COUNT];
	int stairs;
	int doors[DOOR_KIND_COUNT];
	int building, cave;
};

static void read_room(const struct map *m, int id, struct room *r)
{
	memset(r, 0, sizeof *r);
	const struct rect *b = &m->regions[id].bounds;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++)
			if (map_at(m, x, y) == id && m->features && m->features[(long)y * m->w + x] < FEATURE_COUNT)
				r->features[m->features[(long)y * m->w + x]]++;
	for (int i = 0; i < m->nstairs; i++)
		r->stairs += map_at(m, m->stairs[i].x, m->stairs[i].y) == id;
	for (int i = 0; i < m->ndoors; i++) {
		int a, c;
		map_door_regions(m, &m->doors[i], &a, &c);
		if (a == id || c == id)
			r->doors[m->doors[i].kind]++;
	}
	const char *method = m->method ? m->method : "";
	r->building = !strcmp(method, "mansion") || !strcmp(method, "house");
	int caves = 0;
	for (int z = 0; z < m->nzones; z++)
		caves += strstr(m->zones[z].theme, "Cave") || strstr(m->zones[z].theme, "Mine") ||
			 strstr(m->zones[z].theme, "Grotto") || strstr(m->zones[z].theme, "Warren");
	r->cave = m->nzones > 0 && 2 * caves > m->nzones;
}

/* ---- the checks ---- */

static void report(const char *what, const char *where, const struct key_entry *en, const char *why)
{
	/* the first few of each, so a failure says where to look */
	static long said;
	if (said++ < (getenv("KEY_TRUTH_ALL") ? 1000000 : 40))
		fprintf(stderr, "%s: %s: room %d (%s): %s: %s\n", what, where, en->number, en->title, why, found);
}

/* What the entry promises that the map lacks. Returns the count. */
static int contradictions(const char *text, const char *title, const struct room *r, const struct key_entry *en,
			  const char *where)
{
	int n = 0;
	static const char *const stairs[] = { "steps curl", "steps worn", "on a step,", "on a step ", NULL };
	if (!r->stairs && (says_word(text, "stair") || says_word(text, "stairs") || says_word(text, "staircase") ||
			   says(text, stairs)))
		n++, report("no stairs drawn", where, en, "it speaks of a stair");
	static const char *const well[] = { "a well ", "a well.", "the well", "well shaft", "well room", "old well",
					    "echoing well", NULL };
	if (!r->features[FEATURE_WELL] && says(text, well))
		n++, report("no well drawn", where, en, "it speaks of a well");
	if (r->features[FEATURE_PILLAR] < 2 && (says_word(text, "pillars") || says_word(text, "columns")))
		n++, report("fewer than two pillars", where, en, "it speaks of pillars");
	if (r->features[FEATURE_STATUE] < 2 && says_word(text, "statues") && !strstr(text, "like statues"))
		n++, report("fewer than two statues", where, en, "it speaks of statues");
	if (!r->doors[DOOR_PORTCULLIS] && strstr(text, "portcullis"))
		n++, report("no portcullis", where, en, "it speaks of a portcullis");
	if (!r->doors[DOOR_SECRET] && strstr(text, "secret door"))
		n++, report("no secret door", where, en, "it speaks of a secret door");
	if (!r->doors[DOOR_PLAIN] && !r->doors[DOOR_LOCKED] && strstr(text, "one door here"))
		n++, report("no door", where, en, "it speaks of a door here");
	if (!r->doors[DOOR_LOCKED] && strstr(text, "beside the locked door"))
		n++, report("no locked door", where, en, "it speaks of the locked door");
	static const char *const water_names[] = { "pool", "fountain", "cistern", "pond", NULL };
	if (!r->features[FEATURE_WATER] && !r->features[FEATURE_WELL] && says(title, water_names))
		n++, report("no water drawn", where, en, "its name promises water");
	if (strstr(title, "trap")) {
		int trap = 0;
		for (int i = 0; i < en->nlines; i++)
			trap |= !strncmp(en->lines[i], "Trap", 4);
		if (!trap)
			n++, report("no trap", where, en, "its name promises a trap");
	}
	return n;
}

/* A hiding place named from furniture the room lacks. */
static int hiding(const char *treasure, const struct room *r, const struct key_entry *en, const char *where)
{
	static const struct {
		const char *word;
		enum feature needs;
	} furniture[] = {
		{ "mattress", FEATURE_BED },   { "crate", FEATURE_CRATE },   { "chimney", FEATURE_HEARTH },
		{ "rubble", FEATURE_RUBBLE },  { "cistern", FEATURE_WELL },  { "well shaft", FEATURE_WELL },
		{ "shelf", FEATURE_SHELF },    { "table top", FEATURE_TABLE }, { "coffin", FEATURE_COFFIN },
		{ "altar", FEATURE_ALTAR },    { "hollow statue", FEATURE_STATUE }, { "throne", FEATURE_THRONE },
		{ "cage", FEATURE_CAGE },      { "inside the pit", FEATURE_PIT }, { "hearth", FEATURE_HEARTH },
		{ "hand of a statue", FEATURE_STATUE }, { "table", FEATURE_TABLE },
	};
	int n = 0;
	for (size_t i = 0; i < sizeof furniture / sizeof furniture[0]; i++)
		if (strstr(treasure, furniture[i].word) && !r->features[furniture[i].needs])
			n++, report("hidden in missing furniture", where, en, furniture[i].word);
	/* the floor: boards in a building, flagstones in a dungeon, earth in a cave */
	static const char *const earth[] = { "earth freshly turned", "earth floor", "buried in the floor",
					     "among the straw", "bones of the last meal", NULL };
	if (r->building && says(treasure, earth))
		n++, report("no earth floor", where, en, "a hiding place in a building's board floor");
	if (r->building && strstr(treasure, "flagstone"))
		n++, report("no flagstones", where, en, "a flagstone in a building");
	if (!r->building && strstr(treasure, "floorboard"))
		n++, report("no floorboards", where, en, "a floorboard underground");
	return n;
}

/* The creatures of this test's habitat list: a word of the "Who:" line,
 * and the words of a room's name it may be met in (NULL: anywhere), or a
 * cave, or water drawn. */
static const struct habitat {
	const char *creature;
	const char *const *rooms;
	int cave, water;
} habitats[] = {
	/* an otyugh in the filth of middens and sewers: wet rooms too */
	{ "otyugh", (const char *const[]){ "cistern", "pit", "bone", "rubble", "collapsed", "fallen", "chamber",
					   "midden", "sewer", "chasm", "cave", "hollow", "flooded", "drain", NULL }, 1, 1 },
	{ "swarms of bats", (const char *const[]){ "roost", "nest", "cave", "chasm", "shaft", "stair", "landing",
						   "well", "collapsed", "rubble", "pit", "fallen", "broken",
						   "cave-in", "drop", "sinkhole", NULL }, 1, 0 },
	{ "giant bat", (const char *const[]){ "roost", "nest", NULL }, 1, 0 },
	{ "giant frog", NULL, 0, 1 },
	{ "hydra", NULL, 0, 1 },
};

static const char *const undead[] = { "skeleton", "zombie", "ghoul", "ghast", "wight", "wraith", "specter",
				      "ghost", "mumm", "vampire", "lich", NULL };
static const char *const living_acts[] = { " eat ", " eats", " eating", " asleep", " sleeping", " doze", " cook",
					   " snore", " meal", " drinking", NULL };
static const char *const beasts[] = { "rat", "bat", "wolf", "spider", "centipede", "beetle", "frog", "lizard",
				      "hyena", "mastiff", "dog", "scorpion", "stirge", "owl", "cat", "swarm",
				      "boar", "bear", "hound", "worg", "drake", NULL };
static const char *const mindless[] = { "rats", "bats", "cats", "spiders", "centipedes", "beetles", "stirges",
					"oozes", "cube", "pudding", "otyugh", "swarm", "skeleton", "zombie", NULL };
static const char *const disused[] = { "hidden under sheets", "never served", "never came", "hard as stone",
				       "slippers wait", "has gone green", NULL };

static int misplaced(const char *text, const char *title, const char *who, const struct room *r,
		     const struct key_entry *en, const char *where)
{
	if (!who[0])
		return 0;
	int n = 0;
	for (size_t i = 0; i < sizeof habitats / sizeof habitats[0]; i++) {
		const struct habitat *h = &habitats[i];
		if (!strstr(who, h->creature))
			continue;
		int home = (h->cave && r->cave) || (h->water && r->features[FEATURE_WATER]);
		if (h->rooms && says(title, h->rooms))
			home = 1;
		if (!home)
			n++, report("out of its habitat", where, en, h->creature);
	}
	for (int i = 0; i < en->nlines; i++) {
		char line[1024];
		snprintf(line, sizeof line, "%s", en->lines[i]);
		for (char *p = line; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (!strncmp(line, "who:", 4) && says(line, undead) && says(line, living_acts))
			n++, report("the dead eat or sleep", where, en, line);
	}
	if (says(who, undead) && (strstr(text, "still warm") || strstr(text, "sweat and smoke") ||
				  strstr(text, "droppings") || strstr(text, "stink of beasts")))
		n++, report("the dead in a den of the living", where, en, title);
	/* a room named for its beasts (its name's last word), not one leading to them */
	const char *last = strrchr(title, ' ') ? strrchr(title, ' ') + 1 : title;
	static const char *const beast_rooms[] = { "roost", "nest", "kennels", "pens", NULL };
	if (!strstr(title, " to ") && (says(last, beast_rooms) || strstr(title, "dog pit")) && !says(who, beasts))
		n++, report("no beast in a beasts' room", where, en, who);
	if (strstr(text, "ceiling is alive") && !says(who, beasts))
		n++, report("no beast under a ceiling of beasts", where, en, who);
	if (says(text, disused))
		n++, report("occupied, yet said to be disused", where, en, who);
	if (says(who, mindless) && (strstr(text, "failed to open") || strstr(text, "tried and failed")))
		n++, report("a mindless thing tried a lock", where, en, who);
	return n;
}

/* Words for each feature a GM would read as naming it. */
static const char *const *feature_words(enum feature f)
{
	static const char *const pillar[] = { "pillar", "column", "stalk", "taproot", "pier", NULL };
	static const char *const water[] = { "water", "pool", "pond", "bath", "brine", "basin", "font", "flood",
					     "stream", "lake", NULL };
	static const char *const rubble[] = { "rubble", "fallen", "stone", "rock", "debris", "heap", NULL };
	static const char *const statue[] = { "statue", "mourner", "effig", "idol", "bust", "stag", "figure",
					      "guardian", "knight", NULL };
	static const char *const pit[] = { "pit", "drop", "hole", "shaft", "chasm", "crack", "gap", NULL };
	static const char *const altar[] = { "altar", "slab", "shrine", "table", NULL };
	static const char *const coffin[] = { "coffin", "sarcophag", "niche", "bier", "tomb", NULL };
	static const char *const bed[] = { "bed", "bunk", "cot", "pallet", "furs", "straw", "nest", "mattress", NULL };
	static const char *const crate[] = { "crate", "barrel", "sack", "chest", "cask", "trunk", "bottle", "box", NULL };
	static const char *const shelf[] = { "shel", "rack", "book", "case", NULL };
	static const char *const table[] = { "table", "bench", "desk", "counter", "slab", "board", "rack", NULL };
	static const char *const throne[] = { "throne", "seat", "chair", NULL };
	static const char *const hearth[] = { "hearth", "fire", "forge", "furnace", "stove", "range", "grate",
					      "oven", NULL };
	static const char *const cage[] = { "cage", "cell", "pen", "bars", "grille", NULL };
	static const char *const well[] = { "well", "pump", "sink", NULL };
	static const char *const *const words[FEATURE_COUNT] = { NULL,   pillar, water,  rubble, statue, pit,
								 altar,  coffin, bed,    crate,  shelf,  table,
								 throne, hearth, cage,   well };
	return (unsigned)f < FEATURE_COUNT ? words[f] : NULL;
}

static int unnamed(const char *text, const struct room *r, const struct key_entry *en, const char *where)
{
	int n = 0;
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
		if (r->features[f] && !says(text, feature_words((enum feature)f)))
			n++, report("drawn, not named", where, en, feature_name((enum feature)f));
	return n;
}


/* ---- what jars when read aloud ---- */

/* A treasure carried on a body (a purse, a belt, a lining) that holds
 * what no purse or belt can: this test's own list of big things. */
static int too_big(const char *treasure, const struct key_entry *en, const char *where)
{
	static const char *const carried[] = { "in a purse on the belt", "sewn into the belts", "jailers' belts",
					       "on the body of the last", NULL };
	static const char *const big[] = { "tapestry", "sword", "boots", "shield", "helm", "cloak", "lantern",
					   "rope", " chest", "coffer", "sack", "strongbox", "staff", "robe", "carpet",
					   "longbow", "battleaxe", "painting", "chalice", "crown", "astrolabe",
					   "holy book", "music box", "iron box", "clay pot", " jar ", "rod of",
					   "immovable rod", "scabbard", "decanter", "gold bar", NULL };
	if (!says(treasure, carried) || !says(treasure, big))
		return 0;
	report("too big for a purse or a belt", where, en, "carried");
	return 1;
}

/* A belt or a purse worn by whoever is there (a treasure's or a key's
 * holder) in a room
 * whose every occupant wears and carries nothing: dragons, demons in their
 * own hides, spirits (this test's own list, from the SRD's descriptions). */
static int belted(const char *treasure, const struct key_entry *en, const char *where)
{
	/* a holder worn by someone there, not a purse lying among the loot */
	static const char *const holders[] = { "on the belt of", "from the belt of", "into the belts", "' belts",
					       "and linings of", NULL };
	static const char *const bare[] = { "dragon", "wyrmling", "aboleth", "cloaker", "ghost", "specter", "wraith",
					    "guardian naga", "hezrou", "vrock", "glabrezu", "nalfeshnee", "marilith",
					    "balor", "pit fiend", "imp", "invisible stalker", "xorn", "worg",
					    "bone devil", "ice devil", "horned devil", "barbed devil", "chain devil", NULL };
	if (en->noccupants == 0 || !says(treasure, holders))
		return 0;
	for (int i = 0; i < en->noccupants; i++) {
		int is_bare = 0;
		for (int b = 0; bare[b]; b++)
			is_bare |= strstr(en->occupants[i].creature, bare[b]) != NULL &&
				   strstr(en->occupants[i].creature, "half-red") == NULL;
		if (!is_bare)
			return 0;
	}
	report("a belt or a purse on those who wear nothing", where, en, "bare");
	return 1;
}

/* Coin by the thousand (1,000 gold pieces or more, the first sum the
 * treasure names) in a place no one would leave it: a corner, a sack, a
 * purse, a crack, a drawer (this test's own list of loose places). */
static int loose(const char *treasure, const struct key_entry *en, const char *where)
{
	static const char *const places[] = { "scattered in the filth", "in an iron pot", "in a sack",
					      "sewn into", "in a purse", "among the bones", "wrapped in rags",
					      "crack in the wall", "crack high in the wall", "jailers' belts",
					      "in a leather bag", "among the tools", "small stone coffer",
					      "wrapped in oilcloth", "on the body of", "in plain sight",
					      "mattress", "row of jars", "drawer hidden", "rotten beam",
					      "wall cupboard", NULL };
	const char *gold = strstr(treasure, " gold pieces");
	if (!gold || !says(treasure, places))
		return 0;
	const char *p = gold;
	while (p > treasure && (isdigit((unsigned char)p[-1]) || p[-1] == ','))
		p--;
	long coin = 0;
	for (; p < gold; p++)
		if (isdigit((unsigned char)*p))
			coin = coin * 10 + (*p - '0');
	if (coin < 1000)
		return 0;
	report("coin by the thousand in a loose place", where, en, "a loose place");
	return 1;
}

/* "Empty." in an entry that names something found or met there. */
static int empty_found(const struct key_entry *en, const char *where)
{
	static const char *const labels[] = { "Worth taking:", "Clue:", "Traces:", "Treasure:", "Trap", "Special:",
					      "Who:", "Remains:", "Found here:", NULL };
	int empty = 0, finds = 0;
	for (int i = 0; i < en->nlines; i++) {
		empty |= !strcmp(en->lines[i], "Empty.");
		for (const char *const *l = labels; *l; l++)
			finds |= !strncmp(en->lines[i], *l, strlen(*l));
	}
	if (empty && finds) {
		snprintf(found, sizeof found, "%s", "Empty. and a find");
		report("empty after a find", where, en, "it says Empty.");
	}
	return empty && finds;
}

/* The count said before a word at p in text: a digit or a number word, or 0. */
static int count_before(const char *text, const char *p)
{
	static const char *const words[] = { "one", "two", "three", "four", "five", "six", "seven", "eight",
					     "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
					     "sixteen", "seventeen", "eighteen", "nineteen", "twenty", NULL };
	const char *end = p;
	while (end > text && end[-1] == ' ')
		end--;
	if (end > text && end[-1] == 'x' && end - 1 > text && end[-2] == ' ')   /* "7 x " is written "7 × " */
		end -= 2;
	while (end > text && (end[-1] == ' ' || (unsigned char)end[-1] >= 0x80))   /* the × */
		end--;
	const char *start = end;
	while (start > text && isalnum((unsigned char)start[-1]))
		start--;
	if (start == end)
		return 0;
	if (isdigit((unsigned char)*start))
		return atoi(start);
	for (int i = 0; words[i]; i++)
		if ((size_t)(end - start) == strlen(words[i]) && !strncmp(start, words[i], (size_t)(end - start)))
			return i + 1;
	return 0;
}

/* Creatures met alone or in pairs (this test's own list) said in threes
 * or more: text is lowercase. */
static int crowds(const char *text, const char *what, const char *where, const struct key_entry *en)
{
	static const char *const solitary[] = { "gelatinous cube", "black pudding", "otyugh", "hydra", "purple worm",
						"behir", "remorhaz", "roper", "mimic", NULL };
	int n = 0;
	for (int i = 0; solitary[i]; i++)
		for (const char *p = strstr(text, solitary[i]); p; p = strstr(p + 1, solitary[i]))
			if ((p == text || !isalpha((unsigned char)p[-1])) && count_before(text, p) >= 3) {
				note(text, p);
				report("a solitary creature in a crowd", where, en, what);
				n++;
			}
	return n;
}

/* A count of a drawn feature said in words ("a pair of gate pillars",
 * "two thick pillars") that is not the count drawn. */
static int count_words(const char *text, const struct room *r, const struct key_entry *en, const char *where)
{
	static const char *const pair[] = { "a pair of", "two " , NULL };
	static const struct {
		const char *word;
		enum feature f;
	} counted[] = { { "pillars", FEATURE_PILLAR }, { "statues", FEATURE_STATUE } };
	int n = 0;
	for (size_t k = 0; k < sizeof counted / sizeof counted[0]; k++)
		for (int i = 0; pair[i]; i++)
			for (const char *p = strstr(text, pair[i]); p; p = strstr(p + 1, pair[i])) {
				const char *w = strstr(p, counted[k].word);
				/* the count's noun within a few words: "a pair of squat gate pillars" */
				if (!w || w - p > 32 || memchr(p, '.', (size_t)(w - p)) || memchr(p, ',', (size_t)(w - p)))
					continue;
				char between[40];
				snprintf(between, sizeof between, "%.*s", (int)(w - p), p);
				/* "two golems stand like statues", "two gorgons stand among the statues" */
				if (strstr(between, " like ") || strstr(between, " as ") || strstr(between, " the ") ||
				    strstr(between, " among "))
					continue;
				if (r->features[counted[k].f] != 2) {
					note(text, p);
					report("a count that is not the one drawn", where, en, counted[k].word);
					n++;
				}
			}
	return n;
}

/* "a" before a vowel sound or "an" before a consonant, by this test's own
 * few exceptions; text is lowercase. */
static int articles(const char *text, const char *what, const char *where, const struct key_entry *en)
{
	static const char *const sounded[] = { "uni", "use", "usu", "eu", "ewe", "one", "once", "ure", "uti", NULL };
	static const char *const silent[] = { "hour", "honest", "honour", "heir", NULL };
	int n = 0;
	for (const char *p = text; (p = strstr(p, " a")) != NULL; p++) {
		int an = p[2] == 'n' && p[3] == ' ';
		if (!(p[2] == ' ' || an))
			continue;
		const char *w = p + (an ? 4 : 3);
		if (!isalpha((unsigned char)*w))
			continue;
		int vowel = strchr("aeiou", *w) != NULL, except = 0;
		for (int i = 0; sounded[i]; i++)
			except |= vowel && !strncmp(w, sounded[i], strlen(sounded[i]));
		for (int i = 0; silent[i]; i++)
			except |= !vowel && !strncmp(w, silent[i], strlen(silent[i]));
		if (vowel != except ? !an : an) {
			note(text, p);
			report("a/an", where, en, what);
			n++;
		}
	}
	return n;
}

/* What a group does that its room does not allow (this test's own words):
 * sleeping in beds in a kitchen or dining room, sewing or copying in a
 * kitchen, a meal at table in a study, a bedroom or a chapel. */
static int unsuited(const char *who, const char *title, const struct key_entry *en, const char *where)
{
	static const char *const kitchen[] = { "kitchen", "scullery", "mess", NULL };
	static const char *const desk_work[] = { " sew ", " copy ", "forge letters", "draft contracts", NULL };
	static const char *const beds[] = { "sleep in borrowed beds", "narrow beds", "narrow cots", "hard cots",
					    "curtained beds", NULL };
	static const char *const eating_rooms[] = { "kitchen", "dining", "mess", "scullery", NULL };
	int n = 0;
	if (says(title, kitchen) && says(who, desk_work))
		n++, report("desk work in a kitchen", where, en, who);
	if (says(title, eating_rooms) && says(who, beds))
		n++, report("beds in a room for eating", where, en, who);
	static const char *const meals[] = { "eat their supper", "ration of black bread", "laid for a feast",
					     "servants' table", NULL };
	static const char *const no_meals[] = { "study", "library", "bedroom", "chapel", "guest room", NULL };
	if (says(title, no_meals) && says(who, meals))
		n++, report("a meal at table in a study, a bedroom or a chapel", where, en, who);
	return n;
}

/* A "Remains:" line that sets out a room for show or for work (this
 * test's own words) in a room whose name says it is for something else:
 * hunting trophies in a linen closet, a party's glasses in a storeroom,
 * an alchemist's bench in a chapel. */
static int remains(const struct key_entry *en, const char *title, const char *where)
{
	static const char *const on_show[] = { "trophies fill", "glasses still on the tables", "chandelier lies smashed",
					       "family hang here", "paintings line", "prizes taken at sea fill",
					       "ledger lies open", "beds stand in a row", "alembics", NULL };
	static const char *const back_rooms[] = { "closet", "pantry", "larder", "scullery", "store", "cellar", "niche",
						  "kitchen", "cistern", "cell", "attic", "privy", "passage", NULL };
	static const char *const work[] = { "alembics", "scorched bench", NULL };
	static const char *const worship[] = { "chapel", "shrine", "nave", "temple", "oracle", "choir", "circle",
					       "altar", NULL };
	char line[1024];
	lines_with(en, "remains:", line, sizeof line);
	if (!line[0])
		return 0;
	if (says(line, on_show) && says(title, back_rooms)) {
		report("remains for show in a back room", where, en, line);
		return 1;
	}
	if (says(line, work) && says(title, worship)) {
		report("a workshop's remains in a place of worship", where, en, line);
		return 1;
	}
	return 0;
}

/* A find ("Worth taking:", "Found here:") that names a thing of the map
 * the room does not draw: the sword for a statue's empty hand where no
 * statue stands (this test's own words). */
static int unheld(const struct key_entry *en, const struct room *r, const char *where)
{
	static const struct {
		const char *word;
		enum feature needs;
	} things[] = {
		{ "statue", FEATURE_STATUE }, { "altar", FEATURE_ALTAR },   { "throne", FEATURE_THRONE },
		{ "well's", FEATURE_WELL },   { "the well", FEATURE_WELL }, { "of the pool", FEATURE_WATER },
		{ "the basin", FEATURE_WATER }, { "pillar", FEATURE_PILLAR }, { "the shelf", FEATURE_SHELF },
		{ "hearth", FEATURE_HEARTH }, { "coffin", FEATURE_COFFIN }, { "sarcophag", FEATURE_COFFIN },
	};
	char line[2048];
	size_t n;
	lines_with(en, "worth taking:", line, sizeof line);
	n = strlen(line);
	lines_with(en, "found here:", line + n, sizeof line - n);
	int bad = 0;
	for (size_t i = 0; i < sizeof things / sizeof things[0]; i++)
		if (!r->features[things[i].needs] && strstr(line, things[i].word)) {
			snprintf(found, sizeof found, "%s", things[i].word);
			report("a find in a thing not drawn", where, en, line);
			bad++;
		}
	return bad;
}

/* More creatures in a room than its floor holds: one to 25 square feet
 * (a 5 ft square), four squares for a large one or bigger (this test's own
 * list, from the SRD's sizes: a basilisk and a flesh golem are medium). */
static int crowded(const struct key_entry *en, const struct map *m, const char *where)
{
	static const char *const large[] = { "ogre", "troll", "hill giant", "stone giant", "frost giant",
					     "fire giant", "cloud giant", "storm giant", "otyugh", "gelatinous cube", "black pudding",
					     "hydra", "owlbear", "bulette", "purple worm", "behir", "remorhaz", "roper",
					     "minotaur", "ettin", "wyvern", "chuul", "hook horror", "umber hulk",
					     "horse", "brown bear", "polar bear", "elephant", "mammoth", "young ",
					     "manticore", "chimera", "griffon", "hippogriff", "ankheg",
					     "giant spider", "giant crocodile", "water elemental", "earth elemental",
					     "fire elemental", "air elemental", "shambling mound", "treant", "stone golem",
					     "clay golem", "iron golem",
					     NULL };
	int squares = 0, creatures = 0;
	for (int i = 0; i < en->noccupants; i++) {
		const struct key_occupant *o = &en->occupants[i];
		squares += o->count * (says(o->creature, large) ? 4 : 1);
		creatures += o->count;
	}
	long floor = (long)m->regions[en->region].area * m->square_feet * m->square_feet / 25;
	if (creatures <= 1 || squares <= floor)
		return 0;
	snprintf(found, sizeof found, "%d creatures needing %d squares of 5 ft in %ld", creatures, squares, floor);
	report("more creatures than the floor holds", where, en, "its groups");
	return 1;
}

/* The most a count said before text[at] may be: "1d4+2 " 6, "seven " 7,
 * "7 " 7, walking back over up to three words ("seven giant rats"); 0 if
 * none is said. */
static int most_before(const char *text, const char *at)
{
	const char *p = at;
	for (int words = 0; words < 4 && p > text; words++) {
		while (p > text && p[-1] == ' ')
			p--;
		const char *end = p;
		while (p > text && p[-1] != ' ')
			p--;
		int n, sides, plus = 0;
		char tail;
		if (sscanf(p, "%dd%d%c", &n, &sides, &tail) >= 2 && end - p >= 3) {
			sscanf(p, "%*dd%*d+%d", &plus);
			return n * sides + plus;
		}
		int c = count_before(text, end);
		if (c > 0 && (p == end || isalnum((unsigned char)end[-1])))
			return c;
	}
	return 0;
}

/* Whether "a" or "an" comes within three words before text[at] ("a
 * vampire spawn": one of a creature whose plural is its singular). */
static int one_before(const char *text, const char *at)
{
	const char *p = at;
	for (int words = 0; words < 3 && p > text; words++) {
		while (p > text && p[-1] == ' ')
			p--;
		const char *end = p;
		while (p > text && p[-1] != ' ')
			p--;
		if ((end - p == 1 && *p == 'a') || (end - p == 2 && !strncmp(p, "an", 2)))
			return 1;
	}
	return 0;
}

/* How many of plural (lowercase) room `number`'s Who lines hold: the
 * counts said before it, or one where only the singular is said. */
static int room_holds(const struct level *lv, int number, const char *plural)
{
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		if (en->number != number || en->region <= 0)
			continue;
		char who[4096], one[48];
		lines_with(en, "who:", who, sizeof who);
		int held = 0;
		for (const char *p = strstr(who, plural); p; p = strstr(p + 1, plural))
			if (p > who && p[-1] == ' ' && !isalpha((unsigned char)p[strlen(plural)]))
				held += most_before(who, p) ? most_before(who, p) : one_before(who, p);
		snprintf(one, sizeof one, "%s", plural);
		size_t len = strlen(one);
		if (!held && len > 3 && !strcmp(one + len - 3, "ies")) {
			strcpy(one + len - 3, "y");   /* one: "a spy" */
			held = strstr(who, one) != NULL;
		} else if (!held && len > 0 && one[len - 1] == 's') {
			one[len - 1] = '\0';   /* one: "a cultist" */
			held = strstr(who, one) != NULL;
		}
		return held;
	}
	return 0;
}

/* Wandering rows that bring "N creatures from room R" (or "from rooms R,
 * S and T"; not "from room R and the halls around it") where those rooms'
 * Who lines hold fewer of them than the row may roll. */
static int patrols(const char *row, const struct level *lv, const char *where)
{
	const char *at = strstr(row, " from room");
	if (!at || !lv->key.n || strstr(row, " and the halls around it") ||
	    (at[10] != ' ' && strncmp(at + 10, "s ", 2) != 0))
		return 0;
	const char *start = at;
	while (start > row && start[-1] != ' ')
		start--;
	char plural[48];
	snprintf(plural, sizeof plural, "%.*s", (int)(at - start), start);
	int most = most_before(row, start), held = 0;
	for (const char *p = at + 10 + (at[10] == 's');
	     *p == ' ' || *p == ',' || isdigit((unsigned char)*p) || !strncmp(p, "and ", 4);) {
		if (isdigit((unsigned char)*p)) {
			held += room_holds(lv, atoi(p), plural);
			while (isdigit((unsigned char)*p))
				p++;
		} else {
			p += strncmp(p, "and ", 4) ? 1 : 4;
		}
	}
	if (most > held) {
		note(row, at);
		report("a patrol bigger than its rooms", where, &lv->key.entries[0], row);
		return 1;
	}
	return 0;
}

/* ---- the key's words (doors, program words, possessives, the legend) ---- */

/* The doors of kind on region id's wall `side`, from the map. */
static int doors_on_wall(const struct map *m, int id, enum side side, enum door_kind kind)
{
	int n = 0;
	for (int d = 0; d < m->ndoors; d++) {
		const struct door *dr = &m->doors[d];
		if (dr->kind != kind)
			continue;
		int nx = dr->x + side_dx[dr->side], ny = dr->y + side_dy[dr->side];
		n += (map_at(m, dr->x, dr->y) == id && dr->side == side) ||
		     (map_in(m, nx, ny) && map_at(m, nx, ny) == id && side_opposite(dr->side) == side);
	}
	return n;
}

/* A door described two ways in one entry: lines that speak of its locked
 * or secret door (by its wall, or "here") name two different materials
 * (this test's own list). */
static int doors_told(const struct key_entry *en, const char *where)
{
	static const char *const materials[] = { "stone", "iron", "oak", "wood", "bronze", "brass", "steel",
						 "swollen", NULL };
	static const char *const walls[] = { "north", "east", "south", "west", "here" };
	int said[5] = { 0 };   /* per wall, a bit per material */
	for (int i = 0; i < en->nlines; i++) {
		char line[1024];
		snprintf(line, sizeof line, "%s", en->lines[i]);
		for (char *p = line; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (!strstr(line, "locked door") && !strstr(line, "secret door"))
			continue;
		for (int w = 0; w < 5; w++) {
			char at[32];
			snprintf(at, sizeof at, w < 4 ? "%s wall" : "door %s", walls[w]);
			if (!strstr(line, at))
				continue;
			for (int k = 0; materials[k]; k++)
				if (says_word(line, materials[k]) || strstr(line, materials[k]))
					said[w] |= 1 << k;
		}
	}
	for (int w = 0; w < 4; w++) {
		int all = said[w] | said[4];
		if (all & (all - 1)) {
			snprintf(found, sizeof found, "the %s wall's door: two materials", walls[w]);
			report("a door described two ways", where, en, "its lines");
			return 1;
		}
	}
	return 0;
}

/* A rule line ("The secret door in the south wall: ...") for a wall that
 * has two or more doors of that kind, without saying which. */
static int doors_which(const struct key_entry *en, const struct map *m, const char *where)
{
	static const struct {
		const char *words;
		enum door_kind kind;
	} kinds[] = { { "locked door", DOOR_LOCKED }, { "secret door", DOOR_SECRET } };
	int bad = 0;
	for (int i = 0; i < en->nlines; i++)
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			for (int side = 0; side < SIDE_COUNT; side++) {
				char start[64];
				snprintf(start, sizeof start, "The %s in the %s wall", kinds[k].words,
					 side_name((enum side)side));
				if (strncmp(en->lines[i], start, strlen(start)) != 0 ||
				    doors_on_wall(m, en->region, (enum side)side, kinds[k].kind) < 2)
					continue;
				snprintf(found, sizeof found, "%s", start);
				report("a rule line for one of two doors that does not say which", where, en,
				       en->lines[i]);
				bad++;
			}
	return bad;
}

/* The program's own words where a GM reads: squares and columns in an
 * entry, "Coming:"/"Stand:" in the alarm, parts of the cast that say
 * nothing in the roster. */
static int program_words(const struct key *k, const char *where)
{
	static const char *const entry_words[] = { "square", "at column", "at row", NULL };
	static const char *const roster_words[] = { "Coming:", "Stand:", "(rank and file)", "(outsider)", "(member)",
						    "(beast)", "(specialist)", NULL };
	int bad = 0;
	for (int i = 0; i < k->n; i++) {
		const struct key_entry *en = &k->entries[i];
		if (says(en->size, entry_words)) {
			report("program words", where, en, en->size);
			bad++;
		}
		for (int j = 0; j < en->nlines; j++)
			if (!strncmp(en->lines[j], "The way in:", 11) && says(en->lines[j], entry_words)) {
				report("program words", where, en, en->lines[j]);
				bad++;
			}
	}
	for (int i = 0; i < k->nadversaries; i++)
		if (says(k->adversaries[i], roster_words) && k->n > 0) {
			report("program words", where, &k->entries[0], "the roster or the alarm");
			bad++;
		}
	return bad;
}

/* A possessive a careful writer avoids: "'s" after a name that ends in s
 * ("the Lady of Tigers's", "Two-Axes's"), or after a title's or an
 * epithet's last word ("the Sage of Nine Keys's", "Yipsha the Gaunt's"). */
static int awkward_possessive(const char *text)
{
	for (const char *p = strstr(text, "'s"); p; p = strstr(p + 2, "'s")) {
		if (isalpha((unsigned char)p[2]))
			continue;
		const char *w = p;   /* the word before: text[w, p) */
		while (w > text && (isalpha((unsigned char)w[-1]) || w[-1] == '-'))
			w--;
		if (w == p || !isupper((unsigned char)*w))
			continue;   /* a common noun: "the governess's" */
		/* the words before it back to the name's start: capitalised words,
		 * and "of"/"the" between them, never one that starts a sentence */
		const char *name = w;
		for (;;) {
			if (name < text + 2 || name[-1] != ' ')
				break;
			const char *v = name - 1;
			while (v > text && (isalpha((unsigned char)v[-1]) || v[-1] == '-'))
				v--;
			int start = v == text || (v >= text + 2 && v[-1] == ' ' && strchr(".:;(", v[-2]));
			int joint = !strncmp(v, "of ", 3) || !strncmp(v, "the ", 4);
			if (start || (!joint && !isupper((unsigned char)*v)))
				break;
			if (joint) {   /* "of" or "the" only between two words of the name */
				const char *u = v - 1;
				if (u <= text || *u != ' ')
					break;
				const char *t = u;
				while (t > text && (isalpha((unsigned char)t[-1]) || t[-1] == '-'))
					t--;
				int ustart = t == text || (t >= text + 2 && t[-1] == ' ' && strchr(".:;(", t[-2]));
				if (ustart || !isupper((unsigned char)*t))
					break;
			}
			name = v;
		}
		int of = 0;
		for (const char *q = name; q < w; q++)
			of |= !strncmp(q, " of ", 4) || !strncmp(q, " the ", 5) || !strncmp(q, "of ", 3);
		/* a proper name ending in s (not "The Actress's House", a common noun) */
		int ends_s = p[-1] == 's' && name < w;
		if (of || ends_s) {
			note(text, name);
			return 1;
		}
	}
	return 0;
}

static int possessives(const struct key *k, const char *where)
{
	int bad = 0;
	for (int i = 0; i < k->n; i++)
		for (int j = 0; j < k->entries[i].nlines; j++)
			if (awkward_possessive(k->entries[i].lines[j])) {
				report("an awkward possessive", where, &k->entries[i], k->entries[i].lines[j]);
				bad++;
			}
	for (int i = 0; i < k->nadversaries && k->n > 0; i++)
		if (awkward_possessive(k->adversaries[i])) {
			report("an awkward possessive", where, &k->entries[0], k->adversaries[i]);
			bad++;
		}
	return bad;
}

/* The text map's legend against its drawing, at 80 columns: each symbol
 * drawn is in the legend, and the legend names no symbol not drawn. */
static int legend(const struct map *m, const char *where)
{
	char *draw = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&draw, &len);
	ck_assert_ptr_nonnull(f);
	struct err e;
	struct sbuf leg;
	sbuf_init(&leg);
	ck_assert_msg(export_txt_map(f, m, 80, &e) >= 0, "%s", e.msg);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(export_txt_legend(m, 80, &leg, &e) == 0, "%s", e.msg);
	const char *text = leg.len ? sbuf_cstr(&leg) : "";
	char symbols[32] = "DLS#E><";
	size_t ns = strlen(symbols);
	for (int f2 = FEATURE_NONE + 1; f2 < FEATURE_COUNT; f2++)
		symbols[ns++] = export_txt_feature_char((enum feature)f2);
	symbols[ns] = '\0';
	int bad = 0;
	for (size_t i = 0; i < ns; i++) {
		int drawn = memchr(draw, symbols[i], len) != NULL, listed = 0;
		/* listed as "C name" at an item's start: the text's, or after ", ", ": " or ". " */
		for (const char *q = strchr(text, symbols[i]); q && !listed; q = strchr(q + 1, symbols[i]))
			listed = q[1] == ' ' && (q == text || (q >= text + 2 && q[-1] == ' ' &&
							       (q[-2] == ',' || q[-2] == ':' || q[-2] == '.')));
		if (drawn != listed) {
			fprintf(stderr, "legend: %s: '%c' %s: %s\n", where, symbols[i],
				drawn ? "drawn but not in the legend" : "in the legend but not drawn", text);
			bad++;
		}
	}
	sbuf_free(&leg);
	free(draw);
	return bad;
}

/* A "Who:" line that gives a mindless creature orders, talk or books, or
 * the dead a share of the food (this test's own words). */
static int company(const struct key_entry *en, const char *where)
{
	static const char *const talk[] = { "orders", "barks a word", "bark a word", "says little", "say little",
					    "the talk stops when", "mutter", "answers to the leader",
					    "answer to the leader", "the credit", "the last word", "stiffen them",
					    "counts them off", "count the others off", "cuffs", "cuff the", "curses",
					    "saying nothing", "takes the charge", "take the charge", NULL };
	static const char *const food[] = { "first share", "gnaw", NULL };
	int bad = 0;
	for (int i = 0; i < en->nlines; i++) {
		char line[1024];
		snprintf(line, sizeof line, "%s", en->lines[i]);
		for (char *p = line; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (strncmp(line, "who:", 4) != 0)
			continue;
		if ((says(line, mindless) && says(line, talk)) || (says(line, undead) && says(line, food))) {
			report("a mindless creature that talks, or the dead that eat", where, en, line);
			bad++;
		}
	}
	return bad;
}

static void check_words(const struct level *lv, const char *where, struct words *w)
{
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		if (en->region <= 0 || en->region > lv->map.nregions)
			continue;
		w->doors_told += doors_told(en, where);
		w->doors_which += doors_which(en, &lv->map, where);
		w->company += company(en, where);
	}
	w->program += program_words(&lv->key, where);
	w->possessive += possessives(&lv->key, where);
	w->legend += legend(&lv->map, where);
}

/* ---- what the story promises the map (issue 41's blind reading) ---- */

/* What a document's levels draw, for the story's words: a level below or
 * above (a stair down, a stair up to a level), and anywhere on them a
 * locked or secret door, a portcullis, a statue, stairs, a room whose name
 * says garden. */
struct site_drawn {
	int below, locked, portcullis, statue, stairs, garden;
};

static void read_site(const struct level *lv, int n, struct site_drawn *d)
{
	memset(d, 0, sizeof *d);
	for (int k = 0; k < n; k++) {
		const struct map *m = &lv[k].map;
		for (int i = 0; i < m->nstairs; i++) {
			d->below |= m->stairs[i].dir == STAIR_DOWN;
			d->stairs = 1;
		}
		for (int i = 0; i < m->ndoors; i++) {
			d->locked |= m->doors[i].kind == DOOR_LOCKED || m->doors[i].kind == DOOR_SECRET;
			d->portcullis |= m->doors[i].kind == DOOR_PORTCULLIS;
		}
		for (long i = 0; m->features && i < (long)m->w * m->h; i++)
			d->statue |= m->cells[i] > 0 && m->features[i] == FEATURE_STATUE;
		for (int i = 0; i < lv[k].key.n; i++)
			d->garden |= strstr(lv[k].key.entries[i].title, "Garden") != NULL;
	}
}

/* The level's stairs: down to a level below, up to a level above. */
static void level_stairs(const struct map *m, int *below, int *above)
{
	*below = *above = 0;
	for (int i = 0; i < m->nstairs; i++) {
		*below |= m->stairs[i].dir == STAIR_DOWN;
		*above |= m->stairs[i].dir == STAIR_UP && m->stairs[i].to_level > 0;
	}
}

/* this test's own words for a level below and a level above */
static const char *const below_words[] = { "the way down", "room below", "level below", "cellar stair", "downstairs",
					   "doors below stood", NULL };
static const char *const above_words[] = { "upstairs", "up the back stairs", "the floor above",
					   NULL };

/* Words of the level's rooms (text, lowercase: a room's lines or a
 * wandering row) that promise a level below or above it that the map
 * lacks. */
static int level_promises(const char *text, const struct map *m, const struct key_entry *en, const char *where)
{
	int below, above, n = 0;
	level_stairs(m, &below, &above);
	if (!below && says(text, below_words))
		n++, report("no level below", where, en, "it speaks of a way down");
	if (!above && says(text, above_words))
		n++, report("no level above", where, en, "it speaks of a floor above");
	return n;
}

/* A room's lines that promise a door of a kind or a statue there, other
 * than the leader's aim (which names a thing elsewhere): text lowercase. */
static int room_promises(const struct key_entry *en, const struct room *r, const char *where)
{
	int n = 0;
	for (int i = 0; i < en->nlines; i++) {
		char line[1024];
		snprintf(line, sizeof line, "%s", en->lines[i]);
		for (char *p = line; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (!strncmp(line, "their aim", 9))
			continue;
		static const char *const sealed[] = { "sealed door", "iron door", "this room's locked door", NULL };
		if (!r->doors[DOOR_LOCKED] && !r->doors[DOOR_SECRET] && says(line, sealed))
			n++, report("no locked door", where, en, "it speaks of a sealed door");
		static const char *const statue[] = { "statue here", "statue stands here", "statue in the garden", NULL };
		if (!r->features[FEATURE_STATUE] && says(line, statue))
			n++, report("no statue drawn", where, en, "it speaks of a statue here");
	}
	return n;
}

/* The premise and the secret (story) promising what no level draws. */
static int story_promises(const char *story, const struct site_drawn *d, const struct level *lv, const char *where)
{
	const struct key_entry *en = &lv->key.entries[0];
	int n = 0;
	if (!d->below && says(story, below_words))
		n++, report("no level below", where, en, "the premise speaks of a way down");
	static const char *const cellar[] = { "the cellar floor", "over his cellars", "in the cellar for",
					      "through the cellars", "into the cellar and", NULL };
	if (!d->below && says(story, cellar))
		n++, report("no cellar", where, en, "the premise speaks of the cellar");
	static const char *const sealed[] = { "sealed door", "iron door", NULL };
	if (!d->locked && says(story, sealed))
		n++, report("no locked door", where, en, "the premise speaks of a sealed door");
	static const char *const gates[] = { "great doors", "the gates", NULL };
	if (!d->portcullis && says(story, gates))
		n++, report("no gate", where, en, "the premise speaks of great doors");
	/* "whose gaze has filled them with statues" says what the holders do */
	static const char *const statue[] = { "statue of", "a statue", "one statue", "her statues", NULL };
	if (!d->statue && says(story, statue))
		n++, report("no statue drawn", where, en, "the premise speaks of a statue");
	/* "Thessaly of the Still Garden" is a name */
	static const char *const garden[] = { "the garden", "her garden", "lady's garden", NULL };
	if (!d->garden && says(story, garden))
		n++, report("no garden", where, en, "the premise speaks of a garden");
	static const char *const stair[] = { "the stair", "great stair", NULL };
	if (!d->stairs && says(story, stair))
		n++, report("no stairs drawn", where, en, "the premise speaks of a stair");
	return n;
}

/* The people the premise or the secret names inside the site (this
 * test's own list of the tables' words for them, and the word a room
 * that holds them says), each met in some room's Who line. A person of
 * a sentence about the party (a patron) or one saying they are in the
 * town is met outside. */
static int people(const char *story, const struct level *lv, int nlevels, const char *where)
{
	static const struct {
		const char *named, *met;
	} persons[] = {
		{ "goblin drudge", "drudge" }, { "captured scribe", "scribe" }, { "goblin go-between", "go-between" },
		{ "captured gnome", "gnome" }, { "the trapwright", "trapwright" }, { "a captive wrapped", "captive" },
		{ "the steward", "steward" }, { "heir everyone mourns", "heir" }, { "the cook", "cook" },
		{ "holds a prisoner", "prisoner" }, { "dwarf smith", "smith" }, { "eldest of the faithful", "eldest" },
		{ "treasurer", "treasurer" }, { "one thrall", "thrall" }, { "one of the spawn", "spawn" },
		{ "eldest apprentice", "apprentice" }, { "old chief", "old chief" }, { "the summoner", "summoner" },
		{ "a clerk among", "clerk" }, { "chief priest", "chief priest" }, { "miller's son", "miller's son" },
		{ "caravan guard", "caravan guard" }, { "constable", "constable" }, { "young noble", "young noble" },
		{ "her grandmother", "grandmother" }, { "gravedigger's boy", "gravedigger's boy" },
		{ "lady poisoned", "lady" },
	};
	int n = 0;
	for (size_t i = 0; i < sizeof persons / sizeof persons[0]; i++) {
		const char *at = strstr(story, persons[i].named);
		if (!at)
			continue;
		/* the sentence it is in */
		const char *from = at, *to = at;
		while (from > story && !(from[-1] == ' ' && from - 1 > story && from[-2] == '.'))
			from--;
		while (*to && *to != '.')
			to++;
		char sentence[512];
		snprintf(sentence, sizeof sentence, "%.*s", (int)(to - from), from);
		if (strstr(sentence, "the party") || strstr(sentence, "in the town"))
			continue;
		int met = 0;
		for (int k = 0; k < nlevels && !met; k++)
			for (int e = 0; e < lv[k].key.n && !met; e++) {
				char who[4096];
				lines_with(&lv[k].key.entries[e], "who:", who, sizeof who);
				met = strstr(who, persons[i].met) != NULL;
			}
		if (!met) {
			note(story, at);
			report("a person the premise names meets no room", where, &lv->key.entries[0], persons[i].named);
			n++;
		}
	}
	return n;
}

/* Whether some room's lines on the levels say word (case kept). */
static int rooms_say(const struct level *lv, int nlevels, const char *word)
{
	for (int k = 0; k < nlevels; k++)
		for (int e = 0; e < lv[k].key.n; e++) {
			const struct key_entry *en = &lv[k].key.entries[e];
			for (int i = 0; i < en->nlines; i++)
				if (strstr(en->lines[i], word))
					return 1;
		}
	return 0;
}

/* A name the premise or the secret gives (a capitalised word inside a
 * sentence: Crispin, Vell, the warchief's name), not the site's or a
 * faction's, said in no room's lines. text keeps its case. */
static int names(const char *text, const struct site_plan *plan, const struct level *lv, int nlevels,
		 const char *where)
{
	int n = 0;
	for (const char *p = text; *p; p++) {
		if (!isupper((unsigned char)*p) || (p > text && isalpha((unsigned char)p[-1])))
			continue;
		const char *b = p;
		while (b > text && b[-1] == ' ')
			b--;
		if (b == text || strchr(".:!?", b[-1]))   /* a sentence's first word */
			continue;
		char word[48];
		size_t len = 0;
		while (isalpha((unsigned char)p[len]) && len + 1 < sizeof word)
			len++;
		snprintf(word, sizeof word, "%.*s", (int)len, p);
		int known = len < 3 || strstr(plan->name, word) != NULL;
		for (int f = 0; f < plan->nfactions && !known; f++)
			known = strstr(plan->factions[f].name, word) != NULL;
		if (!known && !rooms_say(lv, nlevels, word)) {
			note(text, p);
			report("a name the premise gives is in no room", where, &lv->key.entries[0], word);
			n++;
		}
	}
	return n;
}

/* Lines of a room (lowercase) that name a thing the map draws in a room
 * that lacks it: this test's own words for the bridge over a pit, a
 * table to lay a feast on, an altar, a throne, a fire pit. */
static int dressing(const char *text, const struct room *r, const struct key_entry *en, const char *where)
{
	static const struct {
		const char *word;
		enum feature needs;
	} things[] = {
		{ "over a dark pit", FEATURE_PIT }, { "crosses the pit", FEATURE_PIT }, { "across the pit", FEATURE_PIT },
		{ "laid on the table", FEATURE_TABLE }, { "over the fire pit", FEATURE_HEARTH },
		{ "by the cold grate", FEATURE_HEARTH }, { "stacked by the hearth", FEATURE_HEARTH },
		{ "the bed is still made", FEATURE_BED }, { "bed is still made", FEATURE_BED },
		{ "cots stand in a row", FEATURE_BED }, { "into drowned water", FEATURE_WATER },
		{ "runs through a channel in the floor", FEATURE_WATER }, { "bubbles up here", FEATURE_WATER },
		{ "through a cracked basin", FEATURE_WATER }, { "opens in the floor here", FEATURE_PIT },
	};
	int n = 0;
	for (size_t i = 0; i < sizeof things / sizeof things[0]; i++)
		if (!r->features[things[i].needs] && strstr(text, things[i].word)) {
			note(text, strstr(text, things[i].word));
			report("names a thing not drawn", where, en, things[i].word);
			n++;
		}
	static const char *const false_doors[] = { "door is painted on the wall", "painted on the wall; pushing",
						   "door is false", "small round door", "charred door to", NULL };
	if (says(text, false_doors))
		n++, report("a door the map does not draw", where, en, "a painted or false door");
	static const char *const stairs_cut[] = { "steps cut down", NULL };
	if (!r->stairs && says(text, stairs_cut))
		n++, report("no stairs drawn", where, en, "steps cut down");
	return n;
}

static void check_level(const struct level *lv, const char *where, struct counts *c)
{
	const struct map *m = &lv->map;
	static char text[16384], title[128], who[4096], treasure[4096];
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		if (en->region <= 0 || en->region > m->nregions)
			continue;
		struct room r;
		read_room(m, en->region, &r);
		entry_text(en, text, sizeof text);
		snprintf(title, sizeof title, "%s", en->title);
		for (char *p = title; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		lines_with(en, "who:", who, sizeof who);
		lines_with(en, "treasure:", treasure, sizeof treasure);
		key_lines(en, treasure + strlen(treasure), sizeof treasure - strlen(treasure));
		c->entries++;
		c->contradictions += contradictions(text, title, &r, en, where);
		c->hiding += hiding(treasure, &r, en, where);
		c->misplaced += misplaced(text, title, who, &r, en, where);
		c->unnamed += unnamed(text, &r, en, where);
		c->too_big += too_big(treasure, en, where);
		c->loose += loose(treasure, en, where);
		c->belted += belted(treasure, en, where);
		c->empty_found += empty_found(en, where);
		c->crowds += crowds(text, "its entry", where, en);
		c->count_words += count_words(text, &r, en, where);
		c->articles += articles(text, "its entry", where, en);
		c->unsuited += unsuited(who, title, en, where);
		c->remains += remains(en, title, where);
		c->unheld += unheld(en, &r, where);
		c->crowded += crowded(en, m, where);
		c->promises += level_promises(text, m, en, where) + room_promises(en, &r, where);
		c->dressing += dressing(text, &r, en, where);
	}
	for (int i = 0; i < lv->key.nwandering; i++) {
		char row[1024];
		snprintf(row, sizeof row, "%s", lv->key.wandering[i]);
		for (char *p = row; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (lv->key.n > 0) {
			c->crowds += crowds(row, "a wandering row", where, &lv->key.entries[0]);
			c->articles += articles(row, "a wandering row", where, &lv->key.entries[0]);
		}
		c->patrols += patrols(row, lv, where);
		if (lv->key.n > 0)
			c->promises += level_promises(row, m, &lv->key.entries[0], where);
	}
	check_words(lv, where, &c->w);
}

/* n levels of the methods in csv, keyed by the system (NULL: neutral) for
 * a party of party characters of level, as the program keys them. */
static void sweep(const char *csv, int n, const char *seed, int five_e, struct counts *c)
{
	struct level lv[3];
	struct site_plan plan;
	struct err e;
	test_levels_generate(lv, n, csv, seed);
	memset(&plan, 0, sizeof plan);
	int level = five_e ? 1 + (int)(strlen(seed) * 7 + (unsigned char)seed[strlen(seed) - 1]) % 20 : 0;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, five_e ? "5e" : "neutral", test_template_dirs(), 0,
				  five_e ? &sys5e : NULL, five_e ? 5 : 0, level };
	ck_assert_msg(level_site_plan(&plan, &site, lv, n, seed, &ko, &e) == 0, "%s", e.msg);
	ck_assert_msg(level_keys_build(lv, n, &ko, &plan, &site, seed, NULL, &e) == 0, "%s", e.msg);
	char where[96];
	for (int k = 0; k < n; k++) {
		snprintf(where, sizeof where, "%s seed %s%s, level %d", csv, seed, five_e ? " (5e)" : "", k + 1);
		check_level(&lv[k], where, c);
	}
	/* the premise and the secret, as the GM reads them, against every level */
	static char story[8192];
	snprintf(story, sizeof story, "%s %s", plan.premise ? plan.premise : "", plan.secret ? plan.secret : "");
	for (char *p = story; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	struct site_drawn drawn;
	read_site(lv, n, &drawn);
	snprintf(where, sizeof where, "%s seed %s%s, the premise", csv, seed, five_e ? " (5e)" : "");
	if (lv[0].key.n > 0) {
		c->promises += story_promises(story, &drawn, lv, where);
		c->people += people(story, lv, n, where);
		snprintf(story, sizeof story, "%s %s", plan.premise ? plan.premise : "", plan.secret ? plan.secret : "");
		c->people += names(story, &plan, lv, n, where);
	}
	levels_free(lv, n);
	site_plan_free(&plan);
}

static void say(const char *what, const struct counts *c)
{
	printf("key truth: %s: %ld entries; %ld contradict the map, %ld hiding places in missing furniture, "
	       "%ld creatures out of place, %ld drawn features not named\n",
	       what, c->entries, c->contradictions, c->hiding, c->misplaced, c->unnamed);
	fflush(stdout);
	ck_assert_int_gt(c->entries, 0);
	ck_assert_int_eq(c->contradictions, 0);
	ck_assert_int_eq(c->hiding, 0);
	ck_assert_int_eq(c->misplaced, 0);
	ck_assert_int_eq(c->unnamed, 0);
	printf("key truth: %s: %ld treasures too big for a purse or a belt, %ld Empty after a find, %ld solitary "
	       "creatures in crowds, %ld feature counts in words that disagree, %ld a/an errors, %ld activities "
	       "that do not suit the room\n",
	       what, c->too_big, c->empty_found, c->crowds, c->count_words, c->articles, c->unsuited);
	fflush(stdout);
	ck_assert_int_eq(c->too_big, 0);
	ck_assert_int_eq(c->empty_found, 0);
	ck_assert_int_eq(c->crowds, 0);
	ck_assert_int_eq(c->count_words, 0);
	ck_assert_int_eq(c->articles, 0);
	ck_assert_int_eq(c->unsuited, 0);
	printf("key truth: %s: %ld wandering rows that bring more from a room than it holds\n", what, c->patrols);
	fflush(stdout);
	ck_assert_int_eq(c->patrols, 0);
	printf("key truth: %s: %ld treasures of 1,000 gold pieces of coin or more in a loose place\n", what, c->loose);
	fflush(stdout);
	ck_assert_int_eq(c->loose, 0);
	printf("key truth: %s: %ld belts or purses worn in rooms of those who wear nothing\n", what, c->belted);
	fflush(stdout);
	ck_assert_int_eq(c->belted, 0);
	printf("key truth: %s: %ld doors described two ways, %ld rule lines for one of two doors that do not say "
	       "which, %ld program words, %ld awkward possessives, %ld symbols where a text map and its legend disagree, "
	       "%ld company lines that give the mindless talk or the dead food\n",
	       what, c->w.doors_told, c->w.doors_which, c->w.program, c->w.possessive, c->w.legend, c->w.company);
	fflush(stdout);
	ck_assert_int_eq(c->w.doors_told, 0);
	ck_assert_int_eq(c->w.doors_which, 0);
	ck_assert_int_eq(c->w.program, 0);
	ck_assert_int_eq(c->w.possessive, 0);
	ck_assert_int_eq(c->w.legend, 0);
	ck_assert_int_eq(c->w.company, 0);
	printf("key truth: %s: %ld remains in rooms unfit for them, %ld finds in things not drawn, %ld rooms "
	       "with more creatures than their floor holds\n", what, c->remains, c->unheld, c->crowded);
	fflush(stdout);
	ck_assert_int_eq(c->remains, 0);
	ck_assert_int_eq(c->unheld, 0);
	/* the neutral system's groups as the site rolls them fit their rooms,
	 * and 5e's sizer builds its fights within the room's floor (5 dice,
	 * 270 mansion, 58 tiles, 127 house and 44 booklet rooms over it
	 * before) */
	ck_assert_int_eq(c->crowded, 0);
	printf("key truth: %s: %ld story and room words that promise what the map lacks (a level below or above, "
	       "a sealed door, a statue, a garden, great doors), %ld people the premise names met in no room, %ld "
	       "lines naming a thing not drawn (a bridge over a pit, a feast's table, a false door)\n",
	       what, c->promises, c->people, c->dressing);
	fflush(stdout);
	ck_assert_int_eq(c->promises, 0);
	ck_assert_int_eq(c->people, 0);
	ck_assert_int_eq(c->dressing, 0);
}

static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };

START_TEST(test_every_method)
{
	for (int five_e = 0; five_e < 2; five_e++) {
		struct counts c = { 0 };
		for (int s = 0; s < SEEDS; s++) {
			char seed[32];
			snprintf(seed, sizeof seed, "truth-%d", s);
			sweep(methods[_i], 1, seed, five_e, &c);
		}
		char what[64];
		snprintf(what, sizeof what, "%s, %s", methods[_i], five_e ? "5e" : "neutral");
		say(what, &c);
	}
}
END_TEST

START_TEST(test_booklets)
{
	for (int five_e = 0; five_e < 2; five_e++) {
		struct counts c = { 0 };
		for (int s = 0; s < BOOKLETS; s++) {
			char seed[32];
			snprintf(seed, sizeof seed, "truth-book-%d", s);
			sweep(s % 2 ? "cards,dice,tiles" : "mansion,dice,cards", 3, seed, five_e, &c);
		}
		say(five_e ? "three-level booklets, 5e" : "three-level booklets, neutral", &c);
	}
}
END_TEST

/* Every creature the site tables name says what it is and where it lives. */
START_TEST(test_every_creature_described)
{
	for (int i = 0; i < site.nfactions; i++) {
		const struct site_faction_type *f = &site.factions[i];
		for (int j = 0; j < f->nmembers; j++)
			ck_assert_msg(site_creature_find(&site, f->members[j].creature), "faction %s: no creature line for %s",
				      f->id, f->members[j].creature);
		for (int j = 0; j < f->nleaders; j++)
			ck_assert_msg(site_creature_find(&site, f->leaders[j].creature), "faction %s: no creature line for %s",
				      f->id, f->leaders[j].creature);
	}
	for (int i = 0; i < site.noutsiders; i++)
		ck_assert_msg(site_creature_find(&site, site.outsiders[i].creature), "no creature line for %s",
			      site.outsiders[i].creature);
}
END_TEST

/* The blind reader's dungeon: room 17's south wall has two secret doors,
 * and each rule line says which it is about (the sweep's maps seldom put
 * two of a kind on one wall). */
START_TEST(test_two_doors_on_a_wall)
{
	const char *path = "build/tests/key-truth-doors.txt";
	ck_assert_int_eq(test_run("-q --method dice --seed tonight-1 --rooms 20 --format txt -o -", path, NULL), 0);
	char *text = test_slurp(path, NULL);
	ck_assert_ptr_nonnull(text);
	char *room = strstr(text, "\n17. "), *end = room ? strstr(room, "\n18. ") : NULL;
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	/* the entry as one line, its wrapping undone */
	for (char *p = room; *p; p++)
		if (*p == '\n')
			*p = ' ';
	for (char *p = room, *q = room; (*q = *p) != '\0'; p++)
		if (!(*p == ' ' && q > room && q[-1] == ' '))
			q++;
	ck_assert_msg(strstr(room, "South: secret door") && strstr(room, "; secret door"), "%s", room);
	ck_assert_msg(strstr(room, "The western of the two secret doors in the south wall"), "%s", room);
	ck_assert_msg(strstr(room, "The eastern of the two secret doors in the south wall"), "%s", room);
	ck_assert_msg(!strstr(room, "The secret door in the south wall"), "%s", room);
	free(text);
}
END_TEST

/* a or an by the sound of the word: the words a reader stumbles on */
START_TEST(test_articles)
{
	static const struct {
		const char *word, *article;
	} cases[] = { { "amber", "an" },  { "hour", "an" },   { "unicorn", "a" }, { "ewer", "a" },
		      { "opal", "an" },   { "garnet", "a" },  { "honest", "an" }, { "one-eyed", "a" },
		      { "ivory", "an" },  { "useful", "a" },  { "umbrella", "an" }, { "European", "a" } };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(!strcmp(article_for(cases[i].word), cases[i].article), "%s %s", article_for(cases[i].word),
			      cases[i].word);
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "A amber ring, an unicorn, a hour. A opal; Door A opens onto a ewer and an garnet.");
	article_fix(&s, 0);
	ck_assert_str_eq(sbuf_cstr(&s), "An amber ring, a unicorn, an hour. An opal; Door A opens onto a ewer and a garnet.");
	sbuf_free(&s);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("key_truth");
	TCase *tc = tcase_create("keys");
	tcase_add_unchecked_fixture(tc, load, unload);
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_every_method, 0, (int)(sizeof methods / sizeof methods[0]));
	tcase_add_test(tc, test_booklets);
	tcase_add_test(tc, test_every_creature_described);
	tcase_add_test(tc, test_articles);
	tcase_add_test(tc, test_two_doors_on_a_wall);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(suite)
