/* check_docs.c: the documentation held to the program. Every example
 * command of man/mapsheet.1's EXAMPLES and every mapsheet command in
 * README.md's code blocks is run, as a user would paste it, in a folder of
 * its own with ./mapsheet as `mapsheet` on PATH, and must succeed and write
 * the files it names; the advice in the examples' prose (other papers,
 * scales, styles, grid sizes) is run too. The man page's --format list is
 * the program's list of formats, and its --scale range the one the program
 * enforces.
 *
 * The man page is read twice: its roff for the commands (the lines between
 * .EX and .EE, with \- and \e undone), and as `man` renders it, in which each
 * of those lines must appear as it is, so that what a user copies from the
 * screen is what runs. Two examples stand for things a test cannot do
 * itself: $EDITOR is a script that writes the example tile of
 * mapsheet-templates(5) into a .tile and leaves any other file as it is,
 * and /usr/local/share/mapsheet, where `make install` puts the templates,
 * is the repository's templates/ (nothing is installed here). */
#define _XOPEN_SOURCE 700 /* realpath() */
#include "testutil.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/docs"
#define MAX_LINES 64
#define MAX_EXAMPLES 32

/* The standard output of a shell command (malloc'd), or NULL when it
 * cannot run or exits non-zero. */
static char *command_output(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (cap - n < 2) {
			char *bigger = realloc(buf, cap * 2);
			if (!bigger) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	int st = pclose(p);
	if (!buf || st != 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

/* A man page as `man` shows it, 200 columns wide, without hyphenation at
 * line ends, overstrikes removed. */
static char *man_rendered(const char *page)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "MANWIDTH=200 MANROFFOPT=-rHY=0 man -l %s 2>/dev/null | col -b", page);
	char *text = command_output(cmd);
	ck_assert_msg(text && strlen(text) > 1000, "man -l %s gave nothing", page);
	return text;
}

/* text with every run of white space made one space (the paragraphs of a
 * rendered page read as one line each), in place. */
static char *squeeze(char *text)
{
	char *out = text;
	int space = 0;
	for (const char *in = text; *in; in++) {
		if (*in == ' ' || *in == '\t' || *in == '\n') {
			space = out != text;
			continue;
		}
		if (space)
			*out++ = ' ';
		space = 0;
		*out++ = *in;
	}
	*out = '\0';
	return text;
}

/* A roff text line as it prints: \- and \e and escaped spaces undone, \&
 * dropped. Any other escape fails the test (teach this function first). */
static void roff_unescape(const char *in, char *out, size_t size)
{
	size_t n = 0;
	for (; *in && n + 1 < size; in++) {
		if (*in != '\\') {
			out[n++] = *in;
			continue;
		}
		in++;
		if (*in == '-')
			out[n++] = '-';
		else if (*in == 'e')
			out[n++] = '\\';
		else if (*in == ' ')
			out[n++] = ' ';
		else if (*in != '&')
			ck_abort_msg("roff escape \\%c in '%s': not understood by the test", *in ? *in : '0', in - 1);
	}
	out[n] = '\0';
}

struct example {
	int nlines;
	char lines[MAX_LINES][512];
};

/* The text lines of the blocks between `open` and `close` in the roff
 * section whose .SH or .SS line starts with `section`. Returns how many. */
static int roff_blocks(const char *roff, const char *section, const char *open, const char *close,
		       struct example *ex, int max)
{
	const char *at = strstr(roff, section);
	ck_assert_msg(at != NULL, "no section '%s'", section);
	int n = 0, in_block = 0;
	const char *line = strchr(at, '\n') + 1;
	while (*line) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		if (strncmp(line, ".SH", 3) == 0 || (strncmp(section, ".SS", 3) == 0 && strncmp(line, ".SS", 3) == 0))
			break;
		if (len == strlen(open) && strncmp(line, open, len) == 0) {
			ck_assert_int_lt(n, max);
			ex[n].nlines = 0;
			in_block = 1;
		} else if (in_block && len >= strlen(close) && strncmp(line, close, strlen(close)) == 0) {
			in_block = 0;
			n++;
		} else if (in_block && line[0] != '.') {
			char raw[512];
			ck_assert_int_lt(len, sizeof raw);
			ck_assert_int_lt(ex[n].nlines, MAX_LINES);
			memcpy(raw, line, len);
			raw[len] = '\0';
			roff_unescape(raw, ex[n].lines[ex[n].nlines++], sizeof ex[n].lines[0]);
		}
		if (!end)
			break;
		line = end + 1;
	}
	return n;
}

