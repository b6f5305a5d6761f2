/* layout_onekey.c: the room key set compactly for --one-page, in the manner
 * of the One Page Dungeon format: on the first level printed, the premise
 * and the secret (layout_intro.h) under the key's title; then each entry
 * is one run-in paragraph, its number and title in bold followed by the
 * room's size, exits and contents, with no indent and little space between
 * entries (a sentence about stairs to another level on a line of its own,
 * linked); the notes, the wandering monster table and, where there is
 * room (layout_onepage.c), the adversary roster and the alarm follow. Lines flow
 * from frame to frame as in layout_key.c; a paragraph's first two lines
 * stay together, and a heading stays with what follows it. */
#include "layout/layout.h"

#include "layout/layout_intro.h"
#include "base/sbuf.h"

#include <stdio.h>
#include <string.h>

/* Sets a paragraph into the flow: the first bold_len bytes bold (-1: all).
 * Its first line moves to the next frame together with its second line, or
 * for a one-line paragraph with `keep` points of what follows. *first_top
 * and *first_h give the first line's place. Returns 0 or -1 with e set. */
static int flow_block(struct key_flow *kf, const char *text, double size, int bold_len, double keep,
		      struct colour colour, double *first_top, double *first_h, struct err *e)
{
	struct layout_ctx *c = kf->c;
	struct text_block b;
	if (measure_block(c->ms, &b, text, c->st->font_text, size, bold_len, kf->frame.w, e) < 0)
		return -1;
	for (int i = 0; i < b.nlines; i++) {
		double lh = b.lines[i].height;
		double need = lh;
		if (i == 0)
			need += b.nlines > 1 ? b.lines[1].height : keep;
		if (kf->started && kf->y + need > kf->frame.y + kf->frame.h + 1e-6) {
			if (kf->next_frame(kf, e) < 0) {
				text_block_free(&b);
				return -1;
			}
			kf->y = kf->frame.y;
			kf->started = 0;
		}
		if (i == 0) {
			*first_top = kf->y;
			*first_h = lh;
		}
		measure_emit_line(c->sc, kf->page, &b, i, kf->frame.x, kf->y + (b.lines[i].baseline - b.lines[i].top),
				  colour);
		kf->y += lh;
		kf->started = 1;
	}
	text_block_free(&b);
	return 0;
}

static int is_stairs_line(const char *line)
{
	return strncmp(line, "Stairs up to level ", 19) == 0 || strncmp(line, "Stairs down to level ", 21) == 0;
}

/* One room's paragraph: "12 Guard Room · 20 x 30 ft. North: ... Contents",
 * then each sentence about stairs to another level as its own line, linked
 * to where the stairs lead (as layout_key.c links them). */
static int flow_entry(struct key_flow *kf, const struct key_entry *en, struct sbuf *s, struct err *e)
{
	struct layout_ctx *c = kf->c;
	const struct style *st = c->st;
	sbuf_reset(s);
	sbuf_printf(s, "%d %s", en->number, en->title);
	int bold_len = (int)s->len;
	sbuf_printf(s, " \xc2\xb7 %s.", en->size);
	if (en->exits && en->exits[0])
		sbuf_printf(s, " %s", en->exits);
	for (int i = 0; i < en->nlines; i++)
		if (!is_stairs_line(en->lines[i]))
			sbuf_printf(s, " %s", en->lines[i]);
	if (sbuf_failed(s))
		return err_set(e, "out of memory while laying out the key");
	double top, h;
	if (flow_block(kf, sbuf_cstr(s), st->size_text, bold_len, 0, st->text, &top, &h, e) < 0)
		return -1;
	char name[32];
	snprintf(name, sizeof name, "key-%d-%d", c->m->depth, en->number);
	scene_anchor(c->sc, kf->page, name, kf->frame.x, top);
	snprintf(name, sizeof name, "room-%d-%d", c->m->depth, en->number);
	scene_link(c->sc, kf->page, name, kf->frame.x, top, kf->frame.w, h);
	for (int i = 0; i < en->nlines; i++) {
		if (!is_stairs_line(en->lines[i]))
			continue;
		double col_x = kf->frame.x;
		if (flow_block(kf, en->lines[i], st->size_text, 0, 0, st->text, &top, &h, e) < 0)
			return -1;
		/* not when the line was split over two columns */
		if (kf->frame.x == col_x)
			layout_key_line_link(c, kf->page, en, en->lines[i], kf->frame.x, top, kf->frame.w, h);
	}
	kf->y += st->size_text * 0.3;
	return 0;
}

