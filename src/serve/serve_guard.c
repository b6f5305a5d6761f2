/* serve_guard.c: the time a request's headers may take in all, and the
 * time its answer may take to be sent. A connection gets header_seconds
 * from its opening, or from its last answer, to send a whole request's
 * headers; libmicrohttpd's own timeout closes a connection silent for
 * SERVE_IDLE_SECONDS but starts again at every byte, so a client sending
 * a line every few seconds would keep its slot for ever. Likewise a client
 * reading its answer a few bytes at a time would keep the answer, and its
 * share of the memory budget, for ever: an answer gets send_seconds from
 * being queued. libmicrohttpd tells when a connection opens and closes
 * (MHD_OPTION_NOTIFY_CONNECTION), when its headers are in (the first call
 * of the access handler) and when its answer is queued; the server's main
 * thread sweeps the table a few times a second. A connection past its
 * header time has its reading side shut down: libmicrohttpd reads what
 * the client sent before that, then the end, and closes it (a request
 * that was in by then is answered all the same: once its headers are in,
 * libmicrohttpd reads nothing more until it has sent the answer). One
 * past its sending time is shut down both ways: the next write fails,
 * libmicrohttpd closes it and frees the answer, which gives its memory
 * back. The table holds an entry for each connection the server may
 * hold, the free ones in a list. */
#include "serve/serve_http.h"

#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int serve_guard_init(struct serve_guard *g, int nconns, double header_seconds, double send_seconds)
{
	g->conns = malloc((size_t)nconns * sizeof *g->conns);
	if (!g->conns)
		return -1;
	for (int i = 0; i < nconns; i++)
		g->conns[i] = (struct serve_conn){ .fd = -1, .next_free = i + 1 < nconns ? i + 1 : -1 };
	g->nconns = nconns;
	g->free_head = nconns > 0 ? 0 : -1;
	g->header_seconds = header_seconds;
	g->send_seconds = send_seconds;
	if (pthread_mutex_init(&g->lock, NULL) != 0) {
		free(g->conns);
		g->conns = NULL;
		return -1;
	}
	return 0;
}

void serve_guard_destroy(struct serve_guard *g)
{
	pthread_mutex_destroy(&g->lock);
	free(g->conns);
	g->conns = NULL;
}

void serve_http_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
			   enum MHD_ConnectionNotificationCode toe)
{
	struct serve_guard *g = &((struct serve_ctx *)cls)->guard;
	pthread_mutex_lock(&g->lock);
	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		/* libmicrohttpd opens no more than the table holds; one it could
		 * not place here is left to its idle timeout */
		const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (info && g->free_head >= 0) {
			struct serve_conn *sc = &g->conns[g->free_head];
			g->free_head = sc->next_free;
			*sc = (struct serve_conn){ .fd = info->connect_fd, .since = now_seconds(), .next_free = -1 };
			*socket_context = sc;
		}
	} else if (*socket_context) {
		/* before libmicrohttpd closes the socket: never shut down
		 * once its number may be another's */
		struct serve_conn *sc = *socket_context;
		sc->fd = -1;
		sc->next_free = g->free_head;
		g->free_head = (int)(sc - g->conns);
		*socket_context = NULL;
	}
	pthread_mutex_unlock(&g->lock);
}

/* conn's entry, or NULL. */
static struct serve_conn *conn_entry(struct MHD_Connection *conn)
{
	const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return info ? info->socket_context : NULL;
}

void serve_guard_request(struct serve_ctx *ctx, struct MHD_Connection *conn, int in)
{
	struct serve_conn *sc = conn_entry(conn);
	if (!sc)
		return;
	pthread_mutex_lock(&ctx->guard.lock);
	sc->in_request = in;
	sc->sending = 0;
	/* answered: the next request's headers have their time from now */
	if (!in)
		sc->since = now_seconds();
	pthread_mutex_unlock(&ctx->guard.lock);
}

void serve_guard_sending(struct serve_ctx *ctx, struct MHD_Connection *conn)
{
	struct serve_conn *sc = conn_entry(conn);
	if (!sc)
		return;
	pthread_mutex_lock(&ctx->guard.lock);
	sc->sending = 1;
	sc->since = now_seconds();
	pthread_mutex_unlock(&ctx->guard.lock);
}

int serve_guard_sweep(struct serve_guard *g)
{
	int cut = 0;
	double now = now_seconds();
	pthread_mutex_lock(&g->lock);
	for (int i = 0; i < g->nconns; i++) {
		struct serve_conn *sc = &g->conns[i];
		if (sc->fd < 0 || sc->cut)
			continue;
		if (sc->sending && now - sc->since > g->send_seconds) {
			/* both sides: the answer is dropped, its memory given back */
			if (shutdown(sc->fd, SHUT_RDWR) == 0) {
				sc->cut = 1;
				cut++;
			}
		} else if (!sc->in_request && now - sc->since > g->header_seconds) {
			/* the reading side only: the connection can still be
			 * answered (its thread reads the bytes sent before, then
			 * the end) */
			if (shutdown(sc->fd, SHUT_RD) == 0) {
				sc->cut = 1;
				cut++;
			}
		}
	}
	pthread_mutex_unlock(&g->lock);
	return cut;
}
