/* check_story.c: the premise pays off, read from what the program writes
 * (the text key and the JSON), over 200 seeds of every method and of
 * three-level booklets: every thread the JSON lists is named in the game
 * master's premise as "(level L, room R)" and its words are in that
 * room's entry; the site's name shares a word with the premise; every
 * secret has a clue room, the first three where the rooms allow; each
 * level's roster is its rooms' occupants, each group's creature and count
 * said in a "Who:" line of its room, and an alarm goes with it that
 * names every leader the roster has on the level; the holders' aim at a
 * thing off the map (this test's own list of places and people out there)
 * comes with a lead to it in its room. A few
 * seeds go through the command: the JSON reads back unchanged, and the
 * players' handout shows no thread, roster or alarm. */
#define _GNU_SOURCE /* strcasestr */
#include "testutil.h"

#include "app/level_keys.h"
#include "export/export.h"
#include "site/site.h"
#include "site/site_int.h"
#include "site/site_rooms.h"
#include "stock/stock_table.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SEEDS 200
#define DIR_OUT "build/tests/story"

static struct site_tables tables;
static struct stock_tables sys5e;

static void load_tables(void)
{
	struct err e;
	ck_assert_msg(site_tables_load(&tables, test_template_dirs(), &e) == 0, "%s", e.msg);
	ck_assert_msg(stock_tables_load(&sys5e, test_template_dirs(), "5e", &e) == 0, "%s", e.msg);
}

static void free_tables(void)
{
	site_tables_free(&tables);
	stock_tables_free(&sys5e);
}

static const char *find_words(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (const char *p = hay; *p; p++)
		if (!strncasecmp(p, needle, n))
			return p;
	return NULL;
}

static int has_words(const char *hay, const char *needle)
{
	return find_words(hay, needle) != NULL;
}

/* Whether the key's text names ref in the brackets that follow words
 * ("... has not come back out (level 2, room 9)."). */
static int named_after(const char *text, const char *words, const char *ref)
{
	for (const char *p = find_words(text, words); p; p = find_words(p + 1, words)) {
		const char *open = strstr(p + strlen(words), " (level ");
		const char *close = open ? strchr(open, ')') : NULL;
		const char *at = open ? strstr(open, ref) : NULL;
		if (at && at < close)
			return 1;
	}
	return 0;
}

/* Whether a word of five letters or more of sentence (its first five
 * letters, so "prophecies" is "prophecy"), not a little word, starts a
 * word of clue: the clue shares the secret's key noun. */
static int shares_key_word(const char *clue, const char *sentence)
{
	static const char *const little[] = { "about", "after", "again", "being", "every", "their", "there", "these",
					      "which", "while", "would", "other", "never", "where", "until", "thing" };
	for (const char *q = sentence; *q;) {
		size_t n = 0;
		while (isalpha((unsigned char)q[n]))
			n++;
		if (n == 0) {
			q++;
			continue;
		}
		int skip = n < 5;
		for (size_t i = 0; !skip && i < sizeof little / sizeof little[0]; i++)
			skip = !strncasecmp(q, little[i], 5) && n == 5;
		for (const char *c = clue; !skip && (c = find_words(c, (char[6]){ q[0], q[1], q[2], q[3], q[4], 0 })); c++)
			if (c == clue || !isalpha((unsigned char)c[-1]))
				return 1;
		q += n;
	}
	return 0;
}

/* Whether a sentence of the key's secret (after "What the players do not
 * know:") named ref in the brackets after it shares a key word with
 * clue: 1, or 0 when none does (into out, the last that did not), -1
 * when no sentence names ref. */
static int secret_names(const char *text, const char *ref, const char *clue, char *out, size_t size)
{
	const char *start = strstr(text, "What the players do not know:");
	int named = -1;
	if (!start)
		return -1;
	start += strlen("What the players do not know:");
	for (const char *open = strstr(start, " (level "); open; open = strstr(open + 1, " (level ")) {
		const char *close = strchr(open, ')'), *at = strstr(open, ref);
		while (at && at < close && at[strlen(ref)] != ')' && at[strlen(ref)] != ';')
			at = strstr(at + 1, ref);   /* room 1 is not room 12 */
		if (!close || !at || at > close)
			continue;
		const char *from = open;
		while (from > start && !(from[-1] == ' ' && strchr(".)", from[-2])))
			from--;
		snprintf(out, size, "%.*s", (int)(open - from), from);
		if (shares_key_word(clue, out))
			return 1;
		named = 0;
	}
	return named;
}

