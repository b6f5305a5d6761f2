/* foundry_scene.c: one level as a Foundry VTT Scene (foundry_int.h). The
 * map's picture (the level inside its margin of solid ground) fills the
 * scene with no padding, so a square (x, y) of the map is at pixels
 * (x * ppg, y * ppg); the grid splits it into tabletop_split squares a side
 * (5-ft squares under 5e). Walls are the wall
 * polylines of walls.h cut into Foundry's straight walls; each door is a
 * wall of its own on its edge: a door, closed; a locked door, locked (the
 * referee's map; the players' has no locks); a secret door, a secret door
 * (players see a wall); a portcullis, a door that sight, light and sound
 * pass (tabletop.h's one rule of sight). Openings are gaps. What stands
 * high enough to hide what is behind it (pillars, statues, shelves) is a
 * closed outline of walls that block sight and light but not movement. A
 * dark level (tabletop_dark) has no global light: token vision and the
 * lights of tabletop_lights show it. A Note pins
 * each numbered room (its number as the label) to its page, each stair to
 * the page of the room it arrives in on the level it reaches, and each
 * lettered mark to the level's notes. */
#include "export/foundry_int.h"

#include "base/sbuf.h"
#include "export/export_vtt.h"
#include "export/tabletop.h"
#include "export/walls.h"

#include <math.h>

#include <stdlib.h>

/* CONST.WALL_SENSE_TYPES and WALL_MOVEMENT_TYPES */
#define SENSE_NONE 0
#define SENSE_NORMAL 20
/* CONST.WALL_DOOR_TYPES, WALL_DOOR_STATES */
enum { WALL_NO_DOOR = 0, WALL_DOOR = 1, WALL_SECRET = 2 };
enum { DOOR_CLOSED = 0, DOOR_LOCKED_STATE = 2 };
/* CONST.GRID_TYPES.SQUARE, CONST.TEXT_ANCHOR_POINTS.BOTTOM */
#define GRID_SQUARE 1
#define ANCHOR_BOTTOM 1

struct wall_kind {
	int door, state;
	int move, sight, light, sound;
};

static void wall_json(struct sbuf *s, int *count, const char *id, const int c[4], struct wall_kind k)
{
	sbuf_add(s, *count ? ", {\"_id\": \"" : "{\"_id\": \"");
	sbuf_add(s, id);
	sbuf_printf(s, "\", \"c\": [%d, %d, %d, %d], \"light\": %d, \"move\": %d, \"sight\": %d, \"sound\": %d, "
		       "\"dir\": 0, \"door\": %d, \"ds\": %d, \"threshold\": {\"light\": null, \"sight\": null, "
		       "\"sound\": null, \"attenuation\": false}, \"flags\": {}}",
		    c[0], c[1], c[2], c[3], k.light, k.move, k.sight, k.sound, k.door, k.state);
	(*count)++;
}

/* How a door of kind k stands in the scene; door 0 (none) for what is no
 * wall at all (an opening). */
static struct wall_kind door_wall(enum door_kind k)
{
	int sight = tabletop_door_blocks_sight(k) ? SENSE_NORMAL : SENSE_NONE;
	switch (k) {
	case DOOR_PLAIN: return (struct wall_kind){ WALL_DOOR, DOOR_CLOSED, SENSE_NORMAL, sight, sight, sight };
	case DOOR_LOCKED: return (struct wall_kind){ WALL_DOOR, DOOR_LOCKED_STATE, SENSE_NORMAL, sight, sight, sight };
	case DOOR_SECRET: return (struct wall_kind){ WALL_SECRET, DOOR_CLOSED, SENSE_NORMAL, sight, sight, sight };
	case DOOR_PORTCULLIS: return (struct wall_kind){ WALL_DOOR, DOOR_CLOSED, SENSE_NORMAL, sight, sight, sight };
	default: return (struct wall_kind){ WALL_NO_DOOR, 0, 0, 0, 0, 0 };
	}
}

/* The outlines of what hides what stands behind it: walls that sight and
 * light do not pass and tokens walk through (they stand on the floor). */
