/* read_donjon.c: donjon dungeon exports (JSON), not read yet. */
#include "read_formats.h"

int read_donjon_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e)
{
	(void)root;
	(void)out;
	(void)log;
	return err_usage(e, "%s: a donjon export, which this mapsheet cannot read yet", name);
}
