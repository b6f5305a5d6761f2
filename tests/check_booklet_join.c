/* check_booklet_join.c: maps made apart, printed as one booklet, are joined
 * by stairs as the cover says, or say plainly that they are not. The man
 * page's manor and dungeon: stairs down in a room of the manor with free
 * floor, stairs up at the dungeon's way in, each naming the other's room in
 * its key in the words a generated booklet uses, drawn on both maps, kept
 * by the JSON read back, the same bytes run after run; walls and rooms as
 * the files have them. A manor below another map: its front door gives way
 * to the stairs. A map with no free floor for stairs: not joined, said on
 * the cover, in both keys and in one warning, exit 0. Another generator's
 * maps are joined by the stairs they have. The players' cover keeps the
 * secret off. */
#include "testrun.h"
#include "testutil.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/booklet_join"

/* A one-room cell whose every square holds a pillar: no stairs fit it. */
static const char cell_json[] =
	"{\"format\": \"mapsheet\", \"version\": 2, \"seed\": \"cell\", \"title\": \"The Cell\", \"site\": null,\n"
	" \"command\": null, \"levels\": [{\"depth\": 1, \"method\": null, \"width\": 8, \"height\": 8,\n"
	"  \"square_side_feet\": 10, \"regions\": [{\"id\": 1, \"number\": 1, \"kind\": \"room\", \"name\": \"Cell\",\n"
	"   \"zone\": null, \"port\": false, \"card\": null, \"area\": 4, \"rects\": [[1, 1, 2, 2]]}],\n"
	"  \"doors\": [{\"x\": 1, \"y\": 1, \"side\": \"n\", \"kind\": \"door\", \"regions\": [1, null], \"lock\": null}],\n"
	"  \"stairs\": [], \"locks\": [], \"zones\": [],\n"
	"  \"features\": [{\"x\": 1, \"y\": 1, \"kind\": \"pillar\"}, {\"x\": 2, \"y\": 1, \"kind\": \"pillar\"},\n"
	"   {\"x\": 1, \"y\": 2, \"kind\": \"pillar\"}, {\"x\": 2, \"y\": 2, \"kind\": \"pillar\"}],\n"
	"  \"entrance\": {\"x\": 1, \"y\": 1, \"side\": \"n\"}, \"notes\": [],\n"
	"  \"key\": [{\"number\": 1, \"region\": 1, \"title\": \"Cell\", \"size\": \"20 x 20 ft\",\n"
	"   \"exits\": \"North: door to the outside.\", \"contents_kind\": null, \"lines\": [\"The entrance.\"]}],\n"
	"  \"wandering\": []}]}\n";

