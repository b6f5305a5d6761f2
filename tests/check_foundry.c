/* check_foundry.c: the Foundry VTT module (--format foundry, .zip) read the
 * way Foundry reads it. Each module is made by the command, unzipped with
 * libzip, and its compendium pack unpacked by Foundry's own command-line
 * tool (tests/node/foundry-unpack.mjs, installed by make deps: without
 * Node.js or the tool this suite fails). The same command's JSON gives the
 * map to hold the module against: the manifest installs from its folder;
 * each level has a scene whose grid is the map's squares, whose walls are
 * exactly the map's walls and whose doors are the map's doors, each in its
 * place and of its kind (secret, locked, portcullis); every numbered room
 * has a page with its key's text and a note in the room, labelled with its
 * number, naming that page; every note names a page that exists; stairs
 * lead to the other levels' pages; every id is 16 letters and digits, once;
 * the same command makes the same bytes. For every method, a booklet of 3
 * levels, a One Page Dungeon and a donjon map, and the players' handout
 * (no secret door, no page or note of a room behind one, none of the
 * referee's text). */
#include "testutil.h"

#include "model/handout.h"
#include "model/key.h"
#include "read/read_map.h"

#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#define DIR "build/tests/foundry"
#define UNPACK "tests/node/foundry-unpack.mjs"

struct module {
	json_t *manifest, *adv;
	char id[128];
	zip_t *zip;
};

/* Node.js and Foundry's tool must be there: make deps installs both. */
static void need_node(void)
{
	ck_assert_msg(system("node --version >/dev/null 2>&1") == 0,
		      "node is not installed: run make deps (it installs Node.js and Foundry's command-line tool)");
	const char *mods = getenv("MAPSHEET_NODE_MODULES");
	char path[600];
	snprintf(path, sizeof path, "%s/@foundryvtt/foundryvtt-cli/index.mjs", mods ? mods : "tests/node/node_modules");
	ck_assert_msg(access(path, R_OK) == 0, "%s is missing: run make deps (npm ci in tests/node)", path);
}

static json_t *get2(const json_t *o, const char *a, const char *b)
{
	return json_object_get(json_object_get(o, a), b);
}

static char *zip_read(zip_t *z, const char *name, size_t *len)
{
	zip_stat_t st;
	ck_assert_msg(zip_stat(z, name, 0, &st) == 0, "the module has no %s", name);
	char *buf = malloc(st.size + 1);
	zip_file_t *f = zip_fopen(z, name, 0);
	ck_assert(buf && f);
	ck_assert_int_eq(zip_fread(f, buf, st.size), (zip_int64_t)st.size);
	zip_fclose(f);
	buf[st.size] = '\0';
	*len = st.size;
	return buf;
}

/* Makes DIR/name.zip with args, reads its manifest, unpacks its pack with
 * Foundry's tool and parses the Adventure. */
static void module_make(const char *name, const char *args, struct module *mod)
{
	need_node();
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	char cmd[1200], path[700], err[300];
	snprintf(cmd, sizeof cmd, "-q %s -o " DIR "/%s.zip", args, name);
	snprintf(err, sizeof err, DIR "/%s.err", name);
	ck_assert_msg(test_run(cmd, NULL, err) == 0, "mapsheet %s failed", cmd);
	snprintf(path, sizeof path, DIR "/%s.zip", name);
	int zerr;
	mod->zip = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &zerr);
	ck_assert_msg(mod->zip != NULL, "%s is not a zip", path);
	/* one folder, the module's id, holding module.json */
	const char *first = zip_get_name(mod->zip, 0, 0);
	ck_assert_ptr_nonnull(first);
	const char *slash = strchr(first, '/');
	ck_assert_ptr_nonnull(slash);
	snprintf(mod->id, sizeof mod->id, "%.*s", (int)(slash - first), first);
	char pack[300];
	snprintf(pack, sizeof pack, DIR "/%s-pack", name);
	mkdir(pack, 0777);
	for (zip_int64_t i = 0; i < zip_get_num_entries(mod->zip, 0); i++) {
		const char *n = zip_get_name(mod->zip, (zip_uint64_t)i, 0);
		ck_assert_msg(strncmp(n, mod->id, strlen(mod->id)) == 0 && n[strlen(mod->id)] == '/',
			      "%s lies outside the module's folder %s", n, mod->id);
		const char *in_pack = strstr(n, "/packs/adventure/");
		if (!in_pack)
			continue;
		size_t len;
		char *data = zip_read(mod->zip, n, &len);
		snprintf(path, sizeof path, "%s/%s", pack, in_pack + strlen("/packs/adventure/"));
		FILE *f = fopen(path, "wb");
		ck_assert(f && fwrite(data, 1, len, f) == len && fclose(f) == 0);
		free(data);
	}
	size_t len;
	snprintf(path, sizeof path, "%s/module.json", mod->id);
	char *text = zip_read(mod->zip, path, &len);
	json_error_t je;
	mod->manifest = json_loads(text, 0, &je);
	ck_assert_msg(mod->manifest != NULL, "module.json: %s", je.text);
	free(text);
	snprintf(cmd, sizeof cmd, "node " UNPACK " %s " DIR "/%s-out > " DIR "/%s-adv.json", pack, name, name);
	ck_assert_msg(system(cmd) == 0, "Foundry's tool could not unpack the pack: %s", cmd);
	snprintf(path, sizeof path, DIR "/%s-adv.json", name);
	json_t *docs = json_load_file(path, 0, &je);
	ck_assert_msg(json_is_array(docs) && json_array_size(docs) == 1, "the pack holds one document, not that");
	mod->adv = json_incref(json_array_get(docs, 0));
	json_decref(docs);
	char key[64];
	snprintf(key, sizeof key, "!adventures!%s", json_string_value(json_object_get(mod->adv, "_id")));
	ck_assert_str_eq(json_string_value(json_object_get(mod->adv, "_key")), key);
}

static void module_free(struct module *mod)
{
	json_decref(mod->manifest);
	json_decref(mod->adv);
	zip_discard(mod->zip);
}

/* The referee's map of the same command, from its JSON. */
static void referee_map(const char *name, const char *args, struct read_json_doc *rd)
{
	char cmd[1200], path[300];
	snprintf(cmd, sizeof cmd, "-q %s -o " DIR "/%s.json", args, name);
	ck_assert_msg(test_run(cmd, NULL, NULL) == 0, "mapsheet %s failed", cmd);
	snprintf(path, sizeof path, DIR "/%s.json", name);
	struct err e = { ERR_NONE, "" };
	ck_assert_msg(read_map_file(path, INPUT_MAPSHEET, rd, NULL, &e) == 0, "%s", e.msg);
}