/* Whether clue quotes a run of six words of secret, as a fragment cut
 * from it would. */
static int quotes_secret(const char *clue, const char *secret)
{
	for (const char *w = secret; *w;) {
		const char *end = w;
		int words = 0;
		for (; *end && words < 6; words++) {
			while (*end && *end != ' ')
				end++;
			while (*end == ' ')
				end++;
		}
		if (words < 6)
			break;
		char run[256];
		snprintf(run, sizeof run, "%.*s", (int)(end - w), w);
		size_t n = strlen(run);
		while (n > 0 && strchr(" .,;:", run[n - 1]))
			run[--n] = '\0';
		if (n > 0 && has_words(clue, run))
			return 1;
		while (*w && *w != ' ')
			w++;
		while (*w == ' ')
			w++;
	}
	return 0;
}

/* Whether the entry's Clue: line saying words is a whole sentence: a
 * capital, eight words or more, a full stop. */
static int clue_sentence(json_t *en, const char *words)
{
	size_t i;
	json_t *l;
	json_array_foreach(json_object_get(en, "lines"), i, l) {
		const char *line = json_string_value(l);
		if (strncmp(line, "Clue: ", 6) != 0 || !has_words(line, words))
			continue;
		const char *body = line + 6;
		int nwords = 1;
		for (const char *q = body; *q; q++)
			nwords += *q == ' ';
		size_t n = strlen(body);
		return isupper((unsigned char)body[0]) && nwords >= 8 && n > 0 && body[n - 1] == '.';
	}
	return 0;
}

/* The use of the room the JSON entry's kind gives (-1: none). */
static int entry_role(json_t *en)
{
	const char *id = json_string_value(json_object_get(en, "kind"));
	for (int k = 0; id && k < tables.nkinds; k++)
		if (!strcmp(tables.kinds[k].id, id))
			return tables.kinds[k].role;
	return -1;
}

/* The use of a room of its own that a thread's words name as a place of
 * the site ("the old chapel": a shrine; a store, a work room or cells),
 * or -1: none, or a place in the town. */
static int named_place(const char *words)
{
	if (strstr(words, "town") || strstr(words, "village") || strstr(words, "city") || strstr(words, "valley"))
		return -1;
	int k = site_kind_by_name(&tables, words, ~0u);
	for (int w = 0; k >= 0 && w < tables.kinds[k].nmatch; w++) {
		char any[64];
		snprintf(any, sizeof any, " a %s", tables.kinds[k].match[w]);
		if (has_words(words, any) || !strncasecmp(words, any + 1, strlen(any + 1)))
			return -1;   /* "a temple": any one, not this site's */
	}
	int role = k >= 0 ? (int)tables.kinds[k].role : -1;
	return role == ROLE_SHRINE || role == ROLE_STORE || role == ROLE_WORK || role == ROLE_PRISON ? role : -1;
}

/* Whether a want's words name something off the map: a place out there
 * or a person who is not in the site (this test's own list). */
static int off_the_map(const char *words)
{
	static const char *const out[] = { "town", "city", "valley", "village", "surface", "deep roads", "coast road",
					   "deserts", "farms", "fort on the ford", "men who took", "apprentice",
					   "informer", "magistrate", "duke", "watch captain", "living heir", "is the heir", "sexton",
					   "a priest", "summoner", "from the rival", "bloodline", "carried off",
					   "taken long ago", "lost sisters", "dragon's egg", "fire-bearers",
					   "the miners who", "miners' iron", "warband arrives", "family ruined", "saint who bound",
					   "king's crown", "great blue wyrm", "stolen clutch", "living fire",
					   "hero's shining sword", "dwarf king", "broke the seals", NULL };
	for (int i = 0; out[i]; i++) {
		size_t n = strlen(out[i]);
		for (const char *p = find_words(words, out[i]); p; p = find_words(p + 1, out[i]))
			if ((p == words || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[n]))
				return 1;
	}
	return 0;
}

/* The JSON entry numbered room of level object lv, or NULL. */
static json_t *entry_of(json_t *lv, int room)
{
	size_t i;
	json_t *en;
	json_array_foreach(json_object_get(lv, "key"), i, en)
		if (json_integer_value(json_object_get(en, "number")) == room)
			return en;
	return NULL;
}