/* The maps of the man page's example, made as it makes them, and the cell. */
static void make_sources(void)
{
	ck_assert_int_eq(test_run("-q --method mansion --seed ashford -o " DIR "/manor.json", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q --seed goblin-warrens --levels 2 -o " DIR "/dungeon.json", NULL, NULL), 0);
	ck_assert_int_eq(test_write_file(DIR "/cell.json", cell_json, sizeof cell_json - 1), 0);
}

static json_t *load(const char *path)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	ck_assert_msg(root != NULL, "%s: %s", path, je.text);
	return root;
}

static json_t *level_of(json_t *root, int k)
{
	return json_array_get(json_object_get(root, "levels"), (size_t)k);
}

static int int_of(json_t *o, const char *field)
{
	return (int)json_integer_value(json_object_get(o, field));
}

/* The region of level lv holding square (x, y), from its rects, or NULL. */
static json_t *region_at(json_t *lv, int x, int y)
{
	size_t i, j;
	json_t *g, *r;
	json_array_foreach(json_object_get(lv, "regions"), i, g)
		json_array_foreach(json_object_get(g, "rects"), j, r) {
			int rx = (int)json_integer_value(json_array_get(r, 0)), ry = (int)json_integer_value(json_array_get(r, 1));
			int rw = (int)json_integer_value(json_array_get(r, 2)), rh = (int)json_integer_value(json_array_get(r, 3));
			if (x >= rx && y >= ry && x < rx + rw && y < ry + rh)
				return g;
		}
	return NULL;
}

/* The only stairs of level lv going dir ("up", "down"). */
static json_t *only_stairs(json_t *lv, const char *dir)
{
	json_t *found = NULL, *st;
	size_t i;
	json_array_foreach(json_object_get(lv, "stairs"), i, st)
		if (strcmp(json_string_value(json_object_get(st, "dir")), dir) == 0) {
			ck_assert_msg(found == NULL, "two stairs %s on level %d", dir, int_of(lv, "depth"));
			found = st;
		}
	ck_assert_msg(found != NULL, "no stairs %s on level %d", dir, int_of(lv, "depth"));
	return found;
}

/* The key entry of room `number` on level lv. */
static json_t *entry_of(json_t *lv, int number)
{
	size_t i;
	json_t *en;
	json_array_foreach(json_object_get(lv, "key"), i, en)
		if (int_of(en, "number") == number)
			return en;
	ck_abort_msg("no key entry for room %d", number);
	return NULL;
}

/* True when entry en has exactly this line. */
static int has_line(json_t *en, const char *want)
{
	size_t i;
	json_t *line;
	json_array_foreach(json_object_get(en, "lines"), i, line)
		if (strcmp(json_string_value(line), want) == 0)
			return 1;
	return 0;
}

/* Whether en has a line saying how the party gets in from the outside
 * ("The way in: a door ...", "The way in: the front door, ..."). */
static int has_way_in(json_t *en)
{
	size_t i;
	json_t *line;
	json_array_foreach(json_object_get(en, "lines"), i, line)
		if (strncmp(json_string_value(line), "The way in:", 11) == 0)
			return 1;
	return 0;
}

/* Output of a shell command with every run of white space made one
 * space (a PDF's text wraps where it likes), caller frees. */
static char *run_text(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	int c, space = 0;
	while (buf && (c = fgetc(p)) != EOF) {
		if (c == ' ' || c == '\n' || c == '\t' || c == '\f') {
			space = 1;
			continue;
		}
		if (n + 3 >= cap)
			buf = realloc(buf, cap *= 2);
		if (!buf)
			break;
		if (space && n)
			buf[n++] = ' ';
		space = 0;
		buf[n++] = (char)c;
	}
	ck_assert_int_eq(pclose(p), 0);
	ck_assert_ptr_nonnull(buf);
	buf[n] = '\0';
	return buf;
}

static char *pdf_page_text(const char *pdf, int page)
{
	char cmd[300];
	snprintf(cmd, sizeof cmd, "pdftotext -f %d -l %d %s -", page, page, pdf);
	return run_text(cmd);
}

/* The page the cover names for level `depth`: "Level N — ... page P". */
static int cover_page_of(const char *cover, int depth)
{
	char head[32];
	snprintf(head, sizeof head, "Level %d \xe2\x80\x94 ", depth);
	const char *at = strstr(cover, head);
	ck_assert_msg(at != NULL, "the cover has no line for level %d: %s", depth, cover);
	const char *page = strstr(at, " page ");
	ck_assert_ptr_nonnull(page);
	return atoi(page + 6);
}

/* The stairs down of the manor lead to the dungeon's way in, and back. */
START_TEST(test_joined_as_the_cover_says)
{
	ck_assert_int_eq(test_run("-i " DIR "/manor.json -i " DIR "/dungeon.json -o " DIR "/ashford.json", NULL,
				  DIR "/ashford.err"), 0);
	size_t len;
	char *err = test_slurp(DIR "/ashford.err", &len);
	ck_assert_msg(len == 0, "%s", err);
	free(err);
	json_t *site = load(DIR "/ashford.json"), *manor = load(DIR "/manor.json"), *dungeon = load(DIR "/dungeon.json");
	json_t *upper = level_of(site, 0), *lower = level_of(site, 1);
	/* nothing moved but for the stairs: the files' rooms, walls and doors */
	ck_assert(json_equal(json_object_get(upper, "regions"), json_object_get(level_of(manor, 0), "regions")));
	ck_assert(json_equal(json_object_get(lower, "regions"), json_object_get(level_of(dungeon, 0), "regions")));
	ck_assert(json_equal(json_object_get(upper, "doors"), json_object_get(level_of(manor, 0), "doors")));
	ck_assert(json_equal(json_object_get(lower, "doors"), json_object_get(level_of(dungeon, 0), "doors")));
	ck_assert_uint_eq(json_array_size(json_object_get(upper, "stairs")), 1);
	/* the stairs down stand in a room of the manor, on free floor */
	json_t *down = only_stairs(upper, "down"), *up = only_stairs(lower, "up");
	int dx = int_of(down, "x"), dy = int_of(down, "y"), ux = int_of(up, "x"), uy = int_of(up, "y");
	json_t *down_room = region_at(upper, dx, dy), *up_room = region_at(lower, ux, uy);
	ck_assert_ptr_nonnull(down_room);
	ck_assert_ptr_nonnull(up_room);
	ck_assert_str_eq(json_string_value(json_object_get(down_room, "kind")), "room");
	size_t i;
	json_t *f;
	json_array_foreach(json_object_get(upper, "features"), i, f)
		ck_assert(int_of(f, "x") != dx || int_of(f, "y") != dy);
	json_t *way_in = json_object_get(upper, "entrance");
	ck_assert(int_of(way_in, "x") != dx || int_of(way_in, "y") != dy);
	/* the stairs up are the dungeon's way in now: no way in from outside */
	json_t *entrance = json_object_get(lower, "entrance");
	ck_assert_int_eq(int_of(entrance, "x"), ux);
	ck_assert_int_eq(int_of(entrance, "y"), uy);
	ck_assert(json_is_null(json_object_get(entrance, "side")));
	/* each names the other's level and room */
	int dn = int_of(down_room, "number"), un = int_of(up_room, "number");
	ck_assert_int_eq(int_of(down, "to_level"), 2);
	ck_assert_int_eq(int_of(down, "to_room"), un);
	ck_assert_int_eq(int_of(up, "to_level"), 1);
	ck_assert_int_eq(int_of(up, "to_room"), dn);
	/* both keys say so in the words of a generated booklet */
	char want[200];
	snprintf(want, sizeof want, "Stairs down to level 2, room %d, at column %d, row %d.", un, dx + 1, dy + 1);
	ck_assert_msg(has_line(entry_of(upper, dn), want), "room %d of level 1 lacks '%s'", dn, want);
	snprintf(want, sizeof want, "Stairs up to level 1, room %d, at column %d, row %d.", dn, ux + 1, uy + 1);
	ck_assert_msg(has_line(entry_of(lower, un), want), "room %d of level 2 lacks '%s'", un, want);
	ck_assert(!has_way_in(entry_of(lower, un)));
	/* the dungeon's own stairs are as they were, moved a level down */
	ck_assert_int_eq(int_of(only_stairs(lower, "down"), "to_level"), 3);
	json_decref(manor);
	json_decref(dungeon);
	/* read back, the booklet is the same; made again, the same bytes */
	ck_assert_int_eq(test_run("-q -i " DIR "/ashford.json -o " DIR "/again.json", NULL, NULL), 0);
	json_t *again = load(DIR "/again.json");
	json_object_del(site, "command");
	json_object_del(again, "command");
	ck_assert(json_equal(site, again));
	json_decref(again);
	json_decref(site);
	ck_assert_int_eq(test_run("-q -i " DIR "/manor.json -i " DIR "/dungeon.json -o " DIR "/again.json", NULL, NULL),
			 0);
	ck_assert_int_eq(system("grep -v '^  \"command\":' " DIR "/ashford.json >" DIR "/one.txt && "
				"grep -v '^  \"command\":' " DIR "/again.json >" DIR "/two.txt && "
				"cmp -s " DIR "/one.txt " DIR "/two.txt"), 0);
	/* drawn on both maps: each map page's legend has the stairs it shows */
	ck_assert_int_eq(test_run("-q -i " DIR "/manor.json -i " DIR "/dungeon.json -o " DIR "/ashford.pdf", NULL, NULL),
			 0);
	char *cover = pdf_page_text(DIR "/ashford.pdf", 1);
	ck_assert_msg(strstr(cover, "An adventure site in 3 levels joined by stairs") != NULL, "%s", cover);
	snprintf(want, sizeof want, "Stairs down in room %d to level 2, room %d.", dn, un);
	ck_assert_msg(strstr(cover, want) != NULL, "%s", cover);
	snprintf(want, sizeof want, "stairs down from room %d to room %d", dn, un);
	ck_assert_msg(strstr(cover, want) != NULL, "%s", cover);
	/* the deepest level is the dungeon's last, and only it */
	const char *deepest = strstr(cover, "The deepest level.");
	ck_assert_ptr_nonnull(deepest);
	ck_assert_ptr_null(strstr(deepest + 1, "The deepest level."));
	ck_assert(deepest > strstr(cover, "Level 3 \xe2\x80\x94"));
	int first = cover_page_of(cover, 1), second = cover_page_of(cover, 2);
	char *map1 = pdf_page_text(DIR "/ashford.pdf", first), *map2 = pdf_page_text(DIR "/ashford.pdf", second);
	ck_assert_msg(strstr(map1, "stairs down") != NULL, "%s", map1);
	ck_assert_msg(strstr(map2, "stairs up") != NULL, "%s", map2);
	free(map1);
	free(map2);
	free(cover);
}
END_TEST

/* A manor below another map: its front door to the outside gives way to
 * the stairs up, and its key no longer names the door. */
START_TEST(test_front_door_gives_way)
{
	ck_assert_int_eq(test_run("-q -i " DIR "/dungeon.json -i " DIR "/manor.json -o " DIR "/below.json", NULL, NULL),
			 0);
	json_t *site = load(DIR "/below.json"), *manor = load(DIR "/manor.json");
	json_t *lv = level_of(site, 2), *was = level_of(manor, 0);
	ck_assert(json_equal(json_object_get(lv, "regions"), json_object_get(was, "regions")));
	ck_assert_uint_eq(json_array_size(json_object_get(lv, "doors")) + 1, json_array_size(json_object_get(was, "doors")));
	size_t i;
	json_t *door;
	json_array_foreach(json_object_get(lv, "doors"), i, door)
		ck_assert(!json_is_null(json_array_get(json_object_get(door, "regions"), 1)));
	json_t *up = only_stairs(lv, "up"), *entrance = json_object_get(lv, "entrance");
	ck_assert_int_eq(int_of(up, "to_level"), 2);
	ck_assert_int_eq(int_of(entrance, "x"), int_of(up, "x"));
	ck_assert_int_eq(int_of(entrance, "y"), int_of(up, "y"));
	json_t *room = region_at(lv, int_of(up, "x"), int_of(up, "y"));
	json_t *en = entry_of(lv, int_of(room, "number"));
	ck_assert_ptr_null(strstr(json_string_value(json_object_get(en, "exits")), "outside"));
	ck_assert(!has_way_in(en));
	const char *first = json_string_value(json_array_get(json_object_get(en, "lines"), 0));
	ck_assert_msg(strncmp(first, "Stairs up to level 2, room ", 27) == 0, "%s", first);
	/* the rest of the entry is the file's */
	json_t *old = entry_of(was, int_of(room, "number"));
	json_t *kept = json_array_get(json_object_get(old, "lines"), 2);
	ck_assert(has_line(en, json_string_value(kept)));
	json_decref(site);
	json_decref(manor);
}
END_TEST

/* A map with no free floor for stairs is not joined, and everything that
 * speaks of the levels says so. */
START_TEST(test_not_joined_says_so)
{
	ck_assert_int_eq(test_run("-i " DIR "/cell.json -i " DIR "/dungeon.json -o " DIR "/apart.json", NULL,
				  DIR "/apart.err"), 0);
	char *err = test_slurp(DIR "/apart.err", NULL);
	ck_assert_str_eq(err, "mapsheet: warning: " DIR "/cell.json and " DIR "/dungeon.json are not joined by stairs: "
			 "no room of level 1 (" DIR "/cell.json) has a square of free floor for stairs down; each keeps its "
			 "own way in, as the cover and both keys say\n");
	free(err);
	json_t *site = load(DIR "/apart.json"), *dungeon = load(DIR "/dungeon.json");
	json_t *upper = level_of(site, 0), *lower = level_of(site, 1);
	ck_assert_uint_eq(json_array_size(json_object_get(upper, "stairs")), 0);
	ck_assert(json_equal(json_object_get(lower, "entrance"), json_object_get(level_of(dungeon, 0), "entrance")));
	json_t *st;
	size_t i;
	json_array_foreach(json_object_get(lower, "stairs"), i, st)
		ck_assert_str_eq(json_string_value(json_object_get(st, "dir")), "down");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(upper, "notes"), 0)),
			 "Not joined to the level below: no room on this level has a square of free floor for stairs down.");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(lower, "notes"), 0)),
			 "Not joined to the level above, which has no free floor for stairs down; the way in is this "
			 "level's own.");
	json_decref(dungeon);
	/* read back, it says so once, and stays apart */
	ck_assert_int_eq(test_run("-q -i " DIR "/apart.json -o " DIR "/apart-again.json", NULL, NULL), 0);
	json_t *again = load(DIR "/apart-again.json");
	json_object_del(site, "command");
	json_object_del(again, "command");
	ck_assert(json_equal(site, again));
	json_decref(again);
	json_decref(site);
	/* the booklet's cover and keys */
	ck_assert_int_eq(test_run("-i " DIR "/cell.json -i " DIR "/dungeon.json -o " DIR "/apart.pdf", NULL,
				  DIR "/apart.err"), 0);
	err = test_slurp(DIR "/apart.err", NULL);
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	free(err);
	char *cover = pdf_page_text(DIR "/apart.pdf", 1);
	ck_assert_msg(strstr(cover, "An adventure site in 3 levels; no stairs join levels 1 and 2") != NULL, "%s", cover);
	ck_assert_ptr_null(strstr(cover, "joined by stairs"));
	ck_assert_msg(strstr(cover, "No stairs lead down to level 2, which has a way in of its own.") != NULL, "%s", cover);
	ck_assert_msg(strstr(cover, "no stairs from level 1; way in:") != NULL, "%s", cover);
	int second = cover_page_of(cover, 2);
	free(cover);
	char *all = run_text("pdftotext " DIR "/apart.pdf -");
	ck_assert_ptr_nonnull(strstr(all, "Not joined to the level below: no room on this level has a square of free floor "
				     "for stairs down."));
	ck_assert_ptr_nonnull(strstr(all, "Not joined to the level above, which has no free floor for stairs down; the way "
				     "in is this level's own."));
	free(all);
	char *map2 = pdf_page_text(DIR "/apart.pdf", second);
	ck_assert_msg(strstr(map2, "entrance") != NULL, "the dungeon keeps its way in from outside: %s", map2);
	free(map2);
	/* below a map, a cell that stairs cannot stand in */
	ck_assert_int_eq(test_run("-i " DIR "/dungeon.json -i " DIR "/cell.json -o " DIR "/under.json", NULL,
				  DIR "/under.err"), 0);
	err = test_slurp(DIR "/under.err", NULL);
	ck_assert_str_eq(err, "mapsheet: warning: " DIR "/dungeon.json and " DIR "/cell.json are not joined by stairs: "
			 "the room of level 3's way in (" DIR "/cell.json) has no free floor for stairs up; each keeps its "
			 "own way in, as the cover and both keys say\n");
	free(err);
	site = load(DIR "/under.json");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(level_of(site, 2), "notes"), 0)),
			 "Not joined to the level above: the room of this level's way in has no free floor for stairs up.");
	json_decref(site);
	/* the players' handout: the dungeon has a way in of its own, so it is
	 * on the handout after the cell */
	ck_assert_int_eq(test_run("-q -i " DIR "/cell.json -i " DIR "/dungeon.json --player -o " DIR "/apart-player.md",
				  NULL, NULL), 0);
	char *md = test_slurp(DIR "/apart-player.md", NULL);
	ck_assert_ptr_nonnull(strstr(md, "![Map of level 2]"));
	free(md);
}
END_TEST