static void check_manifest(const struct module *mod, int player)
{
	json_t *m = mod->manifest;
	ck_assert_str_eq(json_string_value(json_object_get(m, "id")), mod->id);
	ck_assert_str_eq(json_string_value(get2(m, "compatibility", "minimum")), "12");
	ck_assert_str_eq(json_string_value(get2(m, "compatibility", "verified")), "13");
	json_t *pack = json_array_get(json_object_get(m, "packs"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(pack, "type")), "Adventure");
	ck_assert_str_eq(json_string_value(json_object_get(pack, "path")), "packs/adventure");
	ck_assert_str_eq(json_string_value(get2(pack, "ownership", "PLAYER")),
			 player ? "OBSERVER" : "NONE");
	char path[300];
	snprintf(path, sizeof path, "%s/packs/adventure/CURRENT", mod->id);
	ck_assert_int_ge(zip_name_locate(mod->zip, path, 0), 0);
}

/* Every _id anywhere in v: 16 letters and digits, none twice. */
static void collect_ids(const json_t *v, char (*ids)[17], int *n, int max)
{
	if (json_is_array(v)) {
		for (size_t i = 0; i < json_array_size(v); i++)
			collect_ids(json_array_get(v, i), ids, n, max);
		return;
	}
	if (!json_is_object(v))
		return;
	const char *k;
	json_t *x;
	json_object_foreach((json_t *)v, k, x) {
		if (strcmp(k, "_id") == 0) {
			const char *id = json_string_value(x);
			ck_assert_msg(id && strlen(id) == 16 && strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
									   "0123456789") == 16, "bad id %s", id ? id : "null");
			for (int i = 0; i < *n; i++)
				ck_assert_msg(strcmp(ids[i], id) != 0, "the id %s is given twice", id);
			ck_assert_int_lt(*n, max);
			snprintf(ids[(*n)++], 17, "%s", id);
		} else {
			collect_ids(x, ids, n, max);
		}
	}
}

static int check_ids(const json_t *adv)
{
	int n = 0, max = 20000;
	char(*ids)[17] = malloc((size_t)max * sizeof *ids);
	ck_assert_ptr_nonnull(ids);
	collect_ids(adv, ids, &n, max);
	free(ids);
	return n;
}

static json_t *by_id(const json_t *list, const char *id)
{
	for (size_t i = 0; id && i < json_array_size(list); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(list, i), "_id")), id) == 0)
			return json_array_get(list, i);
	return NULL;
}

static json_t *page_named(const json_t *journal, const char *name)
{
	json_t *pages = json_object_get(journal, "pages");
	for (size_t i = 0; i < json_array_size(pages); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(pages, i), "name")), name) == 0)
			return json_array_get(pages, i);
	return NULL;
}

