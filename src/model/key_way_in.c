/* key_way_in.c: the key's line for a way in that lies in a corridor (a
 * stair or an opening, as maps read from other generators have): the
 * numbered room nearest to it, walking from it through the
 * corridors and doors (secret doors only when there is no other way), says
 * where it is, on the side of the room the walk comes in by ("The way in:
 * stairs up in the corridor north of this room."). A way in inside a
 * numbered room has its line from key_lines.c. */
#include "model/key_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the walk may step from (x, y) to its side s: onto floor of the
 * same region, or through a door (a secret one only when secret). */
static int may_step(const struct map *m, int x, int y, int s, int secret)
{
	int here = map_at(m, x, y), there = map_at(m, x + side_dx[s], y + side_dy[s]);
	if (there <= 0)
		return 0;
	if (there == here)
		return 1;
	int d = map_find_door(m, x, y, (enum side)s);
	return d >= 0 && (secret || m->doors[d].kind != DOOR_SECRET);
}

/* Walks breadth-first from the entrance to the first square of a numbered
 * region: its id, and in *side the side of it the walk came in by; 0 when
 * none is reached. via (w * h bytes, zeroed) and queue (w * h ints) are
 * scratch. */
static int nearest_room(const struct map *m, int secret, unsigned char *via, int *queue, int *side)
{
	long head = 0, tail = 0, start = (long)m->entrance.y * m->w + m->entrance.x;
	via[start] = SIDE_COUNT + 1;
	queue[tail++] = (int)start;
	while (head < tail) {
		int at = queue[head++], x = at % m->w, y = at / m->w;
		for (int s = 0; s < SIDE_COUNT; s++) {
			if (!may_step(m, x, y, s, secret))
				continue;
			long next = (long)(y + side_dy[s]) * m->w + x + side_dx[s];
			if (via[next])
				continue;
			via[next] = (unsigned char)(s + 1);
			int id = m->cells[next];
			if (m->regions[id].number > 0) {
				*side = side_opposite((enum side)s);
				return id;
			}
			queue[tail++] = (int)next;
		}
	}
	return 0;
}

/* "stairs up", or the stair's own words when it comes from another level
 * ("stairs up to level 1, room 4, at column 3, row 8"). */
static void stair_words(const struct map *m, char *out, size_t size)
{
	snprintf(out, size, "stairs up");
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		if (st->dir != STAIR_UP || st->to_level <= 0 || st->x != m->entrance.x || st->y != m->entrance.y)
			continue;
		key_stair_line(st, out, size);
		out[0] = 's';
		size_t n = strlen(out);
		if (n > 0 && out[n - 1] == '.')
			out[n - 1] = '\0';
	}
}

int key_way_in_line(struct key *k, const struct map *m, struct err *e)
{
	if (!m->entrance.set || !map_in(m, m->entrance.x, m->entrance.y))
		return 0;
	int in = map_at(m, m->entrance.x, m->entrance.y);
	if (in <= 0 || m->regions[in].kind != REGION_CORRIDOR)
		return 0;
	size_t n = (size_t)m->w * (size_t)m->h;
	unsigned char *via = calloc(n, 1);
	int *queue = malloc(n * sizeof *queue);
	if (!via || !queue) {
		free(via);
		free(queue);
		return err_set(e, "out of memory for the key");
	}
	int side = SIDE_N, id = nearest_room(m, 0, via, queue, &side);
	if (!id) {
		memset(via, 0, n);
		id = nearest_room(m, 1, via, queue, &side);
	}
	free(via);
	free(queue);
	struct key_entry *en = NULL;
	for (int i = 0; i < k->n && id; i++)
		if (k->entries[i].region == id)
			en = &k->entries[i];
	if (!en)
		return 0;
	const char *room = m->regions[id].kind == REGION_HALL     ? "hallway"
			   : m->regions[id].kind == REGION_BRIDGE ? "bridge"
								  : "room";
	char line[400], stairs[300];
	if (m->entrance.side >= 0) {
		snprintf(line, sizeof line, "The way in: from the outside, through the corridor %s of this %s.",
			 side_name((enum side)side),
			 room);
	} else {
		stair_words(m, stairs, sizeof stairs);
		snprintf(line, sizeof line, "The way in: %s in the corridor %s of this %s.", stairs,
			 side_name((enum side)side), room);
	}
	return key_entry_add_line(en, line, e);
}
