/* check_writes.c: what writing over a file keeps, and what a failed write
 * says. A file written over keeps its mode (and, as root, its owner and
 * group), for single files, page sets, the booklet, the Markdown key and
 * the tabletop files, and its extended attributes and access control list
 * (on tmpfs, which holds both); an output that is a symbolic link is written through
 * to its target and stays a link; a hard link is broken (the man page says
 * so). On a full disk (a small tmpfs, mounted in a mount namespace of the
 * test's own, so that it goes with the test's process) every format fails
 * with "mapsheet: cannot write PATH: No space left on device", exit status
 * 1, and the files already there stay byte for byte; the same line for
 * /dev/full and a full standard output. Without the rights to mount (not
 * root), the full-disk test says why it is skipped. */
#define _GNU_SOURCE
#include "testrun.h"
#include "testutil.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#define DIR "build/tests/writes"
#define OUT DIR "/stdout"
#define ERR DIR "/stderr"
#define NOSPACE ": No space left on device\n"

/* Runs a shell command made of fmt and a, failing the test if it fails. */
static void sh(const char *fmt, const char *a)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, fmt, a, a, a);
	ck_assert_msg(system(cmd) == 0, "setup failed: %s", cmd);
}

/* A fresh, empty folder. */
static void fresh(const char *dir)
{
	sh("rm -rf '%s' && mkdir -p '%s'", dir);
}

static void put(const char *path, const char *text)
{
	ck_assert_msg(test_write_file(path, text, strlen(text)) == 0, "cannot write %s", path);
}

static struct stat stat_of(const char *path)
{
	struct stat st;
	ck_assert_msg(stat(path, &st) == 0, "%s: %s", path, strerror(errno));
	return st;
}

/* Runs mapsheet with args; fails the test unless it succeeds. */
static void run_ok(const char *args)
{
	int rc = test_run(args, OUT, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_msg(rc == 0, "'%s' exited %d: %s", args, rc, err ? err : "");
	free(err);
}

/* Runs mapsheet with args, its standard output to out; it must fail with
 * status 1 and exactly the line "mapsheet: cannot write NAME: No space left
 * on device". */
static void run_full(const char *args, const char *out, const char *name)
{
	int rc = test_run(args, out, ERR);
	char *err = test_slurp(ERR, NULL), want[1024];
	ck_assert_ptr_nonnull(err);
	snprintf(want, sizeof want, "mapsheet: cannot write %s" NOSPACE, name);
	ck_assert_msg(rc == 1, "'%s' exited %d: %s", args, rc, err);
	ck_assert_msg(strcmp(err, want) == 0, "'%s' said\n%swanted\n%s", args, err, want);
	free(err);
}

/* ---- what an overwrite keeps ------------------------------------------- */

/* The outputs of every writer: the option, then the files it writes
 * (NULL-ended). */
struct writer {
	const char *args;
	const char *files[4];
};

static const struct writer writers[] = {
	{ "--rooms 5 -o " DIR "/mode/one.pdf", { "one.pdf" } },
	{ "--rooms 20 -o " DIR "/mode/set.svg", { "set.svg", "set-2.svg" } },
	{ "--rooms 20 --dpi 40 -o " DIR "/mode/set.png", { "set.png", "set-2.png" } },
	{ "--rooms 5 --levels 2 -o " DIR "/mode/book.pdf", { "book.pdf" } },
	{ "--rooms 5 -o " DIR "/mode/map.json", { "map.json" } },
	{ "--rooms 5 -o " DIR "/mode/map.txt", { "map.txt" } },
	{ "--rooms 5 -o " DIR "/mode/key.md", { "key.md", "key.svg" } },
	{ "--rooms 5 --levels 2 -o " DIR "/mode/vtt.dd2vtt", { "vtt-1.dd2vtt", "vtt-2.dd2vtt" } },
	{ "--rooms 5 --seed m --log " DIR "/mode/roll.log -o " DIR "/mode/logged.json", { "roll.log", "logged.json" } },
};
#define NWRITERS ((int)(sizeof writers / sizeof writers[0]))

START_TEST(test_mode_kept)
{
	const struct writer *w = &writers[_i];
	char args[512], path[512];
	/* a new file: 0666 less the umask */
	umask(027);
	snprintf(args, sizeof args, "--seed m %s", w->args);
	run_ok(args);
	for (int k = 0; w->files[k]; k++) {
		snprintf(path, sizeof path, DIR "/mode/%s", w->files[k]);
		ck_assert_msg((stat_of(path).st_mode & 07777) == 0640, "new %s: mode %o", path,
			      stat_of(path).st_mode & 07777);
		ck_assert_int_eq(chmod(path, 0600), 0);
		if (geteuid() == 0)
			ck_assert_int_eq(chown(path, 1234, 5678), 0);
	}
	umask(022);
	/* written over, with other contents: the mode stays, and as root the
	 * owner and group */
	snprintf(args, sizeof args, "--seed n %s", w->args);
	run_ok(args);
	for (int k = 0; w->files[k]; k++) {
		snprintf(path, sizeof path, DIR "/mode/%s", w->files[k]);
		struct stat st = stat_of(path);
		ck_assert_msg((st.st_mode & 07777) == 0600, "'%s': %s became %o", args, path, st.st_mode & 07777);
		if (geteuid() == 0)
			ck_assert_msg(st.st_uid == 1234 && st.st_gid == 5678, "'%s': %s became %d:%d", args, path,
				      (int)st.st_uid, (int)st.st_gid);
	}
	if (geteuid() != 0 && _i == 0)
		printf("check_writes: owner and group not checked: they are kept only as root\n");
}
END_TEST

/* ---- extended attributes ------------------------------------------------ */

#define SHM "/dev/shm"
#define TMPFS_MAGIC_NUMBER 0x01021994
#define ACL_NAME "system.posix_acl_access"

/* An access control list in the kernel's form: the owner rw-, user 12345
 * r--, the group r--, the mask r--, others ---. */
static size_t acl_bytes(unsigned char *out)
{
	static const struct { unsigned short tag, perm; unsigned id; } entries[] = {
		{ 0x01, 6, 0xffffffffu }, { 0x02, 4, 12345 }, { 0x04, 4, 0xffffffffu }, { 0x10, 4, 0xffffffffu },
		{ 0x20, 0, 0xffffffffu },
	};
	size_t n = 0;
	unsigned version = 2;
	memcpy(out, &version, 4);
	n = 4;
	for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++) {
		memcpy(out + n, &entries[i].tag, 2);
		memcpy(out + n + 2, &entries[i].perm, 2);
		memcpy(out + n + 4, &entries[i].id, 4);
		n += 8;
	}
	return n;
}

