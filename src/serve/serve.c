/* serve.c: mapsheet serve [--port N] [--bind ADDR] [--request-seconds S]
 * [--connections N] [--header-seconds S] [--send-seconds S]: the local web
 * page to roll maps on. Loads the page and the tables, starts
 * libmicrohttpd on 127.0.0.1 (or ADDR) with a few threads waiting on
 * epoll for all the connections (at most N, a file descriptor and a small
 * buffer each, so that idle clients cost little), each map made on a
 * thread of its own and stopped past S seconds, an address's connections
 * capped at a share of the slots, each request's headers and each
 * answer's sending at a time in all, prints the address as its first
 * line, and serves until SIGINT or SIGTERM: then it takes no new
 * connection, lets the requests in flight finish, and exits 0. The signals
 * are waited for with sigtimedwait(), blocked in every thread; the main
 * thread sweeps the slow connections between. */
#include "serve/serve.h"

#include "cli/cli_options.h"
#include "render.h"
#include "serve/serve_http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define SERVE_DRAIN_SECONDS 30      /* the longest wait for requests in flight */
#define SERVE_MMAP_BYTES (256 * 1024) /* blocks this big are mapped, and unmapped when freed */

struct serve_opts {
	int port;
	const char *bind;
	double request_seconds, header_seconds, send_seconds;
	int connections;
};

/* "mapsheet: serve: MESSAGE (mapsheet serve [--port N] [--bind ADDR])",
 * the usage from the option table. */
static int usage(const char *fmt, const char *what)
{
	fputs("mapsheet: serve: ", stderr);
	fprintf(stderr, fmt, what);
	fputs(" (mapsheet serve", stderr);
	for (int i = 0; cli_serve_options[i].name; i++)
		fprintf(stderr, " [--%s %s]", cli_serve_options[i].name, cli_serve_options[i].arg);
	fputs(")\n", stderr);
	return 2;
}

/* The value of an option of cli_serve_options, --name VALUE or
 * --name=VALUE, at argv[*i] (*i moves past it); *name gets its name.
 * NULL: not one of them, or its value is missing. */
static const char *option_value(int argc, char **argv, int *i, const char **name)
{
	for (int k = 0; cli_serve_options[k].name; k++) {
		const char *arg = argv[*i];
		size_t n = strlen(cli_serve_options[k].name);
		if (strncmp(arg, "--", 2) != 0 || strncmp(arg + 2, cli_serve_options[k].name, n) != 0)
			continue;
		*name = cli_serve_options[k].name;
		if (arg[2 + n] == '=')
			return arg + 2 + n + 1;
		if (arg[2 + n] == '\0' && *i + 1 < argc)
			return argv[++*i];
	}
	return NULL;
}

/* A time in seconds, 0.01 to SERVE_MAX_REQUEST_SECONDS: 0, or -1. */
static int parse_seconds(const char *v, double *out)
{
	char *end;
	errno = 0;
	double s = strtod(v, &end);
	if (!*v || *end || errno || !(s >= 0.01 && s <= SERVE_MAX_REQUEST_SECONDS))
		return -1;
	*out = s;
	return 0;
}

static int parse_opts(int argc, char **argv, struct serve_opts *o)
{
	o->port = SERVE_DEFAULT_PORT;
	o->bind = "127.0.0.1";
	o->request_seconds = SERVE_REQUEST_SECONDS;
	o->header_seconds = SERVE_HEADER_SECONDS;
	o->send_seconds = SERVE_SEND_SECONDS;
	o->connections = SERVE_CONNECTIONS;
	for (int i = 1; i < argc; i++) {
		const char *v, *name = "";
		if (!(v = option_value(argc, argv, &i, &name))) {
			if (name[0])
				return usage("option '--%s' needs a value", name);
			return usage("unknown option '%s'", argv[i]);
		} else if (strcmp(name, "port") == 0) {
			char *end;
			errno = 0;
			long port = strtol(v, &end, 10);
			if (!*v || *end || errno || port < 0 || port > 65535)
				return usage("--port: '%s' is not a port (0 to 65535; 0 picks a free one)", v);
			o->port = (int)port;
		} else if (strcmp(name, "connections") == 0) {
			char *end;
			errno = 0;
			long n = strtol(v, &end, 10);
			if (!*v || *end || errno || n < SERVE_MIN_CONNECTIONS || n > SERVE_MAX_CONNECTIONS)
				return usage("--connections: '%s' is not a number of connections (8 to 65536)", v);
			o->connections = (int)n;
		} else if (strcmp(name, "request-seconds") == 0) {
			if (parse_seconds(v, &o->request_seconds) < 0)
				return usage("--request-seconds: '%s' is not a time (seconds, 0.01 to 3600)", v);
		} else if (strcmp(name, "header-seconds") == 0) {
			if (parse_seconds(v, &o->header_seconds) < 0)
				return usage("--header-seconds: '%s' is not a time (seconds, 0.01 to 3600)", v);
		} else if (strcmp(name, "send-seconds") == 0) {
			if (parse_seconds(v, &o->send_seconds) < 0)
				return usage("--send-seconds: '%s' is not a time (seconds, 0.01 to 3600)", v);
		} else {
			o->bind = v;
		}
	}
	return 0;
}

