/* check_bad_map_files.c: the corpus of broken map files, refused cleanly.
 *
 * Every folder tests/bad-input/NAME/ holds broken files of one maker and a
 * manifest, expect.tsv: a line "FILE<TAB>TEXT" for each file (blank lines
 * and lines starting with # are skipped), TEXT being a part of the message
 * the file must get. Every file of the folder but the manifest (and a
 * README) must be listed, and each folder holds at least 15. Each file is
 * given to `mapsheet --input DIR/FILE -o OUT.pdf` twice, in a folder of its own:
 * once with no OUT.pdf there, once with an OUT.pdf that must be left as it
 * was. Each run must exit with status 2 and write exactly one line on
 * standard error, "mapsheet: " naming the file and holding TEXT, within 20
 * seconds and 600 MB, and leave its folder as it found it (no output, no
 * temporary file).
 *
 * Files too large to keep in the repository are made here, in the build
 * folder, and removed after: 99 MiB of values, 99 MiB of one text, nesting
 * 100,000 deep and a (sparse) file past 100 MiB. */
#define _DEFAULT_SOURCE /* wait4(): the memory each run held */
#include "testrun.h"
#include "testutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CORPUS "tests/bad-input"
#define WORK "build/tests/bad_input"
#define SECONDS 20
#define MAX_RSS_KB (600L * 1024)
#define SENTINEL "an earlier OUT.pdf, which a refused run must leave as it is\n"

struct outcome {
	int status;             /* exit status, 128 + N for signal N, -1: not started */
	long rss_kb;            /* the most memory it held */
	double seconds;
};

/* One run: the program on input, writing to folder/OUT.pdf (left there
 * beforehand when with_out), its standard error to folder.err. */
struct run {
	const char *input, *want;
	char folder[PATH_MAX], out[PATH_MAX], err_path[PATH_MAX + 8];
	int with_out;
	char *before;           /* the folder's snapshot before the run */
	pid_t pid;
	struct timespec t0;
};

