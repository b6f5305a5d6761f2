/* eplus_map.c: the maps of the EncounterPlus module (maps.json), one a
 * level: the players' picture over the whole grid, its grid (a square
 * gridSize pixels, gridScale feet), and on it, in the picture's pixels:
 *   walls     the wall polylines of the Universal VTT file (walls.h) as
 *             "normal" walls; every door as a wall of its own on its edge,
 *             "door" (closed, or locked), a secret door "secretDoor" (on
 *             the players' copy secret doors are plain wall: its map has
 *             none); openings are gaps; what hides what stands behind it
 *             (pillars, statues, shelves: export_vtt_blocker_outline) a
 *             closed "terrain" wall, which blocks sight from afar only;
 *   markers   one on every numbered room, labelled with its number, opening
 *             the room's page; one on every stair, opening the map of the
 *             level it reaches; one on every lettered mark (the referee's
 *             copy), opening the level's notes. The referee's markers are
 *             hidden from the players (EncounterPlus's default); the
 *             players' copy shows them. */
#include "export/eplus_int.h"

#include "export/export_vtt.h"
#include "export/tabletop.h"
#include "export/walls.h"
#include "base/plural.h"
#include "model/key.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EPLUS_ROOM_COLOR "#268bd2"
#define EPLUS_STAIR_COLOR "#b58900"
#define EPLUS_MARK_COLOR "#6c71c4"

/* A wall of pts points (x, y, x, y, ... in pixels) of type and door state
 * (NULL: none), appended to walls. Returns 0 or -1. */
static int add_wall(const struct eplus *x, json_t *walls, const char *role, const long *pts, int npts,
		    const char *type, const char *door)
{
	char id[EPLUS_ID_LEN];
	eplus_id(x, id, "%s", role);
	json_t *data = json_array(), *o = json_object();
	int bad = !data || !o;
	for (int i = 0; i < 2 * npts && !bad; i++)
		bad |= json_array_append_new(data, json_integer(pts[i]));
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "data", data);
	bad |= json_object_set_new(o, "type", json_string(type));
	if (door)
		bad |= json_object_set_new(o, "door", json_string(door));
	bad |= json_array_append_new(walls, o);
	return bad ? -1 : 0;
}

/* The wall polylines, merged as for Universal VTT. */
static int add_wall_lines(const struct eplus *x, int l, json_t *walls, struct err *e)
{
	const struct map *m = &x->d->levels[l].map;
	long ppg = x->pics[l].ppg;
	struct walls w;
	if (walls_build_open(&w, m, !x->player, e) < 0)
		return -1;
	long *pts = NULL;
	int rc = 0;
	for (int i = 0; i < w.n && rc == 0; i++) {
		int n = w.start[i + 1] - w.start[i];
		long *p = realloc(pts, (size_t)n * 2 * sizeof *p);
		if (!p) {
			rc = -1;
			break;
		}
		pts = p;
		for (int k = 0; k < n; k++) {
			pts[2 * k] = w.points[w.start[i] + k].x * ppg;
			pts[2 * k + 1] = w.points[w.start[i] + k].y * ppg;
		}
		char role[64];
		snprintf(role, sizeof role, "map/%d/wall/%d", m->depth, i);
		rc = add_wall(x, walls, role, pts, n, "normal", NULL);
	}
	free(pts);
	walls_free(&w);
	return rc < 0 ? err_set(e, "out of memory writing the EncounterPlus map") : 0;
}

/* Every door but openings, on its edge; on the players' copy no secret
 * door (it is in the wall lines). */
static int add_doors(const struct eplus *x, int l, json_t *walls, struct err *e)
{
	const struct map *m = &x->d->levels[l].map;
	long ppg = x->pics[l].ppg;
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		if (d->kind == DOOR_OPENING || (x->player && d->kind == DOOR_SECRET))
			continue;
		/* the edge's two corners */
		long x0 = d->x + (d->side == SIDE_E), y0 = d->y + (d->side == SIDE_S);
		int vertical = d->side == SIDE_E || d->side == SIDE_W;
		const long pts[4] = { x0 * ppg, y0 * ppg, (x0 + !vertical) * ppg, (y0 + vertical) * ppg };
		char role[64];
		snprintf(role, sizeof role, "map/%d/door/%d", m->depth, i);
		/* what sight passes (a portcullis) is a wall tokens cannot cross
		 * and eyes can: tabletop.h's one rule of sight */
		int r = !tabletop_door_blocks_sight(d->kind) ? add_wall(x, walls, role, pts, 2, "invisible", NULL)
			: add_wall(x, walls, role, pts, 2, d->kind == DOOR_SECRET ? "secretDoor" : "door",
				   d->kind == DOOR_LOCKED ? "locked" : "closed");
		if (r < 0)
			return err_set(e, "out of memory writing the EncounterPlus map");
	}
	return 0;
}

