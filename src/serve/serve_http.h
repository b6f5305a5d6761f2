/* serve_http.h: libmicrohttpd's callbacks for the local server
 * (serve_http.c); their cls is the struct serve_ctx. */
#ifndef MAPSHEET_SERVE_HTTP_H
#define MAPSHEET_SERVE_HTTP_H

#include "serve/serve_int.h"

#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/* The access handler: answers each request. */
enum MHD_Result serve_http_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
				   const char *version, const char *upload_data, size_t *upload_data_size,
				   void **req_cls);
/* The request's first line is in (MHD_OPTION_URI_LOG_CALLBACK): keeps its
 * query string as sent, the request's *req_cls until it completes (NULL
 * when out of memory). */
void *serve_http_uri(void *cls, const char *uri, struct MHD_Connection *conn);
/* Called when a request is done (answered or failed): no longer in flight. */
void serve_http_completed(void *cls, struct MHD_Connection *conn, void **req_cls,
			  enum MHD_RequestTerminationCode toe);

/* serve_guard.c: a connection opened or closed (MHD_OPTION_NOTIFY_CONNECTION). */
void serve_http_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			   enum MHD_ConnectionNotificationCode toe);
/* serve_guard.c: conn's request's headers are in (in 1), or its answer is
 * done (in 0): its header time starts again. */
void serve_guard_request(struct serve_ctx *ctx, struct MHD_Connection *conn, int in);
/* serve_guard.c: conn's answer is queued: its sending time starts. */
void serve_guard_sending(struct serve_ctx *ctx, struct MHD_Connection *conn);

#endif