/* A page's text as a reader sees it: tags dropped, entities read. */
static char *page_text(const json_t *page)
{
	const char *html = json_string_value(get2(page, "text", "content"));
	ck_assert_ptr_nonnull(html);
	static const char *const ent[][2] = { { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" },
					      { "&#39;", "'" }, { "&#64;", "@" }, { "&#91;", "[" } };
	char *out = malloc(strlen(html) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (const char *p = html; *p;) {
		if (*p == '<') {
			p = strchr(p, '>');
			ck_assert_ptr_nonnull(p);
			p++;
			*o++ = ' ';
			continue;
		}
		size_t i, n = sizeof ent / sizeof ent[0];
		for (i = 0; i < n && strncmp(p, ent[i][0], strlen(ent[i][0])) != 0; i++)
			;
		if (i < n) {
			*o++ = ent[i][1][0];
			p += strlen(ent[i][0]);
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

/* What stands on each unit edge of the scene, from its walls: 0 nothing,
 * 1 a wall, 2 + k a door wall k (its index). Horizontal edges first. */
struct edges {
	int w, h;
	int *hz, *vt;   /* hz[y * w + x]: top edge of (x, y), y <= h; vt[y * (w + 1) + x] */
};

static int *edge_at(struct edges *ed, int x0, int y0, int x1, int y1)
{
	if (y0 == y1) {
		int x = x0 < x1 ? x0 : x1;
		ck_assert(x >= 0 && x < ed->w && y0 >= 0 && y0 <= ed->h);
		return &ed->hz[y0 * ed->w + x];
	}
	ck_assert_int_eq(x0, x1);
	int y = y0 < y1 ? y0 : y1;
	ck_assert(x0 >= 0 && x0 <= ed->w && y >= 0 && y < ed->h);
	return &ed->vt[y * (ed->w + 1) + x0];
}

/* How a scene lays the map out: its grid squares (grid pixels a side),
 * split of them along a map square's side (sq pixels), and the map's
 * square (0, 0) at pixel (off, off) inside the picture's margin. */
struct geom {
	int grid, split, sq, off;
};

/* The scene's layout of map m, checked: the grid's squares are the
 * system's (grid_feet, 0 for the map's own), the picture the map and a
 * margin of at least one square of solid ground round it. */
static struct geom scene_geom(const json_t *scene, const struct map *m, int grid_feet)
{
	struct geom g;
	g.grid = (int)json_integer_value(get2(scene, "grid", "size"));
	int feet = (int)json_integer_value(get2(scene, "grid", "distance"));
	ck_assert_int_ge(g.grid, 20);
	ck_assert_int_eq(feet, grid_feet && m->square_feet > grid_feet ? grid_feet : m->square_feet);
	ck_assert_int_eq(m->square_feet % feet, 0);
	g.split = m->square_feet / feet;
	g.sq = g.grid * g.split;
	long w = json_integer_value(json_object_get(scene, "width")), h = json_integer_value(json_object_get(scene, "height"));
	ck_assert_int_eq(w % g.sq, 0);
	int margin = (int)(w / g.sq - m->w) / 2;
	ck_assert_msg(margin >= 1, "level %d's picture has no margin", m->depth);
	ck_assert_int_eq(w, (long)(m->w + 2 * margin) * g.sq);
	ck_assert_int_eq(h, (long)(m->h + 2 * margin) * g.sq);
	g.off = margin * g.sq;
	return g;
}

/* Is pixel (x, y) at least a square of the map from the scene's edges? */
static int clear_of_edges(const json_t *scene, const struct geom *g, long x, long y)
{
	long w = json_integer_value(json_object_get(scene, "width")), h = json_integer_value(json_object_get(scene, "height"));
	return x >= g->sq && y >= g->sq && x <= w - g->sq && y <= h - g->sq;
}

static void scene_edges(const json_t *walls, const struct geom *g, struct edges *ed)
{
	for (size_t i = 0; i < json_array_size(walls); i++) {
		json_t *wl = json_array_get(walls, i), *c = json_object_get(wl, "c");
		/* what hides what stands behind it is no wall tokens meet */
		if (json_integer_value(json_object_get(wl, "move")) == 0)
			continue;
		int v[4];
		for (int k = 0; k < 4; k++) {
			v[k] = (int)json_integer_value(json_array_get(c, (size_t)k)) - g->off;
			ck_assert_msg(v[k] % g->sq == 0, "a wall off the grid: %d", v[k]);
			v[k] /= g->sq;
		}
		ck_assert_msg(v[0] == v[2] || v[1] == v[3], "a wall not along a grid line");
		int door = (int)json_integer_value(json_object_get(wl, "door"));
		int len = abs(v[2] - v[0]) + abs(v[3] - v[1]);
		ck_assert_int_ge(len, 1);
		ck_assert_msg(door == 0 || len == 1, "a door wall %d squares long", len);
		int dx = (v[2] > v[0]) - (v[2] < v[0]), dy = (v[3] > v[1]) - (v[3] < v[1]);
		for (int s = 0; s < len; s++) {
			int *at = edge_at(ed, v[0] + s * dx, v[1] + s * dy, v[0] + (s + 1) * dx, v[1] + (s + 1) * dy);
			ck_assert_msg(*at == 0, "two walls on one edge");
			*at = door ? 2 + (int)i : 1;
		}
	}
}

/* Door kinds and hearths met in all the suite's maps: each must be seen
 * somewhere, or what checks them checked nothing. */
static int kinds_seen[DOOR_KIND_COUNT], hearths_seen, blockers_seen, fires_seen, regions_seen;

/* Does a paragraph of the key name something that burns? */
static int names_fire(const char *line)
{
	static const char *const words[] = { "brazier", "lamp", "lantern", "candle", "torch", "forge", "sconce", "fire" };
	char low[1024];
	size_t n = strlen(line) < sizeof low - 1 ? strlen(line) : sizeof low - 1;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)line[i]);
	low[n] = '\0';
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strstr(low, words[i]))
			return 1;
	return 0;
}

/* The scene's walls and doors are the map's, edge by edge. */
static void check_walls(const json_t *scene, const struct map *m, const struct geom *g)
{
	json_t *walls = json_object_get(scene, "walls");
	struct edges ed = { m->w, m->h, calloc((size_t)m->w * (m->h + 1), sizeof(int)),
			    calloc((size_t)(m->w + 1) * m->h, sizeof(int)) };
	ck_assert(ed.hz && ed.vt);
	scene_edges(walls, g, &ed);
	int doors = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int y = 0; y <= m->h; y++)
			for (int x = 0; x <= m->w; x++) {
				/* pass 0: the top edge of (x, y); pass 1: its left edge */
				int ox = pass ? x - 1 : x, oy = pass ? y : y - 1;
				if ((pass == 0 && x == m->w) || (pass == 1 && y == m->h))
					continue;
				int a = map_at(m, x, y), b = map_at(m, ox, oy);
				int *at = pass ? &ed.vt[y * (m->w + 1) + x] : &ed.hz[y * m->w + x];
				int d = map_in(m, x, y) ? map_find_door(m, x, y, pass ? SIDE_W : SIDE_N)
					: map_find_door(m, ox, oy, pass ? SIDE_E : SIDE_S);
				if (a == b) {
					ck_assert_msg(*at == 0, "a wall inside a room at (%d, %d)", x, y);
				} else if (d < 0) {
					ck_assert_msg(*at == 1, "no wall between two regions at (%d, %d)", x, y);
				} else {
					enum door_kind k = m->doors[d].kind;
					kinds_seen[k]++;
					if (k == DOOR_OPENING) {
						ck_assert_msg(*at == 0, "an opening walled at (%d, %d)", x, y);
						continue;
					}
					ck_assert_msg(*at >= 2, "the %s at (%d, %d) is no door in the scene",
						      door_kind_name(k), x, y);
					doors++;
					json_t *wl = json_array_get(walls, (size_t)(*at - 2));
					int door = (int)json_integer_value(json_object_get(wl, "door"));
					int ds = (int)json_integer_value(json_object_get(wl, "ds"));
					int sight = (int)json_integer_value(json_object_get(wl, "sight"));
					ck_assert_int_eq(door, k == DOOR_SECRET ? 2 : 1);
					ck_assert_int_eq(ds, k == DOOR_LOCKED ? 2 : 0);
					/* the one rule of sight: a portcullis is seen through */
					ck_assert_int_eq(sight, k == DOOR_PORTCULLIS ? 0 : 20);
					ck_assert_int_eq(json_integer_value(json_object_get(wl, "light")), sight);
					ck_assert_int_eq(json_integer_value(json_object_get(wl, "move")), 20);
				}
			}
	int door_walls = 0;
	for (size_t i = 0; i < json_array_size(walls); i++)
		door_walls += json_integer_value(json_object_get(json_array_get(walls, i), "door")) != 0;
	ck_assert_int_eq(door_walls, doors);
	free(ed.hz);
	free(ed.vt);
	/* pillars, statues and shelves block sight, not movement: an outline
	 * of such walls inside each one's square, and no other */
	int blockers = 0, outline = 0;
	for (long i = 0; m->features && i < (long)m->w * m->h; i++)
		blockers += m->features[i] == FEATURE_PILLAR || m->features[i] == FEATURE_STATUE ||
			    m->features[i] == FEATURE_SHELF;
	for (size_t i = 0; i < json_array_size(walls); i++) {
		json_t *wl = json_array_get(walls, i), *c = json_object_get(wl, "c");
		if (json_integer_value(json_object_get(wl, "move")) != 0)
			continue;
		ck_assert_int_eq(json_integer_value(json_object_get(wl, "sight")), 20);
		ck_assert_int_eq(json_integer_value(json_object_get(wl, "door")), 0);
		long x0 = json_integer_value(json_array_get(c, 0)) - g->off, y0 = json_integer_value(json_array_get(c, 1)) - g->off;
		long x1 = json_integer_value(json_array_get(c, 2)) - g->off, y1 = json_integer_value(json_array_get(c, 3)) - g->off;
		int sx = (int)((x0 + x1) / 2 / g->sq), sy = (int)((y0 + y1) / 2 / g->sq);
		ck_assert_msg(map_in(m, sx, sy), "a sight-blocking wall off the map");
		enum feature f = (enum feature)m->features[(long)sy * m->w + sx];
		ck_assert_msg(f == FEATURE_PILLAR || f == FEATURE_STATUE || f == FEATURE_SHELF,
			      "a wall that blocks sight only at (%d, %d), where nothing stands", sx, sy);
		outline++;
	}
	ck_assert_int_ge(outline, 4 * blockers);
	blockers_seen += blockers;
}

/* The scene and journal of level k, as level lv (the map the scene is
 * drawn from: the referee's, or the players' view) and, for the referee's
 * copy, the key whose text the pages hold. */
static void check_level(const struct module *mod, int k, const struct map *m, const struct key *key, int grid_feet)
{
	json_t *scene = json_array_get(json_object_get(mod->adv, "scenes"), (size_t)k);
	json_t *journals = json_object_get(mod->adv, "journal");
	ck_assert_ptr_nonnull(scene);
	struct geom g = scene_geom(scene, m, grid_feet);
	int ppg = g.sq;
	ck_assert_int_eq(json_integer_value(get2(scene, "grid", "type")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(scene, "padding")), 0);
	/* a dungeon, cave or crypt is dark: the players see by their tokens'
	 * vision and the lights; a building is lit */
	int building = m->method && (strcmp(m->method, "house") == 0 || strcmp(m->method, "mansion") == 0);
	ck_assert(json_is_true(json_object_get(scene, "tokenVision")));
	ck_assert_int_eq(json_integer_value(get2(scene, "environment", "darknessLevel")), !building);
	ck_assert(json_boolean_value(json_object_get(get2(scene, "environment", "globalLight"), "enabled")) == building);
	/* nothing within a square of the picture's edge */
	json_t *walls = json_object_get(scene, "walls");
	for (size_t i = 0; i < json_array_size(walls); i++) {
		json_t *c = json_object_get(json_array_get(walls, i), "c");
		for (size_t j = 0; j < 4; j += 2)
			ck_assert_msg(clear_of_edges(scene, &g, json_integer_value(json_array_get(c, j)),
						     json_integer_value(json_array_get(c, j + 1))),
				      "a wall of level %d within a square of the picture's edge", m->depth);
	}
	const char *placed[] = { "notes", "lights" };
	for (size_t p = 0; p < 2; p++) {
		json_t *list = json_object_get(scene, placed[p]);
		for (size_t i = 0; i < json_array_size(list); i++) {
			json_t *o = json_array_get(list, i);
			ck_assert_msg(clear_of_edges(scene, &g, json_integer_value(json_object_get(o, "x")),
						     json_integer_value(json_object_get(o, "y"))),
				      "one of level %d's %s within a square of the picture's edge", m->depth, placed[p]);
		}
	}
	/* the picture is in the module, where Foundry looks for it */
	const char *src = json_string_value(get2(scene, "background", "src"));
	ck_assert_msg(src && strncmp(src, "modules/", 8) == 0, "background %s", src ? src : "none");
	ck_assert_msg(zip_name_locate(mod->zip, src + 8, 0) >= 0, "the module has no %s", src);
	check_walls(scene, m, &g);
	/* a light on every hearth, at its square's middle, then in rooms whose
	 * key names a fire */
	json_t *lights = json_object_get(scene, "lights");
	size_t hearths = 0;
	for (int y = 0; m->features && y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			if (m->features[(long)y * m->w + x] != FEATURE_HEARTH)
				continue;
			json_t *l = json_array_get(lights, hearths++);
			ck_assert_msg(l && json_integer_value(json_object_get(l, "x")) == x * ppg + ppg / 2 + g.off &&
				      json_integer_value(json_object_get(l, "y")) == y * ppg + ppg / 2 + g.off,
				      "the hearth at (%d, %d) has no light", x, y);
			hearths_seen++;
		}
	for (size_t i = hearths; i < json_array_size(lights); i++) {
		json_t *l = json_array_get(lights, i);
		int x = (int)(json_integer_value(json_object_get(l, "x")) - g.off) / ppg;
		int y = (int)(json_integer_value(json_object_get(l, "y")) - g.off) / ppg;
		int region = map_at(m, x, y), fire = 0;
		for (int r = 0; key && r < key->n; r++)
			for (int j = 0; key->entries[r].region == region && j < key->entries[r].nlines; j++)
				fire |= names_fire(key->entries[r].lines[j]);
		ck_assert_msg(fire, "a light in room %d of level %d, whose key names no fire", m->regions[region].number,
			      m->depth);
		fires_seen++;
	}
	json_t *journal = by_id(journals, json_string_value(json_object_get(scene, "journal")));
	ck_assert_msg(journal != NULL, "the scene names no journal entry of the adventure");
	/* every note names a journal entry and a page of it that exist */
	json_t *notes = json_object_get(scene, "notes");
	for (size_t i = 0; i < json_array_size(notes); i++) {
		json_t *n = json_array_get(notes, i);
		json_t *entry = by_id(journals, json_string_value(json_object_get(n, "entryId")));
		ck_assert_msg(entry != NULL, "a note names no journal entry of the adventure");
		json_t *page = json_object_get(n, "pageId");
		ck_assert_msg(json_is_null(page) || by_id(json_object_get(entry, "pages"), json_string_value(page)),
			      "the note %s names a page that is not there", json_string_value(json_object_get(n, "text")));
	}
	/* every numbered room: its page, and a note in it with its number */
	int rooms = 0;
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		if (r->number <= 0)
			continue;
		rooms++;
		char label[16];
		snprintf(label, sizeof label, "%d", r->number);
		json_t *note = NULL;
		for (size_t i = 0; i < json_array_size(notes) && !note; i++)
			if (strcmp(json_string_value(json_object_get(json_array_get(notes, i), "text")), label) == 0)
				note = json_array_get(notes, i);
		ck_assert_msg(note != NULL, "room %d has no note", r->number);
		int x = (int)(json_integer_value(json_object_get(note, "x")) - g.off) / ppg;
		int y = (int)(json_integer_value(json_object_get(note, "y")) - g.off) / ppg;
		ck_assert_msg(map_at(m, x, y) == id, "the note of room %d stands outside it", r->number);
		json_t *page = by_id(json_object_get(journal, "pages"), json_string_value(json_object_get(note, "pageId")));
		ck_assert_ptr_nonnull(page);
		const char *name = json_string_value(json_object_get(page, "name"));
		ck_assert_msg(strtol(name, NULL, 10) == r->number && strncmp(name + strlen(label), ". ", 2) == 0,
			      "the note of room %d opens the page %s", r->number, name);
	}
	/* a page per room and no more: the premise, wandering and notes pages aside */
	json_t *pages = json_object_get(journal, "pages");
	int numbered = 0;
	for (size_t i = 0; i < json_array_size(pages); i++)
		numbered += strtol(json_string_value(json_object_get(json_array_get(pages, i), "name")), NULL, 10) > 0;
	ck_assert_int_eq(numbered, rooms);
	/* the page's text is the key's */
	for (int i = 0; key && i < key->n; i++) {
		const struct key_entry *en = &key->entries[i];
		char name[100];
		snprintf(name, sizeof name, "%d. %s", en->number, en->title);
		json_t *page = page_named(journal, name);
		ck_assert_msg(page != NULL, "no page %s", name);
		char *text = page_text(page);
		ck_assert_msg(strstr(text, en->size) != NULL, "page %s lacks its size", name);
		ck_assert_msg(!en->exits || strstr(text, en->exits), "page %s lacks its exits", name);
		for (int j = 0; j < en->nlines; j++)
			ck_assert_msg(strstr(text, en->lines[j]) != NULL, "page %s lacks: %s", name, en->lines[j]);
		free(text);
	}
}

