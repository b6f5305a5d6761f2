/* read_watabou.c: One Page Dungeon exports (JSON 1.2.x), not read yet. */
#include "read_formats.h"

int read_watabou_root(const char *name, json_t *root, struct read_json_doc *out, struct log *log, struct err *e)
{
	(void)root;
	(void)out;
	(void)log;
	return err_usage(e, "%s: a One Page Dungeon export, which this mapsheet cannot read yet", name);
}
