/* cdp_launch.c: the browser's process for cdp.c. The test process forks a
 * keeper; the keeper forks the browser into its own process group with the
 * protocol socket on fds 3 and 4 and its log in a temporary folder, then
 * waits on a lifeline socket. When the test process closes the lifeline or
 * dies (a failed assertion exits, a timeout kills), the keeper gives a
 * browser that was asked to close a grace period, kills what is left of
 * its group, removes the folder and exits: no browser and no folder
 * outlive a test. */
#define _XOPEN_SOURCE 700 /* nftw */
#include "cdp_launch.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* the fds the browser reads commands from and writes answers to */
enum { CDP_FD_IN = 3, CDP_FD_OUT = 4 };
/* how long a browser told to close may take before it is killed */
#define CDP_GRACE_SECONDS 5.0
/* the byte on the lifeline that says the browser was asked to close: it
 * gets the grace period; without it (a test process that died) it is
 * killed at once */
#define CDP_ASKED_TO_CLOSE 'c'

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* Removes dir and everything in it. The browser's crash handler, which
 * leaves its process group, may still write there for a moment after the
 * browser ended: try again for at most a second. */
static int remove_tree(const char *dir)
{
	for (int tries = 0; tries < 40; tries++) {
		nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
		if (access(dir, F_OK) != 0 && errno == ENOENT)
			return 0;
		sleep_ms(25);
	}
	return -1;
}

/* Closes every fd from `from` up, but `keep`. */
static void close_fds_from(int from, int keep)
{
	long max = sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > 65536)
		max = 65536;
	for (int fd = from; fd < max; fd++)
		if (fd != keep)
			close(fd);
}

/* In the browser's process, before exec: only async-signal-safe calls. */
static void exec_browser(char *const argv[], char *const envp[], int sock, const char *log_path, pid_t keeper)
{
	setpgid(0, 0);
	/* the keeper's death (even by SIGKILL) ends the browser too */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != keeper)
		_exit(126);
	int high = fcntl(sock, F_DUPFD, 10);
	int null_fd = open("/dev/null", O_RDWR);
	int log_fd = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (high < 0 || null_fd < 0 || log_fd < 0)
		_exit(126);
	if (dup2(null_fd, 0) < 0 || dup2(null_fd, 1) < 0 || dup2(log_fd, 2) < 0 ||
	    dup2(high, CDP_FD_IN) < 0 || dup2(high, CDP_FD_OUT) < 0)
		_exit(126);
	close_fds_from(CDP_FD_OUT + 1, -1);
	execve(argv[0], argv, envp);
	_exit(127);
}

