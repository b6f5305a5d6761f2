/* testutil.c: shared helpers for the Check suites. */
#include "testutil.h"

#include "app/level_keys.h"
#include "model/doc.h"
#include "model/key.h"
#include "methods/levels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

int test_run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

const char *const *test_template_dirs(void)
{
	static const char *const dirs[] = { "templates", "../templates", NULL };
	return dirs;
}

int test_generate(struct map *m, const char *name, const char *seed, const struct gen_params *p,
		  int rooms, int w, int h, struct err *e)
{
	const struct method *meth = method_find(name);
	if (!meth)
		return err_set(e, "no method %s", name);
	struct gen_params params;
	if (p) {
		params = *p;
	} else {
		gen_params_default(&params);
		params.rooms = rooms ? rooms : meth->default_rooms;
		params.w = w;
		params.h = h;
		if ((w == 0 || h == 0) && meth->fit_size)
			meth->fit_size(params.rooms, &params.w, &params.h);
	}
	params.template_dirs = test_template_dirs();
	return levels_generate_one(m, meth, &params, seed, KEY_NUMBER_ENTRANCE, NULL, e);
}

int test_run(const char *args, const char *out_file, const char *err_file)
{
	char cmd[4096];
	const char *bin = getenv("MAPSHEET_BIN");
	/* a user's own config file must not change what the tests see (an
	 * absolute path: mapsheet ignores a relative XDG_CONFIG_HOME) */
	snprintf(cmd, sizeof cmd, "XDG_CONFIG_HOME=\"$PWD/build/tests/xdg\" %s %s >%s 2>%s </dev/null",
		 bin ? bin : "./mapsheet", args,
		 out_file ? out_file : "/dev/null",
		 err_file ? err_file : "/dev/null");
	int st = system(cmd);
	if (st == -1 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

char *test_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
		if (n + 1 >= cap) {
			char *p = realloc(buf, cap * 2);
			if (!p) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = p;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf)
		buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

void test_levels_generate(struct level *lv, int n, const char *csv, const char *seed)
{
	const struct method *meths[8];
	int nm = 0;
	char list[128];
	snprintf(list, sizeof list, "%s", csv);
	char *save = NULL;
	for (char *name = strtok_r(list, ",", &save); name && nm < 8; name = strtok_r(NULL, ",", &save)) {
		meths[nm] = method_find(name);
		ck_assert_ptr_nonnull(meths[nm]);
		nm++;
	}
	struct gen_params p;
	gen_params_default(&p);
	p.template_dirs = test_template_dirs();
	p.rooms = 0;
	p.levels = n;
	p.w = 8;
	p.h = 8;
	for (int k = 0; k < nm; k++) {
		int w = 40, h = 30;
		meths[k]->fit_size(meths[k]->default_rooms, &w, &h);
		p.w = w > p.w ? w : p.w;
		p.h = h > p.h ? h : p.h;
	}
	memset(lv, 0, sizeof *lv * (size_t)n);
	struct err e;
	struct log log = { NULL, NULL, 0 };
	ck_assert_msg(levels_generate(lv, n, meths, nm, &p, seed, KEY_NUMBER_ENTRANCE, &log, NULL, &e) == 0, "%s", e.msg);
}

void test_levels_doc(struct level *lv, int n, const char *csv, const char *seed, const char *style, struct doc *d)
{
	test_levels_generate(lv, n, csv, seed);
	struct err e;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, "neutral", test_template_dirs(), 0, NULL, 0, 0 };
	ck_assert_msg(level_keys_build(lv, n, &ko, NULL, NULL, seed, NULL, &e) == 0, "%s", e.msg);
	memset(d, 0, sizeof *d);
	d->seed = seed;
	d->command = "mapsheet (test)";
	d->levels = lv;
	d->nlevels = n;
	d->sheet.style = style;
	d->template_dirs = test_template_dirs();
}

void test_site_name(const char *method, const char *seed, char *out, size_t size)
{
	char args[512];
	const char *path = "build/tests/site-name.txt";
	snprintf(args, sizeof args, "-q --method %s --seed '%s' --format txt -o -", method, seed);
	ck_assert_int_eq(test_run(args, path, NULL), 0);
	char *text = test_slurp(path, NULL);
	ck_assert_ptr_nonnull(text);
	size_t n = strcspn(text, "\n");
	ck_assert_uint_lt(n, size);
	snprintf(out, size, "%.*s", (int)n, text);
	free(text);
}
