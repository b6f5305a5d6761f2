/* serve_http.c: the local server's answers to HTTP requests, called by
 * libmicrohttpd's threads: the page and its files, the option tables, and
 * the maps (preview, key, remake line, downloads); anything else is 404,
 * any method but GET and HEAD 405, a request with a body 413. A map's
 * parameters are read from the query string as the client sent it
 * (serve_query.c), kept from the request's first line. A map is made on a
 * thread of its own (at most SERVE_MAKERS at once, past them 503) while
 * its connection is suspended, so that the few threads serving every
 * connection never wait for a map: they go on reading and answering the
 * others, and the map's connection is resumed to send it once made. */
#include "serve/serve_http.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum request_state { REQUEST_NEW, REQUEST_MAKING, REQUEST_MADE, REQUEST_SENT };

/* A request, from its first line (serve_http_uri) until it completes. */
struct serve_request {
	int started;                /* its headers are in: counted in flight */
	enum request_state state;   /* a map's: being made on its thread, made */
	struct serve_ctx *ctx;
	struct MHD_Connection *conn;
	enum serve_output what;
	struct serve_query q;       /* the map's parameters, while it is made */
	int made_rc;                /* serve_make's */
	struct serve_answer a;      /* the map made */
	char query[];               /* the bytes after '?', as sent */
};

void *serve_http_uri(void *cls, const char *uri, struct MHD_Connection *conn)
{
	(void)cls;
	(void)conn;
	const char *q = strchr(uri, '?');
	q = q ? q + 1 : "";
	size_t len = strlen(q);
	struct serve_request *rq = malloc(sizeof *rq + len + 1);
	if (!rq)
		return NULL;
	memset(rq, 0, sizeof *rq);
	memcpy(rq->query, q, len + 1);
	return rq;
}

static void add_common_headers(struct MHD_Response *r, const char *type)
{
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
}

/* A map's answer being sent: its body, and the bytes of the memory
 * budget it holds until it is freed. */
struct sent_body {
	struct serve_ctx *ctx;
	char *body;
	size_t held;
};

static void free_sent(void *cls)
{
	struct sent_body *sb = cls;
	free(sb->body);
	if (sb->ctx)
		serve_budget_give(&sb->ctx->budget, sb->held);
	free(sb);
}

/* The preview's remake line as a header value: UTF-8 and '%' as %XX, so
 * the page reads it back with decodeURIComponent (malloc'd, or NULL). */
static char *header_escape(const char *text)
{
	char *out = malloc(strlen(text) * 3 + 1), *o = out;
	if (!out)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p >= 0x20 && *p < 0x7f && *p != '%') {
			*o++ = (char)*p;
		} else {
			static const char hex[] = "0123456789ABCDEF";
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	*o = '\0';
	return out;
}

/* Queues body (malloc'd, taken whatever happens, with its `held` bytes of
 * ctx's budget, given back when it is freed); remake, when not NULL, is
 * sent as the header X-Mapsheet-Remake. */
static enum MHD_Result send_owned(struct MHD_Connection *conn, unsigned status, char *body, size_t len,
				  const char *type, const char *filename, double run_ms, double cpu_ms,
				  struct serve_ctx *ctx, size_t held, const char *remake)
{
	struct sent_body *sb = malloc(sizeof *sb);
	struct MHD_Response *r = NULL;
	if (sb) {
		*sb = (struct sent_body){ ctx, body, held };
		r = MHD_create_response_from_buffer_with_free_callback_cls(len, body, free_sent, sb);
	}
	if (!r) {
		free(body);
		free(sb);
		if (ctx)
			serve_budget_give(&ctx->budget, held);
		return MHD_NO;
	}
	add_common_headers(r, type);
	if (filename && filename[0]) {
		char disp[256];
		snprintf(disp, sizeof disp, "attachment; filename=\"%s\"", filename);
		MHD_add_response_header(r, "Content-Disposition", disp);
	}
	if (run_ms >= 0) {
		char timing[64];
		snprintf(timing, sizeof timing, "run;dur=%.1f, cpu;dur=%.1f", run_ms, cpu_ms);
		MHD_add_response_header(r, "Server-Timing", timing);
	}
	char *line = remake ? header_escape(remake) : NULL;
	if (line)
		MHD_add_response_header(r, "X-Mapsheet-Remake", line);
	free(line);
	enum MHD_Result rc = MHD_queue_response(conn, status, r);
	MHD_destroy_response(r);
	return rc;
}

static enum MHD_Result send_message(struct MHD_Connection *conn, unsigned status, const char *msg)
{
	size_t len = strlen(msg);
	char *body = malloc(len + 1);
	if (!body)
		return MHD_NO;
	memcpy(body, msg, len + 1);
	return send_owned(conn, status, body, len, "text/plain; charset=utf-8", NULL, -1, -1, NULL, 0, NULL);
}

