/* booklet.c: the booklet PDF of a document's levels: lays out the cover and
 * every level (the same layout as the sheets), lists the bookmarks (each
 * level, its map and every room), fills in the document info and dates,
 * and has the libharu backend write it all, atomically. */
#include "render.h"

#include "base/atomic.h"
#include "haru/haru_backend.h"
#include "layout/layout.h"
#include "render_int.h"
#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* SOURCE_DATE_EPOCH when set (the reproducible-builds convention), else
 * -1: the booklet carries no date, so that the same command gives the
 * same bytes. */
static int booklet_epoch(long long *out, struct err *e)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	if (!sde || !*sde) {
		*out = -1;
		return 0;
	}
	char *end;
	long long v = strtoll(sde, &end, 10);
	if (*end != '\0' || v < 0 || v > 253402300799LL)
		return err_usage(e, "SOURCE_DATE_EPOCH: '%s' is not a date (seconds since 1970, e.g. 1700000000)", sde);
	*out = v;
	return 0;
}

static const char *cap_word(const char *w, char *buf, size_t size)
{
	snprintf(buf, size, "%s", w ? w : "map");
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
	return buf;
}

/* The cover, then per level: the level (its map page), "Map", and each room
 * of the key (or of the map when the key is left out). */
static struct haru_bookmark *bookmarks(const struct doc *d, int *count, struct err *e)
{
	int n = 1;
	for (int k = 0; k < d->nlevels; k++)
		n += 2 + d->levels[k].key.n;
	struct haru_bookmark *bm = calloc((size_t)n, sizeof *bm);
	if (!bm) {
		err_set(e, "out of memory for the bookmarks");
		return NULL;
	}
	int i = 0;
	snprintf(bm[i].title, sizeof bm[i].title, "Cover");
	bm[i++].page = 0;
	int with_key = !d->sheet.player && !d->sheet.no_key;
	for (int k = 0; k < d->nlevels; k++) {
		const struct level *lv = &d->levels[k];
		int depth = lv->map.depth;
		char meth[32];
		snprintf(bm[i].title, sizeof bm[i].title, "Level %d \xe2\x80\x94 %s, %d rooms", depth,
			 cap_word(lv->map.method, meth, sizeof meth), lv->key.n);
		snprintf(bm[i++].anchor, sizeof bm[0].anchor, "level-%d", depth);
		bm[i].depth = 1;
		snprintf(bm[i].title, sizeof bm[i].title, "Map of level %d", depth);
		snprintf(bm[i++].anchor, sizeof bm[0].anchor, "level-%d", depth);
		for (int r = 0; r < lv->key.n; r++) {
			const struct key_entry *en = &lv->key.entries[r];
			bm[i].depth = 1;
			snprintf(bm[i].title, sizeof bm[i].title, "%d  %s", en->number, en->title);
			snprintf(bm[i++].anchor, sizeof bm[0].anchor, "%s-%d-%d", with_key ? "key" : "room", depth, en->number);
		}
	}
	*count = i;
	return bm;
}

int render_write_booklet(const struct doc *d, const char *path, struct err *e)
{
	if (d->nlevels < 1)
		return err_set(e, "nothing to print: no levels");
	if (strcmp(path, "-") == 0)
		return err_usage(e, "-o -: the booklet is written to a file; name one");
	long long epoch = 0;
	if (booklet_epoch(&epoch, e) < 0)
		return -1;
	struct measure ms;
	if (measure_init(&ms, e) < 0)
		return -1;
	struct style st;
	struct scene sc;
	struct haru_bookmark *bm = NULL;
	struct sbuf subject;
	scene_init(&sc);
	sbuf_init(&subject);
	int nbm = 0, rc = render_load_style(&st, d->sheet.style, d->template_dirs, &ms, e);
	if (rc == 0)
		rc = render_lay_out(d, &st, &ms, 1, &sc, e);
	if (rc == 0 && !(bm = bookmarks(d, &nbm, e)))
		rc = -1;
	if (rc == 0) {
		char title[256];
		layout_cover_title(d, title, sizeof title);
		layout_levels_joined_text(d, &subject);
		sbuf_add(&subject, ":");
		for (int k = 0; k < d->nlevels; k++)
			sbuf_printf(&subject, "%s %s (%d rooms)", k ? "," : "", d->levels[k].map.method ? d->levels[k].map.method : "map",
				    d->levels[k].key.n);
		if (!d->sheet.player)
			sbuf_printf(&subject, "; seed %s", d->seed ? d->seed : "?");
		struct haru_info info = { title, sbuf_cstr(&subject), "mapsheet " MAPSHEET_VERSION, epoch };
		struct atomic_file af;
		if (sbuf_failed(&subject))
			rc = err_set(e, "out of memory for the document info");
		else if ((rc = atomic_open_in(&af, path, d->memory, e)) == 0) {
			rc = haru_backend_write(&sc, bm, nbm, &info, &ms, d->report, af.f, e);
			if (rc == 0) {
				rc = atomic_commit(&af, e);
			} else {
				atomic_blame(&af, 1, e);
				atomic_abort(&af);
			}
		}
	}
	free(bm);
	sbuf_free(&subject);
	scene_free(&sc);
	measure_free(&ms);
	return rc;
}
