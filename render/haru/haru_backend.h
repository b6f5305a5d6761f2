/* haru_backend.h: draws scene pages into one PDF with libharu, the
 * booklet's backend. Like the Cairo backend it makes no layout decision:
 * it paints each page's items in order (fills, strokes, hatches, text runs
 * at the widths layout measured), and turns the scene's anchors and links
 * into PDF destinations and link annotations. It adds what only a booklet
 * has: the outline (bookmarks), page labels and the document info. */
#ifndef MAPSHEET_HARU_BACKEND_H
#define MAPSHEET_HARU_BACKEND_H

#include "base/err.h"
#include "text/measure.h"
#include "base/report.h"
#include "scene.h"

#include <stdio.h>

/* One outline entry. depth 0 entries are top level; a depth 1 entry goes
 * under the depth 0 entry before it. It opens the anchor named `anchor`
 * (NULL: the top of page `page`, 0-based). */
struct haru_bookmark {
	int depth;
	char title[128];            /* UTF-8 */
	char anchor[32];            /* "" for none */
	int page;
};

struct haru_info {
	const char *title, *subject, *creator;  /* UTF-8 */
	long long epoch;            /* creation and modification date, seconds since 1970 (UTC); -1: none */
};

/* Writes every page of sc, the outline and the info to out. Text uses the
 * fonts fontconfig gives for each run's family, weight and slant, embedded
 * as TrueType with UTF-8 encoding; ms places the glyphs within each run as
 * Pango does (kerning). Each page is a step of rep (report_step: the
 * progress line, the server's deadline). Returns 0, or -1 with e set (a
 * libharu error with its code, a font that cannot be found or embedded, a
 * failed write, the deadline passed). */
int haru_backend_write(const struct scene *sc, const struct haru_bookmark *bm, int nbm, const struct haru_info *info,
		       struct measure *ms, struct report *rep, FILE *out, struct err *e);

#endif