/* Maps of another generator that have stairs leading nowhere are joined
 * by them: no stairs are added, the ones there lead to each other. */
START_TEST(test_own_stairs_taken)
{
	const char *crypt = "tests/data/watabou/crypt.json";
	char args[300];
	snprintf(args, sizeof args, "-q -i %s -o " DIR "/crypt.json", crypt);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	snprintf(args, sizeof args, "-q -i %s -i %s -o " DIR "/crypts.json", crypt, crypt);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	json_t *one = load(DIR "/crypt.json"), *two = load(DIR "/crypts.json");
	json_t *upper = level_of(two, 0), *lower = level_of(two, 1);
	for (int k = 0; k < 2; k++) {
		json_t *lv = level_of(two, k);
		ck_assert_uint_eq(json_array_size(json_object_get(lv, "stairs")),
				  json_array_size(json_object_get(level_of(one, 0), "stairs")));
		ck_assert(json_equal(json_object_get(lv, "doors"), json_object_get(level_of(one, 0), "doors")));
	}
	json_t *down = only_stairs(upper, "down"), *up = only_stairs(lower, "up");
	json_t *was_down = only_stairs(level_of(one, 0), "down"), *was_up = only_stairs(level_of(one, 0), "up");
	ck_assert(json_is_null(json_object_get(was_down, "to_level")));
	ck_assert_int_eq(int_of(down, "x"), int_of(was_down, "x"));
	ck_assert_int_eq(int_of(down, "y"), int_of(was_down, "y"));
	ck_assert_int_eq(int_of(up, "x"), int_of(was_up, "x"));
	ck_assert_int_eq(int_of(up, "y"), int_of(was_up, "y"));
	int dn = int_of(region_at(upper, int_of(down, "x"), int_of(down, "y")), "number");
	int un = int_of(region_at(lower, int_of(up, "x"), int_of(up, "y")), "number");
	ck_assert_int_eq(int_of(down, "to_level"), 2);
	ck_assert_int_eq(int_of(down, "to_room"), un);
	ck_assert_int_eq(int_of(up, "to_level"), 1);
	ck_assert_int_eq(int_of(up, "to_room"), dn);
	char want[200];
	snprintf(want, sizeof want, "Stairs down to level 2, room %d, at column %d, row %d.", un, int_of(down, "x") + 1,
		 int_of(down, "y") + 1);
	ck_assert_msg(has_line(entry_of(upper, dn), want), "%s", want);
	ck_assert(!has_line(entry_of(upper, dn), "Stairs down."));
	snprintf(want, sizeof want, "Stairs up to level 1, room %d, at column %d, row %d.", dn, int_of(up, "x") + 1,
		 int_of(up, "y") + 1);
	ck_assert_msg(has_line(entry_of(lower, un), want), "%s", want);
	ck_assert(!has_way_in(entry_of(lower, un)));
	json_decref(one);
	json_decref(two);
}
END_TEST