/* Written over on tmpfs, a single file, each page of a set and a booklet
 * keep a user's attribute and an access control list naming another user,
 * byte for byte, besides the mode the list sets. */
START_TEST(test_xattrs_kept)
{
	struct statfs fs;
	if (statfs(SHM, &fs) < 0 || fs.f_type != TMPFS_MAGIC_NUMBER) {
		printf("check_writes: extended attributes not checked: %s is not tmpfs here\n", SHM);
		return;
	}
	char dir[] = SHM "/mapsheet-writes-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	static const struct {
		const char *args, *files[3];
	} outs[] = {
		{ "--rooms 5 -o %s/one.txt", { "one.txt" } },
		{ "--rooms 16 -o %s/set.svg", { "set.svg", "set-2.svg" } },   /* two pages or more for seeds m and n */
		{ "--rooms 5 --levels 2 -o %s/book.pdf", { "book.pdf" } },
	};
	unsigned char acl[64], got[64];
	size_t acl_len = acl_bytes(acl);
	for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
		char args[512], path[512];
		snprintf(args, sizeof args, "--seed m ");
		snprintf(args + strlen(args), sizeof args - strlen(args), outs[i].args, dir);
		run_ok(args);
		for (int k = 0; outs[i].files[k]; k++) {
			snprintf(path, sizeof path, "%s/%s", dir, outs[i].files[k]);
			ck_assert_int_eq(setxattr(path, "user.mapsheet-test", "kept", 4, 0), 0);
			ck_assert_msg(setxattr(path, ACL_NAME, acl, acl_len, 0) == 0, "%s: cannot set an ACL: %s", path,
				      strerror(errno));
		}
		args[7] = 'n';      /* --seed n: other contents */
		run_ok(args);
		for (int k = 0; outs[i].files[k]; k++) {
			char value[16];
			snprintf(path, sizeof path, "%s/%s", dir, outs[i].files[k]);
			ssize_t n = getxattr(path, "user.mapsheet-test", value, sizeof value);
			ck_assert_msg(n == 4 && memcmp(value, "kept", 4) == 0, "'%s': %s lost its user.mapsheet-test", args,
				      path);
			n = getxattr(path, ACL_NAME, got, sizeof got);
			ck_assert_msg(n == (ssize_t)acl_len && memcmp(got, acl, acl_len) == 0, "'%s': %s lost its ACL", args,
				      path);
			ck_assert_msg((stat_of(path).st_mode & 0777) == 0640, "'%s': %s became %o", args, path,
				      stat_of(path).st_mode & 0777);
			ck_assert_int_eq(unlink(path), 0);
		}
	}
	sh("rm -f '%s'/set-*.svg", dir);   /* a page more for one seed than the other, new and not checked */
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* ---- links ------------------------------------------------------------- */

