/* check_layers.c: the folders of src/ and render/ keep their layering
 * (src/README.md): a file includes only headers of its own folder or of a
 * folder below it, a method's folder none of another method's, and the
 * include graph between files (a .c and its .h counted as one) has no
 * cycle. The checker is also run on a small tree made here, so that a
 * breach it should see is seen. */
#include "testutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folders from the bottom up; a file may include its own folder's
 * headers and those of any folder listed before its own. */
static const char *const layers[] = {
	"src/base", "src/template", "src/model", "src/names", "src/methods", "src/read", "src/site",
	"src/stock", "src/export", "render", "src/cli", "src/app", "src/serve", "src",
};
#define NLAYERS (int)(sizeof layers / sizeof layers[0])

#define MAX_UNITS 1024
#define MAX_EDGES 8192

struct graph {
	char *unit[MAX_UNITS];  /* a path without its .c or .h */
	int nunits;
	int from[MAX_EDGES], to[MAX_EDGES];
	int nedges;
	char breaches[8192];    /* one line a breach */
};

static void note(struct graph *g, const char *fmt, const char *a, const char *b)
{
	size_t used = strlen(g->breaches);
	snprintf(g->breaches + used, sizeof g->breaches - used, fmt, a, b);
}

static int unit_index(struct graph *g, const char *path)
{
	char u[512];
	snprintf(u, sizeof u, "%s", path);
	char *dot = strrchr(u, '.');
	if (dot)
		*dot = '\0';
	for (int i = 0; i < g->nunits; i++)
		if (!strcmp(g->unit[i], u))
			return i;
	ck_assert_int_lt(g->nunits, MAX_UNITS);
	g->unit[g->nunits] = strdup(u);
	ck_assert_ptr_nonnull(g->unit[g->nunits]);
	return g->nunits++;
}

/* The layer a file belongs to: the longest listed folder that holds it. */
static int layer_of(const char *path)
{
	int best = -1;
	size_t best_len = 0;
	for (int i = 0; i < NLAYERS; i++) {
		size_t n = strlen(layers[i]);
		if (!strncmp(path, layers[i], n) && path[n] == '/' && n > best_len) {
			best = i;
			best_len = n;
		}
	}
	return best;
}

