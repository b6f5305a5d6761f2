/* haru_text.c: text runs in the booklet. libharu does not kern, so a run
 * is shown in parts: a new part starts wherever Pango (and so the Cairo
 * backend) places a character more than 0.01 pt from where the font's own
 * advances (haru_font.c) would put it, which is where Pango kerns. All
 * parts of a run go in one text object, each moved from the one before;
 * the font, size and colour are set only when they change (the page's
 * pen, haru_pen.c). */
#include "haru/haru_text.h"

#include "haru/haru_font.h"
#include "haru/haru_pen.h"
#include "text/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Where the text line stands in the open text object: each Td moves it
 * by what is written, and the next part is placed from there. */
struct bt_line {
	double x, y;
};

/* Shows text[from..to) with its baseline's left end at (x, y) (PDF space). */
static void show_part(HPDF_Page pg, struct bt_line *line, const char *text, size_t from, size_t to, double x,
		      double y, char *buf)
{
	memcpy(buf, text + from, to - from);
	buf[to - from] = '\0';
	HPDF_REAL dx = (HPDF_REAL)(x - line->x), dy = (HPDF_REAL)(y - line->y);
	HPDF_Page_MoveTextPos(pg, dx, dy);
	line->x += dx;
	line->y += dy;
	HPDF_Page_ShowText(pg, buf);
}

int haru_draw_text(struct haru *h, HPDF_Page pg, const struct scene_page *p, const struct scene_item *it)
{
	size_t len = strlen(it->text);
	if (len == 0)
		return 0;
	const struct haru_font *f = haru_font_get(h, it->family, it->bold, it->italic);
	if (!f)
		return -1;
	size_t *starts = malloc((len + 1) * sizeof *starts);
	double *xs = malloc((len + 1) * sizeof *xs);
	char *buf = malloc(len + 1);
	int n = starts && xs && buf
			? measure_item_clusters(h->ms, it, starts, xs, (int)len)
			: -1;
	if (n < 1) {
		free(starts);
		free(xs);
		free(buf);
		return err_set(h->e, "cannot place the glyphs of '%s'", it->text);
	}
	starts[n] = len;
	/* the colour, font and size outlive BT/ET in the graphics state */
	haru_fill_colour(h, pg, &it->colour);
	HPDF_Page_BeginText(pg);
	if (h->pen.font != f || h->pen.size != it->size) {
		HPDF_Page_SetFontAndSize(pg, f->font, (HPDF_REAL)it->size);
		h->pen.font = f;
		h->pen.size = it->size;
	}
	struct bt_line line = { 0, 0 };
	double y = p->h - it->y, part_x = it->x + xs[0], plain_x = part_x;
	size_t part = starts[0];
	for (int i = 0; i < n; i++) {
		if (i > 0 && fabs(it->x + xs[i] - plain_x) > 0.01) {
			show_part(pg, &line, it->text, part, starts[i], part_x, y, buf);
			part = starts[i];
			part_x = plain_x = it->x + xs[i];
		}
		plain_x += haru_font_advance(f, it->text + starts[i], starts[i + 1] - starts[i]) * it->size / 1000.0;
	}
	show_part(pg, &line, it->text, part, len, part_x, y, buf);
	HPDF_Page_EndText(pg);
	free(starts);
	free(xs);
	free(buf);
	return haru_check(h, 0, "setting text");
}
