/* doc_party.c: the end of a key stocked for a party (doc.h): the party,
 * the fights and treasure of the whole document added up, and the
 * system's credit. */
#include "model/doc.h"

#include "base/plural.h"
#include "base/thousands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int doc_party_paragraphs(const struct doc *d, char *out[2], int *n, struct err *e)
{
	*n = 0;
	const struct key_party *p = d->party;
	if (!p || p->party <= 0 || d->sheet.player)
		return 0;
	long xp = 0, gp = 0;
	int fights = 0;
	for (int l = 0; l < d->nlevels; l++)
		for (int i = 0; i < d->levels[l].key.n; i++) {
			const struct key_entry *en = &d->levels[l].key.entries[i];
			if (en->encounter.difficulty[0]) {
				fights++;
				xp += en->encounter.xp;
			}
			gp += en->treasure_gp;
		}
	char deeper[96] = "", a[32], b[32], text[512];
	if (p->deeper == 1 && doc_total_levels(d) > 1)
		snprintf(deeper, sizeof deeper, ", a level higher on each level down");
	else if (p->deeper > 1 && doc_total_levels(d) > 1)
		snprintf(deeper, sizeof deeper, ", %d levels higher on each level down", p->deeper);
	snprintf(text, sizeof text,
		 "Stocked with the %s system for %d character%s of level %d%s: %d fight%s worth %s XP in all, and "
		 "treasure worth %s gp.",
		 p->system, p->party, plural_s(p->party), p->level, deeper, fights, plural_s(fights),
		 thousands(xp, a, sizeof a), thousands(gp, b, sizeof b));
	if (!(out[0] = strdup(text)))
		return err_set(e, "out of memory writing the key");
	*n = 1;
	if (p->credit && p->credit[0]) {
		if (!(out[1] = strdup(p->credit))) {
			free(out[0]);
			*n = 0;
			return err_set(e, "out of memory writing the key");
		}
		*n = 2;
	}
	return 0;
}