/* What stands in a room and hides what is behind it, as closed outlines. */
static int add_terrain(const struct eplus *x, int l, json_t *walls, struct err *e)
{
	const struct map *m = &x->d->levels[l].map;
	double ppg = x->pics[l].ppg;
	for (int y = 0; m->features && y < m->h; y++)
		for (int sx = 0; sx < m->w; sx++) {
			double px[8], py[8];
			int n = export_vtt_blocker_outline(m, sx, y, px, py);
			if (n == 0)
				continue;
			long pts[18];
			for (int k = 0; k <= n; k++) {
				pts[2 * k] = lround(px[k % n] * ppg);
				pts[2 * k + 1] = lround(py[k % n] * ppg);
			}
			char role[64];
			snprintf(role, sizeof role, "map/%d/terrain/%d/%d", m->depth, sx, y);
			if (add_wall(x, walls, role, pts, n + 1, "terrain", NULL) < 0)
				return err_set(e, "out of memory writing the EncounterPlus map");
		}
	return 0;
}

/* A marker (the fields in the order of EncounterPlus's schema). */
static json_t *marker(const struct eplus *x, const char *role, const char *label, const char *color, const char *shape,
		      const char *size, const char *name, const char *descr, const char *reference, long px, long py)
{
	char id[EPLUS_ID_LEN];
	eplus_id(x, id, "%s", role);
	json_t *o = json_object();
	int bad = !o;
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "label", eplus_text(label));
	bad |= json_object_set_new(o, "color", json_string(color));
	bad |= json_object_set_new(o, "shape", json_string(shape));
	bad |= json_object_set_new(o, "size", json_string(size));
	bad |= json_object_set_new(o, "name", eplus_text(name));
	bad |= json_object_set_new(o, "descr", eplus_text(descr));
	if (reference)
		bad |= json_object_set_new(o, "reference", eplus_text(reference));
	/* the referee's annotations until shared; the players' copy holds none
	 * they may not see */
	bad |= json_object_set_new(o, "hidden", json_boolean(!x->player));
	bad |= json_object_set_new(o, "locked", json_false());
	bad |= json_object_set_new(o, "x", json_integer(px));
	bad |= json_object_set_new(o, "y", json_integer(py));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Is square (x, y) of region free for a marker: floor of the region with
 * nothing drawn on it (no feature, no stairs, no mark)? */
static int spot_free(const struct map *m, int region, int x, int y)
{
	if (map_at(m, x, y) != region || (m->features && m->features[(long)y * m->w + x] != FEATURE_NONE))
		return 0;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].x == x && m->stairs[i].y == y)
			return 0;
	for (int i = 0; i < m->nmarks; i++)
		if (m->marks[i].x == x && m->marks[i].y == y)
			return 0;
	return 1;
}

/* Where a room's marker stands, in squares: the middle of the largest
 * rectangle of its floor when the squares there are free; else the middle
 * of the free square of that rectangle nearest it (the rectangle's middle
 * when none is free). */
