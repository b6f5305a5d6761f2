/* check_hall_runs.c: a hallway's key entry says how its runs go. Halls
 * made by hand, shaped like a T, an L and a comb with more branches than
 * are named, give the expected sentence; a hall too wide to be runs, or
 * too small, gets none; over 200 house seeds (and 100 mansion seeds) every
 * hall of 20 squares or more gets the line, and it names every room its
 * exits lead to; over the seeds of every method with hallways, the rooms
 * the walk says lie one way from the way in have their doors that way on
 * the map. */
#include "testutil.h"

#include "model/hall_runs.h"
#include "model/key.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A region of `kind` over rect r, numbered `number`; returns its id. */
static int add_area(struct map *m, enum region_kind kind, struct rect r, int number)
{
	struct err e;
	int id = map_add_region(m, kind, &e);
	ck_assert_int_gt(id, 0);
	map_fill_rect(m, id, r);
	m->regions[id].number = number;
	return id;
}

static void add_door(struct map *m, int x, int y, enum side side)
{
	struct err e;
	ck_assert_msg(map_add_door(m, x, y, side, DOOR_PLAIN, &e) >= 0, "%s", e.msg);
}

/* A w x h map of 5 ft squares with hallway 1 made of the rects h[0..n),
 * its front door on the `side` edge of square (dx, dy). */
static void make_hall(struct map *m, int w, int h, const struct rect *hall, int n, int dx, int dy, enum side side)
{
	struct err e;
	ck_assert_int_eq(map_init(m, w, h, &e), 0);
	m->square_feet = 5;
	int id = add_area(m, REGION_HALL, hall[0], 1);
	for (int i = 1; i < n; i++)
		map_fill_rect(m, id, hall[i]);
	add_door(m, dx, dy, side);
	map_set_entrance(m, dx, dy, side);
}

/* The runs line of hallway 1 ("" when it has none); the key is freed. */
static void hall_line(struct map *m, char *out, size_t size)
{
	struct err e;
	struct key k;
	struct key_options o = { 0 };
	map_recount(m);
	ck_assert_msg(key_build(&k, m, &o, &e) == 0, "%s", e.msg);
	out[0] = '\0';
	for (int j = 0; j < k.entries[0].nlines; j++)
		if (strstr(k.entries[0].lines[j], "the hall runs") || strstr(k.entries[0].lines[j], "The hall runs"))
			snprintf(out, size, "%s", k.entries[0].lines[j]);
	key_free(&k);
}

/* A T: the stem north from the front door, the bar across its top. */
START_TEST(test_t_shape)
{
	struct map m;
	const struct rect hall[] = { { 1, 1, 15, 2 }, { 8, 3, 2, 9 } };
	make_hall(&m, 20, 14, hall, 2, 8, 11, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 3, 7, 4 }, 2);
	add_door(&m, 3, 3, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 10, 3, 6, 4 }, 3);
	add_door(&m, 13, 3, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 2, 0, 4, 1 }, 4);
	add_door(&m, 3, 0, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 11, 0, 4, 1 }, 5);
	add_door(&m, 12, 0, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 8, 7, 3 }, 6);
	add_door(&m, 7, 9, SIDE_E);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "The hall runs north from the front door for 50 ft, past room 6, then branches west "
			       "(40 ft, to rooms 2 and 4) and east (35 ft, to rooms 3 and 5).");
	map_free(&m);
}
END_TEST

/* An L: north from the front door, then east along the top. */
START_TEST(test_l_shape)
{
	struct map m;
	const struct rect hall[] = { { 2, 1, 12, 2 }, { 2, 3, 2, 9 } };
	make_hall(&m, 16, 14, hall, 2, 2, 11, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 4, 3, 5, 4 }, 2);
	add_door(&m, 4, 5, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 9, 3, 4, 3 }, 3);
	add_door(&m, 10, 3, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 8, 0, 4, 1 }, 4);
	add_door(&m, 9, 0, SIDE_S);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "The hall runs north from the front door for 50 ft, past room 2, then turns east for "
			       "55 ft, past rooms 3 and 4.");
	map_free(&m);
}
END_TEST

