/* check_figures.c: a method's figures (how it measured the level it made:
 * packing density, compactness, the spanning tree, doors passed on
 * average) are for -v and the roll log, never for the GM's handout. Over
 * many seeds of every method and booklets of three levels, no key line,
 * note, footer, preview line or Markdown line holds a method's measure;
 * every method has figures; and the program says the same figures with
 * -v as in its --log, and none in its output. */
#include "testutil.h"

#include "export/export.h"
#include "model/doc.h"
#include "model/key.h"
#include "methods/levels.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/figures"
#define SEEDS 40
#define BOOKLET_SEEDS 8
#define RUN_SEEDS 3

/* Words that only a method's measures use. */
static const char *const jargon[] = { "density",      "compactness", "bounding box", "spanning tree", "cells;",
				      "on average",   "borders2",    "layout on",    "%",		"tumor",
				      "closing loop", "walled up",   "sample rooms", "of the plan",	"of the grid" };

/* The first of the jargon words in text, ignoring case, or NULL. */
static const char *jargon_in(const char *text)
{
	for (size_t j = 0; j < sizeof jargon / sizeof jargon[0]; j++) {
		size_t n = strlen(jargon[j]);
		for (const char *p = text; *p; p++) {
			size_t k = 0;
			while (k < n && p[k] && tolower((unsigned char)p[k]) == jargon[j][k])
				k++;
			if (k == n)
				return jargon[j];
		}
	}
	return NULL;
}

static void check_clean(const char *what, const char *text)
{
	const char *word = jargon_in(text);
	ck_assert_msg(word == NULL, "%s: '%s' in: %s", what, word ? word : "", text);
}

/* Checks every line of a text preview but the drawn maps (from the legend
 * line "Doors: ..." to the line "Key"). */
static void check_preview(const char *what, char *text)
{
	int in_map = 0;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "Doors: ", 7) == 0)
			in_map = 1;
		else if (strcmp(line, "Key") == 0)
			in_map = 0;
		else if (!in_map)
			check_clean(what, line);
	}
}

/* The key, the notes and the text and Markdown of levels lv[0..n) in d. */
static void check_doc(const char *what, struct level *lv, int n, struct doc *d)
{
	for (int l = 0; l < n; l++) {
		const struct map *m = &lv[l].map;
		const struct key *k = &lv[l].key;
		ck_assert_msg(m->nfigures > 0, "%s, level %d (%s): no figures", what, l + 1, m->method);
		for (int i = 0; i < m->nnotes; i++)
			check_clean(what, m->notes[i]);
		for (int i = 0; i < k->nfooter; i++)
			check_clean(what, k->footer[i]);
		for (int i = 0; i < k->n; i++) {
			const struct key_entry *en = &k->entries[i];
			check_clean(what, en->title);
			check_clean(what, en->size);
			check_clean(what, en->exits);
			for (int j = 0; j < en->nlines; j++)
				check_clean(what, en->lines[j]);
		}
	}
	for (int format = 0; format < 2; format++) {
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		ck_assert_ptr_nonnull(f);
		struct err e;
		int rc = format == 0 ? export_txt(f, d, &e) : export_md(f, d, NULL, &e);
		ck_assert_msg(rc == 0, "%s", e.msg);
		ck_assert_int_eq(fclose(f), 0);
		for (int l = 0; l < n; l++)
			for (int i = 0; i < lv[l].map.nfigures; i++)
				ck_assert_msg(strstr(text, lv[l].map.figures[i]) == NULL, "%s: the figure '%s' is printed", what,
					      lv[l].map.figures[i]);
		if (format == 0)
			check_preview(what, text);
		else
			check_clean(what, text);
		free(text);
	}
}

START_TEST(test_keys_without_figures)
{
	for (int k = 0; method_table[k]; k++)
		for (int s = 0; s < SEEDS; s++) {
			char seed[32], what[80];
			snprintf(seed, sizeof seed, "fig-%d", s);
			snprintf(what, sizeof what, "%s, seed %s", method_table[k]->name, seed);
			struct level lv[1];
			struct doc d;
			test_levels_doc(lv, 1, method_table[k]->name, seed, NULL, &d);
			check_doc(what, lv, 1, &d);
			levels_free(lv, 1);
		}
}
END_TEST

START_TEST(test_booklets_without_figures)
{
	char csv[8][64];
	int n = 0;
	for (int k = 0; method_table[k] && n < 6; k++)
		snprintf(csv[n++], sizeof csv[0], "%s", method_table[k]->name);
	snprintf(csv[n++], sizeof csv[0], "dice,mansion,house");
	snprintf(csv[n++], sizeof csv[0], "cards,tiles,house");
	for (int c = 0; c < n; c++)
		for (int s = 0; s < BOOKLET_SEEDS; s++) {
			char seed[32], what[120];
			snprintf(seed, sizeof seed, "booklet-%d", s);
			snprintf(what, sizeof what, "%.63s, 3 levels, seed %.31s", csv[c], seed);
			struct level lv[3];
			struct doc d;
			test_levels_doc(lv, 3, csv[c], seed, NULL, &d);
			check_doc(what, lv, 3, &d);
			levels_free(lv, 3);
		}
}
END_TEST

