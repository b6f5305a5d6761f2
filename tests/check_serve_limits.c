/* check_serve_limits.c: mapsheet serve under hostile clients, over real
 * HTTP on loopback addresses: with --connections 64, past 64 connections a
 * new one waits for one to close; 300 connections from 300 addresses and
 * 40 more from one address, each trickling its headers, hold up no other
 * client (one address holds at most 32 connections) nor keep their slots
 * past --header-seconds; 1,000 idle connections are held at once for a
 * little memory each (reported) while a request is answered; a client
 * that reads its answer too slowly is cut after --send-seconds; a small
 * request is answered while long ones are being made; eight large
 * requests at once keep the server under 512 MB (refused at once when
 * their answer cannot fit, else made within the memory budget or answered
 * 503, each of them answered whole) while small ones are answered. The
 * query's strictness is tested with the other parameters, in
 * check_serve.c. */
#include "httpget.h"
#include "testutil.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SERVE_TEST_CONNECTIONS 64   /* the server's open connections at most, as started here */
#define SERVE_TEST_SHARE 32         /* of them from one address */
#define SERVE_TEST_HEADER_SECONDS 4 /* the time a request's headers may take, as started here:
				     * past the normal request's 2 s, so that it is answered
				     * while the slow ones are held */
#define SLOW_ADDRESSES 300          /* slow clients, an address each */
#define SLOW_SHARED 40              /* and more from one address */
#define SLOW_CLIENTS (SLOW_ADDRESSES + SLOW_SHARED)
#define IDLE_CONNECTIONS 1000
#define IDLE_BOUND_KB (32L * 1024)  /* what 1,000 idle connections may add to the server */
#define NORMAL_SECONDS 2            /* a normal request's answer among them, at most */
#define LONG_REQUESTS 5             /* more than a pool of 4 threads makes at once */
#define SLOW_ADDRESS "127.0.0.2"
#define BIG_REQUESTS 8
#define SMALL_REQUESTS 6
#define PEAK_BOUND_KB (512L * 1024) /* the server's peak under eight large requests */
#define CASE_SECONDS 240            /* a test's time in all, and the longest a client of
				     * a long request waits for its answer: one that
				     * does not come is a connection closed unanswered */
#ifdef __SANITIZE_ADDRESS__
/* under make sanitize a PDF of ten levels takes a minute: three */
#define BIG_LEVELS "3"
#else
#define BIG_LEVELS "10"
#endif

static struct served srv;

/* Starts the server with the options extra (NULL-ended, may be NULL). */
static void start_with(const char *const *extra)
{
	setenv("XDG_CONFIG_HOME", "/nonexistent/mapsheet-test", 1);
	ck_assert_int_eq(served_start(&srv, extra), 0);
}

static void start(void)
{
	start_with(NULL);
}

static void stop_ok(void)
{
	ck_assert_int_eq(served_stop(&srv), 0);
}

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void get_ok(const char *path, struct http_reply *r)
{
	ck_assert_int_eq(http_get(srv.port, path, r), 0);
	ck_assert_msg(r->status == 200, "%s: %d %s", path, r->status, r->body);
}

/* The answer to path is a 400 with a one-line message holding text. */
static void refused(const char *path, const char *text)
{
	struct http_reply r;
	ck_assert_int_eq(http_get(srv.port, path, &r), 0);
	ck_assert_msg(r.status == 400, "%s: %d", path, r.status);
	ck_assert_msg(strncmp(r.body, "mapsheet: ", 10) == 0 && strstr(r.body, text) != NULL, "%s: %s", path, r.body);
	ck_assert_ptr_eq(strchr(r.body, '\n'), r.body + r.len - 1);
	http_reply_free(&r);
}

struct waiting_request {
	int port;
	struct http_reply r;
	int rc;
	atomic_int done;
};

static void *waiting_request_run(void *arg)
{
	struct waiting_request *w = arg;
	w->rc = http_get(w->port, "/remake?seed=queued", &w->r);
	atomic_store(&w->done, 1);
	return NULL;
}

/* Past 64 open connections a new one waits (in the system's queue) and is
 * answered once one of them closes: neither refused nor dropped. The 64
 * come from four loopback addresses, each within its share. */
