/* doc.c: what a document's levels own (doc.h). */
#include "model/doc.h"

#include <stdlib.h>

void levels_free(struct level *levels, int n)
{
	for (int k = 0; k < n; k++) {
		key_free(&levels[k].key);
		map_free(&levels[k].map);
		free(levels[k].uses);
		levels[k].uses = NULL;
	}
}