/* The commands in README.md's code blocks that run mapsheet: indented
 * blocks, and fenced blocks marked sh, shell, bash or console (a fenced
 * block without a language holds a program's output, such as the
 * benchmark's tables). Returns how many. */
static int readme_commands(const char *md, char (*cmds)[512], int max)
{
	int n = 0, fenced = 0, fence_runs = 0, prev_blank = 1, in_indented = 0;
	const char *line = md;
	while (*line) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char text[512];
		snprintf(text, sizeof text, "%.*s", (int)(len < sizeof text ? len : sizeof text - 1), line);
		const char *cmd = NULL;
		if (strncmp(text, "```", 3) == 0) {
			if (fenced) {
				fenced = 0;
			} else {
				fenced = 1;
				const char *lang = text + 3;
				fence_runs = strcmp(lang, "sh") == 0 || strcmp(lang, "shell") == 0 ||
					     strcmp(lang, "bash") == 0 || strcmp(lang, "console") == 0;
			}
		} else if (fenced) {
			if (fence_runs)
				cmd = strncmp(text, "$ ", 2) == 0 ? text + 2 : text;
		} else if (strncmp(text, "    ", 4) == 0 && (prev_blank || in_indented)) {
			in_indented = 1;
			cmd = text + 4;
		} else {
			in_indented = 0;
		}
		if (cmd && (strncmp(cmd, "mapsheet ", 9) == 0 || strncmp(cmd, "./mapsheet ", 11) == 0 ||
			    strcmp(cmd, "mapsheet") == 0 || strcmp(cmd, "./mapsheet") == 0)) {
			ck_assert_int_lt(n, max);
			snprintf(cmds[n++], 512, "%s", cmd);
		}
		prev_blank = len == 0;
		if (!end)
			break;
		line = end + 1;
	}
	return n;
}

/* A folder to run examples in: bin/mapsheet and ./mapsheet are the
 * program under test, ./templates its templates (a checkout), bin/edit the
 * stand-in for $EDITOR, home/ is $HOME.
 * Its absolute path goes to dir. */
static void make_sandbox(char *dir, size_t size)
{
	mkdir("build", 0777);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	char tmpl[] = DIR "/run-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(tmpl));
	char abs[PATH_MAX], prog[PATH_MAX], repo[PATH_MAX];
	ck_assert_ptr_nonnull(realpath(tmpl, abs));
	ck_assert_ptr_nonnull(getcwd(repo, sizeof repo));
	const char *bin = getenv("MAPSHEET_BIN");
	ck_assert_msg(realpath(bin ? bin : "./mapsheet", prog) != NULL, "no program to run");
	snprintf(dir, size, "%s", abs);

	/* the tile of mapsheet-templates(5)'s example, for $EDITOR to write */
	size_t len;
	char *roff = test_slurp("man/mapsheet-templates.5", &len);
	ck_assert_ptr_nonnull(roff);
	const char *tiles = strstr(roff, "\n.SH TILES\n");
	ck_assert_msg(tiles != NULL, "mapsheet-templates(5) has no TILES");
	struct example tile;
	int n = roff_blocks(tiles, ".SS Example", ".nf", ".fi", &tile, 1);
	free(roff);
	ck_assert_int_eq(n, 1);
	char cmd[6 * PATH_MAX + 256];
	snprintf(cmd, sizeof cmd, "%s/example.tile", abs);
	FILE *f = fopen(cmd, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < tile.nlines; i++)
		fprintf(f, "%s\n", tile.lines[i]);
	ck_assert_int_eq(fclose(f), 0);

	snprintf(cmd, sizeof cmd,
		 "cd '%s' && mkdir -p bin home xdg && ln -s '%s' bin/mapsheet && ln -s '%s' mapsheet && "
		 "printf '#!/bin/sh\\ncase \"$1\" in *.tile) cp \"%s/example.tile\" \"$1\" ;; esac\\n' > bin/edit && "
		 "chmod +x bin/edit && ln -s '%s/templates' datadir && ln -s '%s/templates' templates",
		 abs, prog, prog, abs, repo, repo);
	ck_assert_int_eq(system(cmd), 0);
}