/* The keeper: runs the browser and cleans up after it; never returns. */
static void keeper_main(char *const argv[], char *const envp[], int sock, int lifeline, const char *dir)
{
	char log_path[300];
	snprintf(log_path, sizeof log_path, "%s/browser.log", dir);
	pid_t self = getpid();
	pid_t browser = fork();
	if (browser == 0)
		exec_browser(argv, envp, sock, log_path, self);
	/* here too, so the group exists whichever of us runs first */
	if (browser > 0)
		setpgid(browser, browser);
	close(sock);
	close_fds_from(3, lifeline);
	int killed = 0;
	if (browser > 0) {
		/* until the test process lets go (or dies); a browser that ended
		 * by itself stays a zombie meanwhile, and its log stays to read */
		double grace = 0;
		for (;;) {
			struct pollfd pfd = { lifeline, POLLIN, 0 };
			int r = poll(&pfd, 1, -1);
			if (r > 0) {
				char c;
				if (read(lifeline, &c, 1) <= 0)
					break;
				if (c == CDP_ASKED_TO_CLOSE)
					grace = CDP_GRACE_SECONDS;
			} else if (r < 0 && errno != EINTR) {
				break;
			}
		}
		siginfo_t si;
		double end = now_seconds() + grace;
		for (;;) {
			si.si_pid = 0;
			if (waitid(P_PID, (id_t)browser, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == browser)
				break;
			if (now_seconds() >= end) {
				killed = 1;
				break;
			}
			sleep_ms(10);
		}
		/* the browser is a zombie or alive, so its group id is still its
		 * own: the helpers it left (renderers, zygotes) go with it */
		kill(-browser, SIGKILL);
		int st;
		while (waitpid(browser, &st, 0) < 0 && errno == EINTR)
			;
	}
	remove_tree(dir);
	_exit(killed ? 1 : 0);
}

/* argv for the browser: malloc'ed strings in a NULL-terminated array. */
static char **browser_argv(const char *browser, int width, int height, const char *dir)
{
	char profile[300], window[64];
	snprintf(profile, sizeof profile, "--user-data-dir=%s/profile", dir);
	snprintf(window, sizeof window, "--window-size=%d,%d", width, height);
	const char *fixed[] = {
		browser, "--headless=new", "--remote-debugging-pipe", profile, window,
		"--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--disable-dev-shm-usage",
		"--disable-features=Translate,MediaRouter,OptimizationHints",
		"--mute-audio", "--hide-scrollbars", "--force-device-scale-factor=1",
		/* every name resolves to nothing but the loopback: a page that
		 * loads from another site fails visibly instead of going online */
		"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
		/* root (CI) cannot use the sandbox; the pages are our own */
		geteuid() == 0 ? "--no-sandbox" : NULL,
		"about:blank",
	};
	size_t n = sizeof fixed / sizeof fixed[0];
	char **argv = calloc(n + 1, sizeof *argv);
	if (!argv)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!fixed[i])
			continue;
		if (!(argv[k++] = strdup(fixed[i]))) {
			for (size_t j = 0; j < k; j++)
				free(argv[j]);
			free(argv);
			return NULL;
		}
	}
	return argv;
}

/* The variables the browser gets from us: its temporary files, its home
 * and configuration (where its crash handler keeps its database) and its
 * cache, all in our folder, so nothing is left anywhere else. */
static const char *const browser_env_names[] = { "TMPDIR", "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME" };
static const char *const browser_env_dirs[] = { "tmp", "home", "home/.config", "home/.cache" };
#define BROWSER_ENV_N (sizeof browser_env_names / sizeof browser_env_names[0])

/* frees the strings of browser_env's own and the array */
static void free_env(char **envp)
{
	for (size_t i = 0; envp && i < BROWSER_ENV_N && envp[i]; i++)
		free(envp[i]);
	free(envp);
}

static int is_browser_env(const char *entry)
{
	for (size_t i = 0; i < BROWSER_ENV_N; i++) {
		size_t n = strlen(browser_env_names[i]);
		if (strncmp(entry, browser_env_names[i], n) == 0 && entry[n] == '=')
			return 1;
	}
	return 0;
}

/* The environment for the browser: ours, with the variables above set to
 * folders made under dir. The first BROWSER_ENV_N strings are its own. */
static char **browser_env(const char *dir)
{
	extern char **environ;
	size_t n = 0;
	while (environ[n])
		n++;
	char **envp = calloc(n + BROWSER_ENV_N + 1, sizeof *envp);
	if (!envp)
		return NULL;
	for (size_t i = 0; i < BROWSER_ENV_N; i++) {
		size_t size = strlen(dir) + 64;
		char path[320];
		snprintf(path, sizeof path, "%s/%s", dir, browser_env_dirs[i]);
		if (mkdir(path, 0700) != 0 || !(envp[i] = malloc(size))) {
			free_env(envp);
			return NULL;
		}
		snprintf(envp[i], size, "%s=%s", browser_env_names[i], path);
	}
	size_t k = BROWSER_ENV_N;
	for (size_t i = 0; i < n; i++)
		if (!is_browser_env(environ[i]))
			envp[k++] = environ[i];
	return envp;
}

