/* check_remake.c: the remake line printed on every output remakes it, as a
 * user would try it: make a map (with awkward seeds and titles, every
 * method, a config file), read the recorded line from the JSON "command"
 * field or the text footer, paste it into sh, bash and zsh in a fresh
 * environment (no config file, the built program on PATH as `mapsheet`,
 * another folder) and compare the bytes of the two outputs. */
#define _GNU_SOURCE         /* realpath, memmem */
#include "testrun.h"
#include "testutil.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define BASE "build/tests/remake"

static char root[1024];         /* absolute BASE */
static char program[PATH_MAX];  /* the built mapsheet, absolute */

/* A fresh folder under BASE (emptied of the files a case writes). */
static void fresh_dir(const char *name, char *out, size_t size)
{
	snprintf(out, size, "%s/%s", root, name);
	mkdir(out, 0777);
}

static void setup(void)
{
	mkdir("build/tests", 0777);
	mkdir(BASE, 0777);
	char real[PATH_MAX];
	ck_assert_ptr_nonnull(realpath(BASE, real));
	ck_assert_uint_lt(strlen(real), sizeof root);
	memcpy(root, real, strlen(real) + 1);
	const char *bin = getenv("MAPSHEET_BIN");
	ck_assert_ptr_nonnull(realpath(bin ? bin : "./mapsheet", program));
	char dir[1200], link[2048];
	fresh_dir("bin", dir, sizeof dir);
	snprintf(link, sizeof link, "%s/mapsheet", dir);
	unlink(link);
	ck_assert_int_eq(symlink(program, link), 0);
	char d[1200];
	fresh_dir("home", d, sizeof d);
	fresh_dir("xdg", d, sizeof d);      /* the first run's config home */
	fresh_dir("xdg/mapsheet", d, sizeof d);
	fresh_dir("empty", d, sizeof d);    /* the remake's: no config */
	fresh_dir("first", d, sizeof d);
	fresh_dir("again", d, sizeof d);
}

/* Runs argv (argv[0] a path) in folder cwd with only the variables a fresh
 * login would have; config_home names the XDG_CONFIG_HOME folder. Returns
 * the exit status, or -1. */
