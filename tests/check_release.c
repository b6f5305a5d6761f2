/* check_release.c: what a release promises. The version the Makefile sets
 * is the one --version prints, every man page's header names, NEWS starts
 * with and a PDF's creator carries; the license is at the top, in every
 * template folder (in a note no loader reads as a template) and in the
 * docs; every method's source is credited; nothing points outside the
 * repository. */
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT "build/tests/release"

static char *run_capture(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (n + 1 == cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	pclose(p);
	if (buf)
		buf[n] = '\0';
	return buf;
}

/* The program's output for ARGS (stdout and stderr together). */
static char *run_mapsheet(const char *args)
{
	char cmd[1024];
	const char *bin = getenv("MAPSHEET_BIN");
	snprintf(cmd, sizeof cmd, "XDG_CONFIG_HOME=build/tests/xdg %s %s 2>&1 </dev/null", bin ? bin : "./mapsheet",
		 args);
	return run_capture(cmd);
}

/* Every man page in man/, as "man/NAME.N", in a NULL-terminated array. */
static char **man_pages(int *count)
{
	static char *pages[32];
	int n = 0;
	DIR *d = opendir("man");
	ck_assert_ptr_nonnull(d);
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL && n < 31) {
		size_t len = strlen(ent->d_name);
		if (len < 3 || ent->d_name[len - 2] != '.' || ent->d_name[len - 1] < '1' || ent->d_name[len - 1] > '9')
			continue;
		pages[n] = malloc(len + 5);
		ck_assert_ptr_nonnull(pages[n]);
		snprintf(pages[n], len + 5, "man/%s", ent->d_name);
		n++;
	}
	closedir(d);
	pages[n] = NULL;
	*count = n;
	return pages;
}

/* Each man page's .TH line names "mapsheet VERSION" as its source. */
START_TEST(test_man_headers_name_the_version)
{
	int n;
	char **pages = man_pages(&n);
	ck_assert_int_ge(n, 2);
	for (int i = 0; i < n; i++) {
		char *text = test_slurp(pages[i], NULL);
		ck_assert_ptr_nonnull(text);
		char *th = strstr(text, "\n.TH ");
		ck_assert_msg(th, "%s has no .TH header", pages[i]);
		char *eol = strchr(th + 1, '\n');
		ck_assert_ptr_nonnull(eol);
		*eol = '\0';
		/* .TH TITLE SECTION "DATE" "SOURCE" "MANUAL": the source after the date */
		ck_assert_msg(strstr(th, "\" \"mapsheet " MAPSHEET_VERSION "\" \""),
			      "%s: '%s' does not name mapsheet " MAPSHEET_VERSION " (the Makefile's VERSION)", pages[i],
			      th + 1);
		free(text);
		free(pages[i]);
	}
}
END_TEST

/* Each man page renders from the source tree without a warning. */
START_TEST(test_man_pages_render_cleanly)
{
	int n;
	char **pages = man_pages(&n);
	for (int i = 0; i < n; i++) {
		char cmd[256];
		snprintf(cmd, sizeof cmd, "MANWIDTH=80 man --warnings -l %s 2>&1 >/dev/null", pages[i]);
		char *warn = run_capture(cmd);
		ck_assert_ptr_nonnull(warn);
		ck_assert_msg(warn[0] == '\0', "man -l %s: %s", pages[i], warn);
		free(warn);
		snprintf(cmd, sizeof cmd, "MANWIDTH=80 man -l %s 2>/dev/null | grep -c .", pages[i]);
		char *lines = run_capture(cmd);
		ck_assert_ptr_nonnull(lines);
		ck_assert_msg(atoi(lines) > 20, "man -l %s rendered %s lines", pages[i], lines);
		free(lines);
		free(pages[i]);
	}
}
END_TEST

/* --version, NEWS's first entry, and the creator of a Cairo PDF sheet and
 * of a libharu booklet all say the Makefile's VERSION. */