START_TEST(test_connections_past_the_cap_wait)
{
	start_with((const char *const[]){ "--connections", "64", NULL });
	int idle[SERVE_TEST_CONNECTIONS];
	for (int i = 0; i < SERVE_TEST_CONNECTIONS; i++) {
		char from[20];
		snprintf(from, sizeof from, "127.0.0.%d", 2 + i / SERVE_TEST_SHARE);
		idle[i] = http_connect_from(from, srv.port);
		ck_assert_int_ge(idle[i], 0);
	}
	nanosleep(&(struct timespec){ 0, 300000000 }, NULL);
	struct waiting_request w = { .port = srv.port };
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, waiting_request_run, &w), 0);
	nanosleep(&(struct timespec){ 0, 500000000 }, NULL);
	ck_assert_msg(!atomic_load(&w.done), "the 65th connection was answered while 64 were open");
	close(idle[0]);
	double t0 = seconds_now();
	pthread_join(t, NULL);
	ck_assert_msg(seconds_now() - t0 < 5, "the 65th connection waited %.1f s after one closed", seconds_now() - t0);
	ck_assert_int_eq(w.rc, 0);
	ck_assert_int_eq(w.r.status, 200);
	ck_assert_ptr_nonnull(strstr(w.r.body, "--seed queued"));
	http_reply_free(&w.r);
	for (int i = 1; i < SERVE_TEST_CONNECTIONS; i++)
		close(idle[i]);
	stop_ok();
}
END_TEST

/* Whether the server closed fd: read gives its end (or an error), not
 * "nothing yet". */