/* A comb: east from the front door with four spurs north; three are
 * named, the shortest counted with its room. */
START_TEST(test_comb)
{
	struct map m;
	const struct rect hall[] = { { 1, 5, 20, 2 }, { 4, 0, 1, 5 }, { 8, 1, 1, 4 }, { 12, 2, 1, 3 }, { 16, 3, 1, 2 } };
	make_hall(&m, 24, 10, hall, 5, 1, 5, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 5, 0, 2, 5 }, 2);
	add_door(&m, 5, 2, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 9, 1, 2, 4 }, 3);
	add_door(&m, 9, 3, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 13, 2, 2, 3 }, 4);
	add_door(&m, 13, 3, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 17, 3, 2, 2 }, 5);
	add_door(&m, 17, 4, SIDE_W);
	add_area(&m, REGION_ROOM, (struct rect){ 10, 7, 4, 2 }, 6);
	add_door(&m, 11, 7, SIDE_N);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "The hall runs east from the front door for 100 ft, past room 6, with branches north at "
			       "20 ft (30 ft, to room 2), north at 40 ft (25 ft, to room 3) and north at 60 ft (20 ft, "
			       "to room 4); a shorter branch leads to room 5.");
	struct hall_runs hr;
	struct err e;
	ck_assert_int_eq(hall_runs_find(&hr, &m, 1, 1, 5, &e), 1);
	ck_assert_int_eq(hall_runs_count(&hr), 9);
	ck_assert_int_eq(hall_runs_at(&hr, 16, 4), hall_runs_at(&hr, 16, 3));
	ck_assert_int_eq(hall_runs_at(&hr, 0, 0), -1);
	hall_runs_free(&hr);
	map_free(&m);
}
END_TEST

/* A hall entered from a door in the middle of its side runs both ways;
 * the room it is entered from is named once, as the way in. */
START_TEST(test_entered_from_the_side)
{
	struct err e;
	struct map m;
	ck_assert_int_eq(map_init(&m, 20, 6, &e), 0);
	m.square_feet = 5;
	add_area(&m, REGION_ROOM, (struct rect){ 6, 0, 4, 2 }, 1);
	add_door(&m, 7, 0, SIDE_N);
	map_set_entrance(&m, 7, 0, SIDE_N);
	add_area(&m, REGION_HALL, (struct rect){ 1, 2, 16, 2 }, 2);
	add_door(&m, 7, 1, SIDE_S);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 4, 3, 2 }, 3);
	add_door(&m, 2, 4, SIDE_N);
	add_area(&m, REGION_ROOM, (struct rect){ 14, 4, 3, 2 }, 4);
	add_door(&m, 15, 4, SIDE_N);
	map_recount(&m);
	struct key k;
	struct key_options o = { 0 };
	ck_assert_int_eq(key_build(&k, &m, &o, &e), 0);
	const struct key_entry *en = key_find(&k, 2);
	ck_assert_ptr_nonnull(en);
	ck_assert_int_eq(en->nlines, 1);
	ck_assert_str_eq(en->lines[0], "From the door to room 1 the hall runs east (50 ft, to room 4) and west "
				       "(35 ft, to room 3).");
	key_free(&k);
	map_free(&m);
}
END_TEST

/* A hall too wide to be runs, and a small one, get no line. */
START_TEST(test_no_line)
{
	struct map m;
	const struct rect wide[] = { { 1, 1, 8, 6 } };
	make_hall(&m, 10, 8, wide, 1, 1, 1, SIDE_W);
	char line[600];
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "");
	struct hall_runs hr;
	struct err e;
	ck_assert_int_eq(hall_runs_find(&hr, &m, 1, 1, 1, &e), 0);
	hall_runs_free(&hr);
	map_free(&m);
	const struct rect small[] = { { 1, 1, 6, 2 } };
	make_hall(&m, 10, 8, small, 1, 1, 1, SIDE_W);
	hall_line(&m, line, sizeof line);
	ck_assert_str_eq(line, "");
	map_free(&m);
}
END_TEST