/* Whether path is a symbolic link to `to`. */
static int links_to(const char *path, const char *to)
{
	char got[1024];
	ssize_t n = readlink(path, got, sizeof got - 1);
	if (n < 0)
		return 0;
	got[n] = '\0';
	return strcmp(got, to) == 0;
}

/* Whether dir holds a temporary file of this program. */
static int has_tmp(const char *dir)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -q '\\.mapsheet-.*\\.tmp$'", dir);
	return system(cmd) == 0;
}

static int starts_with(const char *path, const char *head)
{
	char *text = test_slurp(path, NULL);
	int yes = text && strncmp(text, head, strlen(head)) == 0;
	free(text);
	return yes;
}

START_TEST(test_symlink_written_through)
{
	fresh(DIR "/link");
	sh("mkdir -p '%s/out' '%s/real'", DIR "/link");
	put(DIR "/link/real/map.pdf", "old pdf\n");
	ck_assert_int_eq(chmod(DIR "/link/real/map.pdf", 0640), 0);
	/* out/map.pdf -> chain.pdf -> ../real/map.pdf: relative, two links */
	ck_assert_int_eq(symlink("../real/map.pdf", DIR "/link/out/chain.pdf"), 0);
	ck_assert_int_eq(symlink("chain.pdf", DIR "/link/out/map.pdf"), 0);
	run_ok("--seed l --rooms 5 -o " DIR "/link/out/map.pdf");
	ck_assert(links_to(DIR "/link/out/map.pdf", "chain.pdf"));
	ck_assert(links_to(DIR "/link/out/chain.pdf", "../real/map.pdf"));
	ck_assert(starts_with(DIR "/link/real/map.pdf", "%PDF"));
	ck_assert_int_eq(stat_of(DIR "/link/real/map.pdf").st_mode & 07777, 0640);
	ck_assert(!has_tmp(DIR "/link/out") && !has_tmp(DIR "/link/real"));

	/* a page set whose first page is a link: that page is written
	 * through, the second beside the link */
	ck_assert_int_eq(symlink("../real/page.svg", DIR "/link/out/set.svg"), 0);
	put(DIR "/link/real/page.svg", "old svg\n");
	run_ok("--seed l --rooms 20 -o " DIR "/link/out/set.svg");
	ck_assert(links_to(DIR "/link/out/set.svg", "../real/page.svg"));
	ck_assert(starts_with(DIR "/link/real/page.svg", "<?xml"));
	ck_assert(starts_with(DIR "/link/out/set-2.svg", "<?xml"));

	/* the booklet and a tabletop file, through absolute links */
	char cwd[2048], to[2300];
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	snprintf(to, sizeof to, "%s/" DIR "/link/real/book.pdf", cwd);
	put(DIR "/link/real/book.pdf", "old booklet\n");
	ck_assert_int_eq(symlink(to, DIR "/link/out/book.pdf"), 0);
	run_ok("--seed l --rooms 5 --levels 2 -o " DIR "/link/out/book.pdf");
	ck_assert(links_to(DIR "/link/out/book.pdf", to));
	ck_assert(starts_with(DIR "/link/real/book.pdf", "%PDF"));
	snprintf(to, sizeof to, "%s/" DIR "/link/real/t.dd2vtt", cwd);
	ck_assert_int_eq(symlink(to, DIR "/link/out/t.dd2vtt"), 0);
	put(DIR "/link/real/t.dd2vtt", "old vtt\n");
	run_ok("--seed l --rooms 5 -o " DIR "/link/out/t.dd2vtt");
	ck_assert(links_to(DIR "/link/out/t.dd2vtt", to));
	ck_assert(starts_with(DIR "/link/real/t.dd2vtt", "{"));

	/* a link to no file yet makes that file */
	ck_assert_int_eq(symlink("../real/new.json", DIR "/link/out/new.json"), 0);
	run_ok("--seed l --rooms 5 -o " DIR "/link/out/new.json");
	ck_assert(links_to(DIR "/link/out/new.json", "../real/new.json"));
	ck_assert(starts_with(DIR "/link/real/new.json", "{"));
	ck_assert(!has_tmp(DIR "/link/out") && !has_tmp(DIR "/link/real"));
}
END_TEST

