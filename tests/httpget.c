/* httpget.c: the server's test helpers (see httpget.h). */
#define _DEFAULT_SOURCE
#include "httpget.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *program(char *abs, size_t size)
{
	const char *bin = getenv("MAPSHEET_BIN");
	if (!bin || !*bin)
		bin = "./mapsheet";
	if (!realpath(bin, abs))
		snprintf(abs, size, "%s", bin);
	return abs;
}

int served_start(struct served *s, const char *const *extra)
{
	char abs[PATH_MAX];
	const char *argv[32] = { program(abs, sizeof abs), "serve", "--port", "0" };
	int argc = 4;
	for (int i = 0; extra && extra[i] && argc < 30; i++)
		argv[argc++] = extra[i];
	argv[argc] = NULL;
	int fds[2];
	if (pipe(fds) < 0)
		return -1;
	s->pid = fork();
	if (s->pid < 0)
		return -1;
	if (s->pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	/* the first line, within 20 seconds */
	char line[256];
	size_t n = 0;
	struct pollfd pfd = { fds[0], POLLIN, 0 };
	while (n + 1 < sizeof line && poll(&pfd, 1, 20000) > 0) {
		ssize_t got = read(fds[0], line + n, 1);
		if (got <= 0 || line[n] == '\n')
			break;
		n++;
	}
	line[n] = '\0';
	close(fds[0]);
	const char *prefix = "mapsheet: serving on http://127.0.0.1:";
	if (strncmp(line, prefix, strlen(prefix)) != 0 || line[n - 1] != '/') {
		kill(s->pid, SIGKILL);
		waitpid(s->pid, NULL, 0);
		return -1;
	}
	s->port = atoi(line + strlen(prefix));
	return s->port > 0 ? 0 : -1;
}

static int exit_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

int served_stop(struct served *s)
{
	int status;
	kill(s->pid, SIGTERM);
	for (int i = 0; i < 3000; i++) {
		pid_t got = waitpid(s->pid, &status, WNOHANG);
		if (got == s->pid)
			return exit_status(status);
		if (got < 0)
			return -1;
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	}
	kill(s->pid, SIGKILL);
	waitpid(s->pid, &status, 0);
	return -1;
}

/* A field of /proc/PID/status in kB ("VmRSS"), or -1. */
static long status_kb(const struct served *s, const char *field)
{
	char path[64], line[256], want[40];
	snprintf(path, sizeof path, "/proc/%d/status", (int)s->pid);
	snprintf(want, sizeof want, "%s: %%ld kB", field);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	long kb = -1;
	while (kb < 0 && fgets(line, sizeof line, f))
		if (sscanf(line, want, &kb) != 1)
			kb = -1;
	fclose(f);
	return kb;
}

long served_rss_kb(const struct served *s)
{
	return status_kb(s, "VmRSS");
}

long served_peak_kb(const struct served *s)
{
	return status_kb(s, "VmHWM");
}

void http_reply_free(struct http_reply *r)
{
	free(r->head);
	free(r->body);
	memset(r, 0, sizeof *r);
}

const char *http_header(const struct http_reply *r, const char *name, char *out, size_t size)
{
	size_t len = strlen(name);
	for (const char *line = strchr(r->head, '\n'); line; line = strchr(line, '\n')) {
		line++;
		if (strncasecmp(line, name, len) == 0 && line[len] == ':') {
			const char *v = line + len + 1;
			while (*v == ' ')
				v++;
			size_t vlen = strcspn(v, "\r\n");
			snprintf(out, size, "%.*s", (int)vlen, v);
			return out;
		}
	}
	return NULL;
}

/* Reads the whole answer (the server closes the connection). */
static char *read_all(int fd, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1);
	while (buf) {
		if (n == cap) {
			char *bigger = realloc(buf, cap * 2 + 1);
			if (!bigger) {
				free(buf);
				return NULL;
			}
			buf = bigger;
			cap *= 2;
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	if (buf)
		buf[n] = '\0';
	*len = n;
	return buf;
}

int http_connect_from(const char *source, int port)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	if (source) {
		struct sockaddr_in from = { .sin_family = AF_INET };
		if (inet_pton(AF_INET, source, &from.sin_addr) != 1 ||
		    bind(fd, (struct sockaddr *)&from, sizeof from) < 0) {
			close(fd);
			return -1;
		}
	}
	struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int http_send(int fd, int port, const char *method, const char *path)
{
	char req[8192];
	int n = snprintf(req, sizeof req, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n", method,
			 path, port);
	if (n < 0 || (size_t)n >= sizeof req || write(fd, req, (size_t)n) != n)
		return -1;
	return 0;
}

int http_read_reply(int fd, double seconds, struct http_reply *r)
{
	memset(r, 0, sizeof *r);
	struct timeval tv = { (time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6) };
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0)
		return -1;
	size_t len;
	char *all = read_all(fd, &len);
	if (!all)
		return -1;
	char *end = strstr(all, "\r\n\r\n");
	if (!end || sscanf(all, "HTTP/1.%*d %d", &r->status) != 1) {
		free(all);
		return -1;
	}
	size_t head_len = (size_t)(end - all);
	r->len = len - head_len - 4;
	r->body = malloc(r->len + 1);
	r->head = malloc(head_len + 1);
	if (!r->body || !r->head) {
		free(all);
		http_reply_free(r);
		return -1;
	}
	memcpy(r->body, end + 4, r->len);
	r->body[r->len] = '\0';
	memcpy(r->head, all, head_len);
	r->head[head_len] = '\0';
	free(all);
	return 0;
}

int http_request_from(const char *source, int port, const char *method, const char *path, double seconds,
		      struct http_reply *r)
{
	memset(r, 0, sizeof *r);
	int fd = http_connect_from(source, port);
	if (fd < 0)
		return -1;
	int rc = http_send(fd, port, method, path) == 0 ? http_read_reply(fd, seconds, r) : -1;
	close(fd);
	return rc;
}

int http_request(int port, const char *method, const char *path, struct http_reply *r)
{
	return http_request_from(NULL, port, method, path, 60, r);
}

int http_get(int port, const char *path, struct http_reply *r)
{
	return http_request(port, "GET", path, r);
}

int run_cli_in(const char *dir, const char *const *args, const char *err_file)
{
	char abs[PATH_MAX];
	const char *argv[64] = { program(abs, sizeof abs) };
	int argc = 1;
	for (int i = 0; args[i] && argc < 62; i++)
		argv[argc++] = args[i];
	argv[argc] = NULL;
	mkdir(dir, 0777);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		int err = err_file ? open(err_file, O_WRONLY | O_CREAT | O_TRUNC, 0644) : null;
		dup2(null, STDOUT_FILENO);
		dup2(err, STDERR_FILENO);
		if (chdir(dir) < 0)
			_exit(126);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	int status;
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return exit_status(status);
}
