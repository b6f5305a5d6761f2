/* serve_int.h: what the parts of the local server share: the state loaded
 * at start (the page's files, the stocking tables), the web's limits on a
 * request's work, and the functions of serve_*.c. */
#ifndef MAPSHEET_SERVE_INT_H
#define MAPSHEET_SERVE_INT_H

#include "cli/cli.h"
#include "base/memfiles.h"
#include "site/site_tables.h"
#include "stock/stock_table.h"

#include <pthread.h>
#include <stddef.h>

#define SERVE_DEFAULT_PORT 8750
#define SERVE_CONNECTIONS 2048     /* open connections by default (--connections); more
				     * wait to be accepted */
#define SERVE_MIN_CONNECTIONS 8
#define SERVE_MAX_CONNECTIONS 65536
#define SERVE_THREADS 4             /* threads reading and writing the connections */
#define SERVE_MAKERS 64             /* maps being made at once, a thread each; more are
				     * answered 503 */
#define SERVE_FDS_SPARE 64          /* files the server keeps open besides connections */
#define SERVE_CONNECTIONS_PER_ADDRESS 32 /* of them from one address; more are closed at once */
#define SERVE_IDLE_SECONDS 15       /* a silent connection is closed after this */
#define SERVE_HEADER_SECONDS 10     /* a request's headers in all, from the connection's
				     * opening or its last answer (--header-seconds) */
#define SERVE_SEND_SECONDS 60       /* an answer's sending in all (--send-seconds); past it
				     * the connection is cut and the answer freed */
#define SERVE_SWEEP_MS 250          /* how often connections are held to that */
#define SERVE_MAX_QUERY 4096        /* bytes of the address after the path */
#define SERVE_REQUEST_SECONDS 20    /* a map's request is stopped past this (503) */
#define SERVE_MAX_REQUEST_SECONDS 3600 /* the most --request-seconds takes */
#define SERVE_MAX_PARAMS 48
#define SERVE_MAX_SYSTEMS 16
#define SERVE_MAX_PAGE_FILES 16
#define SERVE_MAX_PAGE_FILE (512 * 1024)

/* The web's caps on one request's work, below the command line's. */
#define SERVE_MAX_ROOMS 1000        /* rooms a level */
#define SERVE_MAX_ROOMS_MADE 1500   /* rooms a level made: house fills the grid and
				     * can make more than asked; the key's layout
				     * grows faster than its rooms */
#define SERVE_MAX_LEVELS 10
#define SERVE_MAX_SIDE 500          /* squares a side of the grid */
#define SERVE_MAX_AREA 250000L      /* squares of the grid in all */
#define SERVE_MAX_DPI 300
#define SERVE_MAX_GRID_PIXELS 100
#define SERVE_MAX_PNG_PIXELS 20000000L /* a PNG page's pixels: paper x dpi squared */
#define SERVE_MAX_ANSWER_BYTES ((size_t)64 << 20) /* the files of an answer in all */
#define SERVE_MEMORY_BYTES ((size_t)400 << 20) /* the requests in flight, their estimated
						* peaks added up; one alone at most this */
#define SERVE_MEMORY_WAIT_SECONDS 2.0 /* a request waits this long for room, then 503 */

/* A file of the page (templates/serve/), read at start. */
struct serve_page_file {
	char name[64];
	char *data;
	size_t len;
};

struct serve_system {
	char name[64];
	struct stock_tables tables;
};

/* An open connection, timed until its request's headers are in, then
 * while its answer is sent (serve_guard.c). */
struct serve_conn {
	int fd;                     /* -1: a free entry */
	int in_request;             /* its headers are in: being answered */
	int sending;                /* its answer is queued: being sent */
	int cut;                    /* shut down, past its time */
	double since;               /* opened, or last answered, or its answer queued
				     * (monotonic seconds) */
	int next_free;              /* the free list's next entry */
};

struct serve_guard {
	pthread_mutex_t lock;
	struct serve_conn *conns;   /* one per connection the server may hold */
	int nconns, free_head;
	double header_seconds, send_seconds;
};

/* The memory of the requests in flight (serve_budget.c). */
struct serve_budget {
	pthread_mutex_t lock;
	pthread_cond_t freed;       /* some was given back */
	size_t total, used;
};

struct serve_ctx {
	const char *const *template_dirs;
	struct cli_checks checks;           /* main's, without the config file */
	double request_seconds;             /* a map's request is stopped past this */
	pthread_mutex_t parse_lock;         /* getopt_long is not reentrant */
	pthread_mutex_t busy_lock;
	int busy;                           /* requests in flight */
	int making;                         /* maps being made (threads of their own) */
	struct serve_guard guard;           /* the open connections' header deadline */
	struct serve_budget budget;         /* the memory of the requests in flight */
	struct serve_page_file files[SERVE_MAX_PAGE_FILES];
	int nfiles;
	struct serve_system systems[SERVE_MAX_SYSTEMS];
	int nsystems;
	struct site_tables site;        /* the site model's tables */
};

/* The kinds of output a request asks for. */
enum serve_output { SERVE_PREVIEW, SERVE_KEY, SERVE_KEY_JSON, SERVE_REMAKE, SERVE_DOWNLOAD };

struct output_format;
/* serve_key.c: the key's formats (/key.txt, /key.json), written by the
 * run in place of the options' own; both have a players' copy. */
extern const struct output_format serve_key_txt, serve_key_json;

/* A request's answer: a body to send (malloc'd), its type, a file name
 * for a download, and the HTTP status. */