static int room_spot(const struct map *m, int region, double *cx, double *cy, struct err *e)
{
	struct rect *rs;
	int n = map_region_rects(m, region, &rs, e);
	if (n < 0)
		return -1;
	struct rect r = m->regions[region].bounds;
	long best = -1;
	for (int i = 0; i < n; i++)
		if ((long)rs[i].w * rs[i].h > best) {
			best = (long)rs[i].w * rs[i].h;
			r = rs[i];
		}
	free(rs);
	*cx = r.x + r.w / 2.0;
	*cy = r.y + r.h / 2.0;
	/* the squares the middle touches: one, two or four */
	int x0 = (int)floor(*cx - 0.25), x1 = (int)floor(*cx + 0.25), y0 = (int)floor(*cy - 0.25),
	    y1 = (int)floor(*cy + 0.25);
	if (spot_free(m, region, x0, y0) && spot_free(m, region, x1, y0) && spot_free(m, region, x0, y1) &&
	    spot_free(m, region, x1, y1))
		return 0;
	double far = -1, bx = *cx, by = *cy;
	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++) {
			double dx = x + 0.5 - *cx, dy = y + 0.5 - *cy, d2 = dx * dx + dy * dy;
			if (spot_free(m, region, x, y) && (far < 0 || d2 < far)) {
				far = d2;
				bx = x + 0.5;
				by = y + 0.5;
			}
		}
	*cx = bx;
	*cy = by;
	return 0;
}

static int add_room_markers(const struct eplus *x, int l, json_t *markers, struct err *e)
{
	const struct level *lv = &x->d->levels[l];
	const struct map *m = &lv->map;
	double ppg = x->pics[l].ppg;
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		double cx, cy;
		if (room_spot(m, en->region, &cx, &cy, e) < 0)
			return -1;
		char role[64], label[16], name[96], slug[EPLUS_SLUG_LEN], ref[EPLUS_SLUG_LEN + 16];
		snprintf(role, sizeof role, "map/%d/room/%d", m->depth, en->number);
		snprintf(label, sizeof label, "%d", en->number);
		snprintf(name, sizeof name, "%d. %s", en->number, eplus_room_title(x, l, en));
		/* a fight opens its encounter, whose room's page it links */
		if (eplus_room_has_fight(x, en)) {
			eplus_slug(x, slug, sizeof slug, "level-%d-room-%d-encounter", m->depth, en->number);
			snprintf(ref, sizeof ref, "/encounter/%s", slug);
		} else {
			eplus_slug(x, slug, sizeof slug, "level-%d-room-%d", m->depth, en->number);
			snprintf(ref, sizeof ref, "/page/%s", slug);
		}
		if (json_array_append_new(markers, marker(x, role, label, EPLUS_ROOM_COLOR, "circle", "medium", name,
							    en->size, ref, lround(cx * ppg), lround(cy * ppg))) < 0)
			return err_set(e, "out of memory writing the EncounterPlus map");
	}
	return 0;
}

/* A marker on each stair: "↓2" goes down to level 2; it opens that
 * level's map when the module has it. */
static int add_stair_markers(const struct eplus *x, int l, json_t *markers, struct err *e)
{
	const struct map *m = &x->d->levels[l].map;
	long ppg = x->pics[l].ppg;
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		const char *arrow = st->dir == STAIR_UP ? "\xe2\x86\x91" : "\xe2\x86\x93";
		const char *way = st->dir == STAIR_UP ? "up" : "down";
		char role[64], label[24], name[64], line[200], slug[EPLUS_SLUG_LEN], ref[EPLUS_SLUG_LEN + 8];
		snprintf(role, sizeof role, "map/%d/stair/%d", m->depth, i);
		if (st->to_level > 0) {
			snprintf(label, sizeof label, "%s%d", arrow, st->to_level);
			snprintf(name, sizeof name, "Stairs %s to level %d", way, st->to_level);
		} else {
			snprintf(label, sizeof label, "%s", arrow);
			snprintf(name, sizeof name, "Stairs %s", way);
		}
		key_stair_line(st, line, sizeof line);
		int to = st->to_level > 0 ? eplus_level_index(x->d, st->to_level) : -1;
		if (to >= 0) {
			eplus_slug(x, slug, sizeof slug, "level-%d", st->to_level);
			snprintf(ref, sizeof ref, "/map/%s", slug);
		}
		if (json_array_append_new(markers, marker(x, role, label, EPLUS_STAIR_COLOR, "pin", "small", name, line,
							    to >= 0 ? ref : NULL, st->x * ppg + ppg / 2,
							    st->y * ppg + ppg / 2)) < 0)
			return err_set(e, "out of memory writing the EncounterPlus map");
	}
	return 0;
}

/* A marker on each lettered mark, opening the level's notes (the
 * referee's copy). */