/* The region standing on square (x, y) of a scene laid out as g, or NULL. */
static json_t *region_at(const json_t *scene, const struct geom *g, int x, int y)
{
	json_t *regions = json_object_get(scene, "regions");
	for (size_t i = 0; i < json_array_size(regions); i++) {
		json_t *r = json_array_get(regions, i), *sh = json_array_get(json_object_get(r, "shapes"), 0);
		if (json_integer_value(json_object_get(sh, "x")) == (long)x * g->sq + g->off &&
		    json_integer_value(json_object_get(sh, "y")) == (long)y * g->sq + g->off &&
		    json_integer_value(json_object_get(sh, "width")) == g->sq &&
		    json_integer_value(json_object_get(sh, "height")) == g->sq)
			return r;
	}
	return NULL;
}

/* Each stair to a level of the module has a note naming that level's
 * journal entry and the page of the room it arrives in, and a region
 * whose teleport moves a token onto a stair of that level leading back. */
static void check_stairs(const struct module *mod, const struct read_json_doc *rd, int grid_feet)
{
	json_t *scenes = json_object_get(mod->adv, "scenes");
	int linked = 0;
	for (int k = 0; k < rd->nlevels; k++) {
		const struct map *m = &rd->levels[k].map;
		json_t *scene = json_array_get(scenes, (size_t)k);
		json_t *notes = json_object_get(scene, "notes");
		struct geom g = scene_geom(scene, m, grid_feet);
		int regions = 0;
		for (int i = 0; i < m->nstairs; i++) {
			const struct stair *st = &m->stairs[i];
			if (st->to_level < 1 || st->to_level > rd->nlevels)
				continue;
			json_t *to_scene = json_array_get(scenes, (size_t)st->to_level - 1);
			const char *to_journal = json_string_value(json_object_get(to_scene, "journal"));
			json_t *note = NULL;
			for (size_t j = 0; j < json_array_size(notes) && !note; j++) {
				json_t *n = json_array_get(notes, j);
				if ((json_integer_value(json_object_get(n, "x")) - g.off) / g.sq == st->x &&
				    (json_integer_value(json_object_get(n, "y")) - g.off) / g.sq == st->y &&
				    strcmp(json_string_value(json_object_get(n, "entryId")), to_journal) == 0)
					note = n;
			}
			ck_assert_msg(note != NULL, "the stairs at (%d, %d) of level %d lead nowhere", st->x, st->y, k + 1);
			json_t *journal = by_id(json_object_get(mod->adv, "journal"), to_journal);
			json_t *page = by_id(json_object_get(journal, "pages"),
					     json_string_value(json_object_get(note, "pageId")));
			ck_assert_msg(page != NULL, "the stairs at (%d, %d) open no page", st->x, st->y);
			if (st->to_room > 0)
				ck_assert_int_eq(strtol(json_string_value(json_object_get(page, "name")), NULL, 10),
						 st->to_room);
			linked++;
			/* the region on the stairs, its teleport to the other level's */
			json_t *r = region_at(scene, &g, st->x, st->y);
			ck_assert_msg(r != NULL, "the stairs at (%d, %d) of level %d have no region", st->x, st->y, k + 1);
			regions++;
			json_t *b = json_array_get(json_object_get(r, "behaviors"), 0);
			ck_assert_str_eq(json_string_value(json_object_get(b, "type")), "teleportToken");
			ck_assert(json_is_false(json_object_get(b, "disabled")));
			const char *dest = json_string_value(get2(b, "system", "destination"));
			char want[64];
			snprintf(want, sizeof want, "Scene.%s.Region.", json_string_value(json_object_get(to_scene, "_id")));
			ck_assert_msg(dest && strncmp(dest, want, strlen(want)) == 0, "stairs teleport to %s, not level %d",
				      dest ? dest : "nowhere", st->to_level);
			json_t *there = by_id(json_object_get(to_scene, "regions"), dest + strlen(want));
			ck_assert_msg(there != NULL, "stairs teleport to a region level %d does not have", st->to_level);
			const struct map *om = &rd->levels[st->to_level - 1].map;
			struct geom og = scene_geom(to_scene, om, grid_feet);
			json_t *sh = json_array_get(json_object_get(there, "shapes"), 0);
			int ox = (int)(json_integer_value(json_object_get(sh, "x")) - og.off) / og.sq;
			int oy = (int)(json_integer_value(json_object_get(sh, "y")) - og.off) / og.sq;
			int back = 0;
			for (int j = 0; j < om->nstairs; j++)
				back |= om->stairs[j].x == ox && om->stairs[j].y == oy && om->stairs[j].to_level == m->depth;
			ck_assert_msg(back, "the stairs at (%d, %d) of level %d arrive on no stairs back", st->x, st->y,
				      k + 1);
			regions_seen++;
		}
		ck_assert_int_eq(json_array_size(json_object_get(scene, "regions")), regions);
	}
	if (rd->nlevels > 1)
		ck_assert_int_ge(linked, 2 * (rd->nlevels - 1));
}

