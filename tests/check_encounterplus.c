/* check_encounterplus.c: the EncounterPlus module (-o NAME.module) as a game
 * master meets it after importing it, for every method, a 3-level booklet,
 * an imported One Page Dungeon and donjon map, and the players' handout.
 * Each module is checked by tests/encounterplus_check.py (python3-jsonschema,
 * Draft202012Validator) against tests/encounterplus.schema.json, the fields
 * of EncounterPlus's published schemas that mapsheet writes, and for what a
 * schema cannot say (every marker and link opens a page or map of the
 * module, the pictures' sizes, walls on the grid); a module broken on
 * purpose is refused by the same check. Then against the map model, read
 * back from the JSON the same command writes: every edge of the grid is
 * wall, door, locked door, secret door or open in the module exactly as in
 * the map; every numbered room has one marker, standing in the room,
 * opening the page that holds the room's key text as the sheet prints it;
 * every stair has a marker opening the map of the level it reaches; the
 * wandering table and the notes have their pages. The handout holds only
 * the rooms the players reach without a secret door, no secret door, no
 * contents, no secret; the same command gives the same bytes, and another
 * command other ids. */
#include "testutil.h"

#include "model/handout.h"
#include "model/key.h"
#include "read/read_map.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <zip.h>

#define DIR "build/tests/encounterplus"
#define SCHEMA "tests/encounterplus.schema.json"

/* The referee's modules, each with the JSON of the same command. */
static const struct {
	const char *name, *args;
} cases[] = {
	{ "dice", "--method dice --seed 7" },
	{ "mansion", "--method mansion --seed 3" },
	{ "cards", "--method cards --seed 2" },
	{ "tiles", "--method tiles --seed 5" },
	{ "house", "--method house --seed 4" },
	{ "booklet", "--method dice,cards,mansion --levels 3 --seed deep" },
	{ "watabou", "-i tests/data/watabou/crypt.json" },
	{ "donjon", "-i tests/data/donjon/vault.json" },
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))
#define BOOKLET 5
/* The players' handout: a dice level with rooms behind secret doors. */
#define HANDOUT_ARGS "--method dice --seed 1"

/* What an edge of the grid is, in the map and in the module. */
enum edge { EDGE_OPEN, EDGE_WALL, EDGE_DOOR, EDGE_LOCKED, EDGE_SECRET };
static const char *const edge_names[] = { "open", "wall", "door", "locked door", "secret door" };

struct module {
	json_t *module, *groups, *maps, *pages;
	json_t *encounters, *tables;    /* an empty array when the archive has none */
};

/* Exit statuses of the fixture's runs: cases, then their JSON. */
static int made[NCASES], made_json[NCASES], made_handout, made_handout_gm, made_handout_booklet;

static void make_all(void)
{
	mkdir("build", 0777);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	char args[512];
	for (int i = 0; i < NCASES; i++) {
		snprintf(args, sizeof args, "-q %s -o " DIR "/%s.module", cases[i].args, cases[i].name);
		made[i] = test_run(args, NULL, NULL);
		snprintf(args, sizeof args, "-q %s -o " DIR "/%s.json", cases[i].args, cases[i].name);
		made_json[i] = test_run(args, NULL, NULL);
	}
	made_handout = test_run("-q " HANDOUT_ARGS " --player -o " DIR "/handout.module", NULL, NULL);
	made_handout_gm = test_run("-q " HANDOUT_ARGS " -o " DIR "/handout-gm.json", NULL, NULL);
	made_handout_booklet = test_run("-q --method dice,cards,mansion --levels 3 --seed deep --player -o " DIR
					"/handout-booklet.module", NULL, NULL);
}

/* One JSON file of an open archive; fails the test when it is missing or
 * not JSON. */
static json_t *zip_json(zip_t *z, const char *path, const char *name)
{
	zip_stat_t st;
	ck_assert_msg(zip_stat(z, name, 0, &st) == 0, "%s has no %s", path, name);
	char *buf = malloc(st.size + 1);
	ck_assert_ptr_nonnull(buf);
	zip_file_t *f = zip_fopen(z, name, 0);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(zip_fread(f, buf, st.size), (zip_int64_t)st.size);
	zip_fclose(f);
	json_error_t je;
	json_t *j = json_loadb(buf, st.size, 0, &je);
	ck_assert_msg(j != NULL, "%s: %s: %s (line %d)", path, name, je.text, je.line);
	free(buf);
	return j;
}

static void module_read(struct module *md, const char *path)
{
	int zerr;
	zip_t *z = zip_open(path, ZIP_RDONLY, &zerr);
	ck_assert_msg(z != NULL, "%s is not a zip (libzip error %d)", path, zerr);
	md->module = zip_json(z, path, "module.json");
	md->groups = zip_json(z, path, "groups.json");
	md->maps = zip_json(z, path, "maps.json");
	md->pages = zip_json(z, path, "pages.json");
	md->encounters = zip_name_locate(z, "encounters.json", 0) >= 0 ? zip_json(z, path, "encounters.json") : json_array();
	md->tables = zip_name_locate(z, "tables.json", 0) >= 0 ? zip_json(z, path, "tables.json") : json_array();
	zip_close(z);
}

static void module_free(struct module *md)
{
	json_decref(md->module);
	json_decref(md->groups);
	json_decref(md->maps);
	json_decref(md->pages);
	json_decref(md->encounters);
	json_decref(md->tables);
}

static const char *str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	ck_assert_msg(s != NULL, "no text in %s", key);
	return s;
}

static long num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	ck_assert_msg(json_is_integer(v), "no integer in %s", key);
	return (long)json_integer_value(v);
}

/* The module's page whose slug is slug, or NULL. */
static const json_t *page_by_slug(const struct module *md, const char *slug)
{
	size_t i;
	const json_t *p;
	json_array_foreach(md->pages, i, p)
		if (strcmp(str(p, "slug"), slug) == 0)
			return p;
	return NULL;
}

