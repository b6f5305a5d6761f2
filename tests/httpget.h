/* httpget.h: for the server's tests (check_serve.c): starting
 * `mapsheet serve --port 0` and reading the port it prints, running the
 * command line in a folder, and a small HTTP/1.1 client over a socket
 * (one request a connection), so that the tests need no curl. */
#ifndef MAPSHEET_HTTPGET_H
#define MAPSHEET_HTTPGET_H

#include <stddef.h>
#include <sys/types.h>

struct http_reply {
	int status;             /* 0: no answer (connection failed or cut) */
	char *head;             /* the status line and headers, NUL-ended */
	char *body;             /* NUL-ended too; len bytes */
	size_t len;
};

struct served {
	pid_t pid;
	int port;
};

/* Starts the program ($MAPSHEET_BIN or ./mapsheet) as `serve --port 0`
 * plus extra (NULL-ended, may be NULL); returns 0 once it printed its
 * address, else -1. */
int served_start(struct served *s, const char *const *extra);
/* SIGTERM, then its exit status (128 + N for a signal N; -1 when it did
 * not end within 30 seconds, and it is killed). */
int served_stop(struct served *s);

/* The server's resident memory in kB (VmRSS in /proc/PID/status), or -1. */
long served_rss_kb(const struct served *s);
/* Its peak resident memory so far in kB (VmHWM), or -1. */
long served_peak_kb(const struct served *s);

/* GET (or another method) of path ("/map.svg?seed=x"); returns 0 with
 * reply filled, else -1. Free with http_reply_free. */
int http_request(int port, const char *method, const char *path, struct http_reply *r);
int http_get(int port, const char *path, struct http_reply *r);
/* The same from the loopback address source ("127.0.0.2"; NULL: any),
 * waiting at most seconds for each read of the answer. */
int http_request_from(const char *source, int port, const char *method, const char *path, double seconds,
		      struct http_reply *r);
/* A connection to the server's port from source (NULL: any), or -1. */
int http_connect_from(const char *source, int port);
/* Sends the request for path on a connection (one request, then the
 * server closes it): 0, or -1. */
int http_send(int fd, int port, const char *method, const char *path);
/* Reads the answer on fd until the server closes it, waiting at most
 * seconds for each read: 0 with reply filled, or -1 (no whole head:
 * the connection was closed without an answer, or the wait ran out). */
int http_read_reply(int fd, double seconds, struct http_reply *r);
void http_reply_free(struct http_reply *r);
/* A header's value (case-insensitive name) copied into out, or NULL. */
const char *http_header(const struct http_reply *r, const char *name, char *out, size_t size);

/* Runs the program with args (NULL-ended, without the program) in folder
 * dir, made first; stderr into err_file when not NULL. Returns its exit
 * status, or -1. */
int run_cli_in(const char *dir, const char *const *args, const char *err_file);

#endif