/* Whether number n is named in line as a region: after "room ", "rooms ",
 * "hallway(s) ", "bridge(s) ", ", " or " and ", not as a length. */
static int names_number(const char *line, int n)
{
	static const char *const before[] = { "room ", "rooms ", "hallway ", "hallways ", "bridge ", "bridges ",
					       ", ", " and " };
	for (const char *p = line; *p; p++) {
		if (!isdigit((unsigned char)*p) || (p > line && isdigit((unsigned char)p[-1])))
			continue;
		char *end;
		long v = strtol(p, &end, 10);
		if (v != n || strncmp(end, " ft", 3) == 0)
			continue;
		for (size_t b = 0; b < sizeof before / sizeof before[0]; b++) {
			size_t len = strlen(before[b]);
			if ((size_t)(p - line) >= len && strncmp(p - len, before[b], len) == 0)
				return 1;
		}
	}
	return 0;
}

/* Every hall of KEY_HALL_MIN_SQUARES or more of method's maps over the
 * seeds has a runs line naming each region its exits lead to. Returns how
 * many halls were seen. */
static int sweep(const char *method, int seeds)
{
	int halls = 0;
	for (int s = 0; s < seeds; s++) {
		char seed[32], line[64];
		snprintf(seed, sizeof seed, "runs-%d", s);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, method, seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
		struct key k;
		struct key_options o = { 0 };
		ck_assert_msg(key_build(&k, &m, &o, &e) == 0, "%s", e.msg);
		for (int i = 0; i < k.n; i++) {
			const struct key_entry *en = &k.entries[i];
			const struct region *r = &m.regions[en->region];
			if (r->kind != REGION_HALL || r->area < 20)
				continue;
			halls++;
			const char *runs = NULL;
			for (int j = 0; j < en->nlines && !runs; j++)
				if (strstr(en->lines[j], "the hall runs") || strstr(en->lines[j], "The hall runs"))
					runs = en->lines[j];
			snprintf(line, sizeof line, "%s seed %s, hall %d", method, seed, en->number);
			ck_assert_msg(runs != NULL, "%s (%d squares): no runs line", line, r->area);
			for (int x = 0; x < en->nexits; x++)
				for (int l = 0; l < en->exit_list[x].nleads; l++)
					ck_assert_msg(names_number(runs, en->exit_list[x].leads[l]), "%s: room %d not in: %s",
						      line, en->exit_list[x].leads[l], runs);
		}
		key_free(&k);
		map_free(&m);
	}
	return halls;
}

START_TEST(test_house_halls_named)
{
	int halls = sweep("house", 200);
	ck_assert_int_ge(halls, 150);
}
END_TEST

START_TEST(test_mansion_halls_named)
{
	int halls = sweep("mansion", 100);
	ck_assert_int_ge(halls, 100);
}
END_TEST

/* The square on hall id's side of door d. */
static void hall_square(const struct map *m, int id, const struct door *d, int *x, int *y)
{
	*x = d->x;
	*y = d->y;
	if (map_at(m, d->x, d->y) != id) {
		*x += side_dx[d->side];
		*y += side_dy[d->side];
	}
}

/* Where the walk of hall en starts as its line names it ("from the front
 * door", "from the opening to hallway 1"): the square, read from the map. */
static int start_square(const struct map *m, const struct key_entry *en, const char *from, int *x, int *y)
{
	if (strncmp(from, "the front door", 14) == 0 || strncmp(from, "the entrance", 12) == 0 ||
	    strncmp(from, "the stairs up", 13) == 0) {
		*x = m->entrance.x;
		*y = m->entrance.y;
		return map_at(m, *x, *y) == en->region;
	}
	const char *num = from + strcspn(from, "0123456789");
	int to = atoi(num);
	for (int i = 0; i < en->nexits; i++)
		for (int l = 0; l < en->exit_list[i].nleads; l++)
			if (en->exit_list[i].leads[l] == to) {
				hall_square(m, en->region, &m->doors[en->exit_list[i].door], x, y);
				return 1;
			}
	return 0;
}

