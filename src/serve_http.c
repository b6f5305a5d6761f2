/* serve_http.c: the local server's answers to HTTP requests, called by
 * libmicrohttpd's threads: the page and its files, the option tables, and
 * the maps (preview, key, remake line, downloads); anything else is 404,
 * any method but GET and HEAD 405, a request with a body 413. */
#include "serve_http.h"

#include <stdlib.h>
#include <string.h>

/* The query's parameters, in the order given (libmicrohttpd's strings,
 * valid for the request). */
struct params {
	const char *names[SERVE_MAX_PARAMS + 1];
	const char *values[SERVE_MAX_PARAMS + 1];
	int n;
	size_t bytes;
};

static enum MHD_Result collect_param(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
	struct params *p = cls;
	(void)kind;
	p->bytes += strlen(key) + (value ? strlen(value) + 1 : 0) + 1;
	if (p->n <= SERVE_MAX_PARAMS) {
		p->names[p->n] = key;
		p->values[p->n] = value;
	}
	p->n++;
	return MHD_YES;
}

static void add_common_headers(struct MHD_Response *r, const char *type)
{
	MHD_add_response_header(r, "Content-Type", type);
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
}

/* Queues body (malloc'd, taken whatever happens). */
static enum MHD_Result send_owned(struct MHD_Connection *conn, unsigned status, char *body, size_t len,
				  const char *type, const char *filename, double run_ms, double cpu_ms)
{
	struct MHD_Response *r = MHD_create_response_from_buffer_with_free_callback(len, body, free);
	if (!r) {
		free(body);
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
	return send_owned(conn, status, body, len, "text/plain; charset=utf-8", NULL, -1, -1);
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

static enum MHD_Result send_map(struct serve_ctx *ctx, struct MHD_Connection *conn, enum serve_output what)
{
	struct params p = { .n = 0 };
	MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_param, &p);
	if (p.bytes > SERVE_MAX_QUERY)
		return send_message(conn, MHD_HTTP_URI_TOO_LONG, "mapsheet: the query is longer than 4096 bytes\n");
	if (p.n > SERVE_MAX_PARAMS) {
		char msg[120];
		snprintf(msg, sizeof msg, "mapsheet: %d parameters; the page takes at most %d\n", p.n, SERVE_MAX_PARAMS);
		return send_message(conn, MHD_HTTP_BAD_REQUEST, msg);
	}
	struct serve_answer a;
	if (serve_make(ctx, what, p.names, p.values, p.n, &a) < 0) {
		free(a.body);
		return send_message(conn, MHD_HTTP_INTERNAL_SERVER_ERROR, "mapsheet: out of memory\n");
	}
	return send_owned(conn, (unsigned)a.status, a.body, a.len, a.type, a.filename, a.run_ms, a.cpu_ms);
}

static enum MHD_Result route(struct serve_ctx *ctx, struct MHD_Connection *conn, const char *url)
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
		return send_owned(conn, MHD_HTTP_OK, json, len, "application/json", NULL, -1, -1);
	}
	static const struct {
		const char *path;
		enum serve_output what;
	} maps[] = { { "/map.svg", SERVE_PREVIEW }, { "/key.txt", SERVE_KEY }, { "/remake", SERVE_REMAKE },
		     { "/download", SERVE_DOWNLOAD } };
	for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
		if (strcmp(url, maps[i].path) == 0)
			return send_map(ctx, conn, maps[i].what);
	char msg[200];
	snprintf(msg, sizeof msg, "mapsheet: nothing at %.100s (the page is at /)\n", url);
	return send_message(conn, MHD_HTTP_NOT_FOUND, msg);
}

enum MHD_Result serve_http_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				   const char *version, const char *upload_data, size_t *upload_data_size,
				   void **req_cls)
{
	struct serve_ctx *ctx = cls;
	(void)version;
	(void)upload_data;
	if (!*req_cls) {
		/* the first call, with the headers: counted until it completes */
		*req_cls = ctx;
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
	return route(ctx, conn, url);
}

void serve_http_completed(void *cls, struct MHD_Connection *conn, void **req_cls, enum MHD_RequestTerminationCode toe)
{
	struct serve_ctx *ctx = cls;
	(void)toe;
	if (!*req_cls)
		return;
	*req_cls = NULL;
	serve_guard_request(ctx, conn, 0);
	pthread_mutex_lock(&ctx->busy_lock);
	ctx->busy--;
	pthread_mutex_unlock(&ctx->busy_lock);
}