/* Runs command (one or more lines) through sh -e in the sandbox; returns
 * its exit status; its standard error goes to DIR/last.err. */
static int run_in(const char *sandbox, const char *command)
{
	char script[4096], text[8192];
	snprintf(script, sizeof script, "%s/script.sh", sandbox);
	/* where `make install` puts the templates: the repository's here */
	const char *prefix = "/usr/local/share/mapsheet";
	size_t n = 0;
	for (const char *c = command; *c && n + 1 < sizeof text;) {
		if (strncmp(c, prefix, strlen(prefix)) == 0) {
			n += (size_t)snprintf(text + n, sizeof text - n, "%s/datadir", sandbox);
			c += strlen(prefix);
		} else {
			text[n++] = *c++;
		}
	}
	text[n < sizeof text ? n : sizeof text - 1] = '\0';
	FILE *f = fopen(script, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%s\n", text);
	ck_assert_int_eq(fclose(f), 0);
	char cmd[16384];
	snprintf(cmd, sizeof cmd,
		 "cd '%s' && PATH='%s/bin':\"$PATH\" HOME='%s/home' XDG_CONFIG_HOME='%s/xdg' EDITOR='%s/bin/edit' "
		 "sh -e script.sh >/dev/null 2>last.err </dev/null",
		 sandbox, sandbox, sandbox, sandbox, sandbox);
	int st = system(cmd);
	return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

/* Appends to report, when a file that the mapsheet command line names
 * with -o is missing or empty in the sandbox. */
static void check_outputs(const char *sandbox, const char *line, char *report, size_t size)
{
	const char *o = strstr(line, " -o ");
	if (!o || !strstr(line, "mapsheet"))
		return;
	char name[256];
	if (sscanf(o + 4, "%255s", name) != 1 || strcmp(name, "-") == 0)
		return;
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", sandbox, name);
	struct stat st;
	if (stat(path, &st) != 0 || st.st_size == 0)
		snprintf(report + strlen(report), size - strlen(report), "\n  '%s' did not write %s", line, name);
}

static void append_failure(const char *sandbox, const char *what, int rc, char *report, size_t size)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/last.err", sandbox);
	char *err = test_slurp(path, NULL);
	snprintf(report + strlen(report), size - strlen(report), "\n  '%s' exited %d: %.200s", what, rc,
		 err ? err : "");
	free(err);
}

static struct example man_examples[MAX_EXAMPLES];

static int load_man_examples(void)
{
	char *roff = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(roff);
	int n = roff_blocks(roff, ".SH EXAMPLES", ".EX", ".EE", man_examples, MAX_EXAMPLES);
	free(roff);
	ck_assert_int_ge(n, 5);
	return n;
}

/* The man page's example whose first line holds `first`: the advice below
 * follows an example by what it says, not by where it stands. */
static const struct example *man_example(const char *first)
{
	int n = load_man_examples();
	for (int i = 0; i < n; i++)
		if (man_examples[i].nlines > 0 && strstr(man_examples[i].lines[0], first))
			return &man_examples[i];
	ck_abort_msg("no example of mapsheet(1) starts with a line holding '%s'", first);
	return NULL;
}

/* Every example of the man page, each in its own folder, as `man` shows it. */
START_TEST(test_man_examples_run)
{
	int n = load_man_examples();
	char *shown = man_rendered("man/mapsheet.1");
	char report[8192] = "";
	int commands = 0;
	for (int i = 0; i < n; i++) {
		char sandbox[PATH_MAX], block[4096] = "";
		make_sandbox(sandbox, sizeof sandbox);
		for (int k = 0; k < man_examples[i].nlines; k++) {
			const char *line = man_examples[i].lines[k];
			char framed[600];
			snprintf(framed, sizeof framed, " %s\n", line);
			ck_assert_msg(strstr(shown, framed) != NULL, "the example line '%s' is not shown so by man", line);
			snprintf(block + strlen(block), sizeof block - strlen(block), "%s\n", line);
			commands += strstr(line, "mapsheet ") != NULL;
		}
		int rc = run_in(sandbox, block);
		if (rc != 0)
			append_failure(sandbox, man_examples[i].lines[man_examples[i].nlines - 1], rc, report,
				       sizeof report);
		for (int k = 0; k < man_examples[i].nlines; k++)
			check_outputs(sandbox, man_examples[i].lines[k], report, sizeof report);
	}
	free(shown);
	ck_assert_int_ge(commands, n);
	ck_assert_msg(report[0] == '\0', "man page examples that fail:%s", report);
}
END_TEST

/* The advice in the examples' prose, run on the example it follows. */
static const struct advice {
	const char *example;    /* in the first line of the example it follows */
	const char *sentence;   /* as the man page says it */
	const char *before;     /* run first in the sandbox, or NULL */
	const char *added;      /* added to the example's last line */
} advice[] = {
	{ "-o warrens.pdf", "Add --paper a4 or --scale 5 to change the paper or the scale, and --style hatched for "
	  "another look.", NULL, " --paper a4" },
	{ "-o warrens.pdf", NULL, NULL, " --style hatched" },
	{ "-o warrens.dd2vtt", "Use --grid-pixels 100 for Foundry's own grid size.", NULL, " --grid-pixels 100" },
};

START_TEST(test_man_advice_runs)
{
	load_man_examples();
	char *shown = squeeze(man_rendered("man/mapsheet.1"));
	char report[4096] = "";
	for (size_t i = 0; i < sizeof advice / sizeof advice[0]; i++) {
		const struct advice *a = &advice[i];
		if (a->sentence)
			ck_assert_msg(strstr(shown, a->sentence), "the man page no longer says: %s", a->sentence);
		const struct example *ex = man_example(a->example);
		char sandbox[PATH_MAX], cmd[1024];
		make_sandbox(sandbox, sizeof sandbox);
		snprintf(cmd, sizeof cmd, "%s%s", ex->lines[ex->nlines - 1], a->added);
		int rc = run_in(sandbox, cmd);
		if (rc != 0)
			append_failure(sandbox, cmd, rc, report, sizeof report);
		check_outputs(sandbox, cmd, report, sizeof report);
	}
	/* "Writes ashford.md and ashford.svg beside it" */
	const char *md = "Writes ashford.md and ashford.svg beside it";
	ck_assert_msg(strstr(shown, md), "the man page no longer says: %s", md);
	char sandbox[PATH_MAX], path[PATH_MAX + 16];
	make_sandbox(sandbox, sizeof sandbox);
	const struct example *ashford = man_example("-o ashford.md");
	ck_assert_int_eq(run_in(sandbox, ashford->lines[0]), 0);
	snprintf(path, sizeof path, "%s/ashford.svg", sandbox);
	ck_assert_msg(access(path, R_OK) == 0, "'%s' wrote no ashford.svg", ashford->lines[0]);
	/* "--style ./sepia.style also reads a style file by its path" */
	const char *by_path = "--style ./sepia.style also reads a style file by its path.";
	ck_assert_msg(strstr(shown, by_path), "the man page no longer says: %s", by_path);
	const struct example *style = man_example("mkdir -p ~/mapsheet/styles");
	char block[4096] = "";
	for (int k = 0; k < style->nlines; k++)
		snprintf(block + strlen(block), sizeof block - strlen(block), "%s\n", style->lines[k]);
	snprintf(block + strlen(block), sizeof block - strlen(block),
		 "cd ~/mapsheet/styles && mapsheet --style ./sepia.style -o by-path.pdf\n");
	make_sandbox(sandbox, sizeof sandbox);
	int rc = run_in(sandbox, block);
	if (rc != 0)
		append_failure(sandbox, "mapsheet --style ./sepia.style -o by-path.pdf", rc, report, sizeof report);
	free(shown);
	ck_assert_msg(report[0] == '\0', "man page advice that fails:%s", report);
}
END_TEST

/* The first example's promise: "on a letter page at 4 squares to the
 * inch ... Add --scale 5 to change the scale". */
START_TEST(test_man_first_example_scale)
{
	load_man_examples();
	char *shown = squeeze(man_rendered("man/mapsheet.1"));
	const char *promise = "on a letter page at 4 squares to the inch";
	ck_assert_msg(strstr(shown, promise), "the man page no longer says: %s", promise);
	free(shown);
	const struct example *ex = &man_examples[0];
	char sandbox[PATH_MAX], cmd[1024], path[PATH_MAX + 64];
	make_sandbox(sandbox, sizeof sandbox);
	ck_assert_int_eq(run_in(sandbox, ex->lines[0]), 0);
	snprintf(path, sizeof path, "pdftotext -f 1 -l 1 '%s/warrens.pdf' -", sandbox);
	char *text = command_output(path);
	ck_assert_msg(text != NULL, "'%s' wrote no warrens.pdf", ex->lines[0]);
	const char *scale = strstr(text, "squares to the inch");
	ck_assert_msg(scale != NULL, "'%s' prints no scale", ex->lines[0]);
	const char *from = scale - text > 24 ? scale - 24 : text;
	ck_assert_msg(strstr(text, " 4 squares to the inch") || strstr(text, " 5 squares to the inch"),
		      "'%s' does not print at 4 or 5 squares to the inch: \"...%.*s\"", ex->lines[0],
		      (int)(scale - from) + 19, from);
	free(text);
	snprintf(cmd, sizeof cmd, "%s --scale 5", ex->lines[0]);
	int rc = run_in(sandbox, cmd);
	char report[1024] = "";
	if (rc != 0)
		append_failure(sandbox, cmd, rc, report, sizeof report);
	ck_assert_msg(rc == 0, "the first example's advice fails:%s", report);
}
END_TEST

/* The file a command line names with -o, read from the sandbox (malloc'd,
 * its white space squeezed), or NULL. */
static char *output_of(const char *sandbox, const char *line)
{
	const char *o = strstr(line, " -o ");
	char name[256], path[PATH_MAX + 300];
	if (!o || sscanf(o + 4, "%255s", name) != 1)
		return NULL;
	snprintf(path, sizeof path, "%s/%s", sandbox, name);
	char *text = test_slurp(path, NULL);
	return text ? squeeze(text) : NULL;
}

/* The README's samples of output (a fenced block without a language after
 * the code block of a command) are in what that command wrote. */
static void readme_output_shown(const char *sandbox, char (*cmds)[512], int n)
{
	char *md = test_slurp("README.md", NULL);
	ck_assert_ptr_nonnull(md);
	int samples = 0;
	for (const char *p = strstr(md, "\n```\n"); p; p = strstr(p + 1, "\n```\n")) {
		const char *body = p + 5, *end = strstr(body, "\n```");
		ck_assert_ptr_nonnull(end);
		/* the last command before the sample */
		const char *made = NULL;
		for (int i = 0; i < n; i++) {
			const char *at = strstr(md, cmds[i]);
			if (at && at < p)
				made = cmds[i];
		}
		ck_assert_msg(made != NULL, "a sample of output comes before any command");
		char sample[1024];
		snprintf(sample, sizeof sample, "%.*s", (int)(end - body), body);
		char *out = output_of(sandbox, made);
		ck_assert_msg(out != NULL, "'%s' wrote nothing to read", made);
		ck_assert_msg(strstr(out, squeeze(sample)) != NULL, "the README shows \"%s\", which '%s' does not print",
			      sample, made);
		free(out);
		samples++;
		p = end + 1;
	}
	ck_assert_int_ge(samples, 1);
	free(md);
}

/* The PNG's width and height from its header. */
static void png_size(const char *path, unsigned *w, unsigned *h)
{
	size_t len;
	unsigned char *png = (unsigned char *)test_slurp(path, &len);
	ck_assert_msg(png && len > 24 && memcmp(png, "\x89PNG", 4) == 0 && memcmp(png + 12, "IHDR", 4) == 0,
		      "%s is no PNG", path);
	*w = (unsigned)png[16] << 24 | (unsigned)png[17] << 16 | (unsigned)png[18] << 8 | png[19];
	*h = (unsigned)png[20] << 24 | (unsigned)png[21] << 16 | (unsigned)png[22] << 8 | png[23];
	free(png);
}

/* The README's picture is shipped, and is the page its command makes: a
 * PNG of the same size as the one the README's command wrote. */
static void readme_picture_made(const char *sandbox)
{
	char *md = test_slurp("README.md", NULL);
	ck_assert_ptr_nonnull(md);
	const char *img = strstr(md, "](man/");
	ck_assert_msg(img != NULL, "the README shows no picture from man/");
	char shipped[256], made[PATH_MAX + 256];
	ck_assert_int_eq(sscanf(img + 2, "%255[^)]", shipped), 1);
	const char *base = strrchr(shipped, '/') + 1;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "-o %s", base);
	ck_assert_msg(strstr(md, cmd) != NULL, "no command of the README writes %s", base);
	snprintf(made, sizeof made, "%s/%s", sandbox, base);
	unsigned w0, h0, w1, h1;
	png_size(shipped, &w0, &h0);
	png_size(made, &w1, &h1);
	ck_assert_msg(w0 == w1 && h0 == h1, "%s is %ux%u, the README's command makes %ux%u", shipped, w0, h0, w1, h1);
	free(md);
}