START_TEST(test_symlink_loop)
{
	fresh(DIR "/loop");
	ck_assert_int_eq(symlink("b.json", DIR "/loop/a.json"), 0);
	ck_assert_int_eq(symlink("a.json", DIR "/loop/b.json"), 0);
	char *before = test_snapshot(DIR "/loop");
	int rc = test_run("--seed l --rooms 5 -o " DIR "/loop/a.json", OUT, ERR);
	char *err = test_slurp(ERR, NULL), *after = test_snapshot(DIR "/loop");
	ck_assert_msg(rc == 1, "exited %d: %s", rc, err);
	ck_assert_str_eq(err, "mapsheet: cannot write " DIR "/loop/a.json: Too many levels of symbolic links\n");
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	free(err);
}
END_TEST

/* Renaming breaks a hard link, as the man page says: the name given gets
 * the new contents, the other name keeps the old. */
START_TEST(test_hard_link_broken)
{
	fresh(DIR "/hard");
	put(DIR "/hard/a.json", "old\n");
	ck_assert_int_eq(link(DIR "/hard/a.json", DIR "/hard/b.json"), 0);
	run_ok("--seed h --rooms 5 -o " DIR "/hard/a.json");
	ck_assert(starts_with(DIR "/hard/a.json", "{"));
	char *old = test_slurp(DIR "/hard/b.json", NULL);
	ck_assert_str_eq(old, "old\n");
	free(old);
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(man);
	ck_assert_ptr_nonnull(strstr(man, "(a hard\nlink) is no longer shared"));
	ck_assert_ptr_nonnull(strstr(man, "An output that is a symbolic link is written through"));
	free(man);
}
END_TEST

/* ---- a full disk ------------------------------------------------------- */

#define FULL DIR "/full"

/* One format on the full disk: the arguments, the file the message names
 * (the first written: a Markdown key's map image goes before the key), and
 * files there beforehand. */
struct full_case {
	const char *args;
	const char *named;
	const char *old[3];
};

static const struct full_case full_cases[] = {
	{ "--rooms 40 -o " FULL "/map.pdf", FULL "/map.pdf", { "map.pdf" } },
	{ "--rooms 40 -o " FULL "/map.svg", FULL "/map.svg", { "map.svg", "map-2.svg" } },
	{ "--rooms 40 -o " FULL "/map.png", FULL "/map.png", { "map.png", "map-2.png" } },
	{ "--rooms 10 --levels 2 -o " FULL "/book.pdf", FULL "/book.pdf", { "book.pdf" } },
	{ "--rooms 40 -o " FULL "/map.json", FULL "/map.json", { "map.json" } },
	{ "--rooms 40 -o " FULL "/key.md", FULL "/key.svg", { "key.md", "key.svg" } },
	{ "--rooms 40 -o " FULL "/map.dd2vtt", FULL "/map.dd2vtt", { "map.dd2vtt" } },
	{ "--rooms 40 -o " FULL "/map.txt", FULL "/map.txt", { "map.txt" } },
	{ "--rooms 40 --log " FULL "/roll.log -o " FULL "/logged.json", FULL "/roll.log", { "roll.log", "logged.json" } },
};
#define NFULL ((int)(sizeof full_cases / sizeof full_cases[0]))

/* Mounts a 64 KiB tmpfs at FULL in a mount namespace of this process's
 * own. Returns 0, or -1 having said why it cannot. */
