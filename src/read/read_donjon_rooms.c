/* read_donjon_rooms.c: the rooms of a donjon export: each room's id and box
 * (checked against the grid), and its key: the contents' summary, then the
 * detail (features, monsters and treasure, traps, hidden treasure), then
 * its doors as donjon describes them (a trap, how a secret door opens),
 * each door checked to stand on a door square of the grid. */
#include "read/read_donjon_int.h"

#include "base/sbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DJ_MAX_TEXT 4000        /* bytes of one text of the file */
#define DJ_MAX_LIST 200         /* items of one list of texts */

static const char *const side_names[SIDE_COUNT] = { "north", "east", "south", "west" };

static int room_int(struct dj *d, json_t *rm, const char *at, const char *key, int *out)
{
	return jf_int(&d->r, rm, at, key, -DONJON_MAX_SIDE, DONJON_MAX_SIDE, 0, 0, out);
}

int dj_read_rooms(struct dj *d, json_t *root)
{
	json_t *rooms = jf_field(&d->r, root, "top level", "rooms", JSON_ARRAY, 0);
	if (!rooms)
		return -1;
	size_t n = json_array_size(rooms);
	if (n > DONJON_MAX_ROOMS + 1)
		return jf_fail(&d->r, "rooms", "%zu rooms, more than %d", n, DONJON_MAX_ROOMS);
	size_t i;
	json_t *rm;
	int top = 0;
	json_array_foreach(rooms, i, rm) {
		json_t *id = json_object_get(rm, "id");
		if (json_is_integer(id) && json_integer_value(id) > top && json_integer_value(id) <= DONJON_MAX_ROOMS)
			top = (int)json_integer_value(id);
	}
	d->max_room = top;
	if (!(d->room_of = calloc((size_t)top + 1, sizeof *d->room_of)))
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	char at[48];
	json_array_foreach(rooms, i, rm) {
		if (json_is_null(rm))
			continue;
		snprintf(at, sizeof at, "rooms[%zu]", i);
		if (!json_is_object(rm))
			return jf_fail(&d->r, at, "not an object or null");
		int id, box[4];
		if (jf_int(&d->r, rm, at, "id", 1, DONJON_MAX_ROOMS, 0, 0, &id) < 0)
			return -1;
		for (int s = 0; s < SIDE_COUNT; s++)
			if (room_int(d, rm, at, side_names[s], &box[s]) < 0)
				return -1;
		if (d->room_of[id])
			return jf_fail(&d->r, at, "id: room %d is listed twice", id);
		d->room_of[id] = 1;
		int north = box[SIDE_N] + d->bleed, south = box[SIDE_S] + d->bleed;
		int west = box[SIDE_W] + d->bleed, east = box[SIDE_E] + d->bleed;
		if (north > south || west > east || north < 0 || west < 0 || south >= d->rows || east >= d->cols)
			return jf_fail(&d->r, at, "room %d: rows %d to %d, columns %d to %d (with settings.bleed %d) do not "
				       "lie inside the %d x %d cells", id, north, south, west, east, d->bleed, d->cols, d->rows);
		json_t *w = json_object_get(rm, "width");
		if (d->feet == 0 && json_is_integer(w) && json_integer_value(w) > 0 &&
		    json_integer_value(w) % (east - west + 1) == 0 && json_integer_value(w) / (east - west + 1) <= 1000)
			d->feet = (int)(json_integer_value(w) / (east - west + 1));
	}
	if (d->feet == 0)
		d->feet = 10;
	return 0;
}

/* Text as a key line: runs of white space made one space, a full stop
 * added when it ends without one. */
static char *tidy(const char *text)
{
	struct sbuf s;
	sbuf_init(&s);
	dj_add_collapsed(&s, text);
	if (s.len > 0 && !strchr(".!?", s.data[s.len - 1]))
		sbuf_addc(&s, '.');
	return sbuf_take(&s);
}