static int closed_by_server(int fd)
{
	struct pollfd pfd = { fd, POLLIN, 0 };
	if (poll(&pfd, 1, 0) <= 0)
		return 0;
	char c;
	ssize_t got = recv(fd, &c, 1, MSG_DONTWAIT);
	return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

/* The loopback address of slow client i: 300 of them from 127.0.1.1 on,
 * the rest from one address. */
static void slow_address(int i, char *out, size_t size)
{
	if (i < SLOW_ADDRESSES)
		snprintf(out, size, "127.0.%d.%d", 1 + i / 250, 1 + i % 250);
	else
		snprintf(out, size, "%s", SLOW_ADDRESS);
}

/* 300 connections from 300 addresses and 40 from one more, each sending
 * its request's headers a line every half second: a request from another
 * address is answered within 2 s, the one address holds no more than its
 * share of the slots, and none holds its slot past the time the headers
 * may take in all, though it never falls silent. */
START_TEST(test_slow_clients)
{
	start_with((const char *const[]){ "--header-seconds", "4", NULL });
	int fd[SLOW_CLIENTS], open_now = 0;
	double opened[SLOW_CLIENTS];
	for (int i = 0; i < SLOW_CLIENTS; i++) {
		char from[20];
		slow_address(i, from, sizeof from);
		fd[i] = http_connect_from(from, srv.port);
		ck_assert_msg(fd[i] >= 0, "slow client %d from %s could not connect", i, from);
		opened[i] = seconds_now();
		static const char line[] = "GET /remake?seed=slow HTTP/1.1\r\n";
		ck_assert_int_eq(send(fd[i], line, sizeof line - 1, MSG_NOSIGNAL), (ssize_t)(sizeof line - 1));
	}
	double took = -1, last_closed = 0;
	int status = 0, most_open = 0, most_shared = 0, held_then = 0;
	/* bounded: the header time and two seconds more, in half seconds */
	for (int round = 0; round < 2 * (SERVE_TEST_HEADER_SECONDS + 2); round++) {
		nanosleep(&(struct timespec){ 0, 500000000 }, NULL);
		int shared = 0;
		open_now = 0;
		for (int i = 0; i < SLOW_CLIENTS; i++) {
			if (fd[i] < 0)
				continue;
			char line[40];
			int n = snprintf(line, sizeof line, "X-Slow-%d: %d\r\n", round, i);
			if (closed_by_server(fd[i]) || send(fd[i], line, (size_t)n, MSG_NOSIGNAL) != n) {
				close(fd[i]);
				fd[i] = -1;
				last_closed = seconds_now() - opened[i];
				continue;
			}
			open_now++;
			shared += i >= SLOW_ADDRESSES;
		}
		if (round > 0 && open_now > most_open)
			most_open = open_now;
		if (round > 0 && shared > most_shared)
			most_shared = shared;
		if (round == 1) {
			/* the slow ones trickle on; another address asks for a key */
			struct http_reply r;
			double t0 = seconds_now();
			if (http_request_from("127.0.0.1", srv.port, "GET", "/key.txt?seed=quick&rooms=5", NORMAL_SECONDS,
					      &r) == 0) {
				took = seconds_now() - t0;
				status = r.status;
			}
			http_reply_free(&r);
			/* and the slow ones were still held when it came */
			for (int i = 0; i < SLOW_CLIENTS; i++)
				held_then += fd[i] >= 0 && !closed_by_server(fd[i]);
		}
		if (open_now == 0)
			break;
	}
	for (int i = 0; i < SLOW_CLIENTS; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	ck_assert_msg(status == 200 && took >= 0 && took < NORMAL_SECONDS, "with %d slow connections open, a request took "
		      "%.2f s (status %d)", most_open, took, status);
	ck_assert_msg(held_then >= SLOW_ADDRESSES, "only %d of the slow connections were held when the request was "
		      "answered", held_then);
	ck_assert_msg(most_shared <= SERVE_TEST_SHARE, "one address held %d connections", most_shared);
	ck_assert_msg(open_now == 0, "%d slow connections still open after %d s", open_now,
		      SERVE_TEST_HEADER_SECONDS + 2);
	ck_assert_msg(last_closed <= SERVE_TEST_HEADER_SECONDS + 1.5, "a slow connection was closed after %.1f s",
		      last_closed);
	stop_ok();
}
END_TEST

/* 1,000 idle connections, each from an address of its own with half a
 * request line sent, are held at once: none is closed, a request from
 * another address is answered within 2 s, and the server's memory grows
 * by less than 32 MB (printed). */
START_TEST(test_idle_connections)
{
	struct rlimit rl;
	ck_assert_int_eq(getrlimit(RLIMIT_NOFILE, &rl), 0);
	if (rl.rlim_cur < IDLE_CONNECTIONS + 64) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= IDLE_CONNECTIONS + 64 ? IDLE_CONNECTIONS + 64
												      : rl.rlim_max;
		ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &rl), 0);
	}
	ck_assert_msg(rl.rlim_cur >= IDLE_CONNECTIONS + 64, "this system lets a process open %ld files",
		      (long)rl.rlim_cur);
	start();
	struct http_reply r;
	get_ok("/key.txt?seed=warm&rooms=5", &r);
	http_reply_free(&r);
	long before = served_rss_kb(&srv);
	static int fd[IDLE_CONNECTIONS];
	for (int i = 0; i < IDLE_CONNECTIONS; i++) {
		char from[20];
		snprintf(from, sizeof from, "127.0.%d.%d", 1 + i / 250, 1 + i % 250);
		fd[i] = http_connect_from(from, srv.port);
		ck_assert_msg(fd[i] >= 0, "idle connection %d from %s could not connect", i, from);
		static const char half[] = "GET /remake?seed=idle HT";
		ck_assert_int_eq(send(fd[i], half, sizeof half - 1, MSG_NOSIGNAL), (ssize_t)(sizeof half - 1));
	}
	nanosleep(&(struct timespec){ 0, 500000000 }, NULL);
	double t0 = seconds_now();
	int rc = http_request_from("127.0.0.1", srv.port, "GET", "/key.txt?seed=quick&rooms=5", NORMAL_SECONDS, &r);
	double took = seconds_now() - t0;
	long during = served_rss_kb(&srv);
	int held = 0;
	for (int i = 0; i < IDLE_CONNECTIONS; i++) {
		held += !closed_by_server(fd[i]);
		close(fd[i]);
	}
	printf("serve_limits: %d idle connections: the server's memory %ld kB, %ld kB before (%.1f kB a connection); "
	       "a request among them answered in %.2f s\n", IDLE_CONNECTIONS, during, before,
	       (double)(during - before) / IDLE_CONNECTIONS, took);
	ck_assert_msg(rc == 0 && r.status == 200 && took < NORMAL_SECONDS, "among %d idle connections a request took "
		      "%.2f s (status %d)", IDLE_CONNECTIONS, took, r.status);
	http_reply_free(&r);
	ck_assert_msg(held == IDLE_CONNECTIONS, "%d of %d idle connections were held", held, IDLE_CONNECTIONS);
	ck_assert_msg(before > 0 && during - before < IDLE_BOUND_KB, "%d idle connections took the server from %ld kB "
		      "to %ld kB", IDLE_CONNECTIONS, before, during);
	stop_ok();
}
END_TEST

/* A client reading its answer (the SVG pages of ten levels, some 13 MB,
 * quick to make) through a window
 * of a few kilobytes, more slowly than --send-seconds allows, is cut: the
 * server closes the connection with the answer unsent, and goes on
 * answering. */