static const json_t *map_by_slug(const struct module *md, const char *slug)
{
	size_t i;
	const json_t *m;
	json_array_foreach(md->maps, i, m)
		if (strcmp(str(m, "slug"), slug) == 0)
			return m;
	return NULL;
}

/* The module's map of the level of depth `depth`. */
static const json_t *map_of_depth(const struct module *md, int depth)
{
	char tail[32];
	snprintf(tail, sizeof tail, "-level-%d", depth);
	size_t i;
	const json_t *m;
	json_array_foreach(md->maps, i, m) {
		const char *slug = str(m, "slug");
		size_t n = strlen(slug), t = strlen(tail);
		if (n > t && strcmp(slug + n - t, tail) == 0)
			return m;
	}
	return NULL;
}

/* The page a marker opens ("/page/SLUG"), or NULL. */
static const json_t *marker_page(const struct module *md, const json_t *k)
{
	const char *ref = json_string_value(json_object_get(k, "reference"));
	return ref && strncmp(ref, "/page/", 6) == 0 ? page_by_slug(md, ref + 6) : NULL;
}

/* text as a page holds it: &, <, > and " as entities. */
static char *html_of(const char *text)
{
	size_t n = strlen(text);
	char *out = malloc(6 * n + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (const char *p = text; *p; p++) {
		const char *ent = *p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : *p == '"' ? "&quot;" : NULL;
		if (ent) {
			strcpy(o, ent);
			o += strlen(ent);
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return out;
}

static void expect_in_page(const json_t *page, const char *text, const char *what)
{
	char *h = html_of(text);
	ck_assert_msg(strstr(str(page, "content"), h) != NULL, "page %s lacks %s: %s", str(page, "name"), what, text);
	free(h);
}

/* The edge number of the north edge of (x, y) (0 <= x < w, 0 <= y <= h) or
 * of its west edge (0 <= x <= w, 0 <= y < h), in a (w+1) x (h+1) x 2 table. */
/* How a map document lays the level out: gridSize pixels a grid square,
 * split of them along a map square's side (sq pixels), the map's square
 * (0, 0) at pixel (off, off) inside the picture's margin of at least one
 * square. */
struct geom {
	long grid, split, sq, off;
};

static struct geom geom_of(const json_t *doc, const struct map *m)
{
	struct geom g;
	g.grid = num(doc, "gridSize");
	long feet = num(doc, "gridScale");
	ck_assert_int_eq(m->square_feet % feet, 0);
	g.split = m->square_feet / feet;
	g.sq = g.grid * g.split;
	ck_assert_int_eq(num(doc, "width") % g.sq, 0);
	long margin = (num(doc, "width") / g.sq - m->w) / 2;
	ck_assert_msg(margin >= 1, "level %d's picture has no margin", m->depth);
	ck_assert_int_eq(num(doc, "width"), (m->w + 2 * margin) * g.sq);
	ck_assert_int_eq(num(doc, "height"), (m->h + 2 * margin) * g.sq);
	g.off = margin * g.sq;
	return g;
}

/* Is pixel (x, y) at least a square of the map from the picture's edges? */
static int clear_of_edges(const json_t *doc, const struct geom *g, long x, long y)
{
	return x >= g->sq && y >= g->sq && x <= num(doc, "width") - g->sq && y <= num(doc, "height") - g->sq;
}

static size_t edge_index(const struct map *m, int x, int y, int west)
{
	return ((size_t)y * (size_t)(m->w + 1) + (size_t)x) * 2 + (size_t)west;
}

/* What each edge of m is, as the module should have it (secret doors wall
 * on the players' copy, whose map has none). */
static unsigned char *expected_edges(const struct map *m)
{
	unsigned char *ex = calloc((size_t)(m->w + 1) * (size_t)(m->h + 1) * 2, 1);
	ck_assert_ptr_nonnull(ex);
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x <= m->w; x++)
			for (int west = 0; west < 2; west++) {
				if ((!west && x == m->w) || (west && y == m->h))
					continue;
				/* the squares on either side: (x, y) and the one north or west */
				int ox = west ? x - 1 : x, oy = west ? y : y - 1;
				if (map_at(m, x, y) == map_at(m, ox, oy))
					continue;
				int in = map_in(m, x, y);
				int d = map_find_door(m, in ? x : ox, in ? y : oy,
						      in ? (west ? SIDE_W : SIDE_N) : (west ? SIDE_E : SIDE_S));
				enum edge k = EDGE_WALL;
				if (d >= 0)
					switch (m->doors[d].kind) {
					case DOOR_OPENING: k = EDGE_OPEN; break;
					case DOOR_LOCKED: k = EDGE_LOCKED; break;
					case DOOR_SECRET: k = EDGE_SECRET; break;
					default: k = EDGE_DOOR; break;
					}
				ex[edge_index(m, x, y, west)] = (unsigned char)k;
			}
	return ex;
}

/* What each edge is in the module's map document: every wall, door and
 * secret door laid on the grid's unit edges, none laid twice. */
static unsigned char *module_edges(const struct map *m, const json_t *doc, int counts[5])
{
	struct geom gm = geom_of(doc, m);
	long g = gm.sq, off = gm.off;
	unsigned char *got = calloc((size_t)(m->w + 1) * (size_t)(m->h + 1) * 2, 1);
	ck_assert_ptr_nonnull(got);
	size_t i;
	const json_t *w;
	json_array_foreach(json_object_get(doc, "walls"), i, w) {
		const char *type = str(w, "type");
		if (strcmp(type, "terrain") == 0)
			continue;
		const char *door = json_string_value(json_object_get(w, "door"));
		enum edge k = strcmp(type, "normal") == 0 ? EDGE_WALL
			      : strcmp(type, "secretDoor") == 0 ? EDGE_SECRET
			      : door && strcmp(door, "locked") == 0 ? EDGE_LOCKED : EDGE_DOOR;
		counts[k]++;
		const json_t *data = json_object_get(w, "data");
		for (size_t p = 0; p + 3 < json_array_size(data); p += 2) {
			ck_assert_msg(clear_of_edges(doc, &gm, (long)json_number_value(json_array_get(data, p)),
						     (long)json_number_value(json_array_get(data, p + 1))),
				      "a wall of level %d within a square of the picture's edge", m->depth);
			long x0 = ((long)json_number_value(json_array_get(data, p)) - off) / g;
			long y0 = ((long)json_number_value(json_array_get(data, p + 1)) - off) / g;
			long x1 = ((long)json_number_value(json_array_get(data, p + 2)) - off) / g;
			long y1 = ((long)json_number_value(json_array_get(data, p + 3)) - off) / g;
			ck_assert_msg(x0 == x1 || y0 == y1, "a wall off the grid lines");
			for (long t = 0; t < labs(x1 - x0) + labs(y1 - y0); t++) {
				/* the unit edge from (ax, ay) one step on */
				long ax = x0 + (x1 > x0 ? t : x1 < x0 ? -t - 1 : 0);
				long ay = y0 + (y1 > y0 ? t : y1 < y0 ? -t - 1 : 0);
				int west = x0 == x1;
				ck_assert(ax >= 0 && ay >= 0 && ax <= m->w && ay <= m->h);
				size_t e = edge_index(m, (int)ax, (int)ay, west);
				ck_assert_msg(got[e] == EDGE_OPEN, "the %s edge of square %ld,%ld is laid twice",
					      west ? "west" : "north", ax, ay);
				got[e] = (unsigned char)k;
			}
		}
	}
	return got;
}

/* The module's walls and doors are the map's, edge by edge. */
static void check_edges(const struct map *m, const json_t *doc, const char *what, int counts[5])
{
	unsigned char *ex = expected_edges(m), *got = module_edges(m, doc, counts);
	int wrong = 0;
	char first[200] = "";
	for (int y = 0; y <= m->h; y++)
		for (int x = 0; x <= m->w; x++)
			for (int west = 0; west < 2; west++) {
				size_t e = edge_index(m, x, y, west);
				if ((west && y == m->h) || (!west && x == m->w) || ex[e] == got[e])
					continue;
				if (!wrong++)
					snprintf(first, sizeof first, "the %s edge of square %d,%d is a %s in the map, %s in "
						 "the module", west ? "west" : "north", x, y, edge_names[ex[e]],
						 edge_names[got[e]]);
			}
	ck_assert_msg(wrong == 0, "%s, level %d: %d edges differ; %s", what, m->depth, wrong, first);
	free(ex);
	free(got);
}

static void read_model(const char *path, struct read_json_doc *doc)
{
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_file(path, INPUT_MAPSHEET, doc, NULL, &e) == 0, "%s: %s", path, e.msg);
}

/* Every edge of every level, for every case; across the cases every kind
 * of edge is met. */
START_TEST(test_walls_and_doors_match_the_map)
{
	int counts[5] = { 0 };
	for (int c = 0; c < NCASES; c++) {
		ck_assert_msg(made[c] == 0 && made_json[c] == 0, "%s: mapsheet %s failed (exit %d, %d)", cases[c].name,
			      cases[c].args, made[c], made_json[c]);
		char path[256];
		struct module md;
		snprintf(path, sizeof path, DIR "/%s.module", cases[c].name);
		module_read(&md, path);
		struct read_json_doc doc;
		snprintf(path, sizeof path, DIR "/%s.json", cases[c].name);
		read_model(path, &doc);
		ck_assert_int_eq((int)json_array_size(md.maps), doc.nlevels);
		for (int l = 0; l < doc.nlevels; l++) {
			const json_t *m = map_of_depth(&md, doc.levels[l].map.depth);
			ck_assert_ptr_nonnull(m);
			check_edges(&doc.levels[l].map, m, cases[c].name, counts);
		}
		read_json_doc_free(&doc);
		module_free(&md);
	}
	ck_assert_msg(counts[EDGE_WALL] > 0 && counts[EDGE_DOOR] > 0 && counts[EDGE_LOCKED] > 0 &&
		      counts[EDGE_SECRET] > 0, "the cases lack a kind of edge: %d walls, %d doors, %d locked, %d secret",
		      counts[EDGE_WALL], counts[EDGE_DOOR], counts[EDGE_LOCKED], counts[EDGE_SECRET]);
}
END_TEST

/* The room's marker: one, labelled with its number, in the room, opening
 * a page with the room's key text. */
static void check_room(const struct module *md, const json_t *mapdoc, const struct map *m, const struct key_entry *en)
{
	const json_t *found = NULL, *k;
	size_t i;
	char label[16];
	snprintf(label, sizeof label, "%d", en->number);
	json_array_foreach(json_object_get(mapdoc, "markers"), i, k)
		if (strcmp(str(k, "label"), label) == 0) {
			ck_assert_msg(found == NULL, "level %d: two markers for room %d", m->depth, en->number);
			found = k;
		}
	ck_assert_msg(found != NULL, "level %d: no marker for room %d", m->depth, en->number);
	struct geom gm = geom_of(mapdoc, m);
	ck_assert(clear_of_edges(mapdoc, &gm, num(found, "x"), num(found, "y")));
	int sx = (int)((num(found, "x") - gm.off) / gm.sq), sy = (int)((num(found, "y") - gm.off) / gm.sq);
	ck_assert_msg(map_at(m, sx, sy) == en->region, "level %d: room %d's marker stands at square %d,%d, not in it",
		      m->depth, en->number, sx, sy);
	ck_assert(json_is_true(json_object_get(found, "hidden")));
	const json_t *page = marker_page(md, found);
	/* a fight's marker opens its encounter, which the room's page links */
	const char *ref = json_string_value(json_object_get(found, "reference"));
	if (en->encounter.nfoes > 0) {
		ck_assert_msg(ref && strncmp(ref, "/encounter/", 11) == 0, "level %d: room %d's fight: its marker opens %s",
			      m->depth, en->number, ref ? ref : "nothing");
		char slug[300], link[320];
		snprintf(slug, sizeof slug, "%s-level-%d-room-%d", str(md->module, "slug"), m->depth, en->number);
		page = page_by_slug(md, slug);
		snprintf(link, sizeof link, "href=\"%s\"", ref);
		ck_assert_msg(page && strstr(str(page, "content"), link), "level %d: room %d's page does not open its fight",
			      m->depth, en->number);
	}
	ck_assert_msg(page != NULL, "level %d: room %d's marker opens no page", m->depth, en->number);
	char name[128];
	snprintf(name, sizeof name, "%d. %s", en->number, en->title);
	ck_assert_str_eq(str(page, "name"), name);
	expect_in_page(page, name, "its heading");
	expect_in_page(page, en->size, "its size");
	if (en->exits && en->exits[0])
		expect_in_page(page, en->exits, "its exits");
	for (int j = 0; j < en->nlines; j++)
		expect_in_page(page, en->lines[j], "a line of its key");
}

/* A marker on every stair, opening the map of the level it reaches. */
static void check_stairs(const struct module *md, const json_t *mapdoc, const struct map *m)
{
	struct geom gm = geom_of(mapdoc, m);
	long g = gm.sq;
	for (int s = 0; s < m->nstairs; s++) {
		const struct stair *st = &m->stairs[s];
		const json_t *found = NULL, *k;
		size_t i;
		json_array_foreach(json_object_get(mapdoc, "markers"), i, k)
			if ((num(k, "x") - gm.off) / g == st->x && (num(k, "y") - gm.off) / g == st->y &&
			    strstr(str(k, "name"), "Stairs"))
				found = k;
		ck_assert_msg(found != NULL, "level %d: no marker on the stairs at %d,%d", m->depth, st->x, st->y);
		const json_t *to = st->to_level > 0 ? map_of_depth(md, st->to_level) : NULL;
		const char *ref = json_string_value(json_object_get(found, "reference"));
		if (to) {
			ck_assert_msg(ref && strncmp(ref, "/map/", 5) == 0 && map_by_slug(md, ref + 5) == to,
				      "level %d: the stairs to level %d open %s", m->depth, st->to_level, ref ? ref : "nothing");
		} else {
			ck_assert_ptr_null(ref);
		}
	}
}

START_TEST(test_markers_open_the_key)
{
	for (int c = 0; c < NCASES; c++) {
		char path[256];
		struct module md;
		snprintf(path, sizeof path, DIR "/%s.module", cases[c].name);
		module_read(&md, path);
		struct read_json_doc doc;
		snprintf(path, sizeof path, DIR "/%s.json", cases[c].name);
		read_model(path, &doc);
		int pages = 1;
		for (int l = 0; l < doc.nlevels; l++) {
			const struct level *lv = &doc.levels[l];
			const json_t *m = map_of_depth(&md, lv->map.depth);
			for (int i = 0; i < lv->key.n; i++)
				check_room(&md, m, &lv->map, &lv->key.entries[i]);
			check_stairs(&md, m, &lv->map);
			pages += lv->key.n;
			char slug[256];
			if (lv->key.nwandering > 0) {
				snprintf(slug, sizeof slug, "%s-level-%d-wandering", str(md.module, "slug"), lv->map.depth);
				const json_t *w = page_by_slug(&md, slug);
				ck_assert_msg(w != NULL, "%s: level %d has no wandering page", cases[c].name, lv->map.depth);
				for (int i = 0; i < lv->key.nwandering; i++) {
					const char *line = lv->key.wandering[i];
					const char *dot = strstr(line, ". ");
					expect_in_page(w, dot && dot - line < 4 ? dot + 2 : line, "a line of the table");
				}
				pages++;
			}
			if (lv->map.nmarks > 0 || lv->key.nfooter > 0) {
				snprintf(slug, sizeof slug, "%s-level-%d-notes", str(md.module, "slug"), lv->map.depth);
				const json_t *notes = page_by_slug(&md, slug);
				ck_assert_msg(notes != NULL, "%s: level %d has no notes page", cases[c].name, lv->map.depth);
				for (int i = 0; i < lv->key.nfooter; i++)
					expect_in_page(notes, lv->key.footer[i], "a note");
				for (int i = 0; i < lv->map.nmarks; i++)
					expect_in_page(notes, lv->map.marks[i].text, "a mark");
				pages++;
			}
			if (lv->key.nadversaries > 0) {
				snprintf(slug, sizeof slug, "%s-level-%d-adversaries", str(md.module, "slug"), lv->map.depth);
				const json_t *adv = page_by_slug(&md, slug);
				ck_assert_msg(adv != NULL, "%s: level %d has no roster page", cases[c].name, lv->map.depth);
				for (int i = 0; i < lv->key.nadversaries; i++)
					expect_in_page(adv, lv->key.adversaries[i], "a line of the roster or the alarm");
				pages++;
			}
		}
		ck_assert_int_eq((int)json_array_size(md.pages), pages);
		/* the premise, with the secret, at the top: the game master's, each
		 * thread's room named */
		const json_t *premise = json_array_get(md.pages, 0);
		ck_assert_str_eq(str(premise, "parentId"), "");
		struct doc d = { .story = doc.story, .secret = doc.secret, .threads = doc.threads, .nthreads = doc.nthreads };
		char *story_gm, *secret_gm;
		struct err e;
		ck_assert_msg(doc_threads_annotate(&d, &story_gm, &secret_gm, &e) == 0, "%s", e.msg);
		if (doc.secret && doc.secret[0])
			expect_in_page(premise, secret_gm ? secret_gm : doc.secret, "the secret");
		free(story_gm);
		free(secret_gm);
		read_json_doc_free(&doc);
		module_free(&md);
	}
}
END_TEST

/* Is region id of m reached from the entrance without a secret door? */
static unsigned char *reached_regions(const struct map *m)
{
	unsigned char *seen = calloc((size_t)m->nregions + 1, 1);
	ck_assert_ptr_nonnull(seen);
	seen[map_at(m, m->entrance.x, m->entrance.y)] = 1;
	for (int grew = 1; grew;) {
		grew = 0;
		for (int i = 0; i < m->ndoors; i++) {
			int a, b;
			map_door_regions(m, &m->doors[i], &a, &b);
			if (m->doors[i].kind == DOOR_SECRET || a <= 0 || b <= 0 || seen[a] == seen[b])
				continue;
			seen[a] = seen[b] = 1;
			grew = 1;
		}
	}
	return seen;
}

START_TEST(test_handout_keeps_the_secrets)
{
	ck_assert_int_eq(made_handout, 0);
	ck_assert_int_eq(made_handout_gm, 0);
	struct module md;
	module_read(&md, DIR "/handout.module");
	struct read_json_doc doc;
	read_model(DIR "/handout-gm.json", &doc);
	const struct level *lv = &doc.levels[0];
	const struct map *gm = &lv->map;
	unsigned char *seen = reached_regions(gm);
	int shown = 0, hidden = 0;
	char slug[256];
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		snprintf(slug, sizeof slug, "%s-level-1-room-%d", str(md.module, "slug"), en->number);
		const json_t *page = page_by_slug(&md, slug);
		if (seen[en->region]) {
			ck_assert_msg(page != NULL, "room %d, which the players reach, has no page", en->number);
			shown++;
		} else {
			ck_assert_msg(page == NULL, "room %d, behind a secret door, has a page", en->number);
			hidden++;
		}
	}
	ck_assert_msg(hidden > 0, "the handout's seed has no room behind a secret door");
	/* a page a room, the premise, nothing else; a marker a room */
	ck_assert_int_eq((int)json_array_size(md.pages), shown + 1);
	const json_t *mapdoc = json_array_get(md.maps, 0);
	size_t i;
	const json_t *k;
	int rooms = 0;
	json_array_foreach(json_object_get(mapdoc, "markers"), i, k) {
		ck_assert(json_is_false(json_object_get(k, "hidden")));
		const json_t *page = marker_page(&md, k);
		rooms += page != NULL;
		if (page)
			ck_assert_msg(strstr(str(page, "name"), ". Room") || strstr(str(page, "name"), ". Hallway"),
				      "the handout names a room %s", str(page, "name"));
	}
	ck_assert_int_eq(rooms, shown);
	/* no text of the referee's */
	const json_t *p;
	json_array_foreach(md.pages, i, p) {
		const char *content = str(p, "content");
		ck_assert_msg(!strstr(content, "Who:") && !strstr(content, "Treasure") &&
			      !strstr(content, DOC_SECRET_HEADING) && !strstr(content, "Made by mapsheet"),
			      "the handout's page %s holds the referee's text", str(p, "name"));
		if (doc.secret && doc.secret[0])
			ck_assert(!strstr(content, doc.secret));
	}
	/* the players' walls: secret doors are wall, the rooms behind them gone */
	struct map view;
	struct err e = { ERR_NONE, "" };
	ck_assert_int_eq(handout_map(&view, gm, 0, 0, &e), 0);
	int counts[5] = { 0 };
	check_edges(&view, mapdoc, "the handout", counts);
	ck_assert_int_eq(counts[EDGE_SECRET], 0);
	ck_assert_int_eq(counts[EDGE_LOCKED], 0);
	map_free(&view);
	free(seen);
	read_json_doc_free(&doc);
	module_free(&md);
}
END_TEST