/* Every field of doc is one the document kind's schema declares in each
 * version (tests/foundry-fields.json, from the community's typed
 * declarations), or one version 13 migrates from version 12. */
static void fields_of(const json_t *doc, const char *kind, const json_t *versions)
{
	const char *ver;
	json_t *v;
	json_object_foreach((json_t *)versions, ver, v) {
		json_t *fields = json_object_get(json_object_get(v, "documents"), kind);
		json_t *migrates = json_object_get(json_object_get(v, "migrates"), kind);
		ck_assert_msg(json_is_array(fields), "foundry-fields.json has no %s of version %s", kind, ver);
		const char *key;
		json_t *val;
		json_object_foreach((json_t *)doc, key, val) {
			int known = 0;
			for (size_t i = 0; i < json_array_size(fields) && !known; i++)
				known = strcmp(json_string_value(json_array_get(fields, i)), key) == 0;
			for (size_t i = 0; i < json_array_size(migrates) && !known; i++)
				known = strcmp(json_string_value(json_array_get(migrates, i)), key) == 0;
			/* the pack's own key, which Foundry's tool adds on unpacking */
			known |= strcmp(key, "_key") == 0;
			ck_assert_msg(known, "a %s's field %s is not in Foundry %s's schema", kind, key, ver);
		}
	}
}

