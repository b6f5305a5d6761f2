/* json_fields.h: reading the fields of a parsed JSON file (jansson) with
 * their type and range checked, every reader's toolkit (mapsheet's own
 * format, One Page Dungeon, donjon). A fault is a usage error naming the
 * file and the place in it ("levels[0].doors[3].kind"), so a person can
 * find and fix it. */
#ifndef MAPSHEET_JSON_FIELDS_H
#define MAPSHEET_JSON_FIELDS_H

#include "base/err.h"

#include <jansson.h>
#include <stddef.h>

/* The file being read. */
struct jf {
	const char *name;       /* the file's name for messages */
	struct err *e;
};

/* "BASE.LIST[I]" into at (size bytes with its NUL, cut short to fit): the
 * place of element i of a list, without printf's cost per element. */
void jf_place(char *at, size_t size, const char *base, const char *list, size_t i);
/* Each returns 0, or -1 with a usage error "NAME: PLACE.KEY: ..." in r->e. */
int jf_fail(struct jf *r, const char *place, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The field key of obj when it has the type (JSON_TRUE: either boolean);
 * NULL when it is null (an error unless nullable), missing or another
 * type. */
json_t *jf_field(struct jf *r, json_t *obj, const char *place, const char *key, json_type type, int nullable);
/* A whole number in min..max; null gives null_value when nullable. */
int jf_int(struct jf *r, json_t *obj, const char *place, const char *key, int min, int max, int nullable,
	   int null_value, int *out);
/* A string into buf (size bytes with its NUL); null gives "" when nullable. */
int jf_text(struct jf *r, json_t *obj, const char *place, const char *key, int nullable, char *buf, size_t size);
/* A string, malloc'd; null gives NULL when nullable. */
int jf_text_dup(struct jf *r, json_t *obj, const char *place, const char *key, int nullable, char **out);
/* The index of name in the table names[0..n), or -1 with a message
 * listing them. */
int jf_name(struct jf *r, json_t *obj, const char *place, const char *key, const char *(*name_of)(int), int n,
	    int *out);

#endif
