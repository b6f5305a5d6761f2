/* check_template_docs.c: the examples of mapsheet-templates(5) work as a
 * reader copies them from the page man(1) renders, not from the roff
 * source: man drops the trailing spaces of the example tile's rows, and
 * its indentation comes along. Each example (a style, a stocking table
 * system, a system of one's own over 5e, tiles, a name table, a theme
 * table) is cut from
 * `MANWIDTH=120 man -l man/mapsheet-templates.5 | col -bx`, written to a
 * file and used in a run that must succeed. The example tile, and
 * mapsheet(1)'s config file example, are also pasted as they are shown,
 * indentation and all, and must work so. The site example (SITES) is a
 * shell session set flush left: it is cut from the page as it stands and
 * run by sh, with $HOME a folder of the test's, as a reader pastes it. */
#define _XOPEN_SOURCE 700 /* realpath() */
#include "testrun.h"
#include "testutil.h"

#include <limits.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/tpldocs"
#define OUT DIR "/out.txt"
#define ERR DIR "/err.txt"
#define MAX_EXAMPLES 16

struct example {
	char *text;     /* the lines, their common indentation removed */
};

static int indent_of(const char *line)
{
	int n = 0;
	while (line[n] == ' ')
		n++;
	return line[n] == '\n' || line[n] == '\0' ? -1 : n;
}

/* A line of a template file: a comment or "directive:..." (a lower-case
 * word and a colon), as opposed to the page's prose after an example. */
static int is_file_line(const char *l)
{
	if (l[0] == '#')
		return 1;
	size_t word = strspn(l, "abcdefghijklmnopqrstuvwxyz-");
	return word > 0 && l[word] == ':';
}

/* Cuts the examples: the lines after an "Example" heading or a line
 * ending "For example:", as far as they stay indented at least as deep as
 * the first and read as lines of a template file. */
static int cut_examples(char *page, struct example *ex, int max)
{
	int n = 0;
	char *lines[4096];
	int nl = 0;
	for (char *p = strtok(page, "\n"); p && nl < 4096; p = strtok(NULL, "\n"))
		lines[nl++] = p;
	for (int i = 0; i < nl && n < max; i++) {
		const char *l = lines[i];
		size_t len = strlen(l);
		int heading = strcmp(l, "   Example") == 0 ||
			      (len >= 12 && strcmp(l + len - 12, "For example:") == 0);
		if (!heading)
			continue;
		int j = i + 1, depth = indent_of(lines[j]);
		size_t size = 1;
		for (int k = j; k < nl && indent_of(lines[k]) >= depth && is_file_line(lines[k] + depth); k++)
			size += strlen(lines[k]) + 1;
		char *text = calloc(size, 1);
		ck_assert_ptr_nonnull(text);
		for (; j < nl && indent_of(lines[j]) >= depth && is_file_line(lines[j] + depth); j++) {
			strcat(text, lines[j] + depth);
			strcat(text, "\n");
		}
		ex[n++].text = text;
		i = j - 1;
	}
	return n;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
}