static void scene_blockers(struct sbuf *s, const struct map *m, int ppg, const struct foundry_ids *ids, int *count)
{
	const struct wall_kind blocker = { WALL_NO_DOOR, 0, SENSE_NONE, SENSE_NORMAL, SENSE_NORMAL, SENSE_NONE };
	char id[FOUNDRY_ID_SIZE];
	for (int y = 0; m->features && y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			double px[8], py[8];
			int n = export_vtt_blocker_outline(m, x, y, px, py);
			for (int k = 0; k < n; k++) {
				const int c[4] = { (int)lround(px[k] * ppg), (int)lround(py[k] * ppg),
						   (int)lround(px[(k + 1) % n] * ppg), (int)lround(py[(k + 1) % n] * ppg) };
				foundry_id(ids, id, "wall", m->depth, *count);
				wall_json(s, count, id, c, blocker);
			}
		}
}

/* The walls and then the doors. On the players' map there are no secret
 * doors (handout.h makes them wall), so both copies cut the same way. */
static int scene_walls(struct sbuf *s, const struct map *m, int ppg, const struct foundry_ids *ids, struct err *e)
{
	struct walls w;
	if (walls_build_open(&w, m, 1, e) < 0)
		return -1;
	const struct wall_kind plain = { WALL_NO_DOOR, 0, SENSE_NORMAL, SENSE_NORMAL, SENSE_NORMAL, SENSE_NORMAL };
	int count = 0;
	char id[FOUNDRY_ID_SIZE];
	sbuf_add(s, "\"walls\": [");
	for (int i = 0; i < w.n; i++)
		for (int k = w.start[i]; k + 1 < w.start[i + 1]; k++) {
			const int c[4] = { w.points[k].x * ppg, w.points[k].y * ppg, w.points[k + 1].x * ppg,
					   w.points[k + 1].y * ppg };
			foundry_id(ids, id, "wall", m->depth, count);
			wall_json(s, &count, id, c, plain);
		}
	walls_free(&w);
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		struct wall_kind k = door_wall(d->kind);
		if (k.door == WALL_NO_DOOR)
			continue;
		int x0 = d->x + (d->side == SIDE_E), y0 = d->y + (d->side == SIDE_S);
		int vertical = d->side == SIDE_E || d->side == SIDE_W;
		const int c[4] = { x0 * ppg, y0 * ppg, (x0 + !vertical) * ppg, (y0 + vertical) * ppg };
		foundry_id(ids, id, "wall", m->depth, count);
		wall_json(s, &count, id, c, k);
	}
	scene_blockers(s, m, ppg, ids, &count);
	sbuf_add(s, "]");
	return 0;
}

/* A light on every hearth (bright for a square and a half, dim for
 * three) and in every room whose key names a fire that burns (bright for a
 * square, dim for two), flickering (tabletop_lights). */
static int scene_lights(struct sbuf *s, const struct doc *d, int li, int ppg, const struct foundry_ids *ids,
			struct err *e)
{
	const struct map *m = &d->levels[li].map;
	struct tabletop_light *l;
	int n = tabletop_lights(d, li, &l, e);
	if (n < 0)
		return -1;
	char id[FOUNDRY_ID_SIZE];
	sbuf_add(s, "\"lights\": [");
	for (int i = 0; i < n; i++) {
		double bright = (l[i].hearth ? 1.5 : 1.0) * m->square_feet, dim = 2 * bright;
		foundry_id(ids, id, "light", m->depth, i);
		sbuf_printf(s, "%s{\"_id\": \"%s\", \"x\": %d, \"y\": %d, \"rotation\": 0, \"walls\": true, "
			       "\"vision\": false, \"config\": {\"bright\": %g, \"dim\": %g, \"color\": \"#ff9329\", "
			       "\"alpha\": 0.4, \"animation\": {\"type\": \"torch\", \"speed\": 2, \"intensity\": 3, "
			       "\"reverse\": false}}, \"hidden\": false, \"flags\": {}}",
			    i ? ", " : "", id, l[i].x * ppg + ppg / 2, l[i].y * ppg + ppg / 2, bright, dim);
	}
	free(l);
	sbuf_add(s, "]");
	return 0;
}

/* The square of each numbered region clear of stairs and furniture
 * (when it has one), farthest from its walls among those (squares counted
 * the king's way), the nearest to the middle of its bounds among equals:
 * where the pin goes, not hiding what is drawn. pin[id] = y * w + x, or -1. Returns 0 or -1 with e set. */
