/* bench_read_floor.c: the floor under reading a map back (issues 20, 45):
 * jansson parsing the map file and freeing what it built, alone, with the
 * flags and allocator settings the reader uses (src/read/read_map.c,
 * src/base/mem.c). No reader of this file can cost less than that,
 * whatever it does after. bench_reader_vs_parser times the reader itself
 * (read_map_file: the file read, parsed and made into levels, then freed)
 * against that floor, alternately in one child: the first of each faults
 * in the pages of jansson's values (80 MB for 10,000 rooms), the others
 * reuse them, so the medians are the work itself. bench_parse_file is the
 * parse once, the whole of a fresh process (`bench --parse FILE`), shown
 * beside the read command. */
#include "bench.h"

#include "base/mem.h"
#include "read/read_map.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Parsing and freeing once, as the floor: the file read whole each time,
 * as the reader reads it. Returns 0 or -1. */
static int parse_once(const char *path)
{
	size_t len;
	char *text = read_whole(path, &len);
	if (!text)
		return -1;
	mem_bulk_frees(1);
	json_error_t je;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (root)
		json_decref(root);
	mem_bulk_frees(0);
	free(text);
	return root ? 0 : -1;
}

static int read_once(const char *path)
{
	struct read_json_doc doc;
	struct err e;
	if (read_map_file(path, INPUT_AUTO, &doc, NULL, &e) < 0)
		return -1;
	read_json_doc_free(&doc);
	return 0;
}

int bench_reader_vs_parser(const char *path, int repeats, double out[4])
{
	int fds[2];
	if (repeats > 64)
		repeats = 64;
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
		double rw[64], rc[64], pw[64], pc[64];
		for (int i = 0; i < repeats; i++) {
			double t0 = bench_now(), c0 = bench_cpu_now();
			if (read_once(path) < 0)
				_exit(1);
			rw[i] = bench_now() - t0;
			rc[i] = bench_cpu_now() - c0;
			t0 = bench_now();
			c0 = bench_cpu_now();
			if (parse_once(path) < 0)
				_exit(1);
			pw[i] = bench_now() - t0;
			pc[i] = bench_cpu_now() - c0;
		}
		double res[4] = { bench_median(rw, repeats), bench_median(pw, repeats), bench_median(rc, repeats),
				  bench_median(pc, repeats) };
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
