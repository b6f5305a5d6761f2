/* check_key_variety.c: a key does not repeat itself. Over 200 seeds of
 * every method and 50 three-level booklets, keyed in memory with the site
 * and stocked by the neutral system and by 5e, the key's words are read
 * sentence by sentence (each paragraph but the map's own: exits, stairs,
 * the way in, a hall's walk, features and what else is here, a door's
 * rules, fight figures, and
 * the bare label "Empty."; a wandering row
 * without its number and its figures): no descriptive sentence is said twice in one
 * document, a booklet counting as one, and no wandering table has two rows
 * alike (the same line for the same creatures, wherever they come from).
 * Across 60 maps (5 methods x 12 seeds) no sentence is in more than a
 * tenth of them; and with every faction's lines cut to one a use, booklets
 * still say nothing twice. The counts are printed; KEY_VARIETY_ALL=1 in
 * the environment lists every sentence said again, with its document. */
#include "testutil.h"

#include "app/level_keys.h"
#include "methods/levels.h"
#include "model/doc.h"
#include "site/site.h"
#include "stock/stock_table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 200
#define BOOKLETS 50
#define ACROSS_SEEDS 12
#define ACROSS_LIMIT 6      /* a tenth of the 60 maps */

static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
#define NMETHODS ((int)(sizeof methods / sizeof methods[0]))

static struct site_tables site;
static struct stock_tables neutral, five;

static void load(void)
{
	struct err e;
	ck_assert_msg(site_tables_load(&site, test_template_dirs(), &e) == 0, "%s", e.msg);
	ck_assert_msg(stock_tables_load(&neutral, test_template_dirs(), "neutral", &e) == 0, "%s", e.msg);
	ck_assert_msg(stock_tables_load(&five, test_template_dirs(), "5e", &e) == 0, "%s", e.msg);
}

static void unload(void)
{
	site_tables_free(&site);
	stock_tables_free(&neutral);
	stock_tables_free(&five);
}

/* ---- a document's sentences ---- */

/* A set of sentences, each with a count: the document's, or the maps'. */
struct said {
	char **text;
	int *count;
	int n, cap;
	int last_doc;       /* for the maps' tally: the document that counted it last */
	int *doc;
};

static void said_free(struct said *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->text[i]);
	free(s->text);
	free(s->count);
	free(s->doc);
	memset(s, 0, sizeof *s);
}

static int said_find(const struct said *s, const char *t)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->text[i], t) == 0)
			return i;
	return -1;
}

/* Counts sentence t once more; in a maps' tally (doc >= 0), once a document. */
static int said_count(struct said *s, const char *t, int doc)
{
	int i = said_find(s, t);
	if (i < 0) {
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 512;
			s->text = realloc(s->text, (size_t)s->cap * sizeof *s->text);
			s->count = realloc(s->count, (size_t)s->cap * sizeof *s->count);
			s->doc = realloc(s->doc, (size_t)s->cap * sizeof *s->doc);
			ck_assert(s->text && s->count && s->doc);
		}
		i = s->n++;
		s->text[i] = strdup(t);
		ck_assert_ptr_nonnull(s->text[i]);
		s->count[i] = 0;
		s->doc[i] = -1;
	}
	if (doc < 0 || s->doc[i] != doc)
		s->count[i]++;
	s->doc[i] = doc;
	return s->count[i];
}

/* Paragraphs the map writes, not the tables: said alike wherever the map
 * is alike (what else the map draws in a room is listed "Also here:"). */
static int from_the_map(const char *line)
{
	static const char *const heads[] = { "Stairs ", "The way in:", "The hall runs ", "From ", "Features:",
					     "Also here:", "Encounter:", "Nobody: " };
	for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
		if (strncmp(line, heads[i], strlen(heads[i])) == 0)
			return 1;
	/* a room the site has described, with nobody in it: a label, not a
	 * description */
	if (strcmp(line, "Empty.") == 0)
		return 1;
	/* a door's rules, by its kind and wall ("The secret door in the east
	 * wall: ...") */
	static const char *const doors[] = { "The door in the ", "The locked door in the ", "The secret door in the ",
					     "The portcullis in the " };
	for (size_t i = 0; i < sizeof doors / sizeof doors[0]; i++)
		if (strncmp(line, doors[i], strlen(doors[i])) == 0)
			return 1;
	/* where a key lies, and the doors it opens */
	return strstr(line, "; it opens the locked door") != NULL;
}