static int add_mark_markers(const struct eplus *x, int l, json_t *markers, struct err *e)
{
	const struct map *m = &x->d->levels[l].map;
	long ppg = x->pics[l].ppg;
	if (x->player || !eplus_level_has_notes(x, l))
		return 0;
	char slug[EPLUS_SLUG_LEN], ref[EPLUS_SLUG_LEN + 8];
	eplus_slug(x, slug, sizeof slug, "level-%d-notes", m->depth);
	snprintf(ref, sizeof ref, "/page/%s", slug);
	for (int i = 0; i < m->nmarks; i++) {
		const struct map_mark *k = &m->marks[i];
		char role[64];
		snprintf(role, sizeof role, "map/%d/mark/%d", m->depth, i);
		if (json_array_append_new(markers, marker(x, role, k->label, EPLUS_MARK_COLOR, "circle", "small", k->label,
							    k->text ? k->text : "", ref, k->x * ppg + ppg / 2,
							    k->y * ppg + ppg / 2)) < 0)
			return err_set(e, "out of memory writing the EncounterPlus map");
	}
	return 0;
}

/* A light on every hearth and in every room whose key names a fire that
 * burns (tabletop_lights), its radii in pixels: bright 1.5 squares and dim
 * 3 for a hearth, 1 and 2 for the rest. */
static int add_lights(const struct eplus *x, int l, json_t *lights, struct err *e)
{
	const struct map *m = &x->d->levels[l].map;
	long ppg = x->pics[l].ppg;
	struct tabletop_light *t;
	int n = tabletop_lights(x->d, l, &t, e), bad = 0;
	if (n < 0)
		return -1;
	for (int i = 0; i < n && !bad; i++) {
		char id[EPLUS_ID_LEN];
		eplus_id(x, id, "map/%d/light/%d", m->depth, i);
		long bright = t[i].hearth ? ppg * 3 / 2 : ppg;
		json_t *o = json_object();
		bad |= !o;
		bad |= json_object_set_new(o, "id", json_string(id));
		bad |= json_object_set_new(o, "x", json_integer(t[i].x * ppg + ppg / 2));
		bad |= json_object_set_new(o, "y", json_integer(t[i].y * ppg + ppg / 2));
		bad |= json_object_set_new(o, "color", json_string("#ff9329"));
		bad |= json_object_set_new(o, "radiusMin", json_integer(bright));
		bad |= json_object_set_new(o, "radiusMax", json_integer(2 * bright));
		bad |= json_object_set_new(o, "opacity", json_real(0.4));
		bad |= json_object_set_new(o, "alwaysVisible", json_false());
		bad |= json_object_set_new(o, "enabled", json_true());
		bad |= json_array_append_new(lights, o);
	}
	free(t);
	return bad ? err_set(e, "out of memory writing the EncounterPlus map") : 0;
}

