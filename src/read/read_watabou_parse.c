/* read_watabou_parse.c: the fields of a One Page Dungeon export (version
 * 1.x) read into plain arrays: rects, doors, notes, columns and water, each
 * value checked for its type and bounds, each fault named by its place
 * ("doors[3].dir"). read_watabou_grid.c makes the map of them. */
#include "read/read_watabou_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const door_type_names[WB_DOOR_TYPES] = {
	"open", "door", "narrow", "out", "portcullis", "double", "secret", "steel", "down", "stairwell"
};

const char *wb_door_type_name(int type)
{
	return type >= 0 && type < WB_DOOR_TYPES ? door_type_names[type] : "?";
}

/* A number (whole or not) within +-limit. */
static int wb_number(struct jf *r, json_t *obj, const char *place, const char *key, double limit, double *out)
{
	json_t *v = json_object_get(obj, key);
	if (!v)
		return jf_fail(r, place, "the field \"%s\" is missing", key);
	if (!json_is_number(v))
		return jf_fail(r, place, "%s: expected a number", key);
	double n = json_number_value(v);
	if (!isfinite(n) || n < -limit || n > limit)
		return jf_fail(r, place, "%s: %g is out of range (%g to %g)", key, n, -limit, limit);
	*out = n;
	return 0;
}

/* An optional true or false; missing or null is false. */
static int wb_flag(struct jf *r, json_t *obj, const char *place, const char *key, int *out)
{
	json_t *v = json_object_get(obj, key);
	*out = 0;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_boolean(v))
		return jf_fail(r, place, "%s: expected true or false", key);
	*out = json_is_true(v);
	return 0;
}

/* The array field key of at most max items into *list (missing or null:
 * NULL when optional) and its size into *n. Returns 0 or -1. */
static int wb_list(struct jf *r, json_t *root, const char *key, int optional, size_t max, json_t **list,
		   size_t *n)
{
	json_t *v = json_object_get(root, key);
	*n = 0;
	*list = NULL;
	if ((!v || json_is_null(v)) && optional)
		return 0;
	if (!(v = jf_field(r, root, "top level", key, JSON_ARRAY, 0)))
		return -1;
	if (json_array_size(v) > max)
		return jf_fail(r, "top level", "%s: %zu items, more than %zu", key, json_array_size(v), max);
	*n = json_array_size(v);
	*list = v;
	return 0;
}

static int read_rect(struct jf *r, json_t *v, const char *at, struct wb_rect *rc)
{
	if (!json_is_object(v))
		return jf_fail(r, at, "not an object (a rect is {\"x\", \"y\", \"w\", \"h\"})");
	if (jf_int(r, v, at, "x", -WB_MAX_COORD, WB_MAX_COORD, 0, 0, &rc->x) < 0 ||
	    jf_int(r, v, at, "y", -WB_MAX_COORD, WB_MAX_COORD, 0, 0, &rc->y) < 0 ||
	    jf_int(r, v, at, "w", 1, WB_MAX_SIDE, 0, 0, &rc->w) < 0 ||
	    jf_int(r, v, at, "h", 1, WB_MAX_SIDE, 0, 0, &rc->h) < 0 ||
	    wb_flag(r, v, at, "rotunda", &rc->rotunda) < 0 || wb_flag(r, v, at, "ending", &rc->ending) < 0)
		return -1;
	return 0;
}

static int read_door(struct jf *r, json_t *v, const char *at, struct wb_door *d)
{
	if (!json_is_object(v))
		return jf_fail(r, at, "not an object (a door is {\"x\", \"y\", \"dir\", \"type\"})");
	json_t *dir;
	if (jf_int(r, v, at, "x", -WB_MAX_COORD, WB_MAX_COORD, 0, 0, &d->x) < 0 ||
	    jf_int(r, v, at, "y", -WB_MAX_COORD, WB_MAX_COORD, 0, 0, &d->y) < 0 ||
	    !(dir = jf_field(r, v, at, "dir", JSON_OBJECT, 0)) ||
	    jf_int(r, v, at, "type", -1000000, 1000000, 0, 0, &d->type) < 0)
		return -1;
	char dat[96];
	snprintf(dat, sizeof dat, "%s.dir", at);
	if (jf_int(r, dir, dat, "x", -1, 1, 0, 0, &d->dx) < 0 || jf_int(r, dir, dat, "y", -1, 1, 0, 0, &d->dy) < 0)
		return -1;
	if ((d->dx != 0) == (d->dy != 0))
		return jf_fail(r, dat, "{%d, %d} is not a step along a row or a column ({1, 0}, {-1, 0}, {0, 1} or "
			       "{0, -1})", d->dx, d->dy);
	if (d->type < 0 || d->type >= WB_DOOR_TYPES)
		return jf_fail(r, at, "type: %d is not a One Page Dungeon door type (0 open, 1 door, 2 narrow, 3 out, "
			       "4 portcullis, 5 double, 6 secret, 7 steel, 8 down, 9 stairwell)", d->type);
	return 0;
}