static void run_ok(const char *args, const char *example)
{
	int rc = test_run(args, OUT, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(rc == 0, "%s: exit %d: %s\nthe example:\n%s", args, rc, err ? err : "", example);
	free(err);
}

START_TEST(test_examples_as_rendered)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	mkdir(DIR "/tiles", 0777);
	mkdir(DIR "/system", 0777);
	mkdir(DIR "/tpl", 0777);
	mkdir(DIR "/tpl/names", 0777);
	mkdir(DIR "/tpl/themes", 0777);
	FILE *p = popen("MANWIDTH=120 man -l man/mapsheet-templates.5 2>/dev/null | col -bx", "r");
	ck_assert_ptr_nonnull(p);
	static char page[256 * 1024];
	size_t len = fread(page, 1, sizeof page - 1, p);
	ck_assert_int_eq(pclose(p), 0);
	page[len] = '\0';
	ck_assert_msg(len > 1000, "man rendered %zu bytes", len);
	struct example ex[MAX_EXAMPLES];
	int n = cut_examples(page, ex, MAX_EXAMPLES);
	int style = 0, system = 0, tiles = 0, names = 0, themes = 0, figures = 0;
	for (int i = 0; i < n; i++) {
		const char *t = ex[i].text;
		if (strstr(t, "\ntile:") || strncmp(t, "tile:", 5) == 0) {
			write_file(DIR "/tiles/example.tile", t);
			run_ok("--method tiles --tiles " DIR "/tiles --seed docs -o " DIR "/tiles.txt", t);
			tiles++;
		} else if (strstr(t, "colour:")) {
			write_file(DIR "/example.style", t);
			run_ok("--style " DIR "/example.style --seed docs -o " DIR "/style.svg", t);
			style++;
		} else if (strstr(t, "base:5e")) {
			/* SYSTEMS: a system of one's own over 5e */
			mkdir(DIR "/myrules", 0777);
			write_file(DIR "/myrules/system.table", t);
			run_ok("--system " DIR "/myrules --party-level 3 --seed docs -o " DIR "/myrules.md", t);
			char *out = test_slurp(DIR "/myrules.md", NULL);
			ck_assert_ptr_nonnull(strstr(out, "Stocked with the myrules system for 4 characters of level 3"));
			ck_assert_ptr_nonnull(strstr(out, "Encounter: "));
			ck_assert_ptr_nonnull(strstr(out, "System Reference Document 5.1"));
			free(out);
			figures++;
		} else if (strstr(t, "contents:")) {
			write_file(DIR "/system/goblins.table", t);
			run_ok("--system " DIR "/system --seed docs -o " DIR "/system.txt", t);
			system++;
		} else if (strstr(t, "entrance:")) {
			write_file(DIR "/tpl/names/mansion.names", t);
			ck_assert_int_eq(setenv("MAPSHEET_TEMPLATES", DIR "/tpl", 1), 0);
			run_ok("--method mansion --seed docs -o " DIR "/names.txt", t);
			unsetenv("MAPSHEET_TEMPLATES");
			char *out = test_slurp(DIR "/names.txt", NULL);
			ck_assert_ptr_nonnull(strstr(out, "Entrance Hall"));
			free(out);
			names++;
		} else if (strstr(t, "theme:")) {
			write_file(DIR "/tpl/themes/example.txt", t);
			run_ok("--method cards --themes " DIR "/tpl/themes/example.txt --seed docs -o " DIR "/themes.txt", t);
			char *out = test_slurp(DIR "/themes.txt", NULL);
			ck_assert_ptr_nonnull(strstr(out, "Fungus Caves"));
			free(out);
			themes++;
		}
		free(ex[i].text);
	}
	ck_assert_int_eq(style, 1);
	ck_assert_int_eq(system, 1);
	ck_assert_int_eq(figures, 1);
	ck_assert_int_eq(tiles, 1);
	ck_assert_int_eq(names, 1);
	ck_assert_int_eq(themes, 1);
	/* the example tile as man shows it: rows shorter than the widest, read
	 * as padded with outside squares */
	char *tile = test_slurp(DIR "/tiles/example.tile", NULL);
	ck_assert_ptr_nonnull(strstr(tile, "row:##D###\n"));
	free(tile);
}
END_TEST

/* The lines of the SITES example as man shows them: from its first line,
 * "mkdir " at the left margin, to the blank line after it. */
static char *site_example(const char *page)
{
	const char *sites = strstr(page, "\nSITES\n");
	ck_assert_msg(sites != NULL, "the page has no SITES section");
	const char *start = strstr(sites, "\nmkdir ");
	ck_assert_msg(start != NULL, "SITES has no example at the left margin");
	start++;
	const char *end = strstr(start, "\n\n");
	ck_assert_ptr_nonnull(end);
	return strndup(start, (size_t)(end - start) + 1);
}