struct serve_answer {
	int status;
	char *body;
	size_t len;
	const char *type;
	char filename[256];
	double run_ms;              /* time spent making it (Server-Timing) */
	double cpu_ms;              /* CPU time of the thread making it */
	size_t held;                /* of the memory budget, still held by the body:
				     * given back once it is sent and freed */
	char *remake;               /* the preview: the remake line on its footer
				     * (malloc'd), or NULL */
};

/* serve_files.c: loads the page's files and the stocking tables. Returns
 * 0, or -1 with e set. */
int serve_load(struct serve_ctx *ctx, struct err *e);
void serve_unload(struct serve_ctx *ctx);
const struct serve_page_file *serve_page_file(const struct serve_ctx *ctx, const char *name);
/* The Content-Type for a file name's extension. */
const char *serve_type_for(const char *name);

/* serve_make.c: answers a request for a map (preview, key, remake line,
 * download) from its query parameters names[i]=values[i] (a value NULL:
 * given without '='); format= picks the download, whose command line the
 * preview and the remake line are (the PDF sheet when not given). Always
 * fills a (status 400 with the one-line message for a bad parameter);
 * returns -1 only when out of memory. */
int serve_make(struct serve_ctx *ctx, enum serve_output what, const char *const *names,
	       const char *const *values, int n, struct serve_answer *a);

/* serve_make.c: the downloads' format= names, "pdf, handout, ..." (the
 * i-th, or NULL past the last). */
const char *serve_download_name(int i);

/* serve_args.c: whether the page takes the option called name: every
 * option that shapes the map, its key or the sheet, and none that reads or
 * writes a file (a FILE or DIR value) or is about the command itself
 * (--help, --quiet, --format ...). *arg gets its value's metavar (NULL: a
 * flag) and *help its help line. */
int serve_option_taken(const char *name, const char **arg, const char **help);

/* serve_args.c: the query as the command line's argv. */
struct serve_args {
	char *argv[2 * SERVE_MAX_PARAMS + 8];
	int argc;
	char *owned[2 * SERVE_MAX_PARAMS + 8];  /* the words made here, freed by serve_args_free */
	int nowned;
	const char *format;         /* download: the format= parameter, or NULL */
	char seed[256];             /* the seed given, or drawn */
};
/* Turns the parameters into argv ("mapsheet --rooms 30 ..."), refusing
 * names that are not options the page takes (usage error in e). */
int serve_args_build(struct serve_args *sa, const char *const *names, const char *const *values, int n,
		     struct err *e);
/* Appends a word. Returns 0, or -1 with e set. */
int serve_args_add(struct serve_args *sa, const char *word, struct err *e);
void serve_args_free(struct serve_args *sa);
/* The web's caps on a parsed run (rooms, levels, grid, dpi, a PNG page's
 * pixels). Returns 0, or -1 with a usage error. */
int serve_check_limits(const struct cli *c, struct err *e);

/* serve_query.c: a request's parameters, split and unescaped from the
 * query string as sent. */
struct serve_query {
	const char *names[SERVE_MAX_PARAMS];
	const char *values[SERVE_MAX_PARAMS];   /* NULL: given without '=' */
	int n;                      /* parameters given (more than those kept) */
	size_t bytes;               /* their names and values, unescaped */
	int failed;                 /* one was refused: the usage error in bad */
	struct err bad;
	char *buf;                  /* the names and values (malloc'd) */
};
/* Splits raw (the bytes after '?', or NULL). Returns 0 (q->failed set for
 * a %00, a bad escape or a name given twice), or -1 when out of memory. */
int serve_query_parse(const char *raw, struct serve_query *q);
void serve_query_free(struct serve_query *q);

/* serve_cost.c: a request's cost, estimated from its parsed options
 * before the run: its memory at the peak (above the real one) and the
 * least its answer will weigh (0: not told). format is the download's
 * format= name (what SERVE_DOWNLOAD). */
struct serve_cost {
	size_t peak;
	size_t answer_least;
};
void serve_cost_estimate(const struct cli *c, const char *format, enum serve_output what, struct serve_cost *cost);

/* serve_budget.c: the memory budget of the requests in flight. init
 * returns 0, or -1 when its lock cannot be made. take waits at most
 * wait_seconds for bytes to be free and takes them: 0, or -1 when there
 * was no room in time. */
int serve_budget_init(struct serve_budget *b, size_t total);
void serve_budget_destroy(struct serve_budget *b);
int serve_budget_take(struct serve_budget *b, size_t bytes, double wait_seconds);
void serve_budget_give(struct serve_budget *b, size_t bytes);

/* serve_guard.c: the table of open connections, nconns of them, their
 * headers held to header_seconds and their answers to send_seconds. init
 * returns 0, or -1 when out of memory or the lock cannot be made. */
int serve_guard_init(struct serve_guard *g, int nconns, double header_seconds, double send_seconds);
void serve_guard_destroy(struct serve_guard *g);
/* Shuts down the reading side of each connection that has not sent a
 * whole request's headers within header_seconds (what it sent before is
 * still read, and a whole request answered), and both sides of each
 * connection whose answer took longer than send_seconds to be sent (the
 * answer is dropped and its memory given back); returns how many. */
int serve_guard_sweep(struct serve_guard *g);

/* serve_options.c: the option tables as JSON for the page (malloc'd). */
char *serve_options_json(const struct serve_ctx *ctx, size_t *len);

/* serve_zip.c: the files as one zip archive (stored, in order), or NULL
 * when out of memory; *len its size. */
char *serve_zip(const struct memfiles *mf, size_t *len);

#endif