/* The room's line whose aim is words ("Their aim (Skarg's orders):
 * WORDS."), or NULL. */
static const char *aim_line(json_t *en, const char *words)
{
	size_t i;
	json_t *l;
	json_array_foreach(json_object_get(en, "lines"), i, l) {
		const char *line = json_string_value(l), *colon = strstr(line, ": ");
		if (!strncmp(line, "Their aim", 9) && colon && !strncasecmp(colon + 2, words, strlen(words)))
			return line;
	}
	return NULL;
}

static int entry_says(json_t *en, const char *words, const char *label)
{
	size_t i;
	json_t *l;
	json_array_foreach(json_object_get(en, "lines"), i, l)
		if ((!label || !strncmp(json_string_value(l), label, strlen(label))) && has_words(json_string_value(l), words))
			return 1;
	return 0;
}

struct tally {
	int maps, threads, clue_rooms, secrets, clue_sentences;
	int most_lieutenants;   /* the most on one level, outside the leaders' rooms */
	int places;             /* threads naming a place, in a room of it */
	int two_leaders;        /* levels whose alarm names two leaders */
	int leads;              /* aims off the map, and a lead to each in its room */
};

/* The cast as the rosters of the JSON's levels give it: each faction's
 * leader once in the document (one of them, in a room of its own
 * level), and on each level at most three lieutenants and two
 * specialists a faction outside the leaders' rooms. */
static void check_cast(json_t *root, const char *seed, struct tally *t)
{
	size_t factions = json_array_size(json_object_get(root, "factions")), i, j;
	int leaders = 0;
	json_t *lv, *g;
	json_array_foreach(json_object_get(root, "levels"), i, lv) {
		int leader_rooms[4] = { 0 }, nleader = 0, lieutenants = 0, specialists = 0;
		json_array_foreach(json_object_get(lv, "roster"), j, g)
			if (!strcmp(json_string_value(json_object_get(g, "role")), "leader") && nleader < 4) {
				ck_assert_int_eq(json_integer_value(json_object_get(g, "count")), 1);
				leader_rooms[nleader++] = (int)json_integer_value(json_object_get(g, "room"));
			}
		leaders += nleader;
		json_array_foreach(json_object_get(lv, "roster"), j, g) {
			int room = (int)json_integer_value(json_object_get(g, "room")), in_leaders = 0;
			for (int k = 0; k < nleader; k++)
				in_leaders |= leader_rooms[k] == room;
			const char *role = json_string_value(json_object_get(g, "role"));
			int count = (int)json_integer_value(json_object_get(g, "count"));
			lieutenants += !in_leaders && !strcmp(role, "lieutenant") ? count : 0;
			specialists += !in_leaders && !strcmp(role, "specialist") ? count : 0;
		}
		ck_assert_msg(lieutenants <= 3 * (int)factions && specialists <= 2 * (int)factions,
			      "%s: level %zu has %d lieutenants and %d specialists outside the leaders' rooms", seed, i + 1,
			      lieutenants, specialists);
		t->most_lieutenants = lieutenants > t->most_lieutenants ? lieutenants : t->most_lieutenants;
	}
	ck_assert_msg(leaders == (int)factions, "%s: %d leaders in the rosters for %zu factions", seed, leaders, factions);
}

/* A group's creature as a Who line says it: the start of its last word
 * ("wolf": "wol", for "wolves"). */
static void stem(const char *creature, char *out, size_t size)
{
	const char *last = strrchr(creature, ' ');
	last = last ? last + 1 : creature;
	size_t n = strlen(last);
	n = n > 4 ? 4 : n > 1 ? n - 1 : n;
	snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), last);
}

/* The name a leader's Who line gives it in room en ("Who: Thrag the Slow,
 * an ogre, ..." for the roster's ogre), into out; 0 if no Who line does. */
static int leader_name(json_t *en, const char *creature, char *out, size_t size)
{
	size_t i;
	json_t *l;
	char a[96], an[96];
	snprintf(a, sizeof a, ", a %s", creature);
	snprintf(an, sizeof an, ", an %s", creature);
	json_array_foreach(json_object_get(en, "lines"), i, l) {
		const char *line = json_string_value(l);
		if (strncmp(line, "Who: ", 5) != 0)
			continue;
		const char *at = strcasestr(line, a);
		if (!at)
			at = strcasestr(line, an);
		if (at && at > line + 5) {
			snprintf(out, size, "%.*s", (int)(at - line - 5), line + 5);
			return 1;
		}
	}
	return 0;
}

