/* json_fields.c: reading the fields of a parsed JSON file (json_fields.h). */
#include "read/json_fields.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int jf_fail(struct jf *r, const char *place, const char *fmt, ...)
{
	char what[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return err_usage(r->e, "%s: %s: %s", r->name, place, what);
}

static const char *type_word(json_type t)
{
	switch (t) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "a whole number";
	case JSON_TRUE: case JSON_FALSE: return "true or false";
	default: return "a value";
	}
}

void jf_place(char *at, size_t size, const char *base, const char *list, size_t i)
{
	char digits[24];
	int nd = 0;
	do
		digits[nd++] = (char)('0' + i % 10);
	while ((i /= 10) != 0);
	size_t n = 0;
	for (const char *p = base; *p && n + 1 < size; p++)
		at[n++] = *p;
	if (n + 1 < size)
		at[n++] = '.';
	for (const char *p = list; *p && n + 1 < size; p++)
		at[n++] = *p;
	if (n + 1 < size)
		at[n++] = '[';
	while (nd && n + 1 < size)
		at[n++] = digits[--nd];
	if (n + 1 < size)
		at[n++] = ']';
	at[n] = '\0';
}

/* jf_field on the value v found under key (NULL: none). */
static json_t *field_value(struct jf *r, json_t *v, const char *place, const char *key, json_type type, int nullable)
{
	if (!v) {
		jf_fail(r, place, "the field \"%s\" is missing", key);
		return NULL;
	}
	if (json_is_null(v)) {
		if (!nullable)
			jf_fail(r, place, "%s: null, expected %s", key, type_word(type));
		return NULL;
	}
	int ok = type == JSON_TRUE ? json_is_boolean(v) : json_typeof(v) == type;
	if (!ok) {
		jf_fail(r, place, "%s: expected %s%s", key, type_word(type), nullable ? " or null" : "");
		return NULL;
	}
	return v;
}

json_t *jf_field(struct jf *r, json_t *obj, const char *place, const char *key, json_type type, int nullable)
{
	return field_value(r, json_object_get(obj, key), place, key, type, nullable);
}

int jf_int(struct jf *r, json_t *obj, const char *place, const char *key, int min, int max, int nullable,
	   int null_value, int *out)
{
	json_t *v = json_object_get(obj, key);
	if (nullable && json_is_null(v)) {
		*out = null_value;
		return 0;
	}
	if (!(v = field_value(r, v, place, key, JSON_INTEGER, nullable)))
		return -1;
	json_int_t n = json_integer_value(v);
	if (n < min || n > max)
		return jf_fail(r, place, "%s: %lld is out of range (%d to %d)", key, (long long)n, min, max);
	*out = (int)n;
	return 0;
}

int jf_text(struct jf *r, json_t *obj, const char *place, const char *key, int nullable, char *buf, size_t size)
{
	json_t *v = json_object_get(obj, key);
	buf[0] = '\0';
	if (nullable && json_is_null(v))
		return 0;
	if (!(v = field_value(r, v, place, key, JSON_STRING, nullable)))
		return -1;
	const char *t = json_string_value(v);
	size_t n = json_string_length(v);
	if (n >= size)
		return jf_fail(r, place, "%s: longer than %zu bytes", key, size - 1);
	if (strlen(t) != n)
		return jf_fail(r, place, "%s: holds a NUL character", key);
	memcpy(buf, t, n + 1);
	return 0;
}

int jf_text_dup(struct jf *r, json_t *obj, const char *place, const char *key, int nullable, char **out)
{
	json_t *v = json_object_get(obj, key);
	*out = NULL;
	if (nullable && json_is_null(v))
		return 0;
	if (!(v = field_value(r, v, place, key, JSON_STRING, nullable)))
		return -1;
	if (strlen(json_string_value(v)) != json_string_length(v))
		return jf_fail(r, place, "%s: holds a NUL character", key);
	if (!(*out = strdup(json_string_value(v))))
		return err_set(r->e, "out of memory reading %s", r->name);
	return 0;
}

int jf_name(struct jf *r, json_t *obj, const char *place, const char *key, const char *(*name_of)(int), int n,
	    int *out)
{
	json_t *v = jf_field(r, obj, place, key, JSON_STRING, 0);
	if (!v)
		return -1;
	for (int i = 0; i < n; i++)
		if (strcmp(json_string_value(v), name_of(i)) == 0) {
			*out = i;
			return 0;
		}
	/* the list is made only for the message */
	char names[200] = "";
	for (int i = 0; i < n; i++)
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", name_of(i));
	return jf_fail(r, place, "%s: unknown value \"%.60s\" (one of: %s)", key, json_string_value(v), names);
}
