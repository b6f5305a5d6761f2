/* read_mapsheet_level.c: one level of a mapsheet JSON file into a struct map:
 * the grid, its regions from their rects, zones, doors, locks, stairs,
 * features, the entrance and the notes, then the map contract. The regions
 * each door names are checked against the grid, not taken on trust. */
#include "read/read_mapsheet_int.h"
#include "read/read_json.h"

#include "methods/gen.h"
#include "model/map_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_of(int i) { return region_kind_name((enum region_kind)i); }
static const char *door_of(int i) { return door_kind_name((enum door_kind)i); }
static const char *side_of(int i) { return side_letter((enum side)i); }
static const char *feature_of(int i) { return i == 0 ? "none" : feature_name((enum feature)i); }
static const char *dir_of(int i) { return i == STAIR_UP ? "up" : "down"; }

static int read_zones(struct jf *r, json_t *lv, const char *place, struct map *m)
{
	json_t *zs = jf_field(r, lv, place, "zones", JSON_ARRAY, 0);
	if (!zs)
		return -1;
	size_t i;
	json_t *z;
	json_array_foreach(zs, i, z) {
		if (!json_is_string(z) && !json_is_null(z))
			return jf_fail(r, place, "zones[%zu]: not a string or null", i);
		const char *t = json_is_string(z) ? json_string_value(z) : "";
		if (strlen(t) >= sizeof m->zones[0].theme)
			return jf_fail(r, place, "zones[%zu]: longer than %zu bytes", i, sizeof m->zones[0].theme - 1);
		if (map_add_zone(m, t, r->e) < 0)
			return -1;
	}
	return 0;
}

static int read_region(struct jf *r, json_t *g, const char *place, struct map *m, int want_id)
{
	int id, kind, zone, number;
	if (jf_int(r, g, place, "id", 1, MAP_MAX_ROOMS * 4, 0, 0, &id) < 0)
		return -1;
	if (id != want_id)
		return jf_fail(r, place, "id: %d, expected %d (regions are listed by id, from 1 without gaps)", id, want_id);
	if (
	    jf_name(r, g, place, "kind", kind_of, REGION_KIND_COUNT, &kind) < 0 ||
	    jf_int(r, g, place, "number", 1, MAP_MAX_ROOMS, 1, 0, &number) < 0 ||
	    jf_int(r, g, place, "zone", 0, m->nzones > 0 ? m->nzones - 1 : 0, 1, 0, &zone) < 0)
		return -1;
	json_t *port = jf_field(r, g, place, "port", JSON_TRUE, 0);
	if (!port)
		return -1;
	if (map_add_region(m, (enum region_kind)kind, r->e) != id)
		return -1;
	struct region *rg = &m->regions[id];
	rg->number = number;
	rg->zone = zone;
	rg->flags = json_is_true(port) ? REGION_FLAG_PORT : 0;
	if (jf_text(r, g, place, "name", 1, rg->name, sizeof rg->name) < 0 ||
	    jf_text(r, g, place, "card", 1, rg->card, sizeof rg->card) < 0)
		return -1;
	json_t *rects = jf_field(r, g, place, "rects", JSON_ARRAY, 0);
	if (!rects)
		return -1;
	if (json_array_size(rects) == 0)
		return jf_fail(r, place, "rects: a region needs at least one rect");
	size_t i;
	json_t *a;
	json_array_foreach(rects, i, a) {
		int v[4];
		for (int k = 0; k < 4; k++) {
			json_t *n = json_array_get(a, (size_t)k);
			if (!json_is_array(a) || json_array_size(a) != 4 || !json_is_integer(n) ||
			    json_integer_value(n) < 0 || json_integer_value(n) > MAP_MAX_SIDE)
				return jf_fail(r, place, "rects[%zu]: not [x, y, w, h] (whole numbers 0 to %d)", i,
					       MAP_MAX_SIDE);
			v[k] = (int)json_integer_value(n);
		}
		if (v[2] < 1 || v[3] < 1 || v[0] + v[2] > m->w || v[1] + v[3] > m->h)
			return jf_fail(r, place, "rects[%zu]: [%d, %d, %d, %d] does not lie inside the %d x %d grid", i,
				       v[0], v[1], v[2], v[3], m->w, m->h);
		for (int y = v[1]; y < v[1] + v[3]; y++)
			for (int x = v[0]; x < v[0] + v[2]; x++)
				if (map_at(m, x, y) != 0)
					return jf_fail(r, place, "rects[%zu]: square (%d, %d) already belongs to region %d", i,
						       x, y, map_at(m, x, y));
		map_fill_rect(m, id, (struct rect){ v[0], v[1], v[2], v[3] });
	}
	return 0;
}