/* Every mapsheet command in the README's code blocks, in order, in one
 * folder (as a reader goes down the page). */
START_TEST(test_readme_examples_run)
{
	char *md = test_slurp("README.md", NULL);
	ck_assert_ptr_nonnull(md);
	static char cmds[64][512];
	int n = readme_commands(md, cmds, 64);
	free(md);
	ck_assert_int_ge(n, 5);
	char sandbox[PATH_MAX], report[8192] = "";
	make_sandbox(sandbox, sizeof sandbox);
	for (int i = 0; i < n; i++) {
		int rc = run_in(sandbox, cmds[i]);
		if (rc != 0)
			append_failure(sandbox, cmds[i], rc, report, sizeof report);
		check_outputs(sandbox, cmds[i], report, sizeof report);
	}
	ck_assert_msg(report[0] == '\0', "README examples that fail:%s", report);
	readme_output_shown(sandbox, cmds, n);
	readme_picture_made(sandbox);
}
END_TEST

/* The names after "--format NAME" in the man page: the words of its
 * paragraph between "extension:" and "(see". */
static int man_format_names(char (*names)[32], int max)
{
	char *shown = squeeze(man_rendered("man/mapsheet.1"));
	const char *para = strstr(shown, "--format NAME Write format NAME");
	ck_assert_msg(para != NULL, "the man page has no --format NAME paragraph");
	const char *from = strstr(para, "extension:"), *to = strstr(para, "(see");
	ck_assert_msg(from && to && from < to, "the --format paragraph lists no formats");
	char list[512];
	snprintf(list, sizeof list, "%.*s", (int)(to - from - strlen("extension:")), from + strlen("extension:"));
	int n = 0;
	char *save = NULL;
	for (char *w = strtok_r(list, " ,()", &save); w; w = strtok_r(NULL, " ,()", &save)) {
		/* the words between names ("or", "or its other name") */
		if (strcmp(w, "or") == 0 || strcmp(w, "its") == 0 || strcmp(w, "other") == 0 || strcmp(w, "name") == 0)
			continue;
		ck_assert_int_lt(n, max);
		snprintf(names[n++], 32, "%s", w);
	}
	free(shown);
	return n;
}