/* Calls fn on each sentence of paragraph p: past a label ("Who: ",
 * "Trap (deadly): ") or a row's number ("4. "), split after a full stop
 * that a space and a capital or a digit follow. */
static void sentences(const char *p, void (*fn)(void *, const char *), void *ctx)
{
	const char *colon = strstr(p, ": ");
	if (colon && colon - p < 24) {
		const char *q = p;
		while (q < colon && (isalpha((unsigned char)*q) || strchr(" ()", *q)))
			q++;
		if (q == colon)
			p = colon + 2;
	}
	if (isdigit((unsigned char)p[0])) {
		const char *q = p;
		while (isdigit((unsigned char)*q))
			q++;
		if (q[0] == '.' && q[1] == ' ')
			p = q + 2;
	}
	char buf[1200];
	while (*p) {
		while (*p == ' ')
			p++;
		size_t n = 0;
		while (p[n] && !(strchr(".!?", p[n]) && p[n + 1] == ' ' &&
				 (isupper((unsigned char)p[n + 2]) || isdigit((unsigned char)p[n + 2]))))
			n++;
		if (p[n])
			n++;
		if (n > 0) {
			snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n : sizeof buf - 1), p);
			fn(ctx, buf);
		}
		p += n;
	}
}

/* What a document's reading counts. */
struct reading {
	struct said doc;        /* this document's sentences */
	struct said *maps;      /* the maps' tally, or NULL */
	int docno;
	const char *what;       /* the document, for KEY_VARIETY_ALL */
	int repeats;            /* sentences said again in the document */
	char first[400];        /* the first repeated */
};

static void read_sentence(void *ctx, const char *t)
{
	struct reading *r = ctx;
	if (strstr(t, " × ") && strstr(t, " XP"))
		return;   /* a wandering row's figures: the system's numbers */
	if (said_count(&r->doc, t, -1) > 1) {
		if (!r->repeats)
			snprintf(r->first, sizeof r->first, "%s", t);
		r->repeats++;
		if (getenv("KEY_VARIETY_ALL"))
			fprintf(stderr, "said again (%s): %s\n", r->what, t);
	}
	if (r->maps)
		said_count(r->maps, t, r->docno);
}

/* A wandering row without its number and where its creatures come from:
 * "4. 1d4+2 gnolls from room 7 lope ..." as "1d4+2 gnolls lope ...". */
static void row_body(const char *row, char *out, size_t size)
{
	const char *p = strchr(row, ' ');
	p = p ? p + 1 : row;
	size_t n = 0;
	while (*p && n + 1 < size) {
		if (strncmp(p, " from room ", 11) == 0 && isdigit((unsigned char)p[11])) {
			p += 11;
			while (isdigit((unsigned char)*p))
				p++;
			continue;
		}
		out[n++] = *p++;
	}
	out[n] = '\0';
}

/* Rows of lv's wandering table alike. */
static int rows_alike(const struct level *lv, char *first, size_t size)
{
	int alike = 0;
	for (int i = 0; i < lv->key.nwandering; i++)
		for (int j = 0; j < i; j++) {
			char a[600], b[600];
			row_body(lv->key.wandering[i], a, sizeof a);
			row_body(lv->key.wandering[j], b, sizeof b);
			if (strcmp(a, b) == 0) {
				if (!alike)
					snprintf(first, size, "%s", a);
				alike++;
			}
		}
	return alike;
}

/* A row's head: who and how many ("7 × Veteran"; "2d4 kobolds" before
 * " from room", else the first three words: "1d3 giant rats"). */