static enum MHD_Result send_page_file(struct MHD_Connection *conn, const struct serve_page_file *pf)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(pf->len, pf->data, MHD_RESPMEM_PERSISTENT);
	if (!r)
		return MHD_NO;
	add_common_headers(r, serve_type_for(pf->name));
	/* the page loads nothing from other sites; the preview is inline SVG */
	MHD_add_response_header(r, "Content-Security-Policy",
				"default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
				"object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
	enum MHD_Result rc = MHD_queue_response(conn, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return rc;
}

/* A map's thread: makes it, then resumes its connection to send it. */
static void *make_run(void *arg)
{
	struct serve_request *rq = arg;
	struct serve_ctx *ctx = rq->ctx;
	struct MHD_Connection *conn = rq->conn;
	rq->made_rc = serve_make(ctx, rq->what, rq->q.names, rq->q.values, rq->q.n, &rq->a);
	serve_query_free(&rq->q);
	pthread_mutex_lock(&ctx->busy_lock);
	rq->state = REQUEST_MADE;
	ctx->making--;
	pthread_mutex_unlock(&ctx->busy_lock);
	/* rq may be freed from here on: the connection goes on without us */
	MHD_resume_connection(conn);
	return NULL;
}

/* Starts making the map on a thread of its own, conn suspended meanwhile;
 * MHD_NO when it could not start (*busy: the makers were all taken). */
static enum MHD_Result start_making(struct serve_ctx *ctx, struct MHD_Connection *conn, struct serve_request *rq,
				    int *busy)
{
	pthread_mutex_lock(&ctx->busy_lock);
	*busy = ctx->making >= SERVE_MAKERS;
	if (!*busy)
		ctx->making++;
	pthread_mutex_unlock(&ctx->busy_lock);
	if (*busy)
		return MHD_NO;
	pthread_attr_t attr;
	pthread_t t;
	int ok = pthread_attr_init(&attr) == 0;
	if (ok) {
		rq->state = REQUEST_MAKING;
		MHD_suspend_connection(conn);
		ok = pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) == 0 &&
		     pthread_create(&t, &attr, make_run, rq) == 0;
		pthread_attr_destroy(&attr);
		if (!ok) {
			rq->state = REQUEST_NEW;
			MHD_resume_connection(conn);
		}
	}
	if (!ok) {
		pthread_mutex_lock(&ctx->busy_lock);
		ctx->making--;
		pthread_mutex_unlock(&ctx->busy_lock);
	}
	return ok ? MHD_YES : MHD_NO;
}

static enum MHD_Result send_map(struct serve_ctx *ctx, struct MHD_Connection *conn, struct serve_request *rq,
			       enum serve_output what)
{
	struct serve_query *q = &rq->q;
	if (serve_query_parse(rq->query, q) < 0)
		return send_message(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "mapsheet: out of memory\n");
	char msg[sizeof q->bad.msg + 16];
	enum MHD_Result rc;
	if (q->bytes > SERVE_MAX_QUERY) {
		rc = send_message(conn, MHD_HTTP_URI_TOO_LONG, "mapsheet: the query is longer than 4096 bytes\n");
	} else if (q->n > SERVE_MAX_PARAMS) {
		snprintf(msg, sizeof msg, "mapsheet: %d parameters; the page takes at most %d\n", q->n, SERVE_MAX_PARAMS);
		rc = send_message(conn, MHD_HTTP_BAD_REQUEST, msg);
	} else if (q->failed) {
		snprintf(msg, sizeof msg, "mapsheet: %s\n", q->bad.msg);
		rc = send_message(conn, MHD_HTTP_BAD_REQUEST, msg);
	} else {
		int busy = 0;
		rq->ctx = ctx;
		rq->conn = conn;
		rq->what = what;
		if (start_making(ctx, conn, rq, &busy) == MHD_YES)
			return MHD_YES;     /* the query is the thread's now */
		rc = send_message(conn, MHD_HTTP_SERVICE_UNAVAILABLE,
				  busy ? "mapsheet: the server is busy with other requests; try again in a moment\n"
				       : "mapsheet: out of memory\n");
	}
	serve_query_free(q);
	return rc;
}

