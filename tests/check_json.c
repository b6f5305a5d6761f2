/* check_json.c: the JSON format as an importer in another language meets it.
 * Every method's output (defaults, other seeds and options, a mixed 3-level
 * booklet, a bare key) is UTF-8, validates against the shipped schema
 * (templates/schema/mapsheet.schema.json, checked by tests/json_schema_check.py
 * with python3-jsonschema) and keeps the rules between fields
 * (tests/json_contract.py); documents that break the format fail the same
 * check; "none" is null, never an index; text is escaped; every feature
 * is written by its name and read back; the site (the secret, the
 * factions, each entry's kind, features and occupants) is written as the
 * document has it, its features derived from the squares, and read back to
 * the same bytes; and the format's page, mapsheet-json(5), names every
 * value and holds a valid example. */
#include "testutil.h"

#include "export/export.h"
#include "model/key.h"
#include "model/map_check.h"
#include "base/sbuf.h"
#include "read/read_map.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define DIR_OUT "build/tests/json"
#define SCHEMA "templates/schema/mapsheet.schema.json"

/* Runs a shell command with its output in *out (caller frees); returns its
 * exit status, or -1 when it did not run. */
static int run_capture(const char *cmd, char **out)
{
	char full[16384];
	snprintf(full, sizeof full, "%s >" DIR_OUT "/run.out 2>&1", cmd);
	int st = system(full);
	*out = test_slurp(DIR_OUT "/run.out", NULL);
	if (!*out)
		*out = strdup("");
	return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

static void make_dir(void)
{
	ck_assert_int_eq(system("mkdir -p " DIR_OUT), 0);
}

/* Writes n bytes to path. */
static void write_file(const char *path, const char *data, size_t n)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(data, 1, n, f), n);
	ck_assert_int_eq(fclose(f), 0);
}

/* Both checks over `files` (paths separated by spaces) must pass. */
static void expect_valid(const char *files)
{
	char cmd[12288], *out;
	snprintf(cmd, sizeof cmd, "python3 tests/json_schema_check.py " SCHEMA " %s", files);
	int rc = run_capture(cmd, &out);
	ck_assert_msg(rc == 0, "the schema refuses mapsheet's own output (exit %d):\n%.3000s", rc, out);
	free(out);
	snprintf(cmd, sizeof cmd, "python3 tests/json_contract.py %s", files);
	rc = run_capture(cmd, &out);
	ck_assert_msg(rc == 0, "the output breaks the rules between fields (exit %d):\n%.3000s", rc, out);
	free(out);
}

static const struct {
	const char *name, *args;
} cases[] = {
	{ "dice", "--method dice --seed 1" },
	{ "dice-alcove", "--method dice --seed goblin --rooms 40 --room-shape alcove --loops 6" },
	{ "dice-reading", "--method dice --seed x2 --rooms 8 --numbering reading" },
	{ "mansion", "--method mansion --seed 1" },
	{ "mansion-fill", "--method mansion --seed manor --rooms 30 --packing fill --hall-share 0.6" },
	{ "cards", "--method cards --seed 1" },
	{ "cards-islands", "--method cards --seed isle --layout weighted --zones 5 "
			   "--joins bridge,tumor,multi-tumor,island --cell 8" },
	{ "cards-one-zone", "--method cards --seed z1 --zones 1 --layout fill" },
	{ "tiles", "--method tiles --seed 1" },
	{ "tiles-new-door", "--method tiles --seed t2 --rooms 40 --dead-ends new-door" },
	{ "house", "--method house --seed 1" },
	{ "house-halls", "--method house --seed h2 --size 40x30 --hall-rate 0.3 --max-room 30" },
	{ "booklet", "--method dice,mansion,cards --levels 3 --seed booklet --title 'The Sunken Crypt'" },
	{ "booklet-tiles-house", "--method tiles,house --levels 3 --seed b2" },
	{ "no-stock", "--method cards --levels 2 --seed bare --no-stock" },
	{ "no-stock-house", "--method house --seed bare --no-stock" },
	{ "level-2", "--method dice --levels 3 --level 2 --seed only" },
};