/* Every module the suite wrote passes the schema and the cross-checks. */
START_TEST(test_schema_and_references)
{
	ck_assert_int_eq(made_handout_booklet, 0);
	char cmd[4096];
	int n = snprintf(cmd, sizeof cmd, "python3 tests/encounterplus_check.py " SCHEMA);
	for (int c = 0; c < NCASES; c++) {
		ck_assert_int_eq(made[c], 0);
		n += snprintf(cmd + n, sizeof cmd - (size_t)n, " " DIR "/%s.module", cases[c].name);
	}
	snprintf(cmd + n, sizeof cmd - (size_t)n, " " DIR "/handout.module " DIR "/handout-booklet.module >" DIR
		 "/check.out 2>&1");
	int rc = system(cmd);
	char *out = test_slurp(DIR "/check.out", NULL);
	ck_assert_msg(rc == 0, "the modules fail the check:\n%.3000s", out ? out : "");
	free(out);
}
END_TEST

/* Writes md's files, maps.json replaced by maps, as a module at path. */
/* A module stocked with the 5e system carries its fights and, since the
 * SRD's license asks for it, the party and the SRD's notice on its
 * premise page; the players' copy has neither. */
START_TEST(test_system_credit)
{
	static const char *const copies[] = { "", " --player" };
	for (int c = 0; c < 2; c++) {
		char args[200];
		snprintf(args, sizeof args, "-q -s credit --system 5e --party-level 5%s -o " DIR "/credit.module", copies[c]);
		ck_assert_int_eq(test_run(args, NULL, NULL), 0);
		struct module md;
		module_read(&md, DIR "/credit.module");
		char *all = json_dumps(md.pages, 0);
		ck_assert_ptr_nonnull(all);
		int credit = strstr(all, "System Reference Document 5.1") != NULL;
		int fights = strstr(all, "Encounter: ") != NULL;
		ck_assert_msg(c == 0 ? credit && fights : !credit && !fights, "%s: SRD notice %s, fights %s",
			      copies[c][0] ? "the players' copy" : "the referee's copy", credit ? "there" : "missing",
			      fights ? "there" : "missing");
		free(all);
		module_free(&md);
	}
}
END_TEST

