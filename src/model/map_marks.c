/* map_marks.c: the lettered marks of a map (struct map_mark in map.h): adding
 * one, and its line in the key. */
#include "model/map.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int map_add_mark(struct map *m, int x, int y, const char *label, int secret, const char *text, struct err *e)
{
	if (!map_in(m, x, y))
		return err_set(e, "mark %s at (%d, %d) is off the %d x %d grid", label, x, y, m->w, m->h);
	size_t n = strlen(label);
	int ok = n >= 1 && n < sizeof m->marks[0].label;
	for (size_t i = 0; ok && i < n; i++)
		ok = isalnum((unsigned char)label[i]) != 0;
	if (!ok)
		return err_set(e, "mark label \"%.8s\" is not 1 to 3 letters or digits", label);
	if (strlen(text) > MARK_TEXT_MAX)
		return err_set(e, "mark %s: its text is longer than %d bytes", label, MARK_TEXT_MAX);
	if (m->nmarks >= MAP_MAX_MARKS)
		return err_set(e, "more than %d marks", MAP_MAX_MARKS);
	if (m->nmarks == m->marks_cap) {
		int cap = m->marks_cap ? m->marks_cap * 2 : 8;
		struct map_mark *p = realloc(m->marks, (size_t)cap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory for the marks");
		m->marks = p;
		m->marks_cap = cap;
	}
	struct map_mark *k = &m->marks[m->nmarks];
	k->x = x;
	k->y = y;
	snprintf(k->label, sizeof k->label, "%s", label);
	k->secret = secret != 0;
	if (!(k->text = strdup(text)))
		return err_set(e, "out of memory for the marks");
	return m->nmarks++;
}

/* The mark's line in the key: "A: text" (malloc'd; NULL when out of memory). */
static char *map_mark_line(const struct map_mark *k)
{
	size_t n = strlen(k->label) + strlen(k->text) + 3;
	char *line = malloc(n);
	if (line)
		snprintf(line, n, "%s: %s", k->label, k->text);
	return line;
}

int map_mark_lines(const struct map *m, char ***out, struct err *e)
{
	*out = NULL;
	if (m->nmarks == 0)
		return 0;
	char **lines = calloc((size_t)m->nmarks, sizeof *lines);
	if (!lines)
		return err_set(e, "out of memory for the marks");
	int n = 0;
	for (int i = 0; i < m->nmarks; i++) {
		int seen = 0;
		for (int j = 0; j < i && !seen; j++)
			seen = strcmp(m->marks[j].label, m->marks[i].label) == 0;
		if (seen)
			continue;
		if (!(lines[n] = map_mark_line(&m->marks[i]))) {
			map_mark_lines_free(lines, n);
			return err_set(e, "out of memory for the marks");
		}
		n++;
	}
	*out = lines;
	return n;
}

void map_mark_lines_free(char **lines, int n)
{
	for (int i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
