/* check_stock_spent.c: what stocking knows of a line before rolling it
 * (stock_spent.c, key_said_head): a sentence found said in the known head
 * of a line is said in the whole line, whatever follows; a table is spent
 * only when every line it can give repeats; a roll left unwritten makes
 * the same draws as a written one, and a pick made again the same pick. */
#include "testutil.h"

#include "model/key_said.h"
#include "stock/stock_table.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Parses text as one table file and resolves it. */
static void parse(struct stock_tables *t, const char *text)
{
	struct err e;
	stock_tables_init(t);
	ck_assert_msg(stock_tables_parse_text(t, "t", text, strlen(text), &e) == 0, "%s", e.msg);
	ck_assert_msg(stock_tables_resolve(t, &e) == 0, "%s", e.msg);
}

/* What follows line[0..len) in line, as key_said_head is told it. */
static enum key_said_next next_of(const char *line, size_t len)
{
	unsigned char c = (unsigned char)line[len];
	return !c ? KEY_SAID_END : isupper(c) || isdigit(c) ? KEY_SAID_OPENS : KEY_SAID_UNKNOWN;
}

/* Lines rolled on every neutral table, half of them said: for every head
 * of every line, a said sentence found in the head is found in the line,
 * and the whole line as a head answers as the line does. */
START_TEST(test_head_agrees_with_line)
{
	struct stock_tables t;
	struct err e;
	ck_assert_msg(stock_tables_load(&t, test_template_dirs(), "neutral", &e) == 0, "%s", e.msg);
	struct key_said said;
	key_said_init(&said);
	struct rng rng;
	rng_seed(&rng, 41, 7);
	static const char *const labels[] = { NULL, "Monster", "Trap (deadly)", "Treasure", "3. " };
	int heads = 0, found = 0;
	for (int round = 0; round < 3; round++)
		for (int i = 0; i < t.ntables; i++) {
			struct sbuf s;
			sbuf_init(&s);
			const char *label = labels[(i + round) % 5];
			if (label)
				sbuf_printf(&s, label[0] == '3' ? "%s" : "%s: ", label);
			ck_assert_msg(stock_roll(&t, &t.tables[i], NULL, 0, &rng, &s, &e) == 0, "%s", e.msg);
			const char *line = sbuf_cstr(&s);
			ck_assert_ptr_nonnull(line);
			if (rng_range(&rng, 0, 1))
				key_said_add(&said, line);
			size_t n = strlen(line);
			int any = key_said_any(&said, line);
			ck_assert_int_eq(key_said_head(&said, line, n, KEY_SAID_END), any);
			for (size_t len = 0; len < n; len++) {
				int head = key_said_head(&said, line, len, next_of(line, len));
				ck_assert_msg(!head || any, "'%.*s' said in '%s'", (int)len, line, line);
				/* knowing less of what follows never finds more */
				ck_assert(!key_said_head(&said, line, len, KEY_SAID_UNKNOWN) || head);
				heads++;
				found += head;
			}
			sbuf_free(&s);
		}
	/* lines whose stops, labels and numbers would mislead a careless
	 * reading of a head */
	static const char *const tricky[] = { "It is. cold here.", "It is.", "Trap: it works. Or not.", "Or not.",
					      "12. Goblins: two. Three.", "Goblins: two.", "A b: c. D e.", "D e.",
					      "Hall 3: Dust.", "Dust.", "12.5 feet down. Dark.", "Dark.",
					      "Gone? yes. Gone!", "Gone!" };
	for (size_t i = 0; i + 1 < sizeof tricky / sizeof tricky[0]; i += 2) {
		key_said_add(&said, tricky[i + 1]);
		const char *line = tricky[i];
		int any = key_said_any(&said, line);
		for (size_t len = 0; len <= strlen(line); len++)
			for (int next = KEY_SAID_END; next <= KEY_SAID_UNKNOWN; next++) {
				/* a head told truly of what follows, or told less */
				enum key_said_next truth = next_of(line, len);
				if (next != (int)truth && next != KEY_SAID_UNKNOWN)
					continue;
				ck_assert_msg(!key_said_head(&said, line, len, (enum key_said_next)next) || any,
					      "'%.*s' (%d) said in '%s'", (int)len, line, next, line);
			}
	}
	ck_assert_int_gt(heads, 10000);
	ck_assert_int_gt(found, 1000);
	key_said_free(&said);
	stock_tables_free(&t);
}
END_TEST

/* Whether tab is spent for said, the line labelled "Special", with facts. */
static int spent(const struct stock_tables *t, const char *table, struct key_said *said, fact_bits facts)
{
	struct stock_memory mem;
	struct err e;
	ck_assert_int_eq(stock_memory_init(&mem, t, &e), 0);
	mem.said = said;
	struct stock_vars v = { .memory = &mem, .facts = facts };
	v.v[STOCK_VAR_WALL] = "north";
	int r = stock_spent(t, stock_table_find(t, table), &v, "Special", NULL);
	stock_memory_free(&mem);
	return r;
}

/* A table is spent when each line it can give starts with a sentence
 * said: its words, its values, each result of its dice; a line whose
 * first sentence runs into a call on a table that may not start a
 * sentence is never known spent; where conditions hold, only the lines
 * that hold count. */
