/* serve_budget.c: the memory the server spends on the requests in flight,
 * shared by its threads. A request takes its estimated peak
 * (serve_cost.c) before it is made, waiting a little for others to give
 * theirs back, and gives it back once made, all but its answer's bytes,
 * which are given back when the answer has been sent and freed. */
#include "serve/serve_int.h"

#include <time.h>

int serve_budget_init(struct serve_budget *b, size_t total)
{
	b->total = total;
	b->used = 0;
	pthread_condattr_t attr;
	if (pthread_condattr_init(&attr) != 0)
		return -1;
	int rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	if (rc == 0 && (rc = pthread_cond_init(&b->freed, &attr)) == 0 &&
	    (rc = pthread_mutex_init(&b->lock, NULL)) != 0)
		pthread_cond_destroy(&b->freed);
	pthread_condattr_destroy(&attr);
	return rc == 0 ? 0 : -1;
}

void serve_budget_destroy(struct serve_budget *b)
{
	pthread_cond_destroy(&b->freed);
	pthread_mutex_destroy(&b->lock);
}

int serve_budget_take(struct serve_budget *b, size_t bytes, double wait_seconds)
{
	struct timespec until;
	clock_gettime(CLOCK_MONOTONIC, &until);
	long long ns = until.tv_nsec + (long long)(wait_seconds * 1e9);
	until.tv_sec += (time_t)(ns / 1000000000);
	until.tv_nsec = (long)(ns % 1000000000);
	int rc = 0;
	pthread_mutex_lock(&b->lock);
	/* each pass waits for a give or the time; the time ends it */
	while (bytes > b->total - b->used && rc == 0)
		rc = pthread_cond_timedwait(&b->freed, &b->lock, &until);
	int taken = bytes <= b->total - b->used;
	if (taken)
		b->used += bytes;
	pthread_mutex_unlock(&b->lock);
	return taken ? 0 : -1;
}

void serve_budget_give(struct serve_budget *b, size_t bytes)
{
	if (bytes == 0)
		return;
	pthread_mutex_lock(&b->lock);
	b->used -= bytes < b->used ? bytes : b->used;
	pthread_cond_broadcast(&b->freed);
	pthread_mutex_unlock(&b->lock);
}
