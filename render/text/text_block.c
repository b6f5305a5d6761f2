/* text_block.c: a paragraph's lines and runs (see text_block.h). */
#include "text/text_block.h"

#include "text/glyph_run.h"

#include <stdlib.h>
#include <string.h>

void text_block_free(struct text_block *b)
{
	for (int i = 0; i < b->nruns; i++)
		glyph_run_free(b->runs[i].glyphs);
	free(b->text);
	free(b->lines);
	free(b->runs);
	memset(b, 0, sizeof *b);
}

int text_block_add_run(struct text_block *b, int *cap, const struct text_run *r)
{
	if (b->nruns == *cap) {
		int n = *cap ? *cap * 2 : 16;
		struct text_run *p = realloc(b->runs, (size_t)n * sizeof *p);
		if (!p)
			return -1;
		b->runs = p;
		*cap = n;
	}
	b->runs[b->nruns++] = *r;
	return 0;
}