static void write_module(const char *from, const char *path, const json_t *maps)
{
	int zerr;
	zip_t *src = zip_open(from, ZIP_RDONLY, &zerr), *dst = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &zerr);
	ck_assert(src && dst);
	char *text = json_dumps(maps, JSON_COMPACT);
	ck_assert_ptr_nonnull(text);
	for (zip_int64_t i = 0; i < zip_get_num_entries(src, 0); i++) {
		const char *name = zip_get_name(src, (zip_uint64_t)i, 0);
		zip_source_t *s = strcmp(name, "maps.json") == 0 ? zip_source_buffer(dst, text, strlen(text), 0)
								 : zip_source_zip(dst, src, (zip_uint64_t)i, 0, 0, -1);
		ck_assert_ptr_nonnull(s);
		ck_assert_int_ge(zip_file_add(dst, name, s, 0), 0);
	}
	ck_assert_int_eq(zip_close(dst), 0);
	zip_discard(src);
	free(text);
}

/* Modules broken on purpose fail the same check, each saying why. */
START_TEST(test_broken_module_refused)
{
	ck_assert_int_eq(made[0], 0);
	static const struct {
		const char *what, *says;
	} breaks[] = {
		{ "reference", "names no page" },
		{ "wall type", "'window' is not one of" },
		{ "door off the grid", "not one square's edge" },
	};
	enum { NBREAKS = sizeof breaks / sizeof breaks[0] };
	char cmd[1024] = "python3 tests/encounterplus_check.py " SCHEMA;
	for (int b = 0; b < NBREAKS; b++) {
		struct module md;
		module_read(&md, DIR "/dice.module");
		json_t *m = json_array_get(md.maps, 0);
		if (b == 0) {
			json_object_set_new(json_array_get(json_object_get(m, "markers"), 0), "reference",
					    json_string("/page/nowhere"));
		} else {
			size_t i;
			json_t *w, *door = NULL;
			json_array_foreach(json_object_get(m, "walls"), i, w)
				if (!door && strcmp(str(w, "type"), "door") == 0)
					door = w;
			ck_assert_ptr_nonnull(door);
			json_t *data = json_object_get(door, "data");
			if (b == 1)
				json_object_set_new(door, "type", json_string("window"));
			else
				json_array_set_new(data, 2, json_integer(json_integer_value(json_array_get(data, 2)) + 1));
		}
		char path[128];
		snprintf(path, sizeof path, DIR "/broken-%d.module", b);
		write_module(DIR "/dice.module", path, md.maps);
		module_free(&md);
		snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " %s", path);
	}
	snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " >" DIR "/broken.out 2>&1");
	int rc = system(cmd);
	char *out = test_slurp(DIR "/broken.out", NULL);
	ck_assert_msg(rc != -1 && WEXITSTATUS(rc) == 1 && out, "the broken modules pass: %s", out ? out : "");
	/* each file refused, for its own fault: a line of its own says so */
	for (int b = 0; b < NBREAKS; b++) {
		char head[160];
		snprintf(head, sizeof head, DIR "/broken-%d.module: ", b);
		int said = 0;
		for (const char *line = out; *line && !said;) {
			const char *eol = strchr(line, '\n');
			size_t len = eol ? (size_t)(eol - line) : strlen(line);
			const char *at = strstr(line, breaks[b].says);
			said = strncmp(line, head, strlen(head)) == 0 && at && at < line + len;
			line += len + (eol != NULL);
		}
		ck_assert_msg(said, "a module with a bad %s is not refused for it: %s", breaks[b].what, out);
	}
	free(out);
}
END_TEST