static void row_head(const char *row, char *out, size_t size)
{
	const char *p = strchr(row, ' ');
	p = p ? p + 1 : row;
	const char *end;
	if (strstr(p, " × ") && strstr(p, " ("))
		end = strstr(p, " (");
	else if (strstr(p, " from room "))
		end = strstr(p, " from room ");
	else
		for (int w = 0, i = 0; (end = strchr(p + i, ' ')) != NULL && ++w < 3; i = (int)(end - p) + 1)
			;
	snprintf(out, size, "%.*s", end ? (int)(end - p) : (int)strlen(p), p);
}

/* Whether heads a and b are alike: equal, or one the other's first words. */
static int heads_match(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), n = la < lb ? la : lb;
	return strncmp(a, b, n) == 0 && (a[n] == '\0' || a[n] == ' ') && (b[n] == '\0' || b[n] == ' ');
}

/* Rows of lv's wandering table with the same head as another. */
static int heads_alike(const struct level *lv, char *first, size_t size)
{
	int alike = 0;
	for (int i = 0; i < lv->key.nwandering; i++)
		for (int j = 0; j < i; j++) {
			char a[200], b[200];
			row_head(lv->key.wandering[i], a, sizeof a);
			row_head(lv->key.wandering[j], b, sizeof b);
			if (heads_match(a, b)) {
				if (!alike)
					snprintf(first, size, "%s", a);
				if (getenv("KEY_VARIETY_ALL"))
					fprintf(stderr, "head again: %s\n", a);
				alike++;
			}
		}
	return alike;
}

/* Reads the levels' keys as one document. */
static void read_doc(struct reading *r, const struct level *lv, int n)
{
	for (int k = 0; k < n; k++) {
		const struct key *key = &lv[k].key;
		for (int i = 0; i < key->n; i++)
			for (int j = 0; j < key->entries[i].nlines; j++)
				if (!from_the_map(key->entries[i].lines[j]))
					sentences(key->entries[i].lines[j], read_sentence, r);
		for (int i = 0; i < key->nwandering; i++)
			sentences(key->wandering[i], read_sentence, r);
	}
}

/* ---- making documents ---- */

/* n levels of csv keyed with the site and the system's tables (5e: for 4
 * characters of a level from the seed). */
static void make_doc(struct level *lv, int n, const char *csv, const char *seed, int five_e, int party_level,
		     struct site_plan *plan)
{
	test_levels_generate(lv, n, csv, seed);
	memset(plan, 0, sizeof *plan);
	struct err e;
	struct key_options ko = { KEY_NUMBER_ENTRANCE, 1, five_e ? "5e" : "neutral", test_template_dirs(), 0,
				  five_e ? &five : &neutral, 4, five_e ? party_level : 0 };
	ck_assert_msg(level_site_plan(plan, &site, lv, n, seed, &ko, &e) == 0, "%s", e.msg);
	ck_assert_msg(level_keys_build(lv, n, &ko, plan, &site, seed, NULL, &e) == 0, "%s", e.msg);
}

struct totals {
	int docs, repeats, rows_alike, heads_alike;
	char first[700], first_row[700], first_head[300];
};

static void one_doc(struct totals *t, int n, const char *csv, const char *seed, int five_e, int party_level,
		    struct said *maps, int docno)
{
	struct level lv[3];
	struct site_plan plan;
	make_doc(lv, n, csv, seed, five_e, party_level, &plan);
	char what[160];
	snprintf(what, sizeof what, "%s seed %s, %s", csv, seed, five_e ? "5e" : "neutral");
	struct reading r = { .maps = maps, .docno = docno, .what = what };
	read_doc(&r, lv, n);
	if (r.repeats && !t->repeats)
		snprintf(t->first, sizeof t->first, "%s seed %s (%s): \"%s\"", csv, seed, five_e ? "5e" : "neutral",
			 r.first);
	t->repeats += r.repeats;
	for (int k = 0; k < n; k++) {
		char row[600];
		int alike = rows_alike(&lv[k], row, sizeof row);
		if (alike && !t->rows_alike)
			snprintf(t->first_row, sizeof t->first_row, "%s seed %s level %d: \"%s\"", csv, seed, k + 1, row);
		t->rows_alike += alike;
		char head[200];
		int heads = heads_alike(&lv[k], head, sizeof head);
		if (heads && !t->heads_alike)
			snprintf(t->first_head, sizeof t->first_head, "%s seed %s level %d: \"%s\"", csv, seed, k + 1, head);
		t->heads_alike += heads;
	}
	t->docs++;
	said_free(&r.doc);
	levels_free(lv, n);
	site_plan_free(&plan);
}