/* Every leader the level's roster names is named in its alarm: two
 * leaders on a level, two answers. Returns the leaders counted. */
static int check_alarm_leaders(json_t *lv, const char *seed)
{
	const char *alarm = json_string_value(json_object_get(lv, "alarm"));
	size_t i;
	json_t *g;
	int leaders = 0;
	json_array_foreach(json_object_get(lv, "roster"), i, g) {
		if (strcmp(json_string_value(json_object_get(g, "role")), "leader") != 0)
			continue;
		int room = (int)json_integer_value(json_object_get(g, "room"));
		const char *creature = json_string_value(json_object_get(g, "creature"));
		char name[96];
		ck_assert_msg(leader_name(entry_of(lv, room), creature, name, sizeof name),
			      "%s: room %d's Who lines do not name its leader, the roster's %s", seed, room, creature);
		ck_assert_msg(alarm && strcasestr(alarm, name), "%s: the alarm does not name %s, the leader in room %d: %s",
			      seed, name, room, alarm ? alarm : "(none)");
		leaders++;
	}
	return leaders;
}

static void check_roster(json_t *lv, const char *seed)
{
	json_t *roster = json_object_get(lv, "roster");
	ck_assert_msg(json_is_array(roster), "%s: a level without a roster", seed);
	size_t groups = 0, i;
	json_t *en;
	json_array_foreach(json_object_get(lv, "key"), i, en)
		groups += json_array_size(json_object_get(en, "occupants"));
	ck_assert_msg(json_array_size(roster) == groups, "%s: the roster lists %zu groups, the rooms hold %zu", seed,
		      json_array_size(roster), groups);
	json_t *g;
	json_array_foreach(roster, i, g) {
		int room = (int)json_integer_value(json_object_get(g, "room"));
		int count = (int)json_integer_value(json_object_get(g, "count"));
		const char *creature = json_string_value(json_object_get(g, "creature"));
		json_t *at = entry_of(lv, room);
		ck_assert_msg(at != NULL, "%s: the roster names room %d, which the key has not", seed, room);
		char st[8], num[16];
		stem(creature, st, sizeof st);
		ck_assert_msg(entry_says(at, st, "Who:"), "%s: room %d's Who lines do not name the roster's %s", seed, room,
			      creature);
		if (count > 1) {
			const char *word = site_number_word(count, num, sizeof num);
			ck_assert_msg(entry_says(at, word, "Who:") || entry_says(at, word, "Encounter:"),
				      "%s: room %d's Who lines do not say the roster's %d %s", seed, room, count, creature);
		}
	}
	if (groups > 0)
		ck_assert_msg(json_is_string(json_object_get(lv, "alarm")), "%s: a level with groups but no alarm", seed);
}

/* text with each run of white space one space: lines wrapped anywhere
 * read as one. */
