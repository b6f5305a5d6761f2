/* read_donjon.c: donjon's dungeon export (JSON) as one level: the title
 * and the cell size from settings, the grid decoded with the file's own
 * cell_bit table (read_donjon_cells.c), the rooms numbered by their id and
 * keyed with their contents (read_donjon_rooms.c), the corridor features
 * as lettered marks, the details as notes and the wandering monsters as the
 * key's table (read_donjon_notes.c). A kind mapsheet has no equivalent of
 * gets the nearest one and a warning with its count. The map contract
 * (map_check.c) is checked before the key is built. The file's texts are
 * tidied here for the parts (dj_add_collapsed). */
#include "read/read_donjon_int.h"
#include "read/read_formats.h"

#include "base/sbuf.h"
#include "model/connect.h"
#include "model/map_check.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dj_add_collapsed(struct sbuf *s, const char *text)
{
	int space = 0;
	for (const char *p = text; *p; p++) {
		if (isspace((unsigned char)*p)) {
			space = 1;
			continue;
		}
		if (space && s->len > 0)
			sbuf_addc(s, ' ');
		space = 0;
		sbuf_addc(s, *p);
	}
}

static int read_settings(struct dj *d, json_t *root, struct read_json_doc *out)
{
	json_t *st = json_object_get(root, "settings");
	if (!st || json_is_null(st))
		return 0;
	if (!json_is_object(st))
		return jf_fail(&d->r, "settings", "not an object");
	json_t *bleed = json_object_get(st, "bleed");
	if (bleed && !json_is_null(bleed) &&
	    jf_int(&d->r, st, "settings", "bleed", 0, DONJON_MAX_BLEED, 0, 0, &d->bleed) < 0)
		return -1;
	/* donjon's own seed, so that a sheet names the dungeon it came from */
	json_t *seed = json_object_get(st, "seed");
	if (json_is_integer(seed) && json_integer_value(seed) >= 0) {
		char text[32];
		snprintf(text, sizeof text, "%lld", (long long)json_integer_value(seed));
		if (!(out->seed = strdup(text)))
			return err_set(d->r.e, "out of memory reading %s", d->r.name);
	}
	json_t *name = json_object_get(st, "name");
	if (name && !json_is_null(name)) {
		if (!json_is_string(name) || json_string_length(name) > 200)
			return jf_fail(&d->r, "settings", "name: expected a string of at most 200 bytes");
		if (jf_text_dup(&d->r, st, "settings", "name", 1, &out->title) < 0)
			return -1;
	}
	return 0;
}

/* The last floor square of region (x, y) going towards side s. */
static void walk_out(const struct map *m, int *x, int *y, int s)
{
	int id = map_at(m, *x, *y);
	while (map_at(m, *x + side_dx[s], *y + side_dy[s]) == id) {
		*x += side_dx[s];
		*y += side_dy[s];
	}
}

/* The way in: the egress, else the stairs up, else room 1. */
static int dj_entrance(struct dj *d, json_t *root)
{
	struct map *m = d->m;
	json_t *eg = json_object_get(root, "egress");
	if (eg && !json_is_null(eg) && !json_is_array(eg))
		return jf_fail(&d->r, "egress", "not an array");
	json_t *first = json_array_get(eg, 0);
	if (first) {
		static const char *const dirs[SIDE_COUNT] = { "north", "east", "south", "west" };
		int col, row, side = -1;
		if (!json_is_object(first))
			return jf_fail(&d->r, "egress[0]", "not an object");
		if (jf_int(&d->r, first, "egress[0]", "col", -DONJON_MAX_SIDE, DONJON_MAX_SIDE, 0, 0, &col) < 0 ||
		    jf_int(&d->r, first, "egress[0]", "row", -DONJON_MAX_SIDE, DONJON_MAX_SIDE, 0, 0, &row) < 0)
			return -1;
		json_t *dir = json_object_get(first, "dir");
		for (int s = 0; s < SIDE_COUNT; s++)
			if (json_is_string(dir) && strcmp(json_string_value(dir), dirs[s]) == 0)
				side = s;
		if (side < 0)
			return jf_fail(&d->r, "egress[0]", "dir: expected \"north\", \"east\", \"south\" or \"west\"");
		int x = col + d->bleed - d->x0, y = row + d->bleed - d->y0;
		if (map_at(m, x, y) <= 0)
			return jf_fail(&d->r, "egress[0]", "row %d, column %d (with settings.bleed %d) is not a floor cell",
				       row + d->bleed, col + d->bleed, d->bleed);
		walk_out(m, &x, &y, side);
		map_set_entrance(m, x, y, side);
		m->regions[map_at(m, x, y)].flags |= REGION_FLAG_ENTRY;
		return 0;
	}
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == STAIR_UP) {
			map_set_entrance(m, m->stairs[i].x, m->stairs[i].y, -1);
			m->regions[map_at(m, m->stairs[i].x, m->stairs[i].y)].flags |= REGION_FLAG_ENTRY;
			return 0;
		}
	/* no way in given: the top of the first room, from the north */
	int x = m->regions[1].bounds.x, y = m->regions[1].bounds.y;
	while (map_at(m, x, y) != 1)
		x++;
	walk_out(m, &x, &y, SIDE_N);
	map_set_entrance(m, x, y, SIDE_N);
	m->regions[1].flags |= REGION_FLAG_ENTRY;
	log_warn(d->log, "%s: no egress and no stairs up: the way in is taken to be the north of room 1", d->r.name);
	return 0;
}