START_TEST(test_site_example_pastes)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	char abs[PATH_MAX], prog[PATH_MAX], cmd[6 * PATH_MAX + 256];
	ck_assert_int_eq(system("rm -rf " DIR "/site && mkdir -p " DIR "/site/home " DIR "/site/bin"), 0);
	ck_assert_ptr_nonnull(realpath(DIR "/site", abs));
	const char *bin = getenv("MAPSHEET_BIN");
	ck_assert_msg(realpath(bin ? bin : "./mapsheet", prog) != NULL, "no program to run");
	/* 80 columns, in UTF-8: a dash or a quote set as typography would show */
	FILE *p = popen("LC_ALL=C.UTF-8 MANWIDTH=80 man -l man/mapsheet-templates.5 2>/dev/null | col -bx", "r");
	ck_assert_ptr_nonnull(p);
	static char page[256 * 1024];
	size_t len = fread(page, 1, sizeof page - 1, p);
	ck_assert_int_eq(pclose(p), 0);
	page[len] = '\0';
	char *script = site_example(page);
	ck_assert_ptr_nonnull(script);
	for (const char *c = script; *c; c++)
		ck_assert_msg((unsigned char)*c < 0x80, "the site example has a character that is not ASCII:\n%s", script);
	ck_assert_msg(strstr(script, "\nEOF\n") && strstr(script, "mapsheet --seed"), "the site example is cut short:\n%s",
		      script);
	snprintf(cmd, sizeof cmd, "%s/script.sh", abs);
	write_file(cmd, script);
	snprintf(cmd, sizeof cmd,
		 "cd '%s' && ln -s '%s' bin/mapsheet && HOME='%s/home' PATH='%s/bin':\"$PATH\" "
		 "XDG_CONFIG_HOME='%s/home' MAPSHEET_TEMPLATES= sh script.sh >out.txt 2>err.txt </dev/null",
		 abs, prog, abs, abs, abs);
	int st = system(cmd);
	char *err = test_slurp(DIR "/site/err.txt", NULL);
	ck_assert_msg(st == 0, "the site example failed: %s\n%s", err ? err : "", script);
	free(err);
	char *key = test_slurp(DIR "/site/rats.txt", NULL);
	ck_assert_msg(key != NULL, "the site example wrote no rats.txt");
	static const char *const says[] = { "The Rat King's court", "Old Whisker, a wererat,", "Gnawed Gate",
					    "Nest of Rags", "Throne of Crates", NULL };
	for (int i = 0; says[i]; i++)
		ck_assert_msg(strstr(key, says[i]) != NULL, "the site example's key does not say '%s'", says[i]);
	free(key);
	free(script);
}
END_TEST

/* The block of the page, as `man` renders it at 80 columns, from the line
 * holding `first` to the line holding `last`, indentation and all
 * (malloc'd): what a reader copies off the screen. */
static char *block_as_shown(const char *page, const char *first, const char *last)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "MANWIDTH=80 man -l %s 2>/dev/null | col -bx", page);
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	static char text[256 * 1024];
	size_t len = fread(text, 1, sizeof text - 1, p);
	ck_assert_int_eq(pclose(p), 0);
	text[len] = '\0';
	char *a = strstr(text, first), *b = a ? strstr(a, last) : NULL;
	ck_assert_msg(a && b, "%s: no block from '%s' to '%s'", page, first, last);
	while (a > text && a[-1] != '\n')
		a--;
	b += strlen(last);
	char *out = calloc((size_t)(b - a) + 2, 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, a, (size_t)(b - a));
	strcat(out, "\n");
	return out;
}

/* The vault tile of the Example, pasted with the indentation man gives it
 * into mytiles/vault.tile, is read: --tiles +mytiles makes a level (it
 * was refused: "vault.tile:2:1: a directive starts at the beginning of
 * the line"). So is mapsheet(1)'s config file example, pasted the same
 * way into the config file. */
START_TEST(test_examples_pasted_indented)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	mkdir(DIR "/mytiles", 0777);
	char *tile = block_as_shown("man/mapsheet-templates.5", "# two rooms behind one another", "row:#######");
	ck_assert_msg(strncmp(tile, "       # two rooms", 18) == 0 && strstr(tile, "\n       tile:vault\n"),
		      "not as man shows it: %s", tile);
	write_file(DIR "/mytiles/vault.tile", tile);
	run_ok("--method tiles --tiles +" DIR "/mytiles --seed pasted -o " DIR "/pasted.txt", tile);
	free(tile);

	mkdir(DIR "/xdg", 0777);
	mkdir(DIR "/xdg/mapsheet", 0777);
	char *config = block_as_shown("man/mapsheet.1", "# letter is the default", "scale:5");
	ck_assert_msg(config[0] == ' ' && strstr(config, "\n"), "not indented: %s", config);
	write_file(DIR "/xdg/mapsheet/config", config);
	struct test_limits lim = { 60, 0, DIR "/xdg" };
	int rc = test_run_limited("--seed pasted -o " DIR "/config.txt", &lim, NULL, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(rc == 0, "the config file as shown: exit %d: %s\n%s", rc, err ? err : "", config);
	free(err);
	char *out = test_slurp(DIR "/config.txt", NULL);
	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(strstr(out, "Remake: mapsheet --paper a4 --style inksaver --scale 5 --seed pasted"));
	free(out);
	free(config);
}
END_TEST

static Suite *template_docs_suite(void)
{
	Suite *s = suite_create("template_docs");
	TCase *tc = tcase_create("examples");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_examples_as_rendered);
	tcase_add_test(tc, test_site_example_pastes);
	tcase_add_test(tc, test_examples_pasted_indented);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(template_docs_suite)