START_TEST(test_every_output_validates)
{
	make_dir();
	char files[8192] = "";
	size_t used = 0;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char args[512], path[128];
		snprintf(path, sizeof path, DIR_OUT "/%s.json", cases[i].name);
		snprintf(args, sizeof args, "%s -q -o %s", cases[i].args, path);
		ck_assert_msg(test_run(args, NULL, DIR_OUT "/run.err") == 0, "mapsheet %s failed", args);
		used += (size_t)snprintf(files + used, sizeof files - used, " %s", path);
		ck_assert_uint_lt(used, sizeof files);
	}
	/* the document written to standard output too */
	ck_assert_int_eq(test_run("--method house --seed 1 -q --format json -o -", DIR_OUT "/stdout.json", NULL), 0);
	expect_valid(files);
	expect_valid(DIR_OUT "/stdout.json");
}
END_TEST

/* Replaces the first `from` after the first `after` (NULL: anywhere) in text
 * with `to`, into out; fails the test when text has no such `from`. */
static size_t mutate(const char *text, const char *after, const char *from, const char *to, char *out,
		     size_t size)
{
	const char *start = after ? strstr(text, after) : text;
	ck_assert_msg(start != NULL, "the base document has no %s", after);
	const char *at = strstr(start, from);
	ck_assert_msg(at != NULL, "the base document has no %s", from);
	size_t head = (size_t)(at - text), flen = strlen(from), tlen = strlen(to), rest = strlen(at + flen);
	ck_assert_uint_lt(head + tlen + rest, size);
	memcpy(out, text, head);
	memcpy(out + head, to, tlen);
	memcpy(out + head + tlen, at + flen, rest + 1);
	return head + tlen + rest;
}

