/* fuzz_tables.c: libFuzzer harness for the stocking tables: any bytes, read
 * as one table file, must load or give a clean one-line error; tables that
 * load are resolved and checked, and each is rolled and expanded (calls,
 * variables, dice), so the expander is fuzzed too: never a crash, an
 * out-of-bounds read, or a run without end. */
#include "stock/stock.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void clean_error(int rc, const struct err *e)
{
	if (rc < 0 && (e->msg[0] == '\0' || strchr(e->msg, '\n')))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a NUL-terminated copy, as tpl_read_file gives the loader */
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	struct stock_tables t;
	struct err e = { ERR_NONE, "" };
	stock_tables_init(&t);
	int rc = stock_tables_parse_text(&t, "fuzz.table", text, size, &e);
	clean_error(rc, &e);
	if (rc == 0) {
		rc = stock_tables_resolve(&t, &e);
		clean_error(rc, &e);
	}
	if (rc == 0) {
		clean_error(stock_check_system(&t, &e), &e);
		struct rng rng;
		/* a room with a table and a bed, in a dungeon, no one in it */
		struct stock_vars v = { .v = { "Flooded Halls", NULL, "Library" },
					.facts = FACT_BIT(FACT_DUNGEON) | FACT_BIT(FACT_FEATURE + FEATURE_TABLE - 1) |
					 FACT_BIT(FACT_FEATURE + FEATURE_BED - 1) };
		rng_seed_text(&rng, "fuzz", 1);
		for (int i = 0; i < t.ntables && i < 16; i++) {
			struct sbuf out;
			sbuf_init(&out);
			clean_error(stock_roll(&t, &t.tables[i], &v, i % 2 ? STOCK_KEEP_DICE : 0, &rng, &out, &e), &e);
			sbuf_free(&out);
		}
	}
	stock_tables_free(&t);
	free(text);
	return 0;
}
