/* read_donjon_notes.c: the rest of a donjon export: corridor_features as
 * lettered marks on the map (a trap hidden from the players' handout),
 * details (floor, walls, temperature, illumination, special, history) as
 * the key's notes, each headed by its key (history, and any detail under an
 * empty or blank key, by nothing), and wandering_monsters as the key's
 * wandering table. */
#include "read/read_donjon_int.h"

#include "base/sbuf.h"
#include "base/utf8.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DJ_NOTE_TEXT 4000       /* bytes of one detail or feature text */

/* text with its runs of white space, and of underscores when under is
 * set, made single spaces, none at either end (malloc'd; NULL: out of
 * memory). */
static char *collapsed(const char *text, int under)
{
	struct sbuf s;
	sbuf_init(&s);
	int space = 0;
	for (const char *p = text; *p; p++) {
		if (isspace((unsigned char)*p) || (under && *p == '_')) {
			space = 1;
			continue;
		}
		if (space && s.len > 0)
			sbuf_addc(&s, ' ');
		space = 0;
		sbuf_addc(&s, *p);
	}
	return sbuf_take(&s);
}

/* A text of the file, its white space made single spaces (malloc'd), or
 * NULL with e set. */
static char *text_of(struct dj *d, json_t *v, const char *at, int max)
{
	if (!json_is_string(v)) {
		jf_fail(&d->r, at, "not a string");
		return NULL;
	}
	if (json_string_length(v) > (size_t)max || strlen(json_string_value(v)) != json_string_length(v)) {
		jf_fail(&d->r, at, "longer than %d bytes or holds a NUL character", max);
		return NULL;
	}
	struct sbuf s;
	sbuf_init(&s);
	dj_add_collapsed(&s, json_string_value(v));
	char *t = sbuf_take(&s);
	if (!t)
		err_set(d->r.e, "out of memory reading %s", d->r.name);
	return t;
}

/* True when text holds word, in any case. */
static int holds(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = text; *p; p++)
		if (strncasecmp(p, word, n) == 0)
			return 1;
	return 0;
}

/* A trap (or a thing to be found) is the referee's: hidden on the handout. */
static int is_secret(const char *text)
{
	return holds(text, "trap") || holds(text, "to find");
}