static void one_line(char *text)
{
	char *o = text;
	for (const char *p = text; *p; p++) {
		if (isspace((unsigned char)*p)) {
			if (o > text && o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
}

/* The key of the document in memory as text and as JSON, checked. */
static void check_doc(const struct doc *d, const char *seed, struct tally *t)
{
	struct err e;
	char *text = NULL, *js = NULL;
	size_t tlen, jlen;
	FILE *f = open_memstream(&text, &tlen);
	ck_assert_msg(f && export_txt_key(f, d, &e) == 0, "%s", e.msg);
	fclose(f);
	one_line(text);
	f = open_memstream(&js, &jlen);
	ck_assert_msg(f && export_json(f, d, &e) == 0, "%s", e.msg);
	fclose(f);
	json_error_t je;
	json_t *root = json_loads(js, 0, &je);
	ck_assert_msg(root != NULL, "%s: %s", seed, je.text);
	/* the site's name is explained in the premise */
	const char *site = json_string_value(json_object_get(root, "site"));
	const char *story = json_string_value(json_object_get(root, "story"));
	ck_assert_msg(site && story, "%s: no site name or premise", seed);
	int named = 0;
	char word[64];
	for (const char *q = site; *q && !named;) {
		size_t n = strcspn(q, " '-");
		snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), q);
		named = n >= 5 && has_words(story, word);
		q += n + (q[n] != '\0');
	}
	ck_assert_msg(named, "%s: '%s' is not explained in the premise: %s", seed, site, story);
	/* every thread in its room, and named so in the premise the key prints */
	json_t *threads = json_object_get(root, "threads"), *levels = json_object_get(root, "levels");
	ck_assert_msg(json_array_size(threads) >= 4, "%s: %zu threads", seed, json_array_size(threads));
	size_t i;
	json_t *th;
	const char *secret = json_string_value(json_object_get(root, "secret"));
	int clues = 0;
	json_array_foreach(threads, i, th) {
		const char *words = json_string_value(json_object_get(th, "text"));
		int level = (int)json_integer_value(json_object_get(th, "level"));
		int room = (int)json_integer_value(json_object_get(th, "room"));
		ck_assert_msg(level >= 1 && level <= (int)json_array_size(levels), "%s: a thread on level %d", seed, level);
		json_t *en = entry_of(json_array_get(levels, (size_t)level - 1), room);
		ck_assert_msg(en != NULL, "%s: a thread in room %d of level %d, which has none", seed, room, level);
		ck_assert_msg(entry_says(en, words, NULL), "%s: level %d, room %d does not say '%s'", seed, level, room,
			      words);
		char ref[48];
		snprintf(ref, sizeof ref, "level %d, room %d", level, room);
		t->threads++;
		/* the holders' aim at a thing off the map: the room gives a lead
		 * to it, a sentence of its own in the want's words */
		const char *aim = aim_line(en, words);
		if (aim && off_the_map(words)) {
			const char *lead = strstr(aim, " Lead: ");
			ck_assert_msg(lead && shares_key_word(lead + 7, words),
				      "%s: %s's aim lies off the map and its room gives no lead to it: %s", seed, ref, aim);
			t->leads++;
		}
		/* a thread of the premise that names a place of the site is in a
		 * room of that use, where any level has one */
		int place = has_words(story, words) ? named_place(words) : -1, any = 0;
		json_t *plv, *pen;
		size_t pi, pj;
		json_array_foreach(levels, pi, plv)
			json_array_foreach(json_object_get(plv, "key"), pj, pen)
				any |= place >= 0 && entry_role(pen) == place;
		if (any) {
			ck_assert_msg(entry_role(en) == place, "%s: '%s' names a place, and level %d, room %d is not one",
				      seed, words, level, room);
			t->places++;
		}
		if (has_words(story, words) || (secret && has_words(secret, words))) {
			ck_assert_msg(named_after(text, words, ref), "%s: the key's premise does not name %s after '%s'", seed,
				      ref, words);
			clues += secret && has_words(secret, words) && !has_words(story, words);
			continue;
		}
		/* a clue in words of its own: a whole sentence in its room, which
		 * shares a key word with the sentence of the secret the key names
		 * the room after, and is no run of the secret's words */
		char sentence[512] = "";
		int names = secret ? secret_names(text, ref, words, sentence, sizeof sentence) : -1;
		ck_assert_msg(names >= 0, "%s: '%s' is neither the premise's words nor a clue the secret names (%s)", seed,
			      words, ref);
		ck_assert_msg(clue_sentence(en, words), "%s: %s's clue is not a whole sentence: '%s'", seed, ref, words);
		ck_assert_msg(names == 1, "%s: the clue '%s' shares no key word with '%s'", seed, words, sentence);
		ck_assert_msg(!quotes_secret(words, secret), "%s: the clue '%s' is a run of the secret's words", seed, words);
		clues++;
		t->clue_sentences++;
	}
	/* no secret without a clue room; the three-clue rule where rooms allow */
	if (secret) {
		ck_assert_msg(clues >= 1, "%s: the secret has no clue room", seed);
		t->secrets++;
		t->clue_rooms += clues;
	}
	json_t *lv;
	json_array_foreach(levels, i, lv) {
		check_roster(lv, seed);
		t->two_leaders += check_alarm_leaders(lv, seed) > 1;
	}
	check_cast(root, seed, t);
	t->maps++;
	json_decref(root);
	free(text);
	free(js);
}

/* Seed s's map of csv's methods: every fourth stocked under 5e, for a
 * party of 1 to 6 characters of level 1 to 20. */
static void check_one(const char *csv, int n, const char *seed, int s, struct tally *t)
{
	struct level lv[3];
	memset(lv, 0, sizeof lv);
	test_levels_generate(lv, n, csv, seed);
	struct err e;
	struct site_plan plan;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	if (s % 4 == 0)
		ko = (struct key_options){ KEY_NUMBER_ENTRANCE, 1, "5e", test_template_dirs(), 0, &sys5e, 1 + s / 4 % 6,
					   1 + s * 7 % 20 };
	ck_assert_msg(level_site_plan(&plan, &tables, lv, n, seed, s % 4 == 0 ? &ko : NULL, &e) == 0, "%s", e.msg);
	ck_assert_msg(level_keys_build(lv, n, &ko, &plan, &tables, seed, NULL, &e) == 0, "%s", e.msg);
	struct doc d = { .seed = seed, .site = plan.name, .story = plan.premise, .secret = plan.secret,
			 .factions = plan.factions, .nfactions = plan.nfactions, .levels = lv, .nlevels = n };
	d.threads = site_threads_placed(&plan, &d.nthreads);
	char *story_gm, *secret_gm;
	ck_assert_msg(doc_threads_annotate(&d, &story_gm, &secret_gm, &e) == 0, "%s", e.msg);
	d.story_gm = story_gm;
	d.secret_gm = secret_gm;
	check_doc(&d, seed, t);
	free(story_gm);
	free(secret_gm);
	site_plan_free(&plan);
	levels_free(lv, n);
}

static void report(const char *what, const struct tally *t)
{
	fprintf(stderr, "story %s: %d maps, %.1f threads a map, %.2f clue rooms a secret, %d clues in sentences, "
		"at most %d lieutenants a level outside the leaders' rooms, %d threads in the place they name, %d levels "
		"whose alarm names two leaders, %d aims off the map with a lead in their room\n",
		what, t->maps, (double)t->threads / t->maps, t->secrets ? (double)t->clue_rooms / t->secrets : 0.0,
		t->clue_sentences, t->most_lieutenants, t->places, t->two_leaders, t->leads);
}

START_TEST(test_every_method)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	struct tally t = { 0 };
	for (int s = 0; s < SEEDS; s++) {
		char seed[32];
		snprintf(seed, sizeof seed, "story-%d", s);
		check_one(methods[_i], 1, seed, s, &t);
	}
	report(methods[_i], &t);
	ck_assert_int_eq(t.maps, SEEDS);
}
END_TEST