static int read_regions(struct jf *r, json_t *lv, const char *place, struct map *m)
{
	json_t *gs = jf_field(r, lv, place, "regions", JSON_ARRAY, 0);
	if (!gs)
		return -1;
	if (json_array_size(gs) > MAP_MAX_ROOMS * 4)
		return jf_fail(r, place, "regions: more than %d", MAP_MAX_ROOMS * 4);
	size_t i;
	json_t *g;
	char at[96];
	json_array_foreach(gs, i, g) {
		jf_place(at, sizeof at, place, "regions", i);
		if (!json_is_object(g))
			return jf_fail(r, at, "not an object");
		if (read_region(r, g, at, m, (int)i + 1) < 0)
			return -1;
	}
	map_recount(m);
	return 0;
}

static int read_door(struct jf *r, json_t *d, const char *place, struct map *m, int index)
{
	int x, y, side, kind, lock;
	if (jf_int(r, d, place, "x", 0, m->w - 1, 0, 0, &x) < 0 || jf_int(r, d, place, "y", 0, m->h - 1, 0, 0, &y) < 0 ||
	    jf_name(r, d, place, "side", side_of, SIDE_COUNT, &side) < 0 ||
	    jf_name(r, d, place, "kind", door_of, DOOR_KIND_COUNT, &kind) < 0 ||
	    jf_int(r, d, place, "lock", 0, MAP_MAX_ROOMS, 1, -1, &lock) < 0)
		return -1;
	json_t *rs = jf_field(r, d, place, "regions", JSON_ARRAY, 0);
	if (!rs)
		return -1;
	int named[2];
	for (int k = 0; k < 2; k++) {
		json_t *n = json_array_get(rs, (size_t)k);
		if (json_array_size(rs) != 2 || !(json_is_integer(n) || json_is_null(n)))
			return jf_fail(r, place, "regions: not [A, B] (region ids, or null for the outside)");
		named[k] = json_is_null(n) ? 0 : (int)json_integer_value(n);
	}
	int a = map_at(m, x, y);
	int bx = x + side_dx[side], by = y + side_dy[side];
	int b = map_at(m, bx, by);
	if (a == b || ((named[0] != a || named[1] != b) && (named[0] != b || named[1] != a)))
		return jf_fail(r, place, "the door at (%d, %d) on the %s side does not lie between regions %d and %d "
			       "(the squares there are in %d and %d)", x, y, side_name((enum side)side), named[0],
			       named[1], a, b);
	if (kind != DOOR_LOCKED && lock >= 0)
		return jf_fail(r, place, "lock: only a door of kind \"locked\" has a lock");
	if (map_find_door(m, x, y, (enum side)side) >= 0)
		return jf_fail(r, place, "a second door on the same edge");
	int got = map_add_door(m, x, y, (enum side)side, (enum door_kind)kind, r->e);
	if (got < 0)
		return -1;
	if (got != index)
		return jf_fail(r, place, "a second door on the same edge");
	m->doors[got].lock = lock;
	return 0;
}