static void free_argv(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int cdp_launch(const char *browser, int width, int height, struct cdp_process *p, char *err,
	       size_t errlen)
{
	memset(p, 0, sizeof *p);
	p->fd = p->lifeline = -1;
	p->keeper = -1;
	if (access(browser, X_OK) != 0) {
		snprintf(err, errlen, "cannot run the browser %s: %s", browser, strerror(errno));
		return -1;
	}
	/* the browser makes its sockets under this folder, and a Unix
	 * socket's path holds at most 107 bytes: a deep TMPDIR gives way to
	 * /tmp */
	const char *tmp = getenv("TMPDIR");
	if (!tmp || !*tmp || strlen(tmp) > 48)
		tmp = "/tmp";
	snprintf(p->dir, sizeof p->dir, "%s/mapsheet-cdp-XXXXXX", tmp);
	if (!mkdtemp(p->dir)) {
		snprintf(err, errlen, "cannot make a folder %s: %s", p->dir, strerror(errno));
		return -1;
	}
	char **argv = browser_argv(browser, width, height, p->dir);
	char **envp = browser_env(p->dir);
	int sv[2] = { -1, -1 }, life[2] = { -1, -1 };
	/* sockets, not pipes: a write to a dead peer fails instead of raising
	 * SIGPIPE (send with MSG_NOSIGNAL) */
	if (!argv || !envp || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, life) != 0) {
		snprintf(err, errlen, "cannot start the browser: %s", strerror(errno));
		goto fail;
	}
	fflush(NULL);
	p->keeper = fork();
	if (p->keeper < 0) {
		snprintf(err, errlen, "cannot fork: %s", strerror(errno));
		goto fail;
	}
	if (p->keeper == 0) {
		/* out of the test's process group: Check kills that group when
		 * a test ends, and the keeper must outlive it to clean up */
		setpgid(0, 0);
		close(sv[0]);
		close(life[1]);
		keeper_main(argv, envp, sv[1], life[0], p->dir);
	}
	free_argv(argv);
	free_env(envp);
	close(sv[1]);
	close(life[0]);
	p->fd = sv[0];
	p->lifeline = life[1];
	return 0;
fail:
	free_argv(argv);
	free_env(envp);
	for (int i = 0; i < 2; i++) {
		if (sv[i] >= 0)
			close(sv[i]);
		if (life[i] >= 0)
			close(life[i]);
	}
	remove_tree(p->dir);
	return -1;
}

void cdp_launch_last_words(const struct cdp_process *p, char *buf, size_t size)
{
	char path[300];
	snprintf(path, sizeof path, "%s/browser.log", p->dir);
	buf[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char line[1024];
	while (fgets(line, sizeof line, f))
		if (line[0] != '\n' && !strstr(line, "dbus"))
			snprintf(buf, size, "%s", line);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
}

int cdp_launch_end(struct cdp_process *p, int asked_to_close)
{
	char byte = CDP_ASKED_TO_CLOSE;
	if (asked_to_close && p->lifeline >= 0 && send(p->lifeline, &byte, 1, MSG_NOSIGNAL) != 1)
		asked_to_close = 0; /* the keeper is gone already */
	if (p->fd >= 0)
		close(p->fd);
	if (p->lifeline >= 0)
		close(p->lifeline);
	p->fd = p->lifeline = -1;
	if (p->keeper <= 0)
		return 0;
	/* the keeper takes the grace period and a moment to clean up */
	double end = now_seconds() + (asked_to_close ? CDP_GRACE_SECONDS : 0) + 5.0;
	int st = 0;
	pid_t r;
	while ((r = waitpid(p->keeper, &st, WNOHANG)) == 0 && now_seconds() < end)
		sleep_ms(10);
	if (r == 0) {
		kill(p->keeper, SIGKILL);
		waitpid(p->keeper, &st, 0);
		remove_tree(p->dir);
		p->keeper = -1;
		return -1;
	}
	p->keeper = -1;
	return r > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}