START_TEST(test_version_everywhere)
{
	char *out = run_mapsheet("--version");
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, "mapsheet " MAPSHEET_VERSION "\n");
	free(out);

	char *news = test_slurp("NEWS", NULL);
	ck_assert_msg(news, "no NEWS at the top level");
	char *first = strstr(news, "\nVersion ");
	ck_assert_msg(first, "NEWS has no 'Version X.Y.Z' entry");
	ck_assert_msg(strncmp(first + 9, MAPSHEET_VERSION, strlen(MAPSHEET_VERSION)) == 0 &&
			      strchr(" ,\n", first[9 + strlen(MAPSHEET_VERSION)]),
		      "NEWS starts with another version than " MAPSHEET_VERSION);
	free(news);

	ck_assert_int_eq(system("mkdir -p " OUT), 0);
	const char *runs[][2] = {
		{ "--quiet --seed release -o " OUT "/sheet.pdf", OUT "/sheet.pdf" },
		{ "--quiet --seed release --levels 2 -o " OUT "/booklet.pdf", OUT "/booklet.pdf" },
	};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		ck_assert_int_eq(test_run(runs[i][0], NULL, NULL), 0);
		char cmd[256];
		snprintf(cmd, sizeof cmd, "pdfinfo %s", runs[i][1]);
		char *info = run_capture(cmd);
		ck_assert_ptr_nonnull(info);
		ck_assert_msg(strstr(info, "Creator:         mapsheet " MAPSHEET_VERSION "\n"), "%s: %s", runs[i][1], info);
		free(info);
	}
}
END_TEST

/* text with every run of white space made one space, in place */
static char *squash(char *text)
{
	char *w = text;
	for (const char *r = text; *r; r++)
		if (!strchr(" \t\n", *r) || (w > text && w[-1] != ' '))
			*w++ = strchr(" \t\n", *r) ? ' ' : *r;
	*w = '\0';
	return text;
}

/* The MIT License sits at the top level, and the README, both man pages
 * and the data say so, and that what a user makes is theirs. */
START_TEST(test_license_named)
{
	char *license = test_slurp("LICENSE", NULL);
	ck_assert_msg(license, "no LICENSE at the top level");
	ck_assert_msg(strncmp(license, "MIT License\n", 12) == 0, "LICENSE is not the MIT License");
	ck_assert_ptr_nonnull(strstr(license, "Permission is hereby granted, free of charge"));
	free(license);
	const char *files[] = { "README.md", "man/mapsheet.1", "man/mapsheet-templates.5" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char *text = test_slurp(files[i], NULL);
		ck_assert_ptr_nonnull(text);
		squash(text);
		ck_assert_msg(strstr(text, "MIT License"), "%s does not name the license", files[i]);
		ck_assert_msg(strstr(text, "yours to use, share and sell with no condition"),
			      "%s does not say that what a user makes is theirs", files[i]);
		free(text);
	}
}
END_TEST

/* Every folder under templates/ holds a note named LICENSE carrying the
 * whole license text. */
static int check_notes(const char *dir, const char *license)
{
	char path[512];
	snprintf(path, sizeof path, "%s/LICENSE", dir);
	char *note = test_slurp(path, NULL);
	ck_assert_msg(note, "%s has no LICENSE note", dir);
	ck_assert_msg(strstr(note, license), "%s does not carry the LICENSE text", path);
	free(note);
	int folders = 1;
	DIR *d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL) {
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
		if (ent->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			folders += check_notes(path, license);
	}
	closedir(d);
	return folders;
}