/* The same command gives the same bytes; another command other ids. */
START_TEST(test_same_command_same_module)
{
	ck_assert_int_eq(made[BOOKLET], 0);
	size_t n1, n2;
	char *first = test_slurp(DIR "/booklet.module", &n1);
	ck_assert_ptr_nonnull(first);
	char args[512];
	snprintf(args, sizeof args, "-q %s -o " DIR "/booklet.module", cases[BOOKLET].args);
	ck_assert_int_eq(test_run(args, NULL, NULL), 0);
	char *again = test_slurp(DIR "/booklet.module", &n2);
	ck_assert_ptr_nonnull(again);
	ck_assert_msg(n1 == n2 && memcmp(first, again, n1) == 0, "the same command wrote other bytes");
	free(first);
	free(again);
	struct module a, b, h;
	module_read(&a, DIR "/booklet.module");
	module_read(&b, DIR "/dice.module");
	module_read(&h, DIR "/handout-booklet.module");
	ck_assert_str_ne(str(a.module, "id"), str(b.module, "id"));
	ck_assert_str_ne(str(a.module, "id"), str(h.module, "id"));
	ck_assert_str_ne(str(json_array_get(a.pages, 1), "id"), str(json_array_get(h.pages, 1), "id"));
	module_free(&a);
	module_free(&b);
	module_free(&h);
}
END_TEST

