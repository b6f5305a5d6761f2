/* read_mapsheet_story.c: the premise's threads and each level's roster
 * and alarm in mapsheet's own JSON (version 5 on, mapsheet-json(5)), read
 * as written; the key's printed lines of them are made again from them. */
#include "read/read_mapsheet_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READ_JSON_MAX_THREADS 1000
#define READ_JSON_MAX_ROSTER 100000

int read_mapsheet_threads(struct jf *r, json_t *root, struct read_json_doc *out)
{
	const char *place = "top level";
	json_t *ts = jf_field(r, root, place, "threads", JSON_ARRAY, 0);
	if (!ts)
		return -1;
	size_t n = json_array_size(ts);
	if (n > READ_JSON_MAX_THREADS)
		return jf_fail(r, place, "threads: %zu threads (at most %d)", n, READ_JSON_MAX_THREADS);
	if (n && !(out->threads = calloc(n, sizeof *out->threads)))
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *v;
	char at[64];
	json_array_foreach(ts, i, v) {
		struct doc_thread *t = &out->threads[i];
		jf_place(at, sizeof at, place, "threads", i);
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		out->nthreads = (int)i + 1;
		if (jf_text_dup(r, v, at, "text", 0, &t->text) < 0 ||
		    jf_int(r, v, at, "level", 1, READ_JSON_MAX_LEVELS, 0, 0, &t->level) < 0 ||
		    jf_int(r, v, at, "room", 1, MAP_MAX_ROOMS, 0, 0, &t->room) < 0)
			return -1;
		if (!t->text[0])
			return jf_fail(r, at, "text: empty");
	}
	return 0;
}

int read_mapsheet_roster(struct jf *r, json_t *lv, const char *place, struct key *k)
{
	json_t *rs = jf_field(r, lv, place, "roster", JSON_ARRAY, 0);
	if (!rs || jf_text_dup(r, lv, place, "alarm", 1, &k->alarm) < 0)
		return -1;
	size_t n = json_array_size(rs);
	if (n > READ_JSON_MAX_ROSTER)
		return jf_fail(r, place, "roster: %zu groups (at most %d)", n, READ_JSON_MAX_ROSTER);
	if (n && !(k->roster = calloc(n, sizeof *k->roster)))
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *v;
	char at[96];
	json_array_foreach(rs, i, v) {
		struct key_group *g = &k->roster[i];
		jf_place(at, sizeof at, place, "roster", i);
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object");
		if (jf_int(r, v, at, "room", 1, MAP_MAX_ROOMS, 0, 0, &g->room) < 0 ||
		    jf_text(r, v, at, "creature", 0, g->creature, sizeof g->creature) < 0 ||
		    jf_int(r, v, at, "count", 1, READ_JSON_MAX_COUNT, 0, 0, &g->count) < 0 ||
		    jf_text(r, v, at, "role", 0, g->role, sizeof g->role) < 0)
			return -1;
		if (!g->creature[0] || !g->role[0])
			return jf_fail(r, at, "%s: empty", g->creature[0] ? "role" : "creature");
		k->nroster = (int)i + 1;
	}
	return key_adversary_lines(k, r->e);
}