static int run_in(const char *cwd, const char *config_home, char *const argv[])
{
	char home[2048], xdg[2048], path[2048];
	snprintf(home, sizeof home, "HOME=%s/home", root);
	snprintf(xdg, sizeof xdg, "XDG_CONFIG_HOME=%s/%s", root, config_home);
	snprintf(path, sizeof path, "PATH=%s/bin:/usr/bin:/bin", root);
	/* a fixed date, so that PDF files made a second apart are the same */
	char *env[9] = { home, xdg, path, "SOURCE_DATE_EPOCH=1700000000", "LC_ALL=C.UTF-8", NULL };
	/* make sanitize's settings (its leak suppressions) pass through */
	static const char *const keep[] = { "ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS" };
	char kept[3][2048];
	int n = 5;
	for (int i = 0; i < 3; i++)
		if (getenv(keep[i])) {
			snprintf(kept[i], sizeof kept[i], "%s=%s", keep[i], getenv(keep[i]));
			env[n++] = kept[i];
		}
	env[n] = NULL;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int devnull = open("/dev/null", 1);
		if (devnull >= 0) {
			dup2(devnull, 1);
			dup2(devnull, 2);
		}
		if (chdir(cwd) == 0) {
			alarm(60);
			execve(argv[0], argv, env);
		}
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The JSON string at p (just after its opening quote), unescaped. */
static char *json_string(const char *p)
{
	char *out = malloc(strlen(p) + 1);
	ck_assert_ptr_nonnull(out);
	size_t n = 0;
	for (; *p && *p != '"'; p++) {
		if (*p != '\\') {
			out[n++] = *p;
			continue;
		}
		p++;
		switch (*p) {
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'u': {
			unsigned v = 0;
			ck_assert_int_eq(sscanf(p + 1, "%4x", &v), 1);
			ck_assert_uint_lt(v, 0x80);   /* only control characters are escaped */
			out[n++] = (char)v;
			p += 4;
			break;
		}
		default: out[n++] = *p; break;
		}
	}
	ck_assert_int_eq(*p, '"');
	out[n] = '\0';
	return out;
}

/* The remake line of a Markdown key: the code span after "Made by
 * mapsheet: ", or the fenced block after "Made by mapsheet:" (CommonMark's
 * rules: a span's one space each side is dropped). */
static char *md_command(const char *text, const char *path)
{
	const char *p = strstr(text, "Made by mapsheet:");
	ck_assert_msg(p != NULL, "%s has no remake line", path);
	p += 17;
	if (strncmp(p, "\n\n", 2) == 0) {
		p += 2;
		size_t fence = strspn(p, "`");
		ck_assert_uint_ge(fence, 3);
		const char *start = strchr(p, '\n');
		ck_assert_ptr_nonnull(start);
		start++;
		char close[16];
		ck_assert_uint_lt(fence, sizeof close - 2);
		close[0] = '\n';
		memset(close + 1, '`', fence);
		close[fence + 1] = '\0';
		const char *end = strstr(start, close);
		ck_assert_ptr_nonnull(end);
		return strndup(start, (size_t)(end - start));
	}
	ck_assert_int_eq(*p, ' ');
	p++;
	size_t ticks = strspn(p, "`");
	ck_assert_uint_ge(ticks, 1);
	const char *start = p + ticks, *end = start;
	for (;;) {
		end = strchr(end, '`');
		ck_assert_ptr_nonnull(end);
		size_t run = strspn(end, "`");
		if (run == ticks)
			break;
		end += run;
	}
	if (end - start >= 2 && start[0] == ' ' && end[-1] == ' ') {
		start++;
		end--;
	}
	return strndup(start, (size_t)(end - start));
}

/* The remake line as the output records it: the JSON "command" field, or
 * the text after the last "Remake: " of a text file. */
static char *recorded_command(const char *path, const char *ext)
{
	char *text = NULL;
	if (strcmp(ext, "pdf") == 0) {
		/* the line printed on the sheet, as pdftotext reads it */
		char cmd[2 * 8200 + 64], txt[8200];
		ck_assert_uint_lt(strlen(path), 8000);
		snprintf(txt, sizeof txt, "%s.txt", path);
		snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 '%s' '%s'", path, txt);
		ck_assert_int_eq(system(cmd), 0);
		text = test_slurp(txt, NULL);
	} else {
		text = test_slurp(path, NULL);
	}
	ck_assert_msg(text != NULL, "%s was not written", path);
	char *cmd;
	if (strcmp(ext, "pdf") == 0) {
		const char *p = strstr(text, "Remake: ");
		ck_assert_msg(p != NULL, "%s has no Remake line", path);
		cmd = strndup(p + 8, strcspn(p + 8, "\n"));
		ck_assert_ptr_nonnull(cmd);
	} else if (strcmp(ext, "md") == 0) {
		cmd = md_command(text, path);
	} else if (strcmp(ext, "json") == 0) {
		const char *p = strstr(text, "\"command\": \"");
		ck_assert_msg(p != NULL, "%s has no \"command\"", path);
		cmd = json_string(p + 12);
	} else {
		const char *p = NULL;
		for (const char *q = strstr(text, "\nRemake: "); q; q = strstr(q + 1, "\nRemake: "))
			p = q;
		ck_assert_msg(p != NULL, "%s has no Remake line", path);
		cmd = strdup(p + 9);
		ck_assert_ptr_nonnull(cmd);
		size_t len = strlen(cmd);
		ck_assert_msg(len > 0 && cmd[len - 1] == '\n', "%s does not end with its Remake line", path);
		cmd[len - 1] = '\0';
	}
	free(text);
	return cmd;
}

static int same_bytes(const char *a, const char *b)
{
	size_t na, nb;
	char *ta = test_slurp(a, &na), *tb = test_slurp(b, &nb);
	int same = ta && tb && na == nb && memcmp(ta, tb, na) == 0;
	free(ta);
	free(tb);
	return same;
}

static const char *const shells[] = { "/bin/sh", "/bin/bash", "/usr/bin/zsh", "/bin/zsh" };

/* Makes the map of args (the output file named last, given as "out.EXT"),
 * reads the recorded line from `record` (an output of this run, json or
 * txt), runs it in each shell from a fresh environment in another folder,
 * and checks that every file named in outs came out byte for byte the same.
 * config: the config file's text, or NULL for none. Returns the line. */
static char *remake(const char *config, const char *const *args, const char *record, const char *const *outs)
{
	char first[2048], again[2048], conf[2048];
	snprintf(first, sizeof first, "%s/first", root);
	snprintf(again, sizeof again, "%s/again", root);
	snprintf(conf, sizeof conf, "%s/xdg/mapsheet/config", root);
	unlink(conf);
	if (config)
		ck_assert_int_eq(test_write_file(conf, config, strlen(config)), 0);
	char *argv[40];
	int n = 0;
	argv[n++] = program;
	for (int i = 0; args[i]; i++)
		argv[n++] = (char *)args[i];
	argv[n] = NULL;
	char path[2 * PATH_MAX];
	for (int i = 0; outs[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", first, outs[i]);
		unlink(path);
	}
	ck_assert_int_eq(run_in(first, "xdg", argv), 0);
	snprintf(path, sizeof path, "%s/%s", first, record);
	char *cmd = recorded_command(path, strrchr(record, '.') + 1);
	ck_assert_msg(strncmp(cmd, "mapsheet ", 9) == 0, "recorded: %s", cmd);
	int ran = 0;
	for (size_t s = 0; s < sizeof shells / sizeof shells[0]; s++) {
		if (access(shells[s], X_OK) != 0 || (s == 3 && access(shells[2], X_OK) == 0))
			continue;
		for (int i = 0; outs[i]; i++) {
			snprintf(path, sizeof path, "%s/%s", again, outs[i]);
			unlink(path);
		}
		char *sh_argv[] = { (char *)shells[s], "-c", cmd, NULL };
		ck_assert_msg(run_in(again, "empty", sh_argv) == 0, "%s -c '%s' failed", shells[s], cmd);
		for (int i = 0; outs[i]; i++) {
			char a[2 * PATH_MAX], b[2 * PATH_MAX];
			snprintf(a, sizeof a, "%s/%s", first, outs[i]);
			snprintf(b, sizeof b, "%s/%s", again, outs[i]);
			ck_assert_msg(same_bytes(a, b), "%s -c '%s' made a different %s", shells[s], cmd, outs[i]);
		}
		ran++;
	}
	ck_assert_int_ge(ran, 2);
	return cmd;
}

/* One case in the recorded forms of mask: 1 a JSON output, 2 a text one,
 * 4 a Markdown key. */
static void remake_in(const char *config, const char *const *args, int mask)
{
	const char *formats[] = { "json", "txt", "md" };
	for (int f = 0; f < 3; f++) {
		if (!(mask & (1 << f)))
			continue;
		const char *a[40];
		int n = 0;
		for (int i = 0; args[i]; i++)
			a[n++] = args[i];
		char out[16];
		snprintf(out, sizeof out, "out.%s", formats[f]);
		a[n++] = "-o";
		a[n++] = out;
		a[n] = NULL;
		/* a Markdown key comes with its map image */
		const char *outs[] = { out, f == 2 ? "out.svg" : NULL, NULL };
		free(remake(config, a, out, outs));
	}
}

static void remake_both(const char *config, const char *const *args)
{
	remake_in(config, args, 3);
}

START_TEST(test_awkward_seeds_and_titles)
{
	setup();
	static const char *const seeds[] = {
		"it's", "goblin's lair", "\"double\" and 'single'", "back\\slash\\", "$HOME and ${PATH}", "`id` $(id)",
		"two  spaces\tand a tab", "line one\nline two", "-leading-dash", "--seed", "=equals", "~tilde *.json ?",
		"Ünïcödé ☃ 龍 🐉", "!history !! ^caret", "semi;colon & amp | pipe > gt < lt", "#hash {a,b} [ab]",
	};
	/* each seed in one of the three forms, in turn; one with a newline in all */
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		const char *args[] = { "-q", "--rooms", "6", "--seed", seeds[i], "--title", seeds[i], NULL };
		remake_in(NULL, args, strchr(seeds[i], '\n') ? 7 : 1 << (i % 3));
	}
}
END_TEST

START_TEST(test_every_method)
{
	setup();
	static const char *const cases[][16] = {
		{ "--method", "dice", "--seed", "a'b", "--rooms", "9", "--loops", "2", "--room-shape", "alcove", NULL },
		{ "--method", "mansion", "--seed", "m$x", "--packing", "fill", "--hall-share", "0.3", NULL },
		{ "--method", "cards", "--seed", "c\"d", "--zones", "2", "--joins", "bridge,island", "--layout", "fill",
		  NULL },
		{ "--method", "tiles", "--seed", "t\\u", "--dead-ends", "new-door", "--rooms", "8", NULL },
		{ "--method", "house", "--seed", "h`h`", "--hall-rate", "0.2", "--numbering", "reading", NULL },
		{ "--method", "dice,mansion", "--levels", "2", "--rooms", "5", "--seed", "two levels", NULL },
		{ "-m", "cards", "-n", "7", "-s", "short options", "--no-stock", NULL },
		{ "--method=house", "--seed=with equals", "--size=30x24", NULL },
		{ "--rooms", "5", NULL },   /* no seed: the drawn one is recorded */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *args[20] = { "-q" };
		int n = 1;
		for (int k = 0; cases[i][k]; k++)
			args[n++] = cases[i][k];
		args[n] = NULL;
		remake_both(NULL, args);
	}
	/* a drawn seed with arguments that end in "--" */
	const char *dashes[] = { "-q", "--rooms", "4", "-o", "out.json", "--", NULL };
	const char *outs[] = { "out.json", NULL };
	free(remake(NULL, dashes, "out.json", outs));
}
END_TEST

START_TEST(test_config_settings)
{
	setup();
	/* numbering from the config changes the key: the line must carry it */
	const char *args[] = { "-q", "--seed", "config", "--rooms", "8", NULL };
	const char *conf = "# mine\nnumbering: reading \npaper:\ta4\nstyle:inksaver\nscale:5\ndpi:100\nsystem:neutral\n";
	remake_both(conf, args);
	/* the same map without the config differs, so the test can fail */
	const char *json_args[] = { "-q", "--seed", "config", "--rooms", "8", "-o", "out.json", NULL };
	const char *outs[] = { "out.json", NULL };
	char *with = remake(conf, json_args, "out.json", outs);
	ck_assert_msg(strstr(with, "--numbering reading") != NULL, "%s", with);
	ck_assert_msg(strstr(with, "--paper a4") != NULL, "%s", with);
	free(with);
	/* an option on the command line wins over the config, and the config's
	 * value is then left out of the line */
	const char *over[] = { "-q", "--seed", "config", "--paper", "letter", "--numbering", "entrance", "-o",
			       "out.json", NULL };
	char *cmd = remake(conf, over, "out.json", outs);
	ck_assert_msg(strstr(cmd, "a4") == NULL && strstr(cmd, "reading") == NULL, "%s", cmd);
	ck_assert_msg(strstr(cmd, "--style inksaver") != NULL, "%s", cmd);
	free(cmd);
}
END_TEST

START_TEST(test_drawn_sheets)
{
	setup();
	/* the paper, style and scale from the config shape the drawn sheet; the
	 * line is read from the sheet itself and the PDF compared byte for byte */
	const char *conf = "paper:a4\nstyle:blueprint\nscale:5\n";
	const char *sheet[] = { "-q", "--seed", "sheet's $seed", "--rooms", "6", "-o", "out.pdf", NULL };
	const char *sheet_outs[] = { "out.pdf", NULL };
	char *cmd = remake(conf, sheet, "out.pdf", sheet_outs);
	ck_assert_msg(strstr(cmd, "--style blueprint") != NULL, "%s", cmd);
	free(cmd);
	const char *book[] = { "-q", "--seed", "booklet \"b\"", "--levels", "2", "--rooms", "5", "-o", "out.pdf", NULL };
	free(remake(conf, book, "out.pdf", sheet_outs));
	const char *svg[] = { "-q", "--seed", "`svg`", "--rooms", "5", "--format", "json", "-o", "out.json", NULL };
	const char *svg_outs[] = { "out.json", NULL };
	free(remake(conf, svg, "out.json", svg_outs));
}
END_TEST

/* "The same command gives the same bytes" without SOURCE_DATE_EPOCH too:
 * each output made twice, a second apart, is the same file; the PDFs carry
 * no date (with SOURCE_DATE_EPOCH they carry its date, check_render_booklet). */
START_TEST(test_same_bytes_undated)
{
	setup();
	unsetenv("SOURCE_DATE_EPOCH");
	static const char *const runs[][2] = {
		{ "-n 4", "sheet.pdf" }, { "-n 4", "sheet.svg" }, { "-n 4", "sheet.png" },
		{ "-n 3 --levels 2", "booklet.pdf" }, { "-n 3 --levels 2", "foundry.zip" },
		{ "-n 3 --levels 2", "eplus.module" },
	};
	enum { N = sizeof runs / sizeof runs[0] };
	char *first[N];
	size_t len[N];
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			sleep(1);
		for (size_t i = 0; i < N; i++) {
			char cmd[300], out[200];
			snprintf(out, sizeof out, BASE "/first/%s", runs[i][1]);
			snprintf(cmd, sizeof cmd, "-q -s undated %s -o %s", runs[i][0], out);
			ck_assert_msg(test_run(cmd, NULL, NULL) == 0, "%s failed", cmd);
			size_t n;
			char *bytes = test_slurp(out, &n);
			ck_assert_ptr_nonnull(bytes);
			if (pass == 0) {
				first[i] = bytes;
				len[i] = n;
				continue;
			}
			ck_assert_msg(n == len[i] && memcmp(bytes, first[i], n) == 0, "%s: two runs of the same command "
				      "differ", runs[i][1]);
			if (strstr(runs[i][1], ".pdf"))
				ck_assert_msg(memmem(bytes, n, "CreationDate", 12) == NULL, "%s carries a date", runs[i][1]);
			free(bytes);
			free(first[i]);
		}
	}
}
END_TEST

static Suite *remake_suite(void)
{
	Suite *s = suite_create("remake");
	TCase *tc = tcase_create("remake");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_awkward_seeds_and_titles);
	tcase_add_test(tc, test_every_method);
	tcase_add_test(tc, test_config_settings);
	tcase_add_test(tc, test_drawn_sheets);
	tcase_add_test(tc, test_same_bytes_undated);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(remake_suite)
