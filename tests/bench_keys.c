/* bench_keys.c: the key rows of `make bench`: for each method, a map of
 * about 10,000 rooms on 1200x1200 squares (the house on its own plan)
 * generated, then its key written as a run writes it: the site planned
 * (uses, kinds, names, features), the key built, the site written into it,
 * stocked from the neutral tables and the rooms left unnamed named. The
 * median of 5 maps of each, against generating the same maps, the key of
 * the same maps without the site (the tables' stocking alone), and the key
 * stocked with the 5e system for 4 characters of level 8 (every fight
 * sized), which should cost within a few percent of the neutral one. */
#include "bench.h"

#include "app/level_keys.h"
#include "methods/levels.h"
#include "methods/gen.h"
#include "model/doc.h"
#include "stock/stock_table.h"

#include <stdio.h>
#include <string.h>

#define KEY_REPEATS 5

/* One map (seed), its key written with the site (site not NULL) or
 * without; gen and keys get the CPU seconds of each. 0 or -1. */
static int one_map(const struct method *meth, int seed, const struct site_tables *site,
		   const struct stock_tables *tables, int party_level, double *gen, double *keys)
{
	struct gen_params p;
	gen_params_default(&p);
	p.rooms = 10000;
	p.w = p.h = strcmp(meth->name, "house") == 0 ? 0 : 1200;
	if (!p.w)
		meth->fit_size(p.rooms, &p.w, &p.h);
	p.template_dirs = bench_template_dirs();
	char text[32];
	snprintf(text, sizeof text, "bench-keys-%d", seed);
	struct level lv;
	memset(&lv, 0, sizeof lv);
	struct log log = { NULL, NULL, 0 };
	struct err e;
	const struct method *meths[1] = { meth };
	double t0 = bench_cpu_now();
	if (levels_generate(&lv, 1, meths, 1, &p, text, KEY_NUMBER_ENTRANCE, &log, NULL, &e) < 0) {
		fprintf(stderr, "bench: %s: %s\n", meth->name, e.msg);
		return -1;
	}
	double t1 = bench_cpu_now();
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, party_level ? "5e" : "neutral", bench_template_dirs(), 0,
				  tables, 4, party_level };
	struct site_plan plan = { 0 };
	int rc = site ? level_site_plan(&plan, site, &lv, 1, text, &ko, &e) : 0;
	if (rc == 0)
		rc = level_keys_build(&lv, 1, &ko, site ? &plan : NULL, site, text, NULL, &e);
	double t2 = bench_cpu_now();
	if (rc < 0)
		fprintf(stderr, "bench: %s keys: %s\n", meth->name, e.msg);
	*gen = t1 - t0;
	*keys = t2 - t1;
	site_plan_free(&plan);
	levels_free(&lv, 1);
	return rc;
}

int bench_keys(const char *only_method)
{
	struct site_tables site;
	struct stock_tables tables, fives;
	struct err e;
	stock_tables_init(&tables);
	stock_tables_init(&fives);
	if (site_tables_load(&site, bench_template_dirs(), &e) < 0 ||
	    stock_tables_load(&tables, bench_template_dirs(), "neutral", &e) < 0 ||
	    stock_tables_load(&fives, bench_template_dirs(), "5e", &e) < 0) {
		printf("keys: the tables cannot be read: %s\n", e.msg);
		stock_tables_free(&tables);
		stock_tables_free(&fives);
		return 1;
	}
	printf("Keys of 10,000-room maps (median CPU ms of %d maps: the map generated, then the site planned,\n"
	       "the key built, written and stocked from the neutral tables, the rest of the rooms named)\n",
	       KEY_REPEATS);
	printf("%-8s %10s %10s %10s %12s %10s %10s\n", "method", "generate", "keys", "keys/gen", "no site", "5e",
	       "5e/keys");
	int failed = 0;
	for (int i = 0; method_table[i]; i++) {
		if (only_method && strcmp(only_method, method_table[i]->name) != 0)
			continue;
		double gen[KEY_REPEATS], keys[KEY_REPEATS], bare[KEY_REPEATS], five[KEY_REPEATS], unused;
		int ok = 1;
		for (int r = 0; r < KEY_REPEATS && ok; r++)
			ok = one_map(method_table[i], r, &site, &tables, 0, &gen[r], &keys[r]) == 0 &&
			     one_map(method_table[i], r, NULL, &tables, 0, &unused, &bare[r]) == 0 &&
			     one_map(method_table[i], r, &site, &fives, 8, &unused, &five[r]) == 0;
		if (!ok) {
			printf("%-8s   failed\n", method_table[i]->name);
			failed++;
			continue;
		}
		double g = bench_median(gen, KEY_REPEATS), k = bench_median(keys, KEY_REPEATS);
		double f5 = bench_median(five, KEY_REPEATS);
		printf("%-8s %10.1f %10.1f %10.2f %12.1f %10.1f %10.2f\n", method_table[i]->name, g * 1e3, k * 1e3,
		       g > 0 ? k / g : 0, bench_median(bare, KEY_REPEATS) * 1e3, f5 * 1e3, k > 0 ? f5 / k : 0);
	}
	printf("\n");
	site_tables_free(&site);
	stock_tables_free(&tables);
	stock_tables_free(&fives);
	return failed;
}
