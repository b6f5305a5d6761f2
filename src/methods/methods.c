/* methods.c: the table of methods built from method_list.h, and the
 * helpers the command line uses to look names up in it. */
#include "methods/gen.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define METHOD(n) extern const struct method method_##n;
#include "methods/method_list.h"
#undef METHOD

const struct method *const method_table[] = {
#define METHOD(n) &method_##n,
#include "methods/method_list.h"
#undef METHOD
	NULL
};

const struct method *method_find(const char *name)
{
	for (int i = 0; method_table[i]; i++)
		if (strcmp(method_table[i]->name, name) == 0)
			return method_table[i];
	return NULL;
}

void method_names(char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; method_table[i]; i++) {
		int n = snprintf(out + used, size - used, "%s%s", i ? ", " : "", method_table[i]->name);
		if (n < 0 || (size_t)n >= size - used)
			break;
		used += (size_t)n;
	}
}

void gen_params_default(struct gen_params *p)
{
	memset(p, 0, sizeof *p);
	p->start_x = p->start_y = -1;
	p->depth = 1;
	p->levels = 1;
	for (int i = 0; method_table[i]; i++)
		if (method_table[i]->defaults)
			method_table[i]->defaults(p);
}

int gen_parse_int(const char *option, const char *value, long lo, long hi, int *out, struct err *e)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (value[0] == '\0' || *end != '\0' || errno == ERANGE)
		return err_usage(e, "--%s: '%s' is not a whole number (expected %ld to %ld)", option, value, lo, hi);
	if (v < lo || v > hi)
		return err_usage(e, "--%s: %s is out of range (expected %ld to %ld)", option, value, lo, hi);
	*out = (int)v;
	return 0;
}

int gen_parse_real(const char *option, const char *value, double lo, double hi, double *out, struct err *e)
{
	char *end;
	errno = 0;
	double v = strtod(value, &end);
	if (value[0] == '\0' || *end != '\0' || errno == ERANGE || !isfinite(v))
		return err_usage(e, "--%s: '%s' is not a number (expected %g to %g)", option, value, lo, hi);
	if (v < lo || v > hi)
		return err_usage(e, "--%s: %s is out of range (expected %g to %g)", option, value, lo, hi);
	*out = v;
	return 0;
}
