/* layout_intro.h: the document's introduction as the pages set it
 * (layout_intro.c): the premise (who built the site, what befell it, who
 * holds it now, a hook) and, on the referee's copy, the secret under
 * DOC_SECRET_HEADING (doc.h). The key, the one-page key, a sheet without
 * key and a poster's assembly page set them as paragraphs of their own;
 * the booklet's cover sets them as a block: the premise in the title's
 * face, the secret beside it in a tinted aside. */
#ifndef MAPSHEET_LAYOUT_INTRO_H
#define MAPSHEET_LAYOUT_INTRO_H

#include "layout/layout.h"

struct sbuf;

/* The secret's paragraph, "What the players do not know: ...", into s,
 * with the length of its heading (to set in bold) in *bold_len. Returns
 * 1, 0 when d has no secret to print (none, or the players' copy), or -1
 * without memory. */
int layout_secret_text(const struct doc *d, struct sbuf *s, int *bold_len);

/* Sets the premise, then the secret's paragraph (its heading in bold),
 * in style ts at (x, y) on page p (NULL: measures only), wrapped in width
 * points, space apart; *h gets the height they take (0 for neither).
 * Returns 0 or -1 with e set. */
int layout_intro_paras(struct layout_ctx *c, struct scene_page *p, struct text_style ts, double x, double y,
		       double width, double space, double *h, struct err *e);
/* The height layout_intro_paras would take, or -1 with e set. */
double layout_intro_height(struct layout_ctx *c, struct text_style ts, double width, double space, struct err *e);

/* The cover's block, measured for a width w: the premise and the secret's
 * aside, beside each other when the page is wide enough, else one under
 * the other. */
struct cover_intro {
	struct text_block premise, heading, secret;
	int has_premise, has_secret;
	double premise_lead, secret_lead;   /* line pitch of each, in points */
	double premise_w, aside_w;          /* their measures */
	int beside;                         /* the aside right of the premise */
	double premise_h, aside_h;          /* each one's height */
	double h;                           /* the whole block's height */
};
/* The parts cover_intro_draw sets. */
enum { COVER_PREMISE = 1, COVER_ASIDE = 2 };
/* Measures d's introduction for the cover in style st. Returns 0 (h is 0
 * when there is nothing to set) or -1 with e set; cover_intro_free
 * releases it either way. */
int cover_intro_measure(struct cover_intro *ci, const struct doc *d, const struct style *st, struct measure *ms,
			double w, struct err *e);
/* Draws the parts of the measured block on page p with its top-left
 * corner at (x, y), w wide as measured: both, or one under the other when
 * they are not beside each other, or the aside alone at (x, y) (on the
 * page after the premise, when paper too small holds not both). */
void cover_intro_draw(struct cover_intro *ci, struct scene *sc, struct scene_page *p, const struct style *st,
		      double x, double y, double w, int parts);
void cover_intro_free(struct cover_intro *ci);

#endif
