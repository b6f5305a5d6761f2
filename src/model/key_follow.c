/* key_follow.c: a written key made to say what its changed map says
 * (key_follow.h). The key is built from the map as it is now, and each
 * entry is compared with the key built before the change: the lines that
 * changed are the map's, everything else in the written entry is the
 * writer's and stays. Cost: two key builds and, per entry, its lines
 * compared with the few the map gives it. */
#include "model/key_follow.h"

#include <stdlib.h>
#include <string.h>

/* True when line is one of v[0..n). */
static int has_line(char *const *v, int n, const char *line)
{
	for (int i = 0; i < n; i++)
		if (strcmp(v[i], line) == 0)
			return 1;
	return 0;
}

/* The lines of `from` that `other` lacks, into out (pointers into from;
 * at most from->nlines). Returns how many. */
static int lines_gone(const struct key_entry *from, const struct key_entry *other, const char **out)
{
	int n = 0;
	for (int i = 0; i < from->nlines; i++)
		if (!other || !has_line(other->lines, other->nlines, from->lines[i]))
			out[n++] = from->lines[i];
	return n;
}

/* True when a and b have the same lines in the same order. */
static int same_lines(const struct key_entry *a, const struct key_entry *b)
{
	if (a->nlines != b->nlines)
		return 0;
	for (int i = 0; i < a->nlines; i++)
		if (strcmp(a->lines[i], b->lines[i]) != 0)
			return 0;
	return 1;
}

/* Entry en made to say what `now` says where it said what `was` said. */
static int follow_entry(struct key_entry *en, const struct key_entry *was, struct key_entry *now, struct err *e)
{
	const char **gone = malloc(((size_t)was->nlines + 1) * sizeof *gone);
	const char **added = malloc(((size_t)now->nlines + 1) * sizeof *added);
	char **lines = malloc(((size_t)en->nlines + (size_t)now->nlines + 1) * sizeof *lines);
	unsigned char *used = calloc((size_t)was->nlines + 1, 1);
	if (!gone || !added || !lines || !used) {
		free(gone);
		free(added);
		free(lines);
		free(used);
		return err_set(e, "out of memory for the key");
	}
	int ngone = lines_gone(was, now, gone), nadded = lines_gone(now, was, added), next = 0, n = 0, rc = 0;
	/* each line no longer given: replaced in its place, or dropped */
	for (int i = 0; i < en->nlines; i++) {
		int g = -1;
		for (int j = 0; j < ngone && g < 0; j++)
			if (!used[j] && strcmp(gone[j], en->lines[i]) == 0)
				g = j;
		if (g < 0) {
			lines[n++] = en->lines[i];
			continue;
		}
		used[g] = 1;
		free(en->lines[i]);
		if (next < nadded) {
			if (!(lines[n++] = strdup(added[next++])))
				rc = err_set(e, "out of memory for the key");
		}
	}
	/* the new lines left: after the leading lines the map gives */
	int at = 0;
	while (at < n && lines[at] && has_line(now->lines, now->nlines, lines[at]))
		at++;
	int more = nadded - next;
	memmove(lines + at + more, lines + at, (size_t)(n - at) * sizeof *lines);
	for (int k = 0; k < more; k++)
		if (!(lines[at + k] = strdup(added[next + k])))
			rc = err_set(e, "out of memory for the key");
	n += more;
	/* a line that could not be copied is left out rather than kept NULL */
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (lines[i])
			lines[kept++] = lines[i];
	free(en->lines);
	en->lines = lines;
	en->nlines = kept;
	free(gone);
	free(added);
	free(used);
	return rc;
}

int key_follow_map(struct key *k, const struct key *before, const struct map *m, struct err *e)
{
	struct key now;
	struct key_options o = { .numbering = KEY_NUMBER_ENTRANCE };
	if (key_build(&now, m, &o, e) < 0)
		return -1;
	int rc = 0;
	for (int i = 0; i < k->n && rc == 0; i++) {
		struct key_entry *en = &k->entries[i];
		struct key_entry *to = (struct key_entry *)key_find(&now, en->number);
		const struct key_entry *was = key_find(before, en->number);
		if (!to || !was)
			continue;
		if (!en->exits || !to->exits || strcmp(en->exits, to->exits) != 0) {
			free(en->exits);
			free(en->exit_list);
			en->exits = to->exits;
			en->exit_list = to->exit_list;
			en->nexits = to->nexits;
			to->exits = NULL;
			to->exit_list = NULL;
			to->nexits = 0;
		}
		if (!same_lines(was, to))
			rc = follow_entry(en, was, to, e);
	}
	key_free(&now);
	return rc;
}