/* Leaves out the corridors no door leads to from the way in (donjon
 * keeps a piece of corridor walled in when it takes away dead ends), with
 * their doors and stairs, and warns with their count. Rooms are never left
 * out: one that cannot be reached breaks the map contract. */
static int drop_unreached(struct dj *d)
{
	struct map *m = d->m;
	struct graph g;
	if (graph_build(&g, m, d->r.e) < 0)
		return -1;
	unsigned char *seen = malloc((size_t)m->nregions + 1);
	int *new_id = malloc(((size_t)m->nregions + 1) * sizeof *new_id);
	int rc = !seen || !new_id ? err_set(d->r.e, "out of memory reading %s", d->r.name)
		: connect_reach(m, &g, connect_entrance_region(m), 0, seen, d->r.e);
	graph_free(&g);
	int kept = 0, dropped = 0;
	for (int id = 1; rc >= 0 && id <= m->nregions; id++) {
		if (!seen[id] && m->regions[id].kind == REGION_CORRIDOR) {
			new_id[id] = 0;
			dropped++;
			continue;
		}
		new_id[id] = ++kept;
		m->regions[kept] = m->regions[id];
	}
	if (rc >= 0 && dropped) {
		new_id[0] = 0;
		for (int i = m->ndoors - 1; i >= 0; i--) {
			int a, b;
			map_door_regions(m, &m->doors[i], &a, &b);
			if (!new_id[a] || !new_id[b])
				map_remove_door(m, i);
		}
		int ns = 0;
		for (int i = 0; i < m->nstairs; i++)
			if (new_id[map_at(m, m->stairs[i].x, m->stairs[i].y)])
				m->stairs[ns++] = m->stairs[i];
		m->nstairs = ns;
		for (size_t i = 0; i < (size_t)m->w * (size_t)m->h; i++)
			m->cells[i] = new_id[m->cells[i]];
		m->nregions = kept;
		map_recount(m);
		log_warn(d->log, "%s: %d piece%s of corridor walled in, reached from no door, left out", d->r.name, dropped,
			 dropped == 1 ? "" : "s");
	}
	free(seen);
	free(new_id);
	return rc < 0 ? -1 : 0;
}

/* One warning per donjon kind drawn as another, with its count. */
static void warn_kinds(const struct dj *d)
{
	if (d->door_count[DJD_TRAPPED])
		log_warn(d->log, "%s: %d trapped door%s drawn as plain door%s (mapsheet has no trapped door); "
			 "each trap is in the key of its room", d->r.name, d->door_count[DJD_TRAPPED],
			 d->door_count[DJD_TRAPPED] == 1 ? "" : "s", d->door_count[DJD_TRAPPED] == 1 ? "" : "s");
}

static int read_level(struct dj *d, json_t *root, struct read_json_doc *out)
{
	if (read_settings(d, root, out) < 0 || dj_read_cell_bit(d, root) < 0 || dj_read_cells(d, root) < 0 ||
	    dj_read_rooms(d, root) < 0)
		return -1;
	if (!(out->levels = calloc(1, sizeof *out->levels)) || (!out->seed && !(out->seed = strdup(""))))
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	out->nlevels = 1;
	struct level *lv = &out->levels[0];
	if (dj_build_map(d, &lv->map) < 0)
		return -1;
	map_recount(&lv->map);
	if (d->m->nregions == 0 || d->m->regions[1].kind != REGION_ROOM)
		return jf_fail(&d->r, "rooms", "no room (a donjon dungeon has at least one)");
	if (dj_entrance(d, root) < 0 || drop_unreached(d) < 0 || dj_read_marks(d, root) < 0 || dj_read_details(d, root) < 0)
		return -1;
	struct err ce = { ERR_NONE, "" };
	if (map_check(&lv->map, &ce) < 0)
		return err_usage(d->r.e, "%s: the map it draws breaks mapsheet's rules: %s", d->r.name, ce.msg);
	struct key_options ko = { .numbering = KEY_NUMBER_ENTRANCE };
	if (key_build(&lv->key, &lv->map, &ko, d->r.e) < 0 || dj_room_lines(d, root, &lv->key) < 0 ||
	    dj_read_wandering(d, root, &lv->key) < 0)
		return -1;
	warn_kinds(d);
	return 0;
}

int read_donjon_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e)
{
	struct dj d;
	memset(&d, 0, sizeof d);
	d.r.name = name;
	d.r.e = e;
	d.log = log;
	int rc = read_level(&d, root, out);
	free(d.cells);
	free(d.kind);
	free(d.room_of);
	return rc;
}
