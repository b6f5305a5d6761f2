/* check_deck.c: the room cards of the cards method. Every shipped card
 * parses, fits the default cell and meets a neighbour doorway to doorway in
 * every orientation it allows; bad cards are refused with file:line:col;
 * over a thousand maps every room is a card, every room is reached with the
 * keys in order, at least 30 cards are used, a plain room stands in for a
 * card in fewer than one room in a hundred, and a deck deals each card once
 * before any card twice; --deck reads a user's folder, and a card that can
 * never meet its neighbours leaves a plain room the roll log names. */
#include "testutil.h"

#include "methods/cards/cards_int.h"
#include "invariants.h"
#include "model/map_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SEEDS 1000
#define DEFAULT_CELL 8

static void load_shipped(struct card_set *s)
{
	struct err e = { 0 };
	ck_assert_msg(card_set_load(s, test_template_dirs(), NULL, &e) == 0, "%s", e.msg);
}

/* True when the walkable squares of card c in orientation o join up and
 * reach every doorway it shows there. */
static int walks_through(const struct card *c, int o)
{
	int n = c->side, seen[CARD_MAX_SIDE * CARD_MAX_SIDE] = { 0 }, stack[CARD_MAX_SIDE * CARD_MAX_SIDE];
	int top = 0, start = -1, floor = 0, reached = 0;
	for (int i = 0; i < n * n; i++) {
		char ch = card_at(c, o, i % n, i / n);
		if (ch == '.' || ch == 'D' || ch == '~' || ch == '%') {
			floor++;
			if (start < 0)
				start = i;
		}
	}
	seen[start] = 1;
	stack[top++] = start;
	while (top > 0) {
		int i = stack[--top];
		reached++;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int x = i % n + side_dx[s], y = i / n + side_dy[s];
			if (x < 0 || y < 0 || x >= n || y >= n || seen[y * n + x])
				continue;
			char ch = card_at(c, o, x, y);
			if (ch == '.' || ch == 'D' || ch == '~' || ch == '%') {
				seen[y * n + x] = 1;
				stack[top++] = y * n + x;
			}
		}
	}
	return reached == floor;
}

/* The square in the middle of side s of card c laid in orientation o. */
static char middle_of(const struct card *c, int o, int s)
{
	int n = c->side, m = n / 2;
	int x = s == SIDE_E ? n - 1 : s == SIDE_W ? 0 : m, y = s == SIDE_S ? n - 1 : s == SIDE_N ? 0 : m;
	return card_at(c, o, x, y);
}

START_TEST(test_shipped_deck)
{
	struct card_set s;
	load_shipped(&s);
	ck_assert_int_ge(s.n, 40);
	ck_assert_int_ge(s.ndecks, 4);
	for (int d = 0; d < s.ndecks; d++) {
		int start = 0, bridge = 0, dead_end = 0, rooms = 0;
		for (int i = 0; i < s.n; i++) {
			if (s.cards[i].deck != d)
				continue;
			start += s.cards[i].role == CARD_START;
			bridge += s.cards[i].role == CARD_BRIDGE;
			rooms += s.cards[i].role == CARD_ROOM;
			dead_end += s.cards[i].role == CARD_ROOM && __builtin_popcount(s.cards[i].doors) == 1;
		}
		ck_assert_msg(start >= 1 && bridge >= 1 && dead_end >= 1 && rooms >= 6,
			      "deck %s: %d start, %d bridge, %d rooms of which %d dead ends", s.decks[d], start, bridge,
			      rooms, dead_end);
	}
	for (int i = 0; i < s.n; i++) {
		const struct card *c = &s.cards[i];
		ck_assert_msg(c->title[0], "card %s has no title", c->name);
		ck_assert_msg(c->side <= DEFAULT_CELL - 1, "card %s does not fit the default cell", c->name);
		for (int j = 0; j < i; j++)
			ck_assert_msg(strcmp(s.cards[j].name, c->name) != 0, "card %s is in two decks", c->name);
	}
	card_set_free(&s);
}
END_TEST