/* A module is a folder's worth of files: never standard output. */
START_TEST(test_refusals)
{
	ck_assert_int_eq(test_run("-q --seed 7 --format encounterplus -o -", NULL, DIR "/stdout.err"), 2);
	char *err = test_slurp(DIR "/stdout.err", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0 && strstr(err, "standard output") &&
		      strchr(err, '\n') == err + strlen(err) - 1, "not one clear line: %s", err);
	free(err);
	/* by --format under a name no format claims, and by .module whatever
	 * the case; a name that is another format's is refused */
	ck_assert_int_eq(test_run("-q --seed 7 -n 3 --format encounterplus -o " DIR "/named.pack", NULL, NULL), 0);
	ck_assert_int_eq(test_run("-q --seed 7 -n 3 --format encounterplus -o " DIR "/named.zip", NULL, NULL), 2);
	ck_assert_int_eq(test_run("-q --seed 7 -n 3 -o " DIR "/upper.MODULE", NULL, NULL), 0);
	struct module md;
	module_read(&md, DIR "/named.pack");
	module_free(&md);
	module_read(&md, DIR "/upper.MODULE");
	module_free(&md);
}
END_TEST

/* The wall the module lays on the map's edge of door d, or NULL. */
static const json_t *wall_on_door(const json_t *doc, const struct geom *g, const struct door *d)
{
	long x0 = d->x + (d->side == SIDE_E), y0 = d->y + (d->side == SIDE_S);
	int vertical = d->side == SIDE_E || d->side == SIDE_W;
	long want[4] = { x0 * g->sq + g->off, y0 * g->sq + g->off, (x0 + !vertical) * g->sq + g->off,
			 (y0 + vertical) * g->sq + g->off };
	size_t i;
	const json_t *w;
	json_array_foreach(json_object_get(doc, "walls"), i, w) {
		const json_t *data = json_object_get(w, "data");
		if (json_array_size(data) != 4)
			continue;
		int same = 1;
		for (size_t k = 0; k < 4; k++)
			same &= (long)json_number_value(json_array_get(data, k)) == want[k];
		if (same)
			return w;
	}
	return NULL;
}

