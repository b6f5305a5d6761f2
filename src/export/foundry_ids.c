/* foundry_ids.c: the names of a Foundry VTT module and its documents
 * (foundry_int.h): every id drawn from a hash of the module's content
 * (tabletop.h), so the same command gives the same ids and two modules
 * that differ in anything never share one, and each document's from what it
 * is ("the wall 12 of level 2"), so one change to a level leaves the other
 * documents' ids as they were. */
#include "export/foundry_int.h"

#include "base/rng.h"
#include "base/sbuf.h"
#include "export/tabletop.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* the stream every id is drawn from, apart from the maps' and keys' */
#define FOUNDRY_ID_STREAM 0x466f756e64727931ULL

void foundry_title(const struct doc *d, char *out, size_t size)
{
	if (d->sheet.title) {
		snprintf(out, size, "%s", d->sheet.title);
		return;
	}
	if (d->site) {
		snprintf(out, size, "%s%s", d->site, d->sheet.player ? " (players' map)" : "");
		return;
	}
	const char *meth = d->nlevels > 0 && d->levels[0].map.method ? d->levels[0].map.method : "dungeon";
	snprintf(out, size, "%c%s map%s", toupper((unsigned char)meth[0]), meth + 1,
		 d->sheet.player ? " (players' map)" : "");
}

void foundry_ids_init(struct foundry_ids *ids, const struct doc *d)
{
	/* everything the module holds: another option that changes a word or a
	 * square gives another module, which installs beside this one */
	ids->base = tabletop_content_hash(d) ^ rng_hash_text("foundry");
}

void foundry_id(const struct foundry_ids *ids, char *out, const char *what, int a, int b)
{
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	char name[96];
	snprintf(name, sizeof name, "%s:%d:%d", what, a, b);
	struct rng r;
	rng_seed(&r, ids->base ^ rng_hash_text(name), FOUNDRY_ID_STREAM);
	for (int i = 0; i < FOUNDRY_ID_SIZE - 1; i++)
		out[i] = alphabet[rng_range(&r, 0, (int)sizeof alphabet - 2)];
	out[FOUNDRY_ID_SIZE - 1] = '\0';
}

void foundry_module_id(const struct doc *d, const struct foundry_ids *ids, char *out, size_t size)
{
	char title[300], slug[48];
	/* the site's own name, not the players' mark: "-players" says that */
	if (d->sheet.title || !d->site) {
		foundry_title(d, title, sizeof title);
	} else {
		snprintf(title, sizeof title, "%s", d->site);
	}
	size_t n = 0;
	int dash = 0;
	for (const unsigned char *p = (const unsigned char *)title; *p && n < sizeof slug - 1; p++) {
		if (isalnum(*p) && *p < 0x80) {
			if (dash && n > 0 && n < sizeof slug - 2)
				slug[n++] = '-';
			slug[n++] = (char)tolower(*p);
			dash = 0;
		} else if (*p == '(') {
			break;
		} else {
			dash = 1;
		}
	}
	slug[n] = '\0';
	char tag[FOUNDRY_ID_SIZE];
	foundry_id(ids, tag, "module", 0, 0);
	for (char *p = tag; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	snprintf(out, size, "mapsheet-%s%s%.6s%s", slug, n ? "-" : "", tag, d->sheet.player ? "-players" : "");
}

int foundry_level_of_depth(const struct doc *d, int depth)
{
	for (int k = 0; k < d->nlevels; k++)
		if (d->levels[k].map.depth == depth)
			return k;
	return -1;
}

void foundry_level_name(const struct doc *d, int li, char *out, size_t size)
{
	char title[300];
	foundry_title(d, title, sizeof title);
	if (doc_total_levels(d) > 1)
		snprintf(out, size, "%s, level %d", title, d->levels[li].map.depth);
	else
		snprintf(out, size, "%s", title);
}

void foundry_stats_json(struct sbuf *s)
{
	/* no times: the same command gives the same documents */
	sbuf_add(s, "\"_stats\": {\"coreVersion\": \"" FOUNDRY_CORE_VERSION "\", \"systemId\": null, "
		    "\"systemVersion\": null, \"createdTime\": null, \"modifiedTime\": null, \"lastModifiedBy\": null, "
		    "\"compendiumSource\": null, \"duplicateSource\": null}");
}
