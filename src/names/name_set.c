/* name_set.c: a set of room names by open addressing (see name_set.h). */
#include "names/name_set.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;   /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static size_t slot_of(char *const *slots, size_t cap, const char *name)
{
	size_t i = (size_t)hash(name) & (cap - 1);
	while (slots[i] && strcmp(slots[i], name) != 0)
		i = (i + 1) & (cap - 1);
	return i;
}

int name_set_init(struct name_set *s, size_t expect)
{
	size_t cap = 16;
	while (cap < 2 * expect + 1)
		cap *= 2;
	s->slots = calloc(cap, sizeof *s->slots);
	s->cap = s->slots ? cap : 0;
	s->n = 0;
	return s->slots ? 0 : -1;
}

void name_set_free(struct name_set *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->slots[i]);
	free(s->slots);
	*s = (struct name_set){ 0 };
}

int name_set_has(const struct name_set *s, const char *name)
{
	return s->cap > 0 && s->slots[slot_of(s->slots, s->cap, name)] != NULL;
}

/* Doubles the table, moving every name. */
static int grow(struct name_set *s)
{
	size_t cap = s->cap * 2;
	char **slots = calloc(cap, sizeof *slots);
	if (!slots)
		return -1;
	for (size_t i = 0; i < s->cap; i++)
		if (s->slots[i])
			slots[slot_of(slots, cap, s->slots[i])] = s->slots[i];
	free(s->slots);
	s->slots = slots;
	s->cap = cap;
	return 0;
}

int name_set_add(struct name_set *s, const char *name)
{
	if (2 * (s->n + 1) > s->cap && grow(s) < 0)
		return -1;
	size_t i = slot_of(s->slots, s->cap, name);
	if (s->slots[i])
		return 0;
	if (!(s->slots[i] = strdup(name)))
		return -1;
	s->n++;
	return 0;
}
