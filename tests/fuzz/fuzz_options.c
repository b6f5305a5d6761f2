/* fuzz_options.c: libFuzzer harness for option parsing: the input, split
 * at newlines into arguments, must parse or give a one-line usage error,
 * never crash. */
#include "cli/cli.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	char *argv[MAX_ARGS + 2];
	int argc = 0;
	argv[argc++] = "mapsheet";
	for (char *p = text; argc <= MAX_ARGS;) {
		argv[argc++] = p;
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	argv[argc] = NULL;
	static const char *const dirs[] = { "templates", NULL };
	struct cli c;
	struct err e = { ERR_NONE, "" };
	if (cli_parse(&c, argc, argv, dirs, NULL, &e) < 0 && (e.msg[0] == '\0' || strchr(e.msg, '\n')))
		abort();
	free(text);
	return 0;
}
