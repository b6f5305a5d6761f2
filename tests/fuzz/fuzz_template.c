/* fuzz_template.c: libFuzzer harness for the template parser: any bytes,
 * parsed with directives of every field type, must give 0 or a clean
 * file:line:column error, never a crash or an out-of-bounds read. */
#include "template/template.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int accept_any(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	size_t *total = ctx;
	(void)pos;
	(void)e;
	for (int i = 0; i < nf; i++)
		*total += strlen(f[i].text) + (size_t)f[i].col;
	return 0;
}

static const struct tpl_directive dirs[] = {
	{ "tile", "str", accept_any, 0 },
	{ "weight", "int", accept_any, 0 },
	{ "row", "text", accept_any, 0 },
	{ "colour", "str str", accept_any, 0 },
	{ "width", "str real", accept_any, 0 },
	{ "entry", "int ?text", accept_any, 0 },
	{ "many", "int real str ?int ?real ?str ?text", accept_any, 0 },
	{ NULL, NULL, NULL, 0 }
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct err e;
	size_t total = 0;
	if (tpl_parse_text("fuzz", (const char *)data, size, dirs, &total, &e) < 0 && !strstr(e.msg, "fuzz:"))
		abort();
	return 0;
}