START_TEST(test_booklets)
{
	static const char *const csv[] = { "dice", "cards,dice,tiles", "mansion,house,dice" };
	struct tally t = { 0 };
	for (int s = 0; s < SEEDS / 4; s++) {
		char seed[32];
		snprintf(seed, sizeof seed, "story-book-%d", s);
		check_one(csv[s % 3], 3, seed, s, &t);
	}
	report("booklets", &t);
	/* three clues to a secret over three levels */
	ck_assert_msg(t.clue_rooms * 10 >= t.secrets * 25, "%d clue rooms for %d secrets", t.clue_rooms, t.secrets);
}
END_TEST

/* The shipped tables: three clue lines for every secret, each a whole
 * sentence with a key word of its secret, none a run of its words. */
START_TEST(test_clue_lines)
{
	int secrets = 0;
	for (int f = 0; f < tables.nfactions; f++) {
		const struct site_faction_type *ft = &tables.factions[f];
		for (int sc = 0; sc < ft->nsecrets; sc++, secrets++) {
			int n = 0;
			for (int c = 0; c < ft->nclues; c++) {
				if (ft->clue_of[c] != sc)
					continue;
				n++;
				const char *clue = ft->clues[c];
				int words = 1;
				for (const char *q = clue; *q; q++)
					words += *q == ' ';
				ck_assert_msg(isupper((unsigned char)clue[0]) && words >= 8, "%s: '%s' is no whole sentence",
					      ft->id, clue);
				ck_assert_msg(shares_key_word(clue, ft->secrets[sc]), "%s: '%s' shares no key word with '%s'",
					      ft->id, clue, ft->secrets[sc]);
				ck_assert_msg(!quotes_secret(clue, ft->secrets[sc]), "%s: '%s' quotes '%s'", ft->id, clue,
					      ft->secrets[sc]);
			}
			ck_assert_msg(n >= 3, "%s: '%s' has %d clue lines", ft->id, ft->secrets[sc], n);
		}
	}
	ck_assert_int_gt(secrets, 90);
}
END_TEST

