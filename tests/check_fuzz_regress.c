/* check_fuzz_regress.c: replays every input kept in tests/fuzz/crashes/
 * through the harness that found it (the file name starts with the
 * harness's name, as tests/fuzz/run.sh keeps them), so a crash fixed once
 * stays fixed. The harnesses are compiled in here unchanged, each with its
 * entry point renamed; a harness abort()s on a bad result, which fails the
 * test. An empty folder passes. A new harness needs an include and a row
 * in `harnesses`. */
#include "testutil.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LLVMFuzzerTestOneInput fuzz_options_one
#include "fuzz/fuzz_options.c"
#undef LLVMFuzzerTestOneInput
#undef MAX_ARGS

#define LLVMFuzzerTestOneInput fuzz_template_one
#include "fuzz/fuzz_template.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_tables_one
#include "fuzz/fuzz_tables.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_tiles_one
#include "fuzz/fuzz_tiles.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_read_json_one
#include "fuzz/fuzz_read_json.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_read_watabou_one
#include "fuzz/fuzz_read_watabou.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_read_donjon_one
#include "fuzz/fuzz_read_donjon.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_config_one
#include "fuzz/fuzz_config.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_site_one
#include "fuzz/fuzz_site.c"
#undef LLVMFuzzerTestOneInput

#define CRASHES "tests/fuzz/crashes"

static const struct {
	const char *prefix;
	int (*one)(const uint8_t *data, size_t size);
} harnesses[] = {
	{ "fuzz_options-", fuzz_options_one },
	{ "fuzz_template-", fuzz_template_one },
	{ "fuzz_tables-", fuzz_tables_one },
	{ "fuzz_tiles-", fuzz_tiles_one },
	{ "fuzz_read_json-", fuzz_read_json_one },
	{ "fuzz_read_watabou-", fuzz_read_watabou_one },
	{ "fuzz_read_donjon-", fuzz_read_donjon_one },
	{ "fuzz_config-", fuzz_config_one },
	{ "fuzz_site-", fuzz_site_one },
};

#define NHARNESSES ((int)(sizeof harnesses / sizeof harnesses[0]))

START_TEST(test_replay_crashes)
{
	DIR *d = opendir(CRASHES);
	ck_assert_msg(d != NULL, "no folder " CRASHES);
	struct dirent *ent;
	while ((ent = readdir(d)) != NULL) {
		if (ent->d_name[0] == '.')
			continue;
		int h = 0;
		while (h < NHARNESSES && strncmp(ent->d_name, harnesses[h].prefix, strlen(harnesses[h].prefix)) != 0)
			h++;
		ck_assert_msg(h < NHARNESSES, CRASHES "/%s: no harness of that name to replay it", ent->d_name);
		char path[600];
		size_t len;
		snprintf(path, sizeof path, CRASHES "/%s", ent->d_name);
		char *data = test_slurp(path, &len);
		ck_assert_ptr_nonnull(data);
		/* the harness may keep no pointer into data; an exact-size copy lets
		 * a sanitizer see any read past the input */
		uint8_t *exact = malloc(len ? len : 1);
		ck_assert_ptr_nonnull(exact);
		memcpy(exact, data, len);
		harnesses[h].one(exact, len);
		free(exact);
		free(data);
	}
	closedir(d);
}
END_TEST

/* The harnesses themselves, on inputs a user could write, so a change that
 * breaks one shows here and not only in a fuzz run. */