static void fields_list(const json_t *list, const char *kind, const json_t *versions)
{
	for (size_t i = 0; i < json_array_size(list); i++)
		fields_of(json_array_get(list, i), kind, versions);
}

/* The Adventure and every document in it held to the fields of Foundry's
 * versions 12 and 13. */
static void check_fields(const json_t *adv)
{
	json_error_t je;
	json_t *all = json_load_file("tests/foundry-fields.json", 0, &je);
	ck_assert_msg(all != NULL, "tests/foundry-fields.json: %s", je.text);
	json_t *versions = json_object_get(all, "versions");
	ck_assert_int_eq(json_object_size(versions), 2);
	fields_of(adv, "Adventure", versions);
	fields_list(json_object_get(adv, "folders"), "Folder", versions);
	fields_list(json_object_get(adv, "tables"), "RollTable", versions);
	for (size_t i = 0; i < json_array_size(json_object_get(adv, "tables")); i++)
		fields_list(json_object_get(json_array_get(json_object_get(adv, "tables"), i), "results"), "TableResult",
			    versions);
	json_t *journal = json_object_get(adv, "journal");
	fields_list(journal, "JournalEntry", versions);
	for (size_t i = 0; i < json_array_size(journal); i++)
		fields_list(json_object_get(json_array_get(journal, i), "pages"), "JournalEntryPage", versions);
	json_t *scenes = json_object_get(adv, "scenes");
	fields_list(scenes, "Scene", versions);
	for (size_t i = 0; i < json_array_size(scenes); i++) {
		json_t *sc = json_array_get(scenes, i), *regions = json_object_get(sc, "regions");
		fields_list(json_object_get(sc, "walls"), "Wall", versions);
		fields_list(json_object_get(sc, "lights"), "AmbientLight", versions);
		fields_list(json_object_get(sc, "notes"), "Note", versions);
		fields_list(regions, "Region", versions);
		for (size_t r = 0; r < json_array_size(regions); r++) {
			json_t *reg = json_array_get(regions, r), *behaviors = json_object_get(reg, "behaviors");
			fields_list(json_object_get(reg, "shapes"), "RectangleShape", versions);
			fields_list(behaviors, "RegionBehavior", versions);
			for (size_t b = 0; b < json_array_size(behaviors); b++)
				fields_of(json_object_get(json_array_get(behaviors, b), "system"), "teleportToken", versions);
		}
	}
	json_decref(all);
}

/* The referee's module of a command, checked level by level. */
/* The referee's module mod of the map rd, checked level by level. */
static void check_module(const struct module *mod, const struct read_json_doc *rd, int grid_feet)
{
	check_manifest(mod, 0);
	ck_assert_int_eq(json_array_size(json_object_get(mod->adv, "scenes")), rd->nlevels);
	ck_assert_int_eq(json_array_size(json_object_get(mod->adv, "journal")), rd->nlevels);
	int ids = check_ids(mod->adv);
	for (int k = 0; k < rd->nlevels; k++)
		check_level(mod, k, &rd->levels[k].map, &rd->levels[k].key, grid_feet);
	check_stairs(mod, rd, grid_feet);
	check_fields(mod->adv);
	ck_assert_int_gt(ids, 20);
}

static void check_command(const char *name, const char *args, int grid_feet)
{
	struct module mod;
	struct read_json_doc rd = { 0 };
	module_make(name, args, &mod);
	referee_map(name, args, &rd);
	check_module(&mod, &rd, grid_feet);
	module_free(&mod);
	read_json_doc_free(&rd);
}

START_TEST(test_every_method)
{
	static const char *const methods[] = { "dice", "mansion", "cards", "tiles", "house" };
	char name[32], args[100];
	memset(kinds_seen, 0, sizeof kinds_seen);
	hearths_seen = 0;
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
		snprintf(name, sizeof name, "method-%s", methods[i]);
		snprintf(args, sizeof args, "-m %s -s foundry", methods[i]);
		check_command(name, args, 0);
	}
	/* the maps held every kind of door, so each kind was checked */
	for (int k = 0; k < DOOR_KIND_COUNT; k++)
		ck_assert_msg(kinds_seen[k] > 0, "no %s in the maps checked", door_kind_name(k));
	ck_assert_msg(hearths_seen > 0, "no hearth in the maps checked");
	ck_assert_msg(blockers_seen > 0, "no pillar, statue or shelf in the maps checked");
}
END_TEST

START_TEST(test_booklet)
{
	check_command("booklet", "--levels 3 -s foundry", 0);
	ck_assert_int_gt(regions_seen, 0);
}
END_TEST

START_TEST(test_read_maps)
{
	check_command("watabou", "--input tests/data/watabou/crypt.json", 0);
	check_command("donjon", "--input tests/data/donjon/vault.json", 0);
}
END_TEST

/* The Actor id of each 5e creature, as templates/tables/5e/foundry.table
 * gives it ("actor:NAME:ID"), or NULL. */
static char *actor_of(const char *table, const char *name)
{
	char want[200];
	snprintf(want, sizeof want, "\nactor:%s:", name);
	const char *at = strstr(table, want);
	return at ? strndup(at + strlen(want), 16) : NULL;
}

/* A 3-level module stocked with the 5e system, as a GM runs it: its grid
 * of 5-ft squares, each creature of a room's fight linked to its Actor in
 * the dnd5e system's compendium, each level's wandering table a RollTable
 * of its die and rows as the key prints them. */