/* The notes or the wandering monsters: a bold heading kept with its first
 * line, then each line as a paragraph. */
static int flow_list(struct key_flow *kf, const char *head, char *const *lines, int n, double keep, struct err *e)
{
	const struct style *st = kf->c->st;
	double top, h;
	kf->y += st->size_text * 0.3;
	if (flow_block(kf, head, st->size_heading, -1, keep, st->text, &top, &h, e) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (flow_block(kf, lines[i], st->size_text, 0, 0, st->text, &top, &h, e) < 0)
			return -1;
	return 0;
}

int layout_key_compact(struct key_flow *kf, struct err *e)
{
	struct layout_ctx *c = kf->c;
	const struct style *st = c->st;
	const struct key *k = &c->lv->key;
	double lh = st->size_text * 1.25, top, h;
	char title[64];
	if (doc_total_levels(c->d) > 1)
		snprintf(title, sizeof title, "Key to level %d", c->m->depth);
	else
		snprintf(title, sizeof title, "Key");
	if (flow_block(kf, title, st->size_heading * 1.3, -1, lh * 2, st->title, &top, &h, e) < 0)
		return -1;
	kf->y += 2;
	struct sbuf s;
	sbuf_init(&s);
	/* the premise and the secret under its heading, before the rooms */
	if (c->intro && doc_story(c->d)) {
		if (flow_block(kf, doc_story(c->d), st->size_text, 0, lh, st->text, &top, &h, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
		kf->y += st->size_text * 0.5;
	}
	int bold_len = 0, secret = c->intro ? layout_secret_text(c->d, &s, &bold_len) : 0;
	if (secret < 0) {
		sbuf_free(&s);
		return err_set(e, "out of memory while laying out the key");
	}
	if (secret) {
		if (flow_block(kf, sbuf_cstr(&s), st->size_text, bold_len, lh, st->text, &top, &h, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
		kf->y += st->size_text * 0.5;
	}
	for (int i = 0; i < k->n; i++)
		if (flow_entry(kf, &k->entries[i], &s, e) < 0) {
			sbuf_free(&s);
			return -1;
		}
	sbuf_free(&s);
	char **marks;
	int nmarks = map_mark_lines(c->m, &marks, e);
	if (nmarks < 0)
		return -1;
	int rc = nmarks > 0 ? flow_list(kf, "Marks", marks, nmarks, lh, e) : 0;
	map_mark_lines_free(marks, nmarks);
	if (rc < 0)
		return -1;
	if (k->nfooter > 0 && flow_list(kf, "Notes", k->footer, k->nfooter, lh, e) < 0)
		return -1;
	if (k->nwandering > 0) {
		char head[64];
		snprintf(head, sizeof head, "Wandering monsters (%s)", k->wandering_die[0] ? k->wandering_die : "d6");
		if (flow_list(kf, head, k->wandering, k->nwandering, lh, e) < 0)
			return -1;
	}
	if (c->onepage_roster && !c->player && k->nadversaries > 0 &&
	    flow_list(kf, KEY_ADVERSARIES_HEADING, k->adversaries, k->nadversaries, lh, e) < 0)
		return -1;
	if (c->lv == &c->d->levels[c->d->nlevels - 1]) {
		char *para[2];
		int np;
		if (doc_party_paragraphs(c->d, para, &np, e) < 0)
			return -1;
		int flowed = np > 0 ? flow_list(kf, DOC_PARTY_HEADING, para, np, lh, e) : 0;
		for (int i = 0; i < np; i++)
			free(para[i]);
		if (flowed < 0)
			return -1;
	}
	return scene_ok(c->sc, e);
}
