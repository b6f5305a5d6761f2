/* bench_gen.c: the generation half of `make bench`. For every method, at
 * about 30, 1,000 and 10,000 rooms, it generates maps with different seeds
 * and reports the median, min and max time per map and per room, the growth
 * factor when the room count grows tenfold, and the peak memory (measured in
 * a child process per size, so sizes do not mask each other). */
#include "bench.h"

#include "methods/gen.h"
#include "model/key.h"
#include "base/mem.h"

#include <math.h>
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
	{ 1000, 380, 380, 21 },     /* the 10,000-room grid's 144 squares a room */
	{ 10000, 1200, 1200, 11 },
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

/* The grid a size is generated on: the house is sized by its plan alone
 * (its own fit for the room count), the others by the size's grid or
 * their own fit. */
static void grid_for(const struct method *meth, const struct bench_size *sz, int *w, int *h)
{
	int own_plan = strcmp(meth->name, "house") == 0;
	*w = own_plan ? 0 : sz->w;
	*h = own_plan ? 0 : sz->h;
	if (!*w && meth->fit_size)
		meth->fit_size(sz->rooms, w, h);
	if (!*w) {
		*w = 1200;
		*h = 1200;
	}
}

/* Generates one map; returns its room count (keyed regions) or -1. */
static int generate_once(const struct method *meth, const struct bench_size *sz, int seed, double *seconds,
			 double *cpu)
{
	struct gen_params p;
	struct map m;
	struct rng rng;
	struct err e;
	char text[32];
	gen_params_default(&p);
	p.rooms = sz->rooms;
	grid_for(meth, sz, &p.w, &p.h);
	p.template_dirs = bench_template_dirs();
	snprintf(text, sizeof text, "bench-%d", seed);
	rng_seed_text(&rng, text, 1);
	double t0 = bench_now(), c0 = bench_cpu_now();
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
	*cpu = bench_cpu_now() - c0;
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
 * KiB/median CPU time through a pipe. */
static int measure(const struct method *meth, const struct bench_size *sz, double out[6])
{
	int fds[2];
	if (pipe(fds) < 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		close(fds[0]);
		double t[64], cpu[64], secs;
		int n = sz->repeats < 64 ? sz->repeats : 64, rooms = 0, w, h;
		/* the memory a mapsheet run of this size maps in before it starts */
		grid_for(meth, sz, &w, &h);
		mem_map_ahead(mem_run_estimate(1, w, h, sz->rooms, 0));
		for (int i = 0; i < n; i++) {
			rooms = generate_once(meth, sz, i, &secs, &cpu[i]);
			if (rooms < 0)
				_exit(1);
			t[i] = secs;
		}
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		double res[6] = { 0, t[0], t[0], (double)rooms, (double)ru.ru_maxrss, bench_median(cpu, n) };
		for (int i = 0; i < n; i++) {
			res[1] = t[i] < res[1] ? t[i] : res[1];
			res[2] = t[i] > res[2] ? t[i] : res[2];
		}
		res[0] = bench_median(t, n);
		ssize_t wrote = write(fds[1], res, sizeof res);
		_exit(wrote == (ssize_t)sizeof res ? 0 : 1);
	}
	close(fds[1]);
	ssize_t got = read(fds[0], out, 6 * sizeof *out);
	close(fds[0]);
	int status;
	waitpid(pid, &status, 0);
	return got == (ssize_t)(6 * sizeof *out) && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int bench_generation(const char *only_method)
{
	int failed = 0;
	printf("Generation (median of repeated runs, each size in its own process; wall time, cpu ms: the\n"
	       "median CPU time of the thread, which other load on the machine inflates less)\n");
	printf("%-8s %7s %10s %10s %10s %10s %10s %9s %8s %7s\n", "method", "rooms", "median ms", "min ms", "max ms",
	       "cpu ms", "us/room", "peak MiB", "x10 cost", "<0.1 s");
	for (int i = 0; method_table[i]; i++) {
		if (only_method && strcmp(only_method, method_table[i]->name) != 0)
			continue;
		double prev = 0, prev_rooms = 0;
		for (int s = 0; s < NSIZES; s++) {
			double r[6];
			if (measure(method_table[i], &sizes[s], r) < 0) {
				printf("%-8s %7d   failed\n", method_table[i]->name, sizes[s].rooms);
				failed++;
				prev = 0;
				continue;
			}
			char growth[16] = "";
			/* per tenfold rooms (30 -> 1,000 is 33 times the rooms), from
			 * the CPU times: wall times on a shared machine jitter too much */
			if (prev > 0 && prev_rooms > 0 && r[3] > prev_rooms)
				snprintf(growth, sizeof growth, "%.1f", pow(r[5] / prev, 1 / log10(r[3] / prev_rooms)));
			printf("%-8s %7.0f %10.3f %10.3f %10.3f %10.3f %10.2f %9.1f %8s %7s\n", method_table[i]->name, r[3],
			       r[0] * 1e3, r[1] * 1e3, r[2] * 1e3, r[5] * 1e3, r[3] > 0 ? r[0] * 1e6 / r[3] : 0,
			       r[4] / 1024.0, growth, r[3] < 5000 ? "" : r[0] < 0.1 ? "ok" : "OVER");
			prev = r[5];
			prev_rooms = r[3];
		}
	}
	printf("(x10 cost: how the CPU time grows per tenfold rooms from the size before: 10 is linear, 15 the\n"
	       " most allowed; from 30 rooms fixed costs make it low. <0.1 s: the median wall time)\n\n");
	return failed;
}