static int in_list(char (*names)[32], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* The man page's --format list is the program's: the names the program
 * lists when it refuses one, each of which it writes. */
START_TEST(test_man_formats_match)
{
	char man[32][32], prog[32][32];
	int nman = man_format_names(man, 32);
	mkdir(DIR, 0777);
	ck_assert_int_eq(test_run("-q --format nosuch -o " DIR "/x.out", NULL, DIR "/format.err"), 2);
	char *err = test_slurp(DIR "/format.err", NULL);
	ck_assert_ptr_nonnull(err);
	const char *at = strstr(err, "(formats: ");
	ck_assert_msg(at != NULL, "the refusal lists no formats: %s", err);
	char list[512];
	snprintf(list, sizeof list, "%s", at + strlen("(formats: "));
	char *close = strchr(list, ')');
	ck_assert_ptr_nonnull(close);
	*close = '\0';
	int nprog = 0;
	char *save = NULL;
	for (char *w = strtok_r(list, ", ", &save); w && nprog < 32; w = strtok_r(NULL, ", ", &save))
		snprintf(prog[nprog++], 32, "%s", w);
	free(err);
	for (int i = 0; i < nprog; i++)
		ck_assert_msg(in_list(man, nman, prog[i]), "the man page's --format list lacks %s", prog[i]);
	for (int i = 0; i < nman; i++)
		ck_assert_msg(in_list(prog, nprog, man[i]), "the man page lists --format %s, which the program refuses",
			      man[i]);
	ck_assert_int_eq(nman, nprog);
	/* and each is written */
	for (int i = 0; i < nman; i++) {
		char cmd[256];
		snprintf(cmd, sizeof cmd, "-q -s 7 -n 4 --format %.31s -o " DIR "/out-%.31s.file", man[i], man[i]);
		ck_assert_msg(test_run(cmd, NULL, NULL) == 0, "--format %s fails", man[i]);
	}
}
END_TEST

/* The man page's --scale range is the program's: both ends accepted,
 * beyond them refused with a message naming the range. */
START_TEST(test_man_scale_range)
{
	char *shown = squeeze(man_rendered("man/mapsheet.1"));
	const char *para = strstr(shown, "--scale N|fit Print N squares to the inch (");
	ck_assert_msg(para != NULL, "the man page's --scale paragraph does not give the range");
	int lo = 0, hi = 0;
	ck_assert_int_eq(sscanf(strchr(para, '(') + 1, "%d to %d)", &lo, &hi), 2);
	free(shown);
	mkdir(DIR, 0777);
	char cmd[256], range[64];
	snprintf(range, sizeof range, "%d to %d", lo, hi);
	snprintf(cmd, sizeof cmd, "-q -s 7 -n 3 --scale %d -o " DIR "/scale-hi.pdf", hi);
	ck_assert_msg(test_run(cmd, NULL, NULL) == 0, "--scale %d (the man page's most) is refused", hi);
	const char *beyond[] = { "%d.5", "%d" };
	for (int k = 0; k < 2; k++) {
		char value[32];
		snprintf(value, sizeof value, beyond[k], k == 0 ? hi : hi + 1);
		snprintf(cmd, sizeof cmd, "-q -s 7 -n 3 --scale %s -o " DIR "/scale-out.pdf", value);
		ck_assert_msg(test_run(cmd, NULL, DIR "/scale.err") == 2, "--scale %s (beyond the man page's %d) is taken",
			      value, hi);
		char *err = test_slurp(DIR "/scale.err", NULL);
		ck_assert_msg(err && strstr(err, range), "--scale %s: the refusal does not say %s: %s", value, range,
			      err ? err : "");
		free(err);
	}
	snprintf(cmd, sizeof cmd, "-q -s 7 -n 3 --scale %g -o " DIR "/scale-out.pdf", lo - 0.5);
	ck_assert_msg(test_run(cmd, NULL, NULL) == 2, "--scale below the man page's %d is taken", lo);
	/* the least: a one-room map at inch squares */
	snprintf(cmd, sizeof cmd, "-q -s 7 -n 1 --size 8x8 --scale %d -o " DIR "/scale-lo.pdf", lo);
	ck_assert_msg(test_run(cmd, NULL, NULL) == 0, "--scale %d (the man page's least) is refused", lo);
}
END_TEST

/* What the documents say of the JSON's version is what the program writes:
 * mapsheet-json(5) names it, and no other page names another. */
START_TEST(test_json_version_as_written)
{
	ck_assert_int_eq(test_run("-q -s 7 -n 3 -o " DIR "/version.json", NULL, NULL), 0);
	char *json = test_slurp(DIR "/version.json", NULL);
	ck_assert_ptr_nonnull(json);
	const char *v = strstr(json, "\"version\": ");
	ck_assert_ptr_nonnull(v);
	int written = atoi(v + 11);
	free(json);
	char *page = squeeze(man_rendered("man/mapsheet-json.5"));
	const char *said = strstr(page, "The version of this format: ");
	ck_assert_msg(said != NULL, "mapsheet-json(5) does not say the version");
	ck_assert_msg(atoi(said + 28) == written, "mapsheet-json(5) says version %d, the program writes %d",
		      atoi(said + 28), written);
	free(page);
	static const char *const pages[] = { "man/mapsheet.1", "man/mapsheet-templates.5", "README.md" };
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		char *text = strstr(pages[i], ".md") ? test_slurp(pages[i], NULL) : man_rendered(pages[i]);
		ck_assert_ptr_nonnull(text);
		squeeze(text);
		for (const char *p = strstr(text, "\"version\": "); p; p = strstr(p + 1, "\"version\": "))
			ck_assert_msg(atoi(p + 11) == written, "%s says \"version\": %d; the program writes %d", pages[i],
				      atoi(p + 11), written);
		free(text);
	}
}
END_TEST