static double since(const struct timespec *t0)
{
	struct timespec t1;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* Starts the run under an alarm; r->pid is -1 when it could not. */
static void run_start(struct run *r)
{
	snprintf(r->out, sizeof r->out, "%s/OUT.pdf", r->folder);
	snprintf(r->err_path, sizeof r->err_path, "%s.err", r->folder);
	mkdir(r->folder, 0777);
	unlink(r->out);
	if (r->with_out)
		ck_assert_int_eq(test_write_file(r->out, SENTINEL, strlen(SENTINEL)), 0);
	r->before = test_snapshot(r->folder);
	const char *bin = getenv("MAPSHEET_BIN");
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	fflush(NULL);
	r->pid = fork();
	if (r->pid == 0) {
		int err = open(r->err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644), nul = open("/dev/null", O_RDWR);
		if (err < 0 || nul < 0 || dup2(nul, 0) < 0 || dup2(nul, 1) < 0 || dup2(err, 2) < 0)
			_exit(127);
		setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
		alarm(SECONDS);
		execl(bin ? bin : "./mapsheet", "mapsheet", "--input", r->input, "-o", r->out, (char *)NULL);
		_exit(127);
	}
}

/* Waits for the run and appends what it did wrong to report. */
static void run_finish(struct run *r, char *report, size_t size)
{
	struct outcome o = { -1, 0, 0 };
	int st;
	struct rusage ru;
	if (r->pid > 0) {
		while (wait4(r->pid, &st, 0, &ru) < 0 && errno == EINTR)
			;
		o.status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
		o.rss_kb = ru.ru_maxrss;
		o.seconds = since(&r->t0);
	}
	char *after = test_snapshot(r->folder);
	size_t len = 0;
	char *err = test_slurp(r->err_path, &len);
	const char *line = err ? err : "";
	char *nl = err ? strchr(err, '\n') : NULL;
	char head[PATH_MAX + 16];
	snprintf(head, sizeof head, "mapsheet: %s", r->input);
	const char *what = NULL;
	if (o.status == 128 + SIGALRM)
		what = "ran past the time limit";
	else if (o.status != 2)
		what = "did not exit with status 2";
	else if (!nl || nl != err + len - 1)
		what = "did not write exactly one line on standard error";
	else if (strncmp(line, head, strlen(head)) != 0)
		what = "did not start its line with \"mapsheet: \" and the file";
	else if (!strstr(line, r->want))
		what = "did not say what the manifest expects";
	else if (!r->before || !after || strcmp(r->before, after) != 0)
		what = r->with_out ? "changed the folder or the OUT.pdf there" : "wrote into the folder";
	else if (o.rss_kb > MAX_RSS_KB)
		what = "held more memory than the bound";
	if (what)
		snprintf(report + strlen(report), size - strlen(report),
			 "\n  %s (%s OUT.pdf): %s (status %d, %.1f s, %ld MB): wanted '%s', got: %.300s", r->input,
			 r->with_out ? "with" : "without", what, o.status, o.seconds, o.rss_kb / 1024, r->want, line);
	free(r->before);
	free(after);
	free(err);
	unlink(r->out);
}

/* Both runs of one file, side by side, in the folders
 * WORK/CORPUS/FILE.without-out and FILE.with-out. */
static void check_file(const char *corpus, const char *input, const char *file, const char *want, char *report,
		       size_t size)
{
	char folder[PATH_MAX];
	snprintf(folder, sizeof folder, WORK "/%s", corpus);
	mkdir(folder, 0777);
	struct run runs[2];
	for (int k = 0; k < 2; k++) {
		runs[k] = (struct run){ .input = input, .want = want, .with_out = k };
		snprintf(runs[k].folder, sizeof runs[k].folder, WORK "/%s/%s%s", corpus, file,
			 k ? ".with-out" : ".without-out");
		run_start(&runs[k]);
	}
	for (int k = 0; k < 2; k++)
		run_finish(&runs[k], report, size);
}

static int listed(char (*names)[256], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* Every case of one corpus folder; returns how many files it holds. */
static int check_corpus(const char *corpus, char *report, size_t size)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, CORPUS "/%s/expect.tsv", corpus);
	char *manifest = test_slurp(path, NULL);
	if (!manifest)
		return 0;
	static char names[1024][256];
	int n = 0, lineno = 0;
	char *save = NULL;
	for (char *line = strtok_r(manifest, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *tab = strchr(line, '\t');
		ck_assert_msg(tab && tab[1], "%s:%d: not FILE<TAB>TEXT", path, lineno);
		*tab = '\0';
		ck_assert_msg(!listed(names, n, line), "%s:%d: %s listed twice", path, lineno, line);
		ck_assert_int_lt(n, 1024);
		snprintf(names[n++], sizeof names[0], "%s", line);
		char input[PATH_MAX];
		snprintf(input, sizeof input, CORPUS "/%s/%s", corpus, line);
		ck_assert_msg(access(input, R_OK) == 0, "%s:%d: no file %s", path, lineno, input);
		check_file(corpus, input, line, tab + 1, report, size);
	}
	free(manifest);
	/* no file left out of the manifest */
	snprintf(path, sizeof path, CORPUS "/%s", corpus);
	DIR *d = opendir(path);
	ck_assert_ptr_nonnull(d);
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL)
		if (ent->d_name[0] != '.' && strcmp(ent->d_name, "expect.tsv") != 0 &&
		    strncmp(ent->d_name, "README", 6) != 0)
			ck_assert_msg(listed(names, n, ent->d_name), "%s/%s is not in its expect.tsv", path, ent->d_name);
	closedir(d);
	return n;
}

