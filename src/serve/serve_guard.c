/* serve_guard.c: the time a request's headers may take in all. A
 * connection gets SERVE_HEADER_SECONDS from its opening, or from its last
 * answer, to send a whole request's headers; libmicrohttpd's own timeout
 * closes a connection silent for SERVE_IDLE_SECONDS but starts again at
 * every byte, so a client sending a line every few seconds would keep its
 * slot for ever. libmicrohttpd tells when a connection opens and closes
 * (MHD_OPTION_NOTIFY_CONNECTION) and when its headers are in (the first
 * call of the access handler); the server's main thread sweeps the table
 * a few times a second and shuts down the reading side of a connection
 * past its time: its thread reads what the client sent before that, then
 * the end, and libmicrohttpd closes it. A request that was in by then,
 * read or still in the system's buffer, is answered all the same: once
 * its headers are in, libmicrohttpd reads nothing more until it has sent
 * the answer. */
#include "serve/serve_http.h"

#include <sys/socket.h>
#include <time.h>

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int serve_guard_init(struct serve_guard *g)
{
	for (int i = 0; i < SERVE_CONNECTIONS; i++)
		g->conns[i] = (struct serve_conn){ .fd = -1 };
	return pthread_mutex_init(&g->lock, NULL) == 0 ? 0 : -1;
}

void serve_guard_destroy(struct serve_guard *g)
{
	pthread_mutex_destroy(&g->lock);
}

void serve_http_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			   enum MHD_ConnectionNotificationCode toe)
{
	struct serve_guard *g = &((struct serve_ctx *)cls)->guard;
	pthread_mutex_lock(&g->lock);
	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		/* libmicrohttpd opens no more than SERVE_CONNECTIONS; one it
		 * could not place here is left to its idle timeout */
		const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		for (int i = 0; info && i < SERVE_CONNECTIONS; i++) {
			if (g->conns[i].fd < 0) {
				g->conns[i] = (struct serve_conn){ .fd = info->connect_fd, .since = now_seconds() };
				*socket_context = &g->conns[i];
				break;
			}
		}
	} else if (*socket_context) {
		/* before libmicrohttpd closes the socket: never shut down
		 * once its number may be another's */
		((struct serve_conn *)*socket_context)->fd = -1;
		*socket_context = NULL;
	}
	pthread_mutex_unlock(&g->lock);
}

void serve_guard_request(struct serve_ctx *ctx, struct MHD_Connection *conn, int in)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	if (!info || !info->socket_context)
		return;
	struct serve_conn *sc = info->socket_context;
	pthread_mutex_lock(&ctx->guard.lock);
	sc->in_request = in;
	/* answered: the next request's headers have their time from now */
	if (!in)
		sc->since = now_seconds();
	pthread_mutex_unlock(&ctx->guard.lock);
}

int serve_guard_sweep(struct serve_guard *g)
{
	int cut = 0;
	double now = now_seconds();
	pthread_mutex_lock(&g->lock);
	for (int i = 0; i < SERVE_CONNECTIONS; i++) {
		struct serve_conn *sc = &g->conns[i];
		if (sc->fd < 0 || sc->in_request || sc->cut || now - sc->since <= SERVE_HEADER_SECONDS)
			continue;
		/* the reading side only: the connection can still be answered
		 * (its thread wakes, reads the bytes sent before, then the end) */
		if (shutdown(sc->fd, SHUT_RD) == 0) {
			sc->cut = 1;
			cut++;
		}
	}
	pthread_mutex_unlock(&g->lock);
	return cut;
}