START_TEST(test_harnesses_on_samples)
{
	static const char *const opts[] = { "--method\ndice\n--seed\nx", "--rooms\n0", "--size\n8x99999999999",
					    "--room\n3", "--quiet=yes", "--levels\n2\n--method\ndice,house,dice", "",
					    NULL };
	for (int i = 0; opts[i]; i++)
		ck_assert_int_eq(fuzz_options_one((const uint8_t *)opts[i], strlen(opts[i])), 0);
	static const char *const tpl[] = { "tile:a\nweight:x\n", "many:1:2.5:s:3:4.5:t:rest:of:it\n", "\0\n", "row",
					   "", NULL };
	for (int i = 0; tpl[i]; i++)
		ck_assert_int_eq(fuzz_template_one((const uint8_t *)tpl[i], strlen(tpl[i]) + (i == 2)), 0);
	static const char *const tables[] = { "table:x\nentry:1:{x}\n", "table:a\ndie:3d6\nroll:3-18:{b} 2d6x10 gp\n"
					      "table:b\nentry:5:{$theme}{$key}\n", "contents:d6\nkind:1-6:empty:1/2\n",
					      "table:x\nentry:1:{", "", NULL };
	for (int i = 0; tables[i]; i++)
		ck_assert_int_eq(fuzz_tables_one((const uint8_t *)tables[i], strlen(tables[i])), 0);
	static const char *const maps[] = { "tests/fuzz/corpus/read_json/small-dice.json",
					    "tests/fuzz/corpus/read_json/small-mansion.json", NULL };
	for (int i = 0; maps[i]; i++) {
		size_t len;
		char *text = test_slurp(maps[i], &len);
		ck_assert_ptr_nonnull(text);
		ck_assert_int_eq(fuzz_read_json_one((const uint8_t *)text, len), 0);
		ck_assert_int_eq(fuzz_read_json_one((const uint8_t *)text, len / 2), 0);
		free(text);
	}
	static const char *const configs[] = { "paper: a4\nstyle: classic\nscale: 8\ndpi: 300\n", "numbering:reading\r\n",
					       "# mine\n\nsystem: neutral", ":\n", "paper:   \n", "paper:x\n", "style:nosuch\n",
					       "p:a4\n", "dpi:7\n", "", NULL };
	for (int i = 0; configs[i]; i++)
		ck_assert_int_eq(fuzz_config_one((const uint8_t *)configs[i], strlen(configs[i])), 0);
	static const char *const sites[] = { "tests/fuzz/corpus/site/complete.site", "tests/fuzz/corpus/site/mistakes.site",
					     "tests/fuzz/corpus/site/levels.site", "tests/fuzz/corpus/site/conditions.site",
					     "templates/site/kinds.site", "templates/site/creatures.site", NULL };
	for (int i = 0; sites[i]; i++) {
		size_t len;
		char *text = test_slurp(sites[i], &len);
		ck_assert_ptr_nonnull(text);
		ck_assert_int_eq(fuzz_site_one((const uint8_t *)text, len), 0);
		ck_assert_int_eq(fuzz_site_one((const uint8_t *)text, len / 3), 0);
		free(text);
	}
	static const char *const site_lines[] = { "kind:x:any:wander\n", "faction:x:any:tribe\nmember:a:b:21d6:guard\n",
						  "faction:x:any:tribe\nlevels:10-5\n", "vermin:any:a:b:2:{n}\nlevels:1-4\nlevels:1-4\n",
						  "levels:999-9999\n", "holds:{faction}\n", "seen:{feature\n", "kind:\xff:any:none\n", "",
						  "kind:x:any:none\nseen:[\n", "kind:x:any:none\nseen:[]x\n", "kind:x:any:none\nseen:[!]x\n",
						  "kind:x:any:none\nseen:[bed !bed]x\n", "creature:a::\n", "creature:a:b:c\n",
						  "kind:x:any:none\nfeature:bed:a\nfeature:bed:[beds\n", NULL };
	for (int i = 0; site_lines[i]; i++)
		ck_assert_int_eq(fuzz_site_one((const uint8_t *)site_lines[i], strlen(site_lines[i])), 0);
	static const char *const bad[] = { "{}", "[", "{\"format\": \"mapsheet\", \"version\": 2, \"levels\": [{}]}", "",
					   NULL };
	for (int i = 0; bad[i]; i++)
		ck_assert_int_eq(fuzz_read_json_one((const uint8_t *)bad[i], strlen(bad[i])), 0);
}
END_TEST

static Suite *fuzz_regress_suite(void)
{
	Suite *s = suite_create("fuzz_regress");
	TCase *tc = tcase_create("replay");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_replay_crashes);
	tcase_add_test(tc, test_harnesses_on_samples);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(fuzz_regress_suite)