/* Every orientation a card allows keeps its room whole and puts a doorway,
 * where it says it has one, at the middle of that side, where the card
 * laid beside it has its own: every pair meets square to square. */
START_TEST(test_every_orientation_joins)
{
	struct card_set s;
	load_shipped(&s);
	long meetings = 0;
	for (int i = 0; i < s.n; i++) {
		const struct card *a = &s.cards[i];
		for (int oa = 0; oa < CARD_TURNS; oa++) {
			if (!(a->turns & (1u << oa)))
				continue;
			ck_assert_msg(walks_through(a, oa), "card %s, orientation %d: its floor falls apart", a->name, oa);
			unsigned da = card_doors(a, oa);
			ck_assert_int_eq(__builtin_popcount(da), __builtin_popcount(a->doors));
			for (int side = 0; side < SIDE_COUNT; side++)
				ck_assert_msg(((da >> side) & 1u) == (middle_of(a, oa, side) == 'D'),
					      "card %s, orientation %d: side %d's doorway is misplaced", a->name, oa, side);
			if (!(da & (1u << SIDE_E)))
				continue;
			for (int j = 0; j < s.n; j++) {
				const struct card *b = &s.cards[j];
				for (int ob = 0; ob < CARD_TURNS; ob++) {
					if (!(b->turns & (1u << ob)) || !(card_doors(b, ob) & (1u << SIDE_W)))
						continue;
					/* a to the west, b to the east: doorways on the same row */
					ck_assert(b->side == a->side);
					ck_assert(card_at(a, oa, a->side - 1, a->side / 2) == 'D' &&
						  card_at(b, ob, 0, b->side / 2) == 'D');
					meetings++;
				}
			}
		}
	}
	ck_assert_int_gt(meetings, 10000);
	card_set_free(&s);
}
END_TEST

/* Reads one card from text; returns the error message ("" when read). */
static const char *read_one(const char *text, struct err *e)
{
	struct card_set s;
	memset(&s, 0, sizeof s);
	memset(e, 0, sizeof *e);
	int rc = card_read_text(&s, "bad.card", "bad", text, strlen(text), e);
	card_set_free(&s);
	return rc == 0 ? "" : e->msg;
}

START_TEST(test_bad_cards)
{
	struct err e;
	const char *ok = "card:ok\ntitle:Fine\nrow:#####\nrow:#...#\nrow:D...#\nrow:#...#\nrow:#####\n";
	ck_assert_str_eq(read_one(ok, &e), "");
	/* no doorway: named at its card: line */
	const char *none = "card:shut\nrow:#####\nrow:#...#\nrow:#...#\nrow:#...#\nrow:#####\n";
	ck_assert_ptr_nonnull(strstr(read_one(none, &e), "bad.card:1:1: card 'shut' has no doorway"));
	ck_assert_int_eq(e.kind, ERR_USAGE);
	/* a doorway off the middle of its side: line 4, the D in column 7 */
	const char *off = "card:off\nrow:#####\nrow:#...#\nrow:D..##\nrow:#...#\nrow:#D###\n";
	ck_assert_ptr_nonnull(strstr(read_one(off, &e), "bad.card:6:6: card 'off': a doorway off the side's places"));
	/* a feature walled off from the floor: the statue at line 5, column 8 */
	const char *walled = "card:walled\nrow:#####\nrow:#...#\nrow:D...#\nrow:##&##\nrow:#####\n";
	ck_assert_str_eq(read_one(walled, &e), "");   /* beside the floor: fine */
	const char *lost = "card:lost\nrow:#####\nrow:#...#\nrow:D...#\nrow:#####\nrow:#&###\n";
	ck_assert_ptr_nonnull(strstr(read_one(lost, &e), "bad.card:6:6: card 'lost': a feature off the floor"));
	/* floor the doorways cannot reach */
	const char *cut = "card:cut\nrow:#####\nrow:#.#.#\nrow:D.#.#\nrow:#.#.#\nrow:#####\n";
	ck_assert_ptr_nonnull(strstr(read_one(cut, &e), "bad.card:3:8: card 'cut': floor cut off"));
	/* not square, an unknown square, a bridge without a way through */
	ck_assert_ptr_nonnull(strstr(read_one("card:wide\nrow:#######\nrow:D.....#\nrow:#######\n", &e),
				     "bad.card:1:1: card 'wide' is 7x3 squares"));
	ck_assert_ptr_nonnull(strstr(read_one("card:odd\nrow:##x##\n", &e), "bad.card:2:7: unknown square 'x'"));
	ck_assert_ptr_nonnull(strstr(read_one("card:b\nrole:bridge\nrow:##D##\nrow:#...#\nrow:D...#\nrow:#...#\nrow:#####\n",
					      &e), "bridge card 'b' needs doorways on two opposite sides"));
	ck_assert_ptr_nonnull(strstr(read_one("card:t\nturn:sideways\n", &e), "bad.card:2:6: unknown turn 'sideways'"));
	ck_assert_ptr_nonnull(strstr(read_one("row:#####\n", &e), "'row' before any 'card:' line"));
	ck_assert_ptr_nonnull(strstr(read_one(
		"card:twice\nrow:##D##\nrow:#...#\nrow:#...#\nrow:#...#\nrow:#####\ncard:twice\nrow:##D##\nrow:#...#\nrow:#...#\nrow:#...#\nrow:#####\n",
		&e), "bad.card:7:1: card 'twice' is already in deck 'bad'"));
}
END_TEST