/* The map's own fields, in the order of EncounterPlus's schema. */
static int map_fields(const struct eplus *x, int l, json_t *o)
{
	const struct level *lv = &x->d->levels[l];
	const struct map *m = &lv->map;
	int ppg = x->pics[l].ppg, split = tabletop_split(x->d, m), dark = tabletop_dark(m);
	char id[EPLUS_ID_LEN], group[EPLUS_ID_LEN], name[260], slug[EPLUS_SLUG_LEN], descr[200], image[64];
	eplus_id(x, id, "map/%d", m->depth);
	eplus_id(x, group, "group/%d", m->depth);
	snprintf(name, sizeof name, "%s, level %d", x->title, m->depth);
	eplus_slug(x, slug, sizeof slug, "level-%d", m->depth);
	snprintf(descr, sizeof descr, "%s method, %d x %d squares, 1 square = %d ft, %d room%s",
		 m->method ? m->method : "a", m->w, m->h, m->square_feet, lv->key.n, plural_s(lv->key.n));
	eplus_image_name(x, l, image, sizeof image);
	int bad = 0;
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "name", eplus_text(name));
	bad |= json_object_set_new(o, "slug", json_string(slug));
	bad |= json_object_set_new(o, "descr", eplus_text(descr));
	bad |= json_object_set_new(o, "gridSize", json_integer(ppg / split));
	bad |= json_object_set_new(o, "gridOffsetX", json_integer(0));
	bad |= json_object_set_new(o, "gridOffsetY", json_integer(0));
	bad |= json_object_set_new(o, "gridColor", json_string("#cccccc"));
	/* the picture has no grid lines unless --vtt-grid drew them in */
	bad |= json_object_set_new(o, "gridVisible", json_boolean(!x->d->sheet.vtt_grid));
	bad |= json_object_set_new(o, "gridScale", json_integer(m->square_feet / split));
	bad |= json_object_set_new(o, "gridUnits", json_string("ft"));
	bad |= json_object_set_new(o, "gridType", json_string("square"));
	bad |= json_object_set_new(o, "gridStyle", json_string("solid"));
	bad |= json_object_set_new(o, "gridOpacity", json_real(0.5));
	bad |= json_object_set_new(o, "image", json_string(image));
	bad |= json_object_set_new(o, "scale", json_real(1.0));
	bad |= json_object_set_new(o, "x", json_integer((long)m->w * ppg / 2));
	bad |= json_object_set_new(o, "y", json_integer((long)m->h * ppg / 2));
	bad |= json_object_set_new(o, "zoom", json_real(1.0));
	bad |= json_object_set_new(o, "width", json_integer((long)m->w * ppg));
	bad |= json_object_set_new(o, "height", json_integer((long)m->h * ppg));
	/* explored as the party goes: fog lifts where their tokens see, and the
	 * walls above decide what that is; a dungeon, cave or crypt is dark but
	 * for its lights (tabletop_dark), a building in daylight */
	bad |= json_object_set_new(o, "fogOfWar", json_true());
	bad |= json_object_set_new(o, "fogExploration", json_true());
	bad |= json_object_set_new(o, "lineOfSight", json_true());
	bad |= json_object_set_new(o, "losDaylight", json_real(dark ? 0.0 : 1.0));
	bad |= json_object_set_new(o, "losVisionLimit", json_integer(-1));
	bad |= json_object_set_new(o, "weatherIntensity", json_real(0.0));
	bad |= json_object_set_new(o, "dmDarkness", json_real(0.5));
	bad |= json_object_set_new(o, "parentId", json_string(group));
	bad |= json_object_set_new(o, "rank", json_integer(0));
	bad |= json_object_set_new(o, "version", json_integer(1));
	return bad ? -1 : 0;
}

/* Level l's map document. */
static json_t *level_map(const struct eplus *x, int l, struct err *e)
{
	json_t *o = json_object(), *walls = json_array(), *markers = json_array();
	int bad = !o || !walls || !markers;
	bad |= o ? map_fields(x, l, o) : -1;
	if (bad) {
		json_decref(o);
		json_decref(walls);
		json_decref(markers);
		err_set(e, "out of memory writing the EncounterPlus map");
		return NULL;
	}
	bad |= json_object_set_new(o, "walls", walls);
	bad |= json_object_set_new(o, "markers", markers);
	const char *empty[] = { "tiles", "tokens", "areaEffects", "measurements" };
	for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++)
		bad |= json_object_set_new(o, empty[i], json_array());
	if (bad) {
		json_decref(o);
		err_set(e, "out of memory writing the EncounterPlus map");
		return NULL;
	}
	json_t *lights = json_array();
	if (json_object_set_new(o, "lights", lights) < 0) {
		json_decref(o);
		err_set(e, "out of memory writing the EncounterPlus map");
		return NULL;
	}
	if (add_lights(x, l, lights, e) < 0 || add_wall_lines(x, l, walls, e) < 0 || add_doors(x, l, walls, e) < 0 ||
	    add_terrain(x, l, walls, e) < 0 ||
	    add_room_markers(x, l, markers, e) < 0 || add_stair_markers(x, l, markers, e) < 0 ||
	    add_mark_markers(x, l, markers, e) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int eplus_maps(const struct eplus *x, json_t *maps, struct err *e)
{
	for (int l = 0; l < x->d->nlevels; l++) {
		json_t *o = level_map(x, l, e);
		if (!o)
			return -1;
		if (json_array_append_new(maps, o) < 0)
			return err_set(e, "out of memory writing the EncounterPlus map");
	}
	return 0;
}