static int mount_small_disk(void)
{
	const char *why = NULL;
	int err = 0;
	if (geteuid() != 0)
		why = "not running as root";
	else if (unshare(CLONE_NEWNS) < 0)
		why = "cannot make a mount namespace", err = errno;
	else if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		why = "cannot make the mounts private", err = errno;
	else if (mount("tmpfs", FULL, "tmpfs", 0, "size=64k") < 0)
		why = "cannot mount a tmpfs", err = errno;
	if (!why)
		return 0;
	printf("check_writes: full-disk test skipped: %s%s%s (it needs root and a tmpfs)\n", why, err ? ": " : "",
	       err ? strerror(err) : "");
	return -1;
}

/* Fills the disk holding dir until no more than `room` bytes are free. */
static void fill_disk(const char *dir, long room)
{
	char path[512];
	snprintf(path, sizeof path, "%s/filler", dir);
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	static const char block[512];
	struct statvfs vfs;
	ck_assert_int_eq(statvfs(dir, &vfs), 0);
	long free_bytes = (long)(vfs.f_bavail * vfs.f_frsize);
	for (long n = 0; n + (long)sizeof block <= free_bytes - room; n += (long)sizeof block)
		if (fwrite(block, 1, sizeof block, f) != sizeof block)
			break;
	fclose(f);
}

static void full_disk_case(const struct full_case *c, long room)
{
	sh("rm -rf '%s'/* '%s'/.[!.]*", FULL);
	for (int k = 0; k < 3 && c->old[k]; k++) {
		char path[512], text[600];
		snprintf(path, sizeof path, FULL "/%s", c->old[k]);
		snprintf(text, sizeof text, "the old %s, to be kept\n", c->old[k]);
		put(path, text);
	}
	fill_disk(FULL, room);
	char *before = test_snapshot(FULL), args[512];
	snprintf(args, sizeof args, "--seed full %s", c->args);
	run_full(args, OUT, c->named);
	char *after = test_snapshot(FULL);
	ck_assert_msg(strcmp(before, after) == 0, "'%s' changed the disk:\n%s\nafter:\n%s", args, before, after);
	for (int k = 0; k < 3 && c->old[k]; k++) {
		char path[512], text[600];
		snprintf(path, sizeof path, FULL "/%s", c->old[k]);
		snprintf(text, sizeof text, "the old %s, to be kept\n", c->old[k]);
		char *got = test_slurp(path, NULL);
		ck_assert_msg(got && strcmp(got, text) == 0, "'%s' changed %s", args, path);
		free(got);
	}
	free(before);
	free(after);
}

START_TEST(test_full_disk)
{
	sh("mkdir -p '%s'", FULL);
	if (mount_small_disk() < 0)
		return;
	/* no room at all, then room for a few blocks: the write fails at the
	 * first flush, or in the middle of the file */
	for (int i = 0; i < NFULL; i++) {
		full_disk_case(&full_cases[i], 0);
		full_disk_case(&full_cases[i], 12 * 1024);
	}
}
END_TEST

/* /dev/full and a full standard output: the same line, without a mount. */
START_TEST(test_dev_full)
{
	run_full("--seed d --rooms 10 --format pdf -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 10 --format svg -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 10 --format png -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 5 --levels 2 --format pdf -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 10 --format json -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 10 --format txt -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 10 --format dd2vtt -o /dev/full", OUT, "/dev/full");
	run_full("--seed d --rooms 10 --format txt -o -", "/dev/full", "to standard output");
	run_full("--seed d --rooms 10 --format json -o -", "/dev/full", "to standard output");
}
END_TEST

static Suite *writes_suite(void)
{
	Suite *s = suite_create("writes");
	TCase *tc = tcase_create("writes");
	tcase_set_timeout(tc, 180);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	if (system("rm -rf '" DIR "/mode' && mkdir -p '" DIR "/mode'") != 0)
		fprintf(stderr, "check_writes: cannot make " DIR "/mode\n");
	tcase_add_loop_test(tc, test_mode_kept, 0, NWRITERS);
	tcase_add_test(tc, test_xattrs_kept);
	tcase_add_test(tc, test_symlink_written_through);
	tcase_add_test(tc, test_symlink_loop);
	tcase_add_test(tc, test_hard_link_broken);
	tcase_add_test(tc, test_full_disk);
	tcase_add_test(tc, test_dev_full);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(writes_suite)
