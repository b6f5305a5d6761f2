/* atomic.c: temporary file, fsync, rename; and the sweep of temporary files
 * that killed runs left behind.
 *
 * A temporary file is named ".NAME.mapsheet-PID.tmp" beside its target NAME
 * and holds an exclusive flock(2) from its creation until it is renamed or
 * removed, so a later run can tell a leftover (its process gone, its lock
 * free) from a file another run is still writing. */
#define _DEFAULT_SOURCE
#include "base/atomic.h"

#include "base/atomic_target.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_TAG ".mapsheet-"
#define TMP_END ".tmp"

/* Splits path into its folder ("." when none) and its last part. */
static void split_path(const char *path, char *dir, size_t dsize, const char **base)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, dsize, ".");
	else if (slash == path)
		snprintf(dir, dsize, "/");
	else
		snprintf(dir, dsize, "%.*s", (int)(slash - path), path);
	*base = slash ? slash + 1 : path;
}

/* Reads a temporary file's name ".NAME.mapsheet-PID.tmp": its target NAME
 * into target and its process number. Returns 0, or -1 for any other name. */
static int atomic_tmp_parse(const char *name, char *target, size_t size, long *pid)
{
	size_t len = strlen(name), tag = strlen(TMP_TAG), end = strlen(TMP_END);
	if (len < 1 + 1 + tag + 1 + end || name[0] != '.' || strcmp(name + len - end, TMP_END) != 0)
		return -1;
	/* the digits before ".tmp", then ".mapsheet-" before them */
	size_t d = len - end;
	while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9')
		d--;
	if (d == len - end || len - end - d > 9 || d < 1 + 1 + tag || strncmp(name + d - tag, TMP_TAG, tag) != 0)
		return -1;
	size_t tlen = d - tag - 1;
	if (tlen + 1 > size)
		return -1;
	memcpy(target, name + 1, tlen);
	target[tlen] = '\0';
	*pid = strtol(name + d, NULL, 10);
	return *pid > 0 ? 0 : -1;
}

/* Whether process pid exists (a process of another user counts). */
static int pid_alive(long pid)
{
	return kill((pid_t)pid, 0) == 0 || errno == EPERM;
}

/* Removes the leftover at path when its process is gone and nobody holds
 * its lock. Returns 1 when removed. */
static int remove_if_abandoned(const char *path, long pid)
{
	if (pid == (long)getpid() || pid_alive(pid))
		return 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	struct stat st;
	int removed = 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0)
		removed = unlink(path) == 0;
	close(fd);
	return removed;
}

int atomic_sweep(const char *path, int (*belongs)(const char *target, void *arg), void *arg)
{
	char dir[4096];
	const char *base;
	split_path(path, dir, sizeof dir, &base);
	DIR *dh = opendir(dir);
	if (!dh)
		return 0;
	int removed = 0;
	for (struct dirent *de = readdir(dh); de; de = readdir(dh)) {
		char target[1024], full[8192];
		long pid;
		if (de->d_name[0] != '.' || atomic_tmp_parse(de->d_name, target, sizeof target, &pid) < 0)
			continue;
		if (belongs ? !belongs(target, arg) : strcmp(target, base) != 0)
			continue;
		snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
		removed += remove_if_abandoned(full, pid);
	}
	closedir(dh);
	return removed;
}

/* Creates af->tmp (named for path and this process) with mode (less the
 * umask), locked. Returns the descriptor, or -1 with errno set. */
static int create_tmp(struct atomic_file *af, const char *path, mode_t mode)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) + 1 : 0;
	int len = snprintf(af->tmp, sizeof af->tmp, "%.*s.%s" TMP_TAG "%ld" TMP_END, dirlen, path,
			   slash ? slash + 1 : path, (long)getpid());
	if (len < 0 || (size_t)len >= sizeof af->tmp) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (int attempt = 0; attempt < 2; attempt++) {
		int fd = open(af->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0) {
			if (flock(fd, LOCK_EX | LOCK_NB) == 0)
				return fd;
			int saved = errno;
			close(fd);
			unlink(af->tmp);
			errno = saved;
			return -1;
		}
		if (errno != EEXIST || attempt > 0)
			return -1;
		/* left by an earlier process with this same number: ours to
		 * remove unless someone still holds it */
		int old = open(af->tmp, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
		int free_lock = old >= 0 && flock(old, LOCK_EX | LOCK_NB) == 0;
		if (free_lock)
			unlink(af->tmp);
		if (old >= 0)
			close(old);
		if (!free_lock) {
			errno = EEXIST;
			return -1;
		}
	}
	return -1;
}

