/* check_names.c: the names of sites and rooms. Every method's default
 * sheet and text are titled with the site's name (from its story, or drawn
 * from names/sites.parts when the story names none), not "Dice map, seed
 * ..."; dice and cards rooms are
 * named from their tables (hardly any plain "Room" over 120 seeds); no name
 * repeats on a level; names never move a wall (the JSON of a map, its
 * titles and names left out, is byte for byte what it was before rooms and
 * sites had names); and a bad table line is reported at file:line:col. */
#include "testutil.h"

#include "model/key.h"
#include "methods/levels.h"
#include "names/names.h"
#include "names/room_names.h"
#include "names/site_name.h"
#include "stock/stock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR_OUT "build/tests/names"

static void make_dir(void)
{
	mkdir("build", 0777);
	mkdir("build/tests", 0777);
	mkdir(DIR_OUT, 0777);
}

static const char *const all_methods[] = { "dice", "mansion", "cards", "tiles", "house" };

/* The first page's text of a PDF (malloc'd), or NULL. */
static char *pdf_page_text(const char *path)
{
	char cmd[1024], out[300];
	snprintf(out, sizeof out, "%s.txt", path);
	snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 -f 1 -l 1 '%s' '%s'", path, out);
	if (system(cmd) != 0)
		return NULL;
	return test_slurp(out, NULL);
}

START_TEST(test_default_sheet_is_titled_with_the_site)
{
	make_dir();
	const char *meth = all_methods[_i];
	char site[SITE_NAME_LEN], args[300], pdf[200], txt[200];
	test_site_name(meth, "names", site, sizeof site);
	snprintf(pdf, sizeof pdf, DIR_OUT "/%s.pdf", meth);
	snprintf(args, sizeof args, "-q --method %s --seed names -o %s", meth, pdf);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	char *text = pdf_page_text(pdf);
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strncmp(text, site, strlen(site)) == 0, "%s: the sheet begins '%.60s', not '%s'", meth, text, site);
	ck_assert_msg(strstr(text, " map, seed") == NULL, "%s: the sheet still says '... map, seed'", meth);
	ck_assert_msg(strstr(text, "seed names"), "%s: the seed is no longer on the sheet", meth);
	free(text);
	/* the text key's first line, and --title still wins */
	snprintf(txt, sizeof txt, DIR_OUT "/%s.txt", meth);
	snprintf(args, sizeof args, "-q --method %s --seed names --format txt -o -", meth);
	ck_assert_int_eq(test_run(args, txt, NULL), 0);
	text = test_slurp(txt, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strncmp(text, site, strlen(site)) == 0 && text[strlen(site)] == '\n', "%s: %.60s", meth, text);
	free(text);
	snprintf(args, sizeof args, "-q --method %s --seed names --title 'My Own' --format txt -o -", meth);
	ck_assert_int_eq(test_run(args, txt, NULL), 0);
	text = test_slurp(txt, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(strncmp(text, "My Own\n", 7) == 0, "%s: %.60s", meth, text);
	free(text);
}
END_TEST

/* Every site name a method draws comes from its own forms: the dungeons'
 * words are not the houses'. */
START_TEST(test_site_names_fit_the_method)
{
	struct site_parts t;
	struct err e;
	ck_assert_msg(site_parts_load(&t, test_template_dirs(), "sites", &e) == 0, "%s", e.msg);
	for (int s = 0; s < 40; s++) {
		char seed[16], name[SITE_NAME_LEN];
		snprintf(seed, sizeof seed, "s%d", s);
		struct rng rng;
		rng_seed_text(&rng, seed, 1);
		ck_assert_int_eq(site_name_draw(&t, "house", &rng, name, sizeof name, &e), 0);
		ck_assert_msg(!strstr(name, "Crypt") && !strstr(name, "Tomb") && !strstr(name, "Keep"), "%s", name);
		ck_assert_int_eq(site_name_draw(&t, "dice", &rng, name, sizeof name, &e), 0);
		ck_assert_msg(!strstr(name, "Cottage") && !strstr(name, "Lodge") && !strstr(name, "{"), "%s", name);
	}
	ck_assert_int_eq(site_name_draw(&t, "nosuch", NULL, (char[8]){ 0 }, 8, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "no 'site:nosuch:' line"));
	site_parts_free(&t);
}
END_TEST