START_TEST(test_spent_tables)
{
	struct stock_tables t;
	parse(&t, "table:plain\n"
		  "entry:1:a bell rings. {sense}\n"
		  "entry:1:The {$wall} wall is wet. {sense}\n"
		  "entry:1:It has 1d3 legs.\n"
		  "table:sense\n"
		  "entry:1:It is cold.\n"
		  "table:low\n"
		  "entry:1:a {lower}\n"
		  "table:lower\n"
		  "entry:1:quiet one.\n"
		  "table:fit\n"
		  "entry:1:[wet]Ripples cross the pool.\n"
		  "entry:1:Dust lies thick.\n");
	struct key_said said;
	key_said_init(&said);
	key_said_add(&said, "A bell rings.");
	key_said_add(&said, "The north wall is wet.");
	key_said_add(&said, "It has 1 legs. It has 2 legs.");
	ck_assert(!spent(&t, "plain", &said, 0));
	key_said_add(&said, "It has 3 legs.");
	ck_assert(spent(&t, "plain", &said, 0));
	/* "Special: A quiet one." was said, but its words were not known */
	key_said_add(&said, "A quiet one.");
	ck_assert(!spent(&t, "low", &said, 0));
	key_said_add(&said, "Dust lies thick.");
	ck_assert(spent(&t, "fit", &said, 0));
	ck_assert(!spent(&t, "fit", &said, FACT_BIT(FACT_WET)));
	key_said_free(&said);
	stock_tables_free(&t);
}
END_TEST

static int skip_all(void *ctx, int entry)
{
	(void)ctx;
	(void)entry;
	return 1;
}

/* A roll left unwritten draws what the written roll draws, on every
 * neutral and 5e table, its calls and dice included. */
START_TEST(test_unwritten_rolls_draw_alike)
{
	static const char *const systems[] = { "neutral", "5e" };
	for (int sys = 0; sys < 2; sys++) {
		struct stock_tables t;
		struct err e;
		ck_assert_msg(stock_tables_load(&t, test_template_dirs(), systems[sys], &e) == 0, "%s", e.msg);
		for (int i = 0; i < t.ntables; i++)
			for (int seed = 0; seed < 8; seed++) {
				struct rng a, b;
				rng_seed(&a, (unsigned)seed, (unsigned)i);
				rng_seed(&b, (unsigned)seed, (unsigned)i);
				struct sbuf s;
				sbuf_init(&s);
				struct stock_vars v = { .depth = seed % 4 };
				ck_assert_msg(stock_roll(&t, &t.tables[i], &v, 0, &a, &s, &e) == 0, "%s", e.msg);
				ck_assert_int_eq(stock_roll_unless(&t, &t.tables[i], &v, 0, skip_all, NULL, NULL, &b, &s, &e), 1);
				ck_assert_msg(a.state == b.state, "table %s, seed %d", t.tables[i].name, seed);
				sbuf_free(&s);
			}
		stock_tables_free(&t);
	}
}
END_TEST

/* Picks made again with a table's entries read once are the picks
 * stock_pick_fit makes, used entries and all, on every conditioned table
 * of both systems in rooms of many facts. */
START_TEST(test_picks_again_alike)
{
	static const char *const systems[] = { "neutral", "5e" };
	int tables = 0;
	for (int sys = 0; sys < 2; sys++) {
		struct stock_tables t;
		struct err e;
		ck_assert_msg(stock_tables_load(&t, test_template_dirs(), systems[sys], &e) == 0, "%s", e.msg);
		struct stock_memory ma, mb;
		ck_assert_int_eq(stock_memory_init(&ma, &t, &e), 0);
		ck_assert_int_eq(stock_memory_init(&mb, &t, &e), 0);
		struct rng a, b, facts_rng;
		rng_seed(&a, 3, 1);
		rng_seed(&b, 3, 1);
		rng_seed(&facts_rng, 9, 2);
		for (int i = 0; i < t.ntables; i++) {
			if (!t.tables[i].conditioned)
				continue;
			tables++;
			for (int room = 0; room < 40; room++) {
				fact_bits facts = 0;
				for (int f = 0; f < FACT_COUNT; f++)
					if (rng_range(&facts_rng, 0, 3) == 0)
						facts |= FACT_BIT(f);
				struct stock_fit fit;
				fit.tab = NULL;
				for (int again = 0; again < 16; again++)
					ck_assert_int_eq(stock_pick_fit(&t, &t.tables[i], &ma, facts, &a),
							 stock_pick_fit_again(&t, &t.tables[i], &mb, facts, &fit, &b));
			}
		}
		stock_memory_free(&ma);
		stock_memory_free(&mb);
		stock_tables_free(&t);
	}
	ck_assert_int_gt(tables, 5);
}
END_TEST

static Suite *stock_spent_suite(void)
{
	Suite *s = suite_create("stock_spent");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_head_agrees_with_line);
	tcase_add_test(tc, test_spent_tables);
	tcase_add_test(tc, test_unwritten_rolls_draw_alike);
	tcase_add_test(tc, test_picks_again_alike);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(stock_spent_suite)