static int read_feature(struct dj *d, const char *name, json_t *f)
{
	char at[80];
	snprintf(at, sizeof at, "corridor_features.%.20s", dj_key(name));
	if (!json_is_object(f))
		return jf_fail(&d->r, at, "not an object");
	json_t *key = json_object_get(f, "key"), *summary = json_object_get(f, "summary"),
	       *detail = json_object_get(f, "detail"), *marks = json_object_get(f, "marks");
	const char *letters = json_is_string(key) ? json_string_value(key) : name;
	char label[4] = "";
	size_t n = strlen(letters);
	for (size_t i = 0; i < n && i < 3; i++)
		label[i] = (char)toupper((unsigned char)letters[i]);
	int ok = n >= 1 && n <= 3;
	for (size_t i = 0; ok && i < n; i++)
		ok = isalnum((unsigned char)letters[i]) != 0;
	if (!ok)
		return jf_fail(&d->r, at, "key: \"%.20s\" is not 1 to 3 letters or digits", letters);
	if (!json_is_array(marks))
		return jf_fail(&d->r, at, "marks: expected an array of {\"col\", \"row\"}");
	char place[120];
	char *sum = NULL, *det = NULL;
	snprintf(place, sizeof place, "%s.summary", at);
	if (summary && !(sum = text_of(d, summary, place, DJ_NOTE_TEXT)))
		return -1;
	snprintf(place, sizeof place, "%s.detail", at);
	if (detail && !(det = text_of(d, detail, place, DJ_NOTE_TEXT))) {
		free(sum);
		return -1;
	}
	if (!sum && !det) {
		return jf_fail(&d->r, at, "neither a summary nor a detail");
	}
	/* the detail says it all when it starts with the summary */
	struct sbuf s;
	sbuf_init(&s);
	if (sum && det && strncmp(det, sum, strlen(sum)) != 0)
		sbuf_printf(&s, "%s. %s", sum, det);
	else
		sbuf_add(&s, det ? det : sum);
	free(sum);
	free(det);
	if (s.len > 0 && !strchr(".!?", s.data[s.len - 1]))
		sbuf_addc(&s, '.');
	char *text = sbuf_take(&s);
	if (!text)
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	if (strlen(text) > MARK_TEXT_MAX) {
		free(text);
		return jf_fail(&d->r, at, "its text is longer than %d bytes", MARK_TEXT_MAX);
	}
	size_t i;
	json_t *mk;
	int rc = 0;
	json_array_foreach(marks, i, mk) {
		snprintf(place, sizeof place, "%s.marks[%zu]", at, i);
		int col, row;
		if (!json_is_object(mk)) {
			rc = jf_fail(&d->r, place, "not an object");
			break;
		}
		if (jf_int(&d->r, mk, place, "col", 0, DONJON_MAX_SIDE, 0, 0, &col) < 0 ||
		    jf_int(&d->r, mk, place, "row", 0, DONJON_MAX_SIDE, 0, 0, &row) < 0) {
			rc = -1;
			break;
		}
		/* a feature's marks name cells of the grid itself, bleed included */
		int x = col - d->x0, y = row - d->y0;
		if (map_at(d->m, x, y) <= 0) {
			rc = jf_fail(&d->r, place, "row %d, column %d is not a floor cell", row, col);
			break;
		}
		if (d->m->nmarks >= MAP_MAX_MARKS) {
			rc = jf_fail(&d->r, place, "more than %d marks", MAP_MAX_MARKS);
			break;
		}
		if (map_add_mark(d->m, x, y, label, is_secret(text), text, d->r.e) < 0) {
			rc = -1;
			break;
		}
	}
	free(text);
	return rc;
}

int dj_read_marks(struct dj *d, json_t *root)
{
	json_t *fs = json_object_get(root, "corridor_features");
	if (!fs || json_is_null(fs))
		return 0;
	if (!json_is_object(fs))
		return jf_fail(&d->r, "corridor_features", "not an object (features by their letter)");
	/* in the order of their letters, as the key lists them */
	size_t n = json_object_size(fs);
	if (n > MAP_MAX_MARKS)
		return jf_fail(&d->r, "corridor_features", "more than %d features", MAP_MAX_MARKS);
	const char **names = malloc((n + 1) * sizeof *names);
	if (!names)
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	size_t k = 0;
	const char *name;
	json_t *f;
	json_object_foreach(fs, name, f)
		names[k++] = name;
	for (size_t i = 1; i < k; i++)
		for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			const char *t = names[j];
			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	int rc = 0;
	for (size_t i = 0; i < k && rc == 0; i++)
		rc = read_feature(d, names[i], json_object_get(fs, names[i]));
	free(names);
	return rc;
}

/* Appends text to the notes, packed into lines of at most 119 bytes broken
 * at spaces; *lost counts the bytes that found no room. */