/* Over 120 seeds: how many keyed rooms are titled plainly "Room", and
 * whether any name is on two rooms of one level. */
static void count_rooms(const char *meth, int *rooms, int *plain)
{
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	*rooms = *plain = 0;
	for (int s = 0; s < 120; s++) {
		char seed[16];
		snprintf(seed, sizeof seed, "room%d", s);
		struct level lv;
		memset(&lv, 0, sizeof lv);
		struct err e;
		ck_assert_msg(test_generate(&lv.map, meth, seed, NULL, 0, 0, 0, &e) == 0, "%s %s: %s", meth, seed, e.msg);
		struct rng rng;
		rng_seed_text(&rng, seed, 1001);
		ck_assert_msg(key_build(&lv.key, &lv.map, &ko, &e) == 0 && stock_key(&lv.key, &lv.map, &ko, &rng, &e) == 0,
			      "%s", e.msg);
		ck_assert_msg(room_names_level(&lv, test_template_dirs(), seed, &e) == 0, "%s", e.msg);
		for (int i = 0; i < lv.key.n; i++) {
			const struct key_entry *en = &lv.key.entries[i];
			if (lv.map.regions[en->region].kind == REGION_BRIDGE)
				continue;
			(*rooms)++;
			*plain += strcmp(en->title, "Room") == 0 || strncmp(en->title, "Room ", 5) == 0;
			for (int j = 0; j < i; j++)
				ck_assert_msg(strcmp(en->title, lv.key.entries[j].title) != 0,
					      "%s seed %s: rooms %d and %d are both '%s'", meth, seed, lv.key.entries[j].number,
					      en->number, en->title);
		}
		levels_free(&lv, 1);
	}
}

START_TEST(test_dice_and_cards_rooms_are_named)
{
	const char *meths[] = { "dice", "cards", "tiles" };
	for (int k = 0; k < 3; k++) {
		int rooms, plain;
		count_rooms(meths[k], &rooms, &plain);
		printf("check_names: %s: %d rooms over 120 seeds, %d titled 'Room'\n", meths[k], rooms, plain);
		ck_assert_int_gt(rooms, 120 * 5);
		ck_assert_msg(plain * 50 <= rooms, "%s: %d of %d rooms are plain 'Room'", meths[k], plain, rooms);
	}
}
END_TEST

/* A dice room's name follows what it holds: lairs, traps and shrines read
 * differently. */
START_TEST(test_dice_names_follow_contents)
{
	struct names_table t;
	struct err e;
	ck_assert_msg(names_load(&t, test_template_dirs(), "dice", &e) == 0, "%s", e.msg);
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	int checked = 0;
	for (int s = 0; s < 10; s++) {
		char seed[16];
		snprintf(seed, sizeof seed, "kind%d", s);
		struct level lv;
		memset(&lv, 0, sizeof lv);
		struct rng rng;
		rng_seed_text(&rng, seed, 1001);
		ck_assert_int_eq(test_generate(&lv.map, "dice", seed, NULL, 0, 0, 0, &e), 0);
		ck_assert_int_eq(key_build(&lv.key, &lv.map, &ko, &e), 0);
		ck_assert_int_eq(stock_key(&lv.key, &lv.map, &ko, &rng, &e), 0);
		ck_assert_int_eq(room_names_level(&lv, test_template_dirs(), seed, &e), 0);
		int entrance = map_at(&lv.map, lv.map.entrance.x, lv.map.entrance.y);
		for (int i = 0; i < lv.key.n; i++) {
			const struct key_entry *en = &lv.key.entries[i];
			if (en->region == entrance)
				continue;
			/* the name, or without the word that tells it from another room
			 * of that name ("East Cell"), found in the kind's section */
			int found = 0;
			for (const char *base = en->title; base && !found; base = base == en->title ? strchr(base, ' ') : NULL) {
				if (base != en->title)
					base++;
				for (int k = 0; k < t.nentries && !found; k++)
					found = strcmp(t.names[t.entries[k].name], base) == 0 && t.entries[k].tag >= 0 &&
						strcmp(t.names[t.entries[k].tag], en->contents_kind) == 0;
			}
			ck_assert_msg(found, "seed %s: room %d '%s' holds '%s', not a name of that section", seed,
				      en->number, en->title, en->contents_kind);
			checked++;
		}
		levels_free(&lv, 1);
	}
	ck_assert_int_gt(checked, 50);
	names_free(&t);
}
END_TEST

