/* testutil.h: what the Check suites share: a main() that runs one suite,
 * generating a level the way the program does, and running the program. */
#ifndef MAPSHEET_TESTUTIL_H
#define MAPSHEET_TESTUTIL_H

#include <check.h>

#include "methods/gen.h"
#include "model/map.h"

/* Runs a suite and returns the exit status for main(). */
int test_run_suite(Suite *s);
#define TEST_MAIN(suite_fn) \
	int main(void) { return test_run_suite(suite_fn()); }

/* Generates one numbered level with method `name`, as the program would,
 * with params p (NULL: defaults with rooms, w, h). Returns 0 or -1 with e. */
int test_generate(struct map *m, const char *name, const char *seed, const struct gen_params *p,
		  int rooms, int w, int h, struct err *e);

struct level;
struct doc;
/* n levels with the methods in csv ("dice,mansion") at their default size
 * on one shared grid, generated and numbered as the program makes them,
 * keys not yet built. Fails the running test on error. */
void test_levels_generate(struct level *lv, int n, const char *csv, const char *seed);

/* n levels with the methods in csv ("dice,mansion") at their default size
 * on one shared grid, with stocked keys, as the program makes them, and a
 * document d of them drawn in style (NULL: the default). Fails the running
 * test on error; levels_free(lv, n) releases the levels. */
void test_levels_doc(struct level *lv, int n, const char *csv, const char *seed, const char *style, struct doc *d);

/* The template search path for tests: the repository's templates/. */
const char *const *test_template_dirs(void);

/* Runs "./mapsheet ARGS" ($MAPSHEET_BIN if set) from the repository root;
 * returns the exit status. stdout/stderr go to the named files unless NULL. */
int test_run(const char *args, const char *out_file, const char *err_file);

/* Reads a whole file (NUL-terminated, caller frees), or NULL. */
char *test_slurp(const char *path, size_t *len);

/* The site's name a run of "--method METHOD --seed SEED" gives (the text
 * key's first line, named from the site's story), into out. */
void test_site_name(const char *method, const char *seed, char *out, size_t size);

#endif