START_TEST(test_5e_module)
{
	const char *args = "-s sunken-keep --levels 3 --system 5e --party 4 --party-level 5";
	struct module mod;
	struct read_json_doc rd = { 0 };
	module_make("5e", args, &mod);
	referee_map("5e", args, &rd);
	check_module(&mod, &rd, 5);
	char *table = test_slurp("templates/tables/5e/foundry.table", NULL);
	ck_assert_ptr_nonnull(table);
	ck_assert_ptr_nonnull(strstr(table, "\ncompendium:dnd5e.monsters:dnd5e:"));
	json_t *journals = json_object_get(mod.adv, "journal"), *tables = json_object_get(mod.adv, "tables");
	int links = 0, rolls = 0;
	for (int k = 0; k < rd.nlevels; k++) {
		const struct key *key = &rd.levels[k].key;
		json_t *journal = json_array_get(journals, (size_t)k);
		for (int i = 0; i < key->n; i++) {
			const struct key_entry *en = &key->entries[i];
			char name[100];
			snprintf(name, sizeof name, "%d. %s", en->number, en->title);
			json_t *page = page_named(journal, name);
			ck_assert_ptr_nonnull(page);
			const char *html = json_string_value(get2(page, "text", "content"));
			for (int f = 0; f < en->encounter.nfoes; f++) {
				const struct key_foe *foe = &en->encounter.foes[f];
				char *id = actor_of(table, foe->name), link[200];
				ck_assert_msg(id != NULL, "%s has no actor in foundry.table", foe->name);
				snprintf(link, sizeof link, "@UUID[Compendium.dnd5e.monsters.Actor.%s]{%s}", id, foe->name);
				ck_assert_msg(strstr(html, link) != NULL, "page %s does not link %s", name, link);
				free(id);
				links++;
			}
		}
		/* the wandering table, rolled as printed */
		if (key->nwandering == 0)
			continue;
		json_t *t = NULL;
		char want[400];
		snprintf(want, sizeof want, "level %d: wandering monsters", rd.levels[k].map.depth);
		for (size_t i = 0; i < json_array_size(tables) && !t; i++)
			if (strstr(json_string_value(json_object_get(json_array_get(tables, i), "name")), want))
				t = json_array_get(tables, i);
		ck_assert_msg(t != NULL, "level %d's wandering table is no RollTable", k + 1);
		char formula[24];
		snprintf(formula, sizeof formula, "1%s", key->wandering_die);
		ck_assert_str_eq(json_string_value(json_object_get(t, "formula")), formula);
		json_t *results = json_object_get(t, "results");
		ck_assert_int_eq(json_array_size(results), key->nwandering);
		int next = 1;
		for (int i = 0; i < key->nwandering; i++) {
			json_t *r = json_array_get(results, (size_t)i), *range = json_object_get(r, "range");
			int lo = (int)json_integer_value(json_array_get(range, 0)), hi = (int)json_integer_value(json_array_get(range, 1));
			ck_assert_int_eq(lo, next);
			next = hi + 1;
			char row[32];
			snprintf(row, sizeof row, lo == hi ? "%d. " : "%d-%d. ", lo, hi);
			ck_assert_msg(strncmp(key->wandering[i], row, strlen(row)) == 0, "row %d is %s", i + 1, row);
			json_t *wrap = json_pack("{s{ss}}", "text", "content", json_string_value(json_object_get(r, "text")));
			char *text = page_text(wrap);
			ck_assert_str_eq(text, key->wandering[i] + strlen(row));
			free(text);
			json_decref(wrap);
			ck_assert_str_eq(json_string_value(json_object_get(r, "type")), "text");
		}
		ck_assert_int_eq(atoi(key->wandering_die + 1), next - 1);
		rolls++;
	}
	ck_assert_int_gt(links, 10);
	ck_assert_int_eq(rolls, rd.nlevels);
	free(table);
	module_free(&mod);
	read_json_doc_free(&rd);
}
END_TEST

/* A creature the compendium has not (a system of one's own, built on 5e,
 * with an orc of its own) has its figures written out on the room's page,
 * where the system's own creatures are linked. */
START_TEST(test_own_creature_written_out)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	mkdir(DIR "/own-system", 0777);
	FILE *f = fopen(DIR "/own-system/system.table", "w");
	ck_assert(f && fputs("base:5e\ncreature:Orc:1/2:100:13:15:2d8+6:medium humanoid\n", f) >= 0 && fclose(f) == 0);
	struct module mod;
	module_make("own", "-s sunken-keep --system " DIR "/own-system --party-level 5", &mod);
	char *all = json_dumps(mod.adv, 0);
	ck_assert_ptr_nonnull(all);
	ck_assert_msg(strstr(all, "<strong>Orc</strong> (CR 1/2, 100 XP): Armor Class 13, Hit Points 15 (2d8+6)") != NULL,
		      "the orc's figures are not written out");
	ck_assert_msg(strstr(all, "]{Orc}") == NULL, "the system's own orc is linked to the compendium");
	ck_assert_msg(strstr(all, "@UUID[Compendium.dnd5e.monsters.Actor.") != NULL, "the base's creatures are not linked");
	free(all);
	module_free(&mod);
}
END_TEST

/* The module's id and every document's are drawn from its content: the
 * same command gives the same, any option that changes the content others
 * (each module installs beside the rest and imports without overwriting). */
START_TEST(test_ids_differ)
{
	static const char *const base = "-s faceless --rooms 8 --system 5e --party-level 3";
	static const char *const other[] = { "-s faceless --rooms 8 --system 5e --party-level 3 --method cards",
					     "-s faceless --rooms 9 --system 5e --party-level 3",
					     "-s faceless --rooms 8 --system 5e --party-level 9",
					     "-s faceless --rooms 8 --system neutral",
					     "-s faceless --rooms 8 --system 5e --party-level 3 --levels 2" };
	struct module a, b;
	module_make("ids-base", base, &a);
	module_make("ids-again", base, &b);
	ck_assert_str_eq(a.id, b.id);
	ck_assert_str_eq(json_string_value(json_object_get(a.adv, "_id")), json_string_value(json_object_get(b.adv, "_id")));
	module_free(&b);
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		char name[32];
		snprintf(name, sizeof name, "ids-%zu", i);
		module_make(name, other[i], &b);
		ck_assert_msg(strcmp(a.id, b.id) != 0, "%s has the module id of %s", other[i], base);
		/* no document of one takes the id of one of the other's */
		json_t *both = json_pack("[OO]", a.adv, b.adv);
		check_ids(both);
		json_decref(both);
		module_free(&b);
	}
	module_free(&a);
}
END_TEST

/* A module stocked with the 5e system carries its fights and, since the
 * SRD's license asks for it, the party and the SRD's notice on its premise
 * page. */
START_TEST(test_system_credit)
{
	struct module mod;
	module_make("credit", "-s credit --system 5e --party-level 5", &mod);
	char *all = json_dumps(mod.adv, 0);
	ck_assert_ptr_nonnull(all);
	ck_assert_msg(strstr(all, "System Reference Document 5.1") != NULL, "the module lacks the SRD's notice");
	ck_assert_msg(strstr(all, "Stocked with the 5e system for 4 characters of level 5") != NULL,
		      "the module does not say whom it was stocked for");
	ck_assert_msg(strstr(all, "Encounter: ") != NULL, "the module's rooms lack their fights");
	free(all);
	module_free(&mod);
}
END_TEST

/* The players' copy: the players' view of the map (handout.h) as the
 * scene, no secret door, no page or note of a room behind one, and none
 * of the referee's text. */