START_TEST(test_slow_reader)
{
	start_with((const char *const[]){ "--send-seconds", "1", "--request-seconds", "300", NULL });
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ck_assert_int_ge(fd, 0);
	int small = 4096;
	ck_assert_int_eq(setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small), 0);
	struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)srv.port) };
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ck_assert_int_eq(connect(fd, (struct sockaddr *)&addr, sizeof addr), 0);
	ck_assert_int_eq(http_send(fd, srv.port, "GET", "/download?format=svg&seed=slowreader&rooms=30&levels=10"), 0);
	/* the first bytes say the answer is coming; then nothing is read */
	char head[4096];
	struct pollfd pfd = { fd, POLLIN, 0 };
	ck_assert_msg(poll(&pfd, 1, CASE_SECONDS * 1000) == 1, "no answer began");
	ssize_t got = recv(fd, head, sizeof head - 1, 0);
	ck_assert_int_gt(got, 0);
	head[got] = '\0';
	ck_assert_msg(strncmp(head, "HTTP/1.1 200", 12) == 0, "%s", head);
	const char *cl = strstr(head, "Content-Length: ");
	ck_assert_ptr_nonnull(cl);
	long length = strtol(cl + 16, NULL, 10);
	double t0 = seconds_now();
	nanosleep(&(struct timespec){ 2, 0 }, NULL);
	/* what reaches the client after the cut: the system's buffers, then the end */
	long total = got;
	char buf[65536];
	for (;;) {
		ssize_t n = recv(fd, buf, sizeof buf, 0);
		if (n <= 0)
			break;
		total += n;
		if (seconds_now() - t0 > 20)
			break;
	}
	close(fd);
	ck_assert_msg(total < length, "the slow reader got all %ld bytes", length);
	ck_assert_msg(seconds_now() - t0 < 20, "the slow reader's connection was not cut");
	struct http_reply r;
	get_ok("/key.txt?seed=after&rooms=5", &r);
	http_reply_free(&r);
	stop_ok();
}
END_TEST

/* A small request is answered while long ones are being made: each
 * connection has a thread of its own, and none waits for another's map.
 * The long ones are all sent first; the small one's answer comes before
 * any byte of theirs, and each of them is answered whole. */
START_TEST(test_not_held_up)
{
	/* made at once, the long ones are not stopped on a busy machine */
	start_with((const char *const[]){ "--request-seconds", "300", NULL });
	int fd[LONG_REQUESTS];
	for (int i = 0; i < LONG_REQUESTS; i++) {
		char path[100];
		snprintf(path, sizeof path, "/map.svg?seed=long%d&rooms=1000&paper=24x36in", i);
		fd[i] = http_connect_from(NULL, srv.port);
		ck_assert_int_ge(fd[i], 0);
		ck_assert_int_eq(http_send(fd[i], srv.port, "GET", path), 0);
	}
	struct http_reply r;
	get_ok("/key.txt?seed=quick&rooms=5", &r);
	http_reply_free(&r);
	int before = 0;
	for (int i = 0; i < LONG_REQUESTS; i++) {
		struct pollfd pfd = { fd[i], POLLIN, 0 };
		before += poll(&pfd, 1, 0) > 0;
	}
	ck_assert_msg(before == 0, "the small request was answered after %d of the %d long ones", before, LONG_REQUESTS);
	for (int i = 0; i < LONG_REQUESTS; i++) {
		int rc = http_read_reply(fd[i], CASE_SECONDS, &r);
		close(fd[i]);
		ck_assert_msg(rc == 0, "long request %d: the connection was closed without an answer", i);
		ck_assert_msg(r.status == 200 && strstr(r.body, "</svg>"), "long request %d: %d %s", i, r.status,
			      r.status == 200 ? "(cut short)" : r.body);
		http_reply_free(&r);
	}
	stop_ok();
}
END_TEST

struct big_request {
	int port;
	char path[200];
	struct http_reply r;
	int rc;
	double took;
};

static void *big_request_run(void *arg)
{
	struct big_request *b = arg;
	double t0 = seconds_now();
	b->rc = http_request_from(NULL, b->port, "GET", b->path, CASE_SECONDS, &b->r);
	b->took = seconds_now() - t0;
	return NULL;
}

/* The answer to b came: the connection was not closed without one. */
static void answered(const struct big_request *b)
{
	ck_assert_msg(b->rc == 0, "%s: the connection was closed without an answer after %.1f s", b->path, b->took);
}

/* BIG_REQUESTS requests for path (a %d for the seed) at once, each
 * answered; their answers in b. */
static void big_requests(struct big_request *b, const char *path)
{
	pthread_t t[BIG_REQUESTS];
	for (int i = 0; i < BIG_REQUESTS; i++) {
		b[i] = (struct big_request){ .port = srv.port };
		snprintf(b[i].path, sizeof b[i].path, path, i);
		ck_assert_int_eq(pthread_create(&t[i], NULL, big_request_run, &b[i]), 0);
	}
	for (int i = 0; i < BIG_REQUESTS; i++) {
		pthread_join(t[i], NULL);
		answered(&b[i]);
	}
}