/* Ends s where field first appears (a level's "features": the site model
 * draws furniture there, and writes the key after it). */
static void cut_from(char *s, const char *field)
{
	char *at = strstr(s, field);
	if (at)
		*at = '\0';
}

/* s from its "levels" on: the map, without the document's head (the
 * format's version, the site's secret and factions). */
static const char *levels_of(const char *s)
{
	const char *at = strstr(s, "\"levels\": ");
	ck_assert_ptr_nonnull(at);
	return at;
}

/* Cuts the fields "title", "name", "site" and "command" out of a JSON
 * text, in place: what is left is the map. */
static void strip_names(char *s)
{
	static const char *const keys[] = { "\"title\": ", "\"name\": ", "\"site\": ", "\"command\": ", "\"story\": " };
	char *out = s;
	for (const char *p = s; *p;) {
		int cut = 0;
		for (int k = 0; k < 5 && !cut; k++) {
			size_t n = strlen(keys[k]);
			if (strncmp(p, keys[k], n) != 0)
				continue;
			cut = 1;
			p += n;
			if (*p == '"') {
				for (p++; *p && *p != '"'; p++)
					if (*p == '\\' && p[1])
						p++;
				if (*p)
					p++;
			} else {
				while (*p && *p != ',' && *p != '}' && *p != '\n')
					p++;
			}
			/* and the comma and space after it */
			if (*p == ',')
				for (p++; *p == ' ' || *p == '\n'; p++)
					;
		}
		if (!cut)
			*out++ = *p++;
	}
	*out = '\0';
}

/* Names never move a wall: the same seed with other name tables (the site
 * parts and the dice, cards and tiles room names read bottom to top, so
 * other names are drawn; mansion and house names choose what a room is for,
 * and so its contents)
 * gives other names and the same map, byte for byte once names and titles
 * are cut from the JSON's levels (the document's head, the format's version
 * and the site's secret and factions, is not the map). tests/golden/before-names/ holds the walls, doors
 * and regions as they were before names, so a change that moves a wall on
 * purpose is seen there. */
