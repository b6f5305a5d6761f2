/* bench_gen.c: the generation half of `make bench`. For every method, at
 * about 30, 1,000 and 10,000 rooms, it generates maps with different seeds
 * and reports the median, min and max time per map and per room, the growth
 * factor when the room count grows tenfold, and the peak memory (measured in
 * a child process per size, so sizes do not mask each other). */
#include "bench.h"

#include "gen.h"
#include "key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

struct bench_size {
	int rooms;
	int w, h;           /* 0: the method's fit_size */
	int repeats;
};

static const struct bench_size sizes[] = {
	{ 30, 0, 0, 41 },
	{ 1000, 0, 0, 11 },
	{ 10000, 1200, 1200, 5 },
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* Generates one map; returns its room count (keyed regions) or -1. */
static int generate_once(const struct method *meth, const struct bench_size *sz, int seed, double *seconds)
{
	struct gen_params p;
	struct map m;
	struct rng rng;
	struct err e;
	char text[32];
	gen_params_default(&p);
	p.rooms = sz->rooms;
	p.w = sz->w;
	p.h = sz->h;
	if (!p.w && meth->fit_size)
		meth->fit_size(sz->rooms, &p.w, &p.h);
	if (!p.w) {
		p.w = 1200;
		p.h = 1200;
	}
	p.template_dirs = bench_template_dirs();
	snprintf(text, sizeof text, "bench-%d", seed);
	rng_seed_text(&rng, text, 1);
	double t0 = bench_now();
	if (map_init(&m, p.w, p.h, &e) < 0)
		return -1;
	m.square_feet = meth->square_feet;
	m.method = meth->name;
	int rc = meth->generate(&m, &p, &rng, NULL, &e);
	if (rc == 0) {
		map_recount(&m);
		rc = key_number(&m, KEY_NUMBER_ENTRANCE, &e);
	}
	*seconds = bench_now() - t0;
	int rooms = 0;
	for (int id = 1; id <= m.nregions; id++)
		rooms += region_is_keyed(m.regions[id].kind);
	map_free(&m);
	if (rc < 0) {
		fprintf(stderr, "bench: %s at %d rooms: %s\n", meth->name, sz->rooms, e.msg);
		return -1;
	}
	return rooms;
}

/* Runs one method at one size in a child; writes median/min/max/rooms/peak
 * KiB through a pipe. */
static int measure(const struct method *meth, const struct bench_size *sz, double out[5])
{
	int fds[2];
	if (pipe(fds) < 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(fds[0]);
		double t[64], secs;
		int n = sz->repeats < 64 ? sz->repeats : 64, rooms = 0;
		for (int i = 0; i < n; i++) {
			rooms = generate_once(meth, sz, i, &secs);
			if (rooms < 0)
				_exit(1);
			t[i] = secs;
		}
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		double res[5] = { bench_median(t, n), t[0], t[0], (double)rooms, (double)ru.ru_maxrss };
		for (int i = 0; i < n; i++) {
			res[1] = t[i] < res[1] ? t[i] : res[1];
			res[2] = t[i] > res[2] ? t[i] : res[2];
		}
		ssize_t wrote = write(fds[1], res, sizeof res);
		_exit(wrote == (ssize_t)sizeof res ? 0 : 1);
	}
	close(fds[1]);
	ssize_t got = read(fds[0], out, 5 * sizeof *out);
	close(fds[0]);
	int status;
	waitpid(pid, &status, 0);
	return got == (ssize_t)(5 * sizeof *out) && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

void bench_generation(void)
{
	printf("Generation (median of repeated runs, each size in its own process)\n");
	printf("%-8s %7s %10s %10s %10s %10s %9s %8s\n", "method", "rooms", "median ms", "min ms", "max ms",
	       "us/room", "peak MiB", "x10 cost");
	for (int i = 0; method_table[i]; i++) {
		double prev = 0;
		for (int s = 0; s < NSIZES; s++) {
			double r[5];
			if (measure(method_table[i], &sizes[s], r) < 0) {
				printf("%-8s %7d   failed\n", method_table[i]->name, sizes[s].rooms);
				prev = 0;
				continue;
			}
			char growth[16] = "";
			if (prev > 0)
				snprintf(growth, sizeof growth, "%.1f", r[0] / prev);
			printf("%-8s %7.0f %10.3f %10.3f %10.3f %10.2f %9.1f %8s\n", method_table[i]->name, r[3],
			       r[0] * 1e3, r[1] * 1e3, r[2] * 1e3, r[3] > 0 ? r[0] * 1e6 / r[3] : 0, r[4] / 1024.0,
			       growth);
			prev = r[0];
		}
	}
	printf("(x10 cost: time at this size over time at the size before, about 10x the rooms)\n\n");
}