static int pin_squares(const struct map *m, long *pin, struct err *e)
{
	long n = (long)m->w * m->h;
	int *dist = malloc((size_t)(n ? n : 1) * sizeof *dist);
	long *score = malloc(((size_t)m->nregions + 1) * sizeof *score);
	if (!dist || !score) {
		free(dist);
		free(score);
		return err_set(e, "out of memory placing the room notes");
	}
	for (int pass = 0; pass < 2; pass++)
		for (long i = 0; i < n; i++) {
			long at = pass ? n - 1 - i : i;
			int x = (int)(at % m->w), y = (int)(at / m->w), id = m->cells[at];
			if (id == 0) {
				dist[at] = 0;
				continue;
			}
			int best = pass ? dist[at] : 1 << 30;
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					/* the neighbours already met in this pass's order */
					if ((dy * 3 + dx) * (pass ? -1 : 1) >= 0)
						continue;
					int nx = x + dx, ny = y + dy;
					int nd = map_at(m, nx, ny) == id ? dist[(long)ny * m->w + nx] : 0;
					if (nd + 1 < best)
						best = nd + 1;
				}
			dist[at] = best;
		}
	for (int id = 0; id <= m->nregions; id++)
		pin[id] = -1;
	for (long at = 0; at < n; at++) {
		int id = m->cells[at];
		if (id == 0)
			continue;
		const struct rect *b = &m->regions[id].bounds;
		long dx = 2 * (at % m->w) + 1 - (2L * b->x + b->w), dy = 2 * (at / m->w) + 1 - (2L * b->y + b->h);
		int clear = !m->features || m->features[at] == FEATURE_NONE;
		for (int i = 0; i < m->nstairs; i++)
			clear &= (long)m->stairs[i].y * m->w + m->stairs[i].x != at;
		/* a square clear of stairs and furniture first, then the farthest
		 * from the walls, then the most central */
		long sc = (long)clear * (1L << 52) + (long)dist[at] * (1L << 40) - (dx * dx + dy * dy);
		if (pin[id] < 0 || sc > score[id]) {
			pin[id] = at;
			score[id] = sc;
		}
	}
	free(dist);
	free(score);
	return 0;
}

static void note_json(struct sbuf *s, int *count, const char *id, long x, long y, const char *entry,
		      const char *page, const char *icon, const char *text, int ppg)
{
	int icon_size = ppg * 3 / 5 < 32 ? 32 : ppg * 3 / 5;
	int font = ppg / 2 < 16 ? 16 : ppg / 2 > 64 ? 64 : ppg / 2;
	sbuf_printf(s, "%s{\"_id\": \"%s\", \"entryId\": \"%s\", \"pageId\": ", *count ? ", " : "", id, entry);
	if (page)
		sbuf_printf(s, "\"%s\"", page);
	else
		sbuf_add(s, "null");
	sbuf_printf(s, ", \"x\": %ld, \"y\": %ld, \"texture\": {\"src\": \"%s\"}, \"iconSize\": %d, \"text\": ", x, y,
		    icon, icon_size);
	sbuf_add_json(s, text);
	sbuf_printf(s, ", \"fontSize\": %d, \"textAnchor\": %d, \"textColor\": \"#ffffff\", \"global\": false, "
		       "\"flags\": {}}", font, ANCHOR_BOTTOM);
	(*count)++;
}