static void add_note_text(struct map *m, const char *text, int *lost)
{
	const size_t room = sizeof m->notes[0] - 1;
	while (*text) {
		char *last = m->nnotes > 0 ? m->notes[m->nnotes - 1] : NULL;
		size_t len = strlen(text);
		/* joins the last note when it fits whole there */
		if (last && strlen(last) + 1 + len <= room && m->nnotes > 0 && last[0] && strchr(".!?", last[strlen(last) - 1])) {
			size_t l = strlen(last);
			snprintf(last + l, sizeof m->notes[0] - l, " %s", text);
			return;
		}
		if (m->nnotes >= MAP_MAX_NOTES) {
			*lost += (int)len;
			return;
		}
		size_t cut = len;
		if (cut > room) {
			cut = room;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = utf8_floor(text, len, room);
		}
		snprintf(m->notes[m->nnotes++], sizeof m->notes[0], "%.*s", (int)cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
}

int dj_read_details(struct dj *d, json_t *root)
{
	json_t *ds = json_object_get(root, "details");
	if (!ds || json_is_null(ds))
		return 0;
	if (!json_is_object(ds))
		return jf_fail(&d->r, "details", "not an object");
	static const char *const order[] = { "floor", "walls", "temperature", "illumination", "special", "history" };
	const size_t norder = sizeof order / sizeof order[0];
	int lost = 0;
	/* the known details in their order, then any other in the file's */
	for (size_t pass = 0; pass <= norder; pass++) {
		const char *key;
		json_t *v;
		json_object_foreach(ds, key, v) {
			int known = -1;
			for (size_t i = 0; i < norder; i++)
				if (strcmp(key, order[i]) == 0)
					known = (int)i;
			if ((pass < norder && known != (int)pass) || (pass == norder && known >= 0) || json_is_null(v))
				continue;
			char at[80];
			snprintf(at, sizeof at, "details.%.40s", dj_key(key));
			char *t = text_of(d, v, at, DJ_NOTE_TEXT);
			if (!t)
				return -1;
			/* the key as a heading ("hidden_treasure": "Hidden treasure: ");
			 * an empty or blank key heads nothing, an empty text is no note */
			char *head = strcmp(key, "history") == 0 ? strdup("") : collapsed(key, 1);
			if (!head) {
				free(t);
				return err_set(d->r.e, "out of memory reading %s", d->r.name);
			}
			head[0] = (char)toupper((unsigned char)head[0]);
			struct sbuf s;
			sbuf_init(&s);
			if (t[0] && head[0])
				sbuf_printf(&s, "%s: %s", head, t);
			else if (t[0])
				sbuf_add(&s, t);
			free(head);
			free(t);
			if (s.len > 0 && !strchr(".!?", s.data[s.len - 1]))
				sbuf_addc(&s, '.');
			char *line = sbuf_take(&s);
			if (!line)
				return err_set(d->r.e, "out of memory reading %s", d->r.name);
			add_note_text(d->m, line, &lost);
			free(line);
		}
	}
	if (lost)
		log_warn(d->log, "%s: details: %d bytes left out (the key's notes hold %d lines of %zu bytes)", d->r.name,
			 lost, MAP_MAX_NOTES, sizeof d->m->notes[0] - 1);
	return 0;
}

int dj_read_wandering(struct dj *d, json_t *root, struct key *k)
{
	json_t *ws = json_object_get(root, "wandering_monsters");
	if (!ws || json_is_null(ws))
		return 0;
	if (!json_is_object(ws))
		return jf_fail(&d->r, "wandering_monsters", "not an object (monsters by die roll: \"1\", \"2\", ...)");
	size_t n = json_object_size(ws);
	if (n > 100)
		return jf_fail(&d->r, "wandering_monsters", "more than 100 rows");
	if (n == 0)
		return 0;
	if (!(k->wandering = calloc(n, sizeof *k->wandering)))
		return err_set(d->r.e, "out of memory reading %s", d->r.name);
	for (size_t row = 1; row <= n; row++) {
		char key[16], at[48];
		snprintf(key, sizeof key, "%zu", row);
		snprintf(at, sizeof at, "wandering_monsters.%s", key);
		json_t *v = json_object_get(ws, key);
		if (!v)
			return jf_fail(&d->r, "wandering_monsters", "no row \"%s\" (rows are numbered 1 to %zu)", key, n);
		char *t = text_of(d, v, at, DJ_NOTE_TEXT);
		if (!t)
			return -1;
		struct sbuf s;
		sbuf_init(&s);
		sbuf_printf(&s, "%zu. %s", row, t);
		free(t);
		if (s.len > 0 && !strchr(".!?", s.data[s.len - 1]))
			sbuf_addc(&s, '.');
		if (!(k->wandering[k->nwandering] = sbuf_take(&s)))
			return err_set(d->r.e, "out of memory reading %s", d->r.name);
		k->nwandering++;
	}
	snprintf(k->wandering_die, sizeof k->wandering_die, "d%zu", n);
	return 0;
}
