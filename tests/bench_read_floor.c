/* bench_read_floor.c: the floor under reading a map back (issue 20):
 * jansson parsing the map file and freeing what it built, alone, with the
 * flags and allocator settings the reader uses (src/read/read_map.c, src/base/mem.c).
 * No reader of this file can cost less than that, whatever it does after.
 * The parses run one after another in one process: the first faults in
 * the pages of jansson's values (80 MB for 10,000 rooms), the others reuse
 * them, so the median is jansson's own work and the max about what a
 * fresh run of mapsheet pays for it. bench_parse_file is the same once,
 * the whole of a fresh process (`bench --parse FILE`), the floor of the
 * read row. */
#include "bench.h"

#include "base/mem.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define FLOOR_REPEATS 7

/* The file's bytes, or NULL. */
static char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (size > 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)size))) {
		if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	*len = size > 0 ? (size_t)size : 0;
	return buf;
}

int bench_parse_file(const char *path)
{
	mem_configure_run();
	size_t len;
	char *text = read_whole(path, &len);
	if (!text)
		return 1;
	mem_bulk_frees(1);
	json_error_t je;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (root)
		json_decref(root);
	mem_bulk_frees(0);
	free(text);
	return root ? 0 : 1;
}

/* In a child, as a mapsheet run would be: median, min and max wall time
 * and median CPU time of parsing and freeing, through a pipe. */
int bench_jansson_floor(const char *path, double out[4])
{
	int fds[2];
	if (pipe(fds) < 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		mem_configure_run();
		size_t len;
		char *text = read_whole(path, &len);
		if (!text)
			_exit(1);
		double t[FLOOR_REPEATS], cpu[FLOOR_REPEATS];
		for (int i = 0; i < FLOOR_REPEATS; i++) {
			double t0 = bench_now(), c0 = bench_cpu_now();
			mem_bulk_frees(1);
			json_error_t je;
			json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
			if (!root)
				_exit(1);
			json_decref(root);
			mem_bulk_frees(0);
			t[i] = bench_now() - t0;
			cpu[i] = bench_cpu_now() - c0;
		}
		free(text);
		double res[4] = { 0, t[0], t[0], 0 };
		for (int i = 1; i < FLOOR_REPEATS; i++) {
			res[1] = t[i] < res[1] ? t[i] : res[1];
			res[2] = t[i] > res[2] ? t[i] : res[2];
		}
		res[0] = bench_median(t, FLOOR_REPEATS);
		res[3] = bench_median(cpu, FLOOR_REPEATS);
		ssize_t wrote = write(fds[1], res, sizeof res);
		_exit(wrote == (ssize_t)sizeof res ? 0 : 1);
	}
	close(fds[1]);
	ssize_t got = read(fds[0], out, 4 * sizeof *out);
	close(fds[0]);
	int status;
	waitpid(pid, &status, 0);
	return got == (ssize_t)(4 * sizeof *out) && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}
