/* check_pageset.c: a sheet's pages (and the Markdown key's images, the
 * tabletop files of levels) behave as one output. Runs are killed at many
 * points, by time (a loop of growing delays) and at each rename and unlink
 * the program makes (strace injects SIGKILL there); after each kill the
 * pages on disk are all of one map by their metadata, and after the next
 * completed run nothing is left over. The pages of an earlier, longer set
 * are removed, a user's own files of the same names are not, and the
 * temporary files of dead runs are swept while a live run's are kept. */
#include "testutil.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TDIR "build/tests/pageset"
#define MARK "mapsheet-file"

/* The program under test: $MAPSHEET_BIN (make sanitize sets it) or
 * ./mapsheet. */
static const char *bin(void)
{
	const char *b = getenv("MAPSHEET_BIN");
	return b && *b ? b : "./mapsheet";
}

/* What a file of a set says of itself: "... N of COUNT, seed SEED". */
struct mark {
	int number, count;
	char seed[32];
};

/* Reads path's mark from its first 8 KiB; returns 0, or -1 without one. */
static int read_mark(const char *path, struct mark *mk)
{
	char buf[8192];
	int fd = open(path, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	ck_assert_int_ge(n, 0);
	size_t len = strlen(MARK);
	/* a PNG's text chunk: its text is the chunk's data, CRC excluded */
	if (n > 8 && memcmp(buf, "\x89PNG\r\n\x1a\n", 8) == 0) {
		for (ssize_t at = 8; at + 12 <= n;) {
			const unsigned char *u = (const unsigned char *)buf + at;
			ssize_t clen =
				(ssize_t)((unsigned)u[0] << 24 | (unsigned)u[1] << 16 | (unsigned)u[2] << 8 | u[3]);
			if (at + 12 + clen > n)
				break;
			if ((memcmp(u + 4, "tEXt", 4) == 0 || memcmp(u + 4, "iTXt", 4) == 0) &&
			    memcmp(u + 8, MARK, len + 1) == 0) {
				memmove(buf, u + 8, (size_t)clen);
				n = clen;
				break;
			}
			at += 12 + clen;
		}
	}
	for (ssize_t i = 0; i + (ssize_t)len <= n; i++) {
		if (memcmp(buf + i, MARK, len) != 0)
			continue;
		/* the text after the mark: skip to "mapsheet VERSION: " */
		buf[n] = '\0';
		for (ssize_t k = i + (ssize_t)len; k < n; k++)
			if (buf[k] == '\0')
				buf[k] = ' ';
		/* "N of COUNT, seed SEED" ends the text */
		const char *seed = strstr(buf + i, ", seed ");
		if (!seed)
			return -1;
		const char *of = seed;
		while (of > buf + i && strncmp(of, " of ", 4) != 0)
			of--;
		if (of == buf + i)
			return -1;
		const char *num = of;
		while (num > buf && num[-1] >= '0' && num[-1] <= '9')
			num--;
		mk->number = atoi(num);
		if (sscanf(of, " of %d, seed %31[a-z0-9]", &mk->count, mk->seed) != 2)
			return -1;
		return 0;
	}
	return -1;
}

/* What is in DIR/sub of the set named stem.ext: the files, all checked to
 * be of one map, and the temporary files left there. */
struct set_state {
	int files, leftovers, count;
	char seed[32];
	int has[64];
};

static void scan(const char *sub, const char *stem, const char *ext, struct set_state *st)
{
	char dir[300];
	snprintf(dir, sizeof dir, TDIR "/%s", sub);
	memset(st, 0, sizeof *st);
	DIR *dh = opendir(dir);
	ck_assert_ptr_nonnull(dh);
	size_t slen = strlen(stem), elen = strlen(ext);
	for (struct dirent *de = readdir(dh); de; de = readdir(dh)) {
		const char *name = de->d_name;
		size_t nlen = strlen(name);
		if (name[0] == '.' && strstr(name, ".mapsheet-") && nlen > 4 && strcmp(name + nlen - 4, ".tmp") == 0) {
			st->leftovers++;
			continue;
		}
		if (nlen < slen + elen || strncmp(name, stem, slen) != 0 || strcmp(name + nlen - elen, ext) != 0)
			continue;
		int number = 1;
		if (name[slen] == '-')
			number = atoi(name + slen + 1);
		else if (nlen != slen + elen)
			continue;
		char path[600];
		snprintf(path, sizeof path, "%s/%s", dir, name);
		struct mark mk;
		ck_assert_msg(read_mark(path, &mk) == 0, "%s carries no mark", path);
		ck_assert_msg(mk.number == number, "%s says it is number %d", path, mk.number);
		if (st->files == 0) {
			st->count = mk.count;
			snprintf(st->seed, sizeof st->seed, "%s", mk.seed);
		}
		ck_assert_msg(mk.count == st->count && strcmp(mk.seed, st->seed) == 0,
			      "%s: mixed set: %s is number %d of %d of seed %s, another of %d of seed %s", dir, name,
			      mk.number, mk.count, mk.seed, st->count, st->seed);
		ck_assert_int_le(number, st->count);
		ck_assert_int_lt(number, 64);
		st->has[number] = 1;
		st->files++;
	}
	closedir(dh);
}

/* After a completed run: the whole set of seed, nothing else. */
static void assert_complete(const char *sub, const char *stem, const char *ext, const char *seed)
{
	struct set_state st;
	scan(sub, stem, ext, &st);
	ck_assert_str_eq(st.seed, seed);
	ck_assert_int_eq(st.files, st.count);
	ck_assert_int_eq(st.leftovers, 0);
}

static int run(const char *args)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "XDG_CONFIG_HOME=" TDIR "/none %s -q %s </dev/null >/dev/null 2>&1", bin(), args);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Starts mapsheet with args (split at spaces), kills it after secs (if it
 * is still running) and returns whether it had finished. */