/* Levels of one room: each faction's leader is still in a room of some
 * level, and the roster and the premise say so. */
START_TEST(test_one_room_levels)
{
	static const char *const args[] = { "-q --method dice --levels 2 --rooms 1 --seed lone -o " DIR_OUT "/lone.json",
					    "-q --method tiles --levels 3 --rooms 1 --seed lone-3 -o " DIR_OUT "/lone.json" };
	ck_assert_int_eq(system("mkdir -p " DIR_OUT), 0);
	ck_assert_int_eq(test_run(args[_i], NULL, NULL), 0);
	json_error_t je;
	json_t *root = json_load_file(DIR_OUT "/lone.json", 0, &je);
	ck_assert_msg(root != NULL, "%s", je.text);
	struct tally t = { 0 };
	check_cast(root, args[_i], &t);
	json_decref(root);
}
END_TEST

/* The command: the JSON reads back the same; the handout has none of it. */
START_TEST(test_command)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	char args[1024];
	ck_assert_int_eq(system("mkdir -p " DIR_OUT), 0);
	snprintf(args, sizeof args, "-q --method %s --levels 2 --seed story-cmd -o " DIR_OUT "/a.json", methods[_i]);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR_OUT "/a.json -o " DIR_OUT "/b.json", NULL, NULL), 0);
	json_error_t je;
	json_t *a = json_load_file(DIR_OUT "/a.json", 0, &je), *b = json_load_file(DIR_OUT "/b.json", 0, &je);
	ck_assert(a && b);
	ck_assert_msg(json_array_size(json_object_get(a, "threads")) > 0, "no threads written");
	ck_assert(json_equal(json_object_get(a, "threads"), json_object_get(b, "threads")));
	for (size_t k = 0; k < 2; k++) {
		json_t *la = json_array_get(json_object_get(a, "levels"), k), *lb = json_array_get(json_object_get(b, "levels"), k);
		ck_assert(json_equal(json_object_get(la, "roster"), json_object_get(lb, "roster")));
		ck_assert(json_equal(json_object_get(la, "alarm"), json_object_get(lb, "alarm")));
	}
	/* the handout, made and read back: nothing of the threads or the roster */
	const char *handouts[] = { "--method %s --levels 2 --seed story-cmd --player -o " DIR_OUT "/p.md",
				   "-i " DIR_OUT "/a.json --player -o " DIR_OUT "/p.md" };
	for (int h = 0; h < 2; h++) {
		char cmd[512];
		snprintf(cmd, sizeof cmd, handouts[h], methods[_i]);
		snprintf(args, sizeof args, "-q %s", cmd);
		ck_assert_int_eq(test_run(args, NULL, NULL), 0);
		char *md = test_slurp(DIR_OUT "/p.md", NULL);
		ck_assert(md != NULL);
		ck_assert_msg(!strstr(md, "room ") || !strstr(md, "(level "), "a handout names a thread's room");
		ck_assert_msg(!strstr(md, KEY_ADVERSARIES_HEADING) && !strstr(md, "Clue:") && !strstr(md, "The alarm"),
			      "a handout shows the roster, the alarm or a clue");
		json_t *th;
		size_t i;
		json_array_foreach(json_object_get(a, "threads"), i, th) {
			const char *w = json_string_value(json_object_get(th, "text"));
			const char *story = json_string_value(json_object_get(a, "story"));
			ck_assert_msg(has_words(story, w) || !strstr(md, w), "a handout shows the secret's clue '%s'", w);
		}
		free(md);
	}
	json_decref(a);
	json_decref(b);
}
END_TEST

static Suite *story_suite(void)
{
	Suite *s = suite_create("story");
	TCase *tc = tcase_create("core");
	tcase_add_unchecked_fixture(tc, load_tables, free_tables);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_every_method, 0, 5);
	tcase_add_test(tc, test_booklets);
	tcase_add_test(tc, test_clue_lines);
	tcase_add_loop_test(tc, test_one_room_levels, 0, 2);
	tcase_add_loop_test(tc, test_command, 0, 5);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(story_suite)