/* The one rule of sight, the Foundry module's and the Universal VTT
 * file's: a portcullis is seen through (a wall tokens cannot cross and
 * sight passes, "invisible"), every other door blocks sight, and each
 * pillar, statue and shelf is a closed "terrain" outline in its square. A
 * dungeon is dark (no daylight) with a light on every hearth; a building
 * is in daylight. */
START_TEST(test_sight_and_light)
{
	int portcullises = 0, blockers = 0, hearths = 0;
	for (int c = 0; c < NCASES; c++) {
		char path[256];
		struct module md;
		snprintf(path, sizeof path, DIR "/%s.module", cases[c].name);
		module_read(&md, path);
		struct read_json_doc doc;
		snprintf(path, sizeof path, DIR "/%s.json", cases[c].name);
		read_model(path, &doc);
		for (int l = 0; l < doc.nlevels; l++) {
			const struct map *m = &doc.levels[l].map;
			const json_t *mapdoc = map_of_depth(&md, m->depth);
			struct geom g = geom_of(mapdoc, m);
			for (int i = 0; i < m->ndoors; i++) {
				const struct door *d = &m->doors[i];
				if (d->kind == DOOR_OPENING)
					continue;
				const json_t *w = wall_on_door(mapdoc, &g, d);
				ck_assert_msg(w != NULL, "%s: the %s at %d,%d is no wall", cases[c].name, door_kind_name(d->kind),
					      d->x, d->y);
				ck_assert_str_eq(str(w, "type"), d->kind == DOOR_PORTCULLIS ? "invisible"
								 : d->kind == DOOR_SECRET ? "secretDoor" : "door");
				portcullises += d->kind == DOOR_PORTCULLIS;
			}
			int outlines = 0, want = 0;
			size_t i;
			const json_t *w;
			json_array_foreach(json_object_get(mapdoc, "walls"), i, w) {
				if (strcmp(str(w, "type"), "terrain") != 0)
					continue;
				const json_t *data = json_object_get(w, "data");
				double cx = 0, cy = 0;
				size_t n = json_array_size(data) / 2 - 1;
				for (size_t k = 0; k < n; k++) {
					cx += json_number_value(json_array_get(data, 2 * k)) / (double)n;
					cy += json_number_value(json_array_get(data, 2 * k + 1)) / (double)n;
				}
				int sx = (int)((cx - (double)g.off) / (double)g.sq), sy = (int)((cy - (double)g.off) / (double)g.sq);
				ck_assert(map_in(m, sx, sy));
				enum feature f = (enum feature)m->features[(long)sy * m->w + sx];
				ck_assert_msg(f == FEATURE_PILLAR || f == FEATURE_STATUE || f == FEATURE_SHELF,
					      "%s: a terrain outline where nothing stands", cases[c].name);
				outlines++;
			}
			long lights = 0;
			for (long k = 0; m->features && k < (long)m->w * m->h; k++) {
				want += m->features[k] == FEATURE_PILLAR || m->features[k] == FEATURE_STATUE ||
					m->features[k] == FEATURE_SHELF;
				lights += m->features[k] == FEATURE_HEARTH;
			}
			ck_assert_int_eq(outlines, want);
			blockers += want;
			hearths += (int)lights;
			int building = m->method && (strcmp(m->method, "house") == 0 || strcmp(m->method, "mansion") == 0);
			ck_assert_msg(json_real_value(json_object_get(mapdoc, "losDaylight")) == (building ? 1.0 : 0.0),
				      "%s level %d: the %s is %s", cases[c].name, m->depth, m->method ? m->method : "map read", building ? "dark" : "lit");
			ck_assert_int_ge(json_array_size(json_object_get(mapdoc, "lights")), lights);
			const json_t *light;
			json_array_foreach(json_object_get(mapdoc, "lights"), i, light) {
				long lx = (num(light, "x") - g.off) / g.sq, ly = (num(light, "y") - g.off) / g.sq;
				ck_assert_msg(map_at(m, (int)lx, (int)ly) > 0, "%s: a light off the floor", cases[c].name);
			}
		}
		read_json_doc_free(&doc);
		module_free(&md);
	}
	ck_assert_msg(portcullises > 0 && blockers > 0 && hearths > 0, "the cases lack a portcullis (%d), a pillar (%d) "
		      "or a hearth (%d)", portcullises, blockers, hearths);
}
END_TEST

/* The app's monster slug of a creature: its name in lower case, words
 * joined by hyphens; a form ("Wererat, Rat Form") is its creature's. */
static void monster_slug(const char *name, char *out, size_t size)
{
	size_t n = 0;
	const char *end = name + strlen(name), *comma = strstr(name, ", ");
	if (comma && end - name > 5 && strcmp(end - 5, " Form") == 0)
		end = comma;
	for (const char *p = name; p < end && n + 2 < size; p++)
		if (isalnum((unsigned char)*p))
			out[n++] = (char)tolower((unsigned char)*p);
		else if (n > 0 && out[n - 1] != '-')
			out[n++] = '-';
	while (n > 0 && out[n - 1] == '-')
		n--;
	out[n] = '\0';
}

/* A 3-level module stocked with the 5e system: its system named, its grid
 * of 5-ft squares, each room's fight an encounter of the app's monsters
 * opened by the room's marker, each wandering table a table of its die and
 * rows as printed. */