static int run_killed_after(char *args, double secs)
{
	char *argv[32];
	int argc = 0;
	argv[argc++] = (char *)bin();
	for (char *save = NULL, *a = strtok_r(args, " ", &save); a && argc < 31; a = strtok_r(NULL, " ", &save))
		argv[argc++] = a;
	argv[argc] = NULL;
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		setenv("XDG_CONFIG_HOME", TDIR "/none", 1);
		execv(argv[0], argv);
		_exit(127);
	}
	struct timespec ts = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };
	nanosleep(&ts, NULL);
	kill(pid, SIGKILL);
	int status;
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

START_TEST(test_killed_by_time)
{
	ck_assert_int_eq(system("rm -rf " TDIR "/t && mkdir -p " TDIR "/t"), 0);
	/* two maps of different page counts into one name, in turn */
	const char *args[2] = { "--seed a --rooms 150 -o " TDIR "/t/s.svg",
				"--seed b --rooms 100 -o " TDIR "/t/s.svg" };
	double took[2];
	for (int k = 0; k < 2; k++) {
		double t0 = now();
		ck_assert_int_eq(run(args[k]), 0);
		took[k] = now() - t0;
		assert_complete("t", "s", ".svg", k ? "b" : "a");
	}
	/* kills from the start to past the end, finer near the end, where the
	 * files are renamed */
	static const double at[] = { 0.02, 0.15, 0.3, 0.45, 0.6, 0.75, 0.85, 0.9,
				     0.94, 0.97, 0.99, 1.0, 1.02, 1.05, 1.3 };
	int finished = 0, partial = 0, left = 0;
	for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
		char a[200];
		snprintf(a, sizeof a, "%s", args[i % 2]);
		finished += run_killed_after(a, took[i % 2] * at[i]);
		struct set_state st;
		scan("t", "s", ".svg", &st);
		ck_assert_int_ge(st.files, 1);
		partial += st.files < st.count;
		left += st.leftovers > 0;
	}
	/* on a machine whose speed changed since the runs were timed, earlier
	 * kills until one stops a run while its pages are written */
	static const double more[] = { 0.5, 0.35, 0.25, 0.15, 0.1, 0.05 };
	for (size_t i = 0; i < sizeof more / sizeof *more && left == 0; i++) {
		char a[200];
		snprintf(a, sizeof a, "%s", args[0]);
		run_killed_after(a, took[0] * more[i]);
		struct set_state st;
		scan("t", "s", ".svg", &st);
		ck_assert_int_ge(st.files, 1);
		left += st.leftovers > 0;
	}
	/* the next completed run leaves its own whole set and nothing else */
	ck_assert_int_eq(run(args[0]), 0);
	assert_complete("t", "s", ".svg", "a");
	printf("pageset: %zu runs killed by time: %d had finished, %d left a partial set, %d left temporary "
	       "files\n", sizeof at / sizeof *at, finished, partial, left);
	ck_assert_int_gt(left, 0);
}
END_TEST