/* A file written to memory, named path, to be placed in mem. */
static int open_in_memory(struct atomic_file *af, const char *path, struct memfiles *mem, struct err *e)
{
	snprintf(af->path, sizeof af->path, "%s", path);
	af->mem = mem;
	if (!(af->f = open_memstream(&af->buf, &af->len)))
		return err_set(e, "out of memory for %s", path);
	return 0;
}

/* The stream for fd: a terminal's own (the text preview asks it for its
 * width), anything else's through the sink that keeps a write's errno.
 * Returns 0, or -1 with errno set (fd is closed then when owned). */
static int open_stream(struct atomic_file *af, int fd, int owns_fd)
{
	if (isatty(fd)) {
		af->f = owns_fd ? fdopen(fd, "wb") : stdout;
	} else {
		af->f = atomic_sink_open(&af->sink, fd, owns_fd);
		af->sunk = af->f != NULL;
	}
	if (af->f)
		return 0;
	int saved = errno;
	if (owns_fd)
		close(fd);
	errno = saved;
	return -1;
}

static int open_stdout(struct atomic_file *af, struct err *e)
{
	af->is_stdout = 1;
	snprintf(af->path, sizeof af->path, "-");
	/* what stdio holds for standard output goes before this file */
	if (fflush(stdout) != 0 || open_stream(af, STDOUT_FILENO, 0) < 0)
		return err_set(e, "cannot write to standard output: %s", strerror(errno));
	return 0;
}

/* A device or a pipe (/dev/null, /dev/full, a FIFO), written in place:
 * renaming over it would replace the device. So is a file reached through
 * a link the system makes whose text names no file (/proc/self/fd/N of a
 * deleted file). */
static int open_in_place(struct atomic_file *af, const char *path, struct err *e)
{
	af->is_device = 1;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0 || open_stream(af, fd, 1) < 0)
		return err_set(e, "cannot write %s: %s", path, strerror(errno));
	return 0;
}

/* Whether a temporary file's name for path fits a name and a path. */
static int tmp_fits(const char *path, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t extra = strlen(TMP_TAG TMP_END) + 24;
	return strlen(path) + extra < size && strlen(slash ? slash + 1 : path) + extra <= 255;
}

int atomic_open_in(struct atomic_file *af, const char *path, struct memfiles *mem, struct err *e)
{
	memset(af, 0, sizeof *af);
	af->sink.fd = -1;
	if (mem)
		return open_in_memory(af, path, mem, e);
	if (strcmp(path, "-") == 0)
		return open_stdout(af, e);
	if (!tmp_fits(path, sizeof af->tmp))
		return err_usage(e, "output path is too long: %.60s...", path);
	snprintf(af->path, sizeof af->path, "%s", path);
	struct stat st, dst;
	int exists = stat(path, &st) == 0;
	if (exists && S_ISDIR(st.st_mode))
		return err_set(e, "cannot write %s: it is a directory", path);
	if (exists && !S_ISREG(st.st_mode))
		return open_in_place(af, path, e);
	if (atomic_follow_links(path, af->dest, sizeof af->dest) < 0)
		return err_set(e, "cannot write %s: %s", path, strerror(errno));
	/* a link the system makes (/proc/self/fd/1) names no file to rename over */
	if (exists && (lstat(af->dest, &dst) < 0 || dst.st_dev != st.st_dev || dst.st_ino != st.st_ino))
		return open_in_place(af, path, e);
	if (!tmp_fits(af->dest, sizeof af->tmp))
		return err_set(e, "cannot write %s: %s", path, strerror(ENAMETOOLONG));
	atomic_sweep(af->dest, NULL, NULL);
	/* a new file: the usual 0666 less the umask (or the folder's default
	 * ACL); over a file: private until it has that file's mode */
	int fd = create_tmp(af, af->dest, exists ? 0600 : 0666);
	if (fd < 0) {
		int saved = errno;
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", path, strerror(saved));
	}
	int kept = exists ? atomic_keep_mode(fd, &st) : 0;
	if (exists && kept == 0)
		kept = atomic_keep_xattrs(fd, af->dest);
	if (kept < 0 || open_stream(af, fd, 1) < 0) {
		int saved = errno;
		if (kept < 0)
			close(fd);
		unlink(af->tmp);
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", path, strerror(saved));
	}
	return 0;
}
int atomic_open(struct atomic_file *af, const char *path, struct err *e)
{
	return atomic_open_in(af, path, NULL, e);
}