START_TEST(test_5e_module)
{
	const char *args = "--seed sunken-keep --levels 3 --system 5e --party 4 --party-level 5";
	char cmd[400];
	snprintf(cmd, sizeof cmd, "-q %s -o " DIR "/5e.module", args);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	snprintf(cmd, sizeof cmd, "-q %s -o " DIR "/5e.json", args);
	ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
	int rc = system("python3 tests/encounterplus_check.py " SCHEMA " " DIR "/5e.module >" DIR "/5e.out 2>&1");
	char *out = test_slurp(DIR "/5e.out", NULL);
	ck_assert_msg(rc == 0, "the 5e module fails the check:\n%.3000s", out ? out : "");
	free(out);
	struct module md;
	module_read(&md, DIR "/5e.module");
	struct read_json_doc doc;
	read_model(DIR "/5e.json", &doc);
	ck_assert_str_eq(str(md.module, "system"), "5e");
	int fights = 0;
	for (int l = 0; l < doc.nlevels; l++) {
		const struct level *lv = &doc.levels[l];
		const json_t *mapdoc = map_of_depth(&md, lv->map.depth);
		ck_assert_int_eq(num(mapdoc, "gridScale"), 5);
		struct geom g = geom_of(mapdoc, &lv->map);
		ck_assert_int_eq(g.split, 2);
		for (int i = 0; i < lv->key.n; i++) {
			const struct key_entry *en = &lv->key.entries[i];
			check_room(&md, mapdoc, &lv->map, en);
			if (en->encounter.nfoes == 0)
				continue;
			char slug[300];
			snprintf(slug, sizeof slug, "%s-level-%d-room-%d-encounter", str(md.module, "slug"), lv->map.depth,
				 en->number);
			const json_t *enc = NULL, *e;
			size_t k;
			json_array_foreach(md.encounters, k, e)
				if (strcmp(str(e, "slug"), slug) == 0)
					enc = e;
			ck_assert_msg(enc != NULL, "level %d room %d's fight is no encounter", lv->map.depth, en->number);
			const json_t *list = json_object_get(enc, "combatants");
			size_t at = 0;
			for (int f = 0; f < en->encounter.nfoes; f++) {
				char ref[120];
				monster_slug(en->encounter.foes[f].name, ref + 9, sizeof ref - 9);
				memcpy(ref, "/monster/", 9);
				for (int c = 0; c < en->encounter.foes[f].count; c++, at++) {
					const json_t *cb = json_array_get(list, at);
					ck_assert_msg(cb != NULL, "room %d's encounter lacks a %s", en->number, ref);
					ck_assert_str_eq(str(cb, "monster"), ref);
					ck_assert_str_eq(str(cb, "role"), "hostile");
				}
			}
			ck_assert_int_eq(json_array_size(list), at);
			fights++;
		}
		if (lv->key.nwandering == 0)
			continue;
		char slug[300];
		snprintf(slug, sizeof slug, "%s-level-%d-wandering-table", str(md.module, "slug"), lv->map.depth);
		const json_t *t = NULL, *e;
		size_t k;
		json_array_foreach(md.tables, k, e)
			if (strcmp(str(e, "slug"), slug) == 0)
				t = e;
		ck_assert_msg(t != NULL, "level %d's wandering table is no table", lv->map.depth);
		ck_assert_str_eq(str(t, "dice"), lv->key.wandering_die);
		const json_t *rows = json_object_get(t, "rows");
		ck_assert_int_eq(json_array_size(rows), lv->key.nwandering);
		for (int i = 0; i < lv->key.nwandering; i++) {
			const json_t *row = json_array_get(rows, (size_t)i);
			char printed[2048];
			snprintf(printed, sizeof printed, "%s. %s", json_string_value(json_array_get(row, 0)),
				 json_string_value(json_array_get(row, 1)));
			ck_assert_str_eq(printed, lv->key.wandering[i]);
		}
	}
	ck_assert_int_gt(fights, 10);
	ck_assert_int_eq(json_array_size(md.encounters), fights);
	read_json_doc_free(&doc);
	module_free(&md);
}
END_TEST

/* Another content option, another module: its slug and every id its own. */
START_TEST(test_ids_follow_the_content)
{
	static const char *const runs[] = { "-s faceless --rooms 8 --system 5e --party-level 3",
					    "-s faceless --rooms 8 --system 5e --party-level 3 -o " DIR "/elsewhere.module",
					    "-s faceless --rooms 8 --system 5e --party-level 3 --method cards",
					    "-s faceless --rooms 9 --system 5e --party-level 3",
					    "-s faceless --rooms 8 --system 5e --party-level 9",
					    "-s faceless --rooms 8 --system neutral",
					    "-s faceless --rooms 8 --system 5e --party-level 3 --levels 2" };
	char first[200] = "";
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		char cmd[400], path[100];
		snprintf(path, sizeof path, DIR "/ids-%zu.module", i);
		/* the second writes elsewhere: where it is written is no content */
		snprintf(cmd, sizeof cmd, "-q %s%s%s", runs[i], i == 1 ? "" : " -o ", i == 1 ? "" : path);
		ck_assert_int_eq(test_run(cmd, NULL, NULL), 0);
		struct module md;
		module_read(&md, i == 1 ? DIR "/elsewhere.module" : path);
		const char *id = str(md.module, "id");
		if (i == 0)
			snprintf(first, sizeof first, "%s %s", id, str(md.module, "slug"));
		char both[200];
		snprintf(both, sizeof both, "%s %s", id, str(md.module, "slug"));
		if (i <= 1)
			ck_assert_str_eq(both, first);
		else
			ck_assert_msg(strncmp(both, first, 36) != 0 && strcmp(strchr(both, ' '), strchr(first, ' ')) != 0,
				      "%s has the module id or slug of %s", runs[i], runs[0]);
		module_free(&md);
	}
}
END_TEST

static Suite *encounterplus_suite(void)
{
	Suite *s = suite_create("encounterplus");
	TCase *tc = tcase_create("module");
	tcase_add_unchecked_fixture(tc, make_all, NULL);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_walls_and_doors_match_the_map);
	tcase_add_test(tc, test_markers_open_the_key);
	tcase_add_test(tc, test_handout_keeps_the_secrets);
	tcase_add_test(tc, test_schema_and_references);
	tcase_add_test(tc, test_broken_module_refused);
	tcase_add_test(tc, test_same_command_same_module);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_system_credit);
	tcase_add_test(tc, test_sight_and_light);
	tcase_add_test(tc, test_5e_module);
	tcase_add_test(tc, test_ids_follow_the_content);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(encounterplus_suite)