START_TEST(test_broken_documents_fail)
{
	/* each a way a writer or a hand edit could break the format; the check
	 * must name every one of these files */
	static const struct {
		const char *name, *from, *to, *after;
	} broken[] = {
		{ "plain-door-lock-0", "\"lock\": null}", "\"lock\": 0}", "\"kind\": \"door\"" },
		{ "lock-on-open-door", "\"lock\": null}", "\"lock\": 0}", NULL },
		{ "locked-without-lock", "\"lock\": 0}", "\"lock\": null}", NULL },
		{ "old-square-feet", "\"square_side_feet\"", "\"square_feet\"", NULL },
		{ "version-2", "\"version\": 5", "\"version\": 2", NULL },
		{ "version-6", "\"version\": 5", "\"version\": 6", NULL },
		{ "corridor-number-0", "\"number\": null, \"kind\": \"corridor\"", "\"number\": 0, \"kind\": \"corridor\"", NULL },
		{ "room-number-null", "\"number\": 1, \"kind\": \"room\"", "\"number\": null, \"kind\": \"room\"", NULL },
		{ "zone-as-text", "\"zone\": 0,", "\"zone\": \"0\",", NULL },
		{ "unknown-door-kind", "\"kind\": \"door\"", "\"kind\": \"arch\"", NULL },
		{ "unknown-side", "\"side\": \"e\"", "\"side\": \"east\"", NULL },
		{ "extra-field", "\"port\": false,", "\"port\": false, \"colour\": \"red\",", NULL },
		{ "missing-area", "\"area\": ", "\"size\": ", NULL },
		{ "empty-name", "\"name\": null", "\"name\": \"\"", NULL },
		{ "bad-contents-kind", "\"contents_kind\": \"", "\"contents_kind\": \"Big Monster ", NULL },
		{ "negative-x", "{\"x\": ", "{\"x\": -", NULL },
		{ "short-rect", "\"rects\": [[", "\"rects\": [[9, ", NULL },
		{ "raw-control-character", "\"seed\": \"", "\"seed\": \"\x01", NULL },
		{ "not-utf8", "\"seed\": \"", "\"seed\": \"\xff", NULL },
		{ "repeated-key", "\"seed\": ", "\"seed\": \"twice\", \"seed\": ", NULL },
		/* the site */
		{ "secret-missing", "\"secret\": ", "\"secrets\": ", NULL },
		{ "faction-without-leader", "\"leader\": ", "\"chief\": ", NULL },
		{ "faction-id-words", "{\"id\": \"", "{\"id\": \"Red ", NULL },
		{ "entry-kind-words", "\"kind\": \"", "\"kind\": \"Great ", "\"contents_kind\"" },
		{ "entry-without-occupants", "\"occupants\": ", "\"occupant\": ", NULL },
		{ "entry-feature-unknown", "\"features\": [", "\"features\": [\"sofa\", ", "\"exits\"" },
		{ "entry-feature-twice", "\"features\": [\"pillar\"]", "\"features\": [\"pillar\", \"pillar\"]", "\"exits\"" },
		{ "occupant-count-negative", "\"count\": ", "\"count\": -", NULL },
		{ "occupant-faction-text", "\"faction\": 1", "\"faction\": \"1\"", NULL },
		{ "occupant-role-unknown", "\"role\": \"", "\"role\": \"x", NULL },
		{ "occupant-extra-field", "\"role\": ", "\"mood\": \"calm\", \"role\": ", NULL },
	};
	make_dir();
	ck_assert_int_eq(test_run("--method cards --seed broken --rooms 8 --zones 2 -q -o " DIR_OUT "/base.json", NULL, NULL), 0);
	expect_valid(DIR_OUT "/base.json");
	size_t len;
	char *base = test_slurp(DIR_OUT "/base.json", &len);
	ck_assert_ptr_nonnull(base);
	char *doc = malloc(len + 256);
	ck_assert_ptr_nonnull(doc);
	char files[8192] = "", cmd[9000];
	size_t used = 0;
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		char path[128];
		snprintf(path, sizeof path, DIR_OUT "/broken-%s.json", broken[i].name);
		size_t n = mutate(base, broken[i].after, broken[i].from, broken[i].to, doc, len + 256);
		write_file(path, doc, n);
		used += (size_t)snprintf(files + used, sizeof files - used, " %s", path);
	}
	snprintf(cmd, sizeof cmd, "python3 tests/json_schema_check.py " SCHEMA "%s", files);
	char *out;
	int rc = run_capture(cmd, &out);
	ck_assert_msg(rc == 1, "broken documents: exit %d, not 1:\n%.3000s", rc, out);
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		char want[128];
		snprintf(want, sizeof want, DIR_OUT "/broken-%s.json: ", broken[i].name);
		ck_assert_msg(strstr(out, want) != NULL, "%s passed the check:\n%.3000s", broken[i].name, out);
	}
	free(out);
	/* the site's rules between fields, which the schema cannot state: each
	 * document is valid by the schema and breaks one */
	static const struct {
		const char *name, *from, *to;
	} unruly[] = {
		{ "features-not-the-squares", "\"features\": [], \"contents_kind\"", "\"features\": [\"well\"], \"contents_kind\"" },
		{ "faction-not-there", "\"faction\": 1", "\"faction\": 9" },
	};
	char rfiles[1024] = "";
	used = 0;
	for (size_t i = 0; i < sizeof unruly / sizeof unruly[0]; i++) {
		char path[128];
		snprintf(path, sizeof path, DIR_OUT "/unruly-%s.json", unruly[i].name);
		size_t n = mutate(base, NULL, unruly[i].from, unruly[i].to, doc, len + 256);
		write_file(path, doc, n);
		used += (size_t)snprintf(rfiles + used, sizeof rfiles - used, " %s", path);
	}
	snprintf(cmd, sizeof cmd, "python3 tests/json_schema_check.py " SCHEMA "%s", rfiles);
	rc = run_capture(cmd, &out);
	ck_assert_msg(rc == 0, "the schema refuses a document only its rules break (exit %d):\n%.3000s", rc, out);
	free(out);
	snprintf(cmd, sizeof cmd, "python3 tests/json_contract.py%s", rfiles);
	rc = run_capture(cmd, &out);
	ck_assert_msg(rc == 1, "documents that break the site's rules: exit %d, not 1:\n%.3000s", rc, out);
	for (size_t i = 0; i < sizeof unruly / sizeof unruly[0]; i++) {
		char want[128];
		snprintf(want, sizeof want, DIR_OUT "/unruly-%s.json: ", unruly[i].name);
		ck_assert_msg(strstr(out, want) != NULL, "%s passed the check:\n%.3000s", unruly[i].name, out);
	}
	free(out);
	free(doc);
	free(base);
}
END_TEST

/* A 12x8 map with every kind of region, door and feature, stairs up to
 * nowhere and down to a level not generated, and no zones. */