/* The name a message gives af: its path, or standard output. */
static const char *shown_name(const struct atomic_file *af, char *buf, size_t size)
{
	if (af->is_stdout)
		return "to standard output";
	snprintf(buf, size, "%s", af->path);
	return buf;
}

/* Closes af's stream after flushing it. Returns 0, or the errno of the
 * first failure (the sink's when it recorded one). */
static int close_stream(struct atomic_file *af, int sync)
{
	int saved = 0;
	if (fflush(af->f) != 0 || ferror(af->f))
		saved = errno ? errno : EIO;
	if (!saved && sync && fsync(af->sink.fd) < 0 && errno != EINVAL)
		saved = errno;
	int closed = af->f == stdout ? 0 : fclose(af->f);
	if (closed != 0 && !saved)
		saved = errno ? errno : EIO;
	af->f = NULL;
	if (af->sunk && af->sink.err)
		return af->sink.err;
	return saved;
}

int atomic_settle(struct atomic_file *af, struct err *e)
{
	if (af->mem) {
		if (!af->f)
			return 0;
		int bad = fflush(af->f) != 0 || ferror(af->f);
		if (fclose(af->f) != 0)
			bad = 1;
		af->f = NULL;
		if (bad) {
			free(af->buf);
			af->buf = NULL;
			return err_set(e, "out of memory for %s", af->path);
		}
		return 0;
	}
	if (!af->f)
		return 0;
	errno = 0;
	/* only the temporary file is synced: a device or a pipe has no disk */
	int failed = close_stream(af, !af->is_stdout && !af->is_device);
	if (!failed)
		return 0;
	if (af->tmp[0])
		unlink(af->tmp);
	af->tmp[0] = '\0';
	char name[4096];
	return err_set(e, "cannot write %s: %s", shown_name(af, name, sizeof name), strerror(failed));
}

int atomic_place(struct atomic_file *af, struct err *e)
{
	if (af->mem) {
		char *buf = af->buf;
		af->buf = NULL;
		return buf ? memfiles_add(af->mem, af->path, buf, af->len, e) : 0;
	}
	if (af->is_device || af->is_stdout || !af->tmp[0])
		return 0;
	if (rename(af->tmp, af->dest) < 0) {
		int saved = errno;
		unlink(af->tmp);
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", af->path, strerror(saved));
	}
	af->tmp[0] = '\0';
	return 0;
}

int atomic_commit(struct atomic_file *af, struct err *e)
{
	if (atomic_settle(af, e) < 0)
		return -1;
	return atomic_place(af, e);
}

void atomic_abort(struct atomic_file *af)
{
	if (af->mem) {
		if (af->f)
			fclose(af->f);
		af->f = NULL;
		free(af->buf);
		af->buf = NULL;
		return;
	}
	/* standard output and a device keep what was written, as a pipe would */
	if (af->f && af->f != stdout)
		fclose(af->f);
	else if (af->f)
		fflush(stdout);
	af->f = NULL;
	if (af->tmp[0])
		unlink(af->tmp);
	af->tmp[0] = '\0';
}

int atomic_blame(const struct atomic_file *af, int n, struct err *e)
{
	for (int i = 0; i < n; i++)
		if (af[i].sunk && af[i].sink.err) {
			char name[4096];
			return err_set(e, "cannot write %s: %s", shown_name(&af[i], name, sizeof name),
				       strerror(af[i].sink.err));
		}
	return -1;
}

int atomic_finish_all(struct atomic_file *af, int n, int rc, struct err *e)
{
	if (rc != 0)
		atomic_blame(af, n, e);
	for (int i = 0; i < n; i++) {
		if (rc == 0) {
			if (atomic_commit(&af[i], e) < 0)
				rc = -1;
		} else {
			atomic_abort(&af[i]);
		}
	}
	return rc;
}