/* Adds "lead text" to en when text is a string that says something. */
static int add_text(struct dj *d, struct key_entry *en, const char *lead, json_t *v, const char *at)
{
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return jf_fail(&d->r, at, "not a string");
	if (json_string_length(v) > DJ_MAX_TEXT)
		return jf_fail(&d->r, at, "longer than %d bytes", DJ_MAX_TEXT);
	if (strlen(json_string_value(v)) != json_string_length(v))
		return jf_fail(&d->r, at, "holds a NUL character");
	char *t = tidy(json_string_value(v));
	if (!t)
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	int rc = 0;
	if (t[0] && strcmp(t, "--.") != 0) {
		size_t n = strlen(lead) + strlen(t) + 1;
		char *line = malloc(n);
		if (line)
			snprintf(line, n, "%s%s", lead, t);
		rc = line ? key_entry_add_line(en, line, d->r.e) : err_set(d->r.e, "out of memory reading %s", d->r.name);
		free(line);
	}
	free(t);
	return rc;
}

/* A string, or a list of strings, each a line. */
static int add_texts(struct dj *d, struct key_entry *en, const char *lead, json_t *v, const char *at)
{
	if (!json_is_array(v))
		return add_text(d, en, lead, v, at);
	if (json_array_size(v) > DJ_MAX_LIST)
		return jf_fail(&d->r, at, "more than %d lines", DJ_MAX_LIST);
	size_t i;
	json_t *t;
	char place[240];
	json_array_foreach(v, i, t) {
		snprintf(place, sizeof place, "%s[%zu]", at, i);
		if (add_text(d, en, lead, t, place) < 0)
			return -1;
	}
	return 0;
}

static int contents_lines(struct dj *d, json_t *rm, const char *at, struct key_entry *en)
{
	json_t *c = json_object_get(rm, "contents");
	char place[200];
	if (!c || json_is_null(c))
		return 0;
	snprintf(place, sizeof place, "%s.contents", at);
	if (!json_is_object(c))
		return jf_fail(&d->r, place, "not an object");
	json_t *summary = json_object_get(c, "summary"), *detail = json_object_get(c, "detail");
	if (detail && !json_is_null(detail) && !json_is_object(detail)) {
		snprintf(place, sizeof place, "%s.contents.detail", at);
		return jf_fail(&d->r, place, "not an object");
	}
	/* the summary, unless it only names the monsters the detail lists */
	json_t *inhabited = json_object_get(c, "inhabited");
	int restated = json_is_string(summary) && json_is_string(inhabited) && json_is_object(detail) &&
		       json_object_get(detail, "monster") && strcmp(json_string_value(summary), json_string_value(inhabited)) == 0;
	snprintf(place, sizeof place, "%s.contents.summary", at);
	if (!restated && add_text(d, en, "", summary, place) < 0)
		return -1;
	static const struct { const char *key, *lead; } parts[] = {
		{ "room_features", "" }, { "monster", "" }, { "trap", "Trap: " }, { "hidden_treasure", "Hidden treasure: " },
	};
	for (size_t i = 0; detail && i < sizeof parts / sizeof parts[0]; i++) {
		snprintf(place, sizeof place, "%s.contents.detail.%s", at, parts[i].key);
		if (add_texts(d, en, parts[i].lead, json_object_get(detail, parts[i].key), place) < 0)
			return -1;
	}
	const char *kind = json_object_get(c, "inhabited") || (detail && json_object_get(detail, "monster")) ? "monster"
		: detail && json_object_get(detail, "trap") ? "trap"
		: json_is_string(summary) && strcmp(json_string_value(summary), "Empty") == 0 ? "empty" : "";
	snprintf(en->contents_kind, sizeof en->contents_kind, "%s", kind);
	return 0;
}

/* One door of a room: on a door square of the grid; its line unless it is
 * a plain archway. */