static void build_every_kind(struct map *m)
{
	struct err e;
	ck_assert_int_eq(map_init(m, 12, 8, &e), 0);
	m->method = "house";
	m->square_feet = 5;
	static const struct {
		enum region_kind kind;
		struct rect r;
		const char *name;
	} regions[] = {
		{ REGION_ROOM, { 1, 1, 3, 3 }, "Hall of Doors" }, { REGION_CORRIDOR, { 4, 2, 2, 1 }, "" },
		{ REGION_HALL, { 6, 1, 2, 4 }, "" },              { REGION_BRIDGE, { 8, 1, 3, 2 }, "" },
		{ REGION_ROOM, { 8, 3, 3, 3 }, "" },
	};
	for (int i = 0; i < 5; i++) {
		int id = map_add_region(m, regions[i].kind, &e);
		ck_assert_int_eq(id, i + 1);
		snprintf(m->regions[id].name, sizeof m->regions[id].name, "%s", regions[i].name);
		map_fill_rect(m, id, regions[i].r);
	}
	ck_assert_int_eq(map_add_door(m, 2, 3, SIDE_S, DOOR_PLAIN, &e), 0);
	ck_assert_int_eq(map_add_door(m, 3, 2, SIDE_E, DOOR_OPENING, &e), 1);
	ck_assert_int_eq(map_add_door(m, 5, 2, SIDE_E, DOOR_PORTCULLIS, &e), 2);
	ck_assert_int_eq(map_add_door(m, 7, 1, SIDE_E, DOOR_SECRET, &e), 3);
	ck_assert_int_eq(map_add_door(m, 7, 4, SIDE_E, DOOR_PLAIN, &e), 4);
	ck_assert_int_eq(map_add_door(m, 9, 2, SIDE_S, DOOR_PLAIN, &e), 5);
	ck_assert_int_eq(map_add_lock(m, 4, 1, "iron key", &e), 0);
	ck_assert_int_eq(map_add_stair(m, 1, 1, STAIR_UP, 0, &e), 0);
	ck_assert_int_eq(map_add_stair(m, 10, 5, STAIR_DOWN, 2, &e), 1);
	m->features[2 * m->w + 2] = FEATURE_PILLAR;
	m->features[4 * m->w + 6] = FEATURE_WATER;
	m->features[2 * m->w + 4] = FEATURE_RUBBLE;
	m->features[4 * m->w + 9] = FEATURE_STATUE;
	map_set_entrance(m, 2, 3, SIDE_S);
	map_recount(m);
	ck_assert_int_eq(key_number(m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(m, &e) == 0, "the fixture breaks the map contract: %s", e.msg);
}

START_TEST(test_none_is_null)
{
	make_dir();
	struct level lv;
	struct err e;
	memset(&lv, 0, sizeof lv);
	build_every_kind(&lv.map);
	struct key_options ko = { .numbering = KEY_NUMBER_ENTRANCE, .stock = 0, .template_dirs = test_template_dirs() };
	ck_assert_int_eq(key_build(&lv.key, &lv.map, &ko, &e), 0);
	struct doc d = { .seed = "every-kind", .levels = &lv, .nlevels = 1 };
	FILE *f = fopen(DIR_OUT "/every-kind.json", "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_json(f, &d, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	char *j = test_slurp(DIR_OUT "/every-kind.json", NULL);
	ck_assert_ptr_nonnull(j);
	static const char *const want[] = {
		"\"version\": 5,",
		"\"title\": null,",
		"\"secret\": null,",
		"\"command\": null,\n  \"threads\": [],\n  \"factions\": [],\n  \"party\": null,",
		/* no site: no kind, no one in the room; its features from its squares */
		"\"features\": [\"pillar\"], \"contents_kind\": null, \"kind\": null, \"occupants\": [], \"encounter\": "
		"null, \"trap\": null, \"treasure\": null, \"lines\": [",
		"\"features\": [\"statue\"], \"contents_kind\": null,",
		"\"square_side_feet\": 5,",
		/* a corridor has no number and no name; a map without zones puts no
		 * region in zone 0 */
		"{\"id\": 2, \"number\": null, \"kind\": \"corridor\", \"name\": null, \"zone\": null, \"port\": false, "
		"\"card\": null, \"area\": 2, \"rects\": [[4, 2, 2, 1]]}",
		"{\"id\": 1, \"number\": 1, \"kind\": \"room\", \"name\": \"Hall of Doors\", \"zone\": null,",
		/* the entrance's door opens onto no region */
		"{\"x\": 2, \"y\": 3, \"side\": \"s\", \"kind\": \"door\", \"regions\": [1, null], \"lock\": null}",
		"{\"x\": 3, \"y\": 2, \"side\": \"e\", \"kind\": \"opening\", \"regions\": [1, 2], \"lock\": null}",
		/* the only locked door names lock 0, the first lock */
		"{\"x\": 7, \"y\": 4, \"side\": \"e\", \"kind\": \"locked\", \"regions\": [3, 5], \"lock\": 0}",
		"\"locks\": [{\"door\": 4, \"region\": 1, \"key\": \"iron key\"}]",
		"{\"x\": 1, \"y\": 1, \"dir\": \"up\", \"to_level\": null, \"to_room\": null}",
		"{\"x\": 10, \"y\": 5, \"dir\": \"down\", \"to_level\": 2, \"to_room\": null}",
		"\"zones\": [],",
		"\"features\": [{\"x\": 2, \"y\": 2, \"kind\": \"pillar\"}, {\"x\": 4, \"y\": 2, \"kind\": \"rubble\"}, "
		"{\"x\": 6, \"y\": 4, \"kind\": \"water\"}, {\"x\": 9, \"y\": 4, \"kind\": \"statue\"}],",
		"\"entrance\": {\"x\": 2, \"y\": 3, \"side\": \"s\"},",
		"\"contents_kind\": null,",
		"\"wandering\": [],\n      \"roster\": [],\n      \"alarm\": null",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(j, want[i]) != NULL, "the JSON lacks %s:\n%.3000s", want[i], j);
	/* "lock": 0 only on the locked door, nowhere a 0 standing for none */
	const char *p = j;
	int zero_locks = 0;
	while ((p = strstr(p, "\"lock\": 0")) != NULL) {
		zero_locks++;
		p++;
	}
	ck_assert_int_eq(zero_locks, 1);
	ck_assert_ptr_null(strstr(j, "\"number\": 0"));
	ck_assert_ptr_null(strstr(j, "\"zone\": 0"));
	ck_assert_ptr_null(strstr(j, "\"name\": \"\""));
	free(j);
	expect_valid(DIR_OUT "/every-kind.json");
	key_free(&lv.key);
	map_free(&lv.map);
}
END_TEST

/* A room one square deep holding each feature once, west to east, in the
 * order of enum feature: written, it validates and names each; read back,
 * it has the same features and writes the same bytes. */
START_TEST(test_every_feature_round_trips)
{
	make_dir();
	struct level lv;
	struct err e;
	memset(&lv, 0, sizeof lv);
	int n = FEATURE_COUNT - 1;
	ck_assert_int_eq(map_init(&lv.map, n + 2, 8, &e), 0);
	lv.map.method = "dice";
	int id = map_add_region(&lv.map, REGION_ROOM, &e);
	map_fill_rect(&lv.map, id, (struct rect){ 1, 1, n, 1 });
	ck_assert_int_ge(map_add_door(&lv.map, 1, 1, SIDE_S, DOOR_PLAIN, &e), 0);
	map_set_entrance(&lv.map, 1, 1, SIDE_S);
	for (int k = FEATURE_NONE + 1; k < FEATURE_COUNT; k++)
		lv.map.features[lv.map.w + k] = (unsigned char)k;
	map_recount(&lv.map);
	ck_assert_int_eq(key_number(&lv.map, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(&lv.map, &e) == 0, "%s", e.msg);
	struct key_options ko = { .numbering = KEY_NUMBER_ENTRANCE, .stock = 0, .template_dirs = test_template_dirs() };
	ck_assert_int_eq(key_build(&lv.key, &lv.map, &ko, &e), 0);
	struct doc d = { .seed = "every-feature", .levels = &lv, .nlevels = 1 };
	FILE *f = fopen(DIR_OUT "/every-feature.json", "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_json(f, &d, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	char *j = test_slurp(DIR_OUT "/every-feature.json", NULL);
	ck_assert_ptr_nonnull(j);
	/* the room's entry names each kind once, in the order of enum feature */
	char names[512] = "\"features\": [";
	for (int k = FEATURE_NONE + 1; k < FEATURE_COUNT; k++) {
		char want[96];
		snprintf(want, sizeof want, "{\"x\": %d, \"y\": 1, \"kind\": \"%s\"}", k, feature_name((enum feature)k));
		ck_assert_msg(strstr(j, want) != NULL, "the JSON lacks %s", want);
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s\"%s\"", k > 1 ? ", " : "",
			 feature_name((enum feature)k));
	}
	strcat(names, "], \"contents_kind\"");
	ck_assert_msg(strstr(j, names) != NULL, "the JSON lacks %s", names);
	expect_valid(DIR_OUT "/every-feature.json");

	struct read_json_doc back;
	memset(&back, 0, sizeof back);
	ck_assert_msg(read_map_file(DIR_OUT "/every-feature.json", INPUT_MAPSHEET, &back, NULL, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(back.nlevels, 1);
	const struct map *m = &back.levels[0].map;
	ck_assert_int_eq(m->w, lv.map.w);
	ck_assert_int_eq(m->h, lv.map.h);
	ck_assert_mem_eq(m->features, lv.map.features, (size_t)m->w * m->h);
	struct doc d2 = { .seed = back.seed, .levels = back.levels, .nlevels = 1 };
	f = fopen(DIR_OUT "/every-feature.again.json", "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_json(f, &d2, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	char *again = test_slurp(DIR_OUT "/every-feature.again.json", NULL);
	ck_assert_ptr_nonnull(again);
	ck_assert_str_eq(again, j);
	free(again);
	free(j);
	read_json_doc_free(&back);
	key_free(&lv.key);
	map_free(&lv.map);
}
END_TEST

/* The every-kind map with a site: two factions, a secret, rooms of a kind
 * with occupants of a faction and of none. Written, it has them as the
 * document has them and validates; read back, it has the same and writes
 * the same bytes. */
START_TEST(test_site_round_trips)
{
	make_dir();
	struct level lv;
	struct err e;
	memset(&lv, 0, sizeof lv);
	build_every_kind(&lv.map);
	struct key_options ko = { .numbering = KEY_NUMBER_ENTRANCE, .stock = 0, .template_dirs = test_template_dirs() };
	ck_assert_int_eq(key_build(&lv.key, &lv.map, &ko, &e), 0);
	ck_assert_int_ge(lv.key.n, 2);
	static const struct faction factions[] = {
		{ "goblins", "the Red Fang goblins", "Skarg the Tusked", "hobgoblin captain" },
		{ "grave-cult", "the \"Pale\" Brethren", "Mother Ash", "priest" },
	};
	struct key_entry *first = &lv.key.entries[0], *second = &lv.key.entries[1];
	snprintf(first->kind, sizeof first->kind, "guardroom");
	first->occupants[0] = (struct key_occupant){ 0, "goblin", 4, "guard" };
	first->occupants[1] = (struct key_occupant){ 1, "acolyte", 1, "" };
	first->noccupants = 2;
	snprintf(second->kind, sizeof second->kind, "crypt-entry");
	second->occupants[0] = (struct key_occupant){ -1, "giant rat", 3, "" };
	second->noccupants = 1;
	struct doc d = { .seed = "site", .story = "Goblins hold it.", .secret = "The cult pays them.",
			 .factions = factions, .nfactions = 2, .levels = &lv, .nlevels = 1 };
	FILE *f = fopen(DIR_OUT "/site.json", "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_json(f, &d, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	char *j = test_slurp(DIR_OUT "/site.json", NULL);
	ck_assert_ptr_nonnull(j);
	static const char *const want[] = {
		"\"story\": \"Goblins hold it.\",\n  \"secret\": \"The cult pays them.\",\n",
		"\"factions\": [\n    {\"id\": \"goblins\", \"name\": \"the Red Fang goblins\", \"leader\": \"Skarg the Tusked\", "
		"\"leader_creature\": \"hobgoblin captain\"},\n    {\"id\": \"grave-cult\", \"name\": \"the \\\"Pale\\\" Brethren\", "
		"\"leader\": \"Mother Ash\", \"leader_creature\": \"priest\"}\n  ],\n  \"party\": null,\n  \"levels\": [",
		"\"kind\": \"guardroom\", \"occupants\": [{\"faction\": 0, \"creature\": \"goblin\", \"count\": 4, \"role\": "
		"\"guard\"}, {\"faction\": 1, \"creature\": \"acolyte\", \"count\": 1, \"role\": null}]",
		"\"kind\": \"crypt-entry\", \"occupants\": [{\"faction\": null, \"creature\": \"giant rat\", \"count\": 3, "
		"\"role\": null}]",
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(j, want[i]) != NULL, "the JSON lacks %s:\n%.3000s", want[i], j);
	expect_valid(DIR_OUT "/site.json");

	struct read_json_doc back;
	memset(&back, 0, sizeof back);
	ck_assert_msg(read_map_file(DIR_OUT "/site.json", INPUT_MAPSHEET, &back, NULL, &e) == 0, "%s", e.msg);
	ck_assert_str_eq(back.secret, "The cult pays them.");
	ck_assert_int_eq(back.nfactions, 2);
	ck_assert_mem_eq(back.factions, factions, sizeof factions);
	const struct key *k = &back.levels[0].key;
	ck_assert_int_eq(k->n, lv.key.n);
	for (int i = 0; i < k->n; i++) {
		ck_assert_str_eq(k->entries[i].kind, lv.key.entries[i].kind);
		ck_assert_int_eq(k->entries[i].noccupants, lv.key.entries[i].noccupants);
		for (int o = 0; o < k->entries[i].noccupants; o++) {
			const struct key_occupant *a = &k->entries[i].occupants[o], *b = &lv.key.entries[i].occupants[o];
			ck_assert_int_eq(a->faction, b->faction);
			ck_assert_str_eq(a->creature, b->creature);
			ck_assert_int_eq(a->count, b->count);
			ck_assert_str_eq(a->role, b->role);
		}
	}
	struct doc d2 = { .seed = back.seed, .story = back.story, .secret = back.secret, .factions = back.factions,
			  .nfactions = back.nfactions, .levels = back.levels, .nlevels = 1 };
	f = fopen(DIR_OUT "/site.again.json", "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(export_json(f, &d2, &e), 0);
	ck_assert_int_eq(fclose(f), 0);
	char *again = test_slurp(DIR_OUT "/site.again.json", NULL);
	ck_assert_ptr_nonnull(again);
	ck_assert_str_eq(again, j);
	free(again);
	free(j);
	read_json_doc_free(&back);
	key_free(&lv.key);
	map_free(&lv.map);
}
END_TEST

START_TEST(test_json_strings_are_utf8_and_escaped)
{
	static const struct {
		const char *in, *out;
	} strings[] = {
		{ "plain", "\"plain\"" },
		{ "q\"b\\s/", "\"q\\\"b\\\\s/\"" },
		{ "\x01\x1f\x7f\t\n\r", "\"\\u0001\\u001f\\u007f\\t\\n\\r\"" },
		{ "\xc3\xa6lfric \xe2\x82\xac \xf0\x9f\x90\x89", "\"\xc3\xa6lfric \xe2\x82\xac \xf0\x9f\x90\x89\"" },
		{ "a\xff" "b", "\"a\\ufffdb\"" },                  /* never UTF-8 */
		{ "\xc0\xaf", "\"\\ufffd\\ufffd\"" },              /* overlong '/' */
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" },   /* a UTF-16 surrogate */
		{ "\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"" }, /* past U+10FFFF */
		{ "end\xe2\x82", "\"end\\ufffd\\ufffd\"" },        /* cut short */
		{ "\x80x", "\"\\ufffdx\"" },                        /* a lone continuation byte */
		{ "", "\"\"" },
		{ "\"lead and trail\\", "\"\\\"lead and trail\\\\\"" }, /* escapes around a run */
		{ "a\xc3\xa6\"\xe2\x82\xac\x01z", "\"a\xc3\xa6\\\"\xe2\x82\xac\\u0001z\"" },
	};
	for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
		struct sbuf s;
		sbuf_init(&s);
		sbuf_add_json(&s, strings[i].in);
		ck_assert_str_eq(sbuf_cstr(&s), strings[i].out);
		sbuf_free(&s);
	}
}
END_TEST

/* Numbers as printf's "%ld" writes them, at the ends of the range too. */
START_TEST(test_numbers_as_printf_writes_them)
{
	static const long values[] = { 0, 7, -7, 10, 99, 100, -1000, 12345678, INT_MAX, INT_MIN, LONG_MAX, LONG_MIN };
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		char want[32];
		snprintf(want, sizeof want, "%ld", values[i]);
		struct sbuf s;
		sbuf_init(&s);
		sbuf_add(&s, "n=");
		sbuf_add_int(&s, values[i]);
		ck_assert_str_eq(sbuf_cstr(&s) + 2, want);
		sbuf_free(&s);
	}
}
END_TEST

START_TEST(test_control_characters_in_seed_and_title)
{
	make_dir();
	ck_assert_int_eq(test_run("--seed \"$(printf 'ctl\\001\\037\"\\\\\\t x\\177')\" "
				  "--title \"$(printf 'The\\002Crypt\\nof Doors')\" -q -o " DIR_OUT "/control.json",
				  NULL, DIR_OUT "/run.err"),
			 0);
	/* a seed that is not UTF-8 is refused before anything is written */
	unlink(DIR_OUT "/not-utf8.json");
	ck_assert_int_eq(test_run("--seed \"$(printf 'bad\\377utf\\300')\" -q -o " DIR_OUT "/not-utf8.json", NULL,
				  DIR_OUT "/run.err"),
			 2);
	size_t n;
	char *j = test_slurp(DIR_OUT "/control.json", &n);
	ck_assert_ptr_nonnull(j);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(((unsigned char)j[i] >= 0x20 && (unsigned char)j[i] != 0x7f) || j[i] == '\n',
			      "a raw control character 0x%02x at byte %zu", (unsigned char)j[i], i);
	ck_assert_ptr_nonnull(strstr(j, "\"seed\": \"ctl\\u0001\\u001f\\\"\\\\\\t x\\u007f\",\n"));
	ck_assert_ptr_nonnull(strstr(j, "\"title\": \"The\\u0002Crypt\\nof Doors\",\n"));
	free(j);
	ck_assert_int_ne(access(DIR_OUT "/not-utf8.json", F_OK), 0);
	expect_valid(DIR_OUT "/control.json");
}
END_TEST

START_TEST(test_man_page_example_validates)
{
	make_dir();
	char *man = test_slurp("man/mapsheet-json.5", NULL);
	ck_assert_ptr_nonnull(man);
	const char *begin = strstr(man, ".\\\" json-example-begin\n"), *end = strstr(man, ".\\\" json-example-end\n");
	ck_assert(begin && end && begin < end);
	begin = strchr(begin, '\n') + 1;
	ck_assert_ptr_null(memchr(begin, '\\', (size_t)(end - begin)));   /* no roff escapes to undo */
	write_file(DIR_OUT "/man-example.json", begin, (size_t)(end - begin));
	free(man);
	expect_valid(DIR_OUT "/man-example.json");
}
END_TEST

/* True when the page sets `name` in bold as a value: ".B name" or
 * ".BR name ," on a line of its own. */
static int page_names(const char *page, const char *name)
{
	char a[64], b[64];
	snprintf(a, sizeof a, "\n.B %s\n", name);
	snprintf(b, sizeof b, "\n.BR %s ", name);
	return strstr(page, a) || strstr(page, b);
}

START_TEST(test_page_and_schema_name_every_value)
{
	char *page = test_slurp("man/mapsheet-json.5", NULL), *schema = test_slurp(SCHEMA, NULL);
	ck_assert(page && schema);
	const char *names[64];
	int n = 0;
	for (int k = 0; k < REGION_KIND_COUNT; k++)
		names[n++] = region_kind_name((enum region_kind)k);
	for (int k = 0; k < DOOR_KIND_COUNT; k++)
		names[n++] = door_kind_name((enum door_kind)k);
	for (int k = FEATURE_NONE + 1; k < FEATURE_COUNT; k++)
		names[n++] = feature_name((enum feature)k);
	for (int i = 0; method_table[i]; i++)
		names[n++] = method_table[i]->name;
	names[n++] = "up";
	names[n++] = "down";
	for (int i = 0; i < n; i++) {
		char quoted[64];
		snprintf(quoted, sizeof quoted, "\"%s\"", names[i]);
		ck_assert_msg(page_names(page, names[i]), "mapsheet-json(5) does not list '%s'", names[i]);
		ck_assert_msg(strstr(schema, quoted) != NULL, "the schema does not allow '%s'", names[i]);
	}
	free(page);
	free(schema);
}
END_TEST

static Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("format");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_output_validates);
	tcase_add_test(tc, test_broken_documents_fail);
	tcase_add_test(tc, test_none_is_null);
	tcase_add_test(tc, test_every_feature_round_trips);
	tcase_add_test(tc, test_site_round_trips);
	tcase_add_test(tc, test_json_strings_are_utf8_and_escaped);
	tcase_add_test(tc, test_numbers_as_printf_writes_them);
	tcase_add_test(tc, test_control_characters_in_seed_and_title);
	tcase_add_test(tc, test_man_page_example_validates);
	tcase_add_test(tc, test_page_and_schema_name_every_value);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(json_suite)
