/* layout_key.c: the room key set in columns. On the first level printed
 * the premise and the secret (layout_intro.h) follow the key's title. Each
 * entry is a bold heading (number and title) with the room's size, then
 * its exits and further paragraphs (stairs, keys, contents), indented; the
 * key's notes and the wandering monster table follow. The key is measured
 * once, at the column width, into lines grouped in units (an entry with
 * its heading, the notes, the table; the premise and secret, which may
 * run on); a unit that fits a column is never split, and one longer than
 * a column ends a column only where at least a heading and two lines stay
 * at the foot and two lines go to the head of the next. A heading that wraps hangs under its title. Flowing the
 * lines into the column frames a caller gives is cheap, so callers try
 * several fits (tighter leading and spacing, shorter columns) before they
 * emit one. */
#include "layout/layout.h"

#include "layout/layout_intro.h"
#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INDENT 9.0
#define KEEP_HEAD_BODY 2        /* body lines kept under a heading */
#define KEEP_TAIL 2             /* lines of a unit carried to a column's head */
#define KEY_PAGE_FRAMES_MAX 16  /* columns on one page, at most, looked over */

enum line_role { LINE_PLAIN, LINE_HEADING, LINE_STAIRS };

struct key_line {
	int block, li;          /* kt->blocks[block], its line li */
	double h, indent, pre;  /* height, indent, space before (not at a column's head) */
	struct colour colour;
	enum line_role role;
	const struct key_entry *en;
	const char *para;       /* the paragraph's text (stairs links) */
	int para_last;          /* index of the paragraph's last line */
	/* placed by the last flow */
	int frame;
	double x, y, w;
};

struct key_unit {
	int first, n;
	int min_head;           /* lines to keep together at its start (when
				 * split) */
	int whole;              /* never split when a column holds it (the
				 * premise and secret may be) */
};

struct key_text {
	struct layout_ctx *c;   /* the context measuring it, while it is built */
	double width;
	struct text_block *blocks;
	int nblocks, blocks_cap;
	struct key_line *lines;
	int nlines, lines_cap;
	struct key_unit *units;
	int nunits, units_cap;
	int frames_used;
	struct sbuf secret;     /* the secret's paragraph, set before the rooms */
};

