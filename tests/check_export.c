/* check_export.c: the text and JSON outputs as another tool reads them: the
 * JSON of every method parses and meets the contract (tests/json_contract.py
 * reads it with Python's json module), the text preview draws walls where
 * the map has them and each feature by a character of its own, which
 * mapsheet(1) names, its level header neither reads as an error nor
 * breaks its scale over lines, and both are byte-identical across runs. */
#include "testutil.h"

#include "export/export.h"
#include "model/key.h"
#include "methods/levels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

START_TEST(test_json_meets_contract)
{
	for (int i = 0; method_table[i]; i++) {
		const char *name = method_table[i]->name;
		for (int seed = 0; seed < 3; seed++) {
			char args[256], cmd[512];
			snprintf(args, sizeof args, "--method %s --seed json%d --levels 2 -o build/tests/export.json", name,
				 seed);
			ck_assert_msg(test_run(args, NULL, "build/tests/export.err") == 0, "%s failed", args);
			snprintf(cmd, sizeof cmd, "python3 tests/json_contract.py build/tests/export.json >build/tests/export.py.out 2>&1");
			int rc = system(cmd);
			char *why = test_slurp("build/tests/export.py.out", NULL);
			ck_assert_msg(rc == 0, "%s: %s", args, why ? why : "");
			free(why);
		}
	}
}
END_TEST

START_TEST(test_outputs_repeat_byte_for_byte)
{
	for (int i = 0; method_table[i]; i++) {
		const char *exts[] = { "txt", "json" };
		for (int k = 0; k < 2; k++) {
			char args[256];
			size_t la, lb;
			snprintf(args, sizeof args, "--method %s --seed again -o build/tests/again-a.%s", method_table[i]->name,
				 exts[k]);
			ck_assert_int_eq(test_run(args, NULL, NULL), 0);
			snprintf(args, sizeof args, "--method %s --seed again -o build/tests/again-b.%s", method_table[i]->name,
				 exts[k]);
			ck_assert_int_eq(test_run(args, NULL, NULL), 0);
			char pa[64], pb[64];
			snprintf(pa, sizeof pa, "build/tests/again-a.%s", exts[k]);
			snprintf(pb, sizeof pb, "build/tests/again-b.%s", exts[k]);
			char *a = test_slurp(pa, &la), *b = test_slurp(pb, &lb);
			/* the remake line names the output file; compare everything before it */
			char *ra = strstr(a, "\nRemake:"), *rb = strstr(b, "\nRemake:");
			if (ra && rb) {
				la = (size_t)(ra - a);
				lb = (size_t)(rb - b);
			} else {
				char *ca = strstr(a, "\"command\""), *cb = strstr(b, "\"command\"");
				char *ea = ca ? strchr(ca, '\n') : NULL, *eb = cb ? strchr(cb, '\n') : NULL;
				ck_assert(ea && eb);
				ck_assert_int_eq(la - (size_t)(ea - a), lb - (size_t)(eb - b));
				ck_assert_int_eq(memcmp(ea, eb, la - (size_t)(ea - a)), 0);
				la = lb = (size_t)(ca - a);
			}
			ck_assert_msg(la == lb && memcmp(a, b, la) == 0, "%s: two runs differ", method_table[i]->name);
			free(a);
			free(b);
		}
	}
}
END_TEST

/* Draws m for width columns; returns the drawing (freed by the caller)
 * and its width in *cols. */