/* Runs args under strace, killed at its when-th rename or unlink; returns
 * the exit status (137 when killed). */
static int run_killed_at_call(const char *args, int when)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd,
		 "XDG_CONFIG_HOME=" TDIR "/none ASAN_OPTIONS=detect_leaks=0 strace -qq -f -o /dev/null "
		 "-e trace=rename,renameat,renameat2,unlink,unlinkat "
		 "-e inject=rename,renameat,renameat2,unlink,unlinkat:signal=KILL:when=%d "
		 "%s -q %s </dev/null >/dev/null 2>&1",
		 when, bin(), args);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_killed_at_each_rename)
{
	ck_assert_int_eq(system("strace -V >/dev/null 2>&1"), 0);   /* make deps installs it */
	ck_assert_int_eq(system("rm -rf " TDIR "/r && mkdir -p " TDIR "/r"), 0);
	const char *args[2] = { "--seed c --rooms 100 -o " TDIR "/r/s.svg", "--seed d --rooms 40 -o " TDIR "/r/s.svg" };
	ck_assert_int_eq(run(args[0]), 0);
	assert_complete("r", "s", ".svg", "c");
	int kills = 0;
	/* the longer set replaced by the shorter, then the other way */
	for (int k = 1; k <= 2; k++) {
		const char *a = args[k % 2];
		int when = 1;
		for (; when < 100; when++) {
			int rc = run_killed_at_call(a, when);
			struct set_state st;
			scan("r", "s", ".svg", &st);
			ck_assert_int_ge(st.files, 1);
			if (rc == 0)
				break;
			ck_assert_int_ne(rc, 1);
			kills++;
		}
		ck_assert_int_lt(when, 100);
		ck_assert_int_gt(when, 4);
		assert_complete("r", "s", ".svg", k % 2 ? "d" : "c");
	}
	printf("pageset: %d runs killed at a rename or unlink, each leaving one map's pages\n", kills);
}
END_TEST

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(test_stale_pages)
{
	ck_assert_int_eq(system("rm -rf " TDIR "/st && mkdir -p " TDIR "/st"), 0);
	struct set_state st;
	/* SVG: 150 rooms, then 5, with the user's own m-7.svg put in between */
	ck_assert_int_eq(run("--seed a --rooms 150 -o " TDIR "/st/m.svg"), 0);
	scan("st", "m", ".svg", &st);
	ck_assert_int_gt(st.count, 7);
	ck_assert_int_eq(st.files, st.count);
	ck_assert_int_eq(unlink(TDIR "/st/m-7.svg"), 0);
	write_file(TDIR "/st/m-7.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>mine</title></svg>\n");
	ck_assert_int_eq(run("--seed a --rooms 5 -o " TDIR "/st/m.svg"), 0);
	ck_assert_int_eq(rename(TDIR "/st/m-7.svg", TDIR "/st/mine.svg"), 0);
	assert_complete("st", "m", ".svg", "a");
	scan("st", "m", ".svg", &st);
	ck_assert_int_le(st.count, 2);   /* the 5-room sheet: one or two pages, nothing of the old set */
	char *mine = test_slurp(TDIR "/st/mine.svg", NULL);
	ck_assert_str_eq(mine, "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>mine</title></svg>\n");
	free(mine);
	/* PNG the same, with a user's p-3.png */
	ck_assert_int_eq(run("--seed b --rooms 60 --dpi 30 -o " TDIR "/st/p.png"), 0);
	scan("st", "p", ".png", &st);
	ck_assert_int_ge(st.count, 3);
	write_file(TDIR "/st/p-3.png", "not ours");
	ck_assert_int_eq(run("--seed b --rooms 5 --dpi 30 -o " TDIR "/st/p.png"), 0);
	ck_assert_int_eq(rename(TDIR "/st/p-3.png", TDIR "/st/mine.png"), 0);
	assert_complete("st", "p", ".png", "b");
	scan("st", "p", ".png", &st);
	ck_assert_int_lt(st.count, 3);
	/* the Markdown key's images and the tabletop files of three levels,
	 * then of one */
	ck_assert_int_eq(run("--seed c --levels 3 --rooms 5 -o " TDIR "/st/k.md"), 0);
	ck_assert_int_eq(run("--seed c --levels 3 --rooms 5 -o " TDIR "/st/v.dd2vtt"), 0);
	assert_complete("st", "k", ".svg", "c");
	assert_complete("st", "v", ".dd2vtt", "c");
	scan("st", "v", ".dd2vtt", &st);
	ck_assert_int_eq(st.files, 3);
	ck_assert_int_eq(run("--seed e --rooms 5 -o " TDIR "/st/k.md"), 0);
	ck_assert_int_eq(run("--seed e --rooms 5 -o " TDIR "/st/v.dd2vtt"), 0);
	assert_complete("st", "k", ".svg", "e");
	assert_complete("st", "v", ".dd2vtt", "e");
	ck_assert_int_eq(access(TDIR "/st/k.svg", F_OK), 0);
	ck_assert_int_eq(access(TDIR "/st/k-2.svg", F_OK), -1);
	ck_assert_int_eq(access(TDIR "/st/v.dd2vtt", F_OK), 0);
	ck_assert_int_eq(access(TDIR "/st/v-1.dd2vtt", F_OK), -1);
}
END_TEST