/* Eight large requests at once keep the server under PEAK_BOUND_KB: the
 * SVG sets of ten levels of 1000 rooms, which cannot fit the 64 MB of an
 * answer, are refused at once, before a map is made; the PDFs of the same,
 * 300 MB or so each, are made one at a time within the memory budget, the
 * ones that find no room in time answered 503; and small requests are
 * answered all along. */
START_TEST(test_memory_budget)
{
	/* made one at a time, a PDF is not stopped on a busy machine */
	start_with((const char *const[]){ "--request-seconds", "300", NULL });
	struct http_reply r;
	get_ok("/map.svg?seed=warm&rooms=5", &r);
	http_reply_free(&r);
	struct big_request b[BIG_REQUESTS];
	big_requests(b, "/download?format=svg&seed=big%d&rooms=1000&levels=10&paper=24x36in");
	long peak = served_peak_kb(&srv);
	for (int i = 0; i < BIG_REQUESTS; i++) {
		ck_assert_msg(b[i].r.status == 400 && strstr(b[i].r.body, "the answer would be more than 64 MB"), "%s: %d %s",
			      b[i].path, b[i].r.status, b[i].r.body);
		ck_assert_msg(b[i].took < 1, "%s: refused after %.2f s", b[i].path, b[i].took);
		http_reply_free(&b[i].r);
	}
#ifndef __SANITIZE_ADDRESS__
	ck_assert_msg(peak < PEAK_BOUND_KB, "eight SVG sets at once took the server to %ld kB", peak);
#endif

	pthread_t t[BIG_REQUESTS];
	for (int i = 0; i < BIG_REQUESTS; i++) {
		b[i] = (struct big_request){ .port = srv.port };
		snprintf(b[i].path, sizeof b[i].path, "/download?format=pdf&seed=big%d&rooms=1000&levels=" BIG_LEVELS
			 "&paper=24x36in", i);
		ck_assert_int_eq(pthread_create(&t[i], NULL, big_request_run, &b[i]), 0);
	}
	/* small ones meanwhile */
	for (int i = 0; i < SMALL_REQUESTS; i++) {
		char path[100];
		nanosleep(&(struct timespec){ 0, 500000000 }, NULL);
		snprintf(path, sizeof path, "/key.txt?seed=small%d&rooms=5", i);
		get_ok(path, &r);
		http_reply_free(&r);
	}
	int made = 0;
	for (int i = 0; i < BIG_REQUESTS; i++) {
		pthread_join(t[i], NULL);
		answered(&b[i]);
		made += b[i].r.status == 200;
		ck_assert_msg(b[i].r.status == 200 || (b[i].r.status == 503 && strstr(b[i].r.body, "the server is busy with "
			      "other large requests")), "%s: %d %s", b[i].path, b[i].r.status, b[i].r.status == 200 ? "" :
			      b[i].r.body);
		if (b[i].r.status == 200) {
			char length[32];
			ck_assert_msg(strncmp(b[i].r.body, "%PDF-", 5) == 0 &&
				      http_header(&b[i].r, "Content-Length", length, sizeof length) &&
				      strtoul(length, NULL, 10) == b[i].r.len, "%s: the PDF was cut short (%zu bytes)",
				      b[i].path, b[i].r.len);
		}
		http_reply_free(&b[i].r);
	}
	ck_assert_int_ge(made, 1);
	peak = served_peak_kb(&srv);
#ifndef __SANITIZE_ADDRESS__
	ck_assert_msg(peak < PEAK_BOUND_KB, "eight PDFs at once took the server to %ld kB", peak);
#endif
	/* past the budget alone: refused at once */
	refused("/download?format=pdf&seed=c&method=cards&rooms=1000&levels=10&paper=24x36in", "this request would "
		"take about");
	stop_ok();
}
END_TEST

static Suite *serve_limits_suite(void)
{
	Suite *s = suite_create("serve_limits");
	TCase *tc = tcase_create("serve_limits");
	tcase_set_timeout(tc, CASE_SECONDS);
	tcase_add_test(tc, test_connections_past_the_cap_wait);
	tcase_add_test(tc, test_slow_clients);
	tcase_add_test(tc, test_idle_connections);
	tcase_add_test(tc, test_slow_reader);
	tcase_add_test(tc, test_not_held_up);
	tcase_add_test(tc, test_memory_budget);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(serve_limits_suite)
