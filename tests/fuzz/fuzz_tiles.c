/* fuzz_tiles.c: libFuzzer harness for the tile reader: any bytes read as a
 * .tile file, then, when they parse, indexed (door finding, every rotation
 * and flip), must give 0 or a clean file:line:column error, never a crash,
 * a leak or an out-of-bounds read. */
#include "methods/tiles/tile_read.h"
#include "methods/tiles/tile_set.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tile_set s;
	struct err e = { ERR_NONE, "" };
	memset(&s, 0, sizeof s);
	if (tile_read_text(&s, "fuzz.tile", (const char *)data, size, 0, &e) == 0) {
		if (tile_set_index(&s, "fuzz", &e) < 0 && e.msg[0] == '\0')
			abort();
	} else if (!strstr(e.msg, "fuzz.tile")) {
		abort();
	}
	tile_set_free(&s);
	return 0;
}