static void report(const char *what, const struct totals *t)
{
	fflush(stdout);
	printf("key variety, %s: %d documents, %d sentences said again in a document, %d wandering rows alike, "
	       "%d wandering rows repeated (the same number of the same creature)%s%s\n",
	       what, t->docs, t->repeats, t->rows_alike, t->heads_alike, t->heads_alike ? ": " : "", t->first_head);
	fflush(stdout);
}

/* ---- the tests ---- */

START_TEST(test_no_sentence_twice_in_a_map)
{
	load();
	struct totals t = { 0 };
	for (int m = 0; m < NMETHODS; m++)
		for (int s = 0; s < SEEDS; s++) {
			char seed[32];
			snprintf(seed, sizeof seed, "variety-%d", s);
			/* neutral and 5e in turn, 5e for a party of level 1 to 20 */
			one_doc(&t, 1, methods[m], seed, s % 2, 1 + s % 20, NULL, -1);
		}
	report("maps", &t);
	ck_assert_msg(t.repeats == 0, "%d sentences said again; the first: %s", t.repeats, t.first);
	ck_assert_msg(t.rows_alike == 0, "%d wandering rows alike; the first: %s", t.rows_alike, t.first_row);
	ck_assert_msg(t.heads_alike == 0, "%d wandering rows repeated; the first: %s", t.heads_alike, t.first_head);
	unload();
}
END_TEST

START_TEST(test_no_sentence_twice_in_a_booklet)
{
	load();
	struct totals t = { 0 };
	for (int s = 0; s < BOOKLETS; s++) {
		char seed[32], csv[64];
		snprintf(seed, sizeof seed, "booklet-%d", s);
		snprintf(csv, sizeof csv, "%s,%s,%s", methods[s % NMETHODS], methods[(s + 1) % NMETHODS],
			 methods[(s + 3) % NMETHODS]);
		one_doc(&t, 3, csv, seed, s % 2, 1 + s % 20, NULL, -1);
	}
	report("three-level booklets", &t);
	ck_assert_msg(t.repeats == 0, "%d sentences said again; the first: %s", t.repeats, t.first);
	ck_assert_msg(t.rows_alike == 0, "%d wandering rows alike; the first: %s", t.rows_alike, t.first_row);
	ck_assert_msg(t.heads_alike == 0, "%d wandering rows repeated; the first: %s", t.heads_alike, t.first_head);
	unload();
}
END_TEST

START_TEST(test_few_sentences_common_across_maps)
{
	load();
	struct said maps = { 0 };
	struct totals t = { 0 };
	int docno = 0;
	for (int m = 0; m < NMETHODS; m++)
		for (int s = 0; s < ACROSS_SEEDS; s++) {
			char seed[32];
			snprintf(seed, sizeof seed, "across-%d", s);
			one_doc(&t, 1, methods[m], seed, 0, 0, &maps, docno++);
		}
	int over = 0, worst = -1;
	for (int i = 0; i < maps.n; i++)
		if (maps.count[i] > ACROSS_LIMIT) {
			over++;
			if (worst < 0 || maps.count[i] > maps.count[worst])
				worst = i;
		}
	printf("key variety, %d maps: %d sentences in more than %d of them\n", docno, over, ACROSS_LIMIT);
	for (int i = 0; i < maps.n; i++)
		if (maps.count[i] > ACROSS_LIMIT)
			printf("  %d maps: %s\n", maps.count[i], maps.text[i]);
	fflush(stdout);
	ck_assert_msg(over == 0, "%d sentences in more than %d of %d maps; the most common, in %d: \"%s\"", over,
		      ACROSS_LIMIT, docno, worst >= 0 ? maps.count[worst] : 0, worst >= 0 ? maps.text[worst] : "");
	said_free(&maps);
	unload();
}
END_TEST

