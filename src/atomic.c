/* atomic.c: temporary file, fsync, rename. */
#include "atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int atomic_open(struct atomic_file *af, const char *path, struct err *e)
{
	memset(af, 0, sizeof *af);
	if (strcmp(path, "-") == 0) {
		af->f = stdout;
		af->is_stdout = 1;
		snprintf(af->path, sizeof af->path, "-");
		return 0;
	}
	if (strlen(path) + 16 >= sizeof af->tmp)
		return err_usage(e, "output path is too long: %.60s...", path);
	struct stat st;
	snprintf(af->path, sizeof af->path, "%s", path);
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return err_set(e, "cannot write %s: it is a directory", path);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* a device or a pipe (/dev/null, /dev/stdout, a FIFO): written in
		 * place, since renaming over it would replace the device */
		af->f = fopen(path, "wb");
		if (!af->f)
			return err_set(e, "cannot write %s: %s", path, strerror(errno));
		af->is_device = 1;
		return 0;
	}
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) + 1 : 0;
	snprintf(af->tmp, sizeof af->tmp, "%.*s.%s.XXXXXX", dirlen, path, slash ? slash + 1 : path);
	int fd = mkstemp(af->tmp);
	if (fd < 0) {
		int saved = errno;
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", path, strerror(saved));
	}
	/* A new file gets the usual permissions (mkstemp makes it 0600). */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) < 0 || !(af->f = fdopen(fd, "wb"))) {
		int saved = errno;
		close(fd);
		unlink(af->tmp);
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", path, strerror(saved));
	}
	return 0;
}

int atomic_commit(struct atomic_file *af, struct err *e)
{
	if (af->is_device) {
		int bad = fflush(af->f) != 0 || ferror(af->f);
		int saved = errno;
		if (fclose(af->f) != 0)
			bad = 1;
		af->f = NULL;
		return bad ? err_set(e, "cannot write %s: %s", af->path, strerror(saved ? saved : EIO)) : 0;
	}
	if (af->is_stdout) {
		if (fflush(stdout) != 0 || ferror(stdout))
			return err_set(e, "cannot write to standard output: %s", strerror(errno));
		return 0;
	}
	int failed = fflush(af->f) != 0 || ferror(af->f);
	int saved = errno;
	if (!failed && fsync(fileno(af->f)) < 0 && errno != EINVAL) {
		failed = 1;
		saved = errno;
	}
	if (fclose(af->f) != 0 && !failed) {
		failed = 1;
		saved = errno;
	}
	af->f = NULL;
	if (failed) {
		unlink(af->tmp);
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", af->path, strerror(saved ? saved : EIO));
	}
	if (rename(af->tmp, af->path) < 0) {
		saved = errno;
		unlink(af->tmp);
		af->tmp[0] = '\0';
		return err_set(e, "cannot write %s: %s", af->path, strerror(saved));
	}
	af->tmp[0] = '\0';
	return 0;
}

void atomic_abort(struct atomic_file *af)
{
	if (af->is_device) {
		if (af->f)
			fclose(af->f);
		af->f = NULL;
		return;
	}
	if (af->is_stdout) {
		fflush(stdout);
		return;
	}
	if (af->f)
		fclose(af->f);
	af->f = NULL;
	if (af->tmp[0])
		unlink(af->tmp);
	af->tmp[0] = '\0';
}

int atomic_finish_all(struct atomic_file *af, int n, int rc, struct err *e)
{
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