/* Whether the numbers after "rooms "/"room "/"hallway(s) " in text[0..len)
 * hold n. */
static int lists_number(const char *text, size_t len, int n)
{
	char buf[600];
	snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), text);
	return names_number(buf, n);
}

/* The walk's first way from the start, as printed: "runs DIR from FROM
 * for N ft, past ROOMS" or "From FROM the hall runs DIR (N ft, to ROOMS)
 * and DIR (...)": every room it says lies that way has a door on the hall
 * that way from the start square (or on it), and within the length said.
 * Returns how many rooms were checked. */
static int check_walk(const struct map *m, const struct key_entry *en, const char *line, const char *where)
{
	static const char *const dirs[SIDE_COUNT] = { "north", "east", "south", "west" };
	char from[80];
	const char *ways;      /* the DIR words and what follows each */
	if (strncmp(line, "The hall runs ", 14) == 0) {
		const char *f = strstr(line, " from ");
		if (!f)
			return 0;
		const char *end = strstr(f, " for ");
		snprintf(from, sizeof from, "%.*s", end ? (int)(end - f - 6) : 0, f + 6);
		ways = line + 14;
	} else if (strncmp(line, "From ", 5) == 0) {
		const char *end = strstr(line, " the hall runs ");
		if (!end)
			return 0;
		snprintf(from, sizeof from, "%.*s", (int)(end - line - 5), line + 5);
		ways = end + 15;
	} else {
		return 0;
	}
	int sx, sy;
	ck_assert_msg(start_square(m, en, from, &sx, &sy), "%s: no start square for '%s': %s", where, from, line);
	int checked = 0;
	/* each way from the start: the first leg, or each branch of a fork at the start */
	for (const char *w = ways; w && *w;) {
		int dir = -1;
		for (int s = 0; s < SIDE_COUNT; s++)
			if (strncmp(w, dirs[s], strlen(dirs[s])) == 0)
				dir = s;
		ck_assert_msg(dir >= 0, "%s: no direction at '%s'", where, w);
		/* this way's words: up to ", then", ", with", ";" or " and DIR (" */
		size_t len = strcspn(w, ";)");
		const char *then = strstr(w, ", then");
		const char *with = strstr(w, ", with");
		if (then && (size_t)(then - w) < len)
			len = (size_t)(then - w);
		if (with && (size_t)(with - w) < len)
			len = (size_t)(with - w);
		const char *ft = strstr(w, " ft");
		int feet = 0;
		for (const char *q = ft; q && q > w && isdigit((unsigned char)q[-1]); q--)
			feet = atoi(q - 1);
		for (int i = 0; i < en->nexits; i++) {
			const struct key_exit *x = &en->exit_list[i];
			for (int l = 0; l < x->nleads; l++) {
				if (!lists_number(w, len, x->leads[l]))
					continue;
				/* some door to it lies that way, within the length */
				int ok = 0;
				for (int j = 0; j < en->nexits; j++)
					for (int k = 0; k < en->exit_list[j].nleads; k++) {
						if (en->exit_list[j].leads[k] != x->leads[l])
							continue;
						int dx, dy;
						hall_square(m, en->region, &m->doors[en->exit_list[j].door], &dx, &dy);
						int ahead = (dx - sx) * side_dx[dir] + (dy - sy) * side_dy[dir];
						ok |= ahead >= 0 && ahead * m->square_feet <= feet + m->square_feet;
					}
				ck_assert_msg(ok, "%s: room %d is said to lie %s of %s, but its door does not: %s", where,
					      x->leads[l], dirs[dir], from, line);
				checked++;
			}
		}
		/* a fork at the start names its next way after " and " or ", " */
		if (strncmp(line, "From ", 5) != 0)
			break;
		const char *close = strchr(w, ')');
		if (!close)
			break;
		w = close + 1;
		if (strncmp(w, " and ", 5) == 0)
			w += 5;
		else if (strncmp(w, ", ", 2) == 0)
			w += 2;
		else
			break;
	}
	return checked;
}

