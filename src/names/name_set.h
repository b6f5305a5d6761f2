/* name_set.h: a set of room names (copies), for telling at once whether a
 * name is taken on a level of many thousand rooms. */
#ifndef MAPSHEET_NAME_SET_H
#define MAPSHEET_NAME_SET_H

#include <stddef.h>

struct name_set {
	char **slots;   /* open addressing; NULL: empty */
	size_t cap;     /* a power of two */
	size_t n;
};

/* An empty set with room for about expect names. Returns 0 or -1 (out of
 * memory). */
int name_set_init(struct name_set *s, size_t expect);
void name_set_free(struct name_set *s);
int name_set_has(const struct name_set *s, const char *name);
/* Adds a copy of name (nothing when it is in already). Returns 0 or -1. */
int name_set_add(struct name_set *s, const char *name);

#endif