/* A note's ref: a whole number 1..WB_MAX_REF, as a string ("3") or a number. */
static int read_ref(struct jf *r, json_t *v, const char *at, int *ref)
{
	json_t *f = json_object_get(v, "ref");
	long n = -1;
	if (json_is_integer(f)) {
		n = json_integer_value(f) > WB_MAX_REF ? -1 : (long)json_integer_value(f);
	} else if (json_is_string(f)) {
		const char *s = json_string_value(f);
		char *end;
		n = strspn(s, "0123456789") == strlen(s) && strlen(s) <= 4 && s[0] ? strtol(s, &end, 10) : -1;
	} else if (!f) {
		return jf_fail(r, at, "the field \"ref\" is missing");
	}
	if (n < 1 || n > WB_MAX_REF)
		return jf_fail(r, at, "ref: not a room number (a whole number from 1 to %d, as \"3\" or 3)", WB_MAX_REF);
	*ref = (int)n;
	return 0;
}

static int read_note(struct jf *r, json_t *v, const char *at, struct wb_note *n)
{
	if (!json_is_object(v))
		return jf_fail(r, at, "not an object (a note is {\"text\", \"ref\", \"pos\"})");
	json_t *pos;
	if (jf_text_dup(r, v, at, "text", 0, &n->text) < 0 || read_ref(r, v, at, &n->ref) < 0 ||
	    !(pos = jf_field(r, v, at, "pos", JSON_OBJECT, 0)))
		return -1;
	if (strlen(n->text) > WB_MAX_NOTE)
		return jf_fail(r, at, "text: longer than %d bytes", WB_MAX_NOTE);
	char pat[96];
	snprintf(pat, sizeof pat, "%s.pos", at);
	return wb_number(r, pos, pat, "x", WB_MAX_COORD, &n->x) < 0 ||
	       wb_number(r, pos, pat, "y", WB_MAX_COORD, &n->y) < 0 ? -1 : 0;
}

static int read_points(struct jf *r, json_t *root, const char *key, struct wb_point **out, int *count)
{
	size_t n;
	json_t *list;
	if (wb_list(r, root, key, 1, WB_MAX_POINTS, &list, &n) < 0)
		return -1;
	if (n && !(*out = calloc(n, sizeof **out)))
		return err_set(r->e, "out of memory reading %s", r->name);
	size_t i;
	json_t *v;
	char at[64];
	json_array_foreach(list, i, v) {
		snprintf(at, sizeof at, "%s[%zu]", key, i);
		if (!json_is_object(v))
			return jf_fail(r, at, "not an object (a point is {\"x\", \"y\"})");
		if (wb_number(r, v, at, "x", WB_MAX_COORD, &(*out)[i].x) < 0 ||
		    wb_number(r, v, at, "y", WB_MAX_COORD, &(*out)[i].y) < 0)
			return -1;
		*count = (int)i + 1;
	}
	return 0;
}

int wb_parse(struct jf *r, json_t *root, struct wb_doc *d)
{
	if (jf_text(r, root, "top level", "version", 0, d->version, sizeof d->version) < 0)
		return -1;
	if (strncmp(d->version, "1.", 2) != 0)
		return jf_fail(r, "top level", "version: \"%s\"; this mapsheet reads One Page Dungeon exports of "
			       "version 1.x", d->version);
	size_t n, i;
	json_t *v, *list;
	char at[64];
	if (wb_list(r, root, "rects", 0, WB_MAX_RECTS, &list, &n) < 0)
		return -1;
	if (n == 0)
		return jf_fail(r, "top level", "rects: empty; a dungeon needs at least one room");
	if (!(d->rects = calloc(n, sizeof *d->rects)))
		return err_set(r->e, "out of memory reading %s", r->name);
	json_array_foreach(list, i, v) {
		snprintf(at, sizeof at, "rects[%zu]", i);
		if (read_rect(r, v, at, &d->rects[i]) < 0)
			return -1;
		d->nrects = (int)i + 1;
	}
	if (wb_list(r, root, "doors", 0, WB_MAX_DOORS, &list, &n) < 0)
		return -1;
	if (n && !(d->doors = calloc(n, sizeof *d->doors)))
		return err_set(r->e, "out of memory reading %s", r->name);
	json_array_foreach(list, i, v) {
		snprintf(at, sizeof at, "doors[%zu]", i);
		if (read_door(r, v, at, &d->doors[i]) < 0)
			return -1;
		d->ndoors = (int)i + 1;
	}
	if (wb_list(r, root, "notes", 1, WB_MAX_NOTES, &list, &n) < 0)
		return -1;
	if (n && !(d->notes = calloc(n, sizeof *d->notes)))
		return err_set(r->e, "out of memory reading %s", r->name);
	json_array_foreach(list, i, v) {
		snprintf(at, sizeof at, "notes[%zu]", i);
		d->nnotes = (int)i + 1;
		if (read_note(r, v, at, &d->notes[i]) < 0)
			return -1;
		for (int k = 0; k < (int)i; k++)
			if (d->notes[k].ref == d->notes[i].ref)
				return jf_fail(r, at, "ref: %d is also the ref of notes[%d] (each note has a ref of its own)",
					       d->notes[i].ref, k);
	}
	return read_points(r, root, "columns", &d->columns, &d->ncolumns) < 0 ||
	       read_points(r, root, "water", &d->water, &d->nwater) < 0 ? -1 : 0;
}

void wb_doc_free(struct wb_doc *d)
{
	for (int i = 0; i < d->nnotes; i++)
		free(d->notes[i].text);
	free(d->rects);
	free(d->doors);
	free(d->notes);
	free(d->columns);
	free(d->water);
	memset(d, 0, sizeof *d);
}
