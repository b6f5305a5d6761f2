/* text_block.h: a paragraph set into lines, as both ways of setting text
 * (measure_words.c, measure_pango.c) give it to layout: its lines, and on
 * each line its runs of one font with the glyphs they were shaped into. */
#ifndef MAPSHEET_TEXT_BLOCK_H
#define MAPSHEET_TEXT_BLOCK_H

#include <stddef.h>

struct glyph_run;

/* A run of one font within a line. start/len index the block's text. */
struct text_run {
	size_t start, len;
	double x, w;            /* offset from the line's left end, advance */
	char family[64];        /* the font Pango chose (fallback included) */
	int bold, italic;
	struct glyph_run *glyphs;       /* the run's glyphs, the block's until emitted
					 * (NULL: a backend shapes the text) */
};

struct text_line {
	double top, baseline, height, width;    /* top and baseline from the block's top */
	int first_run, nruns;
};

/* A paragraph broken into lines. */
struct text_block {
	char *text;
	double size;
	double height, width;   /* of all lines */
	struct text_line *lines;
	int nlines;
	struct text_run *runs;
	int nruns;
};

/* Releases b's text, lines, runs and the glyphs its runs still hold. */
void text_block_free(struct text_block *b);
/* Appends run r to b, growing its array (*cap: its size). Returns 0, or -1
 * without memory (b unchanged). */
int text_block_add_run(struct text_block *b, int *cap, const struct text_run *r);

#endif