static char *preview(const struct map *m, int width, int *cols)
{
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	struct err e;
	*cols = export_txt_map(f, m, width, &e);
	ck_assert_int_ge(*cols, 0);
	long n = ftell(f);
	rewind(f);
	char *text = calloc((size_t)n + 1, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(fread(text, 1, (size_t)n, f), n);
	fclose(f);
	return text;
}

START_TEST(test_preview_walls)
{
	/* a 3x2 room at (1,1) on a 5x4 grid: its walls are on the grid lines,
	 * only the floor's box is drawn, and its squares are as wide as fit */
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 5, 4, &e), 0);
	int r = map_add_region(&m, REGION_ROOM, &e);
	map_fill_rect(&m, r, (struct rect){ 1, 1, 3, 2 });
	ck_assert_int_ge(map_add_door(&m, 1, 1, SIDE_N, DOOR_SECRET, &e), 0);
	map_set_entrance(&m, 1, 1, -1);
	map_recount(&m);
	key_number(&m, KEY_NUMBER_ENTRANCE, &e);
	m.doors[0].kind = DOOR_SECRET;
	/* a door onto rock is off-contract, but the preview still draws it */
	int cols;
	char *text = preview(&m, 80, &cols);
	ck_assert_int_eq(cols, 13);
	ck_assert_str_eq(text, "+-S---------+\n"
			       "|     1     |\n"
			       "|           |\n"
			       "|           |\n"
			       "+-----------+\n");
	free(text);
	/* narrower: two characters a square, then one */
	text = preview(&m, 12, &cols);
	ck_assert_int_eq(cols, 10);
	ck_assert_str_eq(text, "+S-------+\n"
			       "|   1    |\n"
			       "|        |\n"
			       "|        |\n"
			       "+--------+\n");
	free(text);
	text = preview(&m, 9, &cols);
	ck_assert_int_eq(cols, 7);
	ck_assert_str_eq(text, "+S----+\n"
			       "|  1  |\n"
			       "|     |\n"
			       "|     |\n"
			       "+-----+\n");
	free(text);
	/* narrower than that: one a square all the same, the width told */
	text = preview(&m, 4, &cols);
	ck_assert_int_eq(cols, 7);
	free(text);
	/* a number wider than a square runs over the edges between the room's
	 * squares, clear of the entrance and the stairs */
	m.regions[r].number = 123;
	m.entrance.side = SIDE_W;
	ck_assert_int_ge(map_add_stair(&m, 3, 2, STAIR_DOWN, 2, &e), 0);
	text = preview(&m, 9, &cols);
	ck_assert_str_eq(text, "+S----+\n"
			       "|E123 |\n"
			       "|     |\n"
			       "|    >|\n"
			       "+-----+\n");
	free(text);
	map_free(&m);
}
END_TEST

/* Each feature is drawn in the middle of its square by a character of its
 * own, none a wall's, a door's, a stair's, the entrance's or a digit of a
 * room number, and mapsheet(1) names the character and the feature. */
START_TEST(test_preview_features)
{
	struct map m;
	struct err e;
	int n = FEATURE_COUNT - 1;
	ck_assert_int_eq(map_init(&m, n + 2, 4, &e), 0);
	int r = map_add_region(&m, REGION_ROOM, &e);
	map_fill_rect(&m, r, (struct rect){ 1, 1, n, 2 });
	for (int k = FEATURE_NONE + 1; k < FEATURE_COUNT; k++)
		m.features[m.w + k] = (unsigned char)k;
	map_recount(&m);
	/* the floor's box (from (1, 1)) drawn 3, 2 and 1 characters a square:
	 * the features' row is the drawing's first row of squares, below the
	 * room's north wall */
	char line[3][256];
	for (int cell = 3; cell >= 1; cell--) {
		int cols;
		char *text = preview(&m, (cell + 1) * n + 1, &cols);
		ck_assert_int_eq(cols, (cell + 1) * n + 1);
		const char *row = strchr(text, '\n');
		ck_assert_ptr_nonnull(row);
		row++;
		size_t len = strcspn(row, "\n");
		ck_assert_uint_lt(len, sizeof line[0]);
		memcpy(line[3 - cell], row, len);
		line[3 - cell][len] = '\0';
		free(text);
	}
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(man);
	const char *txt = strstr(man, "\n.B .txt\nA text preview");
	ck_assert_ptr_nonnull(txt);
	const char *end = strstr(txt + 1, "\n.TP\n");
	ck_assert_ptr_nonnull(end);
	for (int k = FEATURE_NONE + 1; k < FEATURE_COUNT; k++) {
		char c = export_txt_feature_char((enum feature)k);
		const char *name = feature_name((enum feature)k);
		ck_assert_msg(c != ' ' && strchr("-|+DLS#<>E0123456789", c) == NULL, "%s drawn as '%c'", name, c);
		for (int j = FEATURE_NONE + 1; j < k; j++)
			ck_assert_msg(export_txt_feature_char((enum feature)j) != c, "%s and %s share '%c'", name,
				      feature_name((enum feature)j), c);
		for (int cell = 3; cell >= 1; cell--) {
			const char *l = line[3 - cell];
			size_t at = (size_t)((cell + 1) * (k - 1) + 1 + cell / 2);   /* the box starts at x = 1 */
			ck_assert_msg(at < strlen(l) && l[at] == c, "%s is not '%c' mid-square, %d a square: %s", name, c,
				      cell, l);
		}
		/* the page gives the character in bold, the name in the same paragraph */
		const char *bold = txt;
		int found = 0;
		while (!found && (bold = strstr(bold + 1, "\n.B ")) != NULL && bold < end) {
			const char *eol = strchr(bold + 1, '\n');
			for (const char *p = bold + 4; p < eol && !found; p++)
				found = *p == c && (p[-1] == ' ') && (p[1] == ' ' || p[1] == '\n');
		}
		ck_assert_msg(found, "mapsheet(1) .txt does not give '%c' in bold", c);
		const char *at = strstr(txt, name);
		ck_assert_msg(at && at < end, "mapsheet(1) .txt does not name %s", name);
	}
	free(man);
	map_free(&m);
}
END_TEST