/* Room for the connections asked for: the soft limit on open files raised
 * as far as the hard one allows; past that, fewer connections (said on
 * stderr). */
static void fit_open_files(struct serve_opts *o)
{
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return;
	rlim_t want = (rlim_t)o->connections + SERVE_FDS_SPARE;
	if (rl.rlim_cur < want) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= want ? want : rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
		(void)getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want) {
		long fit = (long)rl.rlim_cur - SERVE_FDS_SPARE;
		fit = fit < SERVE_MIN_CONNECTIONS ? SERVE_MIN_CONNECTIONS : fit;
		fprintf(stderr, "mapsheet: serve: this system lets the server open %ld files: %ld connections, not %d\n",
			(long)rl.rlim_cur, fit, o->connections);
		o->connections = (int)fit;
	}
}

/* The address to listen on, IPv4 or IPv6 (numeric only). */
static int make_addr(const struct serve_opts *o, struct sockaddr_storage *ss, int *v6)
{
	memset(ss, 0, sizeof *ss);
	struct sockaddr_in *in4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)ss;
	if (inet_pton(AF_INET, o->bind, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons((uint16_t)o->port);
		*v6 = 0;
		return 0;
	}
	if (inet_pton(AF_INET6, o->bind, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)o->port);
		*v6 = 1;
		return 0;
	}
	return usage("--bind: '%s' is not an IP address (127.0.0.1, 0.0.0.0, ::1, ...)", o->bind);
}

/* The port the daemon listens on (the one picked for --port 0). */
static int bound_port(struct MHD_Daemon *d)
{
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_LISTEN_FD);
	struct sockaddr_storage ss;
	socklen_t len = sizeof ss;
	if (!info || getsockname(info->listen_fd, (struct sockaddr *)&ss, &len) < 0)
		return -1;
	if (ss.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	return ntohs(((struct sockaddr_in *)&ss)->sin_port);
}

/* Waits, at most SERVE_DRAIN_SECONDS, for the requests in flight. */
static void drain(struct serve_ctx *ctx)
{
	for (int i = 0; i < SERVE_DRAIN_SECONDS * 100; i++) {
		pthread_mutex_lock(&ctx->busy_lock);
		int busy = ctx->busy;
		pthread_mutex_unlock(&ctx->busy_lock);
		if (busy <= 0)
			return;
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	}
}

/* Until SIGINT or SIGTERM: every SERVE_SWEEP_MS, the connections that
 * took too long over their headers are cut (serve_guard.c). */
static void wait_for_stop(struct serve_ctx *ctx, const sigset_t *stop)
{
	const struct timespec sweep = { 0, SERVE_SWEEP_MS * 1000000L };
	for (;;) {
		int sig = sigtimedwait(stop, NULL, &sweep);
		if (sig == SIGINT || sig == SIGTERM || (sig < 0 && errno != EAGAIN && errno != EINTR))
			return;
		serve_guard_sweep(&ctx->guard);
	}
}

/* A few threads (SERVE_THREADS) wait on epoll for every connection: an
 * idle connection costs its file descriptor and its buffer, not a thread.
 * A map is made on a thread of its own while its connection is suspended
 * (serve_http.c), so these threads never wait for one. At the connection
 * limit libmicrohttpd stops listening, and a new connection waits in the
 * system's queue until one closes. */
