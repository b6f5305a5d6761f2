/* bench_serve.c: the server rows of `make bench`: `mapsheet serve` started
 * once, warmed with a few requests, then previews (GET /map.svg) of 30
 * and of 1,000 rooms, each with its own seed, timed by the server itself
 * (its Server-Timing header: wall time and the CPU time of the thread that
 * made it, from the query parsed to the SVG in memory). */
#include "bench.h"
#include "httpget.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SERVE_WARM 8
#define SERVE_SMALL 21
#define SERVE_LARGE 5

/* One preview; run and cpu in ms from the header. Returns 0 or -1. */
static int timed_get(int port, const char *path, double *run, double *cpu)
{
	struct http_reply r;
	char timing[100];
	int ok = http_get(port, path, &r) == 0 && r.status == 200 &&
		 http_header(&r, "Server-Timing", timing, sizeof timing) &&
		 sscanf(timing, "run;dur=%lf, cpu;dur=%lf", run, cpu) == 2;
	http_reply_free(&r);
	return ok ? 0 : -1;
}

/* One row; returns 0, or -1 when a request failed. */
static int serve_row(int port, const char *what, const char *query, int n, double target_ms)
{
	double run[32], cpu[32];
	for (int i = 0; i < n; i++) {
		char path[300];
		snprintf(path, sizeof path, "/map.svg?seed=bench-%d&%s", i, query);
		if (timed_get(port, path, &run[i], &cpu[i]) < 0) {
			printf("%-44s failed (no 200 with its Server-Timing)\n", what);
			return -1;
		}
	}
	double mn = run[0], mx = run[0];
	for (int i = 1; i < n; i++) {
		mn = run[i] < mn ? run[i] : mn;
		mx = run[i] > mx ? run[i] : mx;
	}
	double med = bench_median(run, n), med_cpu = bench_median(cpu, n);
	printf("%-44s %9.1f %9.1f %9.1f %9.1f %9.0f %s\n", what, med, mn, mx, med_cpu, target_ms,
	       med <= target_ms ? "ok" : "OVER");
	return 0;
}

int bench_serve(const char *mapsheet)
{
	struct served s;
	setenv("MAPSHEET_BIN", mapsheet, 1);
	if (served_start(&s, NULL) < 0) {
		printf("Server: %s serve did not start\n\n", mapsheet);
		return 1;
	}
	double run, cpu;
	for (int i = 0; i < SERVE_WARM; i++)
		timed_get(s.port, "/map.svg?seed=warm&rooms=30", &run, &cpu);
	printf("Server (%s serve; time the server took, from its Server-Timing header)\n", mapsheet);
	printf("%-44s %9s %9s %9s %9s %9s\n", "request", "median ms", "min ms", "max ms", "cpu ms", "target ms");
	int failed = 0;
	failed += serve_row(s.port, "30-room preview (/map.svg?rooms=30)", "rooms=30", SERVE_SMALL, 50) < 0;
	failed += serve_row(s.port, "1,000-room preview (rooms=1000, 24x36in)", "rooms=1000&paper=24x36in", SERVE_LARGE,
			    500) < 0;
	if (served_stop(&s) != 0) {
		printf("the server did not exit 0 on SIGTERM\n");
		failed++;
	}
	printf("\n");
	return failed;
}