/* "src/methods/dice" for a file in a method's own folder, else NULL. */
static int method_folder(const char *path, char *out, size_t size)
{
	const char *p = "src/methods/";
	if (strncmp(path, p, strlen(p)))
		return 0;
	const char *slash = strchr(path + strlen(p), '/');
	if (!slash)
		return 0;
	snprintf(out, size, "%.*s", (int)(slash - path), path);
	return 1;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The file an include names: beside the includer, else under src/ or
 * render/ (the build's -I folders). 0 when it is none of the project's. */
static int resolve(const char *root, const char *file, const char *name, char *out, size_t size)
{
	char dir[1024], full[2048];
	snprintf(dir, sizeof dir, "%s", file);
	char *slash = strrchr(dir, '/');
	*slash = '\0';
	const char *bases[] = { dir, "src", "render" };
	for (int i = 0; i < 3; i++) {
		snprintf(out, size, "%s/%s", bases[i], name);
		snprintf(full, sizeof full, "%s/%s", root, out);
		if (exists(full))
			return 1;
	}
	return 0;
}

static void check_include(struct graph *g, const char *file, const char *target)
{
	int lf = layer_of(file), lt = layer_of(target);
	char mf[256], mt[256];
	if (lt > lf)
		note(g, "%s includes %s, a folder above its own\n", file, target);
	else if (method_folder(file, mf, sizeof mf) && method_folder(target, mt, sizeof mt) && strcmp(mf, mt))
		note(g, "%s includes %s, another method's\n", file, target);
	int a = unit_index(g, file), b = unit_index(g, target);
	if (a != b) {
		ck_assert_int_lt(g->nedges, MAX_EDGES);
		g->from[g->nedges] = a;
		g->to[g->nedges++] = b;
	}
}

static void read_includes(struct graph *g, const char *root, const char *file)
{
	char full[2048], line[1024], name[512], target[1024];
	snprintf(full, sizeof full, "%s/%s", root, file);
	FILE *f = fopen(full, "r");
	ck_assert_msg(f != NULL, "cannot open %s", full);
	while (fgets(line, sizeof line, f))
		if (sscanf(line, " # include \"%511[^\"]\"", name) == 1 &&
		    resolve(root, file, name, target, sizeof target))
			check_include(g, file, target);
	fclose(f);
}

static void walk(struct graph *g, const char *root, const char *folder)
{
	char full[2048], path[1024];
	snprintf(full, sizeof full, "%s/%s", root, folder);
	DIR *d = opendir(full);
	ck_assert_msg(d != NULL, "cannot open %s", full);
	struct dirent *ent;
	while ((ent = readdir(d))) {
		const char *n = ent->d_name;
		if (n[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", folder, n);
		size_t len = strlen(n);
		if (len > 2 && (!strcmp(n + len - 2, ".c") || !strcmp(n + len - 2, ".h")))
			read_includes(g, root, path);
		else {
			struct stat st;
			snprintf(full, sizeof full, "%s/%s", root, path);
			if (stat(full, &st) == 0 && S_ISDIR(st.st_mode))
				walk(g, root, path);
		}
	}
	closedir(d);
}

/* Depth-first search; each edge back to a file on the current path closes
 * a cycle, whose units are written to breaches. */
static void cycles_from(struct graph *g, int v, char *state, int *stack, int depth)
{
	state[v] = 1;
	stack[depth] = v;
	for (int e = 0; e < g->nedges; e++) {
		if (g->from[e] != v)
			continue;
		int w = g->to[e];
		if (state[w] == 1) {
			int i = depth;
			while (i > 0 && stack[i] != w)
				i--;
			note(g, "%s%s", "include cycle:", "");
			for (; i <= depth; i++)
				note(g, " %s%s", g->unit[stack[i]], "");
			note(g, " %s%s\n", g->unit[w], "");
		} else if (state[w] == 0) {
			cycles_from(g, w, state, stack, depth + 1);
		}
	}
	state[v] = 2;
}

static void find_cycles(struct graph *g)
{
	char state[MAX_UNITS] = { 0 };
	int stack[MAX_UNITS];
	for (int v = 0; v < g->nunits; v++)
		if (state[v] == 0)
			cycles_from(g, v, state, stack, 0);
}

static struct graph *check_tree(const char *root)
{
	struct graph *g = calloc(1, sizeof *g);
	ck_assert_ptr_nonnull(g);
	walk(g, root, "src");
	walk(g, root, "render");
	find_cycles(g);
	return g;
}

static void graph_free(struct graph *g)
{
	for (int i = 0; i < g->nunits; i++)
		free(g->unit[i]);
	free(g);
}

START_TEST(test_the_tree_keeps_its_layers)
{
	struct graph *g = check_tree(".");
	ck_assert_int_gt(g->nunits, 100);
	ck_assert_msg(g->breaches[0] == '\0', "%s", g->breaches);
	graph_free(g);
}
END_TEST

static void put(const char *root, const char *path, const char *text)
{
	char full[1024];
	snprintf(full, sizeof full, "%s/%s", root, path);
	for (char *s = strchr(full, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(full, 0755);
		*s = '/';
	}
	FILE *f = fopen(full, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* A small tree with one breach of each kind: the checker names each. */
START_TEST(test_the_checker_sees_breaches)
{
	const char *root = "build/tests/layers-fixture";
	ck_assert_int_eq(system("rm -rf build/tests/layers-fixture"), 0);
	put(root, "render/scene.h", "#include \"base/err.h\"\n");
	put(root, "render/render.h", "#include \"scene.h\"\n");
	put(root, "src/base/err.h", "#include \"model/map.h\"\n");
	put(root, "src/model/map.h", "\n");
	put(root, "src/model/key.c", "#include \"model/key.h\"\n#include \"model/connect.h\"\n");
	put(root, "src/model/key.h", "\n");
	put(root, "src/model/connect.c", "#include \"model/key.h\"\n");
	put(root, "src/model/connect.h", "\n");
	put(root, "src/methods/dice/dice.c", "#include \"methods/house/house.h\"\n");
	put(root, "src/methods/house/house.h", "\n");
	put(root, "src/methods/gen.h", "#include \"methods/dice/dice.h\"\n#include \"render.h\"\n");
	put(root, "src/methods/dice/dice.h", "#include \"base/err.h\"\n");
	struct graph *g = check_tree(root);
	ck_assert_ptr_nonnull(strstr(g->breaches, "src/base/err.h includes src/model/map.h, a folder above its own"));
	ck_assert_ptr_nonnull(strstr(g->breaches, "src/methods/dice/dice.c includes src/methods/house/house.h, another method's"));
	ck_assert_ptr_nonnull(strstr(g->breaches, "src/methods/gen.h includes render/render.h, a folder above its own"));
	ck_assert_ptr_nonnull(strstr(g->breaches, "include cycle:"));
	ck_assert_ptr_nonnull(strstr(g->breaches, "src/model/key"));
	ck_assert_ptr_nonnull(strstr(g->breaches, "src/model/connect"));
	graph_free(g);
}
END_TEST

static Suite *layers_suite(void)
{
	Suite *s = suite_create("layers");
	TCase *tc = tcase_create("includes");
	tcase_add_test(tc, test_the_tree_keeps_its_layers);
	tcase_add_test(tc, test_the_checker_sees_breaches);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(layers_suite)