static int read_doors_locks(struct jf *r, json_t *lv, const char *place, struct map *m)
{
	json_t *ds = jf_field(r, lv, place, "doors", JSON_ARRAY, 0);
	json_t *ls = ds ? jf_field(r, lv, place, "locks", JSON_ARRAY, 0) : NULL;
	if (!ls)
		return -1;
	size_t i;
	json_t *v;
	char at[96];
	json_array_foreach(ds, i, v) {
		jf_place(at, sizeof at, place, "doors", i);
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (read_door(r, v, at, m, (int)i) < 0)
			return -1;
	}
	json_array_foreach(ls, i, v) {
		jf_place(at, sizeof at, place, "locks", i);
		int door, region;
		char name[sizeof m->locks[0].name];
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (jf_int(r, v, at, "door", 0, m->ndoors - 1, 0, 0, &door) < 0 ||
		    jf_int(r, v, at, "region", 1, m->nregions, 0, 0, &region) < 0 ||
		    jf_text(r, v, at, "key", 0, name, sizeof name) < 0)
			return -1;
		if (m->doors[door].lock != (int)i)
			return jf_fail(r, at, "door %d does not name this lock (its lock is %d)", door, m->doors[door].lock);
		if (map_add_lock(m, door, region, name, r->e) < 0)
			return -1;
	}
	for (int d = 0; d < m->ndoors; d++)
		if (m->doors[d].lock >= m->nlocks)
			return jf_fail(r, place, "doors[%d]: lock %d is not in locks (%d of them)", d, m->doors[d].lock,
				       m->nlocks);
	return 0;
}

static int read_stairs_features(struct jf *r, json_t *lv, const char *place, struct map *m)
{
	json_t *ss = jf_field(r, lv, place, "stairs", JSON_ARRAY, 0);
	json_t *fs = ss ? jf_field(r, lv, place, "features", JSON_ARRAY, 0) : NULL;
	if (!fs)
		return -1;
	size_t i;
	json_t *v;
	char at[96];
	json_array_foreach(ss, i, v) {
		jf_place(at, sizeof at, place, "stairs", i);
		int x, y, dir, to_level, to_room;
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (jf_int(r, v, at, "x", 0, m->w - 1, 0, 0, &x) < 0 || jf_int(r, v, at, "y", 0, m->h - 1, 0, 0, &y) < 0 ||
		    jf_name(r, v, at, "dir", dir_of, 2, &dir) < 0 ||
		    jf_int(r, v, at, "to_level", 1, READ_JSON_MAX_LEVELS, 1, 0, &to_level) < 0 ||
		    jf_int(r, v, at, "to_room", 1, MAP_MAX_ROOMS, 1, 0, &to_room) < 0)
			return -1;
		int s = map_add_stair(m, x, y, (enum stair_dir)dir, to_level, r->e);
		if (s < 0)
			return -1;
		m->stairs[s].to_room = to_room;
	}
	json_array_foreach(fs, i, v) {
		jf_place(at, sizeof at, place, "features", i);
		int x, y, kind;
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (jf_int(r, v, at, "x", 0, m->w - 1, 0, 0, &x) < 0 || jf_int(r, v, at, "y", 0, m->h - 1, 0, 0, &y) < 0 ||
		    jf_name(r, v, at, "kind", feature_of, FEATURE_COUNT, &kind) < 0)
			return -1;
		if (kind == FEATURE_NONE)
			return jf_fail(r, at, "kind: \"none\" is no feature");
		if (map_at(m, x, y) == 0)
			return jf_fail(r, at, "(%d, %d) is solid ground, not in a region", x, y);
		m->features[(long)y * m->w + x] = (unsigned char)kind;
	}
	return 0;
}

static int read_entrance_notes(struct jf *r, json_t *lv, const char *place, struct map *m)
{
	json_t *en = jf_field(r, lv, place, "entrance", JSON_OBJECT, 1);
	json_t *ns = jf_field(r, lv, place, "notes", JSON_ARRAY, 0);
	if (!ns || (!en && !json_is_null(json_object_get(lv, "entrance"))))
		return -1;
	if (en) {
		char at[96];
		snprintf(at, sizeof at, "%s.entrance", place);
		int x, y, side = -1;
		if (jf_int(r, en, at, "x", 0, m->w - 1, 0, 0, &x) < 0 || jf_int(r, en, at, "y", 0, m->h - 1, 0, 0, &y) < 0)
			return -1;
		if (!json_is_null(json_object_get(en, "side")) && jf_name(r, en, at, "side", side_of, SIDE_COUNT, &side) < 0)
			return -1;
		if (map_at(m, x, y) == 0)
			return jf_fail(r, at, "(%d, %d) is solid ground, not in a region", x, y);
		map_set_entrance(m, x, y, side);
		m->regions[map_at(m, x, y)].flags |= REGION_FLAG_ENTRY;
	}
	if (json_array_size(ns) > MAP_MAX_NOTES)
		return jf_fail(r, place, "notes: more than %d", MAP_MAX_NOTES);
	size_t i;
	json_t *v;
	json_array_foreach(ns, i, v) {
		const char *t = json_string_value(v);
		if (!t)
			return jf_fail(r, place, "notes[%zu]: not a string", i);
		if (strlen(t) >= sizeof m->notes[0])
			return jf_fail(r, place, "notes[%zu]: longer than %zu bytes", i, sizeof m->notes[0] - 1);
		snprintf(m->notes[m->nnotes++], sizeof m->notes[0], "%s", t);
	}
	return 0;
}