static int grow(void **p, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return 0;
	int n = *cap ? *cap * 2 : 32;
	while (n < need)
		n *= 2;
	void *q = realloc(*p, (size_t)n * size);
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

/* Measures a paragraph and appends its lines to the unit being built;
 * its lines after the first hang `hang` points further in. Returns the
 * number of lines, or -1 with e set. */
static int add_hung(struct key_text *kt, const char *text, double size, int bold_len, double indent, double hang,
		    double pre, struct colour colour, enum line_role role, const struct key_entry *en, struct err *e)
{
	struct layout_ctx *c = kt->c;
	if (grow((void **)&kt->blocks, &kt->blocks_cap, kt->nblocks + 1, sizeof *kt->blocks) < 0)
		return err_set(e, "out of memory while laying out the key");
	struct text_block *b = &kt->blocks[kt->nblocks];
	if (measure_block(c->ms, b, text, c->st->font_text, size, bold_len, kt->width - indent - hang, e) < 0)
		return -1;
	kt->nblocks++;
	if (grow((void **)&kt->lines, &kt->lines_cap, kt->nlines + b->nlines, sizeof *kt->lines) < 0)
		return err_set(e, "out of memory while laying out the key");
	int first = kt->nlines;
	for (int i = 0; i < b->nlines; i++) {
		struct key_line *l = &kt->lines[kt->nlines++];
		memset(l, 0, sizeof *l);
		l->block = kt->nblocks - 1;
		l->li = i;
		l->h = b->lines[i].height;
		l->indent = i == 0 ? indent : indent + hang;
		l->pre = i == 0 ? pre : 0;
		l->colour = colour;
		l->role = i == 0 ? role : LINE_PLAIN;
		l->en = en;
		l->para = text;
		l->para_last = first + b->nlines - 1;
	}
	return b->nlines;
}

static int add_para(struct key_text *kt, const char *text, double size, int bold_len, double indent, double pre,
		    struct colour colour, enum line_role role, const struct key_entry *en, struct err *e)
{
	return add_hung(kt, text, size, bold_len, indent, 0, pre, colour, role, en, e);
}

/* Starts a unit at the next line (a title before the first unit joins it). */
static int open_unit(struct key_text *kt, int first, struct err *e)
{
	if (grow((void **)&kt->units, &kt->units_cap, kt->nunits + 1, sizeof *kt->units) < 0)
		return err_set(e, "out of memory while laying out the key");
	kt->units[kt->nunits++] = (struct key_unit){ first, 0, 0, 1 };
	return 0;
}

static void close_unit(struct key_text *kt, int head_lines)
{
	struct key_unit *u = &kt->units[kt->nunits - 1];
	u->n = kt->nlines - u->first;
	u->min_head = head_lines + KEEP_HEAD_BODY;
}

static int add_entry(struct key_text *kt, const struct key_entry *en, int first, int title_lines, double pre,
		     struct err *e)
{
	const struct style *st = kt->c->st;
	char head[160];
	int n = snprintf(head, sizeof head, "%d  %s", en->number, en->title);
	int bold_len = n < (int)sizeof head ? n : (int)sizeof head - 1;
	snprintf(head + bold_len, sizeof head - (size_t)bold_len, "  \xc2\xb7  %s", en->size);
	if (open_unit(kt, first, e) < 0)
		return -1;
	/* a heading that wraps hangs under the title, clear of the number */
	char num[24];
	snprintf(num, sizeof num, "%d  M", en->number);
	double hang = measure_width(kt->c->ms, num, st->font_text, st->size_heading, 1) -
		      measure_width(kt->c->ms, "M", st->font_text, st->size_heading, 1);
	if (hang < 0 || hang > kt->width / 3)
		hang = 0;
	int hl = add_hung(kt, head, st->size_heading, bold_len, 0, hang, pre, st->text, LINE_HEADING, en, e);
	if (hl < 0)
		return -1;
	if (en->exits && en->exits[0] &&
	    add_para(kt, en->exits, st->size_text, 0, INDENT, 0, st->text, LINE_PLAIN, en, e) < 0)
		return -1;
	for (int i = 0; i < en->nlines; i++)
		if (add_para(kt, en->lines[i], st->size_text, 0, INDENT, 0, st->text, LINE_STAIRS, en, e) < 0)
			return -1;
	close_unit(kt, title_lines + hl);
	return 0;
}

/* A heading and its paragraphs as one unit (the notes, the table). */
static int add_list(struct key_text *kt, const char *head, char **items, int n, int first, int title_lines,
		    double pre, struct err *e)
{
	const struct style *st = kt->c->st;
	if (open_unit(kt, first, e) < 0)
		return -1;
	int hl = add_para(kt, head, st->size_heading, -1, 0, pre, st->text, LINE_PLAIN, NULL, e);
	if (hl < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (add_para(kt, items[i], st->size_text, 0, INDENT, 0, st->text, LINE_PLAIN, NULL, e) < 0)
			return -1;
	close_unit(kt, title_lines + hl);
	return 0;
}

void key_text_free(struct key_text *kt)
{
	if (!kt)
		return;
	for (int i = 0; i < kt->nblocks; i++)
		text_block_free(&kt->blocks[i]);
	free(kt->blocks);
	free(kt->lines);
	free(kt->units);
	sbuf_free(&kt->secret);
	free(kt);
}

static int build(struct key_text *kt, struct err *e)
{
	struct layout_ctx *c = kt->c;
	const struct style *st = c->st;
	const struct key *k = &c->lv->key;
	char title[64];
	if (doc_total_levels(c->d) > 1)
		snprintf(title, sizeof title, "Key to level %d", c->m->depth);
	else
		snprintf(title, sizeof title, "Key");
	/* the title joins the premise, or else the first entry (or stands
	 * alone in a key of nothing) */
	int tl = add_para(kt, title, st->size_heading * 1.3, -1, 0, 0, st->title, LINE_PLAIN, NULL, e);
	if (tl < 0)
		return -1;
	double pre = 3, gap = st->size_text * 0.55;
	/* the document's introduction under the first level's title: the
	 * premise, and the secret under its heading (not on a players' copy) */
	if (c->intro && doc_story(c->d)) {
		int sl = add_para(kt, doc_story(c->d), st->size_text, 0, 0, 2, st->text, LINE_PLAIN, NULL, e);
		if (sl < 0)
			return -1;
		tl += sl;
		pre = gap * 2;
	}
	int bold_len = 0, secret = c->intro ? layout_secret_text(c->d, &kt->secret, &bold_len) : 0;
	if (secret < 0)
		return err_set(e, "out of memory while laying out the key");
	if (secret) {
		int sl = add_para(kt, sbuf_cstr(&kt->secret), st->size_text, bold_len, 0, tl > 1 ? gap : 2, st->text,
				  LINE_PLAIN, NULL, e);
		if (sl < 0)
			return -1;
		tl += sl;
		pre = gap * 2;
	}
	int first = 0, title_lines = tl;
	if (tl > 1) {
		/* the premise and secret, prose that may run on into the next
		 * column, a unit of its own under the title */
		if (open_unit(kt, 0, e) < 0)
			return -1;
		close_unit(kt, 1);
		kt->units[kt->nunits - 1].whole = 0;
		first = kt->nlines, title_lines = 0;
	}
	for (int i = 0; i < k->n; i++) {
		if (add_entry(kt, &k->entries[i], first, title_lines, pre, e) < 0)
			return -1;
		first = kt->nlines, title_lines = 0, pre = gap;
	}
	char **marks;
	int nmarks = map_mark_lines(c->m, &marks, e);
	if (nmarks < 0)
		return -1;
	if (nmarks > 0) {
		int rc = add_list(kt, "Marks", marks, nmarks, first, title_lines, pre, e);
		map_mark_lines_free(marks, nmarks);
		if (rc < 0)
			return -1;
		first = kt->nlines, title_lines = 0, pre = gap;
	}
	if (k->nfooter > 0) {
		if (add_list(kt, "Notes", k->footer, k->nfooter, first, title_lines, pre, e) < 0)
			return -1;
		first = kt->nlines, title_lines = 0, pre = gap;
	}
	if (k->nwandering > 0) {
		char head[64];
		snprintf(head, sizeof head, "Wandering monsters (%s)", k->wandering_die[0] ? k->wandering_die : "d6");
		if (add_list(kt, head, k->wandering, k->nwandering, first, title_lines, pre, e) < 0)
			return -1;
		first = kt->nlines, title_lines = 0, pre = gap;
	}
	if (k->nadversaries > 0) {
		if (add_list(kt, KEY_ADVERSARIES_HEADING, k->adversaries, k->nadversaries, first, title_lines, pre, e) < 0)
			return -1;
		first = kt->nlines, title_lines = 0, pre = gap;
	}
	if (c->lv == &c->d->levels[c->d->nlevels - 1]) {
		/* the end of the whole key: the party it was stocked for */
		char *para[2];
		int np;
		if (doc_party_paragraphs(c->d, para, &np, e) < 0)
			return -1;
		int rc = np > 0 ? add_list(kt, DOC_PARTY_HEADING, para, np, first, title_lines, pre, e) : 0;
		for (int i = 0; i < np; i++)
			free(para[i]);
		if (rc < 0)
			return -1;
		if (np > 0)
			first = kt->nlines, title_lines = 0;
	}
	if (first < kt->nlines) {
		if (open_unit(kt, first, e) < 0)
			return -1;
		close_unit(kt, title_lines);
	}
	return 0;
}

int key_text_build(struct key_text **out, struct layout_ctx *c, double width, struct err *e)
{
	struct key_text *kt = calloc(1, sizeof *kt);
	if (!kt)
		return err_set(e, "out of memory while laying out the key");
	kt->c = c;
	kt->width = width;
	sbuf_init(&kt->secret);
	if (build(kt, e) < 0) {
		key_text_free(kt);
		return -1;
	}
	kt->c = NULL;
	*out = kt;
	return 0;
}

/* The flow's position: the frame in use and the next free y in it. */
struct cursor {
	const struct key_frames *fr;
	int frame;
	struct rect_pt r;
	double full_h;          /* the frame's height before any cap */
	double y;
	int started;
};

static int next_frame(struct cursor *cu)
{
	if (cu->fr->frame(cu->fr->arg, cu->frame + 1, &cu->r, &cu->full_h) < 0)
		return -1;
	cu->frame++;
	cu->y = cu->r.y;
	cu->started = 0;
	return 0;
}

static void place(struct key_text *kt, struct cursor *cu, int i, const struct key_fit *fit)
{
	struct key_line *l = &kt->lines[i];
	if (cu->started)
		cu->y += l->pre * fit->space;
	l->frame = cu->frame;
	l->x = cu->r.x;
	l->w = cu->r.w;
	l->y = cu->y;
	cu->y += l->h * fit->lead;
	cu->started = 1;
}

/* Lines from..to-1 that fit below the cursor. */
static int lines_fitting(const struct key_text *kt, const struct cursor *cu, int from, int to,
			 const struct key_fit *fit)
{
	double y = cu->y;
	int n = 0;
	for (int i = from; i < to; i++) {
		y += (cu->started || i > from ? kt->lines[i].pre * fit->space : 0) + kt->lines[i].h * fit->lead;
		if (y > cu->r.y + cu->r.h + 1e-6)
			break;
		n++;
	}
	return n;
}

static double unit_height(const struct key_text *kt, const struct key_unit *u, const struct key_fit *fit)
{
	double h = 0;
	for (int i = u->first; i < u->first + u->n; i++)
		h += (i > u->first ? kt->lines[i].pre * fit->space : 0) + kt->lines[i].h * fit->lead;
	return h;
}

/* Whether unit un, not yet begun at the cursor, cannot end on the
 * cursor's page (its room there: what is left of this column and the
 * columns after it on the page, less a line each for the breaks) but a
 * column of the next page holds it whole: 1 and *next, that column. */
static int over_the_page(const struct key_text *kt, const struct cursor *cu, const struct key_unit *un,
			 double whole_h, const struct key_fit *fit, int *next)
{
	const struct key_frames *fr = cu->fr;
	if (!fr->page)
		return 0;
	int here = fr->page(fr->arg, cu->frame);
	double line = 0;
	for (int i = un->first; i < un->first + un->n; i++)
		line = kt->lines[i].h * fit->lead > line ? kt->lines[i].h * fit->lead : line;
	double room = cu->r.y + cu->r.h - cu->y;
	for (int k = cu->frame + 1; k <= cu->frame + KEY_PAGE_FRAMES_MAX; k++) {
		struct rect_pt r;
		double full;
		if (fr->frame(fr->arg, k, &r, &full) < 0)
			return 0;
		if (fr->page(fr->arg, k) != here) {
			*next = k;
			return whole_h > room && whole_h <= full + 1e-6;
		}
		room += r.h - line;
	}
	return 0;
}

/* The flow from unit u0's line i0 at the head of frame frame0 (0, its
 * first line, 0: the whole key), taking *mark when not NULL. */
static int flow_from(struct key_text *kt, const struct key_frames *fr, struct key_fit fit, int u0, int i0,
		     int frame0, struct key_flow_mark *mark)
{
	struct cursor cu = { fr, frame0 - 1, { 0, 0, 0, 0 }, 0, 0, 0 };
	if (next_frame(&cu) < 0)
		return -1;
	for (int u = u0; u < kt->nunits; u++) {
		const struct key_unit *un = &kt->units[u];
		int i = u == u0 && i0 > 0 ? i0 : un->first, end = un->first + un->n;
		double whole_h = unit_height(kt, un, &fit);
		while (i < end) {
			/* (the cursor stands at a frame's head whenever it has just
			 * come to a frame) */
			if (mark && !mark->taken && cu.frame >= mark->frame) {
				*mark = (struct key_flow_mark){ mark->frame, 1, u, i, cu.frame };
			}
			int fit_n = lines_fitting(kt, &cu, i, end, &fit);
			if (fit_n == end - i) {
				while (i < end)
					place(kt, &cu, i++, &fit);
				break;
			}
			/* a unit that would run over onto the next page, which a
			 * column there holds, starts there */
			int next = -1;
			if (un->whole && i == un->first && over_the_page(kt, &cu, un, whole_h, &fit, &next)) {
				while (cu.frame < next)
					if (next_frame(&cu) < 0)
						return -1;
				continue;
			}
			/* it does not all fit: a unit not yet begun that this column
			 * or the next holds (a key page's, after a short one by the
			 * map) moves whole; a longer one is split */
			struct rect_pt nr;
			double next_h = 0;
			if (fr->frame(fr->arg, cu.frame + 1, &nr, &next_h) < 0)
				next_h = 0;
			int keep_whole = un->whole && i == un->first && whole_h <= (next_h > cu.full_h ? next_h : cu.full_h) + 1e-6;
			int k = fit_n < end - i - KEEP_TAIL ? fit_n : end - i - KEEP_TAIL;
			int least = i == un->first ? un->min_head : KEEP_TAIL;
			if (!keep_whole && k >= least && k >= 1) {
				for (int j = 0; j < k; j++)
					place(kt, &cu, i++, &fit);
			} else if (!cu.started && cu.r.h >= cu.full_h - 1e-6 && !keep_whole) {
				/* nothing placed in this frame yet and no good break: what
				 * fits (a shortened frame is left for the next instead,
				 * and a short one when the next takes the unit whole) */
				k = fit_n > 0 ? fit_n : 1;
				for (int j = 0; j < k; j++)
					place(kt, &cu, i++, &fit);
			}
			if (next_frame(&cu) < 0)
				return -1;
		}
	}
	kt->frames_used = cu.started ? cu.frame + 1 : cu.frame;
	if (kt->frames_used < 1)
		kt->frames_used = 1;
	return kt->frames_used;
}

int key_text_flow(struct key_text *kt, const struct key_frames *fr, struct key_fit fit)
{
	return flow_from(kt, fr, fit, 0, 0, 0, NULL);
}

int key_text_flow_mark(struct key_text *kt, const struct key_frames *fr, struct key_fit fit,
		       struct key_flow_mark *mark)
{
	mark->taken = 0;
	return flow_from(kt, fr, fit, 0, 0, 0, mark);
}

int key_text_flow_resume(struct key_text *kt, const struct key_frames *fr, struct key_fit fit,
			 const struct key_flow_mark *mark)
{
	if (!mark->taken)
		return flow_from(kt, fr, fit, 0, 0, 0, NULL);
	return flow_from(kt, fr, fit, mark->unit, mark->line, mark->at, NULL);
}

int key_text_lines_in(const struct key_text *kt, int f0, int f1)
{
	int n = 0;
	for (int i = 0; i < kt->nlines; i++)
		n += kt->lines[i].frame >= f0 && kt->lines[i].frame < f1;
	return n;
}

void key_text_emit(struct key_text *kt, struct layout_ctx *c, const struct key_fit *fit,
		   struct scene_page *(*page_of)(void *arg, int frame), void *arg)
{
	for (int i = 0; i < kt->nlines; i++) {
		struct key_line *l = &kt->lines[i];
		struct text_block *b = &kt->blocks[l->block];
		struct scene_page *p = page_of(arg, l->frame);
		const struct text_line *tl = &b->lines[l->li];
		double shift = l->h * (1 - fit->lead) / 2;
		measure_emit_line(c->sc, p, b, l->li, l->x + l->indent, l->y + (tl->baseline - tl->top) - shift, l->colour);
		double top = l->y, h = l->h * fit->lead;
		if (l->role == LINE_HEADING) {
			char name[32];
			snprintf(name, sizeof name, "key-%d-%d", c->m->depth, l->en->number);
			scene_anchor(c->sc, p, name, l->x, top);
			snprintf(name, sizeof name, "room-%d-%d", c->m->depth, l->en->number);
			scene_link(c->sc, p, name, l->x, top, l->w, h);
		} else if (l->role == LINE_STAIRS && kt->lines[l->para_last].frame == l->frame) {
			/* stairs sentences link where they lead (not when split over columns) */
			layout_key_line_link(c, p, l->en, l->para, l->x + INDENT, top, l->w - INDENT, h);
		}
	}
}