/* Runs the program, which must succeed; returns its stderr, and its log
 * and output in *log and *out. */
static char *run_ok(const char *args, char **log, char **out)
{
	char cmd[400];
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	snprintf(cmd, sizeof cmd, "%s -v --log " DIR "/roll.log -o " DIR "/out.txt", args);
	ck_assert_msg(test_run(cmd, NULL, DIR "/err.txt") == 0, "mapsheet %s failed", cmd);
	char *err = test_slurp(DIR "/err.txt", NULL);
	*log = test_slurp(DIR "/roll.log", NULL);
	*out = test_slurp(DIR "/out.txt", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_ptr_nonnull(*log);
	ck_assert_ptr_nonnull(*out);
	return err;
}

/* Whether text holds `line` as a whole line after prefix. */
static int has_line(const char *text, const char *prefix, const char *line)
{
	size_t np = strlen(prefix), nl = strlen(line);
	for (const char *p = text; (p = strstr(p, line)) != NULL; p++) {
		size_t at = (size_t)(p - text);
		if (at >= np && strncmp(p - np, prefix, np) == 0 && (at == np || p[-(long)np - 1] == '\n') &&
		    (p[nl] == '\n' || p[nl] == '\0'))
			return 1;
	}
	return 0;
}

/* One level of each method: its figures, generated here the way the
 * program does, are -v lines and log lines, and not in the output. */
START_TEST(test_verbose_and_log_agree)
{
	for (int k = 0; method_table[k]; k++)
		for (int s = 0; s < RUN_SEEDS; s++) {
			const char *name = method_table[k]->name;
			char seed[32], args[200], what[80];
			snprintf(seed, sizeof seed, "run-%d", s);
			snprintf(what, sizeof what, "%s, seed %s", name, seed);
			struct map m;
			struct err e;
			ck_assert_msg(test_generate(&m, name, seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
			ck_assert_int_gt(m.nfigures, 0);
			snprintf(args, sizeof args, "--method %s --seed %s", name, seed);
			char *log, *out, *err = run_ok(args, &log, &out);
			for (int i = 0; i < m.nfigures; i++) {
				ck_assert_msg(has_line(err, "mapsheet: level 1 of 1: ", m.figures[i]), "%s: -v lacks '%s':\n%s",
					      what, m.figures[i], err);
				ck_assert_msg(has_line(log, "", m.figures[i]), "%s: the log lacks '%s'", what, m.figures[i]);
				ck_assert_msg(strstr(out, m.figures[i]) == NULL, "%s: the output has '%s'", what, m.figures[i]);
			}
			check_preview(what, out);
			free(err);
			free(log);
			free(out);
			map_free(&m);
		}
}
END_TEST

/* A booklet of three levels: each level's -v lines after its own line
 * (its figures) are lines of the log, and each level has some. */
START_TEST(test_booklet_verbose_and_log)
{
	for (int k = 0; method_table[k]; k++) {
		const char *name = method_table[k]->name;
		char args[200];
		snprintf(args, sizeof args, "--method %s --levels 3 --seed booklet", name);
		char *log, *out, *err = run_ok(args, &log, &out);
		int per_level[4] = { 0 };
		char *save = NULL;
		for (char *line = strtok_r(err, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			int level, of, at = 0;
			if (sscanf(line, "mapsheet: level %d of %d: %n", &level, &of, &at) != 2 || at == 0 || of != 3 ||
			    level < 1 || level > 3 || strstr(line, " method, "))
				continue;
			ck_assert_msg(has_line(log, "", line + at), "%s: the log lacks '%s'", name, line + at);
			ck_assert_msg(strstr(out, line + at) == NULL, "%s: the output has '%s'", name, line + at);
			per_level[level]++;
		}
		for (int l = 1; l <= 3; l++)
			ck_assert_msg(per_level[l] > 0, "%s: no figures for level %d with -v", name, l);
		check_preview(name, out);
		free(err);
		free(log);
		free(out);
	}
}
END_TEST

static Suite *figures_suite(void)
{
	Suite *s = suite_create("figures");
	TCase *tc = tcase_create("figures");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_keys_without_figures);
	tcase_add_test(tc, test_booklets_without_figures);
	tcase_add_test(tc, test_verbose_and_log_agree);
	tcase_add_test(tc, test_booklet_verbose_and_log);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(figures_suite)