/* Over seeds of every method with hallways, the printed walk of every
 * hall goes the way the map does: the rooms it says lie ahead of the way
 * in lie ahead of it. Returns the rooms checked. */
static int walk_sweep(const char *method, int seeds)
{
	int checked = 0;
	for (int s = 0; s < seeds; s++) {
		char seed[32], where[96];
		snprintf(seed, sizeof seed, "walk-%d", s);
		struct map m;
		struct err e;
		ck_assert_msg(test_generate(&m, method, seed, NULL, 0, 0, 0, &e) == 0, "%s", e.msg);
		struct key k;
		struct key_options o = { 0 };
		ck_assert_msg(key_build(&k, &m, &o, &e) == 0, "%s", e.msg);
		for (int i = 0; i < k.n; i++) {
			const struct key_entry *en = &k.entries[i];
			if (m.regions[en->region].kind != REGION_HALL)
				continue;
			snprintf(where, sizeof where, "%s seed %s, hall %d", method, seed, en->number);
			for (int j = 0; j < en->nlines; j++)
				checked += check_walk(&m, en, en->lines[j], where);
		}
		key_free(&k);
		map_free(&m);
	}
	return checked;
}

START_TEST(test_walk_goes_the_map_way)
{
	static const char *const methods[] = { "mansion", "house", "tiles" };
	int checked = 0;
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
		checked += walk_sweep(methods[i], 150);
	ck_assert_int_ge(checked, 300);
}
END_TEST

/* mansion panel-2's gallery: entered near its west end, room 6 behind */
START_TEST(test_walk_behind_the_start)
{
	struct map m;
	struct err e;
	ck_assert_int_eq(map_init(&m, 12, 6, &e), 0);
	m.square_feet = 5;
	int hall = add_area(&m, REGION_HALL, (struct rect){ 1, 1, 8, 3 }, 2);
	add_area(&m, REGION_ROOM, (struct rect){ 1, 4, 8, 2 }, 1);
	add_area(&m, REGION_ROOM, (struct rect){ 9, 1, 3, 3 }, 3);
	add_area(&m, REGION_ROOM, (struct rect){ 0, 0, 1, 6 }, 6);
	struct door_spec { int x, y; enum side s; } d[] = { { 2, 3, SIDE_S }, { 1, 2, SIDE_W }, { 8, 2, SIDE_E } };
	for (size_t i = 0; i < 3; i++)
		add_door(&m, d[i].x, d[i].y, d[i].s);
	map_recount(&m);
	struct key k;
	struct key_options o = { 0 };
	ck_assert_msg(key_build(&k, &m, &o, &e) == 0, "%s", e.msg);
	const struct key_entry *en = key_find(&k, 2);
	ck_assert_ptr_nonnull(en);
	ck_assert_int_eq(en->region, hall);
	ck_assert_int_eq(en->nlines, 1);
	ck_assert_str_eq(en->lines[0], "From the door to room 1 the hall runs east (35 ft, to room 3) and west (10 ft, to "
				       "room 6).");
	ck_assert_int_eq(check_walk(&m, en, en->lines[0], "by hand"), 2);
	key_free(&k);
	map_free(&m);
}
END_TEST

static Suite *hall_runs_suite(void)
{
	Suite *s = suite_create("hall_runs");
	TCase *tc = tcase_create("hall_runs");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_t_shape);
	tcase_add_test(tc, test_l_shape);
	tcase_add_test(tc, test_comb);
	tcase_add_test(tc, test_entered_from_the_side);
	tcase_add_test(tc, test_no_line);
	tcase_add_test(tc, test_house_halls_named);
	tcase_add_test(tc, test_mansion_halls_named);
	tcase_add_test(tc, test_walk_behind_the_start);
	tcase_add_test(tc, test_walk_goes_the_map_way);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(hall_runs_suite)
