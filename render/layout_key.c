/* layout_key.c: the room key set in columns. Each entry is a bold heading
 * (number and title) with the room's size, then its exits and further
 * paragraphs (stairs, keys, contents), indented; the key's notes and the
 * wandering monster table follow. Lines flow from frame to frame (columns,
 * then further pages); a heading never stays alone at a column's foot. */
#include "layout.h"

#include <stdio.h>
#include <string.h>

#define INDENT 9.0

static double frame_bottom(const struct key_flow *kf)
{
	return kf->frame.y + kf->frame.h;
}

/* Moves to the next frame when `need` points do not fit below kf->y. */
static int ensure(struct key_flow *kf, double need, struct err *e)
{
	if (kf->y + need <= frame_bottom(kf) + 1e-6 || !kf->started)
		return 0;
	if (kf->next_frame(kf, e) < 0)
		return -1;
	kf->y = kf->frame.y;
	kf->started = 0;
	return 0;
}

/* Sets a paragraph: bold_len bytes bold (-1: all), indented by indent. With
 * need_after > 0 the block is kept whole in one frame together with
 * need_after points of what follows. *first_top and *first_h give its first
 * line's place. Returns 0 or -1 with e set. */
static int set_block(struct key_flow *kf, const char *text, double size, int bold_len, double indent,
		     double need_after, struct colour colour, double *first_top, double *first_h, struct err *e)
{
	struct layout_ctx *c = kf->c;
	struct text_block b;
	if (measure_block(c->ms, &b, text, c->st->font_text, size, bold_len, kf->frame.w - indent, e) < 0)
		return -1;
	for (int i = 0; i < b.nlines; i++) {
		double lh = b.lines[i].height;
		/* a kept block (a heading) moves whole, with room for what follows */
		double need = need_after > 0 ? (i == 0 ? b.height + need_after : 0) : lh;
		if (ensure(kf, need, e) < 0) {
			text_block_free(&b);
			return -1;
		}
		if (i == 0) {
			*first_top = kf->y;
			*first_h = lh;
		}
		measure_emit_line(c->sc, kf->page, &b, i, kf->frame.x + indent, kf->y + (b.lines[i].baseline - b.lines[i].top),
				  colour);
		kf->y += lh;
		kf->started = 1;
	}
	text_block_free(&b);
	return 0;
}

static int line_height(struct layout_ctx *c, double size, double *out, struct err *e)
{
	struct text_block b;
	if (measure_block(c->ms, &b, "Ag", c->st->font_text, size, 0, 0, e) < 0)
		return -1;
	*out = b.height;
	text_block_free(&b);
	return 0;
}

static int set_entry(struct key_flow *kf, const struct key_entry *en, double body_lh, struct err *e)
{
	struct layout_ctx *c = kf->c;
	const struct style *st = c->st;
	char head[160];
	int n = snprintf(head, sizeof head, "%d  %s", en->number, en->title);
	int bold_len = n < (int)sizeof head ? n : (int)sizeof head - 1;
	snprintf(head + bold_len, sizeof head - (size_t)bold_len, "  \xc2\xb7  %s", en->size);
	/* keep the heading with the first line of the body */
	double top, h;
	if (set_block(kf, head, st->size_heading, bold_len, 0, body_lh, st->text, &top, &h, e) < 0)
		return -1;
	char name[32];
	snprintf(name, sizeof name, "key-%d-%d", c->m->depth, en->number);
	scene_anchor(c->sc, kf->page, name, kf->frame.x, top);
	snprintf(name, sizeof name, "room-%d-%d", c->m->depth, en->number);
	scene_link(c->sc, kf->page, name, kf->frame.x, top, kf->frame.w, h);
	double t2, h2;
	if (en->exits && en->exits[0] &&
	    set_block(kf, en->exits, st->size_text, 0, INDENT, 0, st->text, &t2, &h2, e) < 0)
		return -1;
	for (int i = 0; i < en->nlines; i++) {
		struct scene_page *before = kf->page;
		double col_x = kf->frame.x;
		if (set_block(kf, en->lines[i], st->size_text, 0, INDENT, 0, st->text, &t2, &h2, e) < 0)
			return -1;
		/* stairs sentences link where they lead (not when split over columns) */
		if (kf->page == before && kf->frame.x == col_x)
			layout_key_line_link(c, kf->page, en, en->lines[i], kf->frame.x + INDENT, t2, kf->frame.w - INDENT, h2);
	}
	kf->y += st->size_text * 0.55;
	return 0;
}

int layout_key(struct key_flow *kf, struct err *e)
{
	struct layout_ctx *c = kf->c;
	const struct style *st = c->st;
	const struct key *k = &c->lv->key;
	double body_lh, top, h;
	if (line_height(c, st->size_text, &body_lh, e) < 0)
		return -1;
	char title[64];
	if (doc_total_levels(c->d) > 1)
		snprintf(title, sizeof title, "Key to level %d", c->m->depth);
	else
		snprintf(title, sizeof title, "Key");
	if (set_block(kf, title, st->size_heading * 1.3, -1, 0, body_lh * 2, st->title, &top, &h, e) < 0)
		return -1;
	kf->y += 3;
	for (int i = 0; i < k->n; i++)
		if (set_entry(kf, &k->entries[i], body_lh, e) < 0)
			return -1;
	if (k->nfooter > 0) {
		if (set_block(kf, "Notes", st->size_heading, -1, 0, body_lh, st->text, &top, &h, e) < 0)
			return -1;
		for (int i = 0; i < k->nfooter; i++)
			if (set_block(kf, k->footer[i], st->size_text, 0, INDENT, 0, st->text, &top, &h, e) < 0)
				return -1;
		kf->y += st->size_text * 0.55;
	}
	if (k->nwandering > 0) {
		char head[64];
		snprintf(head, sizeof head, "Wandering monsters (%s)", k->wandering_die[0] ? k->wandering_die : "d6");
		if (set_block(kf, head, st->size_heading, -1, 0, body_lh, st->text, &top, &h, e) < 0)
			return -1;
		for (int i = 0; i < k->nwandering; i++)
			if (set_block(kf, k->wandering[i], st->size_text, 0, INDENT, 0, st->text, &top, &h, e) < 0)
				return -1;
	}
	return scene_ok(c->sc, e);
}