static int read_marks(struct jf *r, json_t *lv, const char *place, struct map *m)
{
	if (!json_object_get(lv, "marks"))
		return 0; /* a file written before marks, or by hand: none */
	json_t *ms = jf_field(r, lv, place, "marks", JSON_ARRAY, 0);
	if (!ms)
		return -1;
	if (json_array_size(ms) > MAP_MAX_MARKS)
		return jf_fail(r, place, "marks: more than %d", MAP_MAX_MARKS);
	size_t i;
	json_t *v;
	char at[96];
	json_array_foreach(ms, i, v) {
		jf_place(at, sizeof at, place, "marks", i);
		int x, y;
		char label[sizeof m->marks[0].label];
		char *text;
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		json_t *secret = jf_field(r, v, at, "secret", JSON_TRUE, 0);
		if (!secret || jf_int(r, v, at, "x", 0, m->w - 1, 0, 0, &x) < 0 ||
		    jf_int(r, v, at, "y", 0, m->h - 1, 0, 0, &y) < 0 ||
		    jf_text(r, v, at, "label", 0, label, sizeof label) < 0 || jf_text_dup(r, v, at, "text", 0, &text) < 0)
			return -1;
		if (map_at(m, x, y) == 0) {
			free(text);
			return jf_fail(r, at, "(%d, %d) is solid ground, not in a region", x, y);
		}
		struct err me = { ERR_NONE, "" };
		int k = map_add_mark(m, x, y, label, json_is_true(secret), text, &me);
		free(text);
		if (k < 0)
			return jf_fail(r, at, "%s", me.msg);
	}
	return 0;
}

int read_mapsheet_level(struct jf *r, json_t *lv, int index, struct map *m)
{
	char place[32];
	snprintf(place, sizeof place, "levels[%d]", index);
	int w, h, depth, feet;
	char method[32];
	if (jf_int(r, lv, place, "width", 1, MAP_MAX_SIDE, 0, 0, &w) < 0 ||
	    jf_int(r, lv, place, "height", 1, MAP_MAX_SIDE, 0, 0, &h) < 0 ||
	    jf_int(r, lv, place, "depth", 1, READ_JSON_MAX_LEVELS, 0, 0, &depth) < 0 ||
	    jf_int(r, lv, place, "square_side_feet", 1, 1000, 0, 0, &feet) < 0 ||
	    jf_text(r, lv, place, "method", 1, method, sizeof method) < 0)
		return -1;
	if ((long)w * h > MAP_MAX_AREA)
		return jf_fail(r, place, "a %d x %d grid is more than %ld squares", w, h, MAP_MAX_AREA);
	const struct method *meth = method[0] ? method_find(method) : NULL;
	if (method[0] && !meth)
		return jf_fail(r, place, "method: unknown method '%s'", method);
	if (map_init(m, w, h, r->e) < 0)
		return -1;
	m->depth = depth;
	m->square_feet = feet;
	m->method = meth ? meth->name : NULL;
	if (read_zones(r, lv, place, m) < 0 || read_regions(r, lv, place, m) < 0 ||
	    read_doors_locks(r, lv, place, m) < 0 || read_stairs_features(r, lv, place, m) < 0 ||
	    read_entrance_notes(r, lv, place, m) < 0 || read_marks(r, lv, place, m) < 0)
		return -1;
	struct err ce = { ERR_NONE, "" };
	if (map_check(m, &ce) < 0)
		return jf_fail(r, place, "%s", ce.msg);
	return 0;
}
