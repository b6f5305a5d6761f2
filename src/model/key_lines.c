/* key_lines.c: an entry's paragraphs after its exits: the stairs in the
 * room (where they lead, on which square), each key that lies there with
 * the doors it opens, the way in (which wall, where along it, through
 * what), a hallway's runs (key_hall.c), and a
 * card room's features. */
#include "model/key_int.h"

#include <stdio.h>
#include <string.h>

/* "Features: 6 pillars, an altar, water (9 squares)." for a room laid
 * from a room card (see cards_deal.c); "" when it has none. */
static void features_text(const struct map *m, int id, char *out, size_t size)
{
	int count[FEATURE_COUNT] = { 0 };
	const struct rect *b = &m->regions[id].bounds;
	out[0] = '\0';
	if (!m->features)
		return;
	for (int y = b->y; y < b->y + b->h; y++)
		for (int x = b->x; x < b->x + b->w; x++) {
			unsigned char f = m->features[(long)y * m->w + x];
			if (f > FEATURE_NONE && f < FEATURE_COUNT && map_at(m, x, y) == id)
				count[f]++;
		}
	static const char *const one[FEATURE_COUNT] = { "",	   "a pillar", "",	   "",	     "a statue",
							 "",	   "an altar", "a coffin", "a bed",  "a crate",
							 "a shelf", "a table", "a throne", "a hearth", "a cage",
							 "a well" };
	static const char *const many[FEATURE_COUNT] = { "",	  "pillars", "",	"",	 "statues",
							  "",	  "altars",  "coffins", "beds",	 "crates",
							  "shelves", "tables", "thrones", "hearths", "cages",
							  "wells" };
	static const char *const area[FEATURE_COUNT] = { "", "", "water", "rubble", "", "a pit", "" };
	_Static_assert(sizeof one / sizeof one[0] == FEATURE_COUNT, "a word for every feature");
	size_t len = 0;
	for (int f = FEATURE_PILLAR; f < FEATURE_COUNT; f++) {
		int n = count[f];
		if (n == 0 || len + 48 >= size)
			continue;
		len += (size_t)snprintf(out + len, size - len, "%s", len ? ", " : "Features: ");
		if (area[f] && area[f][0])
			len += (size_t)snprintf(out + len, size - len, "%s (%d square%s)", area[f], n, n == 1 ? "" : "s");
		else if (n == 1)
			len += (size_t)snprintf(out + len, size - len, "%s", one[f]);
		else
			len += (size_t)snprintf(out + len, size - len, "%d %s", n, many[f]);
	}
	if (len > 0 && len + 1 < size)
		snprintf(out + len, size - len, ".");
}

void key_stair_line(const struct stair *st, char *buf, size_t size)
{
	/* stairs to another level name their square, which is the same
	 * square on both levels (the maps' edges number the squares) */
	int col = key_square_number(st->x), row = key_square_number(st->y);
	if (st->to_level > 0 && st->to_room > 0)
		snprintf(buf, size, "Stairs %s to level %d, room %d, at column %d, row %d.",
			 st->dir == STAIR_UP ? "up" : "down", st->to_level, st->to_room, col, row);
	else if (st->to_level > 0)
		snprintf(buf, size, "Stairs %s to level %d, at column %d, row %d.", st->dir == STAIR_UP ? "up" : "down",
			 st->to_level, col, row);
	else
		snprintf(buf, size, "Stairs %s.", st->dir == STAIR_UP ? "up" : "down");
}

/* Where along its wall of region id the way in lies ("near the west end
 * of the south wall", "in the middle of the east wall", "in the north
 * wall": a wall too short to say). The map shows the square; the key
 * names no column. */
static void wall_place(const struct map *m, int id, char *out, size_t size)
{
	enum side side = (enum side)m->entrance.side;
	int along_x = side == SIDE_N || side == SIDE_S;
	int at = along_x ? m->entrance.x : m->entrance.y;
	/* the squares of the region along the way in's wall, either side of it */
	int lo = at, hi = at;
	while (map_at(m, along_x ? lo - 1 : m->entrance.x, along_x ? m->entrance.y : lo - 1) == id)
		lo--;
	while (map_at(m, along_x ? hi + 1 : m->entrance.x, along_x ? m->entrance.y : hi + 1) == id)
		hi++;
	const char *low_end = along_x ? "west" : "north", *high_end = along_x ? "east" : "south";
	int span = hi - lo + 1, from_low = at - lo, from_high = hi - at;
	if (span < 3)
		snprintf(out, size, "in the %s wall", side_name(side));
	else if (from_low * 3 < span - 1 && from_low < from_high)
		snprintf(out, size, "near the %s end of the %s wall", low_end, side_name(side));
	else if (from_high * 3 < span - 1 && from_high < from_low)
		snprintf(out, size, "near the %s end of the %s wall", high_end, side_name(side));
	else
		snprintf(out, size, "in the middle of the %s wall", side_name(side));
}