/* Sends the map made on its thread. */
static enum MHD_Result send_made(struct serve_ctx *ctx, struct MHD_Connection *conn, struct serve_request *rq)
{
	struct serve_answer *a = &rq->a;
	enum MHD_Result rc;
	rq->state = REQUEST_SENT;
	if (rq->made_rc < 0) {
		free(a->body);
		serve_budget_give(&ctx->budget, a->held);
		rc = send_message(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "mapsheet: out of memory\n");
	} else {
		rc = send_owned(conn, (unsigned)a->status, a->body, a->len, a->type, a->filename, a->run_ms, a->cpu_ms, ctx,
				a->held, a->remake);
	}
	free(a->remake);
	a->remake = NULL;
	return rc;
}

static enum MHD_Result route(struct serve_ctx *ctx, struct MHD_Connection *conn, const char *url,
			     struct serve_request *rq)
{
	if (strcmp(url, "/") == 0 || strcmp(url, "/index.html") == 0)
		return send_page_file(conn, serve_page_file(ctx, "index.html"));
	if (strncmp(url, "/static/", 8) == 0) {
		const struct serve_page_file *pf = serve_page_file(ctx, url + 8);
		if (pf)
			return send_page_file(conn, pf);
	}
	if (strcmp(url, "/options.json") == 0) {
		size_t len = 0;
		char *json = serve_options_json(ctx, &len);
		if (!json)
			return send_message(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "mapsheet: out of memory\n");
		return send_owned(conn, MHD_HTTP_OK, json, len, "application/json", NULL, -1, -1, NULL, 0, NULL);
	}
	static const struct {
		const char *path;
		enum serve_output what;
	} maps[] = { { "/map.svg", SERVE_PREVIEW }, { "/key.txt", SERVE_KEY }, { "/key.json", SERVE_KEY_JSON },
		     { "/remake", SERVE_REMAKE }, { "/download", SERVE_DOWNLOAD } };
	for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
		if (strcmp(url, maps[i].path) == 0)
			return send_map(ctx, conn, rq, maps[i].what);
	char msg[200];
	snprintf(msg, sizeof msg, "mapsheet: nothing at %.100s (the page is at /)\n", url);
	return send_message(conn, MHD_HTTP_NOT_FOUND, msg);
}

enum MHD_Result serve_http_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				   const char *version, const char *upload_data, size_t *upload_data_size,
				   void **req_cls)
{
	struct serve_ctx *ctx = cls;
	struct serve_request *rq = *req_cls;
	(void)version;
	(void)upload_data;
	if (!rq)
		return send_message(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "mapsheet: out of memory\n");
	if (!rq->started) {
		/* the first call, with the headers: counted until it completes */
		rq->started = 1;
		serve_guard_request(ctx, conn, 1);
		pthread_mutex_lock(&ctx->busy_lock);
		ctx->busy++;
		pthread_mutex_unlock(&ctx->busy_lock);
		if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
			struct MHD_Response *r = MHD_create_response_from_buffer(
				strlen("mapsheet: only GET and HEAD are answered\n"),
				(void *)"mapsheet: only GET and HEAD are answered\n", MHD_RESPMEM_PERSISTENT);
			if (!r)
				return MHD_NO;
			add_common_headers(r, "text/plain; charset=utf-8");
			MHD_add_response_header(r, "Allow", "GET, HEAD");
			enum MHD_Result rc = MHD_queue_response(conn, MHD_HTTP_METHOD_NOT_ALLOWED, r);
			MHD_destroy_response(r);
			return rc;
		}
		const char *length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
		const char *chunked = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Transfer-Encoding");
		if ((length && strcmp(length, "0") != 0) || chunked)
			return send_message(conn, MHD_HTTP_CONTENT_TOO_LARGE, "mapsheet: requests have no body\n");
		return MHD_YES;
	}
	if (*upload_data_size)
		return MHD_NO;
	if (rq->state == REQUEST_MAKING || rq->state == REQUEST_SENT)
		return MHD_YES;
	enum MHD_Result rc = rq->state == REQUEST_MADE ? send_made(ctx, conn, rq) : route(ctx, conn, url, rq);
	if (rc == MHD_YES && rq->state != REQUEST_MAKING)
		serve_guard_sending(ctx, conn);
	return rc;
}

void serve_http_completed(void *cls, struct MHD_Connection *conn, void **req_cls, enum MHD_RequestTerminationCode toe)
{
	struct serve_ctx *ctx = cls;
	struct serve_request *rq = *req_cls;
	(void)toe;
	*req_cls = NULL;
	serve_guard_request(ctx, conn, 0);
	if (rq && rq->state == REQUEST_MADE) {
		/* made, never sent */
		free(rq->a.body);
		free(rq->a.remake);
		serve_budget_give(&ctx->budget, rq->a.held);
	}
	if (rq && rq->started) {
		pthread_mutex_lock(&ctx->busy_lock);
		ctx->busy--;
		pthread_mutex_unlock(&ctx->busy_lock);
	}
	free(rq);
}