/* The players' cover: the premise, the levels and how they join, never
 * the secret the referee's cover has. */
START_TEST(test_players_cover)
{
	json_t *manor = load(DIR "/manor.json");
	const char *secret = json_string_value(json_object_get(manor, "secret"));
	ck_assert_ptr_nonnull(secret);
	char words[40];
	snprintf(words, sizeof words, "%.30s", secret);
	ck_assert_int_eq(test_run("-q -i " DIR "/manor.json -i " DIR "/dungeon.json -o " DIR "/gm.pdf", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q -i " DIR "/manor.json -i " DIR "/dungeon.json --player -o " DIR "/players.pdf",
				  NULL, NULL), 0);
	char *gm = pdf_page_text(DIR "/gm.pdf", 1), *players = pdf_page_text(DIR "/players.pdf", 1);
	ck_assert_msg(strstr(gm, words) != NULL, "'%s' not on the referee's cover: %s", words, gm);
	ck_assert_ptr_nonnull(strstr(gm, "WHAT THE PLAYERS DO NOT KNOW"));
	ck_assert_ptr_null(strstr(players, words));
	ck_assert_ptr_null(strstr(players, "WHAT THE PLAYERS DO NOT KNOW"));
	ck_assert_msg(strstr(players, "A players' map in 3 levels joined by stairs") != NULL, "%s", players);
	ck_assert_ptr_nonnull(strstr(players, "How the levels join"));
	char story[40];
	snprintf(story, sizeof story, "%.30s", json_string_value(json_object_get(manor, "story")));
	ck_assert_ptr_nonnull(strstr(players, story));
	free(gm);
	free(players);
	json_decref(manor);
}
END_TEST

static Suite *booklet_join_suite(void)
{
	Suite *s = suite_create("booklet_join");
	TCase *tc = tcase_create("booklet_join");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_unchecked_fixture(tc, make_sources, NULL);
	tcase_add_test(tc, test_joined_as_the_cover_says);
	tcase_add_test(tc, test_front_door_gives_way);
	tcase_add_test(tc, test_not_joined_says_so);
	tcase_add_test(tc, test_own_stairs_taken);
	tcase_add_test(tc, test_players_cover);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(booklet_join_suite)