START_TEST(test_corpus_refused)
{
	static char report[65536];
	report[0] = '\0';
	DIR *d = opendir(CORPUS);
	ck_assert_ptr_nonnull(d);
	struct dirent *ent;
	int files = 0, corpora = 0;
	while ((ent = readdir(d)) != NULL) {
		if (ent->d_name[0] == '.')
			continue;
		char manifest[PATH_MAX];
		snprintf(manifest, sizeof manifest, CORPUS "/%s/expect.tsv", ent->d_name);
		if (access(manifest, R_OK) != 0)
			continue;
		int n = check_corpus(ent->d_name, report, sizeof report);
		ck_assert_msg(n >= 15, CORPUS "/%s: %d broken files; each maker's corpus holds at least 15", ent->d_name,
			      n);
		files += n;
		corpora++;
	}
	closedir(d);
	ck_assert_msg(report[0] == '\0', "bad files not refused cleanly:%.3000s", report);
	/* mapsheet's own corpus at least */
	ck_assert_int_ge(corpora, 1);
	ck_assert_int_ge(files, 20);
}
END_TEST

/* Writes `head`, then `count` bytes of the text `unit` repeated, then
 * `tail` to path. */
static void write_repeated(const char *path, const char *head, const char *unit, size_t count, const char *tail)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_ge(fputs(head, f), 0);
	static char block[1 << 16];
	size_t ulen = strlen(unit), fill = sizeof block - sizeof block % ulen;
	for (size_t i = 0; i < fill; i++)
		block[i] = unit[i % ulen];
	for (size_t done = 0; done < count;) {
		size_t n = count - done < fill ? count - done : fill;
		ck_assert_uint_eq(fwrite(block, 1, n, f), n);
		done += n;
	}
	ck_assert_int_ge(fputs(tail, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

/* The files too large to keep, refused in bounded time and memory. */
START_TEST(test_large_files_refused)
{
	static char report[8192];
	report[0] = '\0';
	mkdir(WORK "/large", 0777);
	const size_t mib99 = 99UL * 1024 * 1024;
	const char *head = "{\"format\": \"mapsheet\", \"version\": 2, \"seed\": \"s\", \"title\": null, \"site\": null, "
			   "\"levels\": [";
	write_repeated(WORK "/large/values.json", head, "0,", mib99, "0]}\n");
	check_file("large", WORK "/large/values.json", "values.json", "more than 8000000 values", report,
		   sizeof report);
	unlink(WORK "/large/values.json");
	write_repeated(WORK "/large/text.json", "{\"format\": \"mapsheet\", \"version\": 2, \"seed\": \"", "stone ",
		       mib99, "\"}\n");
	check_file("large", WORK "/large/text.json", "text.json", "text.json:1:46: a text longer than 65536 bytes",
		   report, sizeof report);
	unlink(WORK "/large/text.json");
	write_repeated(WORK "/large/deep.json", "", "[", 100000, "");
	check_file("large", WORK "/large/deep.json", "deep.json", "deep.json:1:33: arrays and objects nested more "
		   "than 32 deep", report, sizeof report);
	FILE *big = fopen(WORK "/large/past-limit.json", "w");
	ck_assert_ptr_nonnull(big);
	ck_assert_int_eq(ftruncate(fileno(big), 100L * 1024 * 1024 + 1), 0);
	ck_assert_int_eq(fclose(big), 0);
	check_file("large", WORK "/large/past-limit.json", "past-limit.json", "past-limit.json: larger than 100 MB",
		   report, sizeof report);
	unlink(WORK "/large/past-limit.json");
	ck_assert_msg(report[0] == '\0', "large files not refused cleanly:%s", report);
}
END_TEST

static Suite *bad_input_suite(void)
{
	Suite *s = suite_create("bad_map_files");
	TCase *tc = tcase_create("bad_input");
	tcase_set_timeout(tc, 300);
	mkdir("build/tests", 0777);
	mkdir(WORK, 0777);
	tcase_add_test(tc, test_corpus_refused);
	tcase_add_test(tc, test_large_files_refused);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(bad_input_suite)