/* The first example's sentence on every method's default map: the scale
 * each prints at, on letter, for a few seeds, is in the range it gives. */
START_TEST(test_default_scales_as_documented)
{
	char *shown = squeeze(man_rendered("man/mapsheet.1"));
	const char *claim = "Every method's default map prints at 4 to 8 squares to the inch on letter or A4 paper";
	ck_assert_msg(strstr(shown, claim), "the man page no longer says: %s", claim);
	free(shown);
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	for (size_t m = 0; m < sizeof methods / sizeof methods[0]; m++)
		for (int seed = 1; seed <= 3; seed++) {
			char cmd[300];
			snprintf(cmd, sizeof cmd, "-v -m %s -s %d%s -o " DIR "/scale-default.pdf", methods[m], seed,
				 seed == 3 ? " --paper a4" : "");
			ck_assert_msg(test_run(cmd, NULL, DIR "/scale-default.err") == 0, "%s failed", cmd);
			char *err = test_slurp(DIR "/scale-default.err", NULL);
			ck_assert_ptr_nonnull(err);
			const char *at = strstr(err, "level 1 sheet: ");
			ck_assert_msg(at != NULL, "%s: no sheet reported: %s", cmd, err);
			const char *comma = strchr(at, ',');
			double scale = comma ? atof(comma + 2) : 0;
			ck_assert_msg(comma && comma[2] >= '0' && comma[2] <= '9' && scale >= 4 && scale <= 8 &&
					      scale == (int)scale,
				      "%s prints at %.60s, not at 4 to 8 squares to the inch", cmd, comma ? comma + 2 : at);
			free(err);
		}
}
END_TEST

static Suite *docs_suite(void)
{
	/* the folders of the last run only */
	if (system("rm -rf " DIR "/run-*") != 0)
		fprintf(stderr, "check_docs: cannot clear " DIR "\n");
	Suite *s = suite_create("docs");
	TCase *tc = tcase_create("docs");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_man_formats_match);
	tcase_add_test(tc, test_man_scale_range);
	tcase_add_test(tc, test_man_examples_run);
	tcase_add_test(tc, test_man_advice_runs);
	tcase_add_test(tc, test_man_first_example_scale);
	tcase_add_test(tc, test_readme_examples_run);
	tcase_add_test(tc, test_json_version_as_written);
	tcase_add_test(tc, test_default_scales_as_documented);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(docs_suite)