/* What the sweep gathers: the cards used, and the shipped set to read a
 * card's deck and role by its name. */
struct tally {
	struct card_set set;
	unsigned char used[512];
	long rooms, plain;
};

static int card_by_name(const struct card_set *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->cards[i].name, name) == 0)
			return i;
	return -1;
}

/* Every numbered room is a card but the few where none could meet its
 * neighbours (counted); each pile (a deck's cards of one role) deals every
 * card once before any twice: over d draws from a pile of P, a card comes
 * up more than ceil(d/P) times only when another came up fewer than
 * floor(d/P) times (the last of a round could not meet a cell and waited
 * for the next), and no card twice as often as that. */
static const char *deck_rules(const struct map *m, const struct gen_params *p, void *ctx, char *buf, size_t size)
{
	struct tally *t = ctx;
	int count[512] = { 0 }, draws[CARD_MAX_DECKS * CARD_ROLE_COUNT] = { 0 };
	(void)p;
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (!region_is_keyed(r->kind))
			continue;
		t->rooms++;
		if (!r->card[0]) {   /* no card could meet its neighbours */
			t->plain++;
			continue;
		}
		int k = card_by_name(&t->set, r->card);
		if (k < 0) {
			snprintf(buf, size, "room %d: unknown card '%s'", r->number, r->card);
			return buf;
		}
		count[k]++;
		draws[t->set.cards[k].deck * CARD_ROLE_COUNT + t->set.cards[k].role]++;
		t->used[k] = 1;
	}
	for (int k = 0; k < t->set.n; k++) {
		const struct card *c = &t->set.cards[k];
		int pile = 0, lo = 1 << 30, hi = 0;
		for (int j = 0; j < t->set.n; j++)
			if (t->set.cards[j].deck == c->deck && t->set.cards[j].role == c->role) {
				pile++;
				lo = count[j] < lo ? count[j] : lo;
				hi = count[j] > hi ? count[j] : hi;
			}
		int d = draws[c->deck * CARD_ROLE_COUNT + c->role];
		/* more than its share only behind a card that could not be laid */
		if (count[k] > (d + pile - 1) / pile && lo >= d / pile) {
			snprintf(buf, size, "card %s dealt %d times in %d draws from a pile of %d", c->name, count[k], d,
				 pile);
			return buf;
		}
		if (hi - lo > 2) {
			snprintf(buf, size, "deck %s: a card dealt %d times, another %d", t->set.decks[c->deck], hi, lo);
			return buf;
		}
	}
	return NULL;
}