static struct MHD_Daemon *start(struct serve_ctx *ctx, const struct serve_opts *o, struct sockaddr_storage *ss,
				int v6)
{
	unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC |
			 (v6 ? MHD_USE_IPv6 : 0);
	unsigned per_address = SERVE_CONNECTIONS_PER_ADDRESS;
	if ((unsigned)o->connections / 2 < per_address)
		per_address = (unsigned)o->connections / 2;
	return MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, serve_http_request, ctx,
				MHD_OPTION_SOCK_ADDR, (struct sockaddr *)ss,
				MHD_OPTION_THREAD_POOL_SIZE, (unsigned)SERVE_THREADS,
				MHD_OPTION_CONNECTION_LIMIT, (unsigned)o->connections,
				MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address,
				MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)SERVE_IDLE_SECONDS,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
				MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024,
				MHD_OPTION_NOTIFY_COMPLETED, serve_http_completed, ctx,
				MHD_OPTION_NOTIFY_CONNECTION, serve_http_connection, ctx,
				MHD_OPTION_URI_LOG_CALLBACK, serve_http_uri, ctx,
				MHD_OPTION_END);
}

int serve_main(int argc, char **argv, const char *const *template_dirs, const struct cli_checks *checks)
{
	struct serve_opts o;
	struct sockaddr_storage ss;
	int v6 = 0, rc;
	if ((rc = parse_opts(argc, argv, &o)) != 0 || (rc = make_addr(&o, &ss, &v6)) != 0)
		return rc;
	fit_open_files(&o);
	struct serve_ctx *ctx = calloc(1, sizeof *ctx);
	if (!ctx) {
		fputs("mapsheet: serve: out of memory\n", stderr);
		return 1;
	}
	ctx->template_dirs = template_dirs;
	ctx->request_seconds = o.request_seconds;
	ctx->checks = *checks;
	ctx->checks.no_config = 1;
	if (pthread_mutex_init(&ctx->parse_lock, NULL) != 0 || pthread_mutex_init(&ctx->busy_lock, NULL) != 0 ||
	    serve_guard_init(&ctx->guard, o.connections, o.header_seconds, o.send_seconds) < 0 || serve_budget_init(&ctx->budget, SERVE_MEMORY_BYTES) < 0) {
		fputs("mapsheet: serve: cannot make the server's locks\n", stderr);
		free(ctx);
		return 1;
	}
	struct err e = { ERR_NONE, "" };
	/* the signals wait for sigwait, in every thread started from here */
	sigset_t stop, old;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stop, &old);
	signal(SIGPIPE, SIG_IGN);
	rc = 1;
	struct MHD_Daemon *d = NULL;
#ifdef M_MMAP_THRESHOLD
	/* a big answer's buffers go back to the system when freed: glibc would
	 * otherwise raise this threshold after the first big free and keep
	 * such buffers in its heaps, and the server's memory would stay at its
	 * biggest request's. Where it is refused (AddressSanitizer's allocator
	 * takes no such option) the server works the same, only keeps more. */
	(void)mallopt(M_MMAP_THRESHOLD, SERVE_MMAP_BYTES);
#endif
	render_start_fonts();
	if (serve_load(ctx, &e) < 0) {
		fprintf(stderr, "mapsheet: serve: %s\n", e.msg);
	} else if (!(d = start(ctx, &o, &ss, v6))) {
		fprintf(stderr, "mapsheet: serve: cannot listen on %s port %d: %s\n", o.bind, o.port,
			errno ? strerror(errno) : "the port is taken or not allowed");
	} else {
		printf(v6 ? "mapsheet: serving on http://[%s]:%d/\n" : "mapsheet: serving on http://%s:%d/\n", o.bind,
		       bound_port(d));
		if (fflush(stdout) != 0)
			fprintf(stderr, "mapsheet: serve: cannot write the address: %s\n", strerror(errno));
		wait_for_stop(ctx, &stop);
		/* no new connection; the listening socket is ours to close once
		 * the daemon's threads are gone */
		MHD_socket listen = MHD_quiesce_daemon(d);
		drain(ctx);
		MHD_stop_daemon(d);
		if (listen != MHD_INVALID_SOCKET)
			close(listen);
		rc = 0;
	}
	serve_unload(ctx);
	pthread_mutex_destroy(&ctx->parse_lock);
	pthread_mutex_destroy(&ctx->busy_lock);
	serve_guard_destroy(&ctx->guard);
	serve_budget_destroy(&ctx->budget);
	free(ctx);
	render_release_fonts();
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}
