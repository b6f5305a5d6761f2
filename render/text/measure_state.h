/* measure_state.h: the text measurer's state, made once and shared by the
 * ways of setting text (measure_words.c, measure_pango.c) and the API
 * layout calls (measure.h): Pango's font map and context, set up to
 * measure at 72 units per inch with unhinted metrics, and the words shaped
 * so far. */
#ifndef MAPSHEET_MEASURE_STATE_H
#define MAPSHEET_MEASURE_STATE_H

#include "base/err.h"

struct word_cache;
struct para_cache;

struct measure {
	void *fontmap;          /* PangoFontMap: Pango's shared one, which the
				 * drawing uses too, so fonts load once */
	void *context;          /* PangoContext */
	struct word_cache *words;       /* words shaped so far, per font */
	struct para_cache *paras;       /* paragraphs kept cut into words while callers
					 * ask (measure_keep_paragraphs), or NULL */
	int paras_asked;                /* how many callers ask it */
};

/* Creates the font map, context and word cache. Returns 0 or -1 with e
 * set; measure_free releases them. */
int measure_init(struct measure *m, struct err *e);
void measure_free(struct measure *m);

#endif