/* How the party gets in, from the map: "The way in: a door near the west
 * end of the south wall, from the outside."; a building's is its
 * front door; where the way in has no door, it is open to the outside;
 * stairs up that come from no level of the document: "The way in: stairs
 * up." */
static void way_in_text(const struct map *m, int id, char *out, size_t size)
{
	if (m->entrance.side < 0) {
		snprintf(out, size, "The way in: stairs up.");
		return;
	}
	char place[80];
	wall_place(m, id, place, sizeof place);
	int d = map_find_door(m, m->entrance.x, m->entrance.y, (enum side)m->entrance.side);
	enum door_kind kind = d >= 0 ? m->doors[d].kind : DOOR_OPENING;
	int building = m->method && (strcmp(m->method, "mansion") == 0 || strcmp(m->method, "house") == 0);
	if (building && kind != DOOR_OPENING)
		snprintf(out, size, "The way in: the front door, %s.", place);
	else if (building)
		snprintf(out, size, "The way in: an open doorway %s, from the outside.", place);
	else if (kind == DOOR_OPENING)
		snprintf(out, size, "The way in: from the outside, through an opening %s.", place);
	else
		snprintf(out, size, "The way in: a %s %s, from the outside.",
			 kind == DOOR_PORTCULLIS ? "portcullis"
			 : kind == DOOR_LOCKED	 ? "locked door"
			 : kind == DOOR_SECRET	 ? "secret door"
						 : "door",
			 place);
}

/* The stairs in region id, the keys lying there, the way in. */
static int add_stairs_and_keys(struct key_entry *en, const struct map *m, int id, struct err *e)
{
	char line[400];
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		if (map_at(m, st->x, st->y) != id)
			continue;
		key_stair_line(st, line, sizeof line);
		if (key_entry_add_line(en, line, e) < 0)
			return -1;
	}
	/* a key lying here, once, with every door it opens (locks of one name
	 * in one room are one key) */
	for (int i = 0; i < m->nlocks; i++) {
		const struct lock *l = &m->locks[i];
		if (l->region != id || l->door < 0)
			continue;
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = m->locks[j].region == id && m->locks[j].door >= 0 && strcmp(m->locks[j].name, l->name) == 0;
		if (seen)
			continue;
		/* "to room 7", "to rooms 7 and 5", "between rooms 2 and 3, to room 5" */
		int to[8], nto = 0, ndoors = 0;
		char between[120] = "";
		for (int j = i; j < m->nlocks; j++) {
			const struct lock *o = &m->locks[j];
			if (o->region != id || o->door < 0 || strcmp(o->name, l->name) != 0)
				continue;
			int a, b;
			map_door_regions(m, &m->doors[o->door], &a, &b);
			int na = a > 0 ? m->regions[a].number : 0, nb = b > 0 ? m->regions[b].number : 0;
			size_t used = strlen(between);
			if (na > 0 && nb > 0)
				snprintf(between + used, sizeof between - used, "%sbetween rooms %d and %d",
					 used ? ", " : "", na < nb ? na : nb, na < nb ? nb : na);
			else if (nto < 8)
				to[nto++] = na > 0 ? na : nb;
			ndoors++;
		}
		char rooms[120] = "";
		for (int k = 0; k < nto; k++) {
			size_t used = strlen(rooms);
			snprintf(rooms + used, sizeof rooms - used, "%s%d",
				 k == 0 ? "" : (k == nto - 1 ? " and " : ", "), to[k]);
		}
		snprintf(line, sizeof line, "The %s lies here; it opens the locked door%s %s%s%s%s%s.", l->name,
			 ndoors > 1 ? "s" : "", between, between[0] && nto ? ", " : "", nto ? "to room" : "",
			 nto > 1 ? "s " : (nto ? " " : ""), rooms);
		if (key_entry_add_line(en, line, e) < 0)
			return -1;
	}
	/* the way in; stairs up from above already have their line */
	int stairs_in = 0;
	for (int i = 0; i < m->nstairs; i++)
		if (m->stairs[i].dir == STAIR_UP && m->stairs[i].to_level > 0 && m->stairs[i].x == m->entrance.x &&
		    m->stairs[i].y == m->entrance.y)
			stairs_in = 1;
	if (m->entrance.set && map_at(m, m->entrance.x, m->entrance.y) == id && !stairs_in) {
		way_in_text(m, id, line, sizeof line);
		if (key_entry_add_line(en, line, e) < 0)
			return -1;
	}
	return 0;
}

int key_entry_lines(struct key_entry *en, const struct map *m, int id, struct err *e)
{
	if (add_stairs_and_keys(en, m, id, e) < 0 || key_hall_line(en, m, id, e) < 0)
		return -1;
	if (m->regions[id].card[0]) {
		char feats[160];
		features_text(m, id, feats, sizeof feats);
		if (feats[0] && key_entry_add_line(en, feats, e) < 0)
			return -1;
	}
	return 0;
}