START_TEST(test_names_never_move_a_wall)
{
	make_dir();
	ck_assert_int_eq(system("rm -rf " DIR_OUT "/tac && mkdir -p " DIR_OUT "/tac/names && for f in "
				"templates/names/dice.names templates/names/cards.names templates/names/tiles.names "
				"templates/names/sites.parts; do tac \"$f\" > " DIR_OUT "/tac/names/\"${f##*/}\"; done"),
			 0);
	const char *meths[] = { "dice", "cards", "tiles", "house" };
	for (int k = 0; k < 4; k++) {
		char cmd[600], out[200], other[200], before_path[200];
		snprintf(out, sizeof out, DIR_OUT "/%s-geo.json", meths[k]);
		snprintf(other, sizeof other, DIR_OUT "/%s-geo-tac.json", meths[k]);
		snprintf(cmd, sizeof cmd, "-q --method %s --seed geo --format json -o %s", meths[k], out);
		ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
		snprintf(cmd, sizeof cmd, "MAPSHEET_TEMPLATES=" DIR_OUT "/tac %s -q --method %s --seed geo --format json "
			 "-o %s", getenv("MAPSHEET_BIN") ? getenv("MAPSHEET_BIN") : "./mapsheet", meths[k], other);
		ck_assert_int_eq(system(cmd), 0);
		snprintf(before_path, sizeof before_path, "tests/golden/before-names/%s-geo.json", meths[k]);
		char *now = test_slurp(out, NULL), *tac = test_slurp(other, NULL), *before = test_slurp(before_path, NULL);
		ck_assert(now && tac && before);
		ck_assert_msg(strstr(now, "\"site\": \"") != NULL, "%s: no site in the JSON", meths[k]);
		ck_assert_msg(strcmp(now, tac) != 0, "%s: the other tables drew the same names", meths[k]);
		strip_names(now);
		strip_names(tac);
		strip_names(before);
		cut_from(now, "\"features\": ");
		cut_from(before, "\"features\": ");
		cut_from(tac, "\"features\": ");
		const char *map = levels_of(now), *refs[2] = { levels_of(tac), levels_of(before) },
			   *what[2] = { "with other name tables", "before" };
		for (int r = 0; r < 2; r++) {
			size_t at = 0;
			while (map[at] && map[at] == refs[r][at])
				at++;
			ck_assert_msg(map[at] == refs[r][at], "%s: the map differs %s at byte %zu of its levels: '%.40s' was "
				      "'%.40s'", meths[k], what[r], at, map + at, refs[r] + at);
		}
		free(now);
		free(tac);
		free(before);
	}
}
END_TEST

START_TEST(test_bad_tables_name_line_and_column)
{
	struct site_parts sp;
	struct err e;
	const char *bad_brace = "word:x:Y\nsite:dice:1:The {x} of {y\n";
	ck_assert_int_eq(site_parts_parse(&sp, "s.parts", bad_brace, strlen(bad_brace), &e), -1);
	ck_assert_str_eq(e.msg, "s.parts:2:24: expected {LIST}, a list name of letters, digits and '-', closed by '}'");
	const char *no_words = "word:x:Y\n\nsite:dice:1:The {x} of {nobody}\n";
	ck_assert_int_eq(site_parts_parse(&sp, "s.parts", no_words, strlen(no_words), &e), -1);
	ck_assert_str_eq(e.msg, "s.parts:3:24: no 'word:nobody:' line fills {nobody}");
	const char *bad_weight = "site:dice:zero:The Place\n";
	ck_assert_int_eq(site_parts_parse(&sp, "s.parts", bad_weight, strlen(bad_weight), &e), -1);
	ck_assert_msg(strncmp(e.msg, "s.parts:1:11: ", 14) == 0, "%s", e.msg);
	struct names_table t;
	const char *bad_for = "entrance:Hall\nfor:\nname:room:1:9:1:0:Cell\n";
	ck_assert_int_eq(names_parse(&t, "d.names", bad_for, strlen(bad_for), &e), -1);
	ck_assert_str_eq(e.msg, "d.names:2:5: the name is empty");
	const char *good = "entrance:Hall\nfor:monster\nname:room:1:9:1:0:Lair\nfor:*\nname:room:1:9:1:0:Cell\n";
	ck_assert_int_eq(names_parse(&t, "d.names", good, strlen(good), &e), 0);
	ck_assert_int_eq(t.nentries, 2);
	ck_assert_str_eq(t.names[t.entries[0].tag], "monster");
	ck_assert_int_eq(t.entries[1].tag, -1);
	names_free(&t);
}
END_TEST

static Suite *names_suite(void)
{
	Suite *s = suite_create("names");
	TCase *tc = tcase_create("names");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_default_sheet_is_titled_with_the_site, 0, 5);
	tcase_add_test(tc, test_site_names_fit_the_method);
	tcase_add_test(tc, test_dice_and_cards_rooms_are_named);
	tcase_add_test(tc, test_dice_names_follow_contents);
	tcase_add_test(tc, test_names_never_move_a_wall);
	tcase_add_test(tc, test_bad_tables_name_line_and_column);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(names_suite)
