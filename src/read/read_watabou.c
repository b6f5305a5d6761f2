/* read_watabou.c: watabou's One Page Dungeon export (JSON, version 1.x) as
 * a one-level document: its title and story, the map laid out by
 * read_watabou_grid.c, and the key: an entry per numbered room with the
 * notes placed in it. A door type we have no kind for is read as its
 * nearest kind, with a warning per type naming it and how many; each kind
 * of change the grid made to draw the file (a door left out, a square two
 * rects share) is one warning too, with how many and the first. */
#include "read/read_watabou_int.h"

#include "base/utf8.h"
#include "read/read_formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Title or story: an optional string of at most max bytes. */
static int read_text(struct jf *r, json_t *root, const char *key, size_t max, char **out)
{
	json_t *v = json_object_get(root, key);
	*out = NULL;
	if (!v || json_is_null(v))
		return 0;
	if (jf_text_dup(r, root, "top level", key, 1, out) < 0)
		return -1;
	if (strlen(*out) > max)
		return jf_fail(r, "top level", "%s: longer than %zu bytes", key, max);
	if (!**out) {
		/* an empty title or story is none */
		free(*out);
		*out = NULL;
	}
	return 0;
}

/* The notes of entry en's room, in the order of their refs, before the
 * lines the key gave it (stairs, the way in). */
static int note_lines(struct jf *r, const struct wb_doc *d, const struct wb_layout *lay, const struct map *m,
		      struct key_entry *en, int *renumbered)
{
	int had = en->nlines;
	for (int ref = 1, left = d->nnotes; left > 0 && ref <= WB_MAX_REF; ref++)
		for (int i = 0; i < d->nnotes; i++) {
			if (d->notes[i].ref != ref)
				continue;
			left--;
			if (m->regions[lay->note_region[i]].number != en->number)
				continue;
			char *line = d->notes[i].text, buf[WB_MAX_NOTE + 32];
			if (ref != en->number) {
				snprintf(buf, sizeof buf, "Note %d: %s", ref, d->notes[i].text);
				line = buf;
				(*renumbered)++;
			}
			if (key_entry_add_line(en, line, r->e) < 0)
				return -1;
		}
	/* the notes first: rotate the lines the key had to the end */
	int added = en->nlines - had;
	for (int k = 0; k < had && added > 0; k++) {
		char *first = en->lines[0];
		memmove(en->lines, en->lines + 1, (size_t)(en->nlines - 1) * sizeof *en->lines);
		en->lines[en->nlines - 1] = first;
	}
	return 0;
}

/* The way in is a stair up, which the key names twice ("Stairs up." and
 * "The way in: stairs up."): the first line goes. */
static void drop_way_in_stairs(struct key_entry *en)
{
	int way_in = 0, stairs = -1;
	for (int i = 0; i < en->nlines; i++) {
		way_in |= strcmp(en->lines[i], "The way in: stairs up.") == 0;
		if (stairs < 0 && strcmp(en->lines[i], "Stairs up.") == 0)
			stairs = i;
	}
	if (!way_in || stairs < 0)
		return;
	free(en->lines[stairs]);
	memmove(en->lines + stairs, en->lines + stairs + 1, (size_t)(en->nlines - stairs - 1) * sizeof *en->lines);
	en->nlines--;
}

static int build_key(struct jf *r, const struct wb_doc *d, const struct wb_layout *lay, struct level *lv,
		     struct log *log)
{
	struct key_options o = { .numbering = KEY_NUMBER_ENTRANCE, .stock = 0, .player = 0 };
	if (key_build(&lv->key, &lv->map, &o, r->e) < 0)
		return -1;
	int renumbered = 0;
	for (int i = 0; i < lv->key.n; i++) {
		struct key_entry *en = &lv->key.entries[i];
		drop_way_in_stairs(en);
		if (note_lines(r, d, lay, &lv->map, en, &renumbered) < 0)
			return -1;
		if (lay->ending_region == en->region &&
		    key_entry_add_line(en, "The end of the dungeon: the export marks this room as its goal.", r->e) < 0)
			return -1;
	}
	if (renumbered)
		log_warn(log, "%s: %d note%s printed under another number than %s ref (two notes in one room, or "
			 "refs that skip a number); the key names each as \"Note REF\"", r->name, renumbered,
			 renumbered == 1 ? " is" : "s are", renumbered == 1 ? "its" : "their");
	return 0;
}

static void warn_nearest(struct jf *r, const struct wb_layout *lay, struct log *log)
{
	static const struct {
		int type;
		const char *as;
	} nearest[] = {
		{ WB_NARROW, "openings" }, { WB_DOUBLE, "doors" }, { WB_STEEL, "doors" }, { WB_STAIRWELL, "openings" },
	};
	for (size_t i = 0; i < sizeof nearest / sizeof nearest[0]; i++) {
		int n = lay->nearest[nearest[i].type];
		if (n)
			log_warn(log, "%s: %d door%s of type %d (%s) read as %s, the nearest kind mapsheet has", r->name,
				 n, n == 1 ? "" : "s", nearest[i].type, wb_door_type_name(nearest[i].type),
				 nearest[i].as);
	}
}

/* One warning a kind of change the grid made, with how many and the first. */
static void warn_changes(struct jf *r, const struct wb_layout *lay, struct log *log)
{
	const struct wb_change *c = &lay->inside;
	if (c->n)
		log_warn(log, "%s: %d door%s with one room or corridor on both sides left out: %sdoors[%d] at (%d, %d), "
			 "type %d (%s)", r->name, c->n, c->n == 1 ? "" : "s", c->n > 1 ? "the first " : "", c->first, c->x,
			 c->y, c->other, wb_door_type_name(c->other));
	c = &lay->unplaced;
	if (c->n)
		log_warn(log, "%s: %d door%s with no place between two rects left out: %sdoors[%d] at (%d, %d), %s",
			 r->name, c->n, c->n == 1 ? "" : "s", c->n > 1 ? "the first " : "", c->first, c->x, c->y, c->why);
	c = &lay->shared;
	if (c->n)
		log_warn(log, "%s: %d square%s in two rects drawn in one of them: %s(%d, %d) in rects[%d], not rects[%d]",
			 r->name, c->n, c->n == 1 ? "" : "s", c->n > 1 ? "the first " : "", c->x, c->y, c->other, c->first);
}

int read_watabou_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e)
{
	struct jf r = { name, e };
	struct wb_doc d = { 0 };
	struct wb_layout lay = { 0 };
	int rc = -1;
	if (!(out->levels = calloc(1, sizeof *out->levels)) || !(out->seed = strdup(""))) {
		err_set(e, "out of memory reading %s", name);
		goto out;
	}
	out->nlevels = 1;
	if (read_text(&r, root, "title", WB_MAX_TITLE, &out->title) < 0 ||
	    read_text(&r, root, "story", WB_MAX_STORY, &out->story) < 0 || wb_parse(&r, root, &d) < 0 ||
	    wb_build_map(&r, &d, &out->levels[0].map, &lay) < 0)
		goto out;
	map_add_note(&out->levels[0].map, "Read from a One Page Dungeon export, version %.*s.",
		     (int)utf8_floor(d.version, strlen(d.version), 20), d.version);
	if (build_key(&r, &d, &lay, &out->levels[0], log) < 0)
		goto out;
	warn_nearest(&r, &lay, log);
	warn_changes(&r, &lay, log);
	rc = 0;
out:
	free(lay.note_region);
	wb_doc_free(&d);
	return rc;
}