/* Whether line (a "Who:" line) says one of the group lines any faction's
 * group may say: the line's words past "{who}". */
static int says_group_line(const char *line)
{
	for (int r = 0; r < ROLE_COUNT; r++)
		for (int i = 0; i < site.ngroup[r]; i++) {
			const char *tail = strstr(site.group[r][i], "{who}");
			if (tail && strstr(line, tail + strlen("{who}")))
				return 1;
		}
	return 0;
}

/* With every faction's lines cut to one for each use of a room, booklets
 * of many rooms still say no sentence twice: their groups say the group
 * lines, and a wandering row with nothing new to say meets nobody. */
START_TEST(test_spent_lines_give_way)
{
	load();
	int (*kept)[ROLE_COUNT] = calloc((size_t)site.nfactions, sizeof *kept);
	ck_assert_ptr_nonnull(kept);
	for (int f = 0; f < site.nfactions; f++)
		for (int r = 0; r < ROLE_COUNT; r++) {
			kept[f][r] = site.factions[f].ndoing[r];
			if (kept[f][r] > 1)
				site.factions[f].ndoing[r] = 1;
		}
	struct totals t = { 0 };
	int group_lines = 0, signs = 0;
	for (int s = 0; s < 12; s++) {
		char seed[32];
		snprintf(seed, sizeof seed, "spent-%d", s);
		struct level lv[3];
		struct site_plan plan;
		make_doc(lv, 3, "house,mansion,house", seed, s % 2, 1 + s % 20, &plan);
		struct reading r = { .docno = -1, .what = seed };
		read_doc(&r, lv, 3);
		t.repeats += r.repeats;
		if (r.repeats && !t.first[0])
			snprintf(t.first, sizeof t.first, "seed %s: \"%s\"", seed, r.first);
		for (int k = 0; k < 3; k++) {
			const struct key *key = &lv[k].key;
			for (int i = 0; i < key->n; i++)
				for (int j = 0; j < key->entries[i].nlines; j++)
					group_lines += !strncmp(key->entries[i].lines[j], "Who: ", 5) &&
						       says_group_line(key->entries[i].lines[j]);
			for (int i = 0; i < key->nwandering; i++)
				signs += strstr(key->wandering[i], ". Nobody: ") && !strstr(key->wandering[i], "only the sounds");
		}
		said_free(&r.doc);
		levels_free(lv, 3);
		site_plan_free(&plan);
	}
	for (int f = 0; f < site.nfactions; f++)
		for (int r = 0; r < ROLE_COUNT; r++)
			site.factions[f].ndoing[r] = kept[f][r];
	free(kept);
	printf("key variety, a line a use: 12 booklets, %d sentences said again, %d group lines, %d rows meeting "
	       "nobody\n",
	       t.repeats, group_lines, signs);
	fflush(stdout);
	ck_assert_msg(t.repeats == 0, "%d sentences said again; the first: %s", t.repeats, t.first);
	ck_assert_msg(group_lines > 0, "no group line said where the factions' own were spent");
	ck_assert_msg(signs > 0, "no wandering row met nobody where the factions' rows were spent");
	unload();
}
END_TEST

static Suite *key_variety_suite(void)
{
	Suite *s = suite_create("key_variety");
	TCase *tc = tcase_create("key_variety");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_no_sentence_twice_in_a_map);
	tcase_add_test(tc, test_no_sentence_twice_in_a_booklet);
	tcase_add_test(tc, test_few_sentences_common_across_maps);
	tcase_add_test(tc, test_spent_lines_give_way);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(key_variety_suite)