START_TEST(test_leftover_temporary_files)
{
	ck_assert_int_eq(system("rm -rf " TDIR "/l && mkdir -p " TDIR "/l"), 0);
	/* a process number that is gone */
	pid_t dead = fork();
	ck_assert_int_ge(dead, 0);
	if (dead == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(dead, NULL, 0), dead);
	char gone[5][300];
	const char *names[] = { "t.svg", "t-3.svg", "t-12.svg", "other.svg", "t.pdf" };
	for (int i = 0; i < 5; i++) {
		snprintf(gone[i], sizeof gone[i], TDIR "/l/.%s.mapsheet-%ld.tmp", names[i], (long)dead);
		write_file(gone[i], "half a page");
	}
	/* a run still writing (this process, holding the lock) */
	char live[300];
	snprintf(live, sizeof live, TDIR "/l/.t-2.svg.mapsheet-%ld.tmp", (long)getpid());
	int fd = open(live, O_RDWR | O_CREAT, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(flock(fd, LOCK_EX | LOCK_NB), 0);
	/* a user's own hidden file */
	write_file(TDIR "/l/.t.svg.mine.tmp", "mine");
	ck_assert_int_eq(run("--seed a --rooms 5 -o " TDIR "/l/t.svg"), 0);
	/* the set's leftovers of dead runs are gone, the rest kept */
	ck_assert_int_eq(access(gone[0], F_OK), -1);
	ck_assert_int_eq(access(gone[1], F_OK), -1);
	ck_assert_int_eq(access(gone[2], F_OK), -1);
	ck_assert_int_eq(access(gone[3], F_OK), 0);
	ck_assert_int_eq(access(gone[4], F_OK), 0);
	ck_assert_int_eq(access(live, F_OK), 0);
	ck_assert_int_eq(access(TDIR "/l/.t.svg.mine.tmp", F_OK), 0);
	/* a single file's own leftovers go when it is written again */
	ck_assert_int_eq(run("--seed a --rooms 5 -o " TDIR "/l/t.pdf"), 0);
	ck_assert_int_eq(access(gone[4], F_OK), -1);
	close(fd);
}
END_TEST

static Suite *pageset_suite(void)
{
	Suite *s = suite_create("pageset");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_stale_pages);
	tcase_add_test(tc, test_leftover_temporary_files);
	tcase_add_test(tc, test_killed_by_time);
	tcase_add_test(tc, test_killed_at_each_rename);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(pageset_suite)