START_TEST(test_handout)
{
	struct module mod, ref;
	struct read_json_doc rd = { 0 };
	module_make("handout", "-m dice -s foundry --player", &mod);
	module_make("referee", "-m dice -s foundry", &ref);
	referee_map("referee", "-m dice -s foundry", &rd);
	check_manifest(&mod, 1);
	ck_assert_str_ne(mod.id, ref.id);
	struct map pm;
	struct err e = { ERR_NONE, "" };
	const struct map *m = &rd.levels[0].map;
	ck_assert_msg(handout_map(&pm, m, 0, 0, &e) == 0, "%s", e.msg);
	json_t *scene = json_array_get(json_object_get(mod.adv, "scenes"), 0);
	json_t *walls = json_object_get(scene, "walls");
	int secret_doors = 0;
	for (int i = 0; i < m->ndoors; i++)
		secret_doors += m->doors[i].kind == DOOR_SECRET;
	ck_assert_int_gt(secret_doors, 0);
	for (size_t i = 0; i < json_array_size(walls); i++)
		ck_assert_int_ne(json_integer_value(json_object_get(json_array_get(walls, i), "door")), 2);
	/* the rooms only secret doors lead to have neither page nor note */
	json_t *journal = json_array_get(json_object_get(mod.adv, "journal"), 0);
	int hidden = 0;
	for (int id = 1; id <= m->nregions; id++) {
		int number = m->regions[id].number, shown = 0;
		for (int j = 1; j <= pm.nregions; j++)
			shown |= number > 0 && pm.regions[j].number == number;
		if (number <= 0 || shown)
			continue;
		hidden++;
		json_t *pages = json_object_get(journal, "pages");
		for (size_t i = 0; i < json_array_size(pages); i++)
			ck_assert_int_ne(strtol(json_string_value(json_object_get(json_array_get(pages, i), "name")), NULL, 10),
					 number);
	}
	ck_assert_int_gt(hidden, 0);
	/* nothing the referee's key adds to what the players' key says */
	const struct key *key = &rd.levels[0].key;
	struct key pk;
	struct key_options ko = { .numbering = KEY_NUMBER_ENTRANCE, .template_dirs = test_template_dirs(), .player = 1 };
	ck_assert_msg(key_build(&pk, &pm, &ko, &e) == 0, "%s", e.msg);
	check_level(&mod, 0, &pm, &pk, 0);
	json_t *pages = json_object_get(journal, "pages");
	int gm_lines = 0;
	for (size_t i = 0; i < json_array_size(pages); i++) {
		char *text = page_text(json_array_get(pages, i));
		ck_assert_ptr_null(strstr(text, "What the players do not know"));
		for (int r = 0; r < key->n; r++)
			for (int j = 0; j < key->entries[r].nlines; j++) {
				const char *line = key->entries[r].lines[j];
				int theirs = 0;
				for (int q = 0; q < pk.n; q++)
					for (int t = 0; t < pk.entries[q].nlines; t++)
						theirs |= strcmp(pk.entries[q].lines[t], line) == 0;
				gm_lines += !theirs;
				ck_assert_msg(theirs || strstr(text, line) == NULL, "the players read: %s", line);
			}
		free(text);
	}
	ck_assert_int_gt(gm_lines, 0);
	key_free(&pk);
	ck_assert_ptr_null(strstr(json_string_value(json_object_get(mod.adv, "description")), "Made by mapsheet"));
	/* no document of the players' copy takes the id of one of the referee's */
	json_t *both = json_pack("[OO]", mod.adv, ref.adv);
	check_ids(both);
	json_decref(both);
	map_free(&pm);
	module_free(&mod);
	module_free(&ref);
	read_json_doc_free(&rd);
}
END_TEST

/* The same command makes the same bytes; another seed, another module. */
START_TEST(test_same_bytes)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	size_t alen, blen;
	ck_assert_int_eq(test_run("-q -m cards -s again --levels 2 -o " DIR "/same.zip", NULL, NULL), 0);
	char *a = test_slurp(DIR "/same.zip", &alen);
	sleep(1);
	ck_assert_int_eq(test_run("-q -m cards -s again --levels 2 -o " DIR "/same.zip", NULL, NULL), 0);
	char *b = test_slurp(DIR "/same.zip", &blen);
	ck_assert(a && b);
	ck_assert_uint_eq(alen, blen);
	ck_assert_msg(memcmp(a, b, alen) == 0, "the same command made another module");
	free(b);
	ck_assert_int_eq(test_run("-q -m cards -s other --levels 2 -o " DIR "/same.zip", NULL, NULL), 0);
	b = test_slurp(DIR "/same.zip", &blen);
	ck_assert(b && (alen != blen || memcmp(a, b, alen) != 0));
	free(a);
	free(b);
}
END_TEST

/* A zip cannot go to standard output, and --format foundry names it. */
START_TEST(test_refusals)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	ck_assert_int_eq(test_run("-q --format foundry -o -", DIR "/out.txt", DIR "/refused.err"), 2);
	char *err = test_slurp(DIR "/refused.err", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strstr(err, "mapsheet: --output: foundry cannot be written to standard output") != NULL, "%s", err);
	free(err);
	/* Foundry's grid is 20 pixels a square at the least; the old zip stays */
	FILE *f = fopen(DIR "/kept.zip", "w");
	ck_assert(f && fputs("the old module", f) >= 0 && fclose(f) == 0);
	ck_assert_int_eq(test_run("-q -s 3 --grid-pixels 12 -o " DIR "/kept.zip", NULL, DIR "/refused.err"), 2);
	err = test_slurp(DIR "/refused.err", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_str_eq(err, "mapsheet: --grid-pixels 12: a Foundry scene's grid is at least 20 pixels a square\n");
	free(err);
	err = test_slurp(DIR "/kept.zip", NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_str_eq(err, "the old module");
	free(err);
	ck_assert_int_eq(test_run("-q -s 3 --format foundry -o " DIR "/named.module", NULL, NULL), 2);
	ck_assert_int_eq(test_run("-q -s 3 --format foundry -o " DIR "/named.pack", NULL, NULL), 0);
	int zerr;
	zip_t *z = zip_open(DIR "/named.pack", ZIP_RDONLY, &zerr);
	ck_assert_ptr_nonnull(z);
	zip_discard(z);
}
END_TEST

static Suite *foundry_suite(void)
{
	Suite *s = suite_create("foundry");
	TCase *tc = tcase_create("foundry");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_every_method);
	tcase_add_test(tc, test_booklet);
	tcase_add_test(tc, test_read_maps);
	tcase_add_test(tc, test_handout);
	tcase_add_test(tc, test_same_bytes);
	tcase_add_test(tc, test_refusals);
	tcase_add_test(tc, test_system_credit);
	tcase_add_test(tc, test_5e_module);
	tcase_add_test(tc, test_ids_differ);
	tcase_add_test(tc, test_own_creature_written_out);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(foundry_suite)