START_TEST(test_thousand_maps)
{
	struct tally *t = calloc(1, sizeof *t);
	ck_assert_ptr_nonnull(t);
	load_shipped(&t->set);
	ck_assert_int_le(t->set.n, 512);
	struct sweep sw = { .method = "cards", .seeds = SEEDS, .prefix = "deck", .check = deck_rules, .ctx = t };
	struct sweep_stats stats;
	test_sweep(&sw, &stats);
	ck_assert_int_eq(stats.maps, SEEDS);
	int distinct = 0;
	for (int k = 0; k < t->set.n; k++)
		distinct += t->used[k];
	ck_assert_int_ge(distinct, 30);
	/* plain rooms only where the cards left in a pile cannot meet a cell */
	ck_assert_int_eq(t->rooms, stats.keyed);
	ck_assert_msg(t->plain * 100 <= t->rooms, "%ld plain rooms in %ld", t->plain, t->rooms);
	card_set_free(&t->set);
	free(t);
}
END_TEST

/* Every join kind and layout deals cards too, and the walk with keys
 * reaches every room. */
START_TEST(test_joins_deal_cards)
{
	struct gen_params p;
	gen_params_default(&p);
	p.rooms = 40;
	p.cards.zones = 5;
	p.cards.joins = CARDS_JOIN_ALL;
	method_find("cards")->fit_size(p.rooms, &p.w, &p.h);
	int cards = 0, rooms = 0;
	for (int i = 0; i < 200; i++) {
		struct map m;
		struct err e = { 0 };
		char seed[32];
		snprintf(seed, sizeof seed, "joins-%d", i);
		p.cards.layout = (enum cards_layout)(i % 4);
		ck_assert_msg(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s: %s", seed, e.msg);
		ck_assert_int_eq(cards_walk_keys(&m, &e), m.nregions);
		for (int id = 1; id <= m.nregions; id++)
			if (region_is_keyed(m.regions[id].kind)) {
				rooms++;
				cards += m.regions[id].card[0] != '\0';
			}
		map_free(&m);
	}
	ck_assert_msg(cards * 100 >= rooms * 99, "%d of %d rooms are cards", cards, rooms);
}
END_TEST

/* A lower level grows from the stairs' square: its first room is still a
 * start card, reached from the stairs, with no feature under them, and the
 * links to its neighbours run on past that way to it. */
START_TEST(test_start_square_card)
{
	for (int s = 0; s < 40; s++) {
		struct gen_params p;
		gen_params_default(&p);
		p.rooms = 20;
		method_find("cards")->fit_size(p.rooms, &p.w, &p.h);
		p.depth = 2;
		p.levels = 2;
		p.start_x = (s * 13) % p.w;
		p.start_y = (s * 29) % p.h;
		if (s % 2 == 0) {   /* on the rock between cells, on a middle line the links use */
			p.start_x = (s % 10) % (p.w / DEFAULT_CELL) * DEFAULT_CELL + DEFAULT_CELL - 1;
			p.start_y = (s % 6) % (p.h / DEFAULT_CELL) * DEFAULT_CELL + (DEFAULT_CELL - 2) / 2;
		}
		struct map m;
		struct err e = { 0 };
		char seed[32];
		snprintf(seed, sizeof seed, "below-%d", s);
		ck_assert_msg(test_generate(&m, "cards", seed, &p, 0, 0, 0, &e) == 0, "%s: %s", seed, e.msg);
		int id = map_at(&m, p.start_x, p.start_y);
		ck_assert_int_gt(id, 0);
		ck_assert(m.regions[id].flags & REGION_FLAG_ENTRY);
		ck_assert_msg(m.regions[id].card[0], "%s: the first room is plain", seed);
		ck_assert_int_eq(m.features[(long)p.start_y * m.w + p.start_x], FEATURE_NONE);
		ck_assert_msg(map_check(&m, &e) == 0, "%s: %s", seed, e.msg);
		ck_assert_int_eq(cards_walk_keys(&m, &e), m.nregions);
		map_free(&m);
	}
}
END_TEST

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

/* A user's deck: with --deck DIR only its cards are dealt; a card that can
 * only face north cannot meet most neighbours, so those cells get plain
 * rooms and the roll log says so; +DIR adds the cards to the shipped ones. */
START_TEST(test_user_deck)
{
	char dir[] = "/tmp/mapsheet-deck-XXXXXX", path[64], cmd[512];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/mine.card", dir);
	write_file(path, "card:north-only\ntitle:Stiff Room\nturn:none\nrow:...D...\nrow:.......\nrow:..A....\n"
			 "row:.......\nrow:.......\nrow:.......\nrow:.......\n"
			 "card:my-start\ntitle:My Gate\nrole:start\nrow:...D...\nrow:.......\nrow:.......\nrow:D.....D\n"
			 "row:.......\nrow:.......\nrow:...D...\n");
	char out[96], log[96];
	snprintf(out, sizeof out, "%s/map.json", dir);
	snprintf(log, sizeof log, "%s/roll.log", dir);
	snprintf(cmd, sizeof cmd, "--method cards --deck %s --seed mine --log %s -o %s", dir, log, out);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	char *json = test_slurp(out, NULL), *text = test_slurp(log, NULL);
	ck_assert_ptr_nonnull(json);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(json, "\"card\": \"my-start\""));
	ck_assert_ptr_nonnull(strstr(json, "\"name\": \"My Gate\""));
	ck_assert_ptr_null(strstr(json, "pillared-hall"));
	ck_assert_ptr_nonnull(strstr(text, "no card of the zone's deck meets its neighbours' doorways; a plain room"));
	ck_assert_ptr_nonnull(strstr(text, "no card of the pile meets doorways"));
	free(json);
	free(text);
	/* beside the shipped decks */
	snprintf(cmd, sizeof cmd, "--method cards --deck +%s --seed mine --rooms 60 -o %s", dir, out);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	json = test_slurp(out, NULL);
	ck_assert_ptr_nonnull(json);
	ck_assert_ptr_nonnull(strstr(json, "\"card\": \""));
	free(json);
	/* a folder that is not one, a bad card: usage errors naming it */
	snprintf(cmd, sizeof cmd, "--method cards --deck %s/none -o %s", dir, out);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 2);
	write_file(path, "card:broken\nrow:#####\nrow:#...#\nrow:#...#\nrow:#...#\nrow:#####\n");
	snprintf(cmd, sizeof cmd, "--method cards --deck %s -o %s", dir, out);
	snprintf(log, sizeof log, "%s/err.txt", dir);
	ck_assert_int_eq(test_run(cmd, NULL, log), 2);
	text = test_slurp(log, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "mine.card:1:1: card 'broken' has no doorway"));
	free(text);
	unlink(path);
	unlink(log);
	unlink(out);
	snprintf(path, sizeof path, "%s/roll.log", dir);
	unlink(path);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* The key titles a room by its card and lists its features. */