static int scene_notes(struct sbuf *s, const struct doc *d, int li, int ppg, const struct foundry_ids *ids,
		       struct err *e)
{
	const struct level *lv = &d->levels[li];
	const struct map *m = &lv->map;
	long *pin = malloc(((size_t)m->nregions + 1) * sizeof *pin);
	if (!pin)
		return err_set(e, "out of memory placing the room notes");
	if (pin_squares(m, pin, e) < 0) {
		free(pin);
		return -1;
	}
	char journal[FOUNDRY_ID_SIZE], page[FOUNDRY_ID_SIZE], id[FOUNDRY_ID_SIZE], label[16];
	int count = 0;
	foundry_id(ids, journal, "journal", m->depth, 0);
	sbuf_add(s, "\"notes\": [");
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		long at = en->region > 0 && en->region <= m->nregions ? pin[en->region] : -1;
		if (at < 0)
			continue;
		foundry_id(ids, id, "note", m->depth, en->number);
		foundry_id(ids, page, "page", m->depth, en->number);
		snprintf(label, sizeof label, "%d", en->number);
		note_json(s, &count, id, at % m->w * ppg + ppg / 2, at / m->w * ppg + ppg / 2, journal, page,
			  "icons/svg/book.svg", label, ppg);
	}
	free(pin);
	/* the stairs: to the page of the room they arrive in, on the level
	 * they reach, when that level is in the module */
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		int to = st->to_level > 0 ? foundry_level_of_depth(d, st->to_level) : -1;
		if (to < 0)
			continue;
		char to_journal[FOUNDRY_ID_SIZE], text[64];
		const struct key_entry *arrive = st->to_room > 0 ? key_find(&d->levels[to].key, st->to_room) : NULL;
		foundry_id(ids, to_journal, "journal", st->to_level, 0);
		if (arrive)
			foundry_id(ids, page, "page", st->to_level, arrive->number);
		foundry_id(ids, id, "stairs", m->depth, i);
		snprintf(text, sizeof text, "%s to level %d", st->dir == STAIR_UP ? "Up" : "Down", st->to_level);
		note_json(s, &count, id, (long)st->x * ppg + ppg / 2, (long)st->y * ppg + ppg / 2, to_journal,
			  arrive ? page : NULL, st->dir == STAIR_UP ? "icons/svg/tower.svg" : "icons/svg/cave.svg", text,
			  ppg);
	}
	/* the lettered marks, to the level's notes */
	foundry_id(ids, page, "notes", m->depth, 0);
	for (int i = 0; i < m->nmarks; i++) {
		const struct map_mark *mk = &m->marks[i];
		foundry_id(ids, id, "mark", m->depth, i);
		note_json(s, &count, id, (long)mk->x * ppg + ppg / 2, (long)mk->y * ppg + ppg / 2, journal, page,
			  "icons/svg/book.svg", mk->label, ppg);
	}
	sbuf_add(s, "]");
	return 0;
}

int foundry_scene_json(struct sbuf *s, const struct doc *d, int li, int ppg, const char *picture,
		       const char *thumb, const struct foundry_ids *ids, struct err *e)
{
	const struct map *m = &d->levels[li].map;
	char id[FOUNDRY_ID_SIZE], journal[FOUNDRY_ID_SIZE], folder[FOUNDRY_ID_SIZE], name[340];
	foundry_id(ids, id, "scene", m->depth, 0);
	foundry_id(ids, journal, "journal", m->depth, 0);
	foundry_id(ids, folder, "folder", 0, 0);
	foundry_level_name(d, li, name, sizeof name);
	sbuf_printf(s, "{\"_id\": \"%s\", \"name\": ", id);
	sbuf_add_json(s, name);
	sbuf_printf(s, ", \"active\": false, \"navigation\": true, \"navOrder\": %d, \"navName\": \"Level %d\", "
		       "\"background\": {\"src\": ", m->depth, m->depth);
	sbuf_add_json(s, picture);
	sbuf_add(s, "}, \"thumb\": ");
	sbuf_add_json(s, thumb);
	int split = tabletop_split(d, m), dark = tabletop_dark(m);
	sbuf_printf(s, ", \"width\": %ld, \"height\": %ld, \"padding\": 0, \"backgroundColor\": \"#000000\", "
		       "\"grid\": {\"type\": %d, \"size\": %d, "
		       "\"style\": \"solidLines\", \"thickness\": 1, \"color\": \"#000000\", \"alpha\": 0.2, "
		       "\"distance\": %d, \"units\": \"ft\"}, \"tokenVision\": true, \"fog\": {\"exploration\": true}, "
		       "\"environment\": {\"darknessLevel\": %d, \"globalLight\": {\"enabled\": %s}}, ",
		    (long)m->w * ppg, (long)m->h * ppg, GRID_SQUARE, ppg / split, m->square_feet / split, dark,
		    dark ? "false" : "true");
	sbuf_add(s, "\"drawings\": [], \"tokens\": [], ");
	if (scene_lights(s, d, li, ppg, ids, e) < 0)
		return -1;
	sbuf_add(s, ", ");
	if (scene_notes(s, d, li, ppg, ids, e) < 0)
		return -1;
	sbuf_add(s, ", \"sounds\": [], ");
	foundry_regions_json(s, d, li, ppg, ids);
	sbuf_add(s, ", \"templates\": [], \"tiles\": [], ");
	if (scene_walls(s, m, ppg, ids, e) < 0)
		return -1;
	sbuf_printf(s, ", \"journal\": \"%s\", \"folder\": \"%s\", \"sort\": %d, \"ownership\": {\"default\": 0}, "
		       "\"flags\": {}, ", journal, folder, m->depth * 100000);
	foundry_stats_json(s);
	sbuf_add(s, "}");
	return 0;
}
