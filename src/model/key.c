/* key.c: a key's entries: the default titles, a paragraph added to an
 * entry, an entry found by number, the whole key freed. key_build.c builds
 * it, key_number.c numbers the rooms first. */
#include "model/key.h"

#include <stdlib.h>
#include <string.h>

const char *key_default_title(enum region_kind kind)
{
	switch (kind) {
	case REGION_HALL: return "Hallway";
	case REGION_BRIDGE: return "Bridge";
	case REGION_CORRIDOR: return "Corridor";
	default: return "Room";
	}
}

int key_entry_add_line(struct key_entry *en, const char *text, struct err *e)
{
	char **p = realloc(en->lines, ((size_t)en->nlines + 1) * sizeof *p);
	if (!p)
		return err_set(e, "out of memory for the key");
	en->lines = p;
	p[en->nlines] = strdup(text);
	if (!p[en->nlines])
		return err_set(e, "out of memory for the key");
	en->nlines++;
	return 0;
}

const struct key_entry *key_find(const struct key *k, int number)
{
	if (number >= 1 && number <= k->n && k->entries[number - 1].number == number)
		return &k->entries[number - 1];
	for (int i = 0; i < k->n; i++)
		if (k->entries[i].number == number)
			return &k->entries[i];
	return NULL;
}

void key_free(struct key *k)
{
	for (int i = 0; i < k->n; i++) {
		struct key_entry *en = &k->entries[i];
		free(en->exits);
		free(en->exit_list);
		for (int j = 0; j < en->nlines; j++)
			free(en->lines[j]);
		free(en->lines);
	}
	free(k->entries);
	for (int i = 0; i < k->nfooter; i++)
		free(k->footer[i]);
	free(k->footer);
	for (int i = 0; i < k->nwandering; i++)
		free(k->wandering[i]);
	free(k->wandering);
	free(k->roster);
	free(k->alarm);
	for (int i = 0; i < k->nadversaries; i++)
		free(k->adversaries[i]);
	free(k->adversaries);
	memset(k, 0, sizeof *k);
}
