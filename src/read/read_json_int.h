/* read_json_int.h: the field readers shared by read_json.c (the file, the
 * document, the key) and read_json_level.c (one level's map). Each names
 * the place in the file ("levels[0].doors[3].kind") in its message. */
#ifndef MAPSHEET_READ_JSON_INT_H
#define MAPSHEET_READ_JSON_INT_H

#include "read/read_json.h"

#include <jansson.h>

struct rj {
	const char *name;       /* the file's name for messages */
	struct err *e;
};

/* "BASE.LIST[I]" into at (size bytes with its NUL, cut short to fit): the
 * place of element i of a list, without printf's cost per element. */
void rj_place(char *at, size_t size, const char *base, const char *list, size_t i);
/* Each returns 0, or -1 with a usage error "NAME: PLACE.KEY: ..." in r->e. */
int rj_fail(struct rj *r, const char *place, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
json_t *rj_field(struct rj *r, json_t *obj, const char *place, const char *key, json_type type, int nullable);
int rj_int(struct rj *r, json_t *obj, const char *place, const char *key, int min, int max, int nullable,
	   int null_value, int *out);
/* A string into buf (size bytes with its NUL); null gives "" when nullable. */
int rj_text(struct rj *r, json_t *obj, const char *place, const char *key, int nullable, char *buf, size_t size);
/* A string, malloc'd; null gives NULL when nullable. */
int rj_text_dup(struct rj *r, json_t *obj, const char *place, const char *key, int nullable, char **out);
/* The index of name in the table names[0..n), or -1 with a message
 * listing them. */
int rj_name(struct rj *r, json_t *obj, const char *place, const char *key, const char *(*name_of)(int), int n,
	    int *out);

/* Reads level object lv (levels[index]) into m (map_free it even on
 * failure) and checks the map contract. */
int rj_level_map(struct rj *r, json_t *lv, int index, struct map *m);

#endif