START_TEST(test_every_template_folder_has_a_license_note)
{
	char *license = test_slurp("LICENSE", NULL);
	ck_assert_ptr_nonnull(license);
	DIR *d = opendir("templates");
	ck_assert_ptr_nonnull(d);
	struct dirent *ent;
	int folders = 0;
	while ((ent = readdir(d)) != NULL) {
		char path[512];
		struct stat st;
		snprintf(path, sizeof path, "templates/%s", ent->d_name);
		if (ent->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			folders += check_notes(path, license);
	}
	closedir(d);
	ck_assert_int_ge(folders, 6);
	free(license);
}
END_TEST

/* With the notes in place, nothing takes one for a template: every method
 * runs on the shipped data, the lists of styles, systems and themes do not
 * name LICENSE, and a tile folder holding a note reads as before. */
START_TEST(test_notes_are_not_read_as_templates)
{
	ck_assert_int_eq(system("mkdir -p " OUT), 0);
	const char *methods[] = { "dice", "mansion", "house", "cards", "tiles" };
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
		char args[160];
		snprintf(args, sizeof args, "--quiet --method %s --seed notes -o " OUT "/%s.json", methods[i], methods[i]);
		ck_assert_msg(test_run(args, NULL, OUT "/notes.err") == 0, "%s failed", methods[i]);
		size_t len = 1;
		free(test_slurp(OUT "/notes.err", &len));
		ck_assert_msg(len == 0, "%s wrote to standard error", methods[i]);
	}
	const char *lists[][2] = {
		{ "--list-styles", "classic" },
		{ "--system nosuch", "(systems: 5e, neutral)" },
		{ "--method cards --themes nosuch", "(theme tables: cards)" },
		{ "--style nosuch -o " OUT "/x.pdf", "classic" },
	};
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		char *out = run_mapsheet(lists[i][0]);
		ck_assert_ptr_nonnull(out);
		ck_assert_msg(strstr(out, lists[i][1]), "%s: %s", lists[i][0], out);
		ck_assert_msg(!strstr(out, "LICENSE"), "%s lists the license note: %s", lists[i][0], out);
		free(out);
	}
	ck_assert_int_eq(access("templates/tiles/LICENSE", R_OK), 0);
	ck_assert_int_eq(test_run("--quiet --method tiles --tiles templates/tiles --seed notes", NULL, NULL), 0);
}
END_TEST

/* mapsheet(1) credits a source for every method the program lists. */
START_TEST(test_every_method_credited)
{
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(man);
	char *sources = strstr(man, "\n.SS Sources\n");
	ck_assert_msg(sources, "mapsheet(1) METHODS has no Sources subsection");
	char *end = strstr(sources + 1, "\n.S");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	char *list = run_mapsheet("--list-methods");
	ck_assert_ptr_nonnull(list);
	int methods = 0;
	for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
		char entry[64];
		snprintf(entry, sizeof entry, "\n.TP\n.B %.*s\n", (int)strcspn(line, " "), line);
		ck_assert_msg(strstr(sources, entry), "no source credited for method %.*s", (int)strcspn(line, " "), line);
		methods++;
	}
	ck_assert_int_ge(methods, 5);
	ck_assert_ptr_nonnull(strstr(sources, "Smart Card Layout"));
	ck_assert_ptr_nonnull(strstr(sources, "Three Hundred Mechanics"));
	ck_assert_ptr_nonnull(strstr(sources, "The Random Dungeon That Isn't So Random"));
	free(list);
	free(man);
}
END_TEST

/* The sources, docs and build never point at files outside the
 * repository, which a user's clone does not have. */
START_TEST(test_no_reference_outside_the_repository)
{
	char *hits = run_capture("grep -rn -e '\\.\\./shar''ed' -e 'shar''ed/seeds' -e 'seeds/0[0-9]' "
				 "src render tests man Makefile README.md NEWS 2>&1");
	ck_assert_ptr_nonnull(hits);
	ck_assert_msg(hits[0] == '\0', "references outside the repository:\n%s", hits);
	free(hits);
}
END_TEST

static Suite *release_suite(void)
{
	Suite *s = suite_create("release");
	TCase *tc = tcase_create("release");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_man_headers_name_the_version);
	tcase_add_test(tc, test_man_pages_render_cleanly);
	tcase_add_test(tc, test_version_everywhere);
	tcase_add_test(tc, test_license_named);
	tcase_add_test(tc, test_every_template_folder_has_a_license_note);
	tcase_add_test(tc, test_notes_are_not_read_as_templates);
	tcase_add_test(tc, test_every_method_credited);
	tcase_add_test(tc, test_no_reference_outside_the_repository);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(release_suite)