START_TEST(test_way_in_is_never_secret_only)
{
	/* over many seeds of every method, the room a party starts in has a
	 * way on that needs no search */
	for (int i = 0; method_table[i]; i++) {
		for (int seed = 0; seed < 150; seed++) {
			struct gen_params p;
			struct level lv;
			struct err e;
			char text[32];
			const struct method *meths[1] = { method_table[i] };
			memset(&lv, 0, sizeof lv);
			gen_params_default(&p);
			p.rooms = 12;
			method_table[i]->fit_size(p.rooms, &p.w, &p.h);
			p.template_dirs = test_template_dirs();
			snprintf(text, sizeof text, "way-in-%d", seed);
			ck_assert_msg(levels_generate(&lv, 1, meths, 1, &p, text, KEY_NUMBER_ENTRANCE, NULL, NULL, &e) == 0,
				      "%s", e.msg);
			const struct map *m = &lv.map;
			int entry = map_at(m, m->entrance.x, m->entrance.y), inside = 0, visible = 0;
			for (int d = 0; d < m->ndoors; d++) {
				int a, b;
				map_door_regions(m, &m->doors[d], &a, &b);
				if ((a == entry || b == entry) && a > 0 && b > 0) {
					inside++;
					visible += m->doors[d].kind != DOOR_SECRET;
				}
			}
			ck_assert_msg(inside == 0 || visible > 0, "%s seed %s: every way on from the entrance is secret",
				      method_table[i]->name, text);
			levels_free(&lv, 1);
		}
	}
}
END_TEST

/* The preview's level header as a reader meets it: it does not begin
 * "mapsheet:" as the program's complaints do, and never breaks "1 square
 * = 10 ft" over lines, whatever the seed's length puts at the line's end
 * (seeds of 14 and 24 characters once did, one header or the other). */
START_TEST(test_preview_header)
{
	static const char *const seeds[] = { "fourteen-chars", "twenty-four-characters-", "a-seed-of-twenty-five-ch" };
	mkdir("build/tests", 0755);
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		char args[200];
		snprintf(args, sizeof args, "--seed %s --format txt -o -", seeds[i]);
		ck_assert_int_eq(test_run(args, "build/tests/preview-header.txt", NULL), 0);
		char *text = test_slurp("build/tests/preview-header.txt", NULL);
		ck_assert_ptr_nonnull(text);
		const char *at = strstr(text, ", level 1 of 1: ");
		ck_assert_msg(at != NULL, "%s", text);
		const char *line = at;
		while (line > text && line[-1] != '\n')
			line--;
		ck_assert_msg(strncmp(line, "mapsheet:", 9) != 0, "the header reads as an error: %.80s", line);
		const char *scale = strstr(at, "1 square = 10 ft\n"), *doors = strstr(at, "\nDoors:");
		ck_assert_msg(scale && doors && scale < doors, "seed %s: the scale is broken: %.120s",
			      seeds[i], line);
		free(text);
	}
}
END_TEST

static Suite *export_suite(void)
{
	Suite *s = suite_create("export");
	TCase *tc = tcase_create("text and json");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_json_meets_contract);
	tcase_add_test(tc, test_outputs_repeat_byte_for_byte);
	tcase_add_test(tc, test_preview_walls);
	tcase_add_test(tc, test_preview_features);
	tcase_add_test(tc, test_way_in_is_never_secret_only);
	tcase_add_test(tc, test_preview_header);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(export_suite)
