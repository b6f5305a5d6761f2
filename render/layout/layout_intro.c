/* layout_intro.c: the document's introduction on the page (see
 * layout_intro.h). The secret is printed only where doc_secret() gives it,
 * so a players' copy never sets it whatever the document holds. */
#include "layout/layout_intro.h"

#include "layout/layout_text.h"
#include "base/sbuf.h"

#include <math.h>
#include <string.h>

#define COVER_PREMISE_SIZE 1.45 /* the premise on the cover, times the style's text size */
#define COVER_PREMISE_LEAD 1.5  /* its line pitch, times its size */
#define COVER_PREMISE_EMS 36.0  /* its longest measure, in ems: some 70 characters a line */
#define COVER_SECRET_LEAD 1.4
#define COVER_BESIDE_MIN 400.0  /* the least width that sets the aside beside the premise */
#define COVER_GUTTER 28.0       /* between the premise and the aside beside it */
#define COVER_ASIDE_MAX 260.0   /* the aside's widest */
#define COVER_STACK_GAP 14.0    /* between the premise and the aside under it */
#define ASIDE_PAD 9.0           /* inside the aside, around its text */
#define ASIDE_BAR 2.5           /* the rule down the aside's left edge */
#define ASIDE_TINT 0.07         /* how much of the title's colour tints the aside */

int layout_secret_text(const struct doc *d, struct sbuf *s, int *bold_len)
{
	const char *secret = doc_secret(d);
	if (!secret)
		return 0;
	sbuf_reset(s);
	sbuf_add(s, DOC_SECRET_HEADING ":");
	*bold_len = (int)s->len;
	sbuf_add(s, " ");
	sbuf_add(s, secret);
	return sbuf_failed(s) ? -1 : 1;
}

int layout_intro_paras(struct layout_ctx *c, struct scene_page *p, struct text_style ts, double x, double y,
		       double width, double space, double *h, struct err *e)
{
	struct sbuf s;
	sbuf_init(&s);
	int bold_len = 0;
	int has_secret = layout_secret_text(c->d, &s, &bold_len);
	if (has_secret < 0) {
		sbuf_free(&s);
		return err_set(e, "out of memory while laying out the premise");
	}
	const char *text[2] = { doc_story(c->d), has_secret ? sbuf_cstr(&s) : NULL };
	int bold[2] = { ts.bold ? -1 : 0, bold_len };
	double at = y;
	for (int i = 0; i < 2; i++) {
		if (!text[i])
			continue;
		struct text_block b;
		if (measure_block(c->ms, &b, text[i], ts.family, ts.size, bold[i], width, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
		if (at > y)
			at += space;
		if (p)
			layout_text_block(c->sc, p, &b, x, at, ts.colour);
		at += b.height;
		text_block_free(&b);
	}
	sbuf_free(&s);
	*h = at - y;
	return 0;
}

double layout_intro_height(struct layout_ctx *c, struct text_style ts, double width, double space, struct err *e)
{
	double h;
	return layout_intro_paras(c, NULL, ts, 0, 0, width, space, &h, e) < 0 ? -1 : h;
}

void cover_intro_free(struct cover_intro *ci)
{
	text_block_free(&ci->premise);
	text_block_free(&ci->heading);
	text_block_free(&ci->secret);
	memset(ci, 0, sizeof *ci);
}

int cover_intro_measure(struct cover_intro *ci, const struct doc *d, const struct style *st, struct measure *ms,
			double w, struct err *e)
{
	memset(ci, 0, sizeof *ci);
	const char *secret = doc_secret(d);
	double size = st->size_text * COVER_PREMISE_SIZE;
	ci->premise_lead = size * COVER_PREMISE_LEAD;
	ci->beside = secret && w >= COVER_BESIDE_MIN;
	ci->premise_w = fmin(ci->beside ? w * 0.6 : w, size * COVER_PREMISE_EMS);
	ci->aside_w = ci->beside ? fmin(w - ci->premise_w - COVER_GUTTER, COVER_ASIDE_MAX) : ci->premise_w;
	if (doc_story(d)) {
		if (measure_block(ms, &ci->premise, doc_story(d), st->font_title, size, 0, ci->premise_w, e) < 0)
			return -1;
		ci->has_premise = 1;
		ci->premise_h = ci->premise.nlines * ci->premise_lead;
	}
	if (secret) {
		/* the heading in small capitals' stead: capitals, small and bold */
		char head[64];
		size_t n = 0;
		for (const char *q = DOC_SECRET_HEADING; *q && n + 1 < sizeof head; q++)
			head[n++] = *q >= 'a' && *q <= 'z' ? (char)(*q - 'a' + 'A') : *q;
		head[n] = '\0';
		double inner = ci->aside_w - 2 * ASIDE_PAD - ASIDE_BAR;
		ci->secret_lead = (st->size_text + 1) * COVER_SECRET_LEAD;
		if (measure_block(ms, &ci->heading, head, st->font_text, st->size_small, -1, inner, e) < 0 ||
		    measure_block(ms, &ci->secret, secret, st->font_text, st->size_text + 1, 0, inner, e) < 0)
			return -1;
		ci->has_secret = 1;
		ci->aside_h = 2 * ASIDE_PAD + ci->heading.height + 4 + ci->secret.nlines * ci->secret_lead;
	}
	ci->h = ci->beside ? fmax(ci->premise_h, ci->aside_h)
			   : ci->premise_h + (ci->has_premise && ci->has_secret ? COVER_STACK_GAP : 0) + ci->aside_h;
	return 0;
}

/* Emits b's lines lead apart from top, each centred in its pitch. */
static void emit_lines(struct scene *sc, struct scene_page *p, struct text_block *b, double x, double top,
		       double lead, struct colour colour)
{
	for (int i = 0; i < b->nlines; i++) {
		const struct text_line *tl = &b->lines[i];
		double y = top + i * lead + (lead - tl->height) / 2 + (tl->baseline - tl->top);
		measure_emit_line(sc, p, b, i, x, y, colour);
	}
}

static struct colour mix(struct colour a, struct colour b, double t)
{
	return (struct colour){ a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, 1 };
}

void cover_intro_draw(struct cover_intro *ci, struct scene *sc, struct scene_page *p, const struct style *st,
		      double x, double y, double w, int parts)
{
	if (ci->has_premise && (parts & COVER_PREMISE))
		emit_lines(sc, p, &ci->premise, x, y, ci->premise_lead, st->text);
	if (!ci->has_secret || !(parts & COVER_ASIDE))
		return;
	double ax = ci->beside ? x + w - ci->aside_w : x;
	double ay = ci->beside || !ci->has_premise || !(parts & COVER_PREMISE) ? y : y + ci->premise_h + COVER_STACK_GAP;
	struct colour paper = st->paper.a > 0 ? st->paper : (struct colour){ 1, 1, 1, 1 };
	scene_rect_path(sc, p, ax, ay, ci->aside_w, ci->aside_h);
	scene_fill(sc, p, mix(paper, st->title, ASIDE_TINT));
	scene_rect_path(sc, p, ax, ay, ASIDE_BAR, ci->aside_h);
	scene_fill(sc, p, st->title);
	double tx = ax + ASIDE_BAR + ASIDE_PAD, ty = ay + ASIDE_PAD;
	layout_text_block(sc, p, &ci->heading, tx, ty, st->accent);
	emit_lines(sc, p, &ci->secret, tx, ty + ci->heading.height + 4, ci->secret_lead, st->text);
}