START_TEST(test_key_titles_and_features)
{
	char out[] = "/tmp/mapsheet-deck-key-XXXXXX";
	int fd = mkstemp(out);
	ck_assert_int_ge(fd, 0);
	close(fd);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "--method cards --seed key-words --rooms 40 --format md -o %s", out);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	char *md = test_slurp(out, NULL);
	ck_assert_ptr_nonnull(md);
	ck_assert_ptr_nonnull(strstr(md, "Features: "));
	struct card_set s;
	load_shipped(&s);
	int titled = 0;
	for (int i = 0; i < s.n; i++) {
		char head[64];
		snprintf(head, sizeof head, ". %s\n", s.cards[i].title);
		titled += strstr(md, head) != NULL;
	}
	ck_assert_int_ge(titled, 10);
	card_set_free(&s);
	free(md);
	unlink(out);
}
END_TEST

static Suite *deck_suite(void)
{
	Suite *s = suite_create("deck");
	TCase *tc = tcase_create("cards");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_shipped_deck);
	tcase_add_test(tc, test_every_orientation_joins);
	tcase_add_test(tc, test_bad_cards);
	tcase_add_test(tc, test_thousand_maps);
	tcase_add_test(tc, test_joins_deal_cards);
	tcase_add_test(tc, test_start_square_card);
	tcase_add_test(tc, test_user_deck);
	tcase_add_test(tc, test_key_titles_and_features);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(deck_suite)
