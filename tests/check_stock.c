/* check_stock.c: the room key's numbering and contents: table parsing line
 * by line with file:line:column errors, missing tables and loops caught at
 * load, dice, the proportions of the contents roll, reproducibility, the
 * choice of dressing by method, kind, name and theme, and every shipped
 * table set. Maps are hand-made fixtures, independent of the generators. */
#include "testutil.h"

#include "model/key.h"
#include "model/map_check.h"
#include "stock/stock.h"

#include <ctype.h>
#include <math.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- fixtures ---- */

/* n rooms of 4x4 squares in rows of `cols`, each joined by a door to its
 * east neighbour, and the first of each row to the one above; the entrance
 * (stairs up) in the first room. */
static void grid_map(struct map *m, int n, int cols, const char *method)
{
	struct err e;
	int rows = (n + cols - 1) / cols;
	ck_assert_int_eq(map_init(m, cols * 4, rows * 4, &e), 0);
	m->method = method;
	for (int i = 0; i < n; i++) {
		int id = map_add_region(m, REGION_ROOM, &e);
		ck_assert_int_eq(id, i + 1);
		map_fill_rect(m, id, (struct rect){ (i % cols) * 4, (i / cols) * 4, 4, 4 });
	}
	for (int i = 0; i < n; i++) {
		int x = (i % cols) * 4, y = (i / cols) * 4;
		if (i % cols + 1 < cols && i + 1 < n)
			ck_assert_int_ge(map_add_door(m, x + 3, y + 1, SIDE_E, DOOR_PLAIN, &e), 0);
		if (i % cols == 0 && i >= cols)
			ck_assert_int_ge(map_add_door(m, x + 1, y, SIDE_N, DOOR_PLAIN, &e), 0);
	}
	map_set_entrance(m, 1, 1, -1);
	map_recount(m);
	ck_assert_int_eq(key_number(m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(m, &e) == 0, "%s", e.msg);
}

static struct key_options stock_options(void)
{
	struct key_options o = { 0 };
	o.numbering = KEY_NUMBER_ENTRANCE;
	o.stock = 1;
	o.system = "neutral";
	o.template_dirs = test_template_dirs();
	return o;
}

/* The key of m built, then stocked as o asks with rng; on failure k is
 * left empty. */
static int stocked_key(struct key *k, const struct map *m, const struct key_options *o, struct rng *rng,
		       struct err *e)
{
	if (key_build(k, m, o, e) < 0)
		return -1;
	if (stock_key(k, m, o, rng, e) < 0) {
		key_free(k);
		return -1;
	}
	return 0;
}

static void load_neutral(struct stock_tables *t)
{
	struct err e;
	ck_assert_msg(stock_tables_load(t, test_template_dirs(), "neutral", &e) == 0, "%s", e.msg);
}

/* Parses text as file "t" (and resolves it); returns the rc, e set. */
static int parse(struct stock_tables *t, const char *text, struct err *e)
{
	stock_tables_init(t);
	if (stock_tables_parse_text(t, "t", text, strlen(text), e) < 0)
		return -1;
	return stock_tables_resolve(t, e);
}

/* ---- parsing ---- */

START_TEST(test_parse_and_roll)
{
	struct stock_tables t;
	struct err e;
	const char *text = "# a comment\n"
			   "table:loot\n"
			   "die:d6\n"
			   "roll:1-3:{coin} and {coin}\n"
			   "roll:4-6:a {gem}\n"
			   "\n"
			   "table:coin\n"
			   "alias:money\n"
			   "entry:2:1d4+1 copper\n"
			   "entry:1:2d6x10 silver\n"
			   "table:gem\n"
			   "entry:1:ruby in {$room}\n";
	ck_assert_msg(parse(&t, text, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(t.ntables, 3);
	const struct stock_table *loot = stock_table_find(&t, "loot");
	ck_assert_ptr_nonnull(loot);
	ck_assert_int_eq(loot->die.sides, 6);
	ck_assert_ptr_eq(stock_table_find(&t, "money"), stock_table_find(&t, "coin"));
	ck_assert_ptr_null(stock_table_find(&t, "nothing"));
	struct rng rng;
	rng_seed(&rng, 7, 1);
	struct stock_vars v = { { NULL }, NULL };
	v.v[STOCK_VAR_ROOM] = "the Study";
	int saw_gem = 0, saw_coins = 0;
	for (int i = 0; i < 200; i++) {
		struct sbuf s;
		sbuf_init(&s);
		ck_assert_int_eq(stock_roll(&t, loot, &v, 0, &rng, &s, &e), 0);
		const char *out = sbuf_cstr(&s);
		ck_assert_ptr_null(strchr(out, '{'));
		if (strcmp(out, "a ruby in the Study") == 0) {
			saw_gem++;
		} else {
			int a, b;
			char w1[16], w2[16];
			ck_assert_msg(sscanf(out, "%d %15s and %d %15s", &a, w1, &b, w2) == 4, "%s", out);
			ck_assert(strcmp(w1, "copper") == 0 ? a >= 2 && a <= 5 : a >= 20 && a <= 120 && a % 10 == 0);
			saw_coins++;
		}
		sbuf_free(&s);
	}
	ck_assert_int_gt(saw_gem, 50);
	ck_assert_int_gt(saw_coins, 50);
	stock_tables_free(&t);
}
END_TEST

struct bad_case {
	const char *text;
	const char *where;      /* "t:LINE:COL:" */
	const char *says;       /* a piece of the message */
};

static const struct bad_case bad_cases[] = {
	{ "entry:1:x\n", "t:1:1:", "outside a table" },
	{ "table:Bad\nentry:1:x\n", "t:1:7:", "not a table name" },
	{ "table:a\ndie:d6\nroll:1-3:x\nroll:3-6:y\n", "t:4:6:", "overlaps" },
	{ "table:a\ndie:d6\nroll:1-3:x\n", "t:1:7:", "no roll line for 4" },
	{ "table:a\ndie:d6\nroll:0-3:x\n", "t:3:6:", "outside 1 to 6" },
	{ "table:a\nentry:0:x\n", "t:2:7:", "weight 0" },
	{ "table:a\nentry:one:x\n", "t:2:7:", "not a whole number" },
	{ "table:a\nentry:1:a {b\n", "t:2:11:", "not closed" },
	{ "table:a\nentry:1:x}\n", "t:2:10:", "without '{'" },
	{ "table:a\nentry:1:{$foo}\n", "t:2:9:", "unknown value" },
	{ "table:a\nentry:1:{Gem}\n", "t:2:10:", "a-z, 0-9" },
	{ "table:a\nentry:1:{}\n", "t:2:9:", "empty" },
	{ "table:a\nentry:1:2d0 rats\n", "t:2:9:", "dice out of range" },
	{ "table:a\nentry:1:\n", "t:2:9:", "empty entry" },
	{ "table:a\ntable:b\nentry:1:x\n", "t:1:7:", "no entries" },
	{ "table:a\nentry:1:x\ntable:a\nentry:1:y\n", "t:3:7:", "already defined at t:1" },
	{ "table:a\nalias:a\nentry:1:y\n", "t:2:7:", "already defined" },
	{ "table:a\ndie:d6\nentry:1:x\n", "t:3:1:", "roll:N-M" },
	{ "table:a\nroll:1:x\n", "t:2:1:", "has no die" },
	{ "table:a\ndie:x6\n", "t:2:5:", "not a die" },
	{ "table:a\nentry:1:x\ndie:d6\n", "t:3:1:", "comes once" },
	{ "kind:1:monster:1/2\n", "t:1:1:", "contents roll first" },
	{ "contents:d6\nkind:1-2:monster:3/2\n", "t:2:18:", "not between 0 and 1" },
	{ "contents:d6\nkind:1-2:monster:half\n", "t:2:18:", "not a chance" },
	{ "contents:d6\nkind:1-2:monster:0\nkind:2-6:empty:0\n", "t:3:6:", "overlaps" },
	{ "contents:d6\nkind:1-5:monster:0\n", "t:1:10:", "no kind for 6" },
	{ "contents:d6\ncontents:d8\n", "t:2:1:", "already given" },
	{ "wandering:2d6\n", "t:1:11:", "not a die" },
	{ "treasure:1:x\n", "t:1:1:", "unknown directive" },
	{ "table:a\n  entry:1:x\n", "t:2:1:", "beginning of the line" },
	{ "  table:a\n entry:1:x\n", "t:2:1:", "after 2 spaces here, as the file's first directive does" },
	{ "table:a\nentry:1:[tabel]x\n", "t:2:10:", "unknown fact 'tabel' (facts: dungeon crypt cave building pillar" },
	{ "table:a\nentry:1:[bed\n", "t:2:9:", "'[' is not closed by ']'" },
	{ "table:a\ndie:d6\nroll:1-6:[bed !bed]x\n", "t:3:16:", "both needs and refuses 'bed'" },
	{ "table:a\nentry:1:[bed]\n", "t:2:9:", "a condition with no text after it" },
	{ "table:a\nentry:1:[bed]{$foo}\n", "t:2:14:", "unknown value" },
	{ "table:a\nentry:1:{b}\n", "t:2:9:", "'b', which is not a table" },
	{ "table:a\nentry:1:one {a} two\n", "t:2:13:", "calls itself in a loop: a -> a" },
	{ "table:a\nentry:1:{b}\ntable:b\nentry:1:x\nentry:1:{c}\ntable:c\nentry:1:{a}\n", "t:7:9:",
	  "loop: a -> b -> c -> a" },
};

/* An entry with a condition is rolled only where it holds, the entries
 * with the most conditions first; where none holds, every entry may come. */
START_TEST(test_conditions)
{
	struct stock_tables t;
	struct err e;
	ck_assert_msg(parse(&t, "table:hide\nentry:1:under a loose flagstone\nentry:1:[bed]in the mattress\n"
				"entry:1:[bed !undead]under the pillow\nentry:1:[crate]in a crate\n"
				"table:die\ndie:d6\nroll:1-5:[table]on the table\nroll:6:anywhere\n",
			    &e) == 0,
		      "%s", e.msg);
	const struct stock_table *hide = stock_table_find(&t, "hide"), *die = stock_table_find(&t, "die");
	fact_bits bed = FACT_BIT(FACT_FEATURE + FEATURE_BED - 1), undead = FACT_BIT(FACT_UNDEAD);
	struct rng rng;
	rng_seed_text(&rng, "conditions", 1);
	int seen[4] = { 0 }, die_seen[2] = { 0 };
	for (int i = 0; i < 400; i++) {
		int k = stock_pick_fit(&t, hide, NULL, bed, &rng);
		ck_assert_int_eq(k, 2);   /* the most specific that holds */
		k = stock_pick_fit(&t, hide, NULL, bed | undead, &rng);
		ck_assert_int_eq(k, 1);   /* the pillow needs the living */
		k = stock_pick_fit(&t, hide, NULL, 0, &rng);
		ck_assert_int_eq(k, 0);   /* only the line with no condition */
		seen[stock_pick_fit(&t, hide, NULL, FACT_BIT(FACT_FEATURE + FEATURE_CRATE - 1) | undead, &rng)]++;
		die_seen[stock_pick_fit(&t, die, NULL, 0, &rng)]++;
	}
	ck_assert_int_eq(seen[3], 400);
	ck_assert_int_eq(die_seen[0], 0);   /* no table: the die's other face */
	ck_assert_int_eq(die_seen[1], 400);
	stock_tables_free(&t);
}
END_TEST

START_TEST(test_parse_errors)
{
	const struct bad_case *c = &bad_cases[_i];
	struct stock_tables t;
	struct err e;
	err_clear(&e);
	ck_assert_msg(parse(&t, c->text, &e) == -1, "accepted: %s", c->text);
	ck_assert_msg(strncmp(e.msg, c->where, strlen(c->where)) == 0, "case %d: wanted %s, got %s", _i, c->where,
		      e.msg);
	ck_assert_msg(strstr(e.msg, c->says) != NULL, "case %d: wanted '%s' in %s", _i, c->says, e.msg);
	stock_tables_free(&t);
}
END_TEST

/* A loop through tables in two files is reported where it closes; a
 * diamond (two paths to one table) is not a loop. */
START_TEST(test_loops_across_files)
{
	struct stock_tables t;
	struct err e;
	const char *one = "table:a\nentry:1:{b} {c}\n";
	const char *two = "table:b\nentry:1:{c}\n\ntable:c\nentry:1:done\n";
	stock_tables_init(&t);
	ck_assert_int_eq(stock_tables_parse_text(&t, "one.table", one, strlen(one), &e), 0);
	ck_assert_int_eq(stock_tables_parse_text(&t, "two.table", two, strlen(two), &e), 0);
	ck_assert_msg(stock_tables_resolve(&t, &e) == 0, "%s", e.msg);
	stock_tables_free(&t);

	const char *loop = "table:b\nentry:1:{c}\n\ntable:c\nentry:1:x\nentry:1:then {a}\n";
	stock_tables_init(&t);
	ck_assert_int_eq(stock_tables_parse_text(&t, "one.table", one, strlen(one), &e), 0);
	ck_assert_int_eq(stock_tables_parse_text(&t, "two.table", loop, strlen(loop), &e), 0);
	ck_assert_int_eq(stock_tables_resolve(&t, &e), -1);
	ck_assert_str_eq(e.msg, "two.table:6:14: table 'a' calls itself in a loop: a -> b -> c -> a");
	stock_tables_free(&t);

	/* a missing table named in a second file */
	const char *missing = "table:b\nentry:1:{c}\ntable:c\nentry:1:{gems}\n";
	stock_tables_init(&t);
	ck_assert_int_eq(stock_tables_parse_text(&t, "one.table", one, strlen(one), &e), 0);
	ck_assert_int_eq(stock_tables_parse_text(&t, "two.table", missing, strlen(missing), &e), 0);
	ck_assert_int_eq(stock_tables_resolve(&t, &e), -1);
	ck_assert_str_eq(e.msg, "two.table:4:9: table 'c' calls 'gems', which is not a table");
	stock_tables_free(&t);
}
END_TEST

/* ---- dice ---- */

START_TEST(test_dice_scan)
{
	struct stock_dice d;
	ck_assert_int_eq(stock_dice_scan("2d6 goblins", &d), 3);
	ck_assert_int_eq(d.count, 2);
	ck_assert_int_eq(d.sides, 6);
	ck_assert_int_eq(stock_dice_scan("d100", &d), 4);
	ck_assert_int_eq(d.count, 1);
	ck_assert_int_eq(d.sides, 100);
	ck_assert_int_eq(stock_dice_scan("3d6x10 sp", &d), 6);
	ck_assert_int_eq(d.mul, 10);
	ck_assert_int_eq(stock_dice_scan("1d4+1.", &d), 5);
	ck_assert_int_eq(d.add, 1);
	ck_assert_int_eq(stock_dice_min(&d), 2);
	ck_assert_int_eq(stock_dice_max(&d), 5);
	ck_assert_int_eq(stock_dice_scan("2d6-1", &d), 5);
	ck_assert_int_eq(d.add, -1);
	ck_assert_int_eq(stock_dice_scan("d6s", &d), 0);
	ck_assert_int_eq(stock_dice_scan("2d goblins", &d), 0);
	ck_assert_int_eq(stock_dice_scan("40 silver", &d), 0);
	ck_assert_int_eq(stock_dice_scan("dust", &d), 0);
	ck_assert_int_eq(stock_dice_scan("d1", &d), -1);
	ck_assert_int_eq(stock_dice_scan("101d6", &d), -1);
}
END_TEST

/* Dice in text are rolled in range, every face turns up, and the sum of two
 * dice is not flat; with STOCK_KEEP_DICE the text stays as written. */
START_TEST(test_dice_in_text)
{
	struct stock_tables t;
	struct err e;
	ck_assert_msg(parse(&t, "table:g\nentry:1:2d6 goblins and d4 rats (not d6s)\n", &e) == 0, "%s", e.msg);
	struct rng rng;
	rng_seed(&rng, 42, 3);
	int seen[13] = { 0 }, rats[5] = { 0 };
	for (int i = 0; i < 3600; i++) {
		struct sbuf s;
		sbuf_init(&s);
		ck_assert_int_eq(stock_roll(&t, &t.tables[0], NULL, 0, &rng, &s, &e), 0);
		int g, r;
		ck_assert_int_eq(sscanf(sbuf_cstr(&s), "%d goblins and %d rats", &g, &r), 2);
		ck_assert_ptr_nonnull(strstr(sbuf_cstr(&s), "(not d6s)"));
		ck_assert(g >= 2 && g <= 12);
		ck_assert(r >= 1 && r <= 4);
		seen[g]++;
		rats[r]++;
		sbuf_free(&s);
	}
	for (int g = 2; g <= 12; g++)
		ck_assert_int_gt(seen[g], 0);
	for (int r = 1; r <= 4; r++)
		ck_assert_int_gt(rats[r], 700);
	ck_assert_int_gt(seen[7], 3 * seen[2]);   /* 6/36 against 1/36 */
	struct sbuf s;
	sbuf_init(&s);
	ck_assert_int_eq(stock_roll(&t, &t.tables[0], NULL, STOCK_KEEP_DICE, &rng, &s, &e), 0);
	ck_assert_str_eq(sbuf_cstr(&s), "2d6 goblins and d4 rats (not d6s)");
	sbuf_free(&s);
	stock_tables_free(&t);
}
END_TEST

/* A memory deals a weighted table like a deck: no repeats while fresh
 * entries remain (within its re-roll bound); without one, repeats come. */
START_TEST(test_memory_avoids_repeats)
{
	struct sbuf text;
	sbuf_init(&text);
	sbuf_add(&text, "table:deck\n");
	for (int i = 0; i < 20; i++)
		sbuf_printf(&text, "entry:1:card %c\n", 'a' + i);
	struct stock_tables t;
	struct err e;
	ck_assert_msg(parse(&t, sbuf_cstr(&text), &e) == 0, "%s", e.msg);
	sbuf_free(&text);
	struct stock_memory mem;
	ck_assert_int_eq(stock_memory_init(&mem, &t, &e), 0);
	struct rng rng;
	rng_seed(&rng, 12, 1);
	int repeats_with = 0, repeats_without = 0;
	for (int round = 0; round < 20; round++) {
		int seen_with[20] = { 0 }, seen_without[20] = { 0 };
		for (int i = 0; i < 10; i++) {
			int a = stock_pick_fresh(&t, &t.tables[0], &mem, &rng);
			int b = stock_pick_fresh(&t, &t.tables[0], NULL, &rng);
			repeats_with += seen_with[a]++ > 0;
			repeats_without += seen_without[b]++ > 0;
		}
		for (int i = 0; i < 20; i++)   /* a new deck each round */
			mem.used[0][i] = 0;
		mem.nused[0] = 0;
	}
	ck_assert_int_le(repeats_with, 1);
	ck_assert_int_ge(repeats_without, 20);
	stock_memory_free(&mem);
	stock_tables_free(&t);
}
END_TEST

/* ---- stocking ---- */

/* Over 200 seeds of a 30-room level the contents kinds follow the classic
 * table: monster 1/3, trap 1/6, special 1/6, empty 1/3 of which 1/6 hold
 * treasure (kind "treasure"). Chi-square with 4 degrees of freedom against
 * 18.47 (p = 0.001); half the monsters hold treasure (within 4 sigma). */
START_TEST(test_contents_proportions)
{
	static const char *const kinds[] = { "monster", "trap", "special", "empty", "treasure" };
	static const double expect[] = { 1.0 / 3, 1.0 / 6, 1.0 / 6, 5.0 / 18, 1.0 / 18 };
	struct map m;
	grid_map(&m, 30, 6, "dice");
	struct key_options o = stock_options();
	long count[5] = { 0 }, total = 0, monsters_with = 0;
	struct err e;
	for (int seed = 0; seed < 200; seed++) {
		struct rng rng;
		rng_seed(&rng, (uint64_t)seed, 11);
		struct key k;
		ck_assert_msg(stocked_key(&k, &m, &o, &rng, &e) == 0, "%s", e.msg);
		for (int i = 0; i < k.n; i++) {
			const struct key_entry *en = &k.entries[i];
			int found = -1;
			for (int c = 0; c < 5; c++)
				if (strcmp(en->contents_kind, kinds[c]) == 0)
					found = c;
			ck_assert_msg(found >= 0, "room %d: kind '%s'", en->number, en->contents_kind);
			count[found]++;
			total++;
			if (found == 0)
				for (int l = 0; l < en->nlines; l++)
					if (strncmp(en->lines[l], "Treasure: ", 10) == 0)
						monsters_with++;
		}
		key_free(&k);
	}
	double chi = 0;
	for (int c = 0; c < 5; c++) {
		double ex = expect[c] * (double)total;
		chi += (count[c] - ex) * (count[c] - ex) / ex;
	}
	ck_assert_msg(chi < 18.47, "chi-square %.2f over %ld rooms (%ld %ld %ld %ld %ld)", chi, total, count[0],
		      count[1], count[2], count[3], count[4]);
	double half = count[0] / 2.0, sd = sqrt(count[0] / 4.0);
	ck_assert_msg(monsters_with > half - 4 * sd && monsters_with < half + 4 * sd, "%ld of %ld monsters",
		      monsters_with, count[0]);
	map_free(&m);
}
END_TEST

/* Joins every paragraph of the key (lines and wandering table) into one text. */
static char *key_text(const struct key *k)
{
	struct sbuf s;
	sbuf_init(&s);
	for (int i = 0; i < k->n; i++) {
		sbuf_printf(&s, "%d [%s]\n", k->entries[i].number, k->entries[i].contents_kind);
		for (int l = 0; l < k->entries[i].nlines; l++)
			sbuf_printf(&s, "  %s\n", k->entries[i].lines[l]);
	}
	sbuf_printf(&s, "wandering %s\n", k->wandering_die);
	for (int i = 0; i < k->nwandering; i++)
		sbuf_printf(&s, "  %s\n", k->wandering[i]);
	return sbuf_take(&s);
}

static char *stock_text(const struct map *m, const struct key_options *o, uint64_t seed)
{
	struct rng rng;
	struct key k;
	struct err e;
	rng_seed(&rng, seed, 5);
	ck_assert_msg(stocked_key(&k, m, o, &rng, &e) == 0, "%s", e.msg);
	char *text = key_text(&k);
	key_free(&k);
	return text;
}

START_TEST(test_same_seed_same_contents)
{
	struct map m;
	grid_map(&m, 30, 6, "dice");
	struct key_options o = stock_options();
	char *a = stock_text(&m, &o, 99), *b = stock_text(&m, &o, 99), *c = stock_text(&m, &o, 100);
	ck_assert_str_eq(a, b);
	ck_assert_str_ne(a, c);
	/* a 30-room key reads without much repetition: few dressing lines repeat */
	struct rng rng;
	struct key k;
	struct err e;
	rng_seed(&rng, 99, 5);
	ck_assert_int_eq(stocked_key(&k, &m, &o, &rng, &e), 0);
	int repeats = 0;
	for (int i = 0; i < k.n; i++)
		for (int j = 0; j < i; j++)
			if (strcmp(k.entries[i].lines[k.entries[i].nlines > 2 ? 1 : 0],
				   k.entries[j].lines[k.entries[j].nlines > 2 ? 1 : 0]) == 0)
				repeats++;
	ck_assert_int_eq(repeats, 0);
	key_free(&k);
	free(a);
	free(b);
	free(c);
	map_free(&m);
}
END_TEST

/* A key lying in a room is said once, where it lies and what it opens
 * ("The bone key hangs on a hook by the door; it opens the locked door to
 * room 3."), not in two sentences that may disagree. */
START_TEST(test_key_said_once)
{
	struct key_options o = stock_options();
	int keys = 0;
	for (int s = 1; s <= 40; s++) {
		char seed[32];
		snprintf(seed, sizeof seed, "keys-%d", s);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, "cards", seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
		struct rng rng;
		rng_seed(&rng, (unsigned)s, 5);
		struct key k;
		ck_assert_msg(stocked_key(&k, &m, &o, &rng, &e) == 0, "%s", e.msg);
		for (int l = 0; l < m.nlocks; l++) {
			char the[80];
			snprintf(the, sizeof the, "The %s ", m.locks[l].name);
			for (int i = 0; i < k.n; i++) {
				if (k.entries[i].region != m.locks[l].region)
					continue;
				int said = 0, opens = 0;
				for (int j = 0; j < k.entries[i].nlines; j++)
					if (strncmp(k.entries[i].lines[j], the, strlen(the)) == 0) {
						said++;
						opens += strstr(k.entries[i].lines[j], "; it opens the locked door") != NULL;
					}
				ck_assert_msg(said == 1 && opens == 1, "%s: room %d says '%s...' %d times", seed,
					      k.entries[i].number, the, said);
				keys++;
			}
		}
		key_free(&k);
		map_free(&m);
	}
	ck_assert_int_gt(keys, 40);
}
END_TEST

/* The players' version and --no-stock get no contents; stocking needs an rng
 * and a known system, and an unknown one lists what there is. */
START_TEST(test_player_and_bare_keys)
{
	struct map m;
	grid_map(&m, 6, 3, "dice");
	struct key_options o = stock_options();
	struct rng rng;
	struct key k;
	struct err e;
	rng_seed(&rng, 1, 1);
	o.player = 1;
	ck_assert_int_eq(stocked_key(&k, &m, &o, &rng, &e), 0);
	for (int i = 0; i < k.n; i++) {
		ck_assert_str_eq(k.entries[i].contents_kind, "");
		ck_assert_int_eq(k.entries[i].nlines, i == 0 ? 1 : 0);   /* room 1: "The way in" */
	}
	ck_assert_int_eq(k.nwandering, 0);
	key_free(&k);
	o.player = 0;
	o.stock = 0;
	ck_assert_int_eq(stocked_key(&k, &m, &o, &rng, &e), 0);
	ck_assert_str_eq(k.entries[1].contents_kind, "");
	key_free(&k);
	o.stock = 1;
	ck_assert_int_eq(stocked_key(&k, &m, &o, NULL, &e), -1);
	o.system = "no_such_system";
	ck_assert_int_eq(stocked_key(&k, &m, &o, &rng, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "unknown table system 'no_such_system' (systems: "));
	ck_assert_ptr_nonnull(strstr(e.msg, "neutral"));
	ck_assert_int_eq(e.kind, ERR_USAGE);
	map_free(&m);
}
END_TEST

/* Every room gets one dressing line and one contents line at least; every
 * keyed room has a kind; the wandering table has a row per face of its die
 * with dice left unrolled; a key placed in a room is described there. */
START_TEST(test_entries_complete)
{
	struct map m;
	struct err e;
	grid_map(&m, 10, 5, "dice");
	/* lock the door between rooms 5 and 10 (region 6 above region 1 ... ) */
	int door = map_find_door(&m, 1, 4, SIDE_N);
	ck_assert_int_ge(door, 0);
	ck_assert_int_ge(map_add_lock(&m, door, 3, "brass key", &e), 0);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	struct key_options o = stock_options();
	struct rng rng;
	struct key k;
	rng_seed(&rng, 3, 3);
	ck_assert_msg(stocked_key(&k, &m, &o, &rng, &e) == 0, "%s", e.msg);
	int key_lines = 0;
	for (int i = 0; i < k.n; i++) {
		const struct key_entry *en = &k.entries[i];
		ck_assert_str_ne(en->contents_kind, "");
		ck_assert_int_ge(en->nlines, 2);
		for (int l = 0; l < en->nlines; l++) {
			ck_assert_ptr_null(strchr(en->lines[l], '{'));
			ck_assert_msg(isupper((unsigned char)en->lines[l][0]), "%s", en->lines[l]);
			if (strstr(en->lines[l], "brass key") && !strstr(en->lines[l], "lies here")) {
				ck_assert_int_eq(en->region, 3);
				key_lines++;
			}
		}
	}
	ck_assert_int_eq(key_lines, 1);
	ck_assert_str_eq(k.wandering_die, "d8");
	ck_assert_int_eq(k.nwandering, 8);
	int with_dice = 0;
	for (int i = 0; i < k.nwandering; i++) {
		char want[16];
		snprintf(want, sizeof want, "%d. ", i + 1);
		ck_assert(strncmp(k.wandering[i], want, strlen(want)) == 0);
		for (int j = i + 1; j < k.nwandering; j++)
			ck_assert_str_ne(k.wandering[i], k.wandering[j]);
		const char *p = k.wandering[i];
		struct stock_dice d;
		for (size_t c = 0; p[c]; c++)
			if ((c == 0 || !isalnum((unsigned char)p[c - 1])) && stock_dice_scan(p + c, &d) > 0)
				with_dice++;
	}
	ck_assert_int_gt(with_dice, 0);
	key_free(&k);
	map_free(&m);
}
END_TEST

/* ---- choosing the dressing ---- */

static const char *table_for(const struct stock_tables *t, const struct map *m, int id)
{
	const struct stock_table *tab = stock_dressing_table(t, m, id);
	return tab ? tab->name : "(none)";
}

START_TEST(test_dressing_by_name_kind_method)
{
	static const char *const names[] = { "Entrance Hall", "Servants' Quarters", "GUEST BEDROOM",
					     "Long Gallery", "Broom Cupboard", "" };
	static const char *const want[] = { "room_entrance_hall", "room_servants_quarters", "room_bedroom",
					    "room_gallery", "dress_mansion", "dress_mansion" };
	struct map m;
	struct stock_tables t;
	load_neutral(&t);
	grid_map(&m, 6, 3, "mansion");
	for (int i = 0; i < 6; i++)
		snprintf(m.regions[i + 1].name, sizeof m.regions[i + 1].name, "%s", names[i]);
	for (int i = 0; i < 6; i++)
		ck_assert_str_eq(table_for(&t, &m, i + 1), want[i]);
	m.regions[6].kind = REGION_HALL;
	ck_assert_str_eq(table_for(&t, &m, 6), "dress_mansion_hall");
	m.method = "house";
	ck_assert_str_eq(table_for(&t, &m, 6), "dress_house_hall");
	ck_assert_str_eq(table_for(&t, &m, 5), "dress_house");
	ck_assert_str_eq(table_for(&t, &m, 2), "room_servants_quarters");
	m.method = "dice";   /* names draw furnishing only in the building methods */
	ck_assert_str_eq(table_for(&t, &m, 2), "dress_dice");
	m.method = "tiles";
	ck_assert_str_eq(table_for(&t, &m, 2), "dress_tiles");
	m.method = "cards";
	ck_assert_str_eq(table_for(&t, &m, 2), "dress_cards");
	m.regions[2].kind = REGION_BRIDGE;
	ck_assert_str_eq(table_for(&t, &m, 2), "dress_cards_bridge");
	m.method = "other";
	ck_assert_str_eq(table_for(&t, &m, 2), "dress_cards_bridge");   /* via the alias dress_bridge */
	ck_assert_str_eq(table_for(&t, &m, 3), "dress_dice");   /* via the alias dress_room */
	stock_tables_free(&t);
	map_free(&m);
}
END_TEST

/* Cards zones tint their rooms' dressing by theme: a table per theme word,
 * or the generic tint that names the theme. */
START_TEST(test_theme_tint)
{
	struct stock_tables t;
	struct err e;
	load_neutral(&t);
	ck_assert_str_eq(stock_theme_table(&t, "Flooded Halls")->name, "theme_flooded");
	ck_assert_str_eq(stock_theme_table(&t, "The Fungus Caves")->name, "theme_fungus");
	ck_assert_str_eq(stock_theme_table(&t, "Halls of Ice")->name, "theme_frozen");
	ck_assert_str_eq(stock_theme_table(&t, "Glimmerdeep")->name, "theme_tint");
	ck_assert_ptr_null(stock_theme_table(&t, ""));
	stock_tables_free(&t);

	struct map m;
	grid_map(&m, 4, 4, "cards");
	ck_assert_int_eq(map_add_zone(&m, "", &e), 0);
	ck_assert_int_eq(map_add_zone(&m, "Glimmerdeep", &e), 1);
	ck_assert_int_eq(map_add_zone(&m, "Fungus Caves", &e), 2);
	m.regions[2].zone = 1;
	m.regions[3].zone = 2;
	struct key_options o = stock_options();
	static const char *const fungus[] = { "fungus", "Spores", "mushrooms", "mould" };
	for (int seed = 0; seed < 20; seed++) {
		struct rng rng;
		struct key k;
		rng_seed(&rng, (uint64_t)seed, 2);
		ck_assert_int_eq(stocked_key(&k, &m, &o, &rng, &e), 0);
		const struct key_entry *glim = NULL, *fung = NULL;
		for (int i = 0; i < k.n; i++) {
			if (k.entries[i].region == 2)
				glim = &k.entries[i];
			if (k.entries[i].region == 3)
				fung = &k.entries[i];
		}
		int dress_line = glim->nlines > 0 && strncmp(glim->lines[0], "The way in", 10) == 0 ? 1 : 0;
		ck_assert_msg(strstr(glim->lines[dress_line], "Glimmerdeep") != NULL, "%s", glim->lines[dress_line]);
		dress_line = strncmp(fung->lines[0], "The way in", 10) == 0 ? 1 : 0;
		int hit = 0;
		for (int w = 0; w < 4; w++)
			hit |= strstr(fung->lines[dress_line], fungus[w]) != NULL;
		ck_assert_msg(hit, "%s", fung->lines[dress_line]);
		key_free(&k);
	}
	map_free(&m);
}
END_TEST

/* ---- the shipped tables ---- */

/* Rolls every table of a system many times: no braces or dice survive,
 * and the text is not empty. */
static void roll_everything(const struct stock_tables *t, const char *system)
{
	struct rng rng;
	struct err e;
	rng_seed(&rng, 5, 5);
	struct stock_vars v = { { "Flooded Halls", "brass key", "Library" }, NULL };
	for (int i = 0; i < t->ntables; i++)
		for (int n = 0; n < 60; n++) {
			struct sbuf s;
			sbuf_init(&s);
			ck_assert_msg(stock_roll(t, &t->tables[i], &v, 0, &rng, &s, &e) == 0, "%s", e.msg);
			const char *out = sbuf_cstr(&s);
			ck_assert_msg(out[0] != '\0', "%s: table %s rolled nothing", system, t->tables[i].name);
			ck_assert_msg(!strchr(out, '{') && !strchr(out, '}'), "%s: %s", system, out);
			struct stock_dice d;
			for (size_t c = 0; out[c]; c++)
				ck_assert_msg(!((c == 0 || !isalnum((unsigned char)out[c - 1])) &&
						stock_dice_scan(out + c, &d) > 0),
					      "%s: unrolled dice in %s", system, out);
			sbuf_free(&s);
		}
}

START_TEST(test_every_shipped_system_loads)
{
	DIR *d = opendir("templates/tables");
	ck_assert_ptr_nonnull(d);
	struct dirent *ent;
	int systems = 0;
	while ((ent = readdir(d)) != NULL) {
		char path[512];
		struct stat st;
		snprintf(path, sizeof path, "templates/tables/%s", ent->d_name);
		/* a system is a folder; files beside them (the license note) are not */
		if (ent->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
			continue;
		struct stock_tables t;
		struct err e;
		ck_assert_msg(stock_tables_load(&t, test_template_dirs(), ent->d_name, &e) == 0, "%s", e.msg);
		ck_assert_msg(stock_check_system(&t, &e) == 0, "%s", e.msg);
		roll_everything(&t, ent->d_name);
		stock_tables_free(&t);
		systems++;
	}
	closedir(d);
	ck_assert_int_ge(systems, 1);
}
END_TEST

/* The example under TABLES in mapsheet-templates(5) is a working system. */
START_TEST(test_man_page_example)
{
	char *man = test_slurp("man/mapsheet-templates.5", NULL);
	ck_assert_ptr_nonnull(man);
	char *start = strstr(man, ".SS Example\n.nf\n");
	ck_assert_ptr_nonnull(start);
	start += strlen(".SS Example\n.nf\n");
	char *end = strstr(start, "\n.fi");
	ck_assert_ptr_nonnull(end);
	struct sbuf text;
	sbuf_init(&text);
	for (char *p = start; p <= end; p++) {
		if (p[0] == '\\' && p[1] == '-')   /* roff's \- is a plain hyphen */
			p++;
		sbuf_addc(&text, *p);
	}
	struct stock_tables t;
	struct err e;
	ck_assert_msg(parse(&t, sbuf_cstr(&text), &e) == 0, "%s", e.msg);
	ck_assert_msg(stock_check_system(&t, &e) == 0, "%s", e.msg);
	struct map m;
	grid_map(&m, 5, 5, "dice");
	struct rng rng;
	struct key k;
	struct key_options o = { 0 };
	rng_seed(&rng, 1, 1);
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	ck_assert_msg(stock_key_with(&k, &m, &t, 0, NULL, &rng, &e) == 0, "%s", e.msg);
	ck_assert_int_eq(k.nwandering, 4);
	ck_assert_ptr_nonnull(strstr(k.entries[0].lines[1], "Rubble and old torches. It smells of"));
	key_free(&k);
	map_free(&m);
	stock_tables_free(&t);
	sbuf_free(&text);
	free(man);
}
END_TEST

static int entries_of(const struct stock_tables *t, const char *name)
{
	const struct stock_table *tab = stock_table_find(t, name);
	ck_assert_msg(tab != NULL, "no table %s", name);
	return tab->n;
}

/* Distinct texts from many rolls of a table. */
static int distinct_rolls(const struct stock_tables *t, const char *name, int rolls)
{
	struct rng rng;
	struct err e;
	rng_seed(&rng, 8, 8);
	char **seen = calloc((size_t)rolls, sizeof *seen);
	int n = 0;
	for (int i = 0; i < rolls; i++) {
		struct sbuf s;
		sbuf_init(&s);
		ck_assert_int_eq(stock_roll(t, stock_table_find(t, name), NULL, 0, &rng, &s, &e), 0);
		char *text = sbuf_take(&s);
		/* numbers differ from roll to roll; count the words only */
		char *w = text;
		for (char *p = text; *p; p++)
			if (!isdigit((unsigned char)*p))
				*w++ = *p;
		*w = '\0';
		int dup = 0;
		for (int k = 0; k < n && !dup; k++)
			dup = strcmp(seen[k], text) == 0;
		if (dup)
			free(text);
		else
			seen[n++] = text;
	}
	for (int k = 0; k < n; k++)
		free(seen[k]);
	free(seen);
	return n;
}

/* The neutral set has the variety a 30-room key needs. */
START_TEST(test_neutral_variety)
{
	static const char *const dress[] = { "dress_dice", "dress_tiles", "dress_cards", "dress_mansion",
					     "dress_mansion_hall", "dress_house", "dress_house_hall" };
	static const char *const rooms[] = {
		"Entrance Hall", "Hallway", "Gallery", "Kitchen", "Pantry", "Scullery", "Larder", "Dining Room",
		"Ballroom", "Library", "Study", "Parlour", "Drawing Room", "Music Room", "Bedroom",
		"Master Bedroom", "Guest Room", "Nursery", "Servants' Quarters", "Chapel", "Armoury",
		"Conservatory", "Bathroom", "Linen Closet", "Storeroom", "Trophy Room"
	};
	struct stock_tables t;
	load_neutral(&t);
	ck_assert_int_ge(entries_of(&t, "monster"), 40);
	ck_assert_int_ge(entries_of(&t, "trap"), 25);
	ck_assert_int_ge(entries_of(&t, "special"), 25);
	ck_assert_int_ge(entries_of(&t, "wandering"), 16);
	ck_assert_int_ge(distinct_rolls(&t, "treasure", 3000), 40);
	for (size_t i = 0; i < sizeof dress / sizeof *dress; i++)
		ck_assert_msg(entries_of(&t, dress[i]) >= 30, "%s", dress[i]);
	struct map m;
	grid_map(&m, 1, 1, "mansion");
	for (size_t i = 0; i < sizeof rooms / sizeof *rooms; i++) {
		snprintf(m.regions[1].name, sizeof m.regions[1].name, "%s", rooms[i]);
		const struct stock_table *tab = stock_dressing_table(&t, &m, 1);
		ck_assert_msg(strncmp(tab->name, "room_", 5) == 0, "%s has no table of its own", rooms[i]);
		ck_assert_msg(tab->n >= 3, "%s: %d lines", rooms[i], tab->n);
	}
	map_free(&m);
	stock_tables_free(&t);
}
END_TEST

/* ---- numbering ---- */

/*  A A A A B B B B C C C C      Doors: F-C, C-B, B-A, A-D, D-E, E-F.
 *  ...                           E is a corridor (row 5, x 4..7).
 *  D D D D . . . . F F F F      The entrance is in F (bottom right).
 *  D D D D E E E E F F F F
 */
static void numbering_map(struct map *m, enum region_kind middle)
{
	struct err e;
	ck_assert_int_eq(map_init(m, 12, 8, &e), 0);
	for (int i = 0; i < 6; i++)
		map_add_region(m, i == 4 ? middle : REGION_ROOM, &e);
	map_fill_rect(m, 1, (struct rect){ 0, 0, 4, 4 });   /* A */
	map_fill_rect(m, 2, (struct rect){ 4, 0, 4, 4 });   /* B */
	map_fill_rect(m, 3, (struct rect){ 8, 0, 4, 4 });   /* C */
	map_fill_rect(m, 4, (struct rect){ 0, 4, 4, 4 });   /* D */
	map_fill_rect(m, 5, (struct rect){ 4, 5, 4, 1 });   /* E */
	map_fill_rect(m, 6, (struct rect){ 8, 4, 4, 4 });   /* F */
	ck_assert_int_ge(map_add_door(m, 9, 4, SIDE_N, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(m, 7, 1, SIDE_E, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(m, 3, 1, SIDE_E, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(m, 1, 3, SIDE_S, DOOR_PLAIN, &e), 0);
	ck_assert_int_ge(map_add_door(m, 3, 5, SIDE_E, DOOR_OPENING, &e), 0);
	ck_assert_int_ge(map_add_door(m, 7, 5, SIDE_E, DOOR_OPENING, &e), 0);
	map_set_entrance(m, 10, 6, -1);
	map_recount(m);
}

START_TEST(test_numbering_breadth_first)
{
	struct map m;
	struct err e;
	numbering_map(&m, REGION_CORRIDOR);
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_msg(map_check(&m, &e) == 0, "%s", e.msg);
	/* F holds the entrance: 1. C one door away: 2. B and D two away, B
	 * first in reading order: 3, 4. A last: 5. The corridor: none. */
	ck_assert_int_eq(m.regions[6].number, 1);
	ck_assert_int_eq(m.regions[3].number, 2);
	ck_assert_int_eq(m.regions[2].number, 3);
	ck_assert_int_eq(m.regions[4].number, 4);
	ck_assert_int_eq(m.regions[1].number, 5);
	ck_assert_int_eq(m.regions[5].number, 0);
	/* the key follows the numbers; the corridor has no entry */
	struct key k;
	struct key_options o = { 0 };
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	ck_assert_int_eq(k.n, 5);
	ck_assert_int_eq(k.entries[0].region, 6);
	ck_assert_str_eq(k.entries[0].lines[k.entries[0].nlines - 1], "The way in: stairs up.");
	key_free(&k);
	/* the entrance elsewhere renumbers: from A, D and B are one door away */
	map_set_entrance(&m, 1, 1, -1);
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_int_eq(m.regions[1].number, 1);
	ck_assert_int_eq(m.regions[2].number, 2);
	ck_assert_int_eq(m.regions[4].number, 3);
	map_free(&m);
}
END_TEST

START_TEST(test_numbering_reading_and_halls)
{
	struct map m;
	struct err e;
	numbering_map(&m, REGION_CORRIDOR);
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_READING, &e), 0);
	for (int id = 1; id <= 4; id++)
		ck_assert_int_eq(m.regions[id].number, id);
	ck_assert_int_eq(m.regions[5].number, 0);
	ck_assert_int_eq(m.regions[6].number, 5);
	map_free(&m);
	/* a hallway (mansion, house) is numbered like a room */
	numbering_map(&m, REGION_HALL);
	ck_assert_int_eq(key_number(&m, KEY_NUMBER_ENTRANCE, &e), 0);
	ck_assert_int_eq(m.regions[6].number, 1);
	ck_assert_int_eq(m.regions[3].number, 2);
	ck_assert_int_eq(m.regions[5].number, 3);   /* the hall: one door from F */
	ck_assert_int_eq(m.regions[2].number, 4);
	ck_assert_int_eq(m.regions[4].number, 5);
	ck_assert_int_eq(m.regions[1].number, 6);
	map_free(&m);
}
END_TEST

static Suite *stock_suite(void)
{
	Suite *s = suite_create("stock");
	TCase *tc = tcase_create("tables");
	tcase_add_test(tc, test_parse_and_roll);
	tcase_add_loop_test(tc, test_parse_errors, 0, (int)(sizeof bad_cases / sizeof *bad_cases));
	tcase_add_test(tc, test_conditions);
	tcase_add_test(tc, test_loops_across_files);
	tcase_add_test(tc, test_dice_scan);
	tcase_add_test(tc, test_dice_in_text);
	tcase_add_test(tc, test_memory_avoids_repeats);
	suite_add_tcase(s, tc);
	tc = tcase_create("stocking");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_contents_proportions);
	tcase_add_test(tc, test_same_seed_same_contents);
	tcase_add_test(tc, test_player_and_bare_keys);
	tcase_add_test(tc, test_entries_complete);
	tcase_add_test(tc, test_dressing_by_name_kind_method);
	tcase_add_test(tc, test_theme_tint);
	tcase_add_test(tc, test_every_shipped_system_loads);
	tcase_add_test(tc, test_neutral_variety);
	tcase_add_test(tc, test_man_page_example);
	suite_add_tcase(s, tc);
	tc = tcase_create("numbering");
	tcase_add_test(tc, test_numbering_breadth_first);
	tcase_add_test(tc, test_numbering_reading_and_halls);
	tcase_add_test(tc, test_key_said_once);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(stock_suite)
