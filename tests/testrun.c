/* testrun.c: running the program under an alarm and a file-size limit,
 * and snapshots of a folder to show a failed run changed nothing. */
#include "testrun.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int test_run_limited(const char *args, const struct test_limits *lim, const char *out_file,
		     const char *err_file)
{
	const char *bin = getenv("MAPSHEET_BIN");
	size_t size = strlen(args) + 4096;
	char *cmd = malloc(size);
	if (!cmd)
		return -1;
	/* exec: the shell becomes the program, so the alarm and the limit are its own */
	snprintf(cmd, size, "exec %s %s >%s 2>%s </dev/null", bin ? bin : "./mapsheet", args,
		 out_file ? out_file : "/dev/null", err_file ? err_file : "/dev/null");
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		free(cmd);
		return -1;
	}
	if (pid == 0) {
		/* absolute: mapsheet ignores a relative XDG_CONFIG_HOME */
		const char *home = lim && lim->config_home ? lim->config_home : "build/tests/xdg";
		char cwd[2048], abs_home[4200];
		if (home[0] != '/' && getcwd(cwd, sizeof cwd)) {
			snprintf(abs_home, sizeof abs_home, "%s/%s", cwd, home);
			home = abs_home;
		}
		setenv("XDG_CONFIG_HOME", home, 1);
		if (lim && lim->fsize > 0) {
			struct rlimit rl = { (rlim_t)lim->fsize, (rlim_t)lim->fsize };
			signal(SIGXFSZ, SIG_IGN);
			setrlimit(RLIMIT_FSIZE, &rl);
		}
		alarm(lim && lim->seconds ? lim->seconds : 60);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	free(cmd);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

struct sbuild {
	char *s;
	size_t n, cap;
};

static void add(struct sbuild *b, const char *text)
{
	size_t len = strlen(text);
	if (!b->s)
		return;
	if (b->n + len + 1 > b->cap) {
		size_t cap = (b->n + len + 1) * 2;
		char *p = realloc(b->s, cap);
		if (!p) {
			free(b->s);
			b->s = NULL;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->n, text, len + 1);
	b->n += len;
}

static unsigned long long hash_file(const char *path)
{
	unsigned long long h = 1469598103934665603ULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	unsigned char buf[65536];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		for (size_t i = 0; i < got; i++)
			h = (h ^ buf[i]) * 1099511628211ULL;
	fclose(f);
	return h;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void snap_dir(struct sbuild *b, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char *names[512];
	int n = 0;
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL && n < 512)
		if (strcmp(ent->d_name, ".") != 0 && strcmp(ent->d_name, "..") != 0)
			names[n++] = strdup(ent->d_name);
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, cmp_name);
	for (int i = 0; i < n; i++) {
		char path[4096], line[4096 + 1200];
		struct stat st;
		if (!names[i])
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (lstat(path, &st) != 0) {
			snprintf(line, sizeof line, "%s ?\n", path);
		} else if (S_ISLNK(st.st_mode)) {
			char to[1024] = "";
			ssize_t len = readlink(path, to, sizeof to - 1);
			to[len > 0 ? len : 0] = '\0';
			snprintf(line, sizeof line, "%s -> %s\n", path, to);
		} else if (S_ISDIR(st.st_mode)) {
			snprintf(line, sizeof line, "%s/\n", path);
		} else {
			snprintf(line, sizeof line, "%s %lld %llx\n", path, (long long)st.st_size, hash_file(path));
		}
		add(b, line);
		if (S_ISDIR(st.st_mode))
			snap_dir(b, path);
		free(names[i]);
	}
}

char *test_snapshot(const char *dir)
{
	struct sbuild b = { malloc(256), 0, 256 };
	if (b.s)
		b.s[0] = '\0';
	snap_dir(&b, dir);
	return b.s;
}

int test_write_file(const char *path, const char *text, size_t len)
{
	char cmd[4200];
	const char *slash = strrchr(path, '/');
	if (slash) {
		snprintf(cmd, sizeof cmd, "mkdir -p '%.*s'", (int)(slash - path), path);
		if (system(cmd) != 0)
			return -1;
	}
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	int bad = fwrite(text, 1, len, f) != len;
	return fclose(f) != 0 || bad ? -1 : 0;
}