static int door_line(struct dj *d, json_t *dr, const char *at, int side, struct key_entry *en)
{
	if (!json_is_object(dr))
		return jf_fail(&d->r, at, "not an object");
	int col, row;
	if (jf_int(&d->r, dr, at, "col", -DONJON_MAX_SIDE, DONJON_MAX_SIDE, 0, 0, &col) < 0 ||
	    jf_int(&d->r, dr, at, "row", -DONJON_MAX_SIDE, DONJON_MAX_SIDE, 0, 0, &row) < 0)
		return -1;
	int x = col + d->bleed - d->x0, y = row + d->bleed - d->y0;
	unsigned char k = map_in(d->m, x, y) ? d->kind[(size_t)y * d->m->w + x] : DJC_ROCK;
	if (k != DJC_DOOR_JOINED && k != DJC_DOOR_OWN)
		return jf_fail(&d->r, at, "no door in cells at row %d, column %d (with settings.bleed %d)", row + d->bleed,
			       col + d->bleed, d->bleed);
	json_t *desc = json_object_get(dr, "desc"), *trap = json_object_get(dr, "trap"),
	       *secret = json_object_get(dr, "secret"), *out = json_object_get(dr, "out_id");
	if (json_is_string(desc) && strcmp(json_string_value(desc), "Archway") == 0 && !trap && !secret)
		return 0;
	char lead[80];
	int to = json_is_integer(out) && json_integer_value(out) >= 1 && json_integer_value(out) <= d->max_room
		? d->room_of[json_integer_value(out)] : 0;
	if (to > 0)
		snprintf(lead, sizeof lead, "%c%s door to room %d: ", toupper((unsigned char)side_names[side][0]),
			 side_names[side] + 1, d->m->regions[to].number);
	else
		snprintf(lead, sizeof lead, "%c%s door: ", toupper((unsigned char)side_names[side][0]),
			 side_names[side] + 1);
	char place[240];
	snprintf(place, sizeof place, "%s.desc", at);
	json_t *plain = desc ? NULL : json_string("Door");
	int rc = add_text(d, en, lead, desc ? desc : plain, place);
	json_decref(plain);
	if (rc < 0)
		return -1;
	snprintf(place, sizeof place, "%s.trap", at);
	if (add_text(d, en, "Its trap: ", trap, place) < 0)
		return -1;
	snprintf(place, sizeof place, "%s.secret", at);
	return add_text(d, en, "Its secret: ", secret, place);
}

static int door_lines(struct dj *d, json_t *rm, const char *at, struct key_entry *en)
{
	json_t *doors = json_object_get(rm, "doors");
	char place[200];
	if (!doors || json_is_null(doors))
		return 0;
	snprintf(place, sizeof place, "%s.doors", at);
	if (!json_is_object(doors))
		return jf_fail(&d->r, place, "not an object (doors by side: north, east, south, west)");
	const char *key;
	json_t *v;
	json_object_foreach(doors, key, v) {
		int side = -1;
		for (int s = 0; s < SIDE_COUNT; s++)
			if (strcmp(key, side_names[s]) == 0)
				side = s;
		snprintf(place, sizeof place, "%s.doors.%.20s", at, dj_key(key));
		if (side < 0)
			return jf_fail(&d->r, place, "not a side (north, east, south or west)");
		if (!json_is_array(v))
			return jf_fail(&d->r, place, "not an array");
		if (json_array_size(v) > DJ_MAX_LIST)
			return jf_fail(&d->r, place, "more than %d doors", DJ_MAX_LIST);
	}
	/* in the order of the sides, whatever the file's */
	for (int s = 0; s < SIDE_COUNT; s++) {
		size_t i;
		json_array_foreach(json_object_get(doors, side_names[s]), i, v) {
			snprintf(place, sizeof place, "%s.doors.%s[%zu]", at, side_names[s], i);
			if (door_line(d, v, place, s, en) < 0)
				return -1;
		}
	}
	return 0;
}

int dj_room_lines(struct dj *d, json_t *root, struct key *k)
{
	json_t *rooms = json_object_get(root, "rooms");
	size_t i;
	json_t *rm;
	char at[48];
	json_array_foreach(rooms, i, rm) {
		if (json_is_null(rm))
			continue;
		snprintf(at, sizeof at, "rooms[%zu]", i);
		int g = d->room_of[json_integer_value(json_object_get(rm, "id"))];
		struct key_entry *en = NULL;
		for (int j = 0; j < k->n && !en; j++)
			if (k->entries[j].region == g)
				en = &k->entries[j];
		if (!en)
			return err_set(d->r.e, "internal error: room %d has no key entry", g);
		if (contents_lines(d, rm, at, en) < 0 || door_lines(d, rm, at, en) < 0)
			return -1;
	}
	return 0;
}
